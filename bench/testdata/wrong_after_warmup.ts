/**
 * A planted bug that the sanity pass cannot see: `get` turns wrong after its first 5,000 calls
 * (like a cache that breaks once it fills up). Only the digest check over the timed batches can
 * catch it.
 *
 * @module
 */

let calls = 0;

/** Native Headers whose `get` returns null from the 5,001st call on. */
export class Headers extends globalThis.Headers {
  /** Right for 5,000 calls, then always null. */
  override get(name: string): string | null {
    calls++;
    return calls > 5000 ? null : super.get(name);
  }
}
