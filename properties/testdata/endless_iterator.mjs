// A hostile candidate: iterators never end.
import { Headers as Reference } from "../../spec/mod.ts";

export class Headers extends Reference {
  entries() {
    return {
      next: () => ({ done: false, value: ["a", "b"] }),
      [Symbol.iterator]() {
        return this;
      },
    };
  }
}
Headers.prototype[Symbol.iterator] = Headers.prototype.entries;
