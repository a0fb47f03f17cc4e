// A candidate that is not tamper-proof, and whose call to a patchable built-in is its last act:
// get() returns what Function.prototype.apply, looked up when it runs, returns. Under Bun, whose
// engine has proper tail calls, get() leaves no stack frame while apply runs unless tail calls
// are turned off, so a tampered realm that reads the caller's frame would not see get() call it.
import { Headers as Reference } from "../../spec/mod.ts";
import { withStandardShape } from "./standard_shape.mjs";

export const Headers = withStandardShape(class Headers extends Reference {}, [
  ["get", function get(_name) {
    return Reference.prototype.get.apply(this, arguments);
  }],
]);
