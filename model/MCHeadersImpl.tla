---------------------------- MODULE MCHeadersImpl ----------------------------
(***************************************************************************)
(* TLC scaffolding for HeadersImpl (constants in MCConstants).             *)
(***************************************************************************)
EXTENDS HeadersImpl, MCConstants

(* Objects and iterators are interchangeable (nothing orders them): the   *)
(* models' SYMMETRY.  Names and values are never permuted: sort-and-       *)
(* combine orders names, and values differ in length.                     *)
ObjectsAndIterators == Permutations(Objects) \cup Permutations(Iterators)
=============================================================================
