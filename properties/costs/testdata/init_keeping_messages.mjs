// A candidate for the cost stage's tests: the runtime's Headers, Request and Response, but a
// Response keeps its init until its headers are first read (a lazy path that keeps its init alive).
export const Headers = globalThis.Headers;
export const Request = globalThis.Request;
export class Response extends globalThis.Response {
  #init;
  constructor(body, init) {
    super(body, init);
    this.#init = init;
  }
  get headers() {
    this.#init = undefined;
    return super.headers;
  }
}
