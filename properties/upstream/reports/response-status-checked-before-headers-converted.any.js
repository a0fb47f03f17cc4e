// META: title=Headers: new Response checks status and statusText before converting the init's headers
// https://webidl.spec.whatwg.org/#js-dictionary
"use strict";

test(() => {
  function observe() {
    try {
      new Response(null, { status: 600, headers: new Map([["\u0100", "1"]]) });
      return "no error";
    } catch (error) {
      return error.constructor.name;
    }
  }
  assert_equals(JSON.stringify(observe()), "\"TypeError\"");
}, "JavaScript value to dictionary (ResponseInit), then initialize a response: the headers member is converted (a name that is not a ByteString throws a TypeError) before the constructor checks the status range");
