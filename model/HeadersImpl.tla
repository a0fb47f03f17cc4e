----------------------------- MODULE HeadersImpl -----------------------------
(***************************************************************************)
(* The state machine of headerproof's fast `impl/` Headers (impl/headers.ts), *)
(* and the proof obligation that it implements the standard's `Headers`    *)
(* (module Headers) under a refinement mapping.                            *)
(*                                                                         *)
(* What the implementation keeps, per object o (the field of the Headers   *)
(* class in brackets; impl/introspect.ts reads each for trace validation): *)
(*   - store[o]: o's storage, either a raw list not yet indexed (#rawList, *)
(*     its names lowercased: their casing is unobservable), handed over by *)
(*     headersFromRawList, materialized by the first call that reads it    *)
(*     but for one scanning get or has, or the lowercase index (#combined  *)
(*     and #setCookies):                                                   *)
(*     per lowercase name its values in order.  store[o].scan: no get or   *)
(*     has has read the raw list yet (#rawListScanned), so the next get or *)
(*     has answers by one pass over it and leaves it pending.  Neither the *)
(*     casing of a name nor the order across names is kept: no operation   *)
(*     observes them.                                                      *)
(*   - peers[o]: the objects whose storage is o's very storage (o included):*)
(*     copy-on-write, `new Headers(src)` makes the copy use src's storage.  *)
(*   - shared[o] (#shared): the sticky copy-on-write flag.  TRUE for a new  *)
(*     Headers, set on both sides of a sharing copy, cleared by            *)
(*     materialization and by the detach of the first write.  A write      *)
(*     detaches whenever it is TRUE, even if no other object still shares  *)
(*     the storage.                                                        *)
(*   - cache[o], valid[o] (#view): the sort-and-combine view last built for *)
(*     o and whether it is current.  A write clears it; next() rebuilds it *)
(*     when not valid; a sharing copy takes the source's.                  *)
(*   - blank: the objects whose storage is the module's one shared empty   *)
(*     index (EMPTY_INDEX), which a Headers that was never written uses: *)
(*     a copy whose fill accepted nothing, one whose lone pending header  *)
(*     was deleted, and the copies sharing with them.                     *)
(*   - spaced[o] (#joinedMayEndInSpace): sticky; TRUE once a value was      *)
(*     appended after another one of the same name (not set-cookie) while  *)
(*     being the empty string, so a combined value may end in ", ".  Such   *)
(*     a source is never shared: a copy's fill normalizes that value.      *)
(*                                                                         *)
(* Not modelled: impl's name order (#order, #orderReads), through which   *)
(* next() and forEach read a stale view of more than 32 names; the models' *)
(* lists have at most 5 names, where a read of a stale view rebuilds it.  *)
(* Nor impl's header list (#list, #listInIndexOrder), read only by         *)
(* headerListOf: see HeaderListOf.                                         *)
(*                                                                         *)
(* Copies: headersWithGuard(g, src) shares src's storage unless g is       *)
(* request-no-cors, src is spaced, g is response and src has set-cookie,   *)
(* or g is request and src has a forbidden request-header; otherwise it    *)
(* fills a fresh index from src's view (normalized values, under g).       *)
(*                                                                         *)
(* Because the index forgets casing and the order across names, the        *)
(* standard's list is not a function of the implementation's variables.    *)
(* `hlist` is a history variable (Lamport and Merz, "Auxiliary Variables   *)
(* in TLA+"): the standard's header list of each object, built from the    *)
(* operations the implementation accepted; no implementation variable     *)
(* reads it.  The refinement maps the abstract list to it.                 *)
(*                                                                         *)
(* Planted bugs live in MCBug*.tla modules, each replacing one action of   *)
(* this module through its .cfg.                                           *)
(***************************************************************************)
EXTENDS HeaderLists

VARIABLES
  guard,   \* guard[o]: the guard of object o
  iter,    \* iter[i]: the target object and next index of iterator i
  store,   \* store[o]: o's storage: a raw list (names lowercased) or a lowercase index
  peers,   \* peers[o]: the objects using o's storage (o included)
  shared,  \* shared[o]: the sticky copy-on-write flag
  cache,   \* cache[o]: the last view built for o (<<>> while not valid)
  valid,   \* valid[o]: FALSE whenever o's list changed since cache[o] was built
  spaced,  \* spaced[o]: a combined value of o may end in ", "
  blank,   \* the objects using the module's shared empty index
  hlist,   \* history variable: the standard's header list of each object (see HeaderListOf)
  call,    \* the interface: the last operation called, with its arguments
  result,  \* the interface: the observable outcome of that operation
  clock    \* the interface: the number of calls made (as in Headers)

vars ==
  <<guard, iter, store, peers, shared, cache, valid, spaced, blank, hlist, call, result, clock>>

(* The standard's Headers over the history variable, for the refinement    *)
(* (StdSpec) and its guard invariant (StdGuardsHold).  Its state-free      *)
(* helpers are HeaderLists', which this module EXTENDS.                    *)
Std == INSTANCE Headers WITH list <- hlist

(* State identity for TLC (the MC models' VIEW): everything but the        *)
(* interface variables call and result (only action properties read them) *)
(* and what no operation can observe: the history variable's casing and   *)
(* order across names.                                                     *)
StateView ==
  <<guard, iter, store, peers, shared, cache, valid, spaced, blank,
    [o \in Objects |-> Observable(hlist[o])]>>

-----------------------------------------------------------------------------
(* The lowercase index: lowercase name -> its values in order (<<>>: absent). *)

EmptyIndex == [ln \in LowerNames |-> <<>>]

(* Whether appending value v to ix makes a combined value end in ", ".     *)
Spaces(ix, ln, v) == ln # SetCookie /\ ix[ln] # <<>> /\ ValueLength[v] = 0

(* The no-CORS clean-up: privileged names dropped.                         *)
IndexAfterMutation(g, ix) ==
  IF g = "request-no-cors"
  THEN [ln \in LowerNames |-> IF ln \in PrivilegedNoCorsNames THEN <<>> ELSE ix[ln]]
  ELSE ix

RECURSIVE IndexFromRaw(_, _)
(* Materialization: the raw list's entries appended to the index in order. *)
IndexFromRaw(ix, raw) ==
  IF raw = <<>> THEN ix
  ELSE IndexFromRaw([ix EXCEPT ![Lower[Head(raw)[1]]] = Append(@, Head(raw)[2])], Tail(raw))

RECURSIVE RawSpaces(_, _)
(* Whether materializing raw onto ix sets spaced.                          *)
RawSpaces(ix, raw) ==
  IF raw = <<>> THEN FALSE
  ELSE \/ Spaces(ix, Lower[Head(raw)[1]], Head(raw)[2])
       \/ RawSpaces([ix EXCEPT ![Lower[Head(raw)[1]]] = Append(@, Head(raw)[2])], Tail(raw))

RECURSIVE CountFrom(_, _)
CountFrom(ix, i) ==
  IF i > Len(ByteOrder) THEN 0 ELSE Len(ix[ByteOrder[i]]) + CountFrom(ix, i + 1)

(* Number of values held.                                                   *)
Count(ix) == CountFrom(ix, 1)

RECURSIVE ViewFrom(_, _)
ViewFrom(ix, i) ==
  IF i > Len(ByteOrder) THEN <<>>
  ELSE LET ln == ByteOrder[i]
           vs == ix[ln]
           here == IF vs = <<>> THEN <<>>
                   ELSE IF ln = SetCookie THEN [k \in 1..Len(vs) |-> <<ln, <<vs[k]>>>>]
                   ELSE <<<<ln, vs>>>>
       IN  here \o ViewFrom(ix, i + 1)

(* The implementation's view builder: walk the names in byte order.        *)
IndexView(ix) == ViewFrom(ix, 1)

RECURSIVE FillIndex(_, _, _)
(* A copy's fill: the pairs of a view, values normalized, appended under g *)
(* (the same decisions as the standard's fill, on the index).              *)
FillIndex(g, ix, pairs) ==
  IF pairs = <<>> THEN ix
  ELSE LET ln == Head(pairs)[1]
           value == Normalize(Head(pairs)[2])
           ok == /\ ~(g = "request" /\ IsForbiddenRequest(ln))
                 /\ ~(g = "response" /\ IsForbiddenResponse(ln))
                 /\ ~(g = "request-no-cors" /\ ~NoCorsSafelisted(ln, ix[ln] \o value))
       IN  FillIndex(g, IF ok THEN IndexAfterMutation(g, [ix EXCEPT ![ln] = @ \o value]) ELSE ix,
                     Tail(pairs))

-----------------------------------------------------------------------------
(* Storage.                                                                *)

RawEntries == Names \X Values
StoreOf(ix) == [raw |-> <<>>, index |-> ix, mat |-> TRUE, scan |-> FALSE]

(* The index of o's storage, materializing a raw list on first use.        *)
IndexOf(o) == IF store[o].mat THEN store[o].index ELSE IndexFromRaw(EmptyIndex, store[o].raw)

(* What iterating o now would show.                                         *)
ObservedView(o) == IF valid[o] THEN cache[o] ELSE IndexView(IndexOf(o))

(* A read of o's list (#read): a raw list is materialized in place (raw    *)
(* storage is never shared: a copy reads its source first), which clears   *)
(* the shared flag.                                                        *)
Read(o) ==
  IF store[o].mat
  THEN UNCHANGED <<store, shared, spaced>>
  ELSE /\ store' = [store EXCEPT ![o] = StoreOf(IndexOf(o))]
       /\ shared' = [shared EXCEPT ![o] = FALSE]
       /\ spaced' = [spaced EXCEPT ![o] = RawSpaces(EmptyIndex, store[o].raw)]

(* o leaves its storage's group of sharers.                                 *)
Leave(o) == [x \in Objects |-> IF x = o THEN {o} ELSE peers[x] \ {o}]

(* The storage part of a write of index ix through o (#writable, then the *)
(* write): a shared storage is detached first (o moves to a storage of its *)
(* own).  sp: the write makes a value end in ", ".                         *)
WriteStorage(o, ix, sp) ==
  /\ IF shared[o]
     THEN /\ peers' = Leave(o)
          /\ store' = [store EXCEPT ![o] = StoreOf(ix)]
          /\ blank' = blank \ {o}
     ELSE /\ store' = [x \in Objects |-> IF x \in peers[o] THEN StoreOf(ix) ELSE store[x]]
          /\ UNCHANGED <<peers, blank>>
  /\ shared' = [shared EXCEPT ![o] = FALSE]
  /\ spaced' = [spaced EXCEPT ![o] = @ \/ (~store[o].mat /\ RawSpaces(EmptyIndex, store[o].raw)) \/ sp]

(* The cached view of o is dropped (#view = null).                          *)
DropView(o) ==
  /\ cache' = [cache EXCEPT ![o] = <<>>]
  /\ valid' = [valid EXCEPT ![o] = FALSE]

(* A write through o: storage, then the view.                               *)
WriteIndex(o, ix, sp) == WriteStorage(o, ix, sp) /\ DropView(o)

(* The first write through an object on the module's shared empty index   *)
(* (#deferFirstWrite): its list is empty, so the header (ln, v) becomes a  *)
(* raw list of one, materialized by the next read or write, as a          *)
(* constructor's fill is.  o leaves the empty index and owns its raw list.*)
DeferFirstWrite(o, ln, v) ==
  /\ peers' = Leave(o)
  /\ store' = [store EXCEPT ![o] = [raw |-> <<<<ln, v>>>>, index |-> EmptyIndex, mat |-> FALSE,
                                    scan |-> TRUE]]
  /\ blank' = blank \ {o}
  /\ shared' = [shared EXCEPT ![o] = FALSE]
  /\ UNCHANGED spaced
  /\ DropView(o)

-----------------------------------------------------------------------------
TypeOK ==
  /\ guard \in [Objects -> Guards]
  /\ iter \in [Iterators -> [obj : Objects \cup {NoObject}, pos : 0..MaxListLen]]
  /\ call \in Calls
  /\ clock \in Nat
  /\ store \in [Objects -> [raw : Seq(RawEntries),
                            index : [LowerNames -> Seq(Values \cup {Cut})],
                            mat : BOOLEAN, scan : BOOLEAN]]
  /\ peers \in [Objects -> SUBSET Objects]
  /\ shared \in [Objects -> BOOLEAN]
  /\ cache \in [Objects -> Seq(LowerNames \X CombinedValues)]
  /\ valid \in [Objects -> BOOLEAN]
  /\ spaced \in [Objects -> BOOLEAN]
  /\ blank \in SUBSET Objects
  /\ hlist \in [Objects -> Seq(Entries)]
  /\ \A o \in Objects : Count(IndexOf(o)) <= MaxListLen

(* The raw list a server would hand over for a standard list of atoms,     *)
(* its names lowercased: impl keeps them as given, but materialization     *)
(* lowercases them, so their casing is unobservable and not modelled.      *)
RawOf(l) == [k \in 1..Len(l) |-> <<Lower[l[k][1]], l[k][2][1]>>]

(* The initial state for guards g and raw lists lists: every object made   *)
(* by headersFromRawList, nothing materialized, no view built; the first   *)
(* get or has of each scans its raw list (scan set, as impl's              *)
(* #rawListScanned is clear).                                              *)
InitWith(g, lists) ==
  /\ guard = g
  /\ hlist = lists
  /\ store = [o \in Objects |-> [raw |-> RawOf(lists[o]), index |-> EmptyIndex, mat |-> FALSE,
                                 scan |-> TRUE]]
  /\ peers = [o \in Objects |-> {o}]
  /\ shared = [o \in Objects |-> TRUE]
  /\ cache = [o \in Objects |-> <<>>]
  /\ valid = [o \in Objects |-> FALSE]
  /\ spaced = [o \in Objects |-> FALSE]
  /\ blank = {}
  /\ iter = [i \in Iterators |-> ClosedIterator]
  /\ call = Call("init", "", "", "", "", "", "")
  /\ result = Outcome("ok")
  /\ clock = 0

Init ==
  \E g \in [Objects -> InitGuards],
     lists \in [Objects -> SeqsUpTo(AtomEntries, InitListLen)] :
       /\ \A o \in Objects : GuardAdmits(g[o], lists[o])
       /\ InitWith(g, lists)

(* The model's bound, as Headers' HasRoom: a write that would hold more    *)
(* than MaxListLen values is not explored.                                 *)
IndexHasRoom(ix) == Count(ix) < MaxListLen

(* Nothing of the implementation changes (a throw, or an ignore decided   *)
(* before the list is read).                                               *)
Untouched == UNCHANGED <<guard, iter, store, peers, shared, cache, valid, spaced, blank, hlist>>

(* What Headers.append(n, v) does to impl's state, and its outcome.         *)
Appended(o, n, v) ==
  LET g == guard[o]
      ln == Lower[n]
      ix == IndexOf(o)
  IN  CASE g = "immutable" ->
            result' = Outcome("threw") /\ Untouched
       [] \/ g = "request" /\ IsForbiddenRequest(ln)
          \/ g = "response" /\ IsForbiddenResponse(ln) ->
            result' = Outcome("ok") /\ Untouched
       [] g = "request-no-cors" /\ ~NoCorsSafelisted(ln, ix[ln] \o <<v>>) ->
            /\ result' = Outcome("ok")
            /\ Read(o)
            /\ UNCHANGED <<guard, iter, peers, cache, valid, blank, hlist>>
       [] OTHER ->
            /\ IndexHasRoom(ix)
            /\ IF o \in blank
               THEN DeferFirstWrite(o, ln, v)
               ELSE WriteIndex(o, IndexAfterMutation(g, [ix EXCEPT ![ln] = Append(@, v)]),
                               Spaces(ix, ln, v))
            /\ hlist' = [hlist EXCEPT ![o] =
                           AfterMutation(g, AppendEntry(@, n, <<v>>))]
            /\ result' = Outcome("ok")
            /\ UNCHANGED <<guard, iter>>

(* Headers.append(n, v): the guard's name checks first (no read), under    *)
(* request-no-cors the combined-value check on the read index.             *)
AppendHeader(o, n, v) ==
  /\ call' = Call("append", o, "", n, v, "", "")
  /\ Std!Tick
  /\ Appended(o, n, v)

(* Headers.set(n, v): every guard check is on the name and the new value   *)
(* alone, so an ignored set reads nothing.                                 *)
SetHeader(o, n, v) ==
  LET g == guard[o]
      ln == Lower[n]
      ix == IndexOf(o)
  IN  /\ call' = Call("set", o, "", n, v, "", "")
      /\ Std!Tick
      /\ CASE g = "immutable" ->
                result' = Outcome("threw") /\ Untouched
           [] \/ g = "request" /\ IsForbiddenRequest(ln)
              \/ g = "response" /\ IsForbiddenResponse(ln)
              \/ g = "request-no-cors" /\ ~NoCorsSafelisted(ln, <<v>>) ->
                result' = Outcome("ok") /\ Untouched
           [] OTHER ->
                /\ ix[ln] = <<>> => IndexHasRoom(ix)
                /\ IF o \in blank
                   THEN DeferFirstWrite(o, ln, v)
                   ELSE WriteIndex(o, IndexAfterMutation(g, [ix EXCEPT ![ln] = <<v>>]), FALSE)
                /\ hlist' = [hlist EXCEPT ![o] = AfterMutation(g, SetEntry(@, n, <<v>>))]
                /\ result' = Outcome("ok")
                /\ UNCHANGED <<guard, iter>>

(* Whether o's storage is a raw list of one header, named ln.              *)
LonePending(o, ln) ==
  /\ ~store[o].mat
  /\ Len(store[o].raw) = 1
  /\ Lower[store[o].raw[1][1]] = ln

(* The delete of o's lone pending header (#deleteLonePending): o is left   *)
(* as a Headers never written is, on the module's shared empty index.     *)
DeleteLonePending(o) ==
  LET empty == blank \cup {o}
  IN  /\ peers' = [x \in Objects |-> IF x \in empty THEN empty ELSE peers[x]]
      /\ blank' = empty
      /\ store' = [store EXCEPT ![o] = StoreOf(EmptyIndex)]
      /\ shared' = [shared EXCEPT ![o] = TRUE]
      /\ spaced' = [spaced EXCEPT ![o] = FALSE]
      /\ DropView(o)

(* Headers.delete(n): the guard's name checks (no read), then a read; a    *)
(* miss changes nothing more (a shared storage is not detached for it).    *)
(* The delete of a lone pending header reads nothing.                     *)
DeleteHeader(o, n) ==
  LET g == guard[o]
      ln == Lower[n]
      ix == IndexOf(o)
  IN  /\ call' = Call("delete", o, "", n, "", "", "")
      /\ Std!Tick
      /\ CASE g = "immutable" ->
                result' = Outcome("threw") /\ Untouched
           [] \/ g = "request" /\ IsForbiddenRequest(ln)
              \/ g = "response" /\ IsForbiddenResponse(ln)
              \/ /\ g = "request-no-cors"
                 /\ ln \notin NoCorsSafelistedNames \cup PrivilegedNoCorsNames ->
                result' = Outcome("ok") /\ Untouched
           [] LonePending(o, ln) ->
                /\ DeleteLonePending(o)
                /\ hlist' = [hlist EXCEPT ![o] = AfterMutation(g, RemoveNamed(@, ln))]
                /\ result' = Outcome("ok")
                /\ UNCHANGED <<guard, iter>>
           [] ix[ln] = <<>> ->
                /\ result' = Outcome("ok")
                /\ Read(o)
                /\ UNCHANGED <<guard, iter, peers, cache, valid, blank, hlist>>
           [] OTHER ->
                /\ WriteIndex(o, IndexAfterMutation(g, [ix EXCEPT ![ln] = <<>>]), FALSE)
                /\ hlist' = [hlist EXCEPT ![o] = AfterMutation(g, RemoveNamed(@, ln))]
                /\ result' = Outcome("ok")
                /\ UNCHANGED <<guard, iter>>

(* The guard becomes "immutable"; nothing else changes.                     *)
Freeze(o) ==
  /\ call' = Call("freeze", o, "", "", "", "", "")
  /\ Std!Tick
  /\ guard' = [guard EXCEPT ![o] = "immutable"]
  /\ result' = Outcome("ok")
  /\ UNCHANGED <<iter, store, peers, shared, cache, valid, spaced, blank, hlist>>

OpenIterator(i, o) ==
  /\ call' = Call("open", o, "", "", "", i, "")
  /\ Std!Tick
  /\ iter' = [iter EXCEPT ![i] = [obj |-> o, pos |-> 0]]
  /\ result' = Outcome("ok")
  /\ UNCHANGED <<guard, store, peers, shared, cache, valid, spaced, blank, hlist>>

(* o's view made current: rebuilt from the (read) index when not valid.    *)
BuildView(o) ==
  IF valid[o]
  THEN UNCHANGED <<store, shared, spaced, cache, valid>>
  ELSE /\ Read(o)
       /\ cache' = [cache EXCEPT ![o] = IndexView(IndexOf(o))]
       /\ valid' = [valid EXCEPT ![o] = TRUE]

(* next(): served from the cached view, rebuilt first when not valid.       *)
NextPair(i) ==
  LET o == iter[i].obj
      p == iter[i].pos
      view == ObservedView(o)
  IN  /\ call' = Call("next", "", "", "", "", i, "")
      /\ Std!Tick
      /\ o # NoObject
      /\ BuildView(o)
      /\ IF p < Len(view)
         THEN /\ result' = PairOutcome(view[p + 1])
              /\ iter' = [iter EXCEPT ![i].pos = p + 1]
         ELSE /\ result' = Outcome("done")
              /\ UNCHANGED iter
      /\ UNCHANGED <<guard, peers, blank, hlist>>

(* Reads.  get, has and getSetCookie read the index (#read: a raw list is  *)
(* materialized) and change nothing else; getSetCookie hands out a copy of *)
(* #setCookies, so its outcome is "cookies" (the caller's own array).      *)
(* get and has look up through Lookup(o) (#lookup): on a raw list with     *)
(* scan set, a pass over it answers and the list stays pending.            *)
ReadIndex(o, op, n, outcome, read) ==
  /\ call' = Call(op, o, "", n, "", "", "")
  /\ Std!Tick
  /\ read
  /\ result' = outcome
  /\ UNCHANGED <<guard, iter, peers, cache, valid, blank, hlist>>

Lookup(o) ==
  IF ~store[o].mat /\ store[o].scan
  THEN /\ store' = [store EXCEPT ![o].scan = FALSE]
       /\ UNCHANGED <<shared, spaced>>
  ELSE Read(o)

GetHeader(o, n) ==
  LET vs == IndexOf(o)[Lower[n]]
  IN  ReadIndex(o, "get", n, IF vs = <<>> THEN Outcome("null")
                             ELSE ReadOutcome("value", vs), Lookup(o))

HasHeader(o, n) ==
  ReadIndex(o, "has", n, Outcome(IF IndexOf(o)[Lower[n]] # <<>> THEN "true" ELSE "false"),
            Lookup(o))

GetSetCookie(o) ==
  LET vs == IndexOf(o)[SetCookie]
  IN  ReadIndex(o, "getSetCookie", "", ReadOutcome("cookies", [k \in 1..Len(vs) |-> <<vs[k]>>]),
                Read(o))

(* forEach(cb): entry k read from the view before the k-th callback (the   *)
(* callback changes nothing), so the view is built as by next().            *)
ForEach(o) ==
  /\ call' = Call("forEach", o, "", "", "", "", "")
  /\ Std!Tick
  /\ BuildView(o)
  /\ result' = ReadOutcome("pairs", ObservedView(o))
  /\ UNCHANGED <<guard, iter, peers, blank, hlist>>

(* headerListOf(o): a read, then the list impl keeps (#list), or the       *)
(* index's own order, or (neither kept) the view, which this builds.       *)
(* impl's list is not modelled: it is the header list, which hlist holds,  *)
(* so the outcome is read from hlist; whether the view is built depends on *)
(* which impl keeps, so both are allowed.  Trace                           *)
(* validation checks impl's real headerListOf against it.                  *)
HeaderListOf(o) ==
  /\ call' = Call("headerList", o, "", "", "", "", "")
  /\ Std!Tick
  /\ \/ Read(o) /\ UNCHANGED <<cache, valid>>
     \/ BuildView(o)
  /\ result' = ReadOutcome("list", hlist[o])
  /\ UNCHANGED <<guard, iter, peers, blank, hlist>>

(* Whether headersWithGuard(g, src) shares src's storage (src read first). *)
SharesWith(src, g) ==
  LET ix == IndexOf(src)
  IN  /\ g # "request-no-cors"
      /\ ~(spaced[src] \/ (~store[src].mat /\ RawSpaces(EmptyIndex, store[src].raw)))
      /\ ~(g = "response" /\ \E ln \in LowerNames : ix[ln] # <<>> /\ IsForbiddenResponse(ln))
      /\ ~(g = "request" /\ \E ln \in LowerNames : ix[ln] # <<>> /\ IsForbiddenRequest(ln))

(* headersWithGuard(g, src) in place of dst.  Shared: dst takes src's      *)
(* storage and view, both flagged shared; a copy of one entry (#copyLone)  *)
(* builds src's view first, as its walk reads it.  Otherwise dst's own    *)
(* index is filled from src's view (built if not valid, so src's cache    *)
(* becomes valid; a stale valid one is what the fill reads); while       *)
(* nothing was appended, dst keeps the module's shared empty index.        *)
Copy(src, dst, g) ==
  LET ix == IndexOf(src)
      view == ObservedView(src)
      filled == FillIndex(g, EmptyIndex, view)
      group == peers[src] \cup {dst}
  IN  /\ call' = Call("copy", dst, src, "", "", "", g)
      /\ Std!Tick
      /\ src # dst
      /\ IF SharesWith(src, g)
         THEN /\ store' = [x \in Objects |-> IF x \in group THEN StoreOf(ix) ELSE store[x]]
              /\ peers' = [x \in Objects |-> IF x \in group THEN group ELSE peers[x] \ {dst}]
              /\ shared' = [x \in Objects |-> IF x \in {src, dst} THEN TRUE ELSE shared[x]]
              /\ IF Len(view) = 1
                 THEN /\ cache' = [cache EXCEPT ![src] = view, ![dst] = view]
                      /\ valid' = [valid EXCEPT ![src] = TRUE, ![dst] = TRUE]
                 ELSE /\ cache' = [cache EXCEPT ![dst] = cache[src]]
                      /\ valid' = [valid EXCEPT ![dst] = valid[src]]
              /\ blank' = IF src \in blank THEN blank \cup {dst} ELSE blank \ {dst}
         ELSE /\ store' = [store EXCEPT ![src] = StoreOf(ix), ![dst] = StoreOf(filled)]
              /\ IF filled = EmptyIndex
                 THEN LET empty == blank \cup {dst}
                      IN  /\ peers' = [x \in Objects |-> IF x \in empty THEN empty
                                                          ELSE peers[x] \ {dst}]
                          /\ blank' = empty
                 ELSE /\ peers' = Leave(dst)
                      /\ blank' = blank \ {dst}
              /\ shared' = [shared EXCEPT ![src] = IF store[src].mat THEN @ ELSE FALSE,
                                          ![dst] = (filled = EmptyIndex)]
              /\ cache' = [cache EXCEPT ![src] = view, ![dst] = <<>>]
              /\ valid' = [valid EXCEPT ![src] = TRUE, ![dst] = FALSE]
      /\ spaced' = [spaced EXCEPT ![src] = @ \/ (~store[src].mat /\ RawSpaces(EmptyIndex, store[src].raw)),
                                  ![dst] = FALSE]
      /\ guard' = [guard EXCEPT ![dst] = g]
      /\ iter' = [i \in Iterators |-> IF iter[i].obj = dst THEN ClosedIterator ELSE iter[i]]
      /\ hlist' = [hlist EXCEPT ![dst] = FillPairs(g, <<>>, SortAndCombine(hlist[src]))]
      /\ result' = Outcome("ok")

(* The read op on object o (the models take the reads of ReadOps).        *)
ReadOf(o, op) ==
  CASE op = "get" -> \E n \in Names : GetHeader(o, n)
    [] op = "has" -> \E n \in Names : HasHeader(o, n)
    [] op = "getSetCookie" -> GetSetCookie(o)
    [] op = "forEach" -> ForEach(o)
    [] op = "headerList" -> HeaderListOf(o)

Next ==
  \/ \E o \in Objects, n \in Names, v \in Values : AppendHeader(o, n, v) \/ SetHeader(o, n, v)
  \/ \E o \in Objects, n \in Names : DeleteHeader(o, n)
  \/ \E o \in Objects : Freeze(o)
  \/ \E i \in Iterators, o \in Objects : OpenIterator(i, o)
  \/ \E i \in Iterators : NextPair(i)
  \/ \E src, dst \in Objects, g \in CopyGuards : Copy(src, dst, g)
  \/ \E o \in Objects, op \in ReadOps : ReadOf(o, op)

Spec == Init /\ [][Next]_vars

-----------------------------------------------------------------------------
(* Invariants.                                                             *)

(* Cache coherence: a valid cached view is the view of the storage.        *)
CacheCoherent == \A o \in Objects : valid[o] => cache[o] = IndexView(IndexOf(o))

(* The storage of every object holds exactly its own standard list's view. *)
StorageMatchesList ==
  \A o \in Objects : IndexView(IndexOf(o)) = SortAndCombine(hlist[o])

(* A write through one sharer is never seen by another: objects that share *)
(* storage have equal standard views.                                      *)
SharersSeeNoForeignWrite ==
  \A o1 \in Objects : \A o2 \in peers[o1] :
    SortAndCombine(hlist[o1]) = SortAndCombine(hlist[o2])

(* The sharing groups partition the objects, and an object whose flag is   *)
(* clear has its storage to itself (so writing in place is safe).          *)
SharedFlagCoversSharing ==
  \A o \in Objects :
    /\ o \in peers[o]
    /\ \A x \in peers[o] : peers[x] = peers[o] /\ store[x] = store[o]
    /\ ~shared[o] => peers[o] = {o}
    /\ ~store[o].mat => peers[o] = {o}

(* The module's shared empty index stays empty and is shared by exactly    *)
(* the objects on it.                                                      *)
BlankIsSharedAndEmpty ==
  \A o \in blank : peers[o] = blank /\ shared[o] /\ store[o] = StoreOf(EmptyIndex)

(* A storage holding a combined value that ends in ", " is never shared.   *)
SpacedIsNeverShared == \A o \in Objects : spaced[o] => peers[o] = {o}

(* The standard's invariants, on the mapped state.                         *)
StdGuardsHold == Std!GuardsHold

-----------------------------------------------------------------------------
(* Refinement: the abstract list is the history variable; guard, iter and  *)
(* result are the same variables.  The .cfg checks StdSpec as a PROPERTY:  *)
(* Std!Spec, its steps found through the call each one records            *)
(* (Std!NextOfCall, the same steps as Std!Next).                           *)
StdSpec == Std!Init /\ [][Std!NextOfCall]_Std!vars

THEOREM Spec => StdSpec
=============================================================================
