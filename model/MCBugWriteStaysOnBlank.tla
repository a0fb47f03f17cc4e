------------------------- MODULE MCBugWriteStaysOnBlank -------------------------
(***************************************************************************)
(* PLANTED BUG (MCBugWriteStaysOnBlank.cfg replaces WriteStorage with      *)
(* WriteStorageStaysOnBlank): a write through an object on the module's    *)
(* shared empty index detaches it to an index of its own but leaves it     *)
(* counted on the empty index, as a Headers that kept writing through the  *)
(* EMPTY_INDEX reference would. Must violate BlankIsSharedAndEmpty.        *)
(***************************************************************************)
EXTENDS MCHeadersImpl

WriteStorageStaysOnBlank(o, ix, sp) ==
  /\ IF shared[o]
     THEN /\ peers' = Leave(o)
          /\ store' = [store EXCEPT ![o] = StoreOf(ix)]
          \* the bug: o is not taken off the empty index's objects
          /\ UNCHANGED blank
     ELSE /\ store' = [x \in Objects |-> IF x \in peers[o] THEN StoreOf(ix) ELSE store[x]]
          /\ UNCHANGED <<peers, blank>>
  /\ shared' = [shared EXCEPT ![o] = FALSE]
  /\ spaced' = [spaced EXCEPT ![o] = @ \/ (~store[o].mat /\ RawSpaces(EmptyIndex, store[o].raw)) \/ sp]
=============================================================================
