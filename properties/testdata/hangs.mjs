// A hostile candidate: append() never returns once a header named "range" is appended.
import { Headers as Reference } from "../../spec/mod.ts";
import { withStandardShape } from "./standard_shape.mjs";

export const Headers = withStandardShape(class Headers extends Reference {}, [
  ["append", function append(name, _value) {
    if (String(name).toLowerCase() === "range") { for (;;); }
    return Reference.prototype.append.apply(this, arguments);
  }],
]);
