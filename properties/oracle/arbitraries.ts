/**
 * The campaign's generators: {@link op}, one campaign step of any kind, weighted here, each kind's
 * own generator living with the kind in `operations/`; and, re-exported under the names the
 * campaign imports, the guards and the second property's invalid raw lists. What steps are called
 * with (names, values, arguments, references) is arguments.ts. Every weight is a relative
 * frequency inside its `fc.oneof`.
 *
 * @example
 * ```ts
 * import fc from "fast-check";
 * import { op } from "./arbitraries.ts";
 * fc.sample(op, 1); // e.g. [{ op: "append", target: 3, args: ["Range", "bytes=0-"] }]
 * ```
 *
 * @module
 */
import fc from "fast-check";
import { objectRef } from "./base/arguments.ts";
import { batchOp } from "./operations/batch.ts";
import { callOp } from "./operations/call.ts";
import { bodyOp } from "./operations/body.ts";
import { cloneOp } from "./operations/clone.ts";
import { constructOp } from "./operations/construct.ts";
import { copyChainOp, copyOp } from "./operations/copy.ts";
import { forEachOp } from "./operations/for_each.ts";
import { freezeOp } from "./operations/freeze.ts";
import { iterNextOp, iterOpenOp } from "./operations/iterator.ts";
import { brandOp, misuseOp } from "./operations/misuse.ts";
import { readOp } from "./operations/read.ts";
import { rawListOp } from "./operations/raw_list.ts";
import { requestOp } from "./operations/request.ts";
import { responseOp } from "./operations/response.ts";
import { serializeOp } from "./operations/serialize.ts";
import { shapeOp } from "./operations/shape.ts";
import { tamperOp } from "./operations/tamper.ts";
import type { Op } from "./ops.ts";

export { guard } from "./base/arguments.ts";
export { invalidRawFollowUp, invalidRawList } from "./operations/raw_list.ts";

/**
 * One campaign step of the kinds every Headers has, weights out of 102: construct 10, append/set/delete/get/has/getSetCookie
 * (as {@link callOp}) 34, iterator open 5, iterator next 6, forEach with mutating callback 6,
 * freeze 2, copy then mutate 7 (its iterator `next` wrapped by user code half the time), raw list
 * then its first operation 7, a batch of 2-8 calls, iterator steps, forEach and tampering with no
 * observation in between 13, tampering with a returned value 4, the interface shape 2, a chain of
 * 2-8 copies 2, a brand check 2, API misuse 2.
 */
export const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 10, arbitrary: constructOp as fc.Arbitrary<Op> },
  { weight: 34, arbitrary: callOp },
  { weight: 5, arbitrary: iterOpenOp(objectRef) },
  { weight: 6, arbitrary: iterNextOp },
  { weight: 6, arbitrary: forEachOp(objectRef, 4) },
  { weight: 2, arbitrary: freezeOp(objectRef) },
  { weight: 7, arbitrary: copyOp },
  { weight: 7, arbitrary: rawListOp },
  { weight: 13, arbitrary: batchOp },
  { weight: 4, arbitrary: tamperOp },
  { weight: 2, arbitrary: copyChainOp },
  { weight: 2, arbitrary: shapeOp },
  { weight: 2, arbitrary: misuseOp },
  { weight: 2, arbitrary: brandOp },
);

/** Which of the steps through Request, Response and structuredClone a candidate can take. */
export interface FetchReach {
  /** `new Request` (and a clone of a Request). */
  request: boolean;
  /** A Response, by constructor or static method (and a clone of a Response). */
  response: boolean;
  /** `structuredClone`. */
  structuredClone: boolean;
}

/**
 * One campaign step for a candidate that reaches what `reach` says, weights out of 133: {@link op}
 * 102, then `new Request` 3, a Response (constructor 6 in 10, json 2, redirect 1, error 1) 5, a
 * read of a message's headers 14 (read.ts: making a message reads nothing, so every Headers step
 * on a message's headers waits for a read), a message's `clone()` 4, its body 4,
 * `structuredClone` 1, each only when reached (a candidate that reaches none gets {@link op}
 * itself, so its campaigns are what they were, seed for seed).
 */
export function opReaching(reach: FetchReach): fc.Arbitrary<Op> {
  const messages = reach.request || reach.response;
  if (!messages && !reach.structuredClone) return op;
  return fc.oneof(
    { weight: 102, arbitrary: op },
    ...(reach.request ? [{ weight: 3, arbitrary: requestOp as fc.Arbitrary<Op> }] : []),
    ...(reach.response ? [{ weight: 5, arbitrary: responseOp as fc.Arbitrary<Op> }] : []),
    ...(messages ? [{ weight: 14, arbitrary: readOp as fc.Arbitrary<Op> }] : []),
    ...(messages ? [{ weight: 4, arbitrary: cloneOp as fc.Arbitrary<Op> }] : []),
    ...(messages ? [{ weight: 4, arbitrary: bodyOp as fc.Arbitrary<Op> }] : []),
    ...(reach.structuredClone ? [{ weight: 1, arbitrary: serializeOp as fc.Arbitrary<Op> }] : []),
  );
}
