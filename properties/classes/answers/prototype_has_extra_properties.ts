/**
 * The answer class `prototype-has-extra-properties`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { WEBIDL } from "../standards.ts";

/** The class `prototype-has-extra-properties`. */
export const prototypeHasExtraProperties = answerClass({
  name: "prototype-has-extra-properties",
  runtimes: ["deno", "node", "bun"],
  seenIn: ["Deno 2.9.6", "Node 22.23.3", "Bun 1.3.14"],
  summary: "Headers.prototype has properties the interface does not define (Deno: internal " +
    "Symbol keys; Node: a Symbol accessor to the sorted header map; Bun: getAll, toJSON, count)",
  covers: (op) => op.op === "shape",
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
