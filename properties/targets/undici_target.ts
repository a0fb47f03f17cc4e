/**
 * undici as a campaign target: `--target undici@X` (the npm package, installed on first use into
 * the ignored `.tools/packages/undici@X/`) or `--target undici-src:PATH` (a checkout). Either
 * becomes a module following spec/contract.ts that reaches every guard through undici's own
 * internals, as its `Request` and `Response` do. The module is generated beside the package
 * (`.tools/packages/undici@X/headerproof-target.mjs`), so that the tampered-realm property counts
 * undici's files as the candidate's code (the module's folder); for a checkout it goes to the
 * ignored `.cache/undici/` (a checkout is never written to), and the tampered realm then blames
 * only the generated module, not undici's files.
 *
 * | undici             | headers module              | WebIDL                      | guard                                                 |
 * | ------------------ | --------------------------- | --------------------------- | ----------------------------------------------------- |
 * | 5.x, 6.0           | `lib/fetch/headers.js`      | `lib/fetch/webidl.js`       | `headers[kGuard]`, `kGuard` from `lib/fetch/symbols.js` |
 * | 6.x (later)        | `lib/web/fetch/headers.js`  | `lib/web/fetch/webidl.js`   | exported `setHeadersGuard` / `getHeadersGuard`        |
 * | 7.x, 8.x           | `lib/web/fetch/headers.js`  | `lib/web/webidl/index.js`   | exported `setHeadersGuard` / `getHeadersGuard`        |
 *
 * `headersWithGuard(guard, init)` converts `init` with undici's `webidl.converters.HeadersInit`,
 * creates an empty `Headers`, sets the guard and calls undici's `fill` (guard "immutable": filled
 * under "none", then set); `freezeHeaders` sets the guard to "immutable". `headersFromRawList` is
 * not offered (undici builds a response's list inside its HTTP client, not through one function);
 * `wireClients()` hands the wire stage undici's own `fetch`, `Agent` and `request` (index.js).
 * `fetchClasses()` hands out undici's own `Request` and `Response` (`request.js` and `response.js`
 * beside the headers module, when both are there); `structuredClone` is Node's global, which is what
 * a Node user of the package calls. The module must run under Node (`fuzz:node`, or
 * `--runtime node@X`).
 *
 * @example
 * ```ts
 * import { undiciTargetModule } from "./undici_target.ts";
 * console.log(undiciTargetModule("undici@7.16.0")); // the generated module's path
 * ```
 *
 * @module
 */
import { createHash } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { callerPath } from "./runtime.ts";
import { installPackage, RuntimeChoiceError } from "./runtimes.ts";
import type { FetchEntryPointNotes } from "./targets.ts";

/** The ignored folder for npm packages fuzzed as targets (one folder per version). */
export const PACKAGE_CACHE: string = fileURLToPath(
  new URL("../../.tools/packages/", import.meta.url),
);
/** The ignored folder for the generated target modules. */
export const UNDICI_MODULES: string = fileURLToPath(
  new URL("../../.cache/undici/", import.meta.url),
);

/** Which of undici's files and internals a version or checkout has. */
export interface UndiciLayout {
  /** The undici folder (package or checkout root). */
  root: string;
  /** The headers module. */
  headers: string;
  /** The WebIDL module (exports `webidl`). */
  webidl: string;
  /** How the guard is set: the exported functions, or the `kGuard` symbol of this module. */
  guard: { kind: "exported" } | { kind: "symbol"; symbols: string };
  /**
   * The modules exporting undici's `Request` and `Response`, beside the headers module (null when
   * either is missing: the steps through them are then not fuzzed).
   */
  fetch: { request: string; response: string } | null;
}

const FORMS = "undici 5.x-8.x: lib/fetch/headers.js with kGuard, or lib/web/fetch/headers.js " +
  "with setHeadersGuard or kGuard";

