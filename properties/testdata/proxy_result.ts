// A hostile candidate: getSetCookie() returns a Proxy whose every read throws.
import { Headers as Reference } from "../../spec/mod.ts";

export class Headers extends Reference {
  override getSetCookie(): string[] {
    return new Proxy([], {
      get() {
        throw new Error("trap");
      },
      getPrototypeOf() {
        throw new Error("trap");
      },
    });
  }
}
