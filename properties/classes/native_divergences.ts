/**
 * properties/NATIVE_DIVERGENCES.md, generated from the divergence classes (classes.ts):
 * {@link renderNativeDivergences} returns the whole file, and a test (native_divergences_test.ts)
 * fails while the committed file differs from it. The prose of each class is its file's `notes`
 * (its `summary` where it has none); what is said of every class is here.
 *
 * @example
 * ```ts
 * import { renderNativeDivergences } from "./native_divergences.ts";
 * console.log(renderNativeDivergences().split("\n")[0]); // "<!-- deno-fmt-ignore-file -->"
 * ```
 *
 * @module
 */
import { classesOf, REPORTS_DIR, reportFiles } from "./classes.ts";
import type { AnswerClass, AnyClass } from "./class.ts";

/** Where the committed file is, from the repository's root. */
export const NATIVE_DIVERGENCES_PATH = "properties/NATIVE_DIVERGENCES.md";

/** The widest a prose line is (a code span longer than that stays whole, on a line of its own). */
const WIDTH = 100;

/**
 * `text` wrapped at {@link WIDTH}: words and whole code spans, the first line after `first`, the
 * others after `rest`.
 */
function wrap(text: string, first = "", rest = ""): string {
  const words = text.match(/(?:[^\s`]*`[^`]*`)+[^\s`]*|\S+/g) ?? [];
  const lines: string[] = [];
  let line = first;
  let empty = true;
  for (const word of words) {
    if (!empty && line.length + 1 + word.length > WIDTH) {
      lines.push(line);
      line = rest + word;
    } else line = empty ? line + word : `${line} ${word}`;
    empty = false;
  }
  lines.push(line);
  return lines.join("\n");
}

/** One bullet of a list. */
function bullet(text: string): string {
  return wrap(text, "- ", "  ");
}

/** A class's prose: its notes, else its summary as a sentence. */
function prose(c: { notes: string; summary: string }): string {
  return c.notes || (c.summary.endsWith(".") ? c.summary : `${c.summary}.`);
}

/** Where a class was seen, for its bullet. */
function seen(c: { seenIn: readonly string[] }): string {
  return c.seenIn.join(", ");
}

/** Links to a class's committed report and WPT test (relative to properties/), or "". */
function reportLinks(c: AnyClass): string {
  const files = reportFiles(c);
  if (files === null) return "";
  const relative = (path: string) => path.slice(REPORTS_DIR.indexOf("upstream/"));
  const wpt = files.wpt === null ? "" : `, [WPT test](${relative(files.wpt)})`;
  return ` Report: [issue](${relative(files.issue)})${wpt}.`;
}

/** A cell of the recognition table: `|` escaped. */
function cell(text: string): string {
  return text.replaceAll("|", "\\|");
}

/** The recognition table: each class that recognizes a difference by more than `covers`. */
function recognitionTable(answers: readonly AnswerClass[]): string {
  const rows: [string, string, string][] = [];
  for (const c of answers) {
    (c.recognized ?? []).forEach((r, i) =>
      rows.push([i === 0 ? `\`${c.name}\`` : "", r.when, r.after])
    );
  }
  rows.push([
    "every other class",
    "any difference of a step the class covers (`covers`), or on an object such a step made or touched",
    "fork",
  ]);
  const header: [string, string, string] = ["class", "recognized when", "after"];
  const widths = [0, 1, 2].map((i) =>
    Math.max(...[header, ...rows].map((row) => cell(row[i]).length))
  );
  const line = (row: readonly string[]) =>
    `| ${row.map((text, i) => cell(text).padEnd(widths[i])).join(" | ")} |`;
  return [
    line(header),
    `| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`,
    ...rows.map(line),
  ].join("\n");
}

/** What the file says before the classes. */
const INTRO = [
  "Found by `properties/` campaigns against each runtime's own `Headers` (`--target native`, " +
  'reference profile "server", guards reached through `Request`/`Response`), by the wire stage ' +
  "(each runtime's own server and `fetch()`), the cost stage and the codec stage, on Deno 2.9.6, " +
  "Node 22.23.3 and Bun 1.3.14, then confirmed by hand with the reproduction given (paste it into " +
  'a REPL of that runtime). One entry per root cause, each with where it was seen. "Standard" is ' +
  "what the reference (`spec/mod.ts`) and the Fetch standard answer.",
  "Each entry is a named divergence class, one file under `properties/classes/` (a row of its " +
  "`CLASSES` table); this file is generated from them (`renderNativeDivergences` in " +
  "`properties/classes/native_divergences.ts`): edit a class's file, not this one. Passing a " +
  "class's name to `--known-divergences` (or `auto`, every answer and cost class of the runtime) " +
  "puts it in force: the campaign still generates every operation, and a step whose differences " +
  "the class recognizes is counted, listed with a replay command, and gone on past; the campaign " +
  "fails only on a difference no class in force explains ([README](README.md#known-divergences)). " +
  "The campaign report lists every class in force and every class hit. `./headerproof report " +
  "CLASS` writes an upstream-ready issue body for an answer or wire class.",
];

