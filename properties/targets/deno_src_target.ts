/**
 * Deno's `Headers` from its source, no build, as a campaign target: `--target deno-src:PATH`, PATH
 * a Deno checkout (only its `ext/` folder is read; a checkout is never written to). The loader
 * copies `ext/fetch/20_headers.js`, `ext/webidl/00_webidl.js` and `ext/web/00_infra.js` into the
 * ignored `.cache/deno-src/<content hash>/`, makes them runnable under the Deno the wrapper runs
 * with the shims of deno_src_shims.ts (`primordials`, `core`, two stand-in modules), and writes
 * beside them a module following spec/contract.ts whose every guard is reached through
 * `20_headers.js`'s own internals (deno_src_shims.ts `contractOf`).
 *
 * Each file is read in the form it has at its commit (a checkout may mix them, as Deno did at
 * ec581581a5):
 *
 * | form                   | Deno commits                                                      | how it is made runnable                                                                                                            |
 * | ---------------------- | ----------------------------------------------------------------- | ---------------------------------------------------------------------------------------------------------------------------------- |
 * | ES module, `ext:`      | 72fe9bb470 (#18041, 2023-03-08) to c532c6371b^ (2026-05)          | `import ... from "ext:..."` rewritten to the copies and the shims; `globalThis.__bootstrap` / `globalThis.Deno.core` (before c1fc7b2cd5, #21462, 2023-12-07) to the shims' bootstrap |
 * | lazy-loaded script     | c532c6371b (#33784, 2026-05-03) on (`core.loadExtScript`: a09ed54ad2) | `(function () { const { core, primordials } = __bootstrap; ... return {...}; })();` evaluated once by the shims' `core.loadExtScript` with `__bootstrap` in scope |
 *
 * | `20_headers.js` has                           | `headersWithGuard("response")` fills as the `Response` constructor does                 |
 * | --------------------------------------------- | --------------------------------------------------------------------------------------- |
 * | `fillHeaderList` (92a7dae813, 2026-06-05, on) | `fillHeaderList(list, init)`, then `headersFromHeaderList(list, "response")`            |
 * | only `fillHeaders` (before)                   | `webidl.converters.HeadersInit`, then `fillHeaders` on `headersFromHeaderList([], "response")` |
 *
 * The other guards are filled the same way at every commit (deno_src_shims.ts `contractOf`).
 *
 * When the checkout has the files of Request and Response (deno_src_shims.ts `FETCH_FILES`), they
 * are copied and loaded too, `22_body.js`'s import of `21_formdata.js` going through a generated
 * bridge module (deno_src_fetch_shims.ts `formDataBridge`), and the module exports
 * `fetchClasses()` with the checkout's own `Request` and `Response` (deno_src_shims.ts
 * `fetchContractOf`) and `egressHeaderList`, the inner request's or response's header list
 * (deno_src_shims.ts `egressOf`); otherwise its `fetchEntryPointNotes` say which file is missing.
 *
 * Any other form of `20_headers.js` (the 2018-2023 `((window) => { ... })(this)` scripts) is a
 * usage error naming the supported range. In a tampered realm the copies are the candidate's
 * code (the generated module's folder); the shims and the adapter (properties/) are not.
 *
 * @example
 * ```ts
 * import { denoSrcTargetModule } from "./deno_src_target.ts";
 * console.log(denoSrcTargetModule("deno-src:/tmp/deno-src/e887f3802b")); // the generated module
 * ```
 *
 * @module
 */
import { createHash } from "node:crypto";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join, relative, sep } from "node:path";
import process from "node:process";
import { fileURLToPath, pathToFileURL } from "node:url";
import {
  FETCH_FILES,
  LOADED_FILES,
  NO_STRUCTURED_CLONE,
  SHIMMED_SPECIFIERS,
} from "./deno_src_shims.ts";
import { callerPath, runtime } from "./runtime.ts";
import { RuntimeChoiceError } from "./runtimes.ts";

/** The ignored folder the loader writes to (one folder per content hash of the files read). */
export const DENO_SRC_MODULES: string = fileURLToPath(
  new URL("../../.cache/deno-src/", import.meta.url),
);
const SHIMS_URL = new URL("./deno_src_shims.ts", import.meta.url).href;

/** The two source forms the loader knows. */
export type DenoSourceForm = "module" | "script";

