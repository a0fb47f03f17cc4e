------------------------- MODULE MCBugRequestAppendSkipsForbidden -------------------------
(***************************************************************************)
(* PLANTED BUG (MCBugRequestAppendSkipsForbidden.cfg replaces AppendHeader *)
(* with AppendHeaderSkipsForbidden): append under guard request skips the  *)
(* forbidden request-header check. Must violate StdGuardsHold.             *)
(***************************************************************************)
EXTENDS MCHeadersImpl

AppendHeaderSkipsForbidden(o, n, v) ==
  LET g == guard[o]
      ln == Lower[n]
      ix == IndexOf(o)
  IN  /\ call' = Std!Call("append", o, "", n, v, "", "")
      /\ CASE g = "immutable" ->
                result' = Std!Outcome("threw") /\ Untouched
           \* the bug: no forbidden request-header check under guard request
           [] g = "response" /\ Std!IsForbiddenResponse(ln) ->
                result' = Std!Outcome("ok") /\ Untouched
           [] g = "request-no-cors" /\ ~Std!NoCorsSafelisted(ln, ix[ln] \o <<v>>) ->
                /\ result' = Std!Outcome("ok")
                /\ Read(o)
                /\ UNCHANGED <<guard, iter, peers, cache, valid, blank, hlist>>
           [] OTHER ->
                /\ Count(ix) < MaxListLen
                /\ WriteIndex(o, IndexAfterMutation(g, [ix EXCEPT ![ln] = Append(@, v)]),
                              Spaces(ix, ln, v))
                /\ hlist' = [hlist EXCEPT ![o] =
                               Std!AfterMutation(g, Std!AppendEntry(@, n, <<v>>))]
                /\ result' = Std!Outcome("ok")
                /\ UNCHANGED <<guard, iter>>
=============================================================================
