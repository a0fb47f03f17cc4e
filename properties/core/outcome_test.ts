import assert from "node:assert/strict";
import { errorName, okOf, outcomeOf, threwOf } from "./outcome.ts";

Deno.test("errorName never throws, whatever was thrown", () => {
  assert.equal(errorName("text"), "non-error string");
  assert.equal(errorName(null), "non-error null");
  assert.equal(errorName(Object.create(null)), "anonymous error");
  const hostile = new Proxy({}, {
    get() {
      throw new Error("trap");
    },
  });
  assert.equal(errorName(hostile), "unreadable");
});

Deno.test("outcomeOf keeps the value as it is and tags what was thrown by its constructor name", () => {
  const value = { a: 1 };
  const returned = outcomeOf(() => value);
  assert.ok("ok" in returned && returned.ok === value);
  class CustomError extends TypeError {}
  assert.deepEqual(
    outcomeOf(() => {
      throw new CustomError("x");
    }),
    { threw: "CustomError" },
  );
});

Deno.test("okOf and threwOf read one side of an outcome, undefined for the other or none", () => {
  assert.equal(okOf({ ok: "v" }), "v");
  assert.equal(okOf({ threw: "TypeError" }), undefined);
  assert.equal(okOf(undefined), undefined);
  assert.equal(threwOf({ threw: "TypeError" }), "TypeError");
  assert.equal(threwOf({ ok: "TypeError" }), undefined);
  assert.equal(threwOf(undefined), undefined);
});

/** The source files of the project that may define a type: every .ts file but third-party ones. */
function sourceFiles(dir: URL): URL[] {
  const files: URL[] = [];
  for (const entry of Deno.readDirSync(dir)) {
    if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
    const url = new URL(entry.name + (entry.isDirectory ? "/" : ""), dir);
    if (entry.isDirectory) files.push(...sourceFiles(url));
    else if (entry.name.endsWith(".ts")) files.push(url);
  }
  return files;
}

/** A union with a `{ threw: string }` member: a tagged-outcome type of its own. */
const OWN_OUTCOME_TYPE = /\|\s*\{\s*threw:\s*string\s*\}|\{\s*threw:\s*string\s*\}\s*\|/;

Deno.test("the tagged-outcome type is defined once, here: no other file declares its own", () => {
  const root = new URL("../../", import.meta.url);
  const own = sourceFiles(root)
    .map((file) => file.pathname.slice(root.pathname.length))
    .filter((path) => !path.startsWith("properties/core/outcome"))
    .filter((path) => OWN_OUTCOME_TYPE.test(Deno.readTextFileSync(new URL(path, root))));
  assert.deepEqual(own, [], "import Outcome from properties/core/outcome.ts instead");
  assert.ok(OWN_OUTCOME_TYPE.test("type Mine = { ok: unknown } | { threw: string };"));
});