/** One file of the checkout the loader reads. */
export interface DenoSourceFile {
  /** The specifier Deno knows it by (`ext:deno_fetch/20_headers.js`). */
  specifier: string;
  /** Its path in the checkout, relative to the root. */
  path: string;
  /** Its text as the checkout has it. */
  source: string;
  form: DenoSourceForm;
}

/** What the loader found in a checkout. */
export interface DenoSourceLayout {
  root: string;
  /** `20_headers.js`, `00_webidl.js`, `00_infra.js`, in that order. */
  files: DenoSourceFile[];
  /** Which internal `headersWithGuard` fills with. */
  fill: "fillHeaderList" | "fillHeaders";
  /**
   * The files of Request and Response (deno_src_shims.ts `FETCH_FILES`, in that order), or why
   * they are not loaded.
   */
  fetch: { files: DenoSourceFile[] } | { missing: string };
}

const SUPPORTED = "supported: ES modules importing ext: specifiers, Deno 72fe9bb470 " +
  "(2023-03-08) to before c532c6371b, and lazy-loaded scripts, c532c6371b (2026-05-03) on";

/** The form of `source`, or null for one the loader does not know. */
export function sourceForm(source: string): DenoSourceForm | null {
  if (/^\(function \(\) \{$/m.test(source) && /\b__bootstrap\b/.test(source)) return "script";
  if (/^export\s*\{/m.test(source) || /^import\b[^;]*?from\s*"ext:/m.test(source)) return "module";
  return null;
}

/** The internals of `20_headers.js` the adapter needs, and whether each is there. */
const REQUIRED_INTERNALS = [
  "Headers",
  "headersFromHeaderList",
  "headerListFromHeaders",
  "guardFromHeaders",
  "fillHeaders",
];

/** The files of Request and Response in the checkout at `root`, or why they are not loaded. */
function fetchFilesOf(root: string): DenoSourceLayout["fetch"] {
  const files: DenoSourceFile[] = [];
  for (const [specifier, path] of Object.entries(FETCH_FILES)) {
    if (!existsSync(join(root, path))) return { missing: `the checkout has no ${path}` };
    const source = readFileSync(join(root, path), "utf8");
    const form = sourceForm(source);
    if (form === null) {
      return { missing: `${path} is in a source form this loader does not know (${SUPPORTED})` };
    }
    files.push({ specifier, path, source, form });
  }
  return { files };
}

/** The layout of the checkout at `root`; a {@link RuntimeChoiceError} says what is wrong. */
export function denoSourceLayout(root: string): DenoSourceLayout {
  const files = Object.entries(LOADED_FILES).map(([specifier, path]) => {
    const file = join(root, path);
    if (!existsSync(file)) {
      throw new RuntimeChoiceError(`${root} has no ${path}: not a Deno checkout (${SUPPORTED})`);
    }
    const source = readFileSync(file, "utf8");
    const form = sourceForm(source);
    if (form === null) {
      throw new RuntimeChoiceError(
        `${file} is in a source form this loader does not know (${SUPPORTED})`,
      );
    }
    return { specifier, path, source, form };
  });
  const headers = files[0].source;
  const missing = REQUIRED_INTERNALS.filter((name) => !new RegExp(`\\b${name}\\b`).test(headers));
  if (missing.length > 0) {
    throw new RuntimeChoiceError(
      `${join(root, files[0].path)} lacks ${missing.join(", ")}: a source form this loader does ` +
        `not know (${SUPPORTED})`,
    );
  }
  const fill = /^\s*function fillHeaderList\b/m.test(headers) ? "fillHeaderList" : "fillHeaders";
  return { root, files, fill, fetch: fetchFilesOf(root) };
}

/** The files `layout` loads: those of a Headers, then those of Request and Response. */
function loadedFiles(layout: DenoSourceLayout): DenoSourceFile[] {
  return "files" in layout.fetch ? [...layout.files, ...layout.fetch.files] : layout.files;
}

/**
 * The generated module `22_body.js` imports `21_formdata.js` through: the checkout's file as
 * deno_src_shims.ts `formDataBridge` presents it (module form only; the script form bridges in
 * `core.loadExtScript`).
 */
const FORMDATA_BRIDGE = "formdata-bridge.mjs";

/** `source` (a checkout file at `fileUrl`) rewritten to run from `folderUrl`. */
function runnable(file: DenoSourceFile, fileUrl: string, folderUrl: string): string {
  if (file.form === "script") {
    return file.source
      .replaceAll("globalThis.__bootstrap", "__bootstrap")
      .replaceAll("globalThis.Deno.core", "__bootstrap.core");
  }
  const rewritten = file.source
    .replace(/(\b(?:from|import)\s*)"([^"]+)"/g, (_match, keyword: string, specifier: string) => {
      const loaded = LOADED_FILES[specifier] ?? FETCH_FILES[specifier];
      let target: string;
      if (specifier === "ext:deno_fetch/21_formdata.js") {
        target = new URL(FORMDATA_BRIDGE, folderUrl).href;
      } else if (loaded !== undefined) target = new URL(loaded, folderUrl).href;
      else if (SHIMMED_SPECIFIERS.includes(specifier)) target = SHIMS_URL;
      else if (specifier === "ext:core/ops") target = new URL("ops.mjs", folderUrl).href;
      else if (specifier.startsWith(".")) {
        // A file of the checkout, by its path from the root: the copy when it is one of those
        // loaded, as a file importing it by `ext:` would get.
        const path = new URL(specifier, `file:///${file.path}`).pathname.slice(1);
        const copied = [...Object.values(LOADED_FILES), ...Object.values(FETCH_FILES)]
          .includes(path);
        target = copied ? new URL(path, folderUrl).href : new URL(specifier, fileUrl).href;
      } else if (!specifier.startsWith("ext:")) target = specifier;
      else {
        throw new RuntimeChoiceError(
          `${fileURLToPath(fileUrl)} imports ${specifier}, which this loader neither loads nor ` +
            `shims (${SUPPORTED})`,
        );
      }
      return `${keyword}${JSON.stringify(target)}`;
    })
    .replaceAll("globalThis.__bootstrap", "__headerproofBootstrap")
    .replaceAll("globalThis.Deno.core", "__headerproofBootstrap.core");
  // On the first line, so that line numbers stay the checkout's.
  return `import { bootstrap as __headerproofBootstrap } from ${JSON.stringify(SHIMS_URL)}; ` +
    rewritten;
}

/** The names the module-form files import from `specifier` (`a as b` counts as `a`). */
function importedNames(files: DenoSourceFile[], specifier: string): string[] {
  const names = new Set<string>();
  const quoted = JSON.stringify(specifier).replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  const pattern = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*${quoted}`, "g");
  for (const file of files) {
    if (file.form !== "module") continue;
    for (const match of file.source.matchAll(pattern)) {
      for (const name of match[1].split(",")) {
        const imported = name.trim().split(/\s+as\s+/)[0];
        if (imported !== "") names.add(imported);
      }
    }
  }
  return [...names].sort();
}

/** The generated contract module for `layout`, in the folder `folderUrl`. */
function adapterSource(layout: DenoSourceLayout): string {
  const load = (file: DenoSourceFile) =>
    file.form === "module"
      ? `await import(${JSON.stringify(`./${file.path}`)})`
      : `core.loadExtScript(${JSON.stringify(file.specifier)})`;
  const [headers, webidl] = layout.files;
  const fetchFile = (files: DenoSourceFile[], specifier: string) =>
    load(files.find((file) => file.specifier === specifier)!);
  const fetch = "files" in layout.fetch
    ? `const request = ${fetchFile(layout.fetch.files, "ext:deno_fetch/23_request.js")};
const response = ${fetchFile(layout.fetch.files, "ext:deno_fetch/23_response.js")};
export const { fetchClasses, fetchEntryPointNotes } = fetchContractOf(request, response, webidl);
export const egressHeaderList = egressOf(request, response) ?? undefined;
`
    : `// Request and Response not loaded: ${layout.fetch.missing}.
export const fetchEntryPointNotes = ${
      JSON.stringify({
        Request: layout.fetch.missing,
        Response: layout.fetch.missing,
        structuredClone: NO_STRUCTURED_CLONE,
      })
    };
`;
  return `// Generated by headerproof (properties/targets/deno_src_target.ts) for ${layout.root}; not committed.
// 20_headers.js: ${headers.form}; 00_webidl.js: ${webidl.form}; guard "response" filled with ${layout.fill}.
import { contractOf, core, egressOf, fetchContractOf, useScriptRoot } from ${
    JSON.stringify(SHIMS_URL)
  };
useScriptRoot(new URL("./", import.meta.url).href);
const internals = ${load(headers)};
const webidl = ${load(webidl)};
export const { Headers, headersWithGuard, headersFromRawList, headerListOf } = contractOf(
  internals,
  webidl,
);
${fetch}`;
}

/**
 * The modules that stand for the runtime's startup snapshot of the target module `target` (a
 * path): the shims, for a module this loader generated; none for any other module. A tampered
 * realm loads them before it patches anything, as Deno captures its primordials before any user
 * code runs (worker.ts).
 */
export function runtimeModulesOf(target: string): string[] {
  return callerPath(target).startsWith(DENO_SRC_MODULES) ? [SHIMS_URL] : [];
}

/**
 * The path of the generated contract module for `deno-src:PATH` (PATH relative to the caller's
 * directory). Throws {@link RuntimeChoiceError} for an empty or missing PATH, a checkout without
 * the files, or a source form the loader does not know.
 */
export function denoSrcTargetModule(target: string): string {
  const path = target.slice("deno-src:".length);
  if (path === "") {
    throw new RuntimeChoiceError(`--target ${target}: give the checkout, deno-src:PATH`);
  }
  const root = callerPath(path);
  if (!existsSync(root) || !statSync(root).isDirectory()) {
    throw new RuntimeChoiceError(`--target ${target}: ${root} is not a folder`);
  }
  const layout = denoSourceLayout(root);
  const files = loadedFiles(layout);
  const hash = createHash("sha256");
  for (const file of files) hash.update(file.path).update("\0").update(file.source);
  const folder = join(DENO_SRC_MODULES, hash.digest("hex").slice(0, 16));
  const folderUrl = pathToFileURL(folder + "/").href;
  for (const file of files) {
    const copy = join(folder, file.path);
    mkdirSync(dirname(copy), { recursive: true });
    const fileUrl = pathToFileURL(join(root, file.path)).href;
    writeFileSync(copy, runnable(file, fileUrl, folderUrl));
  }
  const ops = importedNames(files, "ext:core/ops").map((name) =>
    `export const ${name} = core.ops.${name};\n`
  );
  writeFileSync(
    join(folder, "ops.mjs"),
    `// Generated by headerproof: the ops the files import, each a stand-in that throws.\n` +
      `import { core } from ${JSON.stringify(SHIMS_URL)};\n${ops.join("")}`,
  );
  const formData = importedNames(files, "ext:deno_fetch/21_formdata.js");
  if (formData.length > 0) {
    writeFileSync(
      join(folder, FORMDATA_BRIDGE),
      `// Generated by headerproof: 21_formdata.js as 22_body.js sees it (deno_src_shims.ts formDataBridge).\n` +
        `import * as file from "./${FETCH_FILES["ext:deno_fetch/21_formdata.js"]}";\n` +
        `import { formDataBridge } from ${JSON.stringify(SHIMS_URL)};\n` +
        `const bridged = formDataBridge({ ...file });\n` +
        formData.map((name) => `export const ${name} = bridged.${name};\n`).join(""),
    );
  }
  const module = join(folder, "headerproof-target.mjs");
  writeFileSync(module, adapterSource(layout));
  return module;
}

