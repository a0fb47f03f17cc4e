import assert from "node:assert/strict";
import { runStageProcess } from "./stage_process.ts";

const script = (code: string) => [Deno.execPath(), "eval", code];

Deno.test("a stage process's kept lines and its last line parsed as its result", async () => {
  const run = await runStageProcess(
    script(`console.log("#x"); console.log("own"); console.log('{"runs":2}');`),
    undefined,
    { limitMs: 30_000, onLine: (line) => !line.startsWith("#") },
  );
  assert.deepEqual(
    { stdout: run.stdout, code: run.code, killed: run.killed, result: run.result },
    { stdout: 'own\n{"runs":2}\n', code: 0, killed: false, result: { runs: 2 } },
  );
});

Deno.test("a stage process is stopped at its limit, or by a line, with no result", async () => {
  const slow = await runStageProcess(script("setTimeout(() => {}, 60_000)"), undefined, {
    limitMs: 300,
  });
  assert.deepEqual([slow.killed, slow.result, slow.signal], [true, undefined, "SIGKILL"]);
  const stopped = await runStageProcess(
    script(`console.log("stop"); setTimeout(() => {}, 60_000)`),
    undefined,
    { limitMs: 60_000, onLine: (_line, control) => (control.kill(), true) },
  );
  assert.deepEqual([stopped.killed, stopped.stdout], [true, "stop\n"]);
  const missing = await runStageProcess(["/nonexistent/deno"], undefined, { limitMs: 1000 });
  assert.equal(missing.startFailed, true);
  assert.match(missing.stderr, /cannot start \/nonexistent\/deno/);
});
