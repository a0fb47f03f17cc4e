--------------------------- MODULE MCHeadersBugs ---------------------------
(***************************************************************************)
(* Planted bugs in the standard's Headers: each operator is a broken       *)
(* version of one of Headers', swapped in by a run of model/run.ts         *)
(* (BUG_MODELS) on MCHeaders' bounds.  Each run must find the one check it *)
(* names violated, which shows that check can fail.                        *)
(***************************************************************************)
EXTENDS MCHeaders

(* Off by one: a write may make a list hold MaxListLen + 1 values.         *)
HasRoomOffByOne(l) == Size(l) <= MaxListLen

(* append under guard request skips the forbidden request-header check.    *)
AppendVerdictSkipsRequestCheck(g, l, n, value) ==
  IF g = "immutable" THEN "threw"
  ELSE IF g = "response" /\ IsForbiddenResponse(Lower[n]) THEN "ignored"
  ELSE IF g = "request-no-cors" /\ ~NoCorsSafelisted(Lower[n], GetCombined(l, n) \o value)
       THEN "ignored"
  ELSE "accepted"

(* delete does not check for guard immutable.                              *)
DeleteVerdictIgnoresImmutable(g, l, n) ==
  IF g = "request" /\ IsForbiddenRequest(Lower[n]) THEN "ignored"
  ELSE IF g = "response" /\ IsForbiddenResponse(Lower[n]) THEN "ignored"
  ELSE IF /\ g = "request-no-cors"
          /\ Lower[n] \notin NoCorsSafelistedNames \cup PrivilegedNoCorsNames
       THEN "ignored"
  ELSE IF ~Contains(l, n) THEN "ignored"
  ELSE "accepted"
(* Freeze steps are not found through the call they record.               *)
NextOfCallSkipsFreeze == call'.op # "freeze" /\ StepOfCall(call')
=============================================================================
