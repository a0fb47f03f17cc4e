// A hostile candidate: a correct Headers whose module replaces JSON.stringify and Object.is, which
// the reference and the harness call in the same realm.
export { Headers } from "../../spec/mod.ts";

JSON.stringify = () => undefined;
Object.is = () => true;
