// A hostile candidate: the constructor throws a plain Error when given an init.
import { Headers as Reference } from "../../spec/mod.ts";
import { withStandardShape } from "./standard_shape.mjs";

export const Headers = withStandardShape(
  class Headers extends Reference {
    constructor(...init) {
      if (init[0] !== undefined) throw new Error("candidate cannot be constructed");
      super();
    }
  },
  [],
);
