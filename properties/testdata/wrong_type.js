// A hostile candidate: has() answers with the strings "true" / "false".
import { Headers as Reference } from "../../spec/mod.ts";

export class Headers extends Reference {
  has(name) {
    return String(super.has(name));
  }
}
