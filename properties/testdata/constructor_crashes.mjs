// A hostile candidate: the constructor throws a plain Error when given an init.
import { Headers as Reference } from "../../spec/mod.ts";

export class Headers extends Reference {
  constructor(init) {
    if (init !== undefined) throw new Error("candidate cannot be constructed");
    super();
  }
}
