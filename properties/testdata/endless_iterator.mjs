// A hostile candidate: iterators never end.
import { Headers as Reference } from "../../spec/mod.ts";
import { withStandardShape } from "./standard_shape.mjs";

function entries() {
  return {
    next: () => ({ done: false, value: ["a", "b"] }),
    [Symbol.iterator]() {
      return this;
    },
  };
}

export const Headers = withStandardShape(class Headers extends Reference {}, [
  ["entries", entries],
  [Symbol.iterator, entries],
]);
