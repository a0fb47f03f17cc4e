//! headerproof's codec harness: every public path by which bytes become an `http::HeaderName` or
//! `http::HeaderValue` and back, and a `HeaderMap` driven by a list of steps, answered one request
//! a line. A request is a JSON array of strings without escapes (bytes travel as lowercase hex); an
//! answer is one JSON object a line. properties/codec/protocol.ts is the other side.
//!
//! - `["name", HEX]`: each name conversion as "ok:HEX" (the name it holds), "err", "panic" or
//!   "skip" (a `&str` path given bytes that are not UTF-8).
//! - `["value", HEX]`: each value conversion the same way, and `to_str` of the value `from_bytes`
//!   made ("n/a" when it made none).
//! - `["map", STEP, ...]`: a fresh `HeaderMap<HeaderValue>` given each STEP, `OP:KEY:NAME:VALUE`
//!   (OP insert, append, entry or get; KEY static for a `&'static str`, str, string or name for a
//!   `HeaderName` made by `from_bytes`), then what it iterates as.
//! - `["cost", PATH, HEX, N, REPS]`: nanoseconds REPS runs of PATH take on N bytes of HEX repeated
//!   (`map_get_str` looks the name up in a map that holds it).
use http::header::{HeaderMap, HeaderName, HeaderValue};
use std::convert::TryFrom;
#[cfg(not(feature = "rustc-1-63"))]
use std::hint::black_box;
use std::io::{BufRead, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::str::FromStr;
use std::time::Instant;

/// `std::hint::black_box` for a rustc older than 1.66 (the cross builds of build.ts): a volatile
/// read the optimizer cannot see through.
#[cfg(feature = "rustc-1-63")]
fn black_box<T>(value: T) -> T {
    // SAFETY: `value` is read once and then forgotten, so it is moved, never duplicated.
    let moved = unsafe { std::ptr::read_volatile(&value) };
    std::mem::forget(value);
    moved
}

/// `bytes` as lowercase hex.
fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{:02x}", b)).collect()
}

/// The bytes `text` spells in hex.
fn unhex(text: &str) -> Vec<u8> {
    (0..text.len() / 2)
        .map(|i| u8::from_str_radix(&text[2 * i..2 * i + 2], 16).expect("request: bad hex"))
        .collect()
}

/// A conversion's outcome: "ok:HEX" with the bytes `shown` gives, "err", or "panic".
fn outcome<T, E>(run: impl FnOnce() -> Result<T, E>, shown: impl Fn(&T) -> Vec<u8>) -> String {
    match catch_unwind(AssertUnwindSafe(run)) {
        Ok(Ok(made)) => format!("ok:{}", hex(&shown(&made))),
        Ok(Err(_)) => "err".to_string(),
        Err(_) => "panic".to_string(),
    }
}

/// `bytes` as a string that lives as long as the process (for the `&'static str` paths).
fn leaked(bytes: &[u8]) -> Option<&'static str> {
    std::str::from_utf8(bytes)
        .ok()
        .map(|text| &*Box::leak(text.to_string().into_boxed_str()))
}

fn name_bytes(name: &HeaderName) -> Vec<u8> {
    name.as_str().as_bytes().to_vec()
}

fn value_bytes(value: &HeaderValue) -> Vec<u8> {
    value.as_bytes().to_vec()
}

/// A `&str` path's outcome, or "skip" when `bytes` are not UTF-8.
fn text_outcome<T, E>(
    bytes: &[u8],
    run: impl FnOnce(&str) -> Result<T, E>,
    shown: impl Fn(&T) -> Vec<u8>,
) -> String {
    match std::str::from_utf8(bytes) {
        Ok(text) => outcome(|| run(text), shown),
        Err(_) => "skip".to_string(),
    }
}

