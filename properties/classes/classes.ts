/**
 * The divergence classes: one typed table, `CLASSES`, one row per class, each class one file
 * under this folder (answers/, costs/, wire/, codec/: the stage that finds it; class.ts says what
 * a class declares and how to add one). Everything that asks about classes asks here:
 * `--known-divergences` ({@link divergenceClasses}, {@link knownFor}, {@link costCasesSkipped},
 * {@link codecClasses}), the campaign's report ({@link classesHit}), `sweep` ({@link classify}),
 * `report` ({@link reportCases}), the wire stage
 * ({@link wireClasses}, {@link codecCauseOf}) and properties/NATIVE_DIVERGENCES.md
 * (native_divergences.ts). The stage folders and oracle/ do not import this folder: their callers
 * pass them the classes, or the recognizers, they need.
 *
 * The table's order is the order classes apply and are listed in: the answer classes in the order
 * world.ts asks them (the first that explains a difference names it) and their rewrites apply
 * (response-init-ignores-array-iterator first, as it puts back the order a list was filled in,
 * which the rewrites of what reading the list shows then apply to), the wire classes among
 * them so that each runtime's rewrites of the expected header list apply in the order they were
 * found to compose (fetch-keeps-trailing-field-whitespace first, as it rebuilds the list from the
 * field lines), then the cost classes, then the codec classes.
 *
 * @example
 * ```ts
 * import { CLASSES, divergenceClasses } from "./classes.ts";
 * const [noCors] = divergenceClasses(["no-cors-guard-ignored"]);
 * noCors.covers({ op: "construct", slot: 0, guard: "request-no-cors", init: { kind: "none" } });
 * // true
 * console.log(CLASSES.length);
 * ```
 *
 * @module
 */
