------------------------------ MODULE SimHeaders ------------------------------
(***************************************************************************)
(* Behaviors of the standard's Headers for model-driven tests: TLC's       *)
(* random simulation of MCHeaders, with each object's sort-and-combine     *)
(* view kept in a variable so the trace files TLC writes carry the         *)
(* expected views (model/trace.ts replays them against a module).          *)
(***************************************************************************)
EXTENDS MCHeaders

VARIABLE views   \* views[o]: the sort-and-combine view of object o

SimInit == Init /\ views = [o \in Objects |-> SortAndCombine(list[o])]

SimNext == Next /\ views' = [o \in Objects |-> SortAndCombine(list'[o])]
=============================================================================
