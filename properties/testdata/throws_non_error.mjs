// A hostile candidate: set() throws a string, not an Error.
import { Headers as Reference } from "../../spec/mod.ts";

export class Headers extends Reference {
  set(name, value) {
    super.set(name, value);
    throw "not an error";
  }
}
