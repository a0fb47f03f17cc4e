// headerproof test fixture, not Deno's code: ext/web/00_infra.js as a lazy-loaded script that
// loads a stand-in module.
(function () {
  const { core, primordials } = __bootstrap;
  const { StringPrototypeToLowerCase } = primordials;
  const { URLPrototype } = core.loadExtScript("ext:deno_web/00_url.js");

  /** Lower case (the fixture's names are ASCII). */
  function byteLowerCase(text) {
    return StringPrototypeToLowerCase(text);
  }

  return { byteLowerCase, URLPrototype };
})();
