------------------------------- MODULE Headers -------------------------------
(***************************************************************************)
(* The WHATWG Fetch `Headers` object as the standard describes it, at the  *)
(* level of detail that matters for guards, mutation and live iteration.   *)
(*                                                                         *)
(* Reads are observations: get, has, getSetCookie, forEach and            *)
(* headerListOf change nothing and return what `ReadOutcome` says.         *)
(*                                                                         *)
(* Not modelled: a forEach callback that mutates the object.              *)
(*                                                                         *)
(* Objects: a fixed set of Headers objects.  `Copy(src, dst, g)` models    *)
(* `headersWithGuard(g, src)` (g = "none": `new Headers(src)`) whose       *)
(* result takes the place of dst.                                          *)
(***************************************************************************)
EXTENDS HeaderLists

VARIABLES
  list,    \* list[o]: the header list of object o
  guard,   \* guard[o]: the guard of object o
  iter,    \* iter[i]: the target object and next index of iterator i
  call,    \* the interface: the last operation called, with its arguments
  result,  \* the interface: the observable outcome of that operation
  clock    \* the interface: the number of calls made; every call is a step

vars == <<list, guard, iter, call, result, clock>>

TypeOK ==
  /\ list \in [Objects -> Seq(Entries)]
  /\ \A o \in Objects : Size(list[o]) <= MaxListLen
  /\ guard \in [Objects -> Guards]
  /\ iter \in [Iterators -> [obj : Objects \cup {NoObject}, pos : 0..MaxListLen]]
  /\ call \in Calls
  /\ clock \in Nat
  \* (field by field: a set of every pair outcome would be enumerated for each state)
  /\ \/ result \in {Outcome(k) : k \in {"ok", "threw", "done"}}
     \/ result.kind = "pair" /\ result.name \in LowerNames /\ result.value \in CombinedValues
     \/ result.kind \in ReadKinds /\ result.name = ""

(* Every call advances the clock, so a refinement cannot match a call the  *)
(* implementation dropped, repeated or reordered with a stutter: a call    *)
(* that changes nothing else is still a step of Next.                      *)
Tick == clock' = clock + 1

