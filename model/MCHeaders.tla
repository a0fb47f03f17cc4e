------------------------------ MODULE MCHeaders ------------------------------
(***************************************************************************)
(* TLC scaffolding for the abstract module Headers (constants in           *)
(* MCConstants).                                                           *)
(***************************************************************************)
EXTENDS Headers, MCConstants

(* The VIEW of the two-object model (MCHeadersPair.cfg): objects and       *)
(* iterators are interchangeable (nothing orders them, and every object    *)
(* starts under the same guards), so the view is symmetric: the set of     *)
(* StateView's images under every renaming of objects and of iterators, as *)
(* MCHeadersImpl's SymmetricView (which says why not TLC's SYMMETRY).      *)
(* Names and values are never permuted.  The renamings, each object's with *)
(* its inverse, are constants, which TLC computes once.                    *)
ObjectRenamings ==
  {[to |-> p, back |-> [x \in Objects |-> CHOOSE y \in Objects : p[y] = x]] :
     p \in Permutations(Objects)}
IteratorRenamings == Permutations(Iterators)

SymmetricView ==
  LET obs == [o \in Objects |-> Observable(list[o])]
      Image(r, q) ==
        LET Rename(x) == IF x \in Objects THEN r.back[x] ELSE x
        IN  <<[o \in Objects |-> obs[r.to[o]]], [o \in Objects |-> guard[r.to[o]]],
              [i \in Iterators |-> [obj |-> Rename(iter[q[i]].obj), pos |-> iter[q[i]].pos]]>>
  IN  {Image(r, q) : r \in ObjectRenamings, q \in IteratorRenamings}
=============================================================================