/// A `&'static str` path's outcome, or "skip" when `bytes` are not UTF-8.
fn static_outcome<T, E>(
    bytes: &[u8],
    run: impl FnOnce(&'static str) -> Result<T, E>,
    shown: impl Fn(&T) -> Vec<u8>,
) -> String {
    match leaked(bytes) {
        Some(text) => outcome(|| run(text), shown),
        None => "skip".to_string(),
    }
}

/// `fields` as one JSON object of strings.
fn object(fields: &[(&str, String)]) -> String {
    let body: Vec<String> = fields
        .iter()
        .map(|(k, v)| format!("\"{}\":\"{}\"", k, v))
        .collect();
    format!("{{{}}}", body.join(","))
}

fn name_answers(b: &[u8]) -> String {
    let n = name_bytes;
    object(&[
        ("from_bytes", outcome(|| HeaderName::from_bytes(b), n)),
        ("try_from_slice", outcome(|| HeaderName::try_from(b), n)),
        (
            "try_from_vec",
            outcome(|| HeaderName::try_from(b.to_vec()), n),
        ),
        ("from_str", text_outcome(b, HeaderName::from_str, n)),
        (
            "try_from_str",
            text_outcome(b, |t| HeaderName::try_from(t), n),
        ),
        (
            "try_from_string",
            text_outcome(b, |t| HeaderName::try_from(t.to_string()), n),
        ),
        (
            "try_from_ref_string",
            text_outcome(b, |t| HeaderName::try_from(&t.to_string()), n),
        ),
        (
            "from_lowercase",
            outcome(|| HeaderName::from_lowercase(b), n),
        ),
        (
            "from_static",
            static_outcome(b, |t| Ok::<_, ()>(HeaderName::from_static(t)), n),
        ),
    ])
}

fn value_answers(b: &[u8]) -> String {
    let v = value_bytes;
    let made = HeaderValue::from_bytes(b).ok();
    let to_str = match made {
        Some(ref value) => outcome(|| value.to_str(), |s| s.as_bytes().to_vec()),
        None => "n/a".to_string(),
    };
    object(&[
        ("from_bytes", outcome(|| HeaderValue::from_bytes(b), v)),
        ("try_from_slice", outcome(|| HeaderValue::try_from(b), v)),
        (
            "try_from_vec",
            outcome(|| HeaderValue::try_from(b.to_vec()), v),
        ),
        ("from_str", text_outcome(b, HeaderValue::from_str, v)),
        (
            "try_from_str",
            text_outcome(b, |t| HeaderValue::try_from(t), v),
        ),
        (
            "try_from_string",
            text_outcome(b, |t| HeaderValue::try_from(t.to_string()), v),
        ),
        (
            "try_from_ref_string",
            text_outcome(b, |t| HeaderValue::try_from(&t.to_string()), v),
        ),
        (
            "from_static",
            static_outcome(b, |t| Ok::<_, ()>(HeaderValue::from_static(t)), v),
        ),
        ("to_str", to_str),
    ])
}

/// One map step's outcome: "some:HEX", "none", "true", "false", "err" (no such name or value),
/// "panic", or "skip" (a text key that is not UTF-8).
fn map_step(map: &mut HeaderMap<HeaderValue>, step: &str) -> String {
    let parts: Vec<&str> = step.split(':').collect();
    let (op, key, name, value) = (parts[0], parts[1], unhex(parts[2]), unhex(parts[3]));
    // A get step's VALUE is not read.
    let value = match HeaderValue::from_bytes(if op == "get" { &[] } else { &value[..] }) {
        Ok(value) => value,
        Err(_) => return "err".to_string(),
    };
    let some = |found: Option<&HeaderValue>| match found {
        Some(v) => format!("some:{}", hex(v.as_bytes())),
        None => "none".to_string(),
    };
    let text = match key {
        "name" => None,
        _ => match leaked(&name) {
            Some(text) => Some(text),
            None => return "skip".to_string(),
        },
    };
    let header_name = || HeaderName::from_bytes(&name);
    let run = AssertUnwindSafe(|| -> String {
        match (op, key) {
            ("insert", "static") => some(map.insert(text.unwrap(), value).as_ref()),
            ("insert", "name") => match header_name() {
                Ok(n) => some(map.insert(n, value).as_ref()),
                Err(_) => "err".to_string(),
            },
            ("append", "static") => map.append(text.unwrap(), value).to_string(),
            ("append", "name") => match header_name() {
                Ok(n) => map.append(n, value).to_string(),
                Err(_) => "err".to_string(),
            },
            ("entry", "static") => some(Some(map.entry(text.unwrap()).or_insert(value))),
            ("entry", "name") => match header_name() {
                Ok(n) => some(Some(map.entry(n).or_insert(value))),
                Err(_) => "err".to_string(),
            },
            ("entry", "str") => match map.try_entry(text.unwrap()) {
                Ok(entry) => some(Some(entry.or_insert(value))),
                Err(_) => "err".to_string(),
            },
            ("entry", "string") => match map.try_entry(text.unwrap().to_string()) {
                Ok(entry) => some(Some(entry.or_insert(value))),
                Err(_) => "err".to_string(),
            },
            ("get", "str") => some(map.get(text.unwrap())),
            ("get", "string") => some(map.get(text.unwrap().to_string())),
            ("get", "name") => match header_name() {
                Ok(n) => some(map.get(n)),
                Err(_) => "err".to_string(),
            },
            _ => panic!("request: unknown map step {}", step),
        }
    });
    catch_unwind(run).unwrap_or_else(|_| "panic".to_string())
}

fn map_answers(steps: &[String]) -> String {
    let mut map = HeaderMap::new();
    let outcomes: Vec<String> = steps
        .iter()
        .map(|s| format!("\"{}\"", map_step(&mut map, s)))
        .collect();
    let iter: Vec<String> = map
        .iter()
        .map(|(n, v)| format!("\"{}={}\"", hex(n.as_str().as_bytes()), hex(v.as_bytes())))
        .collect();
    format!(
        "{{\"steps\":[{}],\"iter\":[{}],\"len\":{},\"keys\":{}}}",
        outcomes.join(","),
        iter.join(","),
        map.len(),
        map.keys_len()
    )
}

/// Nanoseconds `reps` runs of `path` take on `n` bytes of `pattern` repeated.
fn cost(path: &str, pattern: &[u8], n: usize, reps: usize) -> String {
    let input: Vec<u8> = pattern.iter().cycle().take(n).cloned().collect();
    let text = std::str::from_utf8(&input).ok();
    let key = if path == "map_insert_static" {
        leaked(&input)
    } else {
        None
    };
    let value = HeaderValue::from_bytes(&input).ok();
    let mut holding = HeaderMap::new();
    if let Ok(name) = HeaderName::from_bytes(&input) {
        holding.insert(name, HeaderValue::from_static("v"));
    }
    let started = Instant::now();
    for _ in 0..reps {
        match path {
            "name_from_bytes" => drop(black_box(HeaderName::from_bytes(black_box(&input)))),
            "name_from_lowercase" => drop(black_box(HeaderName::from_lowercase(black_box(&input)))),
            "map_insert_static" => {
                let mut map = HeaderMap::new();
                map.insert(black_box(key.unwrap()), HeaderValue::from_static("v"));
                drop(black_box(map));
            }
            "map_get_str" => drop(black_box(
                holding
                    .get(black_box(text.expect("cost: text input")))
                    .is_some(),
            )),
            "value_from_bytes" => drop(black_box(HeaderValue::from_bytes(black_box(&input)))),
            "value_to_str" => drop(black_box(
                value.as_ref().expect("cost: a value").to_str().is_ok(),
            )),
            _ => panic!("request: unknown cost path {}", path),
        }
    }
    format!("{{\"ns\":{}}}", started.elapsed().as_nanos())
}

/// The answer to one request line.
fn answer(line: &str) -> String {
    let inner = line.trim().trim_start_matches('[').trim_end_matches(']');
    let fields: Vec<String> = inner
        .split(',')
        .map(|f| f.trim().trim_matches('"').to_string())
        .collect();
    match fields[0].as_str() {
        "name" => name_answers(&unhex(&fields[1])),
        "value" => value_answers(&unhex(&fields[1])),
        "map" => map_answers(&fields[1..]),
        "cost" => cost(
            &fields[1],
            &unhex(&fields[2]),
            fields[3].parse().expect("request: N"),
            fields[4].parse().expect("request: REPS"),
        ),
        other => panic!("request: unknown kind {}", other),
    }
}

fn main() {
    // A panic inside a conversion is an outcome ("panic"); its message would only be noise.
    std::panic::set_hook(Box::new(|_| {}));
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let line = line.expect("stdin");
        if line.trim().is_empty() {
            continue;
        }
        writeln!(out, "{}", answer(&line)).expect("stdout");
        out.flush().expect("stdout");
    }
}
