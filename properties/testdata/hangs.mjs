// A hostile candidate: append() never returns once a header named "range" is appended.
import { Headers as Reference } from "../../spec/mod.ts";

export class Headers extends Reference {
  append(name, value) {
    if (String(name).toLowerCase() === "range") { for (;;); }
    return super.append(name, value);
  }
}