import type { StageName } from "../core/stage.ts";
import type { Op } from "../oracle/ops.ts";
import type { CostCase } from "../costs/probes.ts";
import type { WireDivergenceClass } from "../wire/wire_property.ts";
import type {
  AnswerClass,
  AnyClass,
  ClassOf,
  CodecClass,
  CostDivergenceClass,
  EgressClass,
  ReportCase,
  WireClass,
} from "./class.ts";
import { noCorsGuardIgnored } from "./answers/no_cors_guard_ignored.ts";
import { iterationDropsLeadingEmptyValue } from "./answers/iteration_drops_leading_empty_value.ts";
import { iteratorLatchesOnDone } from "./answers/iterator_latches_on_done.ts";
import { forEachIteratesSnapshot } from "./answers/for_each_iterates_snapshot.ts";
import { setCookieSortedLast } from "./answers/set_cookie_sorted_last.ts";
import { recordIncludesNonEnumerableKeys } from "./answers/record_includes_non_enumerable_keys.ts";
import { recordEnumerableSymbolKeyIgnored } from "./answers/record_enumerable_symbol_key_ignored.ts";
import { copyKeepsTrailingCommaSpace } from "./answers/copy_keeps_trailing_comma_space.ts";
import { responseInitSkipsTolength } from "./answers/response_init_skips_tolength.ts";
import { pairNextPrimitiveHangs } from "./answers/pair_next_primitive_hangs.ts";
import { fetchKeepsTrailingFieldWhitespace } from "./wire/fetch_keeps_trailing_field_whitespace.ts";
import { fetchDropsEmptyFields } from "./wire/fetch_drops_empty_fields.ts";
import { cookieJoinedWithSemicolon } from "./answers/cookie_joined_with_semicolon.ts";
import { repeatedUnknownFieldsKeepLast } from "./wire/repeated_unknown_fields_keep_last.ts";
import { serveJoinsCookieFieldsWithSemicolon } from "./wire/serve_joins_cookie_fields_with_semicolon.ts";
import { h2FetchReencodesObsText } from "./wire/h2_fetch_reencodes_obs_text.ts";
import { h2DropsControlByteFields } from "./wire/h2_drops_control_byte_fields.ts";
import { h2FetchKeepsFirstSingletonField } from "./wire/h2_fetch_keeps_first_singleton_field.ts";
import { h2ServeDropsContinuationFields } from "./wire/h2_serve_drops_continuation_fields.ts";
import { getSetCookieNoBrandCheck } from "./answers/get_set_cookie_no_brand_check.ts";
import { errorResponseHeadersMutable } from "./answers/error_response_headers_mutable.ts";
import { unreadCloneDropsContentType } from "./answers/unread_clone_drops_content_type.ts";
import { bodyReadFirstDropsContentType } from "./answers/body_read_first_drops_content_type.ts";
import { inspectShowsLastSetCookie } from "./answers/inspect_shows_last_set_cookie.ts";
import { headersInitIgnoresOverriddenIterator } from "./answers/headers_init_ignores_overridden_iterator.ts";
import { sequenceConvertedAfterIteration } from "./answers/sequence_converted_after_iteration.ts";
import { iteratorMethodReadRepeatedly } from "./answers/iterator_method_read_repeatedly.ts";
import { recordValueReadBeforeKeyCheck } from "./answers/record_value_read_before_key_check.ts";
import { iteratorProtocolExtraReads } from "./answers/iterator_protocol_extra_reads.ts";
import { iteratorNextReadEachStep } from "./answers/iterator_next_read_each_step.ts";
import { responseInitArrayFilledAsRead } from "./answers/response_init_array_filled_as_read.ts";
import { nullBodyStaticResponseUsedAfterRead } from "./answers/null_body_static_response_used_after_read.ts";
import { requestFromResponseThrowsError } from "./answers/request_from_response_throws_error.ts";
import { noCorsRequestAcceptsAnyMethod } from "./answers/no_cors_request_accepts_any_method.ts";
import { usedBodyCloneSucceeds } from "./answers/used_body_clone_succeeds.ts";
import { iterationPairsSharedWithCache } from "./answers/iteration_pairs_shared_with_cache.ts";
import { usesPatchableBuiltins } from "./answers/uses_patchable_builtins.ts";
import { ownKeysExposeInternalState } from "./answers/own_keys_expose_internal_state.ts";
import { prototypeHasExtraProperties } from "./answers/prototype_has_extra_properties.ts";
import { headersRequestResponseSerializable } from "./answers/headers_request_response_serializable.ts";
import { requestInitReadsClient } from "./answers/request_init_reads_client.ts";
import { requestInitSkipsMembers } from "./answers/request_init_skips_members.ts";
import { responseInitMembersReadTwice } from "./answers/response_init_members_read_twice.ts";
import { responseAcceptsStatus101 } from "./answers/response_accepts_status_101.ts";
import { responseStatusCheckedBeforeHeadersConverted } from "./answers/response_status_checked_before_headers_converted.ts";
import { initMembersReadOutOfOrder } from "./answers/init_members_read_out_of_order.ts";
import { initReadsNonMembers } from "./answers/init_reads_non_members.ts";
import { jsonContentTypeHasCharset } from "./answers/json_content_type_has_charset.ts";
import { stringBodyNoContentType } from "./answers/string_body_no_content_type.ts";
import { responseStatusAndStatusTextUnchecked } from "./answers/response_status_and_status_text_unchecked.ts";
import { statusNotConvertedToUnsignedShort } from "./answers/status_not_converted_to_unsigned_short.ts";
import { getRequestAcceptsBody } from "./answers/get_request_accepts_body.ts";
import { requestConstructorChecksSkipped } from "./answers/request_constructor_checks_skipped.ts";
import { responseHeadersFilledBeforeStatusCheck } from "./answers/response_headers_filled_before_status_check.ts";
import { responseInitIgnoresArrayIterator } from "./answers/response_init_ignores_array_iterator.ts";
import { staticBodyContentTypeNameLowercase } from "./answers/static_body_content_type_name_lowercase.ts";
import { stringBodyHeadersInitReadAsRecord } from "./answers/string_body_headers_init_read_as_record.ts";
import { jsonFalsyHeadersIgnored } from "./answers/json_falsy_headers_ignored.ts";
import { foreignFormDataBodyIsText } from "./answers/foreign_form_data_body_is_text.ts";
import { valuesKeepParentStrings } from "./costs/values_keep_parent_strings.ts";
import { namesKeepParentStrings } from "./costs/names_keep_parent_strings.ts";
import { linearScanPerOperation } from "./costs/linear_scan_per_operation.ts";
import { iterationReSortsAfterMutation } from "./costs/iteration_re_sorts_after_mutation.ts";
import { quadraticOnLargeLists } from "./costs/quadratic_on_large_lists.ts";
import { iterationCacheOutlivesDelete } from "./costs/iteration_cache_outlives_delete.ts";
import { valueControlBytesRejected } from "./codec/value_control_bytes_rejected.ts";
import { valueEdgeWhitespaceAccepted } from "./codec/value_edge_whitespace_accepted.ts";
import { toStrRejectsObsText } from "./codec/to_str_rejects_obs_text.ts";
import { nameLongerThan65535Rejected } from "./codec/name_longer_than_65535_rejected.ts";
import { longTextKeyNotValidated } from "./codec/long_text_key_not_validated.ts";
import { lowercaseNameAcceptsDquote } from "./codec/lowercase_name_accepts_dquote.ts";
import { denoServeAddsFramingFields } from "./egress/deno_serve_adds_framing_fields.ts";
import { denoFetchAddsDefaultFields } from "./egress/deno_fetch_adds_default_fields.ts";
import { nodeHttpAddsFramingFields } from "./egress/node_http_adds_framing_fields.ts";
import { nodeFetchAddsDefaultFields } from "./egress/node_fetch_adds_default_fields.ts";
import { bunServeAddsFramingFields } from "./egress/bun_serve_adds_framing_fields.ts";
import { bunFetchAddsDefaultFields } from "./egress/bun_fetch_adds_default_fields.ts";
import { serveDropsContentTypeOfUnreadClone } from "./egress/serve_drops_content_type_of_unread_clone.ts";
import { emptyStringBodyWithoutContentType } from "./egress/empty_string_body_without_content_type.ts";
import { bodyContentTypeCharsetRewritten } from "./egress/body_content_type_charset_rewritten.ts";
import { fetchJoinsRequestSetCookie } from "./egress/fetch_joins_request_set_cookie.ts";
import { headersInitDropsLeadingEmptyValue } from "./egress/headers_init_drops_leading_empty_value.ts";
import { fetchStringBodyWithoutContentType } from "./egress/fetch_string_body_without_content_type.ts";
import { serveCloneOfNonAsciiTextIsOctetStream } from "./egress/serve_clone_of_non_ascii_text_is_octet_stream.ts";
import { serveAddsContentTypeBesideEmptyOne } from "./egress/serve_adds_content_type_beside_empty_one.ts";
import { bytesBodyGetsOctetStreamType } from "./egress/bytes_body_gets_octet_stream_type.ts";
import { denoH2FetchAddsDefaultFields } from "./egress/deno_h2_fetch_adds_default_fields.ts";
import { nodeH2FetchAddsDefaultFields } from "./egress/node_h2_fetch_adds_default_fields.ts";
import { nodeHttp2AddsDate } from "./egress/node_http2_adds_date.ts";
import { adapterStringBodyWithoutContentType } from "./egress/adapter_string_body_without_content_type.ts";
import { denoServeH2AddsFramingFields } from "./egress/deno_serve_h2_adds_framing_fields.ts";
import { denoServeAddsVary } from "./egress/deno_serve_adds_vary.ts";

