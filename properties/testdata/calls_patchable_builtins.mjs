// A candidate that is not tamper-proof: append() copies its arguments with Array.prototype.slice
// and forwards them with Function.prototype.apply, both looked up when it runs, so user code that
// replaces either one after the module loaded changes what append() does.
import { Headers as Reference } from "../../spec/mod.ts";
import { withStandardShape } from "./standard_shape.mjs";

export const Headers = withStandardShape(class Headers extends Reference {}, [
  ["append", function append(_name, _value) {
    return Reference.prototype.append.apply(this, [...arguments].slice());
  }],
]);
