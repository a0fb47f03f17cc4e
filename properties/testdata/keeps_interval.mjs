// A correct Headers (impl) whose module keeps an interval alive, as ordinary code may.
export * from "../../impl/mod.ts";

setInterval(() => {}, 1000);
