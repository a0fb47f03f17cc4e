// META: title=Headers: A sequence init is iterated to its end before any pair is converted
// https://webidl.spec.whatwg.org/#create-sequence-from-iterable
"use strict";

test(() => {
  function observe() {
    new Headers({
      *[Symbol.iterator]() {
        yield ["\u0100", "a"];
        throw new SyntaxError("midway");
      },
    });
    return "constructed";
  }
  assert_throws_js(TypeError, observe);
}, "creating a sequence from an iterable: each value is converted to the IDL type as it is taken from the iterator, so the first pair's ByteString conversion throws before the iterator is asked again");
