// A hostile candidate: get() throws a RangeError instead of answering.
import { Headers as Reference } from "../../spec/mod.ts";
import { withStandardShape } from "./standard_shape.mjs";

export const Headers = withStandardShape(class Headers extends Reference {}, [
  ["get", function get(_name) {
    Reference.prototype.get.apply(this, arguments);
    throw new RangeError("candidate bug");
  }],
]);