/** Every class, in the order they apply and are listed in (see the module doc). */
export const CLASSES = [
  responseInitIgnoresArrayIterator,
  noCorsGuardIgnored,
  iterationDropsLeadingEmptyValue,
  iteratorLatchesOnDone,
  forEachIteratesSnapshot,
  setCookieSortedLast,
  recordIncludesNonEnumerableKeys,
  recordEnumerableSymbolKeyIgnored,
  copyKeepsTrailingCommaSpace,
  responseInitSkipsTolength,
  pairNextPrimitiveHangs,
  fetchKeepsTrailingFieldWhitespace,
  fetchDropsEmptyFields,
  cookieJoinedWithSemicolon,
  repeatedUnknownFieldsKeepLast,
  serveJoinsCookieFieldsWithSemicolon,
  h2FetchReencodesObsText,
  h2DropsControlByteFields,
  h2FetchKeepsFirstSingletonField,
  h2ServeDropsContinuationFields,
  getSetCookieNoBrandCheck,
  errorResponseHeadersMutable,
  unreadCloneDropsContentType,
  headersInitIgnoresOverriddenIterator,
  sequenceConvertedAfterIteration,
  iteratorMethodReadRepeatedly,
  recordValueReadBeforeKeyCheck,
  iteratorProtocolExtraReads,
  iteratorNextReadEachStep,
  responseInitArrayFilledAsRead,
  nullBodyStaticResponseUsedAfterRead,
  requestFromResponseThrowsError,
  noCorsRequestAcceptsAnyMethod,
  usedBodyCloneSucceeds,
  iterationPairsSharedWithCache,
  usesPatchableBuiltins,
  ownKeysExposeInternalState,
  prototypeHasExtraProperties,
  headersRequestResponseSerializable,
  requestInitReadsClient,
  requestInitSkipsMembers,
  responseInitMembersReadTwice,
  responseAcceptsStatus101,
  responseStatusCheckedBeforeHeadersConverted,
  initMembersReadOutOfOrder,
  initReadsNonMembers,
  jsonContentTypeHasCharset,
  stringBodyNoContentType,
  responseStatusAndStatusTextUnchecked,
  statusNotConvertedToUnsignedShort,
  getRequestAcceptsBody,
  requestConstructorChecksSkipped,
  responseHeadersFilledBeforeStatusCheck,
  staticBodyContentTypeNameLowercase,
  stringBodyHeadersInitReadAsRecord,
  jsonFalsyHeadersIgnored,
  foreignFormDataBodyIsText,
  bodyReadFirstDropsContentType,
  inspectShowsLastSetCookie,
  valuesKeepParentStrings,
  namesKeepParentStrings,
  linearScanPerOperation,
  iterationReSortsAfterMutation,
  quadraticOnLargeLists,
  iterationCacheOutlivesDelete,
  valueControlBytesRejected,
  valueEdgeWhitespaceAccepted,
  toStrRejectsObsText,
  nameLongerThan65535Rejected,
  longTextKeyNotValidated,
  lowercaseNameAcceptsDquote,
  denoServeAddsFramingFields,
  denoFetchAddsDefaultFields,
  nodeHttpAddsFramingFields,
  nodeFetchAddsDefaultFields,
  bunServeAddsFramingFields,
  bunFetchAddsDefaultFields,
  serveDropsContentTypeOfUnreadClone,
  emptyStringBodyWithoutContentType,
  fetchStringBodyWithoutContentType,
  serveCloneOfNonAsciiTextIsOctetStream,
  bodyContentTypeCharsetRewritten,
  fetchJoinsRequestSetCookie,
  headersInitDropsLeadingEmptyValue,
  bytesBodyGetsOctetStreamType,
  serveAddsContentTypeBesideEmptyOne,
  denoH2FetchAddsDefaultFields,
  nodeH2FetchAddsDefaultFields,
  nodeHttp2AddsDate,
  denoServeH2AddsFramingFields,
  denoServeAddsVary,
  adapterStringBodyWithoutContentType,
] as const satisfies readonly AnyClass[];

