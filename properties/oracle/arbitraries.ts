/**
 * The campaign's generators: {@link op}, one campaign step of any kind, weighted here, each kind's
 * own generator living with the kind in `operations/`; and, re-exported under the names the
 * campaign imports, the guards and the second property's invalid raw lists. What steps are called
 * with (names, values, arguments, references) is arguments.ts. Every weight is a relative
 * frequency inside its `fc.oneof`; the tables are repeated in properties/README.md.
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
import { objectRef } from "./arguments.ts";
import { batchOp } from "./operations/batch.ts";
import { callOp } from "./operations/call.ts";
import { constructOp } from "./operations/construct.ts";
import { copyChainOp, copyOp } from "./operations/copy.ts";
import { forEachOp } from "./operations/for_each.ts";
import { freezeOp } from "./operations/freeze.ts";
import { iterNextOp, iterOpenOp } from "./operations/iterator.ts";
import { brandOp, misuseOp } from "./operations/misuse.ts";
import { rawListOp } from "./operations/raw_list.ts";
import { shapeOp } from "./operations/shape.ts";
import { tamperOp } from "./operations/tamper.ts";
import type { Op } from "./ops.ts";

export { guard } from "./arguments.ts";
export { invalidRawFollowUp, invalidRawList } from "./operations/raw_list.ts";

/**
 * One campaign step, weights out of 102: construct 10, append/set/delete/get/has/getSetCookie
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
