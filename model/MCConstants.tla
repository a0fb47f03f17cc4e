---------------------------- MODULE MCConstants ----------------------------
(***************************************************************************)
(* The concrete names, values and orders every MC* model and the trace     *)
(* checks use.  Names are the real header names as TLC strings, in two     *)
(* casings per class, so a counterexample reads like the JavaScript that   *)
(* reproduces it.  The atoms: "s" is the real value "s", "l" is "l"        *)
(* repeated 126 times, "e" is the empty value.  For the 128-byte no-CORS   *)
(* limit: "l, e" is exactly 128 bytes (safelisted), "l, s" 129 (not).      *)
(***************************************************************************)
EXTENDS TLC

(* Every modelled name: ordinary, forbidden request, set-cookie,           *)
(* no-CORS-safelisted, privileged no-CORS; each in two casings.            *)
MCNames ==
  {"x-a", "X-A", "host", "Host", "set-cookie", "Set-Cookie", "accept", "Accept",
   "range", "Range"}

(* The names of the copy-on-write models: an ordinary name in two casings *)
(* and set-cookie, the one name sort-and-combine never combines and both  *)
(* a forbidden request-header and a forbidden response-header name (so it  *)
(* decides whether a copy under guard request or response may share).     *)
MCSharedNames == {"x-a", "X-A", "set-cookie"}

(* Byte-lowercase.                                                         *)
MCLower ==
  [n \in MCNames |->
     CASE n \in {"x-a", "X-A"} -> "x-a"
       [] n \in {"host", "Host"} -> "host"
       [] n \in {"set-cookie", "Set-Cookie"} -> "set-cookie"
       [] n \in {"accept", "Accept"} -> "accept"
       [] n \in {"range", "Range"} -> "range"]

MCSharedLower == [n \in MCSharedNames |-> MCLower[n]]

(* The names of the impl copy-on-write model: x-a and set-cookie in one   *)
(* casing each.  impl's storage and every decision it takes are on        *)
(* lowercase names, so a second casing adds successors that differ only   *)
(* in the history variable's casing, which the VIEW erases; the casing    *)
(* rules are checked with one object (MCHeaders, MCHeadersImpl) and with   *)
(* two in the abstract spec (MCHeadersPair).                               *)
MCCopyNames == {"x-a", "set-cookie"}

MCCopyLower == [n \in MCCopyNames |-> MCLower[n]]

(* Byte order of the lowercase names, as sort-and-combine compares them.   *)
MCByteOrder == <<"accept", "host", "range", "set-cookie", "x-a">>

MCSharedByteOrder == <<"set-cookie", "x-a">>

(* The names of the no-CORS copy model: the safelisted accept and the     *)
(* privileged range (request-no-cors ignores an ordinary name the same).   *)
MCNoCorsNames == {"accept", "range"}

MCNoCorsLower == [n \in MCNoCorsNames |-> MCLower[n]]

MCNoCorsByteOrder == <<"accept", "range">>

MCValues == {"s", "l", "e"}

(* Byte length of the real string each atom stands for.                    *)
MCValueLength == [v \in MCValues |-> CASE v = "s" -> 1 [] v = "l" -> 126 [] v = "e" -> 0]

(* The copy-on-write models need no no-CORS length check: a one-byte and  *)
(* the empty value (for the trailing ", " a copy normalizes).              *)
MCSharedValues == {"s", "e"}

MCSharedValueLength == [v \in MCSharedValues |-> IF v = "s" THEN 1 ELSE 0]

(* The no-CORS copy model's values: "l, e" is exactly 128 bytes (the      *)
(* limit, safelisted), "l, l" far over it; "e" after another value ends a  *)
(* combined value in ", ", which a copy normalizes.                        *)
MCNoCorsValues == {"l", "e"}

MCNoCorsValueLength == [v \in MCNoCorsValues |-> IF v = "l" THEN 126 ELSE 0]
=============================================================================
