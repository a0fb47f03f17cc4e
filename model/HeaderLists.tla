----------------------------- MODULE HeaderLists -----------------------------
(***************************************************************************)
(* The standard's header lists and the decisions of its algorithms, with   *)
(* no state: the constants of the Headers models and every operator that   *)
(* reads no variable.  Headers EXTENDS it for its actions, and HeadersImpl *)
(* EXTENDS it for the same helpers, so neither evaluates them through an   *)
(* INSTANCE (HeadersImpl instantiates Headers only for the refinement).    *)
(*                                                                         *)
(* A header list is a sequence of entries <<name, value>>.  Names come     *)
(* from a small set `Names` holding each modelled name in two casings.     *)
(* A value is a non-empty sequence of atoms from `Values`: appending puts  *)
(* a one-atom value in the list, and combining values (", " in the         *)
(* standard) is sequence concatenation.  An atom may stand for the empty   *)
(* string: a combined value ending in it ends in ", ", which the value     *)
(* normalization of a copy's fill trims to ",".  The pseudo-atom `Cut`     *)
(* records that trim: it stands for the empty string AND takes the space   *)
(* of the ", " before it, so <<"s", Cut>> is "s,".  No real atom contains  *)
(* "," or a space, so this representation is one-to-one with the strings.  *)
(*                                                                         *)
(* Names are abstracted into the classes the algorithms tell apart:        *)
(*   - ordinary (e.g. x-a),                                                *)
(*   - forbidden request-header (e.g. host),                               *)
(*   - set-cookie: forbidden request-header AND forbidden response-header  *)
(*     name, never combined by sort-and-combine,                           *)
(*   - no-CORS-safelisted request-header name (e.g. accept),               *)
(*   - privileged no-CORS request-header name (range).                     *)
(* The byte order of the lowercase names is given explicitly as the        *)
(* sequence `ByteOrder`; names and values are never permuted.              *)
(*                                                                         *)
(* The no-CORS-safelisted value check is abstracted as `NoCorsValueOK` on  *)
(* a combined value: the value is safelisted iff its byte length, with     *)
(* ", " between atoms, is at most 128 (`ValueLength` gives the byte length *)
(* of each atom's real string).  For `accept` this is exactly the          *)
(* standard's rule when no atom has a CORS-unsafe byte, which the atoms    *)
(* used here do not.                                                       *)
(*                                                                         *)
(* Not modelled: name/value validity (TypeErrors for bad input are checked *)
(* by the property suite), the x-http-method(-override) value-dependent    *)
(* forbidden names.                                                        *)
(***************************************************************************)
EXTENDS Integers, Sequences, FiniteSets

CONSTANTS
  Names,            \* header names, each lowercase name also in another casing
  Lower,            \* function: name -> its byte-lowercase form
  ByteOrder,        \* sequence of the lowercase names in byte order
  Values,           \* atoms of header values
  ValueLength,      \* function: atom -> byte length of its real string
  ForbiddenRequestNames,   \* lowercase forbidden request-header names
  ForbiddenResponseNames,  \* lowercase forbidden response-header names
  NoCorsSafelistedNames,   \* lowercase no-CORS-safelisted request-header names
  PrivilegedNoCorsNames,   \* lowercase privileged no-CORS request-header names
  SetCookie,        \* the lowercase name "set-cookie"
  Objects,          \* the Headers objects
  Iterators,        \* the live iterators
  MaxListLen,       \* bound on the number of values of a header list
  InitListLen,      \* bound on the length of an initial (raw) header list
  InitGuards,       \* guards an object may start with
  CopyGuards,       \* guards a copy may be made under
  Profile,          \* "standard" or "server"
  ReadOps           \* the reads Next takes, of ReadOpNames

LowerNames == {Lower[n] : n \in Names}

Guards == {"none", "request", "request-no-cors", "response", "immutable"}

(* The reads: get, has, getSetCookie, forEach and headerListOf.            *)
ReadOpNames == {"get", "has", "getSetCookie", "forEach", "headerList"}

ASSUME /\ Lower \in [Names -> Names]
       /\ \A n \in Names : Lower[Lower[n]] = Lower[n]
       /\ ByteOrder \in Seq(LowerNames)
       /\ {ByteOrder[i] : i \in 1..Len(ByteOrder)} = LowerNames
       /\ Len(ByteOrder) = Cardinality(LowerNames)
       /\ ValueLength \in [Values -> Nat]
       /\ "cut" \notin Values
       /\ ForbiddenRequestNames \subseteq LowerNames
       /\ ForbiddenResponseNames \subseteq LowerNames
       /\ NoCorsSafelistedNames \subseteq LowerNames
       /\ PrivilegedNoCorsNames \subseteq LowerNames
       /\ MaxListLen \in Nat /\ InitListLen \in 0..MaxListLen
       /\ InitGuards \subseteq Guards \ {"immutable"}
       /\ CopyGuards \subseteq Guards \ {"immutable"}
       /\ Profile \in {"standard", "server"}
       /\ ReadOps \subseteq ReadOpNames
       /\ "none" \notin Objects

(* A closed (never opened) iterator, and an object no iterator targets.    *)
NoObject == "none"
ClosedIterator == [obj |-> NoObject, pos |-> 0]

-----------------------------------------------------------------------------
(* Helpers over header lists.                                              *)

(* Entries an append can add: a name and a one-atom value.                 *)
AtomEntries == Names \X {<<v>> : v \in Values}

(* The pseudo-atom of a trimmed trailing ", " (see the header).            *)
Cut == "cut"

(* Every value a list may hold: up to MaxListLen atoms, combined.           *)
CombinedValues == UNION {[1..k -> Values \cup {Cut}] : k \in 1..MaxListLen}

Entries == Names \X CombinedValues

(* Sequences of elements of S of length at most k.                          *)
SeqsUpTo(S, k) == UNION {[1..m -> S] : m \in 0..k}

RECURSIVE Flatten(_)
(* The concatenation of a sequence of sequences.                            *)
Flatten(s) == IF s = <<>> THEN <<>> ELSE Head(s) \o Flatten(Tail(s))

(* The number of values a list holds: its entries' atoms (a copy's fill    *)
(* appends combined values, so entries alone do not bound the atoms).     *)
Size(l) == Len(Flatten([k \in 1..Len(l) |-> l[k][2]]))

RECURSIVE SumLengths(_)
SumLengths(s) ==
  IF s = <<>> THEN 0
  ELSE (IF Head(s) = Cut THEN -1 ELSE ValueLength[Head(s)]) + SumLengths(Tail(s))

(* Byte length of a combined value: the atoms joined by ", " (a Cut takes  *)
(* one byte back: the space it removed).                                   *)
CombinedLength(value) == SumLengths(value) + 2 * (Len(value) - 1)

(* The values, in order, of the entries whose lowercase name is ln.         *)
ValuesNamed(l, ln) ==
  LET matching == SelectSeq(l, LAMBDA e : Lower[e[1]] = ln)
  IN  [i \in 1..Len(matching) |-> matching[i][2]]

(* Header list "contains".                                                 *)
Contains(l, n) == \E i \in 1..Len(l) : Lower[l[i][1]] = Lower[n]

(* Header list "get", as atoms; <<>> stands for null.                      *)
GetCombined(l, n) == Flatten(ValuesNamed(l, Lower[n]))

(* Header list "delete": remove every entry named ln (any casing).         *)
RemoveNamed(l, ln) == SelectSeq(l, LAMBDA e : Lower[e[1]] # ln)

(* Header list "append": keep the casing of the first existing entry.      *)
AppendEntry(l, n, value) ==
  LET first == {i \in 1..Len(l) : Lower[l[i][1]] = Lower[n]}
      casing == IF first = {} THEN n ELSE l[CHOOSE i \in first : \A j \in first : i <= j][1]
  IN  Append(l, <<casing, value>>)

(* Header list "set": replace the first entry's value, drop the others.    *)
SetEntry(l, n, value) ==
  IF Contains(l, n)
  THEN LET i == CHOOSE k \in 1..Len(l) :
                  /\ Lower[l[k][1]] = Lower[n]
                  /\ \A j \in 1..(k - 1) : Lower[l[j][1]] # Lower[n]
       IN  SubSeq(l, 1, i - 1) \o <<<<l[i][1], value>>>>
             \o RemoveNamed(SubSeq(l, i + 1, Len(l)), Lower[n])
  ELSE Append(l, <<n, value>>)

(* "Remove privileged no-CORS request-headers".                             *)
RemovePrivileged(l) == SelectSeq(l, LAMBDA e : Lower[e[1]] \notin PrivilegedNoCorsNames)

(* The position of a lowercase name in byte order.                         *)
Rank(ln) == CHOOSE i \in 1..Len(ByteOrder) : ByteOrder[i] = ln

RECURSIVE PairsFrom(_, _)
PairsFrom(l, i) ==
  IF i > Len(ByteOrder) THEN <<>>
  ELSE LET ln == ByteOrder[i]
           vs == ValuesNamed(l, ln)
           here == IF vs = <<>> THEN <<>>
                   ELSE IF ln = SetCookie THEN [k \in 1..Len(vs) |-> <<ln, vs[k]>>]
                   ELSE <<<<ln, Flatten(vs)>>>>
       IN  here \o PairsFrom(l, i + 1)

(* "Sort and combine": lowercase names in byte order; set-cookie values one *)
(* pair each, every other name's values combined into one pair.            *)
SortAndCombine(l) == PairsFrom(l, 1)

(* "Normalize" of a combined value as fill applies it: a value ending in   *)
(* the empty atom after ", " loses the trailing space.  (No atom has       *)
(* leading or trailing whitespace, and a lone empty atom is "".)           *)
Normalize(value) ==
  IF Len(value) > 1 /\ value[Len(value)] \in Values /\ ValueLength[value[Len(value)]] = 0
  THEN [value EXCEPT ![Len(value)] = Cut]
  ELSE value

RECURSIVE ObservableFrom(_, _)
(* obs with the entries of l added in order, each to its lowercase name.  *)
ObservableFrom(obs, l) ==
  IF l = <<>> THEN obs
  ELSE ObservableFrom([obs EXCEPT ![Lower[Head(l)[1]]] = Append(@, Head(l)[2])], Tail(l))

(* What of a list any operation can observe: per lowercase name, its      *)
(* values in order (ValuesNamed of every name, in one pass over l: this is *)
(* in the VIEW, evaluated for every state TLC generates).  The casing of  *)
(* names and the order across names are erased by every Headers operation *)
(* (sort-and-combine lowercases and sorts; get/has/delete take any         *)
(* casing).                                                                *)
Observable(l) == ObservableFrom([ln \in LowerNames |-> <<>>], l)

-----------------------------------------------------------------------------
(* Name and value predicates of the standard, per profile.                 *)

IsForbiddenRequest(ln) == Profile = "standard" /\ ln \in ForbiddenRequestNames
IsForbiddenResponse(ln) == Profile = "standard" /\ ln \in ForbiddenResponseNames

(* The abstraction of the CORS-safelisted value check (see the header).    *)
NoCorsValueOK(value) == CombinedLength(value) <= 128

(* "no-CORS-safelisted request-header" (name, value).                       *)
NoCorsSafelisted(ln, value) == ln \in NoCorsSafelistedNames /\ NoCorsValueOK(value)

(* The per-guard state a list must keep (standard profile): what "append", *)
(* "set" and "delete" preserve.  Initial raw lists are drawn from it too.  *)
GuardAdmits(g, l) ==
  /\ g = "request" => \A i \in 1..Len(l) : ~IsForbiddenRequest(Lower[l[i][1]])
  /\ g = "response" => \A i \in 1..Len(l) : ~IsForbiddenResponse(Lower[l[i][1]])
  /\ g = "request-no-cors" =>
       \A i \in 1..Len(l) :
         \/ Lower[l[i][1]] \in PrivilegedNoCorsNames
         \/ NoCorsSafelisted(Lower[l[i][1]], GetCombined(l, l[i][1]))

(* Outcomes: "ok", "threw" (TypeError), "pair" (an iterator's value) and   *)
(* "done" (an exhausted iterator).                                         *)
Outcome(kind) == [kind |-> kind, name |-> "", value |-> <<>>]
PairOutcome(pair) == [kind |-> "pair", name |-> pair[1], value |-> pair[2]]

(* What "append" on a list with guard g does: "threw", "ignored" or        *)
(* "accepted".                                                             *)
(* value is a sequence of atoms.                                           *)
AppendVerdict(g, l, n, value) ==
  IF g = "immutable" THEN "threw"
  ELSE IF g = "request" /\ IsForbiddenRequest(Lower[n]) THEN "ignored"
  ELSE IF g = "response" /\ IsForbiddenResponse(Lower[n]) THEN "ignored"
  ELSE IF g = "request-no-cors" /\ ~NoCorsSafelisted(Lower[n], GetCombined(l, n) \o value)
       THEN "ignored"
  ELSE "accepted"

(* What "set" does.                                                        *)
SetVerdict(g, n, v) ==
  IF g = "immutable" THEN "threw"
  ELSE IF g = "request" /\ IsForbiddenRequest(Lower[n]) THEN "ignored"
  ELSE IF g = "response" /\ IsForbiddenResponse(Lower[n]) THEN "ignored"
  ELSE IF g = "request-no-cors" /\ ~NoCorsSafelisted(Lower[n], <<v>>) THEN "ignored"
  ELSE "accepted"

(* What "delete" does.                                                     *)
DeleteVerdict(g, l, n) ==
  IF g = "immutable" THEN "threw"
  ELSE IF g = "request" /\ IsForbiddenRequest(Lower[n]) THEN "ignored"
  ELSE IF g = "response" /\ IsForbiddenResponse(Lower[n]) THEN "ignored"
  ELSE IF /\ g = "request-no-cors"
          /\ Lower[n] \notin NoCorsSafelistedNames \cup PrivilegedNoCorsNames
       THEN "ignored"
  ELSE IF ~Contains(l, n) THEN "ignored"
  ELSE "accepted"

(* The no-CORS clean-up that follows every accepted mutation.               *)
AfterMutation(g, l) == IF g = "request-no-cors" THEN RemovePrivileged(l) ELSE l

VisibleOutcome(verdict) == Outcome(IF verdict = "threw" THEN "threw" ELSE "ok")

RECURSIVE FillPairs(_, _, _)
(* "Fill" of a list under guard g from the pairs of another Headers: each  *)
(* pair's value normalized, then appended under g (or ignored).            *)
FillPairs(g, l, pairs) ==
  IF pairs = <<>> THEN l
  ELSE LET n == Head(pairs)[1]
           value == Normalize(Head(pairs)[2])
       IN  FillPairs(g,
                     IF AppendVerdict(g, l, n, value) = "accepted"
                     THEN AfterMutation(g, AppendEntry(l, n, value)) ELSE l,
                     Tail(pairs))

(* The outcome of a read: get is "value" (the combined value's atoms) or  *)
(* "null"; has is "true" or "false"; getSetCookie is "cookies" with one    *)
(* value per set-cookie header, in order, and says the array is the        *)
(* caller's own: the next call returns a different array, which a push     *)
(* onto this one does not reach (an implementation handing out its own    *)
(* array answers "aliased", which no action of the standard does);         *)
(* forEach is "pairs", the sort-and-combine pairs its callback saw (the    *)
(* callback changes nothing); headerListOf is "list", the header list.      *)
ReadOutcome(kind, value) == [kind |-> kind, name |-> "", value |-> value]

ReadKinds == {"value", "null", "true", "false", "cookies", "pairs", "list"}

GetOutcome(l, n) ==
  IF Contains(l, n) THEN ReadOutcome("value", GetCombined(l, n)) ELSE Outcome("null")

HasOutcome(l, n) == Outcome(IF Contains(l, n) THEN "true" ELSE "false")

(* An operation call as the interface records it; "" for unused arguments *)
(* (g: the guard of a copy).                                               *)
Call(op, o, src, n, v, i, g) ==
  [op |-> op, obj |-> o, src |-> src, name |-> n, value |-> v, it |-> i, guard |-> g]

Calls ==
  {Call("init", "", "", "", "", "", "")}
    \cup {Call(op, o, "", n, v, "", "") : op \in {"append", "set"}, o \in Objects, n \in Names,
                                     v \in Values}
    \cup {Call("delete", o, "", n, "", "", "") : o \in Objects, n \in Names}
    \cup {Call("freeze", o, "", "", "", "", "") : o \in Objects}
    \cup {Call("open", o, "", "", "", i, "") : o \in Objects, i \in Iterators}
    \cup {Call("next", "", "", "", "", i, "") : i \in Iterators}
    \cup {Call("copy", dst, src, "", "", "", g) : dst, src \in Objects, g \in CopyGuards}
    \cup {Call(op, o, "", n, "", "", "") : op \in {"get", "has"}, o \in Objects, n \in Names}
    \cup {Call(op, o, "", "", "", "", "") : op \in {"getSetCookie", "forEach", "headerList"},
                                          o \in Objects}

=============================================================================
