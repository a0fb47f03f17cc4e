// headerproof test fixture, not Deno's code: ext/webidl/00_webidl.js as an ES module whose
// converters 20_headers.js adds to.
import { primordials } from "ext:core/mod.js";

const { ObjectCreate } = primordials;

export const converters = ObjectCreate(null);
