import assert from "node:assert/strict";
import { runAlone } from "../campaign/campaign.ts";
import { CORPUS_DIR, readCorpus, writeCorpusEntry } from "./corpus.ts";
import type { CorpusEntry } from "./corpus.ts";
import { rejectedInvalidRawList } from "../oracle/operations/raw_list.ts";
import { candidateCode, TamperedRealm } from "../targets/tampered_realm.ts";
import { loadTarget } from "../targets/targets.ts";
import { World } from "../oracle/world.ts";
import type { EgressCase, EgressDivergence } from "../egress/egress_property.ts";
import { referenceListOf } from "../egress/egress_property.ts";
import { egressCorpusEntry } from "../egress/stage.ts";
import { parseCliArgs } from "../campaign/cli_args.ts";

/**
 * Replays `entry` against impl and the reference: every step must agree (or be rejected); an
 * egress entry's message must still get the same list from the reference.
 */
async function replay(entry: CorpusEntry): Promise<void> {
  if (entry.egress !== undefined) {
    const list = referenceListOf(entry.egress.case as EgressCase, "http://127.0.0.1:9/egress");
    assert.deepEqual(list, entry.egress.expected, entry.message);
  }
  const target = await loadTarget({ target: "impl", profile: entry.profile });
  if (entry.property === "invalid-raw-list") {
    assert.ok(rejectedInvalidRawList(runAlone(target.candidate, entry.steps)), entry.message);
    assert.ok(rejectedInvalidRawList(runAlone(target.reference, entry.steps)), entry.message);
    return;
  }
  const realm = entry.property === "tampered-realm"
    ? new TamperedRealm(candidateCode("impl", target.candidateUrl))
    : null;
  const world = new World(target.candidate, target.reference, { realm });
  for (const step of entry.steps) world.step(step);
}

Deno.test("every corpus entry passes on impl and the reference", async (t) => {
  for (const { file, entry } of readCorpus(CORPUS_DIR)) {
    await t.step(file.replace(/^.*\//, ""), () => replay(entry));
  }
});

Deno.test("a corpus entry is written and read back unchanged", async () => {
  const dir = await Deno.makeTempDir({ prefix: "headerproof-corpus-" });
  const entry: CorpusEntry = {
    target: "impl",
    runtime: "deno 0",
    profile: "standard",
    property: "model",
    kind: "divergence",
    seed: 1,
    path: "0:1",
    replayPath: "A:B",
    knownDivergences: [],
    message: "m",
    replay: "deno task fuzz --seed 1",
    steps: [{ op: "construct", slot: 0, guard: "none", init: { kind: "none" } }],
  };
  const file = writeCorpusEntry(dir, entry);
  assert.deepEqual(readCorpus(dir), [{ file, entry }]);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("replaying a corpus entry fails when impl diverges from it", async () => {
  const entry: CorpusEntry = {
    target: "impl",
    runtime: "deno 0",
    profile: "standard",
    property: "invalid-raw-list",
    kind: "invalid-raw-list",
    seed: 1,
    path: "0",
    replayPath: null,
    knownDivergences: [],
    message: "a valid list stored as invalid must fail the replay",
    replay: "",
    steps: [
      { op: "rawList", slot: 0, flat: ["a", "b"], guard: "none", first: null },
      { op: "get", target: 0, args: ["a"] },
    ],
  };
  await assert.rejects(() => replay(entry));
});

Deno.test("an egress counterexample's corpus entry replays, and fails when the list is wrong", async () => {
  const message: EgressCase = {
    side: "server",
    response: {
      make: "new",
      body: { kind: "string", text: "x" },
      init: { kind: "object", entries: [["Set-Cookie", "a"], ["x", " 1 "]] },
      clone: true,
    },
  };
  const expected = referenceListOf(message, "http://127.0.0.1:9/egress")!;
  const found: EgressDivergence = {
    case: message,
    expected,
    actual: expected.slice(0, -1),
    detail: "content-type: not written",
  };
  const entry = egressCorpusEntry(parseCliArgs(["--target", "native"]), found, "3:1", "replay");
  assert.equal(entry.property, "egress");
  await replay(entry);
  await assert.rejects(() =>
    replay({ ...entry, egress: { ...entry.egress!, expected: found.actual! } })
  );
  assert.deepEqual(entry.steps[0], {
    op: "rawList",
    slot: 0,
    flat: expected.flat(),
    guard: "response",
    first: null,
  });
});
