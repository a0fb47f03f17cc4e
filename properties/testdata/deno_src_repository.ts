/**
 * Test support: a small Deno-like git repository made from headerproof's own fixture (no Deno
 * code), for bisect and sweep over `deno-src:` commits.
 *
 * @example
 * ```ts
 * import { fixtureRepository, fixtureTree } from "./deno_src_repository.ts";
 * const [first, , , planted] = fixtureRepository("/tmp/deno-like");
 * fixtureTree("/tmp/deno-like-tree", "globalThis.planted = true;\n");
 * ```
 *
 * @module
 */
import { spawnSync } from "node:child_process";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";

const FIXTURE = fileURLToPath(new URL("./deno_src/module/", import.meta.url));
const IMPL_URL = new URL("../../impl/mod.ts", import.meta.url).href;
const HEADERS = "ext/fetch/20_headers.js";

/** `git ARGS` in `repo`, as a fixed author; its output. */
function git(repo: string, ...args: string[]): string {
  const result = spawnSync("git", ["-C", repo, ...args], {
    encoding: "utf8",
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: "headerproof",
      GIT_AUTHOR_EMAIL: "headerproof@localhost",
      GIT_COMMITTER_NAME: "headerproof",
      GIT_COMMITTER_EMAIL: "headerproof@localhost",
    },
  });
  if (result.status !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr}`);
  return result.stdout.trim();
}

/**
 * The module-form fixture of testdata/deno_src/ copied to `root`, its impl import made absolute,
 * with `planted` (code run after the fixture's, which may patch `Headers`) appended to its
 * 20_headers.js: a `deno-src:` tree. Returns that file and its text without `planted`.
 */
export function fixtureTree(root: string, planted = ""): { file: string; clean: string } {
  cpSync(FIXTURE, root, { recursive: true });
  const file = join(root, HEADERS);
  const clean = readFileSync(file, "utf8")
    .replace(`"../../../../../../impl/mod.ts"`, JSON.stringify(IMPL_URL));
  writeFileSync(file, clean + planted);
  return { file, clean };
}

/** Code a commit of {@link fixtureRepository} appends to 20_headers.js, and its subject. */
export interface Planted {
  text: string;
  subject: string;
}

/** A bug no known class explains: `has("")` answers false instead of throwing a TypeError. */
export const HAS_EMPTY_NAME: Planted = {
  subject: "has accepts the empty name",
  text: `
const has = Headers.prototype.has;
Headers.prototype.has = {
  has(name) { return name === "" ? false : has.apply(this, arguments); },
}.has;
`,
};

/**
 * The deviation of the known class `for-each-iterates-snapshot`, alone: `forEach` walks a
 * snapshot of the pairs, so it misses headers its callback adds (brand and callback checks stay
 * the fixture's; only primordials are called, as a tampered realm would otherwise notice).
 */
export const FOR_EACH_SNAPSHOT: Planted = {
  subject: "forEach walks a snapshot",
  text: `
const { FunctionPrototypeCall } = primordials;
const forEachOfList = Headers.prototype.forEach;
Headers.prototype.forEach = {
  forEach(callback, thisArg = undefined) {
    if (typeof callback !== "function") {
      return FunctionPrototypeCall(forEachOfList, this, callback, thisArg);
    }
    const pairs = [];
    FunctionPrototypeCall(forEachOfList, this, (value, name) => {
      ArrayPrototypePush(pairs, [name, value]);
    });
    for (let i = 0; i < pairs.length; i++) {
      FunctionPrototypeCall(callback, thisArg, pairs[i][1], pairs[i][0], this);
    }
  },
}.forEach;
`,
};

/**
 * A git repository at `root` made from the module-form fixture of testdata/deno_src/ (its impl
 * import made absolute): five commits, of which only the fourth changes what a campaign sees: it
 * appends `planted` to 20_headers.js (by default, `has("")` answers false instead of throwing a
 * TypeError; {@link FOR_EACH_SNAPSHOT} plants a known class instead). Returns their hashes,
 * oldest first.
 */
export function fixtureRepository(root: string, planted = HAS_EMPTY_NAME): string[] {
  const { file, clean } = fixtureTree(root);
  git(root, "init", "-q");
  const commits: string[] = [];
  const commit = (subject: string) => {
    git(root, "add", "-A");
    git(root, "commit", "-q", "-m", subject);
    commits.push(git(root, "rev-parse", "HEAD"));
  };
  commit("the fixture");
  writeFileSync(join(root, "README"), "a file the loader does not read\n");
  commit("an unrelated change");
  writeFileSync(file, `${clean}\n// a comment\n`);
  commit("a comment in 20_headers.js");
  writeFileSync(file, clean + planted.text);
  commit(planted.subject);
  writeFileSync(join(root, "README"), "changed again\n");
  commit("another unrelated change");
  return commits;
}
