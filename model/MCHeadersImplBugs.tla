------------------------- MODULE MCHeadersImplBugs -------------------------
(***************************************************************************)
(* Planted bugs in HeadersImpl: each operator is a broken version of one   *)
(* of HeadersImpl's, swapped in by a run of model/run.ts (BUG_MODELS: the  *)
(* substitution `Operator <- Broken` added to its base model's config).    *)
(* Each run must find the one check it names violated, which shows that    *)
(* check can fail.  Nothing here is used by a correct model.               *)
(***************************************************************************)
EXTENDS MCHeadersImpl

(* A delete that removes a name leaves the cached view valid.              *)
DeleteHeaderKeepsView(o, n) ==
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
           [] ix[ln] = <<>> ->
                /\ result' = Outcome("ok")
                /\ Read(o)
                /\ UNCHANGED <<guard, iter, peers, cache, valid, blank, hlist>>
           [] OTHER ->
                \* the bug: the storage is written, the cached view is kept
                /\ WriteStorage(o, IndexAfterMutation(g, [ix EXCEPT ![ln] = <<>>]), FALSE)
                /\ UNCHANGED <<cache, valid>>
                /\ hlist' = [hlist EXCEPT ![o] = AfterMutation(g, RemoveNamed(@, ln))]
                /\ result' = Outcome("ok")
                /\ UNCHANGED <<guard, iter>>

(* Append writes into storage shared with a copy instead of detaching.     *)
AppendHeaderInPlace(o, n, v) ==
  LET g == guard[o]
      ln == Lower[n]
      ix == IndexOf(o)
  IN  /\ call' = Call("append", o, "", n, v, "", "")
      /\ Std!Tick
      /\ CASE g = "immutable" ->
                result' = Outcome("threw") /\ Untouched
           [] \/ g = "request" /\ IsForbiddenRequest(ln)
              \/ g = "response" /\ IsForbiddenResponse(ln) ->
                result' = Outcome("ok") /\ Untouched
           [] g = "request-no-cors" /\ ~NoCorsSafelisted(ln, ix[ln] \o <<v>>) ->
                /\ result' = Outcome("ok")
                /\ Read(o)
                /\ UNCHANGED <<guard, iter, peers, cache, valid, blank, hlist>>
           [] OTHER ->
                /\ Count(ix) < MaxListLen
                \* the bug: no copy-on-write detach; every sharer's storage is written
                /\ store' = [x \in Objects |->
                               IF x \in peers[o]
                               THEN StoreOf(IndexAfterMutation(g, [ix EXCEPT ![ln] = Append(@, v)]))
                               ELSE store[x]]
                /\ shared' = [shared EXCEPT ![o] = FALSE]
                /\ spaced' = [spaced EXCEPT ![o] = @ \/ Spaces(ix, ln, v)]
                /\ UNCHANGED <<peers, blank>>
                /\ DropView(o)
                /\ hlist' = [hlist EXCEPT ![o] =
                               AfterMutation(g, AppendEntry(@, n, <<v>>))]
                /\ result' = Outcome("ok")
                /\ UNCHANGED <<guard, iter>>

(* Append under guard request skips the forbidden request-header check.    *)
AppendHeaderSkipsForbidden(o, n, v) ==
  LET g == guard[o]
      ln == Lower[n]
      ix == IndexOf(o)
  IN  /\ call' = Call("append", o, "", n, v, "", "")
      /\ Std!Tick
      /\ CASE g = "immutable" ->
                result' = Outcome("threw") /\ Untouched
           \* the bug: no forbidden request-header check under guard request
           [] g = "response" /\ IsForbiddenResponse(ln) ->
                result' = Outcome("ok") /\ Untouched
           [] g = "request-no-cors" /\ ~NoCorsSafelisted(ln, ix[ln] \o <<v>>) ->
                /\ result' = Outcome("ok")
                /\ Read(o)
                /\ UNCHANGED <<guard, iter, peers, cache, valid, blank, hlist>>
           [] OTHER ->
                /\ Count(ix) < MaxListLen
                /\ WriteIndex(o, IndexAfterMutation(g, [ix EXCEPT ![ln] = Append(@, v)]),
                              Spaces(ix, ln, v))
                /\ hlist' = [hlist EXCEPT ![o] =
                               AfterMutation(g, AppendEntry(@, n, <<v>>))]
                /\ result' = Outcome("ok")
                /\ UNCHANGED <<guard, iter>>

(* When next() has to rebuild the view, an iterator that had already       *)
(* advanced skips a pair.                                                  *)
NextPairSkipsAfterRebuild(i) ==
  LET o == iter[i].obj
      p == iter[i].pos
      view == ObservedView(o)
  IN  /\ call' = Call("next", "", "", "", "", i, "")
      /\ Std!Tick
      /\ o # NoObject
      /\ BuildView(o)
      \* the bug: after a rebuild, an iterator that had advanced skips one pair
      /\ LET q == IF ~valid[o] /\ p > 0 /\ p + 1 < Len(view) THEN p + 1 ELSE p
         IN  IF q < Len(view)
             THEN /\ result' = PairOutcome(view[q + 1])
                  /\ iter' = [iter EXCEPT ![i].pos = q + 1]
             ELSE /\ result' = Outcome("done")
                  /\ UNCHANGED iter
      /\ UNCHANGED <<guard, peers, blank, hlist>>

