------------------------- MODULE MCBugNextSkipsAfterRebuild -------------------------
(***************************************************************************)
(* PLANTED BUG (MCBugNextSkipsAfterRebuild.cfg replaces NextPair with      *)
(* NextPairSkipsAfterRebuild): when next() has to rebuild the view, an     *)
(* iterator that had already advanced skips a pair. Must violate the       *)
(* refinement StdSpec; it needs a list of 3 values (MaxListLen 3).         *)
(***************************************************************************)
EXTENDS MCHeadersImpl

NextPairSkipsAfterRebuild(i) ==
  LET o == iter[i].obj
      p == iter[i].pos
      view == ObservedView(o)
  IN  /\ call' = Std!Call("next", "", "", "", "", i, "")
      /\ o # NoObject
      /\ BuildView(o)
      \* the bug: after a rebuild, an iterator that had advanced skips one pair
      /\ LET q == IF ~valid[o] /\ p > 0 /\ p + 1 < Len(view) THEN p + 1 ELSE p
         IN  IF q < Len(view)
             THEN /\ result' = Std!PairOutcome(view[q + 1])
                  /\ iter' = [iter EXCEPT ![i].pos = q + 1]
             ELSE /\ result' = Std!Outcome("done")
                  /\ UNCHANGED iter
      /\ UNCHANGED <<guard, peers, blank, hlist>>
=============================================================================
