import { conformanceCases } from "../spec/conformance_suite.ts";
import * as impl from "./mod.ts";

Deno.test("impl passes the reference's conformance suite installed as globalThis.Headers", async (t) => {
  const native = globalThis.Headers;
  globalThis.Headers = impl.Headers as unknown as typeof globalThis.Headers;
  try {
    for (const conformanceCase of conformanceCases) {
      await t.step(conformanceCase.name, () => {
        conformanceCase.run({
          Headers: globalThis.Headers as unknown as typeof impl.Headers,
          headersWithGuard: impl.headersWithGuard,
          headersFromRawList: impl.headersFromRawList,
          freezeHeaders: impl.freezeHeaders,
        } as never);
      });
    }
  } finally {
    globalThis.Headers = native;
  }
});
