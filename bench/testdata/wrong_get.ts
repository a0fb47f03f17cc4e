/**
 * A planted bug for the sanity pass: the runtime's Headers, except that `get("content-type")`
 * answers a wrong value (fast and wrong must not win).
 *
 * @module
 */

/** Native Headers whose `get` is wrong for `content-type`. */
export class Headers extends globalThis.Headers {
  /** Wrong on purpose for `content-type`. */
  override get(name: string): string | null {
    return name.toLowerCase() === "content-type" ? "text/plain" : super.get(name);
  }
}