/** A row of the table, its name a literal type. */
type Row = (typeof CLASSES)[number];

/** The name of a class of the table. */
export type ClassName = Row["name"];

/** An answer class of the table. */
type Answer = AnswerClass<ClassName>;

/** The classes of stage `stage`, in table order. */
export function classesOf<S extends StageName>(stage: S): Extract<Row, ClassOf<S>>[] {
  return CLASSES.filter((c): c is Extract<Row, ClassOf<S>> => c.stage === stage);
}

/** The class named `name`, or undefined. */
export function classNamed(name: string): AnyClass | undefined {
  return (CLASSES as readonly AnyClass[]).find((c) => c.name === name);
}

/**
 * The classes named in `names` ("all" for every one, "none" for none), in table order whatever
 * the order named; an unknown name throws. "auto" is resolved by {@link knownFor} before it gets
 * here.
 */
export function divergenceClasses(names: readonly string[]): Answer[] {
  const answers = classesOf("answers");
  if (names.includes("all")) return answers;
  if (names.length === 1 && names[0] === "none") return [];
  // Cost classes and codec classes are put in force by their own stages.
  const answerNames = names.filter((name) => {
    const stage = classNamed(name)?.stage;
    return stage !== "costs" && stage !== "codec" && stage !== "egress";
  });
  for (const name of answerNames) {
    if (answers.some((c) => c.name === name)) continue;
    throw new Error(
      `unknown divergence class "${name}"; known: all, none, auto, ${
        [...answers, ...classesOf("costs"), ...classesOf("codec")].map((c) => c.name).join(", ")
      }`,
    );
  }
  return answers.filter((c) => answerNames.includes(c.name));
}

