------------------------- MODULE MCBugWriteStaysOnBlank -------------------------
(***************************************************************************)
(* PLANTED BUG (MCBugWriteStaysOnBlank.cfg replaces DeferFirstWrite with   *)
(* DeferFirstWriteStaysOnBlank): the first write through an object on the  *)
(* module's shared empty index gives it a raw list of its own but leaves   *)
(* it counted on the empty index, as a Headers that kept the EMPTY_INDEX   *)
(* reference beside its raw list would. Must violate BlankIsSharedAndEmpty.*)
(***************************************************************************)
EXTENDS MCHeadersImpl

DeferFirstWriteStaysOnBlank(o, ln, v) ==
  /\ peers' = Leave(o)
  /\ store' = [store EXCEPT ![o] = [raw |-> <<<<ln, v>>>>, index |-> EmptyIndex, mat |-> FALSE]]
  \* the bug: o is not taken off the empty index's objects
  /\ UNCHANGED blank
  /\ shared' = [shared EXCEPT ![o] = FALSE]
  /\ UNCHANGED spaced
  /\ DropView(o)
=============================================================================
