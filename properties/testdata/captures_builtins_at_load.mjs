// A candidate that captures built-ins when it loads, as primordials do, and calls only what it
// captured: get() lowercases its name with the String.prototype.toLowerCase and Reflect.apply it
// took at load. Patches made after load never reach it; patches made before load are what it
// captured.
import { Headers as Reference } from "../../spec/mod.ts";
import { withStandardShape } from "./standard_shape.mjs";

const apply = Reflect.apply;
const toLowerCase = String.prototype.toLowerCase;
const referenceGet = Reference.prototype.get;

export const Headers = withStandardShape(class Headers extends Reference {}, [
  ["get", function get(name) {
    if (arguments.length === 0) return apply(referenceGet, this, []);
    return apply(referenceGet, this, [apply(toLowerCase, `${name}`, [])]);
  }],
]);
