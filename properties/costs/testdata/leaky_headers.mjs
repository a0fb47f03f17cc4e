// A candidate for the cost stage's tests: the runtime's Headers, plus a log of every append and
// delete that is never trimmed (memory grows with operations, not with the live list).
export class Headers extends globalThis.Headers {
  #log = [];
  append(name, value) {
    this.#log.push(["append", name, value]);
    return super.append(name, value);
  }
  delete(name) {
    this.#log.push(["delete", name]);
    return super.delete(name);
  }
}