(* State identity for TLC (the MC models' VIEW): the quotient by what no   *)
(* operation can observe.  call and result are left out too: only action   *)
(* properties read them.                                                   *)
StateView == <<[o \in Objects |-> Observable(list[o])], guard, iter>>

-----------------------------------------------------------------------------
Init ==
  /\ guard \in [Objects -> InitGuards]
  /\ list \in [Objects -> SeqsUpTo(AtomEntries, InitListLen)]
  /\ \A o \in Objects : GuardAdmits(guard[o], list[o])
  /\ iter = [i \in Iterators |-> ClosedIterator]
  /\ call = Call("init", "", "", "", "", "", "")
  /\ result = Outcome("ok")
  /\ clock = 0

(* The model's bound: a write that would make a list hold more than        *)
(* MaxListLen values is not explored.                                      *)
HasRoom(l) == Size(l) < MaxListLen

(* Headers.append(n, v) on object o.                                        *)
AppendHeader(o, n, v) ==
  LET verdict == AppendVerdict(guard[o], list[o], n, <<v>>)
  IN  /\ call' = Call("append", o, "", n, v, "", "")
      /\ Tick
      /\ verdict = "accepted" => HasRoom(list[o])
      /\ list' = IF verdict = "accepted"
                 THEN [list EXCEPT ![o] = AfterMutation(guard[o], AppendEntry(@, n, <<v>>))]
                 ELSE list
      /\ result' = VisibleOutcome(verdict)
      /\ UNCHANGED <<guard, iter>>

(* Headers.set(n, v) on object o.                                           *)
SetHeader(o, n, v) ==
  LET verdict == SetVerdict(guard[o], n, v)
  IN  /\ call' = Call("set", o, "", n, v, "", "")
      /\ Tick
      /\ (verdict = "accepted" /\ ~Contains(list[o], n)) => HasRoom(list[o])
      /\ list' = IF verdict = "accepted"
                 THEN [list EXCEPT ![o] = AfterMutation(guard[o], SetEntry(@, n, <<v>>))]
                 ELSE list
      /\ result' = VisibleOutcome(verdict)
      /\ UNCHANGED <<guard, iter>>

(* Headers.delete(n) on object o.                                           *)
DeleteHeader(o, n) ==
  LET verdict == DeleteVerdict(guard[o], list[o], n)
  IN  /\ call' = Call("delete", o, "", n, "", "", "")
      /\ Tick
      /\ list' = IF verdict = "accepted"
                 THEN [list EXCEPT ![o] = AfterMutation(guard[o], RemoveNamed(@, Lower[n]))]
                 ELSE list
      /\ result' = VisibleOutcome(verdict)
      /\ UNCHANGED <<guard, iter>>

(* The guard becomes "immutable", as a response's headers do.              *)
Freeze(o) ==
  /\ call' = Call("freeze", o, "", "", "", "", "")
  /\ Tick
  /\ guard' = [guard EXCEPT ![o] = "immutable"]
  /\ result' = Outcome("ok")
  /\ UNCHANGED <<list, iter>>

(* headers.entries(): iterator i now targets o at index 0.                  *)
OpenIterator(i, o) ==
  /\ call' = Call("open", o, "", "", "", i, "")
  /\ Tick
  /\ iter' = [iter EXCEPT ![i] = [obj |-> o, pos |-> 0]]
  /\ result' = Outcome("ok")
  /\ UNCHANGED <<list, guard>>

(* iterator.next(): the pairs are recomputed from the CURRENT list; an     *)
(* exhausted iterator reports done without moving, so it yields again once *)
(* the list has grown.                                                      *)
NextPair(i) ==
  LET o == iter[i].obj
      pairs == SortAndCombine(list[o])
      p == iter[i].pos
  IN  /\ call' = Call("next", "", "", "", "", i, "")
      /\ Tick
      /\ o # NoObject
      /\ IF p < Len(pairs)
         THEN /\ result' = PairOutcome(pairs[p + 1])
              /\ iter' = [iter EXCEPT ![i].pos = p + 1]
         ELSE /\ result' = Outcome("done")
              /\ UNCHANGED iter
      /\ UNCHANGED <<list, guard>>

(* headersWithGuard(g, src) takes the place of dst: filled under g from    *)
(* src's sort-and-combine pairs.  Iterators of the old dst close.          *)
Copy(src, dst, g) ==
  /\ call' = Call("copy", dst, src, "", "", "", g)
  /\ Tick
  /\ src # dst
  /\ list' = [list EXCEPT ![dst] = FillPairs(g, <<>>, SortAndCombine(list[src]))]
  /\ guard' = [guard EXCEPT ![dst] = g]
  /\ iter' = [i \in Iterators |-> IF iter[i].obj = dst THEN ClosedIterator ELSE iter[i]]
  /\ result' = Outcome("ok")

(* A read of object o: the call op (n: its name argument, "" for none)    *)
(* returns outcome and changes nothing.                                    *)
ReadHeaders(o, op, n, outcome) ==
  /\ call' = Call(op, o, "", n, "", "", "")
  /\ Tick
  /\ result' = outcome
  /\ UNCHANGED <<list, guard, iter>>

(* Headers.get(n), Headers.has(n).                                          *)
GetHeader(o, n) == ReadHeaders(o, "get", n, GetOutcome(list[o], n))
HasHeader(o, n) == ReadHeaders(o, "has", n, HasOutcome(list[o], n))

(* Headers.getSetCookie(): the set-cookie values, in a fresh array.         *)
GetSetCookie(o) ==
  ReadHeaders(o, "getSetCookie", "", ReadOutcome("cookies", ValuesNamed(list[o], SetCookie)))

(* Headers.forEach(cb) with a callback that records its arguments.          *)
ForEach(o) == ReadHeaders(o, "forEach", "", ReadOutcome("pairs", SortAndCombine(list[o])))

(* headerListOf(o): the header list itself, casing and order included.     *)
HeaderListOf(o) == ReadHeaders(o, "headerList", "", ReadOutcome("list", list[o]))

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

(* The step a call c makes: the action c names, with the arguments c      *)
(* records, each checked to be in its set; FALSE for a call Next never     *)
(* makes.  Every action sets call' to a call that names it and all its      *)
(* arguments, so each arm is a disjunct of Next with its witnesses         *)
(* (StepOfCall(call') => Next: what makes a refinement checked against    *)
(* NextOfCall sound).  NextOfCallCoversNext checks the converse on every   *)
(* step MCHeaders explores; a Next step it missed would also show as a     *)
(* StdSpec violation of a correct implementation.  A refinement checks its *)
(* steps against NextOfCall (HeadersImpl's StdSpec) without TLC trying     *)
(* every action and argument of Next on each of them: MCHeadersImpl took   *)
(* 103.7 s of CPU time checked against Std!Next, 57.4 s against            *)
(* Std!NextOfCall (side by side, the same states).                          *)
StepOfCall(c) ==
  CASE c.op \in {"append", "set"} ->
         /\ c.obj \in Objects /\ c.name \in Names /\ c.value \in Values
         /\ IF c.op = "append" THEN AppendHeader(c.obj, c.name, c.value)
                               ELSE SetHeader(c.obj, c.name, c.value)
    [] c.op = "delete" -> c.obj \in Objects /\ c.name \in Names /\ DeleteHeader(c.obj, c.name)
    [] c.op = "freeze" -> c.obj \in Objects /\ Freeze(c.obj)
    [] c.op = "open" -> c.it \in Iterators /\ c.obj \in Objects /\ OpenIterator(c.it, c.obj)
    [] c.op = "next" -> c.it \in Iterators /\ NextPair(c.it)
    [] c.op = "copy" -> /\ c.src \in Objects /\ c.obj \in Objects /\ c.guard \in CopyGuards
                        /\ Copy(c.src, c.obj, c.guard)
    [] c.op \in {"get", "has"} ->
         /\ c.op \in ReadOps /\ c.obj \in Objects /\ c.name \in Names
         /\ IF c.op = "get" THEN GetHeader(c.obj, c.name) ELSE HasHeader(c.obj, c.name)
    [] c.op \in {"getSetCookie", "forEach", "headerList"} ->
         c.op \in ReadOps /\ c.obj \in Objects /\ ReadOf(c.obj, c.op)
    [] OTHER -> FALSE

NextOfCall == StepOfCall(call')

(* Every step of Spec (a Next step) is found through its call.             *)
NextOfCallCoversNext == [][NextOfCall]_vars

-----------------------------------------------------------------------------
(* Invariants and properties.  The shape of the view (lowercase names in  *)
(* byte order, set-cookie never combined) is the definition SortAndCombine *)
(* and not restated here: an invariant that restates a definition cannot   *)
(* fail.  The definition is checked against the reference spec/ by the     *)
(* edge replay (model/edges.ts), and impl's own view builder against it by *)
(* HeadersImpl's StorageMatchesList.                                        *)

(* Standard profile: a request-guarded list never holds a forbidden        *)
(* request-header, a response-guarded one never a forbidden response-header *)
(* name, a request-no-cors one only safelisted headers (and range).         *)
GuardsHold == \A o \in Objects : GuardAdmits(guard[o], list[o])

(* An immutable list never changes (Copy makes a new object, so it resets  *)
(* the guard and is not a change of the immutable list).                   *)
ImmutableNeverChanges ==
  [][\A o \in Objects : (guard[o] = "immutable" /\ guard'[o] = "immutable")
                          => list'[o] = list[o]]_vars

THEOREM Spec => [](TypeOK /\ GuardsHold)
=============================================================================
