// headerproof test fixture, not Deno's code: ext/webidl/00_webidl.js as a lazy-loaded script
// whose converters 20_headers.js adds to.
(function () {
  const { primordials } = __bootstrap;
  const { ObjectCreate } = primordials;
  return { converters: ObjectCreate(null) };
})();
