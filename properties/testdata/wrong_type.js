// A hostile candidate: has() answers with the strings "true" / "false".
import { Headers as Reference } from "../../spec/mod.ts";
import { withStandardShape } from "./standard_shape.mjs";

export const Headers = withStandardShape(class Headers extends Reference {}, [
  ["has", function has(_name) {
    return String(Reference.prototype.has.apply(this, arguments));
  }],
]);
