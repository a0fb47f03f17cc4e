import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { runCli } from "../core/cli_runner.ts";
import type { Summary } from "./fuzz_report.ts";
import { adapterSource, undiciLayout } from "../targets/undici_target.ts";

// Each kind of reproduction a campaign writes, run on its own in a fresh process, as the person
// who receives it would: it names the runtime that found it, shows the diverging step and exits
// 1 there, and exits 2 under any other runtime.

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const TESTDATA = fileURLToPath(new URL("../testdata/", import.meta.url));
const IMPL_URL = new URL("../../impl/mod.ts", import.meta.url).href;

/** The binary `name` the wrapper put on PATH. */
function onPath(name: string): string {
  const found = spawnSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" });
  assert.equal(found.status, 0, `${name} is not on PATH: run the tests through ./headerproof`);
  return found.stdout.trim();
}

/** Runs `file` under `runtime` ("deno", "node" or "bun") in a fresh process. */
function runReproduction(runtime: string, file: string): { code: number | null; out: string } {
  const command = runtime === "deno"
    ? [Deno.execPath(), "run", "-A", file]
    : [onPath(runtime), file];
  const result = spawnSync(command[0], command.slice(1), {
    encoding: "utf8",
    timeout: 60_000,
    cwd: dirname(file),
  });
  return { code: result.status, out: result.stdout + result.stderr };
}

/** Runs a campaign into `out`; its summary (a counterexample expected). */
function campaign(out: string, args: string[]): Summary["failure"] & object {
  const run = runCli([...args, "--workers", "1", "--seed", "1", "--out", out, "--json"]);
  assert.equal(run.status, 1, run.stdout + run.stderr);
  const failure = (JSON.parse(run.stdout) as Summary).failure;
  assert.ok(failure?.reproduction, run.stdout);
  return failure;
}

/** Every file under `folder` (links not followed). */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? filesUnder(join(folder, entry.name))
      : entry.isFile()
      ? [join(folder, entry.name)]
      : []
  );
}

/** Asserts that no file in `out` imports a module of headerproof's folders but `allowed`. */
function assertImportsNothingOfHeaderproof(out: string, allowed: string[] = []): void {
  for (const file of filesUnder(out).filter((f) => /\.m?js$/.test(f))) {
    const specifiers = [
      ...readFileSync(file, "utf8").matchAll(
        /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*)"([^"]+)"/g,
      ),
    ].map((match) => new URL(match[1], `file://${file}`).href)
      .filter((url) => !allowed.includes(url));
    for (const url of specifiers) {
      assert.ok(!url.startsWith(`file://${ROOT}`), `${file} imports ${url}`);
    }
  }
}

