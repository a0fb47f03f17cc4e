---------------------------- MODULE MCHeadersImpl ----------------------------
(***************************************************************************)
(* TLC scaffolding for HeadersImpl (constants in MCConstants).             *)
(***************************************************************************)
EXTENDS HeadersImpl, MCConstants, MCSymmetry, Randomization

(* The models' VIEW is symmetric: the set of StateView's images under      *)
(* every renaming of objects and of iterators (MCSymmetry), the same value *)
(* for every state of an orbit.                                            *)

(* StateView with objects renamed by r and iterators by q; obs: each       *)
(* object's observable history (Observable), computed once per state       *)
(* for all renamings.                                                      *)
ViewUnder(r, q, obs) ==
  LET p == r.to
  IN  <<[o \in Objects |-> guard[p[o]]],
        [i \in Iterators |-> [obj |-> Renamed(r, iter[q[i]].obj), pos |-> iter[q[i]].pos]],
        [o \in Objects |-> store[p[o]]],
        [o \in Objects |-> {Renamed(r, x) : x \in peers[p[o]]}],
        [o \in Objects |-> shared[p[o]]],
        [o \in Objects |-> cache[p[o]]],
        [o \in Objects |-> valid[p[o]]],
        [o \in Objects |-> spaced[p[o]]],
        {Renamed(r, x) : x \in blank},
        [o \in Objects |-> obs[p[o]]]>>

SymmetricView ==
  LET obs == [o \in Objects |-> Observable(hlist[o])]
  IN  {ViewUnder(r, q, obs) : r \in ObjectRenamings, q \in IteratorRenamings}

(* State constraint of the copy-on-write models: objects are not frozen.   *)
(* Detaching and sharing do not depend on immutability, and freezing under *)
(* every guard is checked by MCHeadersImpl.cfg.                            *)
NoFrozenObject == \A o \in Objects : guard[o] # "immutable"

(* The names of the iteration model: x-a in two casings, set-cookie and    *)
(* accept; one value.                                                      *)
MCIterNames == {"x-a", "X-A", "set-cookie", "accept"}
MCIterLower == [n \in MCIterNames |-> MCLower[n]]
MCIterByteOrder == <<"accept", "set-cookie", "x-a">>
MCIterValues == {"s"}
MCIterValueLength == [v \in MCIterValues |-> 1]
(* The initial states of the nightly simulation: a random sample of 400    *)
(* pairs of raw lists (every guard combination that admits them), drawn    *)
(* once per TLC run; the full set is far too large to enumerate.           *)
SampledInit ==
  \E lists \in RandomSubset(400, [Objects -> SeqsUpTo(AtomEntries, InitListLen)]),
     g \in [Objects -> InitGuards] :
       /\ \A o \in Objects : GuardAdmits(g[o], lists[o])
       /\ InitWith(g, lists)
=============================================================================
