/**
 * Broken variants of the reference's egress path (spec/'s `egressHeaderList`, the header list a
 * server writes for a Response without reading its `headers`): bugs a lazy Response carries where
 * only egress meets it. The answer stages read `.headers`, which these leave right; the egress
 * stage (properties/egress/) is what kills them. Appended to the kill table by variants.ts.
 *
 * @module
 */
import type { Variant } from "./variant.ts";

/** The variants planted in a copy of spec/'s Response. */
export const EGRESS_VARIANTS: readonly Variant[] = [
  {
    name: "spec-egress-lazy-clone-list-written-twice",
    killedBy: "egress",
    bug: "a clone keeps its source's header list as a pending (lazy) list, and egress writes " +
      "that list and then the clone's own copy: every header of a cloned Response twice on the " +
      "wire, while its headers read right",
    module: "spec",
    patches: [
      {
        folder: "spec",
        file: "response.ts",
        search: "let responseHeaderList: (response: Response) => HeaderList;\n",
        replace: "let responseHeaderList: (response: Response) => HeaderList;\n" +
          "const pendingLists = new WeakMap<Response, HeaderList>();\n",
      },
      {
        folder: "spec",
        file: "response.ts",
        search: "    responseHeaderList = (value) => value.#response.headerList;\n",
        replace: "    responseHeaderList = (value) => [\n" +
          "      ...(pendingLists.get(value) ?? []),\n" +
          "      ...value.#response.headerList,\n" +
          "    ];\n",
      },
      {
        folder: "spec",
        file: "response.ts",
        search: "    const internals = headersInternals();\n    return createResponse(\n" +
          "      clonedResponse,\n      internals.guard(self.#headers),\n" +
          "      internals.profile(self.#headers),\n    );\n",
        replace: "    const internals = headersInternals();\n    const cloned = createResponse(\n" +
          "      clonedResponse,\n      internals.guard(self.#headers),\n" +
          "      internals.profile(self.#headers),\n    );\n" +
          "    pendingLists.set(cloned, response.headerList);\n    return cloned;\n",
      },
    ],
  },
];
