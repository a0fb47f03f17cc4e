------------------------- MODULE MCBugReadClearsSharedFlag -------------------------
(***************************************************************************)
(* PLANTED BUG (MCBugReadClearsSharedFlag.cfg replaces Read with           *)
(* ReadClearsSharedFlag): every read clears the copy-on-write flag, not    *)
(* only the materialization of a raw list, so an object still sharing its *)
(* index would write it in place. Must violate SharedFlagCoversSharing.    *)
(***************************************************************************)
EXTENDS MCHeadersImpl

ReadClearsSharedFlag(o) ==
  IF store[o].mat
  \* the bug: the flag is cleared although the index may still be shared
  THEN /\ shared' = [shared EXCEPT ![o] = FALSE]
       /\ UNCHANGED <<store, spaced>>
  ELSE /\ store' = [store EXCEPT ![o] = StoreOf(IndexOf(o))]
       /\ shared' = [shared EXCEPT ![o] = FALSE]
       /\ spaced' = [spaced EXCEPT ![o] = RawSpaces(EmptyIndex, store[o].raw)]
=============================================================================