/** Every file under `folder`, as paths relative to it. */
function filesUnder(folder: string, prefix = ""): string[] {
  return readdirSync(join(folder, prefix), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(folder, join(prefix, entry.name)) : [join(prefix, entry.name)]
  );
}

/** What a reproduction needs of a deno-src target, copied beside it. */
export interface StandaloneDenoSrc {
  /** The contract module (in a folder of its own: the candidate's code in a tampered realm). */
  module: string;
  /**
   * The shims as one JavaScript file, outside the module's folder: loaded before a tampered realm
   * patches anything, as Deno captures its primordials before user code runs.
   */
  shims: string;
}

/**
 * A copy of the generated target `module` (from {@link denoSrcTargetModule}) that imports
 * nothing of headerproof's folders, written into `dir` (a reproduction's folder): the files of
 * its folder, with the shims bundled into one JavaScript file beside that folder (`deno bundle`
 * of the Deno that runs this, or the `deno` on PATH) and every import of them pointed there.
 */
export function standaloneDenoSrc(module: string, dir: string): StandaloneDenoSrc {
  const source = dirname(module);
  const folder = join(dir, `deno-src-${basename(source)}`);
  const shims = `${folder}-shims.mjs`;
  mkdirSync(folder, { recursive: true });
  const deno = runtime.name === "deno" ? process.execPath : "deno";
  const bundled = spawnSync(
    deno,
    ["bundle", "--quiet", "--platform", "deno", "-o", shims, fileURLToPath(SHIMS_URL)],
    { encoding: "utf8" },
  );
  if (bundled.status !== 0) {
    throw new RuntimeChoiceError(
      `deno bundle of the shims failed (${deno}; Deno 2.4 or later bundles): ${bundled.stderr}`,
    );
  }
  const sourceUrl = pathToFileURL(source + "/").href;
  for (const path of filesUnder(source)) {
    const copy = join(folder, path);
    const from = (to: string) => {
      const specifier = relative(dirname(copy), to).split(sep).join("/");
      return JSON.stringify(specifier.startsWith(".") ? specifier : `./${specifier}`);
    };
    mkdirSync(dirname(copy), { recursive: true });
    const text = readFileSync(join(source, path), "utf8")
      .replaceAll(JSON.stringify(SHIMS_URL), from(shims))
      .replace(
        new RegExp(`"${sourceUrl.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}([^"]*)"`, "g"),
        (_match, rest: string) => from(join(folder, rest)),
      );
    writeFileSync(copy, text);
  }
  return { module: join(folder, basename(module)), shims };
}

