import assert from "node:assert/strict";
import type { ChurnOp } from "./probes.ts";
import { needsMessages } from "./probes.ts";
import {
  caseKey,
  classOf,
  COST_SECTIONS,
  costCases,
  generatedCycle,
  parseCostSections,
  sectionOf,
  sectionsShowing,
  shrinkCandidates,
} from "./cases.ts";

Deno.test("every section has cases, each in its own section, with distinct keys", () => {
  const cases = costCases({ sections: COST_SECTIONS, factor: 10 }, 7);
  for (const section of COST_SECTIONS) {
    assert.ok(cases.some((costCase) => sectionOf(costCase) === section), section);
  }
  const keys = cases.map(caseKey);
  assert.equal(new Set(keys).size, keys.length);
  assert.deepEqual(costCases({ sections: [], factor: 10 }, 7), []);
});

Deno.test("a generated churn cycle depends on the seed alone", () => {
  assert.deepEqual(generatedCycle(3), generatedCycle(3));
  assert.ok(generatedCycle(3).length >= 2);
});

Deno.test("a generated churn cycle leaves no name it appended to: the live list stays bounded", () => {
  for (let seed = 0; seed < 2000; seed++) {
    const cycle = generatedCycle(seed);
    const appended = cycle.flatMap((op) => op[0] === "append" ? [op[1]] : []);
    for (const name of appended) {
      const last = cycle.findLastIndex((op) => op[0] === "delete" && op[1] === name);
      assert.ok(
        last > cycle.findLastIndex((op) => op[0] === "append" && op[1] === name),
        `${seed}`,
      );
    }
  }
});

Deno.test("--costs: all, none, a list; anything else throws", () => {
  assert.deepEqual(parseCostSections("all"), COST_SECTIONS);
  assert.deepEqual(parseCostSections("none"), []);
  assert.deepEqual(parseCostSections("growth,large"), ["growth", "large"]);
  assert.throws(() => parseCostSections("speed"), /--costs is all, none or a list/);
});

Deno.test("shrinking drops half a churn cycle of 4 or more, then one operation at a time, and halves parents down to 8", () => {
  const churn = costCases({ sections: ["retained"], factor: 10 }, 1)[0];
  assert.equal(churn.probe, "churn");
  if (churn.probe !== "churn") return;
  const smaller = shrinkCandidates(churn);
  assert.equal(smaller.length, churn.cycle.length);
  for (const candidate of smaller) {
    assert.equal(candidate.probe === "churn" && candidate.cycle.length, churn.cycle.length - 1);
  }
  const long = { ...churn, cycle: [...churn.cycle, ...churn.cycle, ["forEach"]] as ChurnOp[] };
  const shorter = shrinkCandidates(long).map((c) => c.probe === "churn" ? c.cycle : []);
  assert.deepEqual(shorter.slice(0, 2), [long.cycle.slice(2), long.cycle.slice(0, 2)]);
  assert.equal(shorter.length, 2 + long.cycle.length);
  assert.deepEqual(
    shrinkCandidates({ probe: "parents", form: "name-slice", count: 8, parentLength: 1 }),
    [],
  );
  assert.deepEqual(shrinkCandidates({ probe: "large", input: "value-8-mib" }), []);
});

Deno.test("sectionsShowing: each cost class's sections, the ones a kill-table variant runs", () => {
  assert.deepEqual(sectionsShowing("memory-grows-with-operations"), ["retained"]);
  assert.deepEqual(sectionsShowing("unread-message-retains-more"), ["retained"]);
  assert.deepEqual(sectionsShowing("retains-parent-strings"), ["parents"]);
  assert.deepEqual(sectionsShowing("module-grows-with-distinct-names"), ["module"]);
  assert.deepEqual(sectionsShowing("superlinear-steps"), ["growth"]);
  assert.deepEqual(sectionsShowing("aborts-under-legal-load"), ["large"]);
  assert.deepEqual(sectionsShowing("limit-under-legal-load"), ["large"]);
});

Deno.test("retained: every read kind between writes, with small and with 2 MiB values", () => {
  const cases = costCases({ sections: ["retained"], factor: 10 }, 1);
  const reads: ChurnOp[0][] = ["get", "has", "getSetCookie", "iterate", "forEach"];
  const writes: ChurnOp[0][] = ["append", "set", "delete", "append-large", "set-large"];
  const readBetweenWrites = cases.filter((costCase) => {
    if (costCase.probe !== "churn") return false;
    const kinds = costCase.cycle.map((op) => op[0]);
    const first = kinds.findIndex((kind) => writes.includes(kind));
    const last = kinds.findLastIndex((kind) => writes.includes(kind));
    return reads.every((read) => kinds.slice(first, last).includes(read));
  });
  assert.deepEqual(
    readBetweenWrites.map((costCase) =>
      costCase.probe === "churn" && costCase.cycle.some((op) => op[0].endsWith("-large"))
    ),
    [false, true],
  );
});

Deno.test("unread messages: Requests and Responses in retained, message steps in growth", () => {
  const cases = costCases({ sections: ["retained", "growth"], factor: 10 }, 1);
  const unread = cases.filter((costCase) => costCase.probe === "unread");
  assert.deepEqual(
    new Set(unread.map((c) => c.probe === "unread" && c.message)),
    new Set([
      "request",
      "response",
    ]),
  );
  for (const costCase of unread) {
    assert.equal(classOf(costCase, "answer"), "unread-message-retains-more");
  }
  const steps = cases.filter((costCase) => costCase.probe === "growth" && needsMessages(costCase));
  assert.equal(steps.length, 5);
  assert.ok(steps.every((costCase) => classOf(costCase, "answer") === "superlinear-steps"));
  assert.equal(cases.filter(needsMessages).length, unread.length + steps.length);
});
