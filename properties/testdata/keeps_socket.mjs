// A correct Headers (impl) whose module keeps a listening socket on 127.0.0.1 open; it ends with
// the process that loaded the module.
import { createServer } from "node:net";
export * from "../../impl/mod.ts";

createServer().listen(0, "127.0.0.1");
