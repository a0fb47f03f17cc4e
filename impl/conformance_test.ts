import { runConformanceSuite } from "../spec/conformance_suite.ts";
import * as impl from "./mod.ts";

Deno.test(
  "impl passes the reference's conformance suite installed as globalThis.Headers",
  (t) => runConformanceSuite(t, impl),
);
