import assert from "node:assert/strict";
import { resolve } from "node:path";
import process from "node:process";
import { parseCliArgs, UsageError } from "./cli_args.ts";

Deno.test("the CLI reads every campaign option", () => {
  const options = parseCliArgs([
    "--target",
    "native",
    "--time",
    "20",
    "--seed",
    "7",
    "--profile",
    "standard",
    "--workers",
    "3",
    "--known-divergences",
    "no-cors-guard-ignored",
    "--json",
    "--record",
  ]);
  assert.equal(options.target, "native");
  assert.equal(options.timeSeconds, 20);
  assert.equal(options.seed, 7);
  assert.equal(options.profile, "standard");
  assert.equal(options.workers, 3);
  assert.deepEqual(options.knownDivergences, ["no-cors-guard-ignored"]);
  assert.equal(options.json, true);
  assert.equal(options.record, true);
});

Deno.test("the CLI reads a replay", () => {
  const options = parseCliArgs([
    "--seed",
    "3",
    "--path",
    "1:2",
    "--replay-path",
    "AB:C",
    "--property",
    "invalid-raw-list",
  ]);
  assert.equal(options.path, "1:2");
  assert.equal(options.replayPath, "AB:C");
  assert.equal(options.property, "invalid-raw-list");
});

Deno.test("the CLI resolves paths against the caller's directory, not its own", () => {
  const saved = process.env.HEADERPROOF_CALLER_DIR;
  process.env.HEADERPROOF_CALLER_DIR = "/somewhere/else";
  try {
    const options = parseCliArgs(["--target", "./my.ts", "--out", "found", "--junit", "/r.xml"]);
    assert.equal(options.target, resolve("/somewhere/else/my.ts"));
    assert.equal(options.targetArg, "./my.ts");
    assert.equal(options.out, resolve("/somewhere/else/found"));
    assert.equal(options.junit, "/r.xml");
    assert.equal(parseCliArgs(["--target", "impl"]).target, "impl");
  } finally {
    if (saved === undefined) delete process.env.HEADERPROOF_CALLER_DIR;
    else process.env.HEADERPROOF_CALLER_DIR = saved;
  }
});

Deno.test("the CLI rejects bad options with a message naming them", () => {
  assert.throws(
    () => parseCliArgs(["--runs", "x"]),
    (e: unknown) => e instanceof UsageError && /--runs/.test(e.message),
  );
  assert.throws(() => parseCliArgs(["--profile", "browser"]), /--profile/);
  assert.throws(() => parseCliArgs(["--bogus"]), /--bogus/);
  assert.throws(
    () => parseCliArgs(["--known-divergences", "nope"]),
    /unknown divergence class "nope"/,
  );
  assert.throws(() => parseCliArgs(["--seed"]), UsageError);
  assert.throws(() => parseCliArgs(["--time", ""]), /--time/);
});

Deno.test("a deno-src target is kept as typed and runs in both realms unless told", () => {
  const options = parseCliArgs(["--target", "deno-src:../deno"]);
  assert.equal(options.target, "deno-src:../deno");
  assert.equal(options.realm, "both");
  assert.equal(parseCliArgs(["--target", "./x.mjs"]).realm, "clean");
  assert.equal(parseCliArgs(["--target", "deno-src:../deno", "--realm", "clean"]).realm, "clean");
});

Deno.test("known classes default to auto for a runtime's Headers and to none for a module", () => {
  for (const target of ["native", "deno-src:../deno", "undici@7.16.0", "undici-src:../undici"]) {
    assert.deepEqual(parseCliArgs(["--target", target]).knownDivergences, ["auto"], target);
  }
  assert.deepEqual(parseCliArgs([]).knownDivergences, []);
  assert.deepEqual(parseCliArgs(["--target", "./x.mjs"]).knownDivergences, []);
  assert.deepEqual(
    parseCliArgs(["--target", "native", "--known-divergences", "none"]).knownDivergences,
    ["none"],
  );
  assert.throws(
    () => parseCliArgs(["--known-divergences", "auto,no-cors-guard-ignored"]),
    /auto stands alone/,
  );
  // Known classes are expected, not excluded, unless --exclude-known asks.
  assert.equal(parseCliArgs(["--target", "native"]).excludeKnown, false);
  assert.equal(parseCliArgs(["--target", "native", "--exclude-known"]).excludeKnown, true);
});

Deno.test("a negative number after an option is read as its value and checked as such", () => {
  assert.throws(() => parseCliArgs(["--time", "-5"]), /--time needs a number >= 0\.1, got "-5"/);
  assert.throws(() => parseCliArgs(["--workers", "-2"]), /--workers needs a number >= 1, got "-2"/);
  assert.equal(parseCliArgs(["--seed", "-5"]).seed, -5);
});

Deno.test("--wire on|none runs or skips the wire stage; --wire-path replays it alone", () => {
  assert.equal(parseCliArgs([]).wire, true);
  assert.equal(parseCliArgs(["--wire", "none"]).wire, false);
  assert.equal(parseCliArgs(["--seed", "3", "--wire-path", "1:0"]).wirePath, "1:0");
  assert.throws(() => parseCliArgs(["--wire", "off"]), /--wire is on or none/);
  assert.throws(
    () => parseCliArgs(["--wire", "none", "--wire-path", "1:0"]),
    /--wire-path replays the wire stage/,
  );
  assert.throws(() => parseCliArgs(["--path", "1", "--wire-path", "1:0"]), /--wire-path/);
});

Deno.test("--codec-arch takes an arch of the table, and only with a codec target", () => {
  assert.equal(
    parseCliArgs(["--target", "http@1.4.0", "--codec-arch", "s390x"]).codecArch,
    "s390x",
  );
  assert.equal(parseCliArgs(["--target", "http@1.4.0"]).codecArch, undefined);
  assert.throws(
    () => parseCliArgs(["--target", "http@1.4.0", "--codec-arch", "mips"]),
    (e: unknown) =>
      e instanceof UsageError && /--codec-arch is one of s390x, got "mips"/.test(e.message),
  );
  assert.throws(
    () => parseCliArgs(["--codec-arch", "s390x"]),
    (e: unknown) => e instanceof UsageError && /goes with a codec target/.test(e.message),
  );
});
