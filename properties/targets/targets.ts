/**
 * Loading what a campaign judges: `impl` (headerproof's fast module), `native` (the host runtime's
 * own Headers, its guards reached through Request and Response), or any module path following
 * spec/contract.ts. Also loads the reference, and says which entry points of the candidate can be
 * fuzzed.
 *
 * @example
 * ```ts
 * import { loadTarget } from "./targets.ts";
 * const target = await loadTarget({ target: "native" });
 * console.log(target.profile, target.entryPoints);
 * ```
 *
 * @module
 */
import { pathToFileURL } from "node:url";
import type { Headers as SpecHeaders } from "../../spec/headers.ts";
import { valuePairsOf } from "../../spec/headers.ts";
import type { FetchReach } from "../oracle/arbitraries.ts";
import type { Subject } from "../oracle/base/observe.ts";
import { openSubject } from "../oracle/base/observe.ts";
import type { Guard } from "../oracle/ops.ts";
import { callerPath } from "./runtime.ts";

/** A profile of the reference (see spec/contract.ts). */
export type Profile = "standard" | "server";

/** The default reference: the spec-literal module. */
export const REFERENCE_URL: string = new URL("../../spec/mod.ts", import.meta.url).href;
/** headerproof's fast implementation. */
export const IMPL_URL: string = new URL("../../impl/mod.ts", import.meta.url).href;

/** What the candidate offers, which decides the operations a campaign may generate. */
export interface Capabilities {
  /** Guards the candidate can construct objects with. */
  guards: readonly Guard[];
  /** Guards that can only be reached empty (native immutable: `Response.error()`). */
  emptyOnly: readonly Guard[];
  /** `headersFromRawList` is fuzzed. */
  rawList: boolean;
  /** `freezeHeaders` is fuzzed. */
  freeze: boolean;
  /** `headersWithGuard` is fuzzed (the module has it; native does not). */
  withGuard: boolean;
  /** The steps through Request, Response and structuredClone that are fuzzed (absent: none). */
  fetch?: FetchReach;
}

/** A loaded candidate and reference. */
export interface Target {
  /** What the user named: "impl", "native" or the module path. */
  name: string;
  /** The candidate module's URL (null for native). */
  candidateUrl: string | null;
  /**
   * The candidate's `resetHeadersCaches` export, when it has one: a test hook that returns the
   * module's caches to their state at load, called before every run so that each run starts from
   * the same module state (null otherwise).
   */
  resetCaches: (() => void) | null;
  /** The reference module's URL. */
  referenceUrl: string;
  /** The profile the reference runs with. */
  profile: Profile;
  /** The candidate's side. */
  candidate: Subject;
  /** The reference's side. */
  reference: Subject;
  /** What may be generated. */
  capabilities: Capabilities;
  /** The entry points fuzzed, one line each (for the report). */
  entryPoints: string[];
}

/** What to load. */
export interface TargetRequest {
  /** "impl", "native", or a module path (.js, .mjs, .ts) relative to the caller's directory. */
  target: string;
  /** Overrides the profile (default: "server" for native, "standard" otherwise). */
  profile?: Profile;
  /** Overrides the reference module (a path or URL); default spec/mod.ts. */
  reference?: string;
}

/** The candidate could not be loaded: its module throws, or lacks `Headers`. */
export class CandidateLoadError extends Error {
  /** `detail` says what went wrong with the module at `url`. */
  readonly url: string;
  readonly detail: string;
  constructor(url: string, detail: string) {
    super(`candidate ${url} cannot be used: ${detail}`);
    this.url = url;
    this.detail = detail;
    this.name = "CandidateLoadError";
  }
}

/** The URL of the candidate module `target` names: impl's, a module's, or null for "native". */
export function candidateUrlOf(target: string): string | null {
  if (target === "native") return null;
  return target === "impl" ? IMPL_URL : moduleUrl(target);
}

/** A module path (relative to the caller's directory) or URL as a URL string. */
export function moduleUrl(pathOrUrl: string): string {
  if (/^(file|data|https?):/.test(pathOrUrl)) return pathOrUrl;
  return pathToFileURL(callerPath(pathOrUrl)).href;
}

/**
 * What an import of `url` threw, as the runtime reports it: the error's name and message, with the
 * file, line and column where the runtime gives them (Deno puts them in the message, Bun in
 * `position`; Node's stack names the file).
 */
