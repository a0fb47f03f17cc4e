------------------------- MODULE MCBugDetachOnlyUnderNone -------------------------
(***************************************************************************)
(* PLANTED BUG (MCBugDetachOnlyUnderNone.cfg replaces WriteStorage with    *)
(* WriteStorageDetachOnlyUnderNone): a write through an object under a     *)
(* guard other than none does not detach shared storage. Must violate      *)
(* SharersSeeNoForeignWrite; it needs copies under guards request or       *)
(* response (MCHeadersImplShared's guards).                                *)
(***************************************************************************)
EXTENDS MCHeadersImpl

WriteStorageDetachOnlyUnderNone(o, ix, sp) ==
  \* the bug: a shared storage is detached only under guard none
  /\ IF shared[o] /\ guard[o] = "none"
     THEN /\ peers' = Leave(o)
          /\ store' = [store EXCEPT ![o] = StoreOf(ix)]
          /\ blank' = blank \ {o}
     ELSE /\ store' = [x \in Objects |-> IF x \in peers[o] THEN StoreOf(ix) ELSE store[x]]
          /\ UNCHANGED <<peers, blank>>
  /\ shared' = [shared EXCEPT ![o] = FALSE]
  /\ spaced' = [spaced EXCEPT ![o] = @ \/ (~store[o].mat /\ RawSpaces(EmptyIndex, store[o].raw)) \/ sp]
=============================================================================
