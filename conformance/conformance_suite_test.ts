import * as impl from "../impl/mod.ts";
import * as reference from "../spec/mod.ts";
import { runConformanceSuite } from "./conformance_suite.ts";

Deno.test(
  "the reference passes the conformance suite installed as globalThis.Headers",
  (t) => runConformanceSuite(t, reference),
);

Deno.test(
  "impl passes the reference's conformance suite installed as globalThis.Headers",
  (t) => runConformanceSuite(t, impl),
);
