import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { CLI, runCli } from "../core/cli_runner.ts";
import { classesOf } from "../classes/classes.ts";
import { RuntimeChoiceError } from "./runtimes.ts";
import { PACKAGE_CACHE, undiciLayout, undiciTargetModule } from "./undici_target.ts";

/** The undici release whose copies the campaign tests patch (installed on first use). */
const RELEASE = "8.13.1";

/**
 * Runs of the campaign on a planted copy, which stops at the first divergence: seed 1 finds the
 * planted Response bug at run 368 and the Request bug at run 10.
 */
const PLANTED_RUNS = 3000;
/** Runs of the campaign on the unpatched copy, which must pass. */
const CLEAN_RUNS = 1000;

/**
 * A campaign of up to `runs` runs under Node (found on PATH, as the wrapper puts it there) on the
 * checkout at `root`, excluding the classes known for Node only: a class seen elsewhere that a
 * planted bug resembles must not pass for known.
 */
function nodeCampaign(
  root: string,
  out: string,
  runs: number,
): { status: number | null; stdout: string } {
  const known = classesOf("answers").filter((c) => c.runtimes.includes("node")).map((c) => c.name);
  const run = spawnSync("node", [
    CLI,
    "--target",
    `undici-src:${root}`,
    "--runs",
    String(runs),
    "--workers",
    "1",
    "--seed",
    "1",
    "--realm",
    "clean",
    "--costs",
    "none",
    // The wire stage runs the tree's own fetch() (wire/README.md); not what is tested here.
    "--wire",
    "none",
    "--known-divergences",
    known.join(","),
    "--out",
    out,
  ], { encoding: "utf8", timeout: 120_000 });
  if (run.error !== undefined) throw new Error(`node did not run (${run.error.message})`);
  return { status: run.status, stdout: run.stdout + run.stderr };
}

/** A copy of undici `RELEASE` at `root` (the release installed first when it is not yet). */
function undiciCopy(root: string): string {
  undiciTargetModule(`undici@${RELEASE}`);
  cpSync(join(PACKAGE_CACHE, `undici@${RELEASE}`, "node_modules", "undici"), root, {
    recursive: true,
  });
  return root;
}

/** A copy of undici `RELEASE` at `root` with `search` replaced by `replacement` in `file`. */
function plantedUndici(root: string, file: string, search: string, replacement: string): string {
  undiciCopy(root);
  const path = join(root, file);
  const source = readFileSync(path, "utf8");
  assert.equal(source.split(search).length, 2, `${search} occurs once in ${file}`);
  writeFileSync(path, source.replace(search, replacement));
  return root;
}

// Small stand-ins for an undici checkout, written here (no undici code): a Headers whose guard
// lives where each source form keeps it, a fill, and a WebIDL HeadersInit converter.
const HEADERS_BODY = `
class Headers {
  constructor () { this.list = [] }
  append (name, value) {
    if (GUARD_OF(this) === 'immutable') throw new TypeError('immutable')
    this.list.push([name, value])
  }
}
function fill (headers, object) { for (const [name, value] of object) headers.append(name, value) }
`;
const WEBIDL = `module.exports = { webidl: { converters: { HeadersInit: (v) =>
  Array.isArray(v) ? v : Object.entries(v) } } }\n`;

const FORMS: Record<string, Record<string, string>> = {
  exported: {
    "lib/web/fetch/headers.js": `const guards = new WeakMap()
const GUARD_OF = (h) => guards.get(h)
${HEADERS_BODY}
const setHeadersGuard = (h, g) => { guards.set(h, g) }
const getHeadersGuard = GUARD_OF
module.exports = { fill, Headers, setHeadersGuard, getHeadersGuard }
`,
    "lib/web/webidl/index.js": WEBIDL,
  },
  symbol: {
    "lib/fetch/headers.js": `const { kGuard } = require('./symbols')
const GUARD_OF = (h) => h[kGuard]
${HEADERS_BODY}
module.exports = { fill, Headers }
`,
    "lib/fetch/symbols.js": "module.exports = { kGuard: Symbol('guard') }\n",
    "lib/fetch/webidl.js": WEBIDL,
  },
};

