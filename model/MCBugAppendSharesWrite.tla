------------------------- MODULE MCBugAppendSharesWrite -------------------------
(***************************************************************************)
(* PLANTED BUG (MCBugAppendSharesWrite.cfg replaces AppendHeader with      *)
(* AppendHeaderInPlace): append writes into storage shared with a copy     *)
(* instead of detaching. Must violate SharersSeeNoForeignWrite.            *)
(***************************************************************************)
EXTENDS MCHeadersImpl

AppendHeaderInPlace(o, n, v) ==
  LET g == guard[o]
      ln == Lower[n]
      ix == IndexOf(o)
  IN  /\ call' = Std!Call("append", o, "", n, v, "", "")
      /\ CASE g = "immutable" ->
                result' = Std!Outcome("threw") /\ Untouched
           [] \/ g = "request" /\ Std!IsForbiddenRequest(ln)
              \/ g = "response" /\ Std!IsForbiddenResponse(ln) ->
                result' = Std!Outcome("ok") /\ Untouched
           [] g = "request-no-cors" /\ ~Std!NoCorsSafelisted(ln, ix[ln] \o <<v>>) ->
                /\ result' = Std!Outcome("ok")
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
                               Std!AfterMutation(g, Std!AppendEntry(@, n, <<v>>))]
                /\ result' = Std!Outcome("ok")
                /\ UNCHANGED <<guard, iter>>
=============================================================================
