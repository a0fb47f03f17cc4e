// A candidate with module state that outlives a run: a count of answers to get() that turns the
// 250th answer stale. A campaign finds it after enough runs in one process; the failing run alone,
// in a fresh process, passes.
import { Headers as Reference } from "../../spec/mod.ts";
import { withStandardShape } from "./standard_shape.mjs";

let answered = 0;

export const Headers = withStandardShape(class Headers extends Reference {}, [
  ["get", function get(_name) {
    const value = Reference.prototype.get.apply(this, arguments);
    answered++;
    return answered === 250 ? "stale" : value;
  }],
]);

/** Forgets the answers given so far (state_dependent_with_reset.mjs exports it as the hook). */
export function forgetAnswers() {
  answered = 0;
}