(* A write through an object under a guard other than none does not detach *)
(* shared storage.                                                         *)
WriteStorageDetachOnlyUnderNone(o, ix, sp) ==
  \* the bug: a shared storage is detached only under guard none
  /\ IF shared[o] /\ guard[o] = "none"
     THEN /\ peers' = Leave(o)
          /\ store' = [store EXCEPT ![o] = StoreOf(ix)]
          /\ blank' = blank \ {o}
     ELSE /\ store' = [x \in Objects |-> IF x \in peers[o] THEN StoreOf(ix) ELSE store[x]]
          /\ UNCHANGED <<peers, blank>>
  /\ shared' = [shared EXCEPT ![o] = FALSE]
  /\ spaced' = [spaced EXCEPT ![o] = @ \/ (~store[o].mat /\ RawSpaces(EmptyIndex, store[o].raw)) \/ sp]

(* A copy shares storage holding a combined value that ends in ", ", which *)
(* the standard's fill normalizes.                                         *)
SharesWithIgnoringSpaced(src, g) ==
  LET ix == IndexOf(src)
  IN  /\ g # "request-no-cors"
      \* the bug: no check for a combined value ending in ", " (which the fill would normalize)
      /\ ~(g = "response" /\ \E ln \in LowerNames : ix[ln] # <<>> /\ IsForbiddenResponse(ln))
      /\ ~(g = "request" /\ \E ln \in LowerNames : ix[ln] # <<>> /\ IsForbiddenRequest(ln))

(* The first write through an object on the module's shared empty index    *)
(* gives it a raw list of its own but leaves it counted on the empty       *)
(* index, as a Headers that kept the EMPTY_INDEX reference beside its raw  *)
(* list would.                                                             *)
DeferFirstWriteStaysOnBlank(o, ln, v) ==
  /\ peers' = Leave(o)
  /\ store' = [store EXCEPT ![o] = [raw |-> <<<<ln, v>>>>, index |-> EmptyIndex, mat |-> FALSE,
                                    scan |-> TRUE]]
  \* the bug: o is not taken off the empty index's objects
  /\ UNCHANGED blank
  /\ shared' = [shared EXCEPT ![o] = FALSE]
  /\ UNCHANGED spaced
  /\ DropView(o)

(* Every read clears the copy-on-write flag, not only the materialization  *)
(* of a raw list, so an object still sharing its index would write it in   *)
(* place.                                                                  *)
ReadClearsSharedFlag(o) ==
  IF store[o].mat
  \* the bug: the flag is cleared although the index may still be shared
  THEN /\ shared' = [shared EXCEPT ![o] = FALSE]
       /\ UNCHANGED <<store, spaced>>
  ELSE /\ store' = [store EXCEPT ![o] = StoreOf(IndexOf(o))]
       /\ shared' = [shared EXCEPT ![o] = FALSE]
       /\ spaced' = [spaced EXCEPT ![o] = RawSpaces(EmptyIndex, store[o].raw)]

(* An append identical to the previous call is ignored: the previous       *)
(* outcome is returned again and nothing changes, as a memo of the last    *)
(* call would. Every state invariant holds (the state does not change);    *)
(* only the refinement sees the dropped call, through the interface's      *)
(* clock.                                                                  *)
AppendHeaderIgnoresRepeat(o, n, v) ==
  IF call = Call("append", o, "", n, v, "", "")
  THEN /\ UNCHANGED <<call, result>>
       /\ Std!Tick
       /\ Untouched
  ELSE /\ call' = Call("append", o, "", n, v, "", "")
       /\ Std!Tick
       /\ Appended(o, n, v)

(* The view builder combines set-cookie values into one pair like every    *)
(* other name's.                                                           *)
IndexViewCombinesSetCookie(ix) ==
  LET RECURSIVE From(_)
      From(i) ==
        IF i > Len(ByteOrder) THEN <<>>
        ELSE (IF ix[ByteOrder[i]] = <<>> THEN <<>> ELSE <<<<ByteOrder[i], ix[ByteOrder[i]]>>>>)
               \o From(i + 1)
  IN  From(1)

(* Off by one: a write may make a list hold one value more than            *)
(* MaxListLen.                                                             *)
IndexHasRoomOffByOne(ix) == Count(ix) <= MaxListLen

(* Materialization puts a name's raw entries into the index in reverse     *)
(* order (seen only with a repeated name in a raw list: InitListLen 2).     *)
RECURSIVE IndexFromRawReversed(_, _)
IndexFromRawReversed(ix, raw) ==
  IF raw = <<>> THEN ix
  ELSE IndexFromRawReversed([ix EXCEPT ![Lower[Head(raw)[1]]] = <<Head(raw)[2]>> \o @], Tail(raw))

(* has() answers from the cached view whether or not it is valid: false   *)
(* for every name while no view was built.                                 *)
HasHeaderFromView(o, n) ==
  ReadIndex(o, "has", n,
            Outcome(IF \E k \in 1..Len(cache[o]) : cache[o][k][1] = Lower[n]
                        THEN "true" ELSE "false"), Lookup(o))
=============================================================================
