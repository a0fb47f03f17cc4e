import assert from "node:assert/strict";
import { renderJunit } from "./junit.ts";

Deno.test("renderJunit counts failures and escapes what XML cannot hold", () => {
  const xml = renderJunit("suite <1>", [
    { name: "passes", seconds: 1 },
    { name: 'fails "here"', seconds: 2.5, failure: { message: "a & b", detail: "x\u0000<y>" } },
  ]);
  assert.match(xml, /<testsuite name="suite &lt;1&gt;" tests="2" failures="1" time="3\.500">/);
  assert.match(xml, /<testcase name="passes" classname="suite &lt;1&gt;" time="1\.000"\/>/);
  assert.match(
    xml,
    /<testcase name="fails &quot;here&quot;"[^>]*>\n +<failure message="a &amp; b">x&lt;y&gt;<\/failure>/,
  );
  assert.ok(!xml.includes("\u0000"), "NUL is dropped");
});
