------------------------------ MODULE MCHeaders ------------------------------
(***************************************************************************)
(* TLC scaffolding for the abstract module Headers (constants in           *)
(* MCConstants).                                                           *)
(***************************************************************************)
EXTENDS Headers, MCConstants, MCSymmetry

(* The VIEW of the two-object model (MCHeadersPair.cfg): the set of        *)
(* StateView's images under every renaming of objects and of iterators     *)
(* (MCSymmetry); every object starts under the same guards.                *)
SymmetricView ==
  LET obs == [o \in Objects |-> Observable(list[o])]
      Image(r, q) ==
        <<[o \in Objects |-> obs[r.to[o]]], [o \in Objects |-> guard[r.to[o]]],
          [i \in Iterators |-> [obj |-> Renamed(r, iter[q[i]].obj), pos |-> iter[q[i]].pos]]>>
  IN  {Image(r, q) : r \in ObjectRenamings, q \in IteratorRenamings}
=============================================================================