function checkout(root: string, files: Record<string, string>): string {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

Deno.test("undici targets", async (t) => {
  const dir = mkdtempSync(join(tmpdir(), "headerproof-undici-"));
  try {
    for (const [form, files] of Object.entries(FORMS)) {
      await t.step(`a ${form}-guard checkout: every guard set through its internals`, async () => {
        const root = checkout(join(dir, form), files);
        assert.equal(undiciLayout(root).guard.kind, form);
        const module = await import(pathToFileURL(undiciTargetModule(`undici-src:${root}`)).href);
        const immutable = module.headersWithGuard("immutable", [["a", "1"]]);
        assert.deepEqual(immutable.list, [["a", "1"]]);
        assert.throws(() => immutable.append("b", "2"), TypeError);
        const request = module.headersWithGuard("request", { b: "2" });
        request.append("c", "3");
        assert.deepEqual(request.list, [["b", "2"], ["c", "3"]]);
        module.freezeHeaders(request);
        assert.throws(() => request.append("d", "4"), TypeError);
        assert.throws(() => module.headersWithGuard("bogus"), TypeError);
        assert.throws(() => module.freezeHeaders({}), TypeError);
      });
    }

    await t.step(`undici@${RELEASE}'s Request and Response are fuzzed; planted bugs found`, () => {
      const out = join(dir, "out");
      const clean = nodeCampaign(undiciCopy(join(dir, "clean")), out, CLEAN_RUNS);
      assert.equal(clean.status, 0, clean.stdout);
      assert.match(clean.stdout, /Request \(undici's, lib\/web\/fetch\/request\.js\): new Request/);
      assert.match(
        clean.stdout,
        /Response \(undici's, lib\/web\/fetch\/response\.js\): new Response/,
      );
      assert.match(clean.stdout, /structuredClone \(Node's global: undici has none/);
      // The bugs: a Response body's Content-Type is appended even when the init set one (by
      // new Response or Response.json, which share that step); a Request body's Content-Type is
      // never appended.
      const response = nodeCampaign(
        plantedUndici(
          join(dir, "planted-response"),
          "lib/web/fetch/response.js",
          "if (body.type != null && !getResponseState(response).headersList.contains('content-type', true)) {",
          "if (body.type != null) {",
        ),
        out,
        PLANTED_RUNS,
      );
      assert.equal(response.status, 1, response.stdout);
      assert.match(
        response.stdout,
        /COUNTEREXAMPLE: divergence[^\n]*\n(?: {2}\d+\. .*\n)*.*(?:new Response\(|Response\.json\()/,
      );
      const request = nodeCampaign(
        plantedUndici(
          join(dir, "planted-request"),
          "lib/web/fetch/request.js",
          "if (contentType && !getHeadersList(this.#headers).contains('content-type', true)) {",
          "if (contentType && contentType.length < 0) {",
        ),
        out,
        PLANTED_RUNS,
      );
      assert.equal(request.status, 1, request.stdout);
      assert.match(
        request.stdout,
        /COUNTEREXAMPLE: divergence[^\n]*\n(?: {2}\d+\. .*\n)*.*new Request\(/,
      );
    });

    await t.step("a checkout without request.js and response.js says so", async () => {
      const root = checkout(join(dir, "headers-only"), FORMS.exported);
      const module = await import(pathToFileURL(undiciTargetModule(`undici-src:${root}`)).href);
      assert.equal(module.fetchClasses, undefined);
      assert.match(module.fetchEntryPointNotes.Request, /no lib\/web\/fetch\/request\.js/);
    });

    await t.step("a checkout without the headers module or of an unknown form is refused", () => {
      assert.throws(
        () => undiciLayout(checkout(join(dir, "empty"), { "README.md": "" })),
        (e: Error) => e instanceof RuntimeChoiceError && /neither lib\/web\/fetch/.test(e.message),
      );
      const unknown = checkout(join(dir, "unknown"), {
        "lib/web/fetch/headers.js": "module.exports = {}\n",
        "lib/web/webidl/index.js": WEBIDL,
      });
      assert.throws(
        () => undiciLayout(unknown),
        (e: Error) =>
          e instanceof RuntimeChoiceError && /source form this loader does not/.test(e.message),
      );
    });

    await t.step("the CLI exits 2 outside Node; a missing checkout is refused", () => {
      assert.throws(
        () => undiciTargetModule(`undici-src:${join(dir, "nowhere")}`),
        (e: Error) => e instanceof RuntimeChoiceError && /does not exist/.test(e.message),
      );
      const run = (target: string) => runCli(["--target", target, "--runs", "1"], 60_000);
      const missing = run(`undici-src:${join(dir, "nowhere")}`);
      assert.equal(missing.status, 2, missing.stderr);
      assert.match(missing.stderr, /runs under Node/);
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
