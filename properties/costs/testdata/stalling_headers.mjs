// A candidate for the cost stage's tests: impl's Headers, except that the first value longer than
// 4 MiB stalls `append`: it computes without end when the environment variable HEADERPROOF_STALL
// is "compute", and waits 9 s without computing (as a process a busy machine does not run) when
// it is "wait". Each stall adds a line to the file HEADERPROOF_STALL_LOG names.
import { appendFileSync } from "node:fs";
import process from "node:process";
import { Headers as ImplHeaders } from "../../../impl/mod.ts";

const stall = process.env.HEADERPROOF_STALL;
let stalled = false;

export class Headers extends ImplHeaders {
  append(name, value) {
    if (String(value).length > 4 << 20 && !stalled) {
      stalled = true;
      appendFileSync(process.env.HEADERPROOF_STALL_LOG, `${stall}\n`);
      if (stall === "compute") { for (;;); }
      if (stall === "wait") Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 9000);
    }
    return super.append(name, value);
  }
}
