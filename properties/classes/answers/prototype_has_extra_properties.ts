/**
 * The answer class `prototype-has-extra-properties`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { bothOk } from "../answer_helpers.ts";
import { sameJson } from "../headers_helpers.ts";
import { WEBIDL } from "../standards.ts";

/** The class `prototype-has-extra-properties`. */
export const prototypeHasExtraProperties = answerClass({
  name: "prototype-has-extra-properties",
  runtimes: ["deno", "node", "bun"],
  seenIn: ["Deno 2.9.6", "Node 22.23.3", "Bun 1.3.14"],
  summary: "Headers.prototype has properties the interface does not define (Deno: internal " +
    "Symbol keys; Node: a Symbol accessor to the sorted header map; Bun: getAll, toJSON, count)",
  covers: (op) => op.op === "shape",
  // A shape step's outcome (shape.ts `shapeOf`) is the reference's, but the own properties of
  // the prototype or of the iterator prototype hold entries of keys the reference's do not
  // have, beside every entry the reference's hold; the run goes on.
  explains: (d) =>
    !d.observation && d.step.op === "shape" &&
      bothOk(d, (c, r) =>
        Array.isArray(c) && Array.isArray(r) && c.length === r.length && !sameJson(c, r) &&
        c.every((item, i) =>
          sameJson(item, r[i]) || (PROPERTY_LISTS.includes(i) && addsKeys(item, r[i]))
        ))
      ? "go on"
      : null,
  recognized: [
    {
      when: "an interface shape is the reference's with entries of other keys among the own " +
        "properties of the prototype or the iterator prototype",
      after: "go on",
    },
  ],
  example: { steps: [{ op: "shape", target: 5 }], message: "" },
  report: {
    title: "Headers.prototype has properties the interface does not define",
    observe:
      `const defined = ["constructor", "append", "delete", "get", "getSetCookie", "has", "set",
    "entries", "forEach", "keys", "values", Symbol.iterator, Symbol.toStringTag];
  const inspect = [Symbol.for("Deno.customInspect"), Symbol.for("nodejs.util.inspect.custom")];
  return Reflect.ownKeys(Headers.prototype)
    .filter((k) => !defined.includes(k) && !inspect.includes(k))
    .map(String);`,
    expected: { ok: [] },
    standard: {
      algorithm: "interface prototype object",
      step: "it has a property for each operation, attribute and iterable declaration of the " +
        "interface, @@iterator and @@toStringTag, and nothing else",
      url: `${WEBIDL}#interface-prototype-object`,
    },
  },
  notes: "Deno 2.9.6: `Headers.prototype` has properties the interface does not define. " +
    "Under Deno `Object.getOwnPropertySymbols(Headers.prototype).map(String)` " +
    'includes `"Symbol(iterable headers)"` (an accessor), ' +
    '`"Symbol(Deno.privateCustomInspect)"` and `"Symbol([[NotSerializable]])"`; ' +
    "standard: only `Symbol.iterator` and `Symbol.toStringTag` (the registered " +
    'inspection symbols `Symbol.for("Deno.customInspect")` and ' +
    '`Symbol.for("nodejs.util.inspect.custom")` are not counted: every runtime needs ' +
    "one). With the class in force, campaigns do not generate the shape step, so no " +
    "other shape difference is looked for either. Node 22.23.3: " +
    "`Object.getOwnPropertySymbols(Headers.prototype).map(String)` includes " +
    '`"Symbol(headers map sorted)"`, an accessor that hands the sorted header map to ' +
    "user code; standard: only `Symbol.iterator` and `Symbol.toStringTag`. Bun " +
    "1.3.14: `Headers.prototype` has non-standard `getAll` (a method of length 1), " +
    '`toJSON` and a `count` accessor. `["getAll", "toJSON", "count"].map((key) => key ' +
    "in Headers.prototype)` gives `[true, true, true]`; standard `[false, false, " +
    "false]`.",
});

/** The positions of the own-property lists in `shapeOf`'s outcome (prototype, iterator's). */
const PROPERTY_LISTS = [4, 7];

/**
 * Whether the property list `candidate` holds every entry of `reference` and others, each of a
 * key `reference` has no entry for.
 */
function addsKeys(candidate: unknown, reference: unknown): boolean {
  if (!Array.isArray(candidate) || !Array.isArray(reference)) return false;
  const texts = new Set(candidate.map((entry) => JSON.stringify(entry)));
  const keys = new Set(reference.map((entry) => JSON.stringify((entry as unknown[])[0])));
  return reference.every((entry) => texts.has(JSON.stringify(entry))) &&
    candidate.every((entry) =>
      reference.some((r) => sameJson(r, entry)) ||
      !keys.has(JSON.stringify((entry as unknown[])[0]))
    );
}
