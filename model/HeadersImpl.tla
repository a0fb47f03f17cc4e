----------------------------- MODULE HeadersImpl -----------------------------
(***************************************************************************)
(* The data structures of headerproof's fast `impl/` Headers, and the      *)
(* proof obligation that they implement the standard's `Headers` (module  *)
(* Headers) under a refinement mapping.                                    *)
(*                                                                         *)
(* What the implementation keeps, per object o:                            *)
(*   - ref[o]: the storage it uses.  Storage is copy-on-write: `new        *)
(*     Headers(src)` makes the copy point at src's storage (O(1)), and the  *)
(*     first write through either object detaches it onto fresh storage.   *)
(*   - a storage record holds either a raw list not yet looked at (a flat   *)
(*     list handed over by a server, materialized on first use) or the     *)
(*     lowercase index: per lowercase name, the casing of its first entry  *)
(*     and its values in order.  Order across names is not kept: no        *)
(*     Headers operation can observe it.                                   *)
(*   - cache[o], valid[o]: the sort-and-combine view last built for o and   *)
(*     whether it is still current.  Every mutation clears valid[o];       *)
(*     next() rebuilds the view only when it is not valid.                 *)
(*                                                                         *)
(* Because the index forgets the order across names, the standard's list   *)
(* is not a function of the implementation's variables.  The variable      *)
(* `hlist` is a history variable (Lamport and Merz, "Auxiliary Variables   *)
(* in TLA+"): it records the standard's header list of each object from    *)
(* the operations the implementation accepted, and no implementation       *)
(* variable ever reads it.  The refinement mapping sends the abstract      *)
(* list to it; everything the implementation decides (accept, ignore,      *)
(* throw) and returns (next()'s pairs, from its cache) is checked against  *)
(* the standard's decision and value for that list.                        *)
(*                                                                         *)
(* The constant `Bug` plants one defect for the models that must fail:     *)
(*   "delete_keeps_view"       delete does not invalidate the cached view;  *)
(*   "append_shares_write"     append writes into shared storage without    *)
(*                             detaching;                                  *)
(*   "request_append_skips_forbidden"  append under guard "request" skips  *)
(*                             the forbidden request-header check.         *)
(***************************************************************************)
EXTENDS Naturals, Sequences, FiniteSets

CONSTANTS
  Names, Lower, ByteOrder, Values, ValueLength,          \* as in Headers
  ForbiddenRequestNames, ForbiddenResponseNames,         \* as in Headers
  NoCorsSafelistedNames, PrivilegedNoCorsNames, SetCookie, \* as in Headers
  Objects, Iterators, MaxListLen, InitListLen, InitGuards, Profile, \* as in Headers
  Stores,           \* storage identities (at least one per object)
  Bug               \* "none" or the planted defect

ASSUME /\ Cardinality(Stores) >= Cardinality(Objects)
       /\ Bug \in {"none", "delete_keeps_view", "append_shares_write",
                   "request_append_skips_forbidden"}

VARIABLES
  guard,   \* guard[o]: the guard of object o
  iter,    \* iter[i]: the target object and next index of iterator i
  call,    \* the interface: the last operation called, with its arguments
  result,  \* the interface: the observable outcome of that operation
  ref,     \* ref[o]: the storage object o reads and writes
  store,   \* store[s]: a raw list or a lowercase index
  cache,   \* cache[o]: the last view built for o (<<>> while not valid)
  valid,   \* valid[o]: FALSE whenever o's list changed since cache[o] was built
  hlist    \* history variable: the standard's header list of each object

vars == <<guard, iter, call, result, ref, store, cache, valid, hlist>>

(* State identity for TLC (the MC models' VIEW).  call and result are left *)
(* out: only action properties read them.  Storage identities are replaced *)
(* by what they mean, each object's storage and which objects share one:   *)
(* two states that differ only by a renaming of Stores behave alike.      *)
StateView ==
  <<guard, iter, [o \in Objects |-> store[ref[o]]],
    [p \in Objects \X Objects |-> ref[p[1]] = ref[p[2]]], cache, valid, hlist>>

(* The standard, over the history variable: helpers and the refinement.    *)
Std == INSTANCE Headers WITH list <- hlist

LowerNames == Std!LowerNames
NoObject == Std!NoObject

-----------------------------------------------------------------------------
(* The lowercase index.                                                    *)

NoEntry == [name |-> "", vals |-> <<>>]
EmptyIndex == [ln \in LowerNames |-> NoEntry]

(* Index "append": the first casing of a name is kept.                     *)
IndexAppend(ix, n, v) ==
  [ix EXCEPT ![Lower[n]] = [name |-> IF @.vals = <<>> THEN n ELSE @.name,
                            vals |-> Append(@.vals, v)]]

(* Index "set": one value left, first casing kept.                          *)
IndexSet(ix, n, v) ==
  [ix EXCEPT ![Lower[n]] = [name |-> IF @.vals = <<>> THEN n ELSE @.name, vals |-> <<v>>]]

IndexDelete(ix, ln) == [ix EXCEPT ![ln] = NoEntry]

(* The no-CORS clean-up: privileged names dropped.                         *)
IndexAfterMutation(g, ix) ==
  IF g = "request-no-cors"
  THEN [ln \in LowerNames |-> IF ln \in PrivilegedNoCorsNames THEN NoEntry ELSE ix[ln]]
  ELSE ix

RECURSIVE IndexFromRaw(_, _)
(* Materialization: the raw list's entries appended to the index in order. *)
IndexFromRaw(ix, raw) ==
  IF raw = <<>> THEN ix ELSE IndexFromRaw(IndexAppend(ix, Head(raw)[1], Head(raw)[2]), Tail(raw))

RECURSIVE CountFrom(_, _)
CountFrom(ix, i) ==
  IF i > Len(ByteOrder) THEN 0 ELSE Len(ix[ByteOrder[i]].vals) + CountFrom(ix, i + 1)

(* Number of values held.                                                   *)
Count(ix) == CountFrom(ix, 1)

RECURSIVE ViewFrom(_, _)
ViewFrom(ix, i) ==
  IF i > Len(ByteOrder) THEN <<>>
  ELSE LET ln == ByteOrder[i]
           vs == ix[ln].vals
           here == IF vs = <<>> THEN <<>>
                   ELSE IF ln = SetCookie THEN [k \in 1..Len(vs) |-> <<ln, <<vs[k]>>>>]
                   ELSE <<<<ln, vs>>>>
       IN  here \o ViewFrom(ix, i + 1)

(* The implementation's view builder: walk the names in byte order.        *)
IndexView(ix) == ViewFrom(ix, 1)

-----------------------------------------------------------------------------
(* Storage.                                                                *)

RawEntries == Names \X Values
EmptyStore == [raw |-> <<>>, index |-> EmptyIndex, mat |-> TRUE]
StoreOf(ix) == [raw |-> <<>>, index |-> ix, mat |-> TRUE]

(* The index of o's storage, materializing a raw list on first use.        *)
IndexOf(o) ==
  LET s == store[ref[o]]
  IN  IF s.mat THEN s.index ELSE IndexFromRaw(EmptyIndex, s.raw)

(* What iterating o now would show.                                         *)
ObservedView(o) == IF valid[o] THEN cache[o] ELSE IndexView(IndexOf(o))

Shared(o) == \E other \in Objects \ {o} : ref[other] = ref[o]

Referenced(s) == \E o \in Objects : ref[o] = s

(* First use: o's storage materialized in place (the same list for every   *)
(* sharer, so this needs no detach).                                       *)
Touch(o) ==
  /\ store' = [store EXCEPT ![ref[o]] = StoreOf(IndexOf(o))]
  /\ UNCHANGED ref

(* A write of index ix through o.  Copy-on-write: shared storage is left   *)
(* to the other sharers and o moves to unreferenced storage.               *)
WriteIndex(o, ix, detach) ==
  IF detach /\ Shared(o)
  THEN LET fresh == CHOOSE s \in Stores : ~Referenced(s)
       IN  /\ ref' = [ref EXCEPT ![o] = fresh]
           /\ store' = [store EXCEPT ![fresh] = StoreOf(ix)]
  ELSE /\ store' = [store EXCEPT ![ref[o]] = StoreOf(ix)]
       /\ UNCHANGED ref

Invalidate(o) ==
  /\ cache' = [cache EXCEPT ![o] = <<>>]
  /\ valid' = [valid EXCEPT ![o] = FALSE]

-----------------------------------------------------------------------------
TypeOK ==
  /\ guard \in [Objects -> Std!Guards]
  /\ iter \in [Iterators -> [obj : Objects \cup {NoObject}, pos : 0..MaxListLen]]
  /\ call \in Std!Calls
  /\ ref \in [Objects -> Stores]
  /\ store \in [Stores -> [raw : Seq(RawEntries),
                           index : [LowerNames -> [name : Names \cup {""},
                                                   vals : Seq(Values)]],
                           mat : BOOLEAN]]
  /\ cache \in [Objects -> Seq(LowerNames \X Std!CombinedValues)]
  /\ valid \in [Objects -> BOOLEAN]
  /\ hlist \in [Objects -> Seq(Std!Entries)]
  /\ \A o \in Objects : Count(IndexOf(o)) <= MaxListLen

(* The raw list a server would hand over for a standard list of atoms.     *)
RawOf(l) == [k \in 1..Len(l) |-> <<l[k][1], l[k][2][1]>>]

(* The initial state for guards g and raw lists lists: every object on its *)
(* own storage, nothing materialized, no view built.                       *)
InitWith(g, lists) ==
  LET r == CHOOSE f \in [Objects -> Stores] : \A o1, o2 \in Objects : o1 # o2 => f[o1] # f[o2]
  IN  /\ guard = g
      /\ hlist = lists
      /\ ref = r
      /\ store = [s \in Stores |->
                    IF \E o \in Objects : r[o] = s
                    THEN [raw |-> RawOf(lists[CHOOSE o \in Objects : r[o] = s]),
                          index |-> EmptyIndex, mat |-> FALSE]
                    ELSE EmptyStore]
      /\ cache = [o \in Objects |-> <<>>]
      /\ valid = [o \in Objects |-> FALSE]
      /\ iter = [i \in Iterators |-> Std!ClosedIterator]
      /\ call = Std!Call("init", "", "", "", "", "")
      /\ result = Std!Outcome("ok")

Init ==
  \E g \in [Objects -> InitGuards],
     lists \in [Objects -> Std!SeqsUpTo(Std!AtomEntries, InitListLen)] :
       /\ \A o \in Objects : Std!GuardAdmits(g[o], lists[o])
       /\ InitWith(g, lists)

(* Headers.append(n, v), decided on the index.                              *)
AppendHeader(o, n, v) ==
  /\ call' = Std!Call("append", o, "", n, v, "")
  /\ LET g == guard[o]
         ix == IndexOf(o)
         ln == Lower[n]
         accepted ==
           /\ ~(/\ g = "request" /\ Std!IsForbiddenRequest(ln)
                /\ Bug # "request_append_skips_forbidden")
           /\ ~(g = "response" /\ Std!IsForbiddenResponse(ln))
           /\ ~(g = "request-no-cors" /\ ~Std!NoCorsSafelisted(ln, ix[ln].vals \o <<v>>))
     IN  IF g = "immutable"
         THEN /\ result' = Std!Outcome("threw")
              /\ UNCHANGED <<guard, iter, ref, store, cache, valid, hlist>>
         ELSE IF accepted
         THEN /\ Count(ix) < MaxListLen
              /\ WriteIndex(o, IndexAfterMutation(g, IndexAppend(ix, n, v)),
                            Bug # "append_shares_write")
              /\ Invalidate(o)
              /\ hlist' = [hlist EXCEPT ![o] = Std!AfterMutation(g, Std!AppendEntry(@, n, <<v>>))]
              /\ result' = Std!Outcome("ok")
              /\ UNCHANGED <<guard, iter>>
         ELSE /\ Touch(o)
              /\ result' = Std!Outcome("ok")
              /\ UNCHANGED <<guard, iter, cache, valid, hlist>>

(* Headers.set(n, v).                                                       *)
SetHeader(o, n, v) ==
  /\ call' = Std!Call("set", o, "", n, v, "")
  /\ LET g == guard[o]
         ix == IndexOf(o)
         ln == Lower[n]
         accepted ==
           /\ ~(g = "request" /\ Std!IsForbiddenRequest(ln))
           /\ ~(g = "response" /\ Std!IsForbiddenResponse(ln))
           /\ ~(g = "request-no-cors" /\ ~Std!NoCorsSafelisted(ln, <<v>>))
     IN  IF g = "immutable"
         THEN /\ result' = Std!Outcome("threw")
              /\ UNCHANGED <<guard, iter, ref, store, cache, valid, hlist>>
         ELSE IF accepted
         THEN /\ ix[ln].vals = <<>> => Count(ix) < MaxListLen
              /\ WriteIndex(o, IndexAfterMutation(g, IndexSet(ix, n, v)), TRUE)
              /\ Invalidate(o)
              /\ hlist' = [hlist EXCEPT ![o] = Std!AfterMutation(g, Std!SetEntry(@, n, <<v>>))]
              /\ result' = Std!Outcome("ok")
              /\ UNCHANGED <<guard, iter>>
         ELSE /\ Touch(o)
              /\ result' = Std!Outcome("ok")
              /\ UNCHANGED <<guard, iter, cache, valid, hlist>>

(* Headers.delete(n).                                                       *)
DeleteHeader(o, n) ==
  /\ call' = Std!Call("delete", o, "", n, "", "")
  /\ LET g == guard[o]
         ix == IndexOf(o)
         ln == Lower[n]
         accepted ==
           /\ ~(g = "request" /\ Std!IsForbiddenRequest(ln))
           /\ ~(g = "response" /\ Std!IsForbiddenResponse(ln))
           /\ ~(g = "request-no-cors" /\ ln \notin NoCorsSafelistedNames \cup PrivilegedNoCorsNames)
           /\ ix[ln].vals # <<>>
     IN  IF g = "immutable"
         THEN /\ result' = Std!Outcome("threw")
              /\ UNCHANGED <<guard, iter, ref, store, cache, valid, hlist>>
         ELSE IF accepted
         THEN /\ WriteIndex(o, IndexAfterMutation(g, IndexDelete(ix, ln)), TRUE)
              /\ IF Bug = "delete_keeps_view" THEN UNCHANGED <<cache, valid>> ELSE Invalidate(o)
              /\ hlist' = [hlist EXCEPT ![o] = Std!AfterMutation(g, Std!RemoveNamed(@, ln))]
              /\ result' = Std!Outcome("ok")
              /\ UNCHANGED <<guard, iter>>
         ELSE /\ Touch(o)
              /\ result' = Std!Outcome("ok")
              /\ UNCHANGED <<guard, iter, cache, valid, hlist>>

(* The guard becomes "immutable"; the view stays valid.                     *)
Freeze(o) ==
  /\ call' = Std!Call("freeze", o, "", "", "", "")
  /\ guard' = [guard EXCEPT ![o] = "immutable"]
  /\ result' = Std!Outcome("ok")
  /\ UNCHANGED <<iter, ref, store, cache, valid, hlist>>

OpenIterator(i, o) ==
  /\ call' = Std!Call("open", o, "", "", "", i)
  /\ iter' = [iter EXCEPT ![i] = [obj |-> o, pos |-> 0]]
  /\ result' = Std!Outcome("ok")
  /\ UNCHANGED <<guard, ref, store, cache, valid, hlist>>

(* next(): served from the cached view, rebuilt first when not valid.       *)
NextPair(i) ==
  LET o == iter[i].obj
      p == iter[i].pos
  IN  /\ call' = Std!Call("next", "", "", "", "", i)
      /\ o # NoObject
      /\ LET view == ObservedView(o)
         IN  /\ IF valid[o]
                THEN UNCHANGED <<store, ref, cache, valid>>
                ELSE /\ Touch(o)
                     /\ cache' = [cache EXCEPT ![o] = view]
                     /\ valid' = [valid EXCEPT ![o] = TRUE]
             /\ IF p < Len(view)
                THEN /\ result' = Std!PairOutcome(view[p + 1])
                     /\ iter' = [iter EXCEPT ![i].pos = p + 1]
                ELSE /\ result' = Std!Outcome("done")
                     /\ UNCHANGED iter
      /\ UNCHANGED <<guard, hlist>>

(* new Headers(src) in place of dst: dst shares src's storage and view.    *)
(* Storage nobody references any more is cleared.                          *)
Copy(src, dst) ==
  LET old == ref[dst]
      ref2 == [ref EXCEPT ![dst] = ref[src]]
  IN  /\ call' = Std!Call("copy", dst, src, "", "", "")
      /\ src # dst
      /\ ref' = ref2
      /\ store' = IF \E o \in Objects : ref2[o] = old
                  THEN store ELSE [store EXCEPT ![old] = EmptyStore]
      /\ cache' = [cache EXCEPT ![dst] = cache[src]]
      /\ valid' = [valid EXCEPT ![dst] = valid[src]]
      /\ guard' = [guard EXCEPT ![dst] = "none"]
      /\ iter' = [i \in Iterators |-> IF iter[i].obj = dst THEN Std!ClosedIterator ELSE iter[i]]
      /\ hlist' = [hlist EXCEPT ![dst] = Std!SortAndCombine(hlist[src])]
      /\ result' = Std!Outcome("ok")

Next ==
  \/ \E o \in Objects, n \in Names, v \in Values : AppendHeader(o, n, v) \/ SetHeader(o, n, v)
  \/ \E o \in Objects, n \in Names : DeleteHeader(o, n)
  \/ \E o \in Objects : Freeze(o)
  \/ \E i \in Iterators, o \in Objects : OpenIterator(i, o)
  \/ \E i \in Iterators : NextPair(i)
  \/ \E src, dst \in Objects : Copy(src, dst)

Spec == Init /\ [][Next]_vars

-----------------------------------------------------------------------------
(* Invariants.                                                             *)

(* Cache coherence: a valid cached view is the view of the storage.        *)
CacheCoherent == \A o \in Objects : valid[o] => cache[o] = IndexView(IndexOf(o))

(* The storage of every object holds exactly its own standard list's view. *)
StorageMatchesList ==
  \A o \in Objects : IndexView(IndexOf(o)) = Std!SortAndCombine(hlist[o])

(* A write through one sharer is never seen by another: objects that share *)
(* storage have equal standard views.                                      *)
SharersSeeNoForeignWrite ==
  \A o1, o2 \in Objects :
    ref[o1] = ref[o2] => Std!SortAndCombine(hlist[o1]) = Std!SortAndCombine(hlist[o2])

(* set-cookie values are never combined in a cached view.                  *)
CachedSetCookieNeverCombined ==
  \A o \in Objects :
    \A k \in 1..Len(cache[o]) : cache[o][k][1] = SetCookie => Len(cache[o][k][2]) = 1

(* Storage no object references is empty (keeps the state space small and *)
(* shows detached storage is not leaked).                                  *)
UnreferencedStorageIsEmpty == \A s \in Stores : ~Referenced(s) => store[s] = EmptyStore

(* The standard's invariants, on the mapped state.                         *)
StdGuardsHold == Std!GuardsHold

-----------------------------------------------------------------------------
(* Refinement: the abstract list is the history variable; guard, iter and  *)
(* result are the same variables.  The .cfg checks StdSpec as a PROPERTY.  *)
StdSpec == Std!Spec

THEOREM Spec => StdSpec
=============================================================================
