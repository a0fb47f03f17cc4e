--------------------------- MODULE TraceHeadersImpl ---------------------------
(***************************************************************************)
(* Trace validation: is each recorded trace of a real Headers module a     *)
(* behavior of HeadersImpl?                                                *)
(*                                                                         *)
(* `Traces` (module TraceData, written by model/trace.ts into a temporary  *)
(* directory) is a batch of traces; entry 1 of each gives the initial raw  *)
(* lists and guards, every later entry the call made and what was observed *)
(* right after it: its outcome, each object's guard and the view iterating *)
(* it would show.  Each trace starts its own chain of states; a step must  *)
(* be HeadersImpl's action for the recorded call and reach a state showing *)
(* the recorded observations.  A chain that consumed its trace stutters;   *)
(* one that cannot match the next entry has no successor, so TLC reports a *)
(* deadlock, and its last state names the trace (tr) and entry (step).     *)
(* No deadlock means every trace of the batch is a behavior of the spec.   *)
(***************************************************************************)
EXTENDS MCHeadersImpl, TraceData

VARIABLES
  tr,    \* the trace of the batch this chain follows
  step   \* the index of the entry of Traces[tr] this state matches

traceVars == <<vars, tr, step>>

(* The state shows what entry e recorded.                                  *)
Matches(e) ==
  /\ call = e.call
  /\ result = e.result
  /\ guard = e.guards
  /\ \A o \in Objects : ObservedView(o) = e.views[o]

TraceInit ==
  \E t \in 1..Len(Traces) :
    LET e == Traces[t][1]
    IN  /\ tr = t
        /\ step = 1
        /\ e.guards \in [Objects -> InitGuards]
        /\ e.lists \in [Objects -> Std!SeqsUpTo(Std!AtomEntries, InitListLen)]
        /\ \A o \in Objects : Std!GuardAdmits(e.guards[o], e.lists[o])
        /\ InitWith(e.guards, e.lists)
        /\ Matches(e)

(* The recorded call, taken by HeadersImpl, shows the recorded outcome.    *)
TraceStep ==
  /\ step < Len(Traces[tr])
  \* e is bound to a value (not a definition over tr and step), so that
  \* priming Matches(e) primes only the spec's variables.
  /\ \E e \in {Traces[tr][step + 1]} :
       /\ call' = e.call
       /\ Next
       /\ Matches(e)'
  /\ step' = step + 1
  /\ UNCHANGED tr

(* A consumed trace.                                                       *)
TraceEnd == step = Len(Traces[tr]) /\ UNCHANGED traceVars

TraceNext == TraceStep \/ TraceEnd
=============================================================================