export function loadFailureDetail(url: string, error: unknown): string {
  if (typeof error !== "object" || error === null) return `it threw ${String(error)}`;
  const { name, message, position, stack, errors } = error as {
    name?: unknown;
    message?: unknown;
    position?: { file?: string; line?: number; column?: number } | null;
    stack?: unknown;
    errors?: unknown;
  };
  // Deno reports a module that does not parse as a TypeError whose message is
  // "SyntaxError: ...": the message then names the error itself.
  const text = String(message ?? "");
  const lines = [/^[A-Z]\w*Error: /.test(text) ? text : `${String(name ?? "Error")}: ${text}`];
  // Bun gathers a module's parse errors in an AggregateError.
  if (Array.isArray(errors)) {
    for (const inner of errors) {
      lines.push(`  ${String((inner as { message?: unknown })?.message ?? inner)}`);
    }
  }
  if (position?.file !== undefined) {
    lines.push(`    at ${position.file}:${position.line}:${position.column}`);
  } else if (!String(message).includes(url) && !/:\d+:\d+/.test(String(message))) {
    const at = String(stack ?? "").split("\n").find((line) => line.includes(url));
    lines.push(at === undefined ? `    in ${url}` : at);
  }
  return lines.join("\n");
}

const ALL_GUARDS: readonly Guard[] = [
  "none",
  "request",
  "request-no-cors",
  "response",
  "immutable",
];

/**
 * The reference's side. With headerproof's own reference, a Headers object is read in one
 * sort-and-combine (spec/headers.ts `valuePairsOf`) instead of one per step of its iterator: the
 * same pairs a drain yields (nothing changes the object during a drain), with the drain's cap.
 */
function referenceSubject(exports: unknown, profile: Profile, ownReference: boolean): Subject {
  const subject = openSubject(exports, "module", profile);
  if (ownReference) {
    subject.readAll = (headers) => {
      const pairs: unknown[] = valuePairsOf(headers as SpecHeaders);
      return pairs.length > 1000 ? [...pairs.slice(0, 1000), ["more than 1000 items"]] : pairs;
    };
  }
  return subject;
}

/** Loads the candidate and the reference. Throws {@link CandidateLoadError} for a bad candidate. */
export async function loadTarget(request: TargetRequest): Promise<Target> {
  const referenceUrl = request.reference === undefined
    ? REFERENCE_URL
    : moduleUrl(request.reference);
  const referenceExports = await import(referenceUrl);
  for (const name of ["Headers", "headersWithGuard", "headersFromRawList", "freezeHeaders"]) {
    if (typeof referenceExports[name] !== "function") {
      throw new Error(`the reference ${referenceUrl} does not export ${name}`);
    }
  }
  if (request.target === "native") {
    const profile = request.profile ?? "server";
    const native = nativeCapabilities();
    const candidate = openSubject(globalThis, "native", profile);
    const fetch = fetchReach(candidate);
    return {
      name: "native",
      candidateUrl: null,
      resetCaches: null,
      referenceUrl,
      profile,
      candidate,
      reference: referenceSubject(referenceExports, profile, request.reference === undefined),
      capabilities: { ...native.capabilities, fetch },
      entryPoints: [...native.entryPoints, ...fetchEntryPoints(fetch, "native")],
    };
  }
  const url = candidateUrlOf(request.target) as string;
  let exports: Record<string, unknown>;
  try {
    exports = await import(url);
  } catch (error) {
    throw new CandidateLoadError(url, loadFailureDetail(url, error));
  }
  if (typeof exports.Headers !== "function") {
    throw new CandidateLoadError(url, "it does not export a Headers class");
  }
  const profile = request.profile ?? "standard";
  const withGuard = typeof exports.headersWithGuard === "function";
  const rawList = typeof exports.headersFromRawList === "function";
  const freeze = typeof exports.freezeHeaders === "function";
  let candidate: Subject;
  try {
    candidate = openSubject(exports, "module", profile);
  } catch (error) {
    throw new CandidateLoadError(
      url,
      `its fetchClasses() throws: ${loadFailureDetail(url, error)}`,
    );
  }
  const fetch = fetchReach(candidate);
  return {
    name: request.target,
    candidateUrl: url,
    resetCaches: typeof exports.resetHeadersCaches === "function"
      ? exports.resetHeadersCaches as () => void
      : null,
    referenceUrl,
    profile,
    candidate,
    reference: referenceSubject(referenceExports, profile, request.reference === undefined),
    capabilities: {
      guards: withGuard ? ALL_GUARDS : ["none"],
      emptyOnly: [],
      rawList,
      freeze,
      withGuard,
      fetch,
    },
    entryPoints: [
      "Headers (constructor and every method)",
      ...(withGuard ? ["headersWithGuard (every guard)"] : []),
      ...(rawList ? ["headersFromRawList"] : []),
      ...(freeze ? ["freezeHeaders"] : []),
      ...(typeof exports.headerListOf === "function" ? [HEADER_LIST_ENTRY_POINT] : []),
      ...fetchEntryPoints(fetch, "module", fetchNotesOf(exports.fetchEntryPointNotes)),
    ],
  };
}

/**
 * The entry-point line of a candidate that exports `headerListOf`: its header list is then
 * observed after every step (world.ts), and reproductions observe it too.
 */
