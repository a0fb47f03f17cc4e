---------------------------- MODULE MCConstants ----------------------------
(***************************************************************************)
(* The concrete names, values and orders every MC* model and the trace     *)
(* checks use.  Names are the real header names as TLC strings, in two     *)
(* casings per class, so a counterexample reads like the JavaScript that   *)
(* reproduces it.  The atoms "s" and "l" stand for the real values "s" and *)
(* "l" repeated 64 times: "l, l" is 130 bytes, over the 128-byte no-CORS   *)
(* limit, while "l, s" and "s, s" are within it.                           *)
(***************************************************************************)

(* Every modelled name: ordinary, forbidden request, set-cookie,           *)
(* no-CORS-safelisted, privileged no-CORS; each in two casings.            *)
MCNames ==
  {"x-a", "X-A", "host", "Host", "set-cookie", "Set-Cookie", "accept", "Accept",
   "range", "Range"}

(* The names of the copy-on-write models: an ordinary name in two casings *)
(* and set-cookie, the one name sort-and-combine never combines.           *)
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

(* Byte order of the lowercase names, as sort-and-combine compares them.   *)
MCByteOrder == <<"accept", "host", "range", "set-cookie", "x-a">>

MCSharedByteOrder == <<"set-cookie", "x-a">>

MCValues == {"s", "l"}

(* Byte length of the real string each atom stands for.                    *)
MCValueLength == [v \in MCValues |-> IF v = "s" THEN 1 ELSE 64]

(* The copy-on-write models need no no-CORS length check: one atom.        *)
MCSharedValues == {"s"}

MCSharedValueLength == [v \in MCSharedValues |-> 1]
=============================================================================
