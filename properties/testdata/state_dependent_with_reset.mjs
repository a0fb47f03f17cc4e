// The same candidate, exporting the reset hook that campaigns call before every run.
export { forgetAnswers as resetHeadersCaches, Headers } from "./state_dependent.mjs";