/** The ignored folder where commits of a Deno repository are checked out (three files each). */
export const DENO_COMMIT_TREES: string = fileURLToPath(
  new URL("../../.cache/deno-src-commits/", import.meta.url),
);

/** `git -C repo ARGS`: its standard output, or a {@link RuntimeChoiceError} with git's message. */
function git(repo: string, args: string[]): string {
  const result = spawnSync("git", ["-C", repo, ...args], {
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  if (result.error !== undefined) {
    throw new RuntimeChoiceError(`git did not run (${result.error.message})`);
  }
  if (result.status !== 0) {
    throw new RuntimeChoiceError(
      `git -C ${repo} ${args.join(" ")}: ${result.stderr.trim()}`,
    );
  }
  return result.stdout;
}

/** A commit of a Deno repository, by full hash, with its subject line. */
export interface DenoCommit {
  hash: string;
  subject: string;
}

/** `revision` of the repository at `repo` (a checkout or a bare repository), resolved. */
export function denoCommit(repo: string, revision: string): DenoCommit {
  const [hash, ...subject] = git(repo, [
    "log",
    "-1",
    "--format=%H %s",
    `${revision}^{commit}`,
    "--",
  ]).trim().split(" ");
  return { hash, subject: subject.join(" ") };
}

/**
 * The commits after `good` up to and including `bad`, oldest first, along `bad`'s first-parent
 * line (a merged branch counts as its merge commit). Throws unless `good` is an ancestor of `bad`.
 */
export function commitsBetween(repo: string, good: string, bad: string): DenoCommit[] {
  const [from, to] = [denoCommit(repo, good), denoCommit(repo, bad)];
  const ancestor = spawnSync("git", [
    "-C",
    repo,
    "merge-base",
    "--is-ancestor",
    from.hash,
    to.hash,
  ]);
  if (ancestor.status !== 0) {
    throw new RuntimeChoiceError(`${good} is not an ancestor of ${bad} in ${repo}`);
  }
  return git(repo, [
    "log",
    "--reverse",
    "--first-parent",
    "--ancestry-path",
    "--format=%H %s",
    `${from.hash}..${to.hash}`,
  ]).trim().split("\n").filter((line) => line !== "").map((line) => {
    const [hash, ...subject] = line.split(" ");
    return { hash, subject: subject.join(" ") };
  });
}

/**
 * The folder holding the files of `commit` this loader reads (`ext/fetch/20_headers.js`, the
 * WebIDL and infra files), extracted with `git archive` into the ignored
 * `.cache/deno-src-commits/<hash>/` (once): a `deno-src:` target for that commit. A file missing
 * at that commit is left out, and loading the target then says which.
 */
export function denoCommitTree(repo: string, commit: DenoCommit): string {
  const folder = join(DENO_COMMIT_TREES, commit.hash);
  const paths = [...Object.values(LOADED_FILES), ...Object.values(FETCH_FILES)];
  if (paths.every((path) => existsSync(join(folder, path)))) return folder;
  const present = git(repo, ["ls-tree", "-r", "--name-only", commit.hash, "--", ...paths])
    .trim().split("\n").filter((line) => line !== "");
  for (const path of present) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), git(repo, ["show", `${commit.hash}:${path}`]));
  }
  mkdirSync(folder, { recursive: true });
  return folder;
}
