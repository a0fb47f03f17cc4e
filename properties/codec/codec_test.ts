import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { runCli } from "../core/cli_runner.ts";
import { expectedMap, expectedName, expectedValue } from "./reference.ts";
import type { CodecSummary } from "./stage.ts";

const FETCH = { profile: "fetch" as const, rules: new Set<never>() };

Deno.test("the codec reference lowercases names and judges values by Fetch or RFC 9110", () => {
  assert.equal(expectedName("X-Id", FETCH).from_bytes, "ok:782d6964");
  assert.equal(expectedName("X-Id", FETCH).from_lowercase, "err");
  assert.equal(expectedName("x id", FETCH).from_static, "panic");
  assert.equal(expectedValue("a\x01b", FETCH).from_bytes, "ok:610162");
  assert.equal(expectedValue("a\x01b", { ...FETCH, profile: "rfc9110" }).from_bytes, "err");
  assert.equal(expectedValue(" a", FETCH).from_bytes, "err");
  const map = expectedMap([
    { op: "append", key: "static", name: "A", value: "1" },
    { op: "insert", key: "name", name: "b", value: "2" },
    { op: "append", key: "name", name: "a", value: "3" },
    { op: "get", key: "string", name: "A", value: "" },
  ], FETCH);
  assert.deepEqual(map.steps, ["false", "none", "true", "some:31"]);
  assert.deepEqual(map.iter, ["61=31", "61=33", "62=32"]);
});

Deno.test("./headerproof fuzz --target http@1.4.0 runs a short codec campaign; none of its classes excused, it fails", () => {
  if (spawnSync("cargo", ["--version"]).status !== 0) {
    throw new Error("cargo is not on PATH: the codec target needs Rust (README, Requirements)");
  }
  const common = ["--target", "http@1.4.0", "--seed", "3", "--json"];
  const auto = runCli([...common, "--runs", "300"], 600_000);
  assert.equal(auto.status, 0, auto.stderr + auto.stdout);
  const summary = JSON.parse(auto.stdout) as CodecSummary;
  assert.ok(summary.ok && summary.runs === 300);
  assert.ok(summary.classesHit.some((c) => c.name === "to-str-rejects-obs-text"));
  // The same campaign with no class in force must report a divergence and name its class.
  const none = runCli([...common, "--runs", "300", "--known-divergences", "none"], 600_000);
  assert.equal(none.status, 1, none.stderr);
  const failure = (JSON.parse(none.stdout) as CodecSummary).failure;
  assert.ok(failure !== null && failure.class !== null, none.stdout);
  assert.match(failure.replay, /--target http@1\.4\.0 --seed 3 --path "[\d:]+"/);
});

Deno.test("a codec target without cargo exits 2 with the reason", () => {
  Deno.env.set("HEADERPROOF_CARGO", "/nonexistent/cargo");
  try {
    const run = runCli(["--target", "http@1.4.0", "--runs", "1"]);
    assert.equal(run.status, 2);
    assert.match(run.stderr, /needs cargo and rustc/);
  } finally {
    Deno.env.delete("HEADERPROOF_CARGO");
  }
});
