// A hostile candidate: its first append() replaces String.prototype.toLowerCase with a wrapper
// that behaves the same, so no answer differs; the realm it shares with the reference changed.
import { Headers as Reference } from "../../spec/mod.ts";
import { withStandardShape } from "./standard_shape.mjs";

const toLowerCase = String.prototype.toLowerCase;

export const Headers = withStandardShape(class Headers extends Reference {}, [
  ["append", function append(_name, _value) {
    String.prototype.toLowerCase = function () {
      return toLowerCase.call(this);
    };
    return Reference.prototype.append.apply(this, arguments);
  }],
]);
