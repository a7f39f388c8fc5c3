//! Properties of the formatter that are not reference comparisons: sensitive
//! values never leak, deep nesting errors instead of overflowing the stack,
//! malformed and oversized formats are errors, and the text chosen where the
//! reference prints Ruby internals.

use puppet_types::format::{string, ContainerFormat, Format, FormatEntry, FormatMap, MapKey};
use puppet_types::types::factory as f;
use puppet_types::values::{Timespan, Timestamp, Value, ValueMap};
use puppet_types::ErrorKind;
use std::sync::Arc;

fn text(v: &Value, fmt: &str) -> puppet_types::Result<String> {
    string(v, &Format::Text(fmt.to_string()))
}

#[test]
fn sensitive_is_redacted_in_every_format() {
    let secret = Value::Sensitive(Arc::new(Value::string("s3cr3t-value")));
    let mut map = ValueMap::new();
    map.insert(Value::string("pw"), secret.clone());
    let values = [
        secret.clone(),
        Value::array(vec![secret.clone(), Value::Integer(1)]),
        Value::hash(map),
    ];
    let mut checked = 0;
    for v in &values {
        for flags in ["", "#", "-", "+", " ", "0", "[", "#10", ".3", "-20"] {
            for letter in ('a'..='z').chain('A'..='Z') {
                let fmt = format!("%{flags}{letter}");
                if let Ok(s) = text(v, &fmt) {
                    assert!(!s.contains("s3cr3t"), "{fmt} leaked: {s}");
                    checked += 1;
                }
            }
        }
        let map = FormatMap(vec![(
            MapKey::Type(f::any()),
            FormatEntry::Text("%#p".into()),
        )]);
        let s = string(v, &Format::Map(map)).unwrap();
        assert!(!s.contains("s3cr3t"));
    }
    assert!(checked > 50);
    assert_eq!(text(&secret, "%s").unwrap(), "Sensitive [value redacted]");
}

#[test]
fn nesting_deeper_than_the_limit_is_an_error() {
    // Built and dropped on a thread with a large stack: dropping a deep value recurses.
    let result = std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(|| {
            let mut v = Value::Integer(1);
            for i in 0..100_000 {
                v = if i % 2 == 0 {
                    Value::array(vec![v])
                } else {
                    let mut m = ValueMap::new();
                    m.insert(Value::string("k"), v);
                    Value::hash(m)
                };
            }
            let r = string(&v, &Format::Default);
            r.map_err(|e| e.kind)
        })
        .unwrap()
        .join()
        .unwrap();
    assert_eq!(result, Err(ErrorKind::Format));
}

#[test]
fn nesting_up_to_the_limit_formats_on_a_small_stack() {
    let result = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(|| {
            let mut v = Value::Integer(1);
            for _ in 0..puppet_types::format::MAX_DEPTH {
                v = Value::array(vec![v]);
            }
            let a = string(&v, &Format::Default).map(|s| s.len());
            let b = string(&v, &Format::Text("%#a".into())).map(|s| s.len());
            (a, b)
        })
        .unwrap()
        .join()
        .unwrap();
    assert_eq!(result.0, Ok(2 * puppet_types::format::MAX_DEPTH + 1));
    assert!(result.1.is_ok());
}

#[test]
fn format_syntax_is_strict() {
    let v = Value::Integer(1);
    for bad in [
        "", "d", "%", "%1", "%.d", "%05.d", "%d ", " %d", "%dd", "%0", "%é", "%--d",
    ] {
        let e = text(&v, bad).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Format, "{bad:?}");
    }
    assert_eq!(
        text(&v, "%x5").unwrap_err().message,
        "The format '%x5' is not a valid format on the form '%<flags><width>.<prec><format>'"
    );
    assert_eq!(
        text(&v, "%99999999999d").unwrap_err().message,
        "width too big"
    );
}

#[test]
fn unsupported_letters_name_the_type_and_the_accepted_letters() {
    let e = text(&Value::string("x"), "%x").unwrap_err();
    assert_eq!(
        e.message,
        "Illegal format 'x' specified for value of String type - expected one of the characters 'cCudspt'"
    );
}