/** What the file says of the recognition table. */
const RECOGNITION = [
  "How each answer class recognizes its divergence (from the step and both outcomes) and what the " +
  'run does after it: "go on" keeps every object compared; "fork" stops comparing the objects ' +
  "the step made or changed (and the iterators and messages made from them).",
];

/** What the file says after the recognition table. */
const AFTER_TABLE = [
  "When no class explains a difference alone, the classes that rewrite what an outcome shows " +
  "(set-cookie's position, cookie's separator, a leading or trailing empty value, a body's " +
  "Content-Type in a listing) are applied " +
  "together: a difference they explain together counts for each of them, and the objects it is " +
  "about are forked. A `values()` iterator shows no names, so on an object holding set-cookie it " +
  "is forked at its first difference.",
  "Every class covering a logged init (`request-init-reads-client`, " +
  "`response-init-members-read-twice`, `init-members-read-out-of-order`, " +
  "`init-reads-non-members`) excludes every Request or Response step whose init is a Proxy or has " +
  "getters, so further findings about the order of reads may hide behind them.",
];

/** What the file says of the answer classes. */
const ANSWERS = [
  "Found by campaigns on each runtime's `Headers`, and through its global `Request`, `Response` " +
  "and `structuredClone` (the `request`, `response`, `clone` and `serialize` steps), or through " +
  "the `Request` and `Response` of a source tree or package (`deno-src:`, `undici@`), each then " +
  "reproduced by hand with the observation of its report.",
];

/** What the file says of the wire classes. */
const WIRE = [
  "Found by the wire stage (properties/wire/): field lines sent to each runtime's own server, and " +
  "answered to its own `fetch()`, on 127.0.0.1. Each changes what the reference expects of the " +
  "header list or of what is read from it; the classes in force apply together.",
];

/** What the file says of the codec classes. */
const CODEC = [
  "Deno's fetch and serve, and hyper, hold every header as the Rust `http` crate's `HeaderName` " +
  "and `HeaderValue`. Its classes are rules of the codec stage's reference (listed in " +
  "[README.md](README.md#codec-classes)), found by `./headerproof fuzz --target http@1.4.0` and " +
  "seen in 1.4.0 and 1.5.0 (seed 1, every one). A class seen through a runtime is why that " +
  "runtime's own server and `fetch()` reject a head the reference accepts: the wire stage's " +
  "report names it beside each such parser divergence.",
];

/** What the file says of the cost classes. */
const COSTS = [
  "Found by the cost stage (properties/costs/, [its bounds](README.md#the-cost-stage)) of " +
  "`./headerproof fuzz --target native --runs 1 --realm clean --workers 1 --seed 1` " +
  "(`fuzz:node`, `fuzz:bun` likewise) on a 2-core machine shared with other jobs: right answers " +
  "at a cost past a stated bound, each confirmed in a fresh process. `--known-divergences NAME` " +
  "stops the cost cases it covers. The campaign writes each finding's self-contained " +
  "reproduction to `.cache/counterexamples/native-<runtime>-cost-<class>-<hash>.mjs` (run it " +
  "with `deno run -A`, `node` or `bun`; it prints the figures and exits 1 over the bound); the " +
  "snippets below need the collector (`deno run -A --v8-flags=--expose-gc`, `node --expose-gc`).",
];

/** What the file says after the cost classes. */
const COSTS_MEASURED = [
  "Measured with Deno 2.9.6 (31 cases, 693 s for the stage, most of it confirming and " +
  "re-measuring its 16 findings), Node 22.23.3 (31 cases, 54.5 s, 5 findings: the four parents " +
  "forms and the iterator; `for-each-with-set` was over once, ×20, and within the bound when " +
  "measured again).",
];

