/**
 * Loaded before each test module of the coverage gate's `deno test --coverage` run: `deno test`
 * hands its coverage folder to every Deno it starts (`DENO_COVERAGE_DIR`), so each campaign CLI a
 * test runs would be slowed by precise coverage and write its own coverage of every module it
 * loaded. The gate counts what the suite's own process runs of impl, and the subprocesses that ask
 * for coverage by name (`runCoveredScript`, through `HEADERPROOF_COVERAGE_DIR`).
 *
 * @module
 */
Deno.env.delete("DENO_COVERAGE_DIR");