export const HEADER_LIST_ENTRY_POINT = "headerListOf (the header list, after every step)";

/** What the steps through Request, Response and structuredClone can reach on `subject`. */
export function fetchReach(subject: Subject): FetchReach {
  const fetch = subject.fetch ?? {};
  const response = fetch.Response;
  return {
    request: typeof fetch.Request === "function",
    response: typeof response === "function" && typeof response.error === "function" &&
      typeof response.redirect === "function" && typeof response.json === "function",
    structuredClone: typeof fetch.structuredClone === "function",
  };
}

/**
 * What a target module generated by headerproof (deno_src_target.ts, undici_target.ts) may say
 * about Request, Response and structuredClone, in its optional `fetchEntryPointNotes` export (not
 * part of spec/contract.ts): for an entry point it offers, where it comes from; for one it lacks,
 * why. Each replaces the parenthesis of that entry point's line.
 */
export interface FetchEntryPointNotes {
  Request?: string;
  Response?: string;
  structuredClone?: string;
}

/** `value` as {@link FetchEntryPointNotes}: its string members, nothing else. */
function fetchNotesOf(value: unknown): FetchEntryPointNotes {
  if (typeof value !== "object" || value === null) return {};
  const notes: Record<string, string> = {};
  for (const key of ["Request", "Response", "structuredClone"]) {
    const note = (value as Record<string, unknown>)[key];
    if (typeof note === "string") notes[key] = note;
  }
  return notes;
}

/**
 * The entry-point lines of the steps through Request, Response and structuredClone: what is
 * fuzzed, and what is not because the candidate lacks it (`kind` "native": the runtime's globals;
 * "module": the contract's optional `fetchClasses` and `structuredClone`), each with the module's
 * `notes` in place of the parenthesis where it gives one.
 */
export function fetchEntryPoints(
  reach: FetchReach,
  kind: "native" | "module",
  notes: FetchEntryPointNotes = {},
): string[] {
  const from = kind === "native" ? "the runtime's global" : "fetchClasses()";
  const clone = kind === "native"
    ? "the runtime's structuredClone"
    : "the module's structuredClone";
  return [
    reach.request
      ? `Request (${
        notes.Request ?? from
      }): new Request(url or request, init), clone(), its headers as steps' objects`
      : `Request: not fuzzed (${
        notes.Request ?? (kind === "native" ? "no global Request" : "no fetchClasses().Request")
      })`,
    reach.response
      ? `Response (${
        notes.Response ?? from
      }): new Response(body, init), Response.json/redirect/error, clone(), its headers as steps' objects`
      : `Response: not fuzzed (${
        notes.Response ??
          `${
              kind === "native" ? "no global Response" : "no fetchClasses().Response"
            } with error, ` +
            "redirect and json"
      })`,
    reach.structuredClone
      ? `structuredClone (${
        notes.structuredClone ?? clone
      }) of Headers, Request and Response, top level and nested`
      : `structuredClone: not fuzzed (${
        notes.structuredClone ??
          (kind === "native" ? "no global structuredClone" : "no structuredClone export")
      })`,
  ];
}

/** Which guards the host's Request/Response reach, probed, with a line per entry point. */
function nativeCapabilities(): { capabilities: Capabilities; entryPoints: string[] } {
  const host = globalThis as unknown as {
    Request?: new (url: string, init: unknown) => { headers: { has(n: string): boolean } };
    Response?: { new (body: null, init: unknown): unknown; error?: () => unknown };
  };
  const guards: Guard[] = ["none"];
  const entryPoints = ["none: new Headers(init)"];
  if (typeof host.Request === "function") {
    guards.push("request", "request-no-cors");
    entryPoints.push("request: new Request(url, { headers }).headers");
    let honoured = false;
    try {
      const probe = new host.Request("http://headerproof.test/", {
        mode: "no-cors",
        headers: [["x-probe", "1"]],
      });
      honoured = !probe.headers.has("x-probe");
    } catch {
      honoured = false;
    }
    entryPoints.push(
      `request-no-cors: new Request(url, { mode: "no-cors", headers }).headers (the runtime ${
        honoured ? "applies" : "does not apply"
      } the request-no-cors guard)`,
    );
  }
  if (typeof host.Response === "function") {
    guards.push("response");
    entryPoints.push("response: new Response(null, { headers }).headers");
    if (typeof host.Response.error === "function") {
      guards.push("immutable");
      entryPoints.push("immutable: Response.error().headers (empty only)");
    }
  }
  return {
    capabilities: {
      guards: ALL_GUARDS.filter((g) => guards.includes(g)),
      emptyOnly: ["immutable"],
      rawList: false,
      freeze: false,
      withGuard: false,
    },
    entryPoints,
  };
}
