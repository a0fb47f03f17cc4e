---------------------------- MODULE MCSymmetry ----------------------------
(***************************************************************************)
(* The renamings a symmetric VIEW ranges over (MCHeaders' and              *)
(* MCHeadersImpl's SymmetricView).  Objects and iterators are              *)
(* interchangeable: nothing orders them.  Names and values are never       *)
(* permuted: sort-and-combine orders names, and values differ in length.   *)
(* (TLC's own SYMMETRY picks a representative by comparing whole states,   *)
(* call and the history variable included, which the VIEW drops; with a    *)
(* VIEW that made the distinct state count depend on which state of a      *)
(* class TLC reached first.)                                               *)
(***************************************************************************)
EXTENDS HeaderLists, TLC

(* Every renaming of the objects with its inverse, and every renaming of   *)
(* the iterators: constants, which TLC computes once, not per state.       *)
ObjectRenamings ==
  {[to |-> p, back |-> [x \in Objects |-> CHOOSE y \in Objects : p[y] = x]] :
     p \in Permutations(Objects)}
IteratorRenamings == Permutations(Iterators)

(* An iterator's object (or any other value) under the object renaming r.  *)
Renamed(r, x) == IF x \in Objects THEN r.back[x] ELSE x
=============================================================================
