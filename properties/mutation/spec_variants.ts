/**
 * Broken variants of the reference's Request, Response and serialization layer (spec/), which
 * impl does not have: each patches a copy of spec/ that the campaign then targets as a candidate
 * module (its Headers are the reference's, so only the planted bug can diverge). One per surface
 * the campaign reaches through Request and Response: dictionary conversion order, body-derived
 * Content-Type, the static constructors, clones, serialization; what an unread Response keeps
 * (a cost variant, killed by the cost stage); and three lazy paths, where the copy's Response
 * remembers whether its headers were read (`lazyPath`) and a bug strikes only on a message whose
 * headers no one read yet. Appended to the kill table by variants.ts.
 *
 * @module
 */
import type { Patch, Variant } from "./variant.ts";

/**
 * The lazy path the lazy variants share: the copy's Response records the first read of its
 * `.headers` (`#read`), as an implementation that materializes its headers on that read would,
 * running `getter` (statements) first; `touched` adds a record of a `bodyUsed` read (`#touched`).
 */
function lazyPath(getter: string, touched = false): Patch[] {
  return [
    {
      folder: "spec",
      file: "response.ts",
      search: "  #headers!: Headers;\n",
      replace: "  #headers!: Headers;\n  #read = false;\n" +
        (touched ? "  #touched = false;\n" : ""),
    },
    {
      folder: "spec",
      file: "response.ts",
      search: '    return brandCheck(this, "headers").#headers;\n',
      replace: '    const self = brandCheck(this, "headers");\n' + getter +
        "    self.#read = true;\n    return self.#headers;\n",
    },
  ];
}

/** The lazy variants: each survives a campaign whose every construction reads `.headers` at once. */
const LAZY_VARIANTS: readonly Variant[] = [
  {
    name: "spec-lazy-clone-before-read-loses-list",
    bug: "response.clone() on a Response whose headers were never read gives the clone an empty " +
      "header list (the lazy list is not copied)",
    module: "spec",
    patches: [...lazyPath(""), {
      folder: "spec",
      file: "response.ts",
      search: "      headerList: copyOfHeaderList(response.headerList),",
      replace: "      headerList: self.#read ? copyOfHeaderList(response.headerList) : [],",
    }],
  },
  {
    name: "spec-lazy-body-read-first-drops-content-type",
    bug: "response.text() on a Response whose headers were never read drops the Content-Type " +
      "from its header list (the body's type is taken with the body)",
    module: "spec",
    patches: [...lazyPath(""), {
      folder: "spec",
      file: "response.ts",
      search: '    return consumeBodyAsText(self.#response.body, "Response.text");',
      replace: "    if (!self.#read) {\n      const list = self.#response.headerList;\n" +
        "      for (let i = list.length - 1; i >= 0; i--) {\n" +
        '        if (list[i][0].toLowerCase() === "content-type") list.splice(i, 1);\n' +
        "      }\n    }\n" +
        '    return consumeBodyAsText(self.#response.body, "Response.text");',
    }],
  },
  {
    name: "spec-lazy-first-read-renormalizes",
    bug: "the first read of a Response's headers after its bodyUsed was looked at materializes " +
      "the list the slow way, re-normalizing it: every name lowercased",
    module: "spec",
    patches: [
      ...lazyPath(
        "    if (!self.#read && self.#touched) {\n" +
          "      const list = self.#response.headerList;\n" +
          "      for (let i = 0; i < list.length; i++) {\n" +
          "        list[i] = [list[i][0].toLowerCase(), list[i][1]];\n      }\n    }\n",
        true,
      ),
      {
        folder: "spec",
        file: "response.ts",
        search: '    const body = brandCheck(this, "bodyUsed").#response.body;',
        replace: '    const self = brandCheck(this, "bodyUsed");\n    self.#touched = true;\n' +
          "    const body = self.#response.body;",
      },
    ],
  },
];

