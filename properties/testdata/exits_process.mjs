// A hostile candidate: delete() ends the whole process.
import process from "node:process";
import { Headers as Reference } from "../../spec/mod.ts";

export class Headers extends Reference {
  delete(name) {
    process.exit(7);
    return super.delete(name);
  }
}
