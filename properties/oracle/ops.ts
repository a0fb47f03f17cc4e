/**
 * The operations a campaign performs, as plain JSON data (so a counterexample can be stored in the
 * corpus and replayed): {@link Op} is the union of the step of every kind of operation. Each kind
 * lives in one module of `operations/`, where its step type, its generator, its call on a subject,
 * its observation and its rendering as JavaScript read top to bottom; the executor (world.ts)
 * dispatches through the table of kinds. This module names them all in one place, and re-exports
 * the shared argument vocabulary (arguments.ts) and each kind's types for the code that imports
 * them from here.
 *
 * Object and iterator references in a generated {@link Op} are abstract numbers; the executor
 * resolves them against the live objects when the step runs (modulo their count) and records the
 * resolved step, whose slots are concrete. Rendering always works on resolved steps.
 *
 * @example
 * ```ts
 * import { renderOp } from "./world.ts";
 * renderOp({ op: "append", target: 0, args: ["Accept", " text/plain"] });
 * // 'h[0].append("Accept", " text/plain")'
 * ```
 *
 * @module
 */
import type { BatchOp } from "./operations/batch.ts";
import type { BodyOp } from "./operations/body.ts";
import type { CallOp } from "./operations/call.ts";
import type { CloneOp } from "./operations/clone.ts";
import type { ConstructOp } from "./operations/construct.ts";
import type { CopyChainOp, CopyOp } from "./operations/copy.ts";
import type { ForEachOp } from "./operations/for_each.ts";
import type { FreezeOp } from "./operations/freeze.ts";
import type { IterNextOp, IterOpenOp } from "./operations/iterator.ts";
import type { BrandOp, MisuseOp } from "./operations/misuse.ts";
import type { RawListOp } from "./operations/raw_list.ts";
import type { ReadOp } from "./operations/read.ts";
import type { RequestOp } from "./operations/request.ts";
import type { ResponseOp } from "./operations/response.ts";
import type { SerializeOp } from "./operations/serialize.ts";
import type { ShapeOp } from "./operations/shape.ts";
import type { TamperOp } from "./operations/tamper.ts";

export type { Arg, Guard } from "./base/arguments.ts";
export { argValue, MAX_ITERATORS, MAX_OBJECTS, renderArg } from "./base/arguments.ts";
export type { BatchedOp, BatchOp } from "./operations/batch.ts";
export type { CallOp } from "./operations/call.ts";
export type {
  BrokenHow,
  ConstructOp,
  ExoticHow,
  Init,
  RecordedHow,
  RecordExtra,
} from "./operations/construct.ts";
export type { CopyChainOp, CopyOp } from "./operations/copy.ts";
export type { ForEachOp } from "./operations/for_each.ts";
export type { FreezeOp } from "./operations/freeze.ts";
export type { IteratorKind, IterNextOp, IterOpenOp } from "./operations/iterator.ts";
export type { BrandMethod, BrandOp, Misuse, MisuseOp } from "./operations/misuse.ts";
export type { RawListOp } from "./operations/raw_list.ts";
export type { RequestOp } from "./operations/request.ts";
export type { ResponseHow, ResponseOp } from "./operations/response.ts";
export type { SerializeOp } from "./operations/serialize.ts";
export type { CloneOp } from "./operations/clone.ts";
export type { ReadOp, ReadVia } from "./operations/read.ts";
export type { BodyOp } from "./operations/body.ts";
export type { ShapeOp } from "./operations/shape.ts";
export type { Tamper, TamperOp } from "./operations/tamper.ts";

/** Every operation: the step of every kind. */
export type Op =
  | CallOp
  | ConstructOp
  | CopyOp
  | RawListOp
  | CopyChainOp
  | IterOpenOp
  | IterNextOp
  | ForEachOp
  | FreezeOp
  | BatchOp
  | ShapeOp
  | TamperOp
  | BrandOp
  | MisuseOp
  | RequestOp
  | ResponseOp
  | CloneOp
  | SerializeOp
  | ReadOp
  | BodyOp;