#[test]
fn time_values_in_programmatic_form() {
    // The reference prints Ruby's object inspection here; this crate prints a constructor form.
    let ts = Value::Timespan(Timespan::new(13_500_000_000));
    assert_eq!(text(&ts, "%p").unwrap(), "Timespan('0-00:00:13.5')");
    assert_eq!(text(&ts, "%s").unwrap(), "0-00:00:13.5");
    let tm = Value::Timestamp(Timestamp::new(0));
    assert_eq!(
        string(&Value::array(vec![tm]), &Format::Default).unwrap(),
        "[Timestamp('1970-01-01T00:00:00.000000000 UTC')]"
    );
}

#[test]
fn container_format_without_format_is_an_error() {
    let map = FormatMap(vec![(
        MapKey::Type(f::array_of_any()),
        FormatEntry::Container(ContainerFormat {
            separator: Some(";".into()),
            ..Default::default()
        }),
    )]);
    let e = string(&Value::array(vec![]), &Format::Map(map)).unwrap_err();
    assert_eq!(
        e.message,
        "The format '' is not a valid format on the form '%<flags><width>.<prec><format>'"
    );
}

#[test]
fn format_map_keys_as_type_strings() {
    // The seed's example: negative integers in decimal, positive ones in hex.
    let map = FormatMap(vec![
        (
            MapKey::Text("Integer[default, -1]".into()),
            FormatEntry::Text("%d".into()),
        ),
        (
            MapKey::Text("Integer[0, default]".into()),
            FormatEntry::Text("%#x".into()),
        ),
    ]);
    let fmt = Format::Map(map);
    assert_eq!(string(&Value::Integer(-1), &fmt).unwrap(), "-1");
    assert_eq!(string(&Value::Integer(10), &fmt).unwrap(), "0xa");
    // short and long arrays
    let map = FormatMap(vec![
        (
            MapKey::Text("Array[Any, 0, 2]".into()),
            FormatEntry::Text("%(a".into()),
        ),
        (
            MapKey::Text("Array[Any, 3, default]".into()),
            FormatEntry::Text("%#3a".into()),
        ),
    ]);
    let fmt = Format::Map(map);
    let short = Value::array(vec![Value::Integer(1)]);
    let long = Value::array((1..=4).map(Value::Integer).collect());
    assert_eq!(string(&short, &fmt).unwrap(), "(1)");
    assert_eq!(string(&long, &fmt).unwrap(), "[ 1,\n  2,\n  3,\n  4]");
    let bad = FormatMap(vec![(
        MapKey::Text("Integer[".into()),
        FormatEntry::Text("%d".into()),
    )]);
    assert!(string(&Value::Integer(1), &Format::Map(bad)).is_err());
}

#[test]
fn every_letter_flag_width_and_precision_gives_text_or_error() {
    let values = vec![
        Value::Undef,
        Value::Default,
        Value::Boolean(true),
        Value::Integer(i64::MIN),
        Value::Integer(-1),
        Value::Integer(0x10FFFF),
        Value::Float(f64::MAX),
        Value::Float(-f64::MIN_POSITIVE / 3.0),
        Value::Float(f64::NAN),
        Value::Float(f64::NEG_INFINITY),
        Value::string("a'b\\\n\u{1}é😀"),
        Value::array(vec![
            Value::Integer(1),
            Value::array(vec![]),
            Value::hash(ValueMap::new()),
        ]),
        Value::Type(f::integer()),
        Value::Timespan(Timespan::new(-1)),
        Value::Timestamp(Timestamp::new(i64::MAX as i128)),
    ];
    let flag_sets = [
        "", "#", "-", "+", " ", "0", "#0", "-+", "+ ", "#-0", "[", "{", "<", "(#", "|0",
    ];
    let sizes = ["", "1", "30", ".0", ".3", ".20", "5.2", "40.17"];
    let mut outputs = 0;
    for v in &values {
        for flags in flag_sets {
            for size in sizes {
                for letter in ('a'..='z').chain('A'..='Z') {
                    let fmt = format!("%{flags}{size}{letter}");
                    if text(v, &fmt).is_ok() {
                        outputs += 1;
                    }
                }
            }
        }
    }
    assert!(outputs > 10_000, "{outputs}");
}
