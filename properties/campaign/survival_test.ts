// The campaign survives any candidate and keeps its time budget: one hostile candidate per
// behaviour (properties/testdata/), each run as a user would (`fuzz --target M --time 3`, every
// stage on), with its expected exit status, message and a bound on wall time. The runs are
// independent, so they start together, a few at a time; each test awaits its own.
import assert from "node:assert/strict";
import { marginSeconds } from "./budget.ts";
import { CLI } from "../core/cli_runner.ts";
import { parseCliArgs } from "./cli_args.ts";
import type { Summary } from "./coordinator.ts";

const TIME = 3;
const CASE_TIMEOUT = 3;
/** What a run may take beyond --time and its margin: starting Deno and writing the report. */
const SLACK_SECONDS = 10;
/** Every run ends by this many seconds, whatever its candidate does. */
const BOUND_SECONDS = TIME +
  marginSeconds(parseCliArgs(["--case-timeout", String(CASE_TIMEOUT)])) + SLACK_SECONDS;
/** Runs at once: the machine has two cores, and most runs wait out their budget. */
const AT_ONCE = 4;

/** What one run did. */
interface Outcome {
  status: number | null;
  summary: Summary | null;
  stderr: string;
  seconds: number;
  junit: string | null;
}

let running = 0;
const queue: (() => void)[] = [];

/**
 * Runs the campaign CLI on testdata `candidate` with the suite's budget (and `--junit` when
 * `junit`), in a folder of its own that is removed afterwards; killed with its workers at twice
 * the bound, so that a campaign that overruns fails its test instead of stalling the suite.
 */