/** The layout of the undici at `root`; a {@link RuntimeChoiceError} says what is missing. */
export function undiciLayout(root: string): UndiciLayout {
  const first = (paths: string[]) => paths.map((p) => join(root, p)).find((p) => existsSync(p));
  const headers = first(["lib/web/fetch/headers.js", "lib/fetch/headers.js"]);
  if (headers === undefined) {
    throw new RuntimeChoiceError(
      `${root} has neither lib/web/fetch/headers.js nor lib/fetch/headers.js (supported: ${FORMS})`,
    );
  }
  const webidl = first([
    "lib/web/webidl/index.js",
    "lib/web/fetch/webidl.js",
    "lib/fetch/webidl.js",
  ]);
  if (webidl === undefined) {
    throw new RuntimeChoiceError(
      `${root} has ${headers} but no WebIDL module (supported: ${FORMS})`,
    );
  }
  const source = readFileSync(headers, "utf8");
  const [request, response] = ["request.js", "response.js"].map((name) =>
    join(dirname(headers), name)
  );
  const fetch = existsSync(request) && existsSync(response) ? { request, response } : null;
  if (/\bsetHeadersGuard\b/.test(source) && /module\.exports[\s\S]*setHeadersGuard/.test(source)) {
    return { root, headers, webidl, guard: { kind: "exported" }, fetch };
  }
  const symbols = join(headers, "..", "symbols.js");
  if (/\bkGuard\b/.test(source) && existsSync(symbols)) {
    return { root, headers, webidl, guard: { kind: "symbol", symbols }, fetch };
  }
  throw new RuntimeChoiceError(
    `${headers} neither exports setHeadersGuard nor uses kGuard: a source form this loader does ` +
      `not know (supported: ${FORMS})`,
  );
}

/** The entry-points line's notes on Request, Response and structuredClone for `layout`. */
function fetchNotes(layout: UndiciLayout): FetchEntryPointNotes {
  const folder = dirname(layout.headers).slice(layout.root.length + 1);
  const missing = `no ${folder}/request.js and response.js beside ${folder}/headers.js`;
  return {
    Request: layout.fetch === null ? missing : `undici's, ${folder}/request.js`,
    Response: layout.fetch === null ? missing : `undici's, ${folder}/response.js`,
    structuredClone: "Node's global: undici has none, and marks what it refuses with " +
      "markAsUncloneable where it has it",
  };
}

/**
 * The generated contract module for `layout` (JavaScript, run under Node). With `release` (a
 * version), it finds undici by its package name from the module's own folder instead of by the
 * paths in `layout`, and stops with exit status 2 unless that undici is this version: the module
 * then imports nothing of headerproof's folders and can travel with a reproduction.
 */
export function adapterSource(layout: UndiciLayout, release?: string): string {
  const relative = (path: string) => JSON.stringify(path.slice(layout.root.length + 1));
  const locate = release === undefined
    ? `const at = (path) => path;
const headersModule = require(at(${JSON.stringify(layout.headers)}));
const { webidl } = require(at(${JSON.stringify(layout.webidl)}));`
    : `import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
// undici ${release}, found from this file's folder as Node finds any package (npm install undici@${release}).
let root;
try {
  root = dirname(require.resolve("undici"));
} catch {
  console.error("this reproduction needs undici@${release} installed beside it: npm install undici@${release}");
  process.exit(2);
}
const installed = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version;
if (installed !== ${JSON.stringify(release)}) {
  console.error("this reproduction tests undici@${release}, but undici@" + installed + " is installed");
  process.exit(2);
}
const at = (path) => join(root, path);
const headersModule = require(at(${relative(layout.headers)}));
const { webidl } = require(at(${relative(layout.webidl)}));`;
  const path = (file: string) => release === undefined ? JSON.stringify(file) : relative(file);
  const guardCode = layout.guard.kind === "exported"
    ? `const setGuard = headersModule.setHeadersGuard;`
    : `const { kGuard } = require(at(${path(layout.guard.symbols)}));
const setGuard = (headers, guard) => { headers[kGuard] = guard; };`;
  const fetchCode = layout.fetch === null ? "" : `
// undici's own Request and Response. Their Headers validate as undici's do whatever the profile
// (undici has one rule set, the "server" profile's). response.js first, as undici's own
// fetch/index.js loads them: it defines webidl.converters.BodyInit, which request.js reads when
// it loads (undici 8.13.1: loaded the other way, a RequestInit with a body throws a TypeError).
const { Response } = require(at(${path(layout.fetch.response)}));
const { Request } = require(at(${path(layout.fetch.request)}));

export function fetchClasses(options = {}) {
  const profile = options.profile ?? "standard";
  if (profile !== "standard" && profile !== "server") {
    throw new TypeError("fetchClasses: unknown profile");
  }
  return { Request, Response };
}
`;
  const indexCode = `
// undici's own HTTP client, for the wire stage's client sides (loaded when first asked for).
export function wireClients() {
  const { fetch, Agent, request } = require(at(${path(join(layout.root, "index.js"))}));
  return { name: ${
    JSON.stringify(release === undefined ? `undici at ${layout.root}` : `undici@${release}`)
  }, fetch, Agent, request };
}
`;
  return `// Generated by headerproof (properties/targets/undici_target.ts) for ${
    release === undefined ? layout.root : `undici@${release}`
  }; not committed.
import { createRequire } from "node:module";
const require = createRequire(import.meta.url);
${locate}
const { Headers, fill } = headersModule;
${guardCode}
// No built-in method is called here: this module counts as the candidate's code in a tampered
// realm (its folder is the candidate's), where every replaced built-in it called would be blamed.
const isGuard = (guard) =>
  guard === "none" || guard === "request" || guard === "request-no-cors" ||
  guard === "response" || guard === "immutable";

function brandChecked(headers, operation) {
  if (!(headers instanceof Headers)) throw new TypeError(operation + ": not a Headers object");
  return headers;
}

export { Headers };

export function headersWithGuard(guard, init, options = {}) {
  if (!isGuard(guard)) throw new TypeError("headersWithGuard: unknown guard");
  const profile = options.profile ?? "standard";
  if (profile !== "standard" && profile !== "server") {
    throw new TypeError("headersWithGuard: unknown profile");
  }
  const converted = init === undefined
    ? undefined
    : webidl.converters.HeadersInit(init, "headersWithGuard", "init");
  const headers = new Headers();
  setGuard(headers, guard === "immutable" ? "none" : guard);
  if (converted !== undefined) fill(headers, converted);
  if (guard === "immutable") setGuard(headers, "immutable");
  return headers;
}

export function freezeHeaders(headers) {
  setGuard(brandChecked(headers, "freezeHeaders"), "immutable");
}

// undici has no structuredClone: a Node user calls Node's, which refuses what undici marks with
// webidl.util.markAsUncloneable (node:worker_threads) and copies what it does not mark.
export const structuredClone = globalThis.structuredClone;
${fetchCode}${indexCode}
// For the entry-points line (properties/targets/targets.ts FetchEntryPointNotes).
export const fetchEntryPointNotes = ${JSON.stringify(fetchNotes(layout), null, 2)};
`;
}

