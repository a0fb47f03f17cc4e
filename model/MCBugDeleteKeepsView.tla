------------------------- MODULE MCBugDeleteKeepsView -------------------------
(***************************************************************************)
(* PLANTED BUG (MCBugDeleteKeepsView.cfg replaces DeleteHeader with        *)
(* DeleteHeaderKeepsView): a delete that removes a name leaves the cached  *)
(* view valid. Must violate CacheCoherent.                                 *)
(***************************************************************************)
EXTENDS MCHeadersImpl

DeleteHeaderKeepsView(o, n) ==
  LET g == guard[o]
      ln == Lower[n]
      ix == IndexOf(o)
  IN  /\ call' = Std!Call("delete", o, "", n, "", "", "")
      /\ CASE g = "immutable" ->
                result' = Std!Outcome("threw") /\ Untouched
           [] \/ g = "request" /\ Std!IsForbiddenRequest(ln)
              \/ g = "response" /\ Std!IsForbiddenResponse(ln)
              \/ /\ g = "request-no-cors"
                 /\ ln \notin NoCorsSafelistedNames \cup PrivilegedNoCorsNames ->
                result' = Std!Outcome("ok") /\ Untouched
           [] ix[ln] = <<>> ->
                /\ result' = Std!Outcome("ok")
                /\ Read(o)
                /\ UNCHANGED <<guard, iter, peers, cache, valid, blank, hlist>>
           [] OTHER ->
                \* the bug: the storage is written, the cached view is kept
                /\ WriteStorage(o, IndexAfterMutation(g, [ix EXCEPT ![ln] = <<>>]), FALSE)
                /\ UNCHANGED <<cache, valid>>
                /\ hlist' = [hlist EXCEPT ![o] = Std!AfterMutation(g, Std!RemoveNamed(@, ln))]
                /\ result' = Std!Outcome("ok")
                /\ UNCHANGED <<guard, iter>>
=============================================================================
