// META: title=Headers: Headers objects carry own properties holding their internal state
// https://webidl.spec.whatwg.org/#es-platform-objects
"use strict";

test(() => {
  function observe() {
    return [Reflect.ownKeys(new Headers()).length, Reflect.ownKeys(new Headers().entries()).length];
  }
  assert_equals(JSON.stringify(observe()), "[0,0]");
}, "platform objects implementing an interface: a platform object's state is in internal slots; it has no own properties unless the interface is [LegacyUnforgeable] or has named/indexed properties");
