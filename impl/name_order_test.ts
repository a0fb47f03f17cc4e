import assert from "node:assert/strict";
import * as reference from "../spec/mod.ts";
import * as impl from "./mod.ts";

/** A deterministic pseudo-random sequence (xorshift32), so failures replay. */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

type Step = [string, string, string];

/**
 * Runs `steps` on a Headers of `module` holding `initial` names, with one live iterator
 * advanced after every step and a forEach over everything every 50 steps; returns everything
 * observed.
 */
function run(module: typeof impl | typeof reference, initial: number, steps: Step[]): unknown[] {
  const headers = new module.Headers() as impl.Headers;
  for (let index = 0; index < initial; index++) headers.append(`x-${(index * 7919) % 1000}`, "v");
  const seen: unknown[] = [];
  let iterator = headers.entries();
  steps.forEach(([operation, name, value], step) => {
    if (operation === "append") headers.append(name, value);
    else if (operation === "set") headers.set(name, value);
    else headers.delete(name);
    const result = iterator.next();
    seen.push(result.done ? "done" : result.value);
    if (result.done) iterator = headers.entries();
    if (step % 50 === 0) {
      headers.forEach((entryValue, entryName) => {
        seen.push(entryName, entryValue);
        if (entryName === "x-1") headers.append("x-late", "1");
      });
    }
  });
  seen.push([...headers]);
  return seen;
}

Deno.test("impl's incremental sort order matches the reference under interleaved mutation", async (t) => {
  for (const seed of [1, 2, 3]) {
    await t.step(`seed ${seed}`, () => {
      const random = generator(seed * 2654435761);
      const steps: Step[] = [];
      for (let index = 0; index < 250; index++) {
        const pick = random();
        const name = pick < 0.15
          ? (random() < 0.5 ? "set-cookie" : "Set-Cookie")
          : `X-${Math.floor(random() * 120)}`;
        const operation = random() < 0.6 ? "append" : random() < 0.5 ? "set" : "delete";
        steps.push([operation, name, `${index}`]);
      }
      assert.deepStrictEqual(run(impl, 40, steps), run(reference, 40, steps));
    });
  }
});