Deno.test("every kind of reproduction stands alone", async (t) => {
  const dir = mkdtempSync(join(tmpdir(), "headerproof-reproductions-"));
  try {
    await t.step("a module candidate: exit 1 at the step under Deno, exit 2 under Node", () => {
      const out = join(dir, "module");
      const failure = campaign(out, [
        "--target",
        join(TESTDATA, "throws_range_error.mjs"),
        "--runs",
        "300",
        "--realm",
        "clean",
      ]);
      const deno = runReproduction("deno", failure.reproduction!);
      assert.equal(deno.code, 1, deno.out);
      assert.match(deno.out, /found under deno \d/);
      assert.match(deno.out, /divergence at h\[\d\]\./);
      const node = runReproduction("node", failure.reproduction!);
      assert.equal(node.code, 2, node.out);
      assert.match(node.out, /found under deno [\d.]+ and tests that runtime; this is node/);
      assert.doesNotMatch(node.out, /divergence/);
    });

    await t.step("a state-dependent candidate: the history is embedded, exit 1", () => {
      const out = join(dir, "state");
      const failure = campaign(out, [
        "--target",
        join(TESTDATA, "state_dependent.mjs"),
        "--runs",
        "2000",
        "--realm",
        "clean",
      ]);
      assert.equal(failure.replays, "after-history");
      const run = runReproduction("deno", failure.reproduction!);
      assert.equal(run.code, 1, run.out);
      assert.match(run.out, /replayed the \d+ earlier run\(s\)/);
      assert.match(run.out, /divergence at h\[\d\]\.get\(/);
      assert.match(run.out, /candidate: \{"ok":"stale"\}/);
    });

    await t.step("Node's native Headers in a tampered realm: undici loads before arming", () => {
      const out = join(dir, "native-node");
      const failure = campaign(out, [
        "--target",
        "native",
        "--runtime",
        onPath("node"),
        "--realm",
        "tampered",
        "--runs",
        "3000",
        "--known-divergences",
        "none",
      ]);
      assert.ok(failure.patches !== undefined && failure.patches.length > 0, failure.message);
      const node = runReproduction("node", failure.reproduction!);
      assert.equal(node.code, 1, node.out);
      assert.match(node.out, /found under node 22\./);
      assert.match(node.out, /divergence at h\[\d\]/);
      assert.match(node.out, /candidate: \{"threw":"EvalError"\}/);
      const bun = runReproduction("bun", failure.reproduction!);
      assert.equal(bun.code, 2, bun.out);
      assert.match(bun.out, /found under node [\d.]+ and tests that runtime; this is bun/);
    });

    await t.step("deno-src: the loaded files and bundled shims beside it, nothing imported", () => {
      const root = join(dir, "deno-src");
      cpSync(join(TESTDATA, "deno_src/module"), root, { recursive: true });
      const file = join(root, "ext/fetch/20_headers.js");
      const source = readFileSync(file, "utf8")
        .replace(`"../../../../../../impl/mod.ts"`, JSON.stringify(IMPL_URL));
      // The planted bug: has("") answers false instead of throwing a TypeError.
      writeFileSync(
        file,
        source.replace(
          "const Headers = impl.Headers;",
          `const Headers = impl.Headers;
const has = Headers.prototype.has;
Headers.prototype.has = {
  has(name) { return name === "" ? false : has.apply(this, arguments); },
}.has;`,
        ),
      );
      const out = join(dir, "deno-src-out");
      const failure = campaign(out, [
        "--target",
        `deno-src:${root}`,
        "--runs",
        "2000",
        "--realm",
        "clean",
        "--known-divergences",
        "none",
      ]);
      // The fixture's 20_headers.js itself imports impl (a stand-in for Deno's code); nothing
      // else may reach into headerproof's folders.
      assertImportsNothingOfHeaderproof(out, [IMPL_URL]);
      const run = runReproduction("deno", failure.reproduction!);
      assert.equal(run.code, 1, run.out);
      assert.match(run.out, /divergence at h\[\d\]\.has\(""\)/);
    });

    await t.step("undici-src: the contract module beside it, run under Node", () => {
      const root = join(dir, "undici");
      const files: Record<string, string> = {
        "lib/web/fetch/headers.js": `const guards = new WeakMap()
class Headers {
  constructor () { this.list = [] }
  append (name, value) { this.list.push([name, value]) }
  get (name) { return 'planted' }
}
function fill (headers, object) { for (const [name, value] of object) headers.append(name, value) }
const setHeadersGuard = (h, g) => { guards.set(h, g) }
module.exports = { fill, Headers, setHeadersGuard }
`,
        "lib/web/webidl/index.js":
          "module.exports = { webidl: { converters: { HeadersInit: (v) => v } } }\n",
      };
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(root, path)), { recursive: true });
        writeFileSync(join(root, path), text);
      }
      const out = join(dir, "undici-out");
      const failure = campaign(out, [
        "--target",
        `undici-src:${root}`,
        "--runtime",
        onPath("node"),
        "--runs",
        "100",
        "--known-divergences",
        "none",
      ]);
      assertImportsNothingOfHeaderproof(out);
      const run = runReproduction("node", failure.reproduction!);
      assert.equal(run.code, 1, run.out);
      assert.match(run.out, /divergence at /);
    });

    await t.step("undici@X: found by its package name, exit 2 otherwise", () => {
      const root = join(dir, "undici");
      const beside = join(dir, "undici-release");
      cpSync(root, join(beside, "node_modules/undici"), { recursive: true });
      writeFileSync(join(beside, "node_modules/undici/index.js"), "module.exports = {}\n");
      const packageJson = join(beside, "node_modules/undici/package.json");
      const module = join(beside, "undici@7.0.0-target.mjs");
      writeFileSync(module, adapterSource(undiciLayout(root), "7.0.0"));
      writeFileSync(join(beside, "check.mjs"), 'await import("./undici@7.0.0-target.mjs");\n');
      writeFileSync(packageJson, JSON.stringify({ name: "undici", version: "7.0.0" }));
      const found = runReproduction("node", join(beside, "check.mjs"));
      assert.equal(found.code, 0, found.out);
      writeFileSync(packageJson, JSON.stringify({ name: "undici", version: "7.1.0" }));
      const other = runReproduction("node", join(beside, "check.mjs"));
      assert.equal(other.code, 2, other.out);
      assert.match(other.out, /tests undici@7\.0\.0, but undici@7\.1\.0 is installed/);
      rmSync(join(beside, "node_modules"), { recursive: true });
      const missing = runReproduction("node", join(beside, "check.mjs"));
      assert.equal(missing.code, 2, missing.out);
      assert.match(missing.out, /npm install undici@7\.0\.0/);
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
