------------------------- MODULE MCBugShareKeepsTrailingSpace -------------------------
(***************************************************************************)
(* PLANTED BUG (MCBugShareKeepsTrailingSpace.cfg replaces SharesWith with  *)
(* SharesWithIgnoringSpaced): a copy shares storage holding a combined     *)
(* value that ends in ", ", which the standard's fill normalizes. Must     *)
(* violate StorageMatchesList; it needs the empty value (kill variant      *)
(* share-keeps-trailing-comma-space).                                      *)
(***************************************************************************)
EXTENDS MCHeadersImpl

SharesWithIgnoringSpaced(src, g) ==
  LET ix == IndexOf(src)
  IN  /\ g # "request-no-cors"
      \* the bug: no check for a combined value ending in ", " (which the fill would normalize)
      /\ ~(g = "response" /\ \E ln \in LowerNames : ix[ln] # <<>> /\ Std!IsForbiddenResponse(ln))
      /\ ~(g = "request" /\ \E ln \in LowerNames : ix[ln] # <<>> /\ Std!IsForbiddenRequest(ln))
=============================================================================