/** The campaigns that found nothing more, with their commands (kept as written). */
const CAMPAIGNS = `## Campaigns that find nothing more

With each runtime's classes expected (the default, \`auto\`: every operation generated), 30-second
campaigns with one worker (\`--seed 1 --costs none --wire none\`, on a machine shared with three other
jobs) found no new divergence: Deno 34,276 steps, Node 30,309, Bun 46,615, each listing the classes
it went on past (Deno 16, Node 6, Bun 19).

\`\`\`sh
./headerproof fuzz --target native --time 30 --seed 1 --workers 1 --costs none --wire none
./headerproof fuzz:node --target native --time 30 --seed 1 --workers 1 --costs none --wire none
./headerproof fuzz:bun --target native --time 30 --seed 1 --workers 1 --costs none --wire none
\`\`\`

With each runtime's classes excluded by generation (the commands below, with \`--exclude-known\`),
20-second campaigns with 2 workers (seeds 1000-1001, on a machine shared with another job) found
nothing more: Deno 583,162 steps, Node 400,978, Bun 551,552. For Deno and Bun these include the
tampered-realm phase (\`--realm both\`, the default for native); for Node \`uses-patchable-builtins\`
leaves it out. 30-second campaigns with every class excluded (seeds 3000-3001, before the tampered
realm existed) found nothing more either. These campaigns observe own keys of every object and
iterator after each step (except where \`own-keys-expose-internal-state\` is in force), compare the
interaction log of recorded inits (every trap, \`toString\` and iterator call, in order), mutate what
\`getSetCookie()\`, iterator results and spreads hand out before looking again, run batches of up to 8
calls, iterator steps, forEach and tampering with no read in between, and construct from exotic
inits (callable records, arrays with holes or appending getters, iterables that throw midway,
Headers with an overridden \`@@iterator\`, a foreign class named Headers) and chains of up to 8
copies. Those exclusions are coarse (for Bun every step naming set-cookie, every iterator and every
copy; for Deno every value that normalizes to empty and every recorded init; for all three the shape
step): the campaigns with the classes expected above generate those steps too.

\`\`\`sh
deno task fuzz --target native --time 20 --seed 1000 --exclude-known --known-divergences no-cors-guard-ignored,iteration-drops-leading-empty-value,for-each-iterates-snapshot,pair-next-primitive-hangs,record-enumerable-symbol-key-ignored,response-init-skips-tolength,headers-init-ignores-overridden-iterator,own-keys-expose-internal-state,prototype-has-extra-properties,iterator-method-read-repeatedly
node properties/campaign/cli.ts --target native --time 20 --seed 1000 --exclude-known --known-divergences no-cors-guard-ignored,record-includes-non-enumerable-keys,pair-next-primitive-hangs,cookie-joined-with-semicolon,prototype-has-extra-properties,iterator-protocol-extra-reads,uses-patchable-builtins
bun properties/campaign/cli.ts --target native --time 20 --seed 1000 --exclude-known --known-divergences no-cors-guard-ignored,error-response-headers-mutable,iterator-latches-on-done,set-cookie-sorted-last,cookie-joined-with-semicolon,get-set-cookie-no-brand-check,copy-keeps-trailing-comma-space,headers-init-ignores-overridden-iterator,sequence-converted-after-iteration,prototype-has-extra-properties,record-value-read-before-key-check
\`\`\``;

/** Paragraphs, wrapped, a blank line between them. */
function paragraphs(texts: readonly string[]): string {
  return texts.map((text) => wrap(text)).join("\n\n");
}

/** The egress section's introduction. */
const EGRESS = [
  "Found by the egress stage (properties/egress/): a Response returned from each runtime's own " +
  "server read off the wire by a raw client, and a `fetch()` request's head read by a raw server, " +
  "compared with the reference's header list. An allowance names the fields a server or client " +
  "writes by itself; the stage counts each in its report, and any other added field is a " +
  "divergence.",
];

/**
 * The whole of properties/NATIVE_DIVERGENCES.md, from the classes: an introduction, how the answer
 * classes recognize their divergences, then each class of each stage with where it was seen and
 * how it shows.
 */
export function renderNativeDivergences(): string {
  const answers = classesOf("answers");
  const sections = [
    "<!-- deno-fmt-ignore-file -->",
    "# Native Headers: divergences from the reference",
    paragraphs(INTRO),
    "## How a class recognizes its divergence",
    paragraphs(RECOGNITION),
    recognitionTable(answers),
    paragraphs(AFTER_TABLE),
    "## Answer classes",
    paragraphs(ANSWERS),
    answers.map((c) => bullet(`\`${c.name}\` (${seen(c)}): ${prose(c)}${reportLinks(c)}`)).join(
      "\n",
    ),
    "## Wire classes",
    paragraphs(WIRE),
    [
      ...classesOf("wire").map((c) =>
        bullet(
          `\`${c.name}\` (${seen(c)}; ${c.sides.join(" and ")} side): ${c.notes}${reportLinks(c)}`,
        )
      ),
      ...answers.flatMap((c) =>
        c.wire === undefined ? [] : [
          bullet(
            `\`${c.name}\` (${seen(c)}; ${c.wire.sides.join(" and ")} side): the answer class, ` +
              "reached through field lines too.",
          ),
        ]
      ),
    ].join("\n"),
    "## Egress classes",
    paragraphs(EGRESS),
    classesOf("egress").map((c) =>
      bullet(
        `\`${c.name}\` (${seen(c)}; ${c.sides.join(" and ")} side; ${
          c.adds === undefined ? "divergence" : `allowance: ${c.adds.join(", ")}`
        }): ${prose(c)}`,
      )
    ).join("\n"),
    "## Codec classes (the Rust `http` crate)",
    paragraphs(CODEC),
    classesOf("codec").map((c) =>
      bullet(
        `\`${c.name}\` (${seen(c)}${
          c.seenThrough.length === 0 ? "" : `; seen through ${c.seenThrough.join(", ")}`
        }): ${prose(c)}`,
      )
    ).join("\n"),
    "## Cost classes",
    paragraphs(COSTS),
    classesOf("costs").map((c) =>
      bullet(`\`${c.name}\` (${seen(c)}; cost class \`${c.costClass}\`): ${prose(c)}`)
    ).join("\n"),
    paragraphs(COSTS_MEASURED),
    CAMPAIGNS,
  ];
  return sections.join("\n\n") + "\n";
}
