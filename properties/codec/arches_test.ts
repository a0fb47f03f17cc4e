import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { runCli } from "../core/cli_runner.ts";
import { S390X } from "./arches/s390x.ts";
import { buildCrossHarness, codecTargetOf, missingCrossTools } from "./build.ts";
import { CodecHarness } from "./protocol.ts";
import { expectedMap, stepRequest } from "./reference.ts";

/** `text`'s bytes as lowercase hex. */
const hexOf = (text: string) =>
  [...text].map((c) => c.charCodeAt(0).toString(16).padStart(2, "0")).join("");

Deno.test("--codec-arch without its cross tools exits 2 naming each one and its apt packages", () => {
  Deno.env.set("HEADERPROOF_CROSS_CARGO", "/nonexistent/cargo");
  Deno.env.set("HEADERPROOF_CROSS_RUSTC", "/nonexistent/rustc");
  try {
    const nowhere = {
      ...S390X,
      linker: { command: "/nonexistent/gcc", packages: "gcc-s390x-linux-gnu" },
      emulator: { command: "/nonexistent/qemu", packages: "qemu-user" },
      loader: { path: "/nonexistent/ld64.so.1", packages: "libc6-dev-s390x-cross" },
    };
    const { missing } = missingCrossTools(nowhere);
    assert.equal(missing.length, 5, missing.join("\n"));
    for (
      const [i, packages] of ["cargo", "rustc", "gcc-s390x", "qemu-user", "libc6-dev"].entries()
    ) {
      assert.match(missing[i], new RegExp(`apt-get install .*${packages}`));
    }
    const run = runCli(["--target", "http@1.4.0", "--codec-arch", "s390x", "--runs", "1"]);
    assert.equal(run.status, 2, run.stderr);
    assert.match(run.stderr, /lacks:\n {2}- \/nonexistent\/cargo .*apt-get install cargo/);
  } finally {
    Deno.env.delete("HEADERPROOF_CROSS_CARGO");
    Deno.env.delete("HEADERPROOF_CROSS_RUSTC");
  }
});

const lacking = missingCrossTools(S390X).missing;
if (lacking.length > 0) {
  console.warn(
    `skipped: the s390x harness test needs the cross tools (properties/README.md, "Big-endian"); ` +
      `missing:\n  ${lacking.join("\n  ")}`,
  );
}

Deno.test({
  name: "the s390x harness is big-endian, runs under qemu and answers as the reference does",
  ignore: lacking.length > 0,
  fn: async () => {
    const { binary, runner } = buildCrossHarness(codecTargetOf("http@1.4.0"), S390X);
    // ELF: EI_DATA (byte 5) 2 is big-endian; e_machine 22 is S/390.
    const head = readFileSync(binary).subarray(0, 20);
    assert.equal(head[5], 2);
    assert.equal(head.readUInt16BE(18), 22);
    const harness = new CodecHarness(binary, 30_000, runner);
    try {
      const name = await harness.ask(["name", hexOf("X-Custom-Header-Of-17+")]);
      assert.equal(name.from_bytes, `ok:${hexOf("x-custom-header-of-17+")}`);
      const steps = [
        { op: "append", key: "static", name: "A", value: "1" },
        { op: "insert", key: "name", name: "b", value: "2" },
        { op: "append", key: "name", name: "a", value: "3" },
        { op: "get", key: "string", name: "A", value: "" },
      ] as const;
      const map = await harness.ask(["map", ...steps.map(stepRequest)]);
      const expected = expectedMap(steps, { profile: "fetch", rules: new Set<never>() });
      assert.deepEqual([map.steps, map.iter], [expected.steps, expected.iter]);
    } finally {
      harness.close();
    }
  },
});
