import assert from "node:assert/strict";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { runCli as fuzz } from "../core/cli_runner.ts";
import { denoSourceLayout, denoSrcTargetModule, sourceForm } from "./deno_src_target.ts";
import { RuntimeChoiceError } from "./runtimes.ts";

// Fixtures written for these tests (no Deno code): a tiny ext/fetch/20_headers.js with the
// ext/webidl and ext/web files it loads, in each source form.
const FIXTURES = fileURLToPath(new URL("../testdata/deno_src/", import.meta.url));
const MODULE_FORM = join(FIXTURES, "module");
const SCRIPT_FORM = join(FIXTURES, "script");
const IMPL_URL = new URL("../../impl/mod.ts", import.meta.url).href;

/**
 * A copy of the module-form fixture at `root` (its impl import made absolute) with `search`
 * replaced by `replacement` in its 20_headers.js.
 */
function plantedCopy(root: string, search: string, replacement: string): string {
  cpSync(MODULE_FORM, root, { recursive: true });
  const file = join(root, "ext/fetch/20_headers.js");
  const source = readFileSync(file, "utf8");
  const relocated = source.replace(`"../../../../../../impl/mod.ts"`, JSON.stringify(IMPL_URL));
  assert.notEqual(relocated, source);
  assert.equal(relocated.split(search).length, 2, `${search} occurs once`);
  writeFileSync(file, relocated.replace(search, replacement));
  return root;
}

const SPEC_URL = new URL("../../spec/", import.meta.url).href;

/**
 * A module-form tree at `root` whose Headers, Request and Response are the reference's
 * (spec/, under the "server" profile), written here (no Deno code): every step of a campaign
 * then agrees unless `planted` code changes the tree's Request or Response. `21_formdata.js` and
 * `22_body.js` are imported as Deno's are (`22_body.js` through the loader's FormData bridge),
 * and `01_mimesniff.js` is there.
 */
function specTree(root: string, planted: { request?: string; response?: string } = {}): string {
  cpSync(join(MODULE_FORM, "ext/webidl"), join(root, "ext/webidl"), { recursive: true });
  cpSync(join(MODULE_FORM, "ext/web"), join(root, "ext/web"), { recursive: true });
  mkdirSync(join(root, "ext/fetch"), { recursive: true });
  const files: Record<string, string> = {
    "ext/fetch/20_headers.js":
      `// headerproof test fixture: the reference's Headers as 20_headers.js internals.
import * as webidl from "ext:deno_webidl/00_webidl.js";
import * as spec from "${SPEC_URL}headers.ts";
import { convertToHeadersInit } from "${SPEC_URL}webidl.ts";
const slots = spec.headersInternals();
const Headers = spec.Headers;
const headersFromHeaderList = (list, guard) => spec.createHeaders(list, guard, "server");
const headerListFromHeaders = (headers) => slots.headerList(headers);
const guardFromHeaders = (headers) => slots.guard(headers);
const fillHeaders = (headers, object) => slots.fill(headers, object);
webidl.converters["HeadersInit"] = (V) => convertToHeadersInit(V);
export { fillHeaders, guardFromHeaders, headerListFromHeaders, Headers, headersFromHeaderList };
`,
    "ext/fetch/21_formdata.js": `// headerproof test fixture.
class FormData {
  append() {}
}
const FormDataPrototype = FormData.prototype;
const formDataToBlob = () => new Blob([], { type: "multipart/form-data; boundary=x" });
export { FormData, FormDataPrototype, formDataToBlob };
`,
    "ext/fetch/22_body.js": `// headerproof test fixture.
import { FormDataPrototype, formDataToBlob } from "ext:deno_fetch/21_formdata.js";
export const bridged = { FormDataPrototype, formDataToBlob };
`,
    "ext/web/01_mimesniff.js": "// headerproof test fixture.\nexport {};\n",
    "ext/fetch/23_request.js": `// headerproof test fixture: the reference's Request.
import { bridged } from "ext:deno_fetch/22_body.js";
import * as spec from "${SPEC_URL}mod.ts";
let { Request } = spec.fetchClasses({ profile: "server" });
${planted.request ?? ""}
export { bridged, Request };
`,
    "ext/fetch/23_response.js": `// headerproof test fixture: the reference's Response.
import * as spec from "${SPEC_URL}mod.ts";
let { Response } = spec.fetchClasses({ profile: "server" });
${planted.response ?? ""}
export { Response };
`,
  };
  for (const [path, text] of Object.entries(files)) writeFileSync(join(root, path), text);
  return root;
}

