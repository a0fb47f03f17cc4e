// A hostile candidate: next() of its iterators never returns.
import { Headers as Reference } from "../../spec/mod.ts";
import { withStandardShape } from "./standard_shape.mjs";

function entries() {
  return {
    next() {
      for (;;);
    },
    [Symbol.iterator]() {
      return this;
    },
  };
}

export const Headers = withStandardShape(class Headers extends Reference {}, [
  ["entries", entries],
  ["keys", entries],
  ["values", entries],
  [Symbol.iterator, entries],
]);