/** The variants planted in a copy of spec/. */
export const SPEC_VARIANTS: readonly Variant[] = [
  {
    name: "spec-response-init-read-twice-and-headers-filled-first",
    bug: "ResponseInit's status and statusText are read twice (the known classes " +
      "response-init-members-read-twice and response-status-checked-before-headers-converted " +
      "of Deno are in force), and the Response constructor fills its headers before it checks " +
      "the status (an invalid header's TypeError wins over a bad status's RangeError)",
    module: "spec",
    knownDivergences: [
      "response-init-members-read-twice",
      "response-status-checked-before-headers-converted",
    ],
    patches: [
      {
        folder: "spec",
        file: "dictionaries.ts",
        search: "  return headers === undefined ? { status, statusText }",
        replace:
          '  member("status", (v) => {\n    status = toUnsignedShort(v, "ResponseInit.status");\n' +
          '  });\n  member("statusText", (v) => {\n' +
          '    statusText = toByteString(v, "ResponseInit.statusText");\n  });\n' +
          "  return headers === undefined ? { status, statusText }",
      },
      {
        folder: "spec",
        file: "response.ts",
        search: '      // 5. If init["headers"] exists, fill response\'s headers with it.\n' +
          "      if (init.headers !== undefined) headersInternals().fill(response.#headers, " +
          "init.headers);\n",
        replace: "",
      },
      {
        folder: "spec",
        file: "response.ts",
        search:
          '      // 1. If init["status"] is not in the range 200 to 599, inclusive, throw a ' +
          "RangeError.\n      if (init.status < 200",
        replace:
          "      if (init.headers !== undefined) headersInternals().fill(response.#headers, " +
          "init.headers);\n      if (init.status < 200",
      },
    ],
  },
  {
    name: "spec-response-init-headers-read-last",
    bug: "ResponseInit's headers member is read after status and statusText (WebIDL: " +
      "lexicographic order, headers first), as Node 22 does",
    module: "spec",
    patches: [
      {
        folder: "spec",
        file: "dictionaries.ts",
        search: '  member("headers", (v) => {\n    headers = convertToHeadersInit(v);\n  });\n' +
          "  // status: unsigned short",
        replace: "  // status: unsigned short",
      },
      {
        folder: "spec",
        file: "dictionaries.ts",
        search: "  return headers === undefined ? { status, statusText }",
        replace: '  member("headers", (v) => {\n    headers = convertToHeadersInit(v);\n  });\n' +
          "  return headers === undefined ? { status, statusText }",
      },
    ],
  },
  {
    name: "spec-body-type-overrides-content-type",
    bug: "the Response constructor appends the body's Content-Type even when the init's headers " +
      "already have one",
    module: "spec",
    patches: [{
      folder: "spec",
      file: "response.ts",
      search:
        'body.type !== null && !headerListContains(response.#response.headerList, "Content-Type")',
      replace: "body.type !== null",
    }],
  },
  {
    name: "spec-json-type-with-charset",
    bug: 'Response.json() sets Content-Type "application/json;charset=utf-8", as Bun does',
    module: "spec",
    patches: [{
      folder: "spec",
      file: "response.ts",
      search: '{ body: body.body, type: "application/json" }',
      replace: '{ body: body.body, type: "application/json;charset=utf-8" }',
    }],
  },
  {
    name: "spec-redirect-headers-mutable",
    bug: 'Response.redirect() hands out headers with guard "response" instead of "immutable"',
    module: "spec",
    patches: [{
      folder: "spec",
      file: "response.ts",
      search: 'const responseObject = createResponse(newResponse(), "immutable", profileOf(this));',
      replace: 'const responseObject = createResponse(newResponse(), "response", profileOf(this));',
    }],
  },
  {
    name: "spec-request-no-cors-guard-skipped",
    bug: 'new Request(input, { mode: "no-cors" }) keeps the "request" guard, so the no-CORS ' +
      "checks never run on its headers",
    module: "spec",
    patches: [{
      folder: "spec",
      file: "request.ts",
      search: '      headersInternals().setGuard(this.#headers, "request-no-cors");',
      replace: "",
    }],
  },
  {
    name: "spec-request-clone-shares-header-list",
    bug: "request.clone() shares the header list with the original instead of copying it",
    module: "spec",
    patches: [{
      folder: "spec",
      file: "request.ts",
      search:
        "      urlList: request.urlList.slice(),\n      headerList: copyOfHeaderList(request.headerList),",
      replace: "      urlList: request.urlList.slice(),\n      headerList: request.headerList,",
    }],
  },
  {
    name: "spec-response-clone-shares-header-list",
    bug: "response.clone() shares the header list with the original instead of copying it, so " +
      "a change to either shows in both",
    module: "spec",
    patches: [{
      folder: "spec",
      file: "response.ts",
      search: "headerList: copyOfHeaderList(response.headerList),",
      replace: "headerList: response.headerList,",
    }],
  },
  {
    name: "spec-nested-headers-serializable",
    bug: "structuredClone throws for a Headers, Request or Response only at the top level; " +
      "nested in another object it is copied as an ordinary object",
    module: "spec",
    patches: [{
      folder: "spec",
      file: "serialization.ts",
      search: "if (platformInterface !== null) {",
      replace: "if (platformInterface !== null && memory.size === 0) {",
    }],
  },
  {
    name: "spec-unread-response-keeps-init",
    bug: "a Response keeps its init (and whatever the init holds) until its headers are first " +
      "read, as a lazy path that would build them from it",
    module: "spec",
    costClass: "unread-message-retains-more",
    patches: [
      {
        folder: "spec",
        file: "response.ts",
        search: "  /** https://fetch.spec.whatwg.org/#response-headers */\n  #headers!: Headers;\n",
        replace:
          "  /** https://fetch.spec.whatwg.org/#response-headers */\n  #headers!: Headers;\n" +
          "  #pendingInit: unknown;\n",
      },
      {
        folder: "spec",
        file: "response.ts",
        search: "    initializeResponse(this, init, bodyWithType);\n",
        replace:
          "    initializeResponse(this, init, bodyWithType);\n    this.#pendingInit = args[1];\n",
      },
      {
        folder: "spec",
        file: "response.ts",
        search: '    return brandCheck(this, "headers").#headers;',
        replace:
          '    const self = brandCheck(this, "headers");\n    self.#pendingInit = undefined;\n' +
          "    return self.#headers;",
      },
    ],
  },
  ...LAZY_VARIANTS,
];