/**
 * The path of the generated contract module for `target` (`undici@X`: installed first;
 * `undici-src:PATH`: PATH relative to the caller's directory). Throws {@link RuntimeChoiceError}
 * for an unknown version, a checkout without the files, or a source form it does not know.
 */
export function undiciTargetModule(target: string): string {
  let root: string;
  let file: string;
  if (target.startsWith("undici-src:")) {
    root = callerPath(target.slice("undici-src:".length));
    if (!existsSync(root)) {
      throw new RuntimeChoiceError(`--target ${target}: ${root} does not exist`);
    }
    const key = createHash("sha256").update(root).digest("hex").slice(0, 12);
    file = join(UNDICI_MODULES, `undici-src-${key}.mjs`);
  } else {
    const version = target.slice("undici@".length);
    const folder = installPackage(
      PACKAGE_CACHE,
      "undici",
      version,
      "node_modules/undici/package.json",
    );
    root = join(folder, "node_modules", "undici");
    file = join(folder, "headerproof-target.mjs");
  }
  const source = adapterSource(undiciLayout(root));
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, source);
  return file;
}

/**
 * A copy of the contract module for `target` that stands alone, written into `dir` (a
 * reproduction's folder): for `undici@X`, one that finds undici by its package name
 * ({@link adapterSource} with a release), with `dir/node_modules/undici` linked to the installed
 * package when nothing is there yet, so that it runs in place; for `undici-src:PATH`, the module
 * as generated (it names only the checkout). Returns its path.
 */
export function standaloneUndiciModule(target: string, dir: string): string {
  const module = undiciTargetModule(target);
  mkdirSync(dir, { recursive: true });
  if (target.startsWith("undici-src:")) {
    const copy = join(dir, basename(module));
    copyFileSync(module, copy);
    return copy;
  }
  const version = target.slice("undici@".length);
  const root = join(dirname(module), "node_modules", "undici");
  const copy = join(dir, `undici@${version}-target.mjs`);
  writeFileSync(copy, adapterSource(undiciLayout(root), version));
  const link = join(dir, "node_modules", "undici");
  if (!existsSync(link)) {
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(root, link, "dir");
  }
  return copy;
}
