// The reference (spec/), naive on purpose, brought as a module: correct, and slow in the cost
// stage.
export * from "../../spec/mod.ts";