// deno-lint-ignore no-explicit-any
async function load(root: string): Promise<any> {
  return await import(pathToFileURL(denoSrcTargetModule(`deno-src:${root}`)).href);
}

Deno.test("deno-src targets", async (t) => {
  const dir = mkdtempSync(join(tmpdir(), "headerproof-deno-src-"));
  try {
    await t.step("each file's source form is recognized", () => {
      assert.deepEqual(denoSourceLayout(MODULE_FORM).files.map((f) => f.form), [
        "module",
        "module",
        "module",
      ]);
      const script = denoSourceLayout(SCRIPT_FORM);
      assert.deepEqual(script.files.map((f) => f.form), ["script", "script", "script"]);
      assert.equal(script.fill, "fillHeaderList");
      assert.equal(denoSourceLayout(MODULE_FORM).fill, "fillHeaders");
      assert.equal(
        sourceForm("((window) => {\n  window.__bootstrap.headers = {};\n})(this);"),
        null,
      );
    });

    await t.step(
      "the module form loads under the shims; every guard through its internals",
      async () => {
        const module = await load(MODULE_FORM);
        const request = module.headersWithGuard("request", [["X-A", "1"], ["x-a", "2"]]);
        assert.deepEqual(module.headerListOf(request), ["X-A", "1", "X-A", "2"]);
        assert.equal(request.get("x-a"), "1, 2");
        const noCors = module.headersWithGuard("request-no-cors", [["X-A", "1"]]);
        assert.deepEqual(module.headerListOf(noCors), []);
        const immutable = module.headersWithGuard("immutable", { a: "1" });
        assert.throws(() => immutable.append("b", "2"), TypeError);
        assert.deepEqual(module.headerListOf(immutable), ["a", "1"]);
        const raw = module.headersFromRawList(["A", "1", "a", "2"], "response");
        assert.deepEqual(module.headerListOf(raw), ["A", "1", "a", "2"]);
        assert.throws(() => module.headersFromRawList(["a", "\u0100"]), TypeError);
        assert.throws(() => module.headersFromRawList(["a"]), TypeError);
        assert.throws(() => module.headersWithGuard("bogus"), TypeError);
      },
    );

    await t.step(
      "the script form loads; the response guard goes through fillHeaderList",
      async () => {
        const module = await load(SCRIPT_FORM);
        const response = module.headersWithGuard("response", [["X-A", "1"]]);
        assert.deepEqual(module.headerListOf(response), ["x-a", "1"]);
        const request = module.headersWithGuard("request", [["X-A", "1"]]);
        assert.deepEqual(module.headerListOf(request), ["X-A", "1"]);
        const immutable = module.headersWithGuard("immutable", [["X-A", "1"]]);
        assert.throws(() => immutable.append("b", "2"), TypeError);
        assert.equal(immutable.get("x-a"), "1");
      },
    );

    await t.step("a campaign through the CLI: the fixture passes, a planted bug is found", () => {
      const clean = fuzz([
        "--target",
        `deno-src:${MODULE_FORM}`,
        "--runs",
        "150",
        "--workers",
        "1",
        "--seed",
        "1",
      ]);
      assert.equal(clean.status, 0, clean.stdout + clean.stderr);
      assert.match(clean.stdout, /headersWithGuard \(every guard\); headersFromRawList/);
      // The bug: has("") answers false instead of throwing a TypeError.
      const planted = plantedCopy(
        join(dir, "planted"),
        "const Headers = impl.Headers;",
        `const Headers = impl.Headers;
const has = Headers.prototype.has;
Headers.prototype.has = {
  has(name) { return name === "" ? false : has.apply(this, arguments); },
}.has;`,
      );
      const found = fuzz([
        "--target",
        `deno-src:${planted}`,
        "--runs",
        "2000",
        "--workers",
        "1",
        "--seed",
        "1",
        "--realm",
        "clean",
        "--known-divergences",
        "none",
        "--out",
        join(dir, "out"),
      ]);
      assert.equal(found.status, 1, found.stdout + found.stderr);
      assert.match(found.stdout, /COUNTEREXAMPLE: divergence/);
      assert.match(found.stdout, /\.has\(""\)/);
    });

    await t.step(
      "in a tampered realm, the copies of the checkout's files are the candidate's",
      () => {
        const planted = plantedCopy(
          join(dir, "patchable"),
          "    ArrayPrototypePush(flat, list[i][0]);\n    ArrayPrototypePush(flat, list[i][1]);",
          "    flat.push(list[i][0], list[i][1]);",
        );
        const found = fuzz([
          "--target",
          `deno-src:${planted}`,
          "--realm",
          "tampered",
          "--runs",
          "300",
          "--workers",
          "1",
          "--seed",
          "1",
          "--out",
          join(dir, "out"),
        ]);
        assert.equal(found.status, 1, found.stdout + found.stderr);
        assert.match(
          found.stdout,
          /the candidate called these patched built-ins.*Array\.prototype\.push/,
        );
      },
    );

    await t.step("a tree's Request and Response are fuzzed; bugs planted in them are found", () => {
      const campaign = (root: string) =>
        fuzz([
          "--target",
          `deno-src:${root}`,
          "--runs",
          "300",
          "--workers",
          "1",
          "--seed",
          "1",
          "--known-divergences",
          "none",
          "--realm",
          "clean",
          "--out",
          join(dir, "out"),
        ]);
      const clean = campaign(specTree(join(dir, "spec-tree")));
      assert.equal(clean.status, 0, clean.stdout + clean.stderr);
      assert.match(
        clean.stdout,
        /Request \(the checkout's ext\/fetch\/23_request\.js\): new Request/,
      );
      assert.match(
        clean.stdout,
        /Response \(the checkout's ext\/fetch\/23_response\.js\): new Response/,
      );
      assert.match(
        clean.stdout,
        /structuredClone: not fuzzed \(not in ext\/: Deno's structuredClone/,
      );
      // The bugs: Response appends a second Content-Type when a body or the init set one;
      // Request drops the Content-Type.
      const response = campaign(specTree(join(dir, "planted-response"), {
        response: `const Base = Response;
Response = class extends Base {
  constructor(body, init) {
    super(...arguments);
    if (this.headers.has("content-type")) this.headers.append("content-type", "x/planted");
  }
};`,
      }));
      assert.equal(response.status, 1, response.stdout + response.stderr);
      assert.match(
        response.stdout,
        /COUNTEREXAMPLE: divergence[^\n]*\n(?: {2}\d+\. .*\n)*.*new Response\(/,
      );
      const request = campaign(specTree(join(dir, "planted-request"), {
        request: `const Base = Request;
Request = class extends Base {
  constructor(input, init) {
    super(...arguments);
    if (this.headers.has("content-type")) this.headers.delete("content-type");
  }
};`,
      }));
      assert.equal(request.status, 1, request.stdout + request.stderr);
      assert.match(
        request.stdout,
        /COUNTEREXAMPLE: divergence[^\n]*\n(?: {2}\d+\. .*\n)*.*new Request\(/,
      );
    });

    await t.step(
      "a tree without the Request and Response files says why they are not fuzzed",
      () => {
        const run = fuzz(["--target", `deno-src:${MODULE_FORM}`, "--runs", "1"]);
        assert.equal(run.status, 0, run.stdout + run.stderr);
        assert.match(
          run.stdout,
          /Request: not fuzzed \(the checkout has no ext\/fetch\/23_request\.js\)/,
        );
      },
    );

    await t.step("bad checkouts exit 2 with the cause", () => {
      const cases: [string, RegExp][] = [
        ["deno-src:", /give the checkout, deno-src:PATH/],
        [`deno-src:${join(dir, "nowhere")}`, /is not a folder/],
      ];
      const empty = join(dir, "empty");
      mkdirSync(empty);
      cases.push([`deno-src:${empty}`, /has no ext\/fetch\/20_headers\.js: not a Deno checkout/]);
      const old = join(dir, "old");
      cpSync(MODULE_FORM, old, { recursive: true });
      writeFileSync(
        join(old, "ext/fetch/20_headers.js"),
        "((window) => {\n  window.__bootstrap.headers = {};\n})(this);\n",
      );
      cases.push([
        `deno-src:${old}`,
        /source form this loader does not know \(supported: ES modules .*2023-03-08.*2026-05-03/,
      ]);
      for (const [target, message] of cases) {
        const run = fuzz(["--target", target, "--runs", "1"]);
        assert.equal(run.status, 2, `${target}: ${run.stderr}`);
        assert.match(run.stderr, message);
      }
      assert.throws(
        () => denoSourceLayout(old),
        (e: Error) => e instanceof RuntimeChoiceError,
      );
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
