// A hostile candidate: get() throws a RangeError instead of answering.
import { Headers as Reference } from "../../spec/mod.ts";

export class Headers extends Reference {
  get(name) {
    super.get(name);
    throw new RangeError("candidate bug");
  }
}
