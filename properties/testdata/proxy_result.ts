// A hostile candidate: getSetCookie() returns a Proxy whose every read throws.
import { Headers as Reference } from "../../spec/mod.ts";
import { withStandardShape } from "./standard_shape.mjs";

export const Headers = withStandardShape(class Headers extends Reference {}, [
  ["getSetCookie", function getSetCookie(): string[] {
    return new Proxy([], {
      get() {
        throw new Error("trap");
      },
      getPrototypeOf() {
        throw new Error("trap");
      },
    });
  }],
]);