async function fuzz(candidate: string, junit = false): Promise<Outcome> {
  if (running >= AT_ONCE) await new Promise<void>((resolve) => queue.push(resolve));
  running++;
  const out = await Deno.makeTempDir({ prefix: "headerproof-survival-" });
  try {
    const started = Date.now();
    // In a process group of its own (setsid), so that a run killed for overrunning takes the
    // worker processes it started with it.
    const child = new Deno.Command("setsid", {
      args: [
        Deno.execPath(),
        "run",
        "-A",
        CLI,
        "--target",
        new URL(`../testdata/${candidate}`, import.meta.url).pathname,
        "--time",
        String(TIME),
        "--case-timeout",
        String(CASE_TIMEOUT),
        "--seed",
        "1",
        "--workers",
        "1",
        "--out",
        out,
        "--json",
        ...(junit ? ["--junit", `${out}/fuzz.xml`] : []),
      ],
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const timer = setTimeout(() => Deno.kill(-child.pid, "SIGKILL"), 2 * BOUND_SECONDS * 1000);
    const { code, signal, stdout, stderr } = await child.output();
    clearTimeout(timer);
    const text = new TextDecoder().decode(stdout).trim();
    return {
      status: signal === null ? code : null,
      summary: text === "" ? null : JSON.parse(text) as Summary,
      stderr: new TextDecoder().decode(stderr),
      seconds: (Date.now() - started) / 1000,
      junit: junit ? await Deno.readTextFile(`${out}/fuzz.xml`).catch(() => null) : null,
    };
  } finally {
    await Deno.remove(out, { recursive: true });
    running--;
    queue.shift()?.();
  }
}

/** A hostile candidate, what it does, and what the campaign must say. */
interface Hostile {
  candidate: string;
  does: string;
  status: number;
  check: (outcome: Outcome) => void;
  junit?: boolean;
}

const HOSTILE: Hostile[] = [
  {
    candidate: "constructor_loops.mjs",
    does: "a constructor that never returns",
    status: 1,
    check: ({ summary }) => {
      assert.equal(summary?.failure?.kind, "hang");
      assert.match(JSON.stringify(summary!.failure!.steps.at(-1)), /"construct"/);
    },
  },
  {
    candidate: "import_loops.mjs",
    does: "a module whose loading never finishes",
    status: 2,
    check: ({ summary, stderr }) => {
      assert.equal(summary, null, "nothing on standard output");
      assert.match(stderr, /cannot load the candidate \S*import_loops\.mjs/);
      assert.match(stderr, /loading the module did not finish: stopped after \d+ s/);
    },
  },
  {
    candidate: "exits_at_import.mjs",
    does: "a module that ends the process while it loads",
    status: 2,
    check: ({ summary, stderr }) => {
      assert.equal(summary, null, "nothing on standard output");
      assert.match(stderr, /cannot load the candidate \S*exits_at_import\.mjs/);
      assert.match(stderr, /ended while loading the module \(exit code 3/);
    },
  },
  {
    candidate: "replaces_builtins_at_load.mjs",
    does: "a module that replaces JSON.stringify and Object.is",
    status: 1,
    check: ({ summary }) => {
      assert.equal(summary?.failure?.kind, "replaced-builtins");
      assert.match(summary!.failure!.message, /when its module loaded: .*JSON\.stringify/);
      assert.match(summary!.failure!.message, /Object\.is/);
    },
  },
  {
    candidate: "replaces_builtin_in_append.mjs",
    does: "an append() that replaces String.prototype.toLowerCase",
    status: 1,
    check: ({ summary }) => {
      assert.equal(summary?.failure?.kind, "replaced-builtins");
      assert.match(summary!.failure!.message, /during run \d+ .*String\.prototype\.toLowerCase/);
    },
  },
  {
    candidate: "iterator_next_loops.mjs",
    does: "an iterator whose next() never returns",
    status: 1,
    check: ({ summary }) => {
      // The campaign observes every Headers it makes by iterating it: the first step hangs.
      assert.equal(summary?.failure?.kind, "hang");
      assert.match(summary!.failure!.message, /replayed alone, it stops in step \d+/);
    },
  },
  {
    candidate: "raw_list_loops.mjs",
    does: "a headersFromRawList that never returns, in the wire stage and the answer stages",
    status: 1,
    junit: true,
    check: ({ summary, junit }) => {
      assert.equal(summary?.failure?.kind, "hang");
      // The wire stage's own hang finding: the exchange in progress, its path, a reproduction.
      const wire = summary!.wire!;
      assert.equal(wire.stopped, null);
      assert.equal(wire.divergence?.kind, "hang");
      assert.equal(wire.divergence.path, "0");
      assert.equal(wire.divergence.replays, "alone");
      assert.ok(wire.divergence.fieldLines.length > 0);
      assert.match(wire.divergence.detail ?? "", /did not return within \d+ s/);
      assert.match(wire.divergence.reproduction, /wire-raw-list-loops-mjs-\S*-server-\w+\.mjs$/);
      assert.match(wire.divergence.replay, /--seed 1 --wire-path 0$/);
      assert.match(
        junit ?? "",
        /WIRE COUNTEREXAMPLE \(server side, hang; seed 1, path &quot;0&quot;\)/,
      );
    },
  },
  {
    candidate: "keeps_interval.mjs",
    does: "a correct module that keeps an interval alive",
    status: 0,
    check: ({ summary }) => assert.equal(summary?.failure, null),
  },
  {
    candidate: "keeps_socket.mjs",
    does: "a correct module that keeps a socket open",
    status: 0,
    check: ({ summary }) => assert.equal(summary?.failure, null),
  },
  {
    candidate: "prints_protocol_lines.mjs",
    does: "a correct module that prints protocol-like lines that do not parse",
    status: 0,
    check: ({ summary }) => assert.equal(summary?.failure, null),
  },
  {
    candidate: "naive_reference.mjs",
    does: "a correct module too slow for the cost stage's share",
    status: 0,
    junit: true,
    check: ({ summary, junit }) => {
      assert.equal(summary?.failure, null);
      assert.ok(summary!.costs!.skipped.length > 0, "the cost stage names what it skipped");
      assert.ok(summary!.partial.some((line) => line.startsWith("cost stage:")));
      assert.match(junit ?? "", /<system-out>partial verdict: cost stage: /);
    },
  },
];

const outcomes = new Map(HOSTILE.map((h) => [h.candidate, fuzz(h.candidate, h.junit)]));

for (const hostile of HOSTILE) {
  Deno.test({
    name: `${hostile.does}: exit ${hostile.status} within the budget, never a harness error`,
    // The runs of later tests start while this one waits: their processes are not its leaks.
    sanitizeOps: false,
    sanitizeResources: false,
  }, async () => {
    const outcome = await outcomes.get(hostile.candidate)!;
    assert.ok(
      outcome.seconds <= BOUND_SECONDS,
      `ended after ${outcome.seconds.toFixed(1)} s, past --time ${TIME} and its margin`,
    );
    assert.doesNotMatch(outcome.stderr, /harness error/);
    assert.equal(outcome.status, hostile.status, outcome.stderr);
    hostile.check(outcome);
  });
}
