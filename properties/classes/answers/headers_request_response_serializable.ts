/**
 * The answer class `headers-request-response-serializable`.
 *
 * @module
 */
import { answerClass } from "../class.ts";
import { okOf } from "../answer_helpers.ts";

/** The class `headers-request-response-serializable`. */
export const headersRequestResponseSerializable = answerClass({
  name: "headers-request-response-serializable",
  runtimes: ["deno"],
  seenIn: ["Deno 2.9.6"],
  summary: "structuredClone of a Headers, Request or Response nested in another object " +
    'returns a copy instead of throwing a "DataCloneError" DOMException (at the top level ' +
    "it throws)",
  covers: (op) => op.op === "serialize",
  // A nested structuredClone returned where the reference threw a "DataCloneError" DOMException;
  // the objects are not changed.
  explains: (d) =>
    !d.observation && d.step.op === "serialize" && d.step.nested &&
      okOf(d.candidate) === "serialized" &&
      JSON.stringify(okOf(d.reference)) ===
        JSON.stringify(["threw", "DOMException", "DataCloneError"])
      ? "go on"
      : null,
  recognized: [
    {
      when: 'a nested structuredClone returned where the reference threw a "DataCloneError"',
      after: "go on",
    },
  ],
  example: {
    steps: [{ op: "serialize", of: "headers", target: 2, nested: true, unread: false }],
    message: "",
  },
  report: {
    title: "structuredClone copies a Headers, Request or Response nested in another object",
    observe: `const outcome = (value) => {
    try {
      structuredClone(value);
      return "cloned";
    } catch (error) {
      return error.name;
    }
  };
  return [new Headers(), new Request("http://a/"), new Response()]
    .flatMap((value) => [outcome(value), outcome({ nested: [value] })]);`,
    expected: { ok: Array(6).fill("DataCloneError") },
    standard: {
      algorithm: "StructuredSerializeInternal",
      step: "a platform object that is not a serializable object (Headers, Request and Response " +
        'are not [Serializable]) throws a "DataCloneError" DOMException, at any depth',
      url: "https://html.spec.whatwg.org/#structuredserializeinternal",
    },
  },
  notes: "structuredClone of a Headers, Request or Response nested in another object " +
    "returns a copy. `structuredClone({ nested: [new Headers()] })` returns; standard " +
    'a "DataCloneError" DOMException, as at the top level (where Deno throws it).',
});
