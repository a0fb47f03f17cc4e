import assert from "node:assert/strict";
import * as impl from "./mod.ts";
import { holdsOwnDataByDescriptor, holdsOwnDataByLookup } from "./primordials.ts";
import { type BatteryModule, PATCHES, runBattery } from "./testdata/tamper_battery.ts";

const module = impl as unknown as BatteryModule;
const expected = runBattery(module);

Deno.test("impl's guards, values and TypeErrors hold with a built-in patched after import", async (t) => {
  for (const patch of PATCHES) {
    await t.step(patch.name, () => {
      const restore = patch.install();
      let outcomes;
      try {
        outcomes = runBattery(module);
      } finally {
        restore();
      }
      assert.deepStrictEqual(outcomes, expected);
    });
  }
});

Deno.test("impl extends the engine's Map and Set, and ignores patches to them, when the globals were subclassed before it loaded", async () => {
  const script = new URL("./testdata/subclassed_collections.ts", import.meta.url).pathname;
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", script],
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(code, 0, new TextDecoder().decode(stderr));
  const { batteries, extendsEngine } = JSON.parse(new TextDecoder().decode(stdout));
  assert.equal(extendsEngine, true);
  const clean = JSON.parse(JSON.stringify(expected));
  assert.equal(batteries.length, 4);
  for (const outcomes of batteries) assert.deepStrictEqual(outcomes, clean);
});

Deno.test("holdsOwnData, by descriptor and by lookup, holds only for an own data property of that value, and runs no user code", async (t) => {
  for (const holds of [holdsOwnDataByDescriptor, holdsOwnDataByLookup]) {
    await t.step(holds.name, () => {
      const original = () => 1;
      const impostor = () => 2;
      const calls: string[] = [];
      const trap = new Proxy({}, {
        getOwnPropertyDescriptor(target, key) {
          calls.push(`descriptor ${String(key)}`);
          return Reflect.getOwnPropertyDescriptor(target, key);
        },
        get(target, key, receiver) {
          calls.push(`get ${String(key)}`);
          return Reflect.get(target, key, receiver);
        },
      });
      const make = (define: (object: object) => void) => {
        const object = Object.create(trap);
        define(object);
        return object;
      };
      const cases: [string, object, boolean][] = [
        [
          "data, same value",
          make((o) => Object.defineProperty(o, "next", { value: original })),
          true,
        ],
        [
          "data, replaced",
          make((o) => Object.defineProperty(o, "next", { value: impostor })),
          false,
        ],
        ["absent", make(() => {}), false],
        [
          "getter",
          make((o) =>
            Object.defineProperty(o, "next", {
              get() {
                calls.push("getter");
                return original;
              },
            })
          ),
          false,
        ],
        ["setter alone", make((o) => Object.defineProperty(o, "next", { set() {} })), false],
      ];
      for (const [name, object, expected] of cases) {
        assert.equal(holds(object, "next", original), expected, name);
      }
      assert.deepEqual(calls, []);
    });
  }
});
