/**
 * Reading TLA+ values as TLC prints them (trace files of `-simulate file=...`, error traces,
 * `-dump` state files): strings, integers, booleans, sequences `<<...>>`, records `[f |-> v]`,
 * sets `{...}` (as arrays) and functions `(k1 :> v1 @@ k2 :> v2)` (as objects keyed by the
 * printed key).
 *
 * @example
 * ```ts
 * import { parseTlaValue } from "./tla_value.ts";
 *
 * console.log(parseTlaValue('[a |-> <<"x", 1>>, b |-> (i1 :> TRUE)]'));
 * // { a: ["x", 1], b: { i1: true } }
 * ```
 *
 * @module
 */

/** A TLA+ value as TLC prints it. */
export type TlaValue = string | number | boolean | TlaValue[] | { [field: string]: TlaValue };

/** Parses one TLA+ value in TLC's printed syntax (see the module doc). */
export function parseTlaValue(text: string): TlaValue {
  let at = 0;
  const skip = () => {
    while (at < text.length && /\s/.test(text[at])) at++;
  };
  const expect = (token: string) => {
    skip();
    if (!text.startsWith(token, at)) {
      throw new Error(`TLA+ value: expected ${token} at ${at}: ${text.slice(at, at + 40)}`);
    }
    at += token.length;
  };
  const list = (close: string): TlaValue[] => {
    const items: TlaValue[] = [];
    skip();
    if (text.startsWith(close, at)) {
      at += close.length;
      return items;
    }
    for (;;) {
      items.push(value());
      skip();
      if (text.startsWith(close, at)) {
        at += close.length;
        return items;
      }
      expect(",");
    }
  };
  const value = (): TlaValue => {
    skip();
    if (text.startsWith("<<", at)) {
      at += 2;
      return list(">>");
    }
    if (text[at] === "(") {
      at++;
      const fn: { [key: string]: TlaValue } = {};
      for (;;) {
        const key = value();
        expect(":>");
        fn[String(key)] = value();
        skip();
        if (text[at] === ")") {
          at++;
          return fn;
        }
        expect("@@");
      }
    }
    if (text[at] === "{") {
      at++;
      return list("}");
    }
    if (text[at] === "[") {
      at++;
      const record: { [field: string]: TlaValue } = {};
      skip();
      if (text[at] === "]") {
        at++;
        return record;
      }
      for (;;) {
        skip();
        const key = text.slice(at).match(/^[A-Za-z0-9_]+/)?.[0];
        if (!key) throw new Error(`TLA+ value: expected a field name at ${at}`);
        at += key.length;
        expect("|->");
        record[key] = value();
        skip();
        if (text[at] === "]") {
          at++;
          return record;
        }
        expect(",");
      }
    }
    if (text[at] === '"') {
      let out = "";
      at++;
      while (text[at] !== '"') {
        if (text[at] === "\\") at++;
        out += text[at++];
      }
      at++;
      return out;
    }
    const word = text.slice(at).match(/^-?[A-Za-z0-9_]+/)?.[0];
    if (!word) throw new Error(`TLA+ value: unexpected ${text.slice(at, at + 40)}`);
    at += word.length;
    if (word === "TRUE") return true;
    if (word === "FALSE") return false;
    if (/^-?\d+$/.test(word)) return Number(word);
    return word;
  };
  const result = value();
  skip();
  if (at !== text.length) throw new Error(`TLA+ value: trailing text ${text.slice(at, at + 40)}`);
  return result;
}

/** One state of a TLC trace file: variable name to value. */
export type TlaState = Record<string, TlaValue>;

/** Parses a trace file written by `tlc2.TLC -simulate file=...` into its states. */
export function parseTraceFile(text: string): TlaState[] {
  const states: TlaState[] = [];
  for (const block of text.split(/^STATE_\d+ == *$/m).slice(1)) {
    const state: TlaState = {};
    const body = block.replace(/={5,}[\s\S]*$/, "");
    for (const conjunct of body.split(/^\/\\ /m).slice(1)) {
      const eq = conjunct.indexOf(" = ");
      state[conjunct.slice(0, eq).trim()] = parseTlaValue(conjunct.slice(eq + 3).trim());
    }
    states.push(state);
  }
  return states;
}
