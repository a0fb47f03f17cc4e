/**
 * A planted bug that the sanity pass cannot see: `get` turns wrong after its first 4 calls, the
 * ones the sanity pass makes on "get hit, same case (12)" (two operations of the timed loop and
 * the check's reads), like a cache that breaks once it fills up. Every later call (calibration and
 * the timed batches) is wrong, so only the digest check over the timed batches can catch it, and
 * it does however few batches a busy machine times. A sanity pass that makes more calls fails
 * this test with "sanity check failed" instead.
 *
 * @module
 */

let calls = 0;

/** Native Headers whose `get` returns null from the 5th call on. */
export class Headers extends globalThis.Headers {
  /** Right for 4 calls, then always null. */
  override get(name: string): string | null {
    calls++;
    return calls > 4 ? null : super.get(name);
  }
}
