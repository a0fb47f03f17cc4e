// META: title=Headers: structuredClone copies a Headers, Request or Response nested in another object
// https://html.spec.whatwg.org/#structuredserializeinternal
"use strict";

test(() => {
  function observe() {
    const outcome = (value) => {
      try {
        structuredClone(value);
        return "cloned";
      } catch (error) {
        return error.name;
      }
    };
    return [new Headers(), new Request("http://a/"), new Response()]
      .flatMap((value) => [outcome(value), outcome({ nested: [value] })]);
  }
  assert_equals(JSON.stringify(observe()), "[\"DataCloneError\",\"DataCloneError\",\"DataCloneError\",\"DataCloneError\",\"DataCloneError\",\"DataCloneError\"]");
}, "StructuredSerializeInternal: a platform object that is not a serializable object (Headers, Request and Response are not [Serializable]) throws a \"DataCloneError\" DOMException, at any depth");
