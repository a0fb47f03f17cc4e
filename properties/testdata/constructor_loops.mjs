// A hostile candidate: the constructor never returns.
import { Headers as Reference } from "../../spec/mod.ts";
import { withStandardShape } from "./standard_shape.mjs";

export const Headers = withStandardShape(
  class Headers extends Reference {
    constructor(init) {
      for (;;);
      // deno-lint-ignore no-unreachable
      super(init);
    }
  },
  [],
);