/**
 * The classes already known for a target whose Headers is `runtimeName`'s ("deno", "node",
 * "bun"), answer and cost classes alike: those seen in it (`--known-divergences auto`, the
 * default for native, release and source targets).
 */
export function knownFor(runtimeName: string): (Answer | CostDivergenceClass<ClassName>)[] {
  return [...classesOf("answers"), ...classesOf("costs")].filter((c) =>
    (c.runtimes as readonly string[]).includes(runtimeName)
  );
}

/**
 * The known class a divergence belongs to, or null (see the module doc for the rule). `runtime`
 * ("deno", "node", "bun") orders the classes seen in it first; `known` are already in force.
 */
export function classify(
  failure: { steps: readonly Op[]; message: string },
  runtimeName: string,
  known: readonly string[],
): Answer | null {
  const open = classesOf("answers").filter((c) => !known.includes(c.name));
  if (/^step \d+: Reflect\.ownKeys\(/m.test(failure.message)) {
    const silencing = open.find((c) => c.silences === "own keys");
    if (silencing !== undefined) return silencing;
  }
  if (/the candidate called these patched built-ins/.test(failure.message)) {
    const silencing = open.find((c) => c.silences === "tampered realm");
    if (silencing !== undefined) return silencing;
  }
  const ordered = [
    ...open.filter((c) => (c.runtimes as readonly string[]).includes(runtimeName)),
    ...open.filter((c) => !(c.runtimes as readonly string[]).includes(runtimeName)),
  ];
  // A batch is covered by a class that covers any step inside it, as the campaign excludes it.
  const covers = (c: Answer, step: Op) =>
    c.covers(step) || (step.op === "batch" && step.ops.some((inner) => c.covers(inner)));
  for (let i = failure.steps.length - 1; i >= 0; i--) {
    const covering = ordered.find((c) => covers(c, failure.steps[i]));
    if (covering !== undefined) return covering;
  }
  return null;
}

/** A known class a campaign's divergence was put in ({@link classify}). */
export interface ClassHit {
  /** The class. */
  name: string;
  /** Its one-line summary. */
  summary: string;
  /** The runtimes it was seen in before. */
  seenIn: readonly string[];
  /** The seeds of the workers whose divergence it was. */
  seeds: number[];
  /** The runs that went on past it (0 for the class of a counterexample). */
  runs: number;
  /** The steps it explained over those runs (0 for the class of a counterexample). */
  steps: number;
  /**
   * The command that replays the first run that went on past it, with it left out of the classes
   * in force, so that the run fails on it (campaign/coordinator.ts); null for the class of a
   * counterexample, which its own replay command shows.
   */
  replay: string | null;
}

/**
 * Every known class among `failures` (each worker's first divergence, with its seed), in the
 * order first hit: what a campaign on a runtime's Headers (`runtimeName`) ran into, the classes
 * in `known` left out. A divergence no class covers is not listed.
 */
export function classesHit(
  failures: readonly { seed: number; steps: readonly Op[]; message: string }[],
  runtimeName: string,
  known: readonly string[],
): ClassHit[] {
  const hits: ClassHit[] = [];
  for (const failure of failures) {
    const c = classify(failure, runtimeName, known);
    if (c === null) continue;
    const hit = hits.find((h) => h.name === c.name);
    if (hit === undefined) {
      hits.push({
        name: c.name,
        summary: c.summary,
        seenIn: c.runtimes,
        seeds: [failure.seed],
        runs: 0,
        steps: 0,
        replay: null,
      });
    } else hit.seeds.push(failure.seed);
  }
  return hits;
}

/** The cost classes named in `names` ("all" for every one); answer class names are passed over. */
export function knownCostClasses(names: readonly string[]): CostDivergenceClass[] {
  return classesOf("costs").filter((c) => names.includes("all") || names.includes(c.name));
}

/**
 * Whether a cost class among `names` (or "all") covers a cost case: the cases the cost stage does
 * not measure while those classes are in force.
 */
export function costCasesSkipped(names: readonly string[]): (costCase: CostCase) => boolean {
  const inForce = knownCostClasses(names);
  return (costCase) => inForce.some((c) => c.covers(costCase));
}

/**
 * Every wire recognizer, in the order the wire stage applies them: the wire classes, and the
 * wire part of each answer class the wire stage reaches too (of the same name).
 */
export function wireClasses(): WireDivergenceClass[] {
  return (CLASSES as readonly AnyClass[]).flatMap((c) =>
    c.stage === "wire" ? [c] : c.stage === "answers" && c.wire !== undefined ? [c.wire] : []
  );
}

/** Every codec class, in table order (the codec stage puts those named, or all, in force). */
export function codecClasses(): CodecClass[] {
  return classesOf("codec");
}

/**
 * The codec class that explains a wire-stage parser divergence of `runtimeName`: field lines the
 * reference accepts and the runtime's parser rejects, for a cause a class names (null when none
 * does, or the runtime does not run the crate).
 */
export function codecCauseOf(
  runtimeName: string,
  found: { fieldLines: readonly string[]; referenceAccepts: boolean; runtimeAccepts: boolean },
): CodecClass | null {
  if (!found.referenceAccepts || found.runtimeAccepts) return null;
  return classesOf("codec").find((c) =>
    c.seenThrough.includes(runtimeName) && c.explainsRejection?.(found.fieldLines) === true
  ) ?? null;
}

/**
 * Every class of `stages` with an upstream report, as `report` takes them: the answer classes,
 * then the wire classes, each in table order.
 */
export function reportCases(
  stages: readonly ("answers" | "wire")[] = ["answers", "wire"],
): ReportCase[] {
  return stages.flatMap((stage) => classesOf(stage) as (AnswerClass | WireClass)[]).flatMap((c) =>
    c.report === null ? [] : [{ name: c.name, ...c.report }]
  );
}

/** Where `report --all` keeps the committed reports, from the repository's root. */
export const REPORTS_DIR = "properties/upstream/reports";

/**
 * The committed files of a class's report: its issue body (`NAME.md`) and, unless its
 * reproduction needs the network, its web-platform-tests test (`NAME.any.js`); none for a class
 * without a report.
 */
export function reportFiles(c: AnyClass): { issue: string; wpt: string | null } | null {
  if (c.report === null) return null;
  return {
    issue: `${REPORTS_DIR}/${c.name}.md`,
    wpt: c.report.network ? null : `${REPORTS_DIR}/${c.name}.any.js`,
  };
}

/**
 * The egress classes of the runtime named `runtimeName` (allowances and divergences), in the
 * order they apply; the egress stage applies them all and counts each in its report.
 */
export function egressClasses(runtimeName: string): EgressClass[] {
  return classesOf("egress").filter((c) => c.runtimes.some((name) => name === runtimeName));
}
