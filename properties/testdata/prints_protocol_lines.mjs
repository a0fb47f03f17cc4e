// A correct Headers (impl) whose module prints lines that look like a worker's protocol lines
// but do not parse.
export * from "../../impl/mod.ts";

console.log("done {");
console.log("result [");
console.log("harness-error {");
