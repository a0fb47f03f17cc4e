---------------------------- MODULE MCHeadersImpl ----------------------------
(***************************************************************************)
(* TLC scaffolding for HeadersImpl (constants in MCConstants).             *)
(***************************************************************************)
EXTENDS HeadersImpl, MCConstants

(* State constraint of the copy-on-write models: objects are not frozen.   *)
(* Detaching does not depend on the guard, and freezing under every guard  *)
(* is checked by MCHeadersImpl.cfg; leaving it out here keeps the shared   *)
(* model within the CI budget.  The nightly model has no constraint.       *)
NoFrozenObject == \A o \in Objects : guard[o] # "immutable"
=============================================================================
