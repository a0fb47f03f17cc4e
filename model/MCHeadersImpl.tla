---------------------------- MODULE MCHeadersImpl ----------------------------
(***************************************************************************)
(* TLC scaffolding for HeadersImpl (constants in MCConstants).             *)
(***************************************************************************)
EXTENDS HeadersImpl, MCConstants, Randomization

(* Objects and iterators are interchangeable (nothing orders them): the   *)
(* models' SYMMETRY.  Names and values are never permuted: sort-and-       *)
(* combine orders names, and values differ in length.                     *)
ObjectsAndIterators == Permutations(Objects) \cup Permutations(Iterators)

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
(* The initial states of the nightly simulation: a random sample of 400   *)
(* pairs of raw lists (every guard combination that admits them), drawn    *)
(* once per TLC run; the full set is far too large to enumerate.          *)
SampledInit ==
  \E lists \in RandomSubset(400, [Objects -> Std!SeqsUpTo(Std!AtomEntries, InitListLen)]),
     g \in [Objects -> InitGuards] :
       /\ \A o \in Objects : Std!GuardAdmits(g[o], lists[o])
       /\ InitWith(g, lists)
=============================================================================
