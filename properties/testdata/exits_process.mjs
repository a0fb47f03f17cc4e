// A hostile candidate: delete() ends the whole process.
import process from "node:process";
import { Headers as Reference } from "../../spec/mod.ts";
import { withStandardShape } from "./standard_shape.mjs";

const replaced = {
  delete(_name) {
    process.exit(7);
    return Reference.prototype.delete.apply(this, arguments);
  },
};

export const Headers = withStandardShape(class Headers extends Reference {}, [
  ["delete", replaced.delete],
]);
