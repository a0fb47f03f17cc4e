// headerproof test fixture, not Deno's code: ext/web/00_infra.js in the 2023 ES-module form
// (globalThis.__bootstrap, globalThis.Deno.core), importing a stand-in module and an op.
import { URLPrototype } from "ext:deno_url/00_url.js";
import { op_base64_encode } from "ext:core/ops";

const core = globalThis.Deno.core;
const primordials = globalThis.__bootstrap.primordials;
const { SafeRegExp, StringFromCharCode, StringPrototypeCharCodeAt, StringPrototypeReplace } =
  primordials;

const UPPER = new SafeRegExp("[A-Z]", "g");

/** ASCII upper case to lower case, leaving every other code unit. */
function byteLowerCase(text) {
  return StringPrototypeReplace(
    text,
    UPPER,
    (c) => StringFromCharCode(StringPrototypeCharCodeAt(c, 0) + 32),
  );
}

/** Never called by Headers: the op is a stand-in that throws. */
function forgivingBase64Encode(data) {
  return op_base64_encode(data);
}

export { byteLowerCase, core, forgivingBase64Encode, URLPrototype };
