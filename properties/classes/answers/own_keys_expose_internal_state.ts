/**
 * The answer class `own-keys-expose-internal-state`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { WEBIDL } from "../standards.ts";

/** The class `own-keys-expose-internal-state`. */
export const ownKeysExposeInternalState = answerClass({
  name: "own-keys-expose-internal-state",
  runtimes: ["deno"],
  seenIn: ["Deno 2.9.6"],
  summary: "Headers objects and their iterators carry own Symbol-keyed properties holding " +
    "internal state (header list, guard, iterator state) that Reflect.ownKeys hands to user code",
  covers: () => false,
  // No recognizer: the own keys are on every object and iterator of the runtime, so while the
  // class is in force the own-keys observation is switched off (world.ts `ownKeys`) and no
  // difference of it is ever seen to recognize; it cannot be made narrower than that.
  silences: "own keys",
  recognized: [
    { when: "(switches the own-keys observation off)", after: "—" },
  ],
  example: { steps: [], message: "step 1: Reflect.ownKeys(h[0]) differs" },
  report: {
    title: "Headers objects carry own properties holding their internal state",
    observe:
      `return [Reflect.ownKeys(new Headers()).length, Reflect.ownKeys(new Headers().entries()).length];`,
    expected: { ok: [0, 0] },
    standard: {
      algorithm: "platform objects implementing an interface",
      step: "a platform object's state is in internal slots; it has no own properties unless " +
        "the interface is [LegacyUnforgeable] or has named/indexed properties",
      url: `${WEBIDL}#es-platform-objects`,
    },
  },
  notes: "every Headers object carries own Symbol-keyed properties with its internal " +
    "state, and so does every Headers iterator. `Reflect.ownKeys(new " +
    'Headers()).map(String)` gives `["Symbol(header list)", "Symbol(lowercase header ' +
    'names)", "Symbol(header list getter)", "Symbol(header get)", "Symbol(header ' +
    'target)", "Symbol(guard)", "Symbol([[webidl.brand]])"]` (plus `Symbol(iterable ' +
    "headers cache)` once iterated), and `Reflect.ownKeys(new " +
    'Headers().entries()).map(String)` gives `["Symbol(iterator internal)"]`; ' +
    "standard `[]` for both (WebIDL objects keep their state in internal slots). User " +
    "code can read and overwrite the header list and the guard through them: after " +
    "`const h = Response.error().headers; h[Object.getOwnPropertySymbols(h).find((s) " +
    '=> String(s) === "Symbol(guard)")] = "none";` the immutable `h.append("a", "b")` ' +
    'succeeds and `[...h]` gives `[["a", "b"]]`; standard TypeError. With the class ' +
    "in force, campaigns stop observing own keys after each step.",
});
