--------------------------- MODULE TraceHeadersImpl ---------------------------
(***************************************************************************)
(* Trace validation: is each recorded trace of a real Headers module a     *)
(* behavior of HeadersImpl, internal state and what each read returned    *)
(* included?                                                              *)
(*                                                                         *)
(* `Traces` (module TraceData, written by model/tla_emit.ts into a         *)
(* temporary directory) is a batch of traces.  Entry 1 of each gives the   *)
(* raw lists the objects were made from; every entry gives the call made,  *)
(* its outcome, and the module's internal state right after it as         *)
(* impl/introspect.ts reads it: per object its guard, pending raw list or  *)
(* lowercase index, cached view, shared flag and storage peers, and per    *)
(* iterator its object and position.  Each is mapped onto HeadersImpl's    *)
(* variables (Matches), so TLC checks impl's internals at every step, as   *)
(* in the trace validation of CCF and of Cirstea, Kuppe et al.  Only       *)
(* `spaced` (not reported by the hook) is left to TLC, and it is a         *)
(* function of the steps taken.                                            *)
(*                                                                         *)
(* Each trace starts its own chain of states.  A chain whose initial state *)
(* does not show entry 1 (initMatched FALSE), or that cannot take the      *)
(* recorded call to a state showing the next entry, has no successor: TLC  *)
(* reports a deadlock, and its last state names the trace (tr) and the     *)
(* entry (step).  A chain that consumed its trace stutters.                *)
(***************************************************************************)
EXTENDS MCHeadersImpl, TraceData

VARIABLES
  tr,           \* the trace of the batch this chain follows
  step,         \* the index of the entry of Traces[tr] this state matches
  initMatched   \* the initial state showed the recorded initial entry

traceVars == <<vars, tr, step, initMatched>>

(* The index a recorded list of <<lowercase name, values>> stands for (the *)
(* trace lists only the names present).                                    *)
IndexOfPairs(pairs) ==
  LET named == {k \in 1..Len(pairs) : pairs[k][1] \in LowerNames}
  IN  [ln \in LowerNames |->
         IF \E k \in named : pairs[k][1] = ln
         THEN pairs[CHOOSE k \in named : pairs[k][1] = ln][2] ELSE <<>>]

(* The action of HeadersImpl's Next that a recorded call names: a trace    *)
(* step is an instance of one disjunct of Next, found without trying the   *)
(* others.                                                                 *)
CallAction(c) ==
  CASE c.op = "append" -> AppendHeader(c.obj, c.name, c.value)
    [] c.op = "set" -> SetHeader(c.obj, c.name, c.value)
    [] c.op = "delete" -> DeleteHeader(c.obj, c.name)
    [] c.op = "freeze" -> Freeze(c.obj)
    [] c.op = "open" -> OpenIterator(c.it, c.obj)
    [] c.op = "next" -> NextPair(c.it)
    [] c.op = "copy" -> Copy(c.src, c.obj, c.guard)
    [] c.op = "get" -> GetHeader(c.obj, c.name)
    [] c.op = "has" -> HasHeader(c.obj, c.name)
    [] c.op = "getSetCookie" -> GetSetCookie(c.obj)
    [] c.op = "forEach" -> ForEach(c.obj)
    [] c.op = "headerList" -> HeaderListOf(c.obj)

(* The state shows what entry e recorded.                                  *)
Matches(e) ==
  /\ call = e.call
  /\ result = e.result
  /\ iter = e.iters
  /\ \A o \in Objects :
       LET r == e.objs[o]
       IN  /\ guard[o] = r.guard
           /\ store[o].mat = ~r.pending
           /\ ~store[o].mat => store[o].raw = [k \in 1..Len(r.raw) |-> <<Lower[r.raw[k][1]], r.raw[k][2]>>]
           /\ store[o].mat => store[o].index = IndexOfPairs(r.index)
           /\ valid[o] = r.valid
           /\ valid[o] => cache[o] = r.view
           /\ shared[o] = r.shared
           /\ peers[o] = r.peers

TraceInit ==
  \E t \in 1..Len(Traces) :
    LET e == Traces[t][1]
    IN  /\ tr = t
        /\ step = 1
        /\ InitWith([o \in Objects |-> e.objs[o].guard], e.lists)
        /\ initMatched = Matches(e)

(* The recorded call, taken by HeadersImpl, shows the recorded state.      *)
TraceStep ==
  /\ step < Len(Traces[tr])
  \* e is bound to a value (not a definition over tr and step), so that
  \* priming Matches(e) primes only the spec's variables.
  /\ \E e \in {Traces[tr][step + 1]} :
       /\ call' = e.call
       /\ CallAction(e.call)
       /\ Matches(e)'
  /\ step' = step + 1
  /\ UNCHANGED <<tr, initMatched>>

(* A consumed trace.                                                       *)
TraceEnd == step = Len(Traces[tr]) /\ UNCHANGED traceVars

TraceNext == initMatched /\ (TraceStep \/ TraceEnd)
=============================================================================
