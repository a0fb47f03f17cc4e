// A hostile candidate: set() throws a string, not an Error.
import { Headers as Reference } from "../../spec/mod.ts";
import { withStandardShape } from "./standard_shape.mjs";

export const Headers = withStandardShape(class Headers extends Reference {}, [
  ["set", function set(_name, _value) {
    Reference.prototype.set.apply(this, arguments);
    throw "not an error";
  }],
]);
