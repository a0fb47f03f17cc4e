import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { runCli } from "../campaign/cli_runner.ts";
import { RuntimeChoiceError } from "./runtimes.ts";
import { undiciLayout, undiciTargetModule } from "./undici_target.ts";

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
