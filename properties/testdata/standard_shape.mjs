// Test support: hostile candidates are the reference with one operation replaced. Their
// prototypes get the standard's shape (every operation an own, enumerable property, @@iterator
// the same function as entries), so a campaign's shape step sees nothing but the planted hostility.
import { Headers as Reference } from "../../spec/mod.ts";

/**
 * Gives `Derived` (a subclass of the reference) the reference prototype's own properties, with
 * `replacements` ([key, function] pairs) in place of the ones they name.
 */
export function withStandardShape(Derived, replacements) {
  for (const key of Reflect.ownKeys(Reference.prototype)) {
    if (key === "constructor") continue;
    Object.defineProperty(
      Derived.prototype,
      key,
      Object.getOwnPropertyDescriptor(Reference.prototype, key),
    );
  }
  for (const [key, value] of replacements) {
    Object.defineProperty(Derived.prototype, key, {
      value,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  }
  return Derived;
}
