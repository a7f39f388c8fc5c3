//! `SemVer.new` and `SemVerRange.new`.

use super::{count_error, get, hash_args, param, reject};
use crate::error::Result;
use crate::values::semver::{is_qualifier, SemVer};
use crate::values::semver_range::SemVerRange;
use crate::values::Value;

const SEMVER_SIGS: &str = "(SemVerPattern str) | (PositiveInteger major, PositiveInteger minor, PositiveInteger patch, SemVerQualifier prerelease?, SemVerQualifier build?) | (SemVerHash hash_args)";

fn positive(func: &str, sigs: &str, name: &str, v: &Value) -> Result<u64> {
    match v {
        Value::Integer(i) if *i >= 0 => Ok(*i as u64),
        _ => Err(reject(
            func,
            sigs,
            param(name, "a PositiveInteger = Integer[0] value", v),
        )),
    }
}

/// Stands for an explicit `undef` positional qualifier, which the signature rejects.
static BAD_UNDEF: Value = Value::Default;

fn qualifier<'a>(
    func: &str,
    sigs: &str,
    name: &str,
    v: Option<&'a Value>,
) -> Result<Option<&'a str>> {
    match v {
        None | Some(Value::Undef) => Ok(None),
        Some(Value::String(s)) if is_qualifier(s) => Ok(Some(s)),
        Some(v) => Err(reject(func, sigs, param(name, "a match for SemVerQualifier = Pattern[/\\A(?<part>[0-9A-Za-z-]+)(?:\\.\\g<part>)*\\Z/]", v))),
    }
}

/// `SemVer.new(str)`, `SemVer.new(major, minor, patch, prerelease?, build?)`, `SemVer.new(hash)`.
pub fn new_semver(args: &[Value]) -> Result<SemVer> {
    let f = "new_Version";
    match args {
        [Value::String(s)] => SemVer::parse(s),
        [Value::Hash(h)] => {
            let e = hash_args(
                h,
                &["major", "minor", "patch", "prerelease", "build"],
                f,
                SEMVER_SIGS,
            )?;
            let need = |k: &str| {
                get(&e, k).ok_or_else(|| {
                    reject(
                        f,
                        SEMVER_SIGS,
                        format!("parameter 'hash_args' expects a value for key '{k}'"),
                    )
                })
            };
            let (a, b, c) = (need("major")?, need("minor")?, need("patch")?);
            SemVer::from_parts(
                positive(f, SEMVER_SIGS, "major", a)?,
                positive(f, SEMVER_SIGS, "minor", b)?,
                positive(f, SEMVER_SIGS, "patch", c)?,
                qualifier(f, SEMVER_SIGS, "prerelease", get(&e, "prerelease"))?,
                qualifier(f, SEMVER_SIGS, "build", get(&e, "build"))?,
            )
        }
        [a, b, c, rest @ ..] if rest.len() <= 2 => SemVer::from_parts(
            positive(f, SEMVER_SIGS, "major", a)?,
            positive(f, SEMVER_SIGS, "minor", b)?,
            positive(f, SEMVER_SIGS, "patch", c)?,
            qualifier(
                f,
                SEMVER_SIGS,
                "prerelease",
                rest.first()
                    .filter(|v| !v.is_undef())
                    .or(rest.first().map(|_| &BAD_UNDEF)),
            )?,
            qualifier(
                f,
                SEMVER_SIGS,
                "build",
                rest.get(1)
                    .filter(|v| !v.is_undef())
                    .or(rest.get(1).map(|_| &BAD_UNDEF)),
            )?,
        ),
        [v] => Err(reject(f, SEMVER_SIGS, param("str", "a String value", v))),
        _ => Err(count_error(f, 1, 5, args.len())),
    }
}

const RANGE_SIGS: &str = "(SemVerRangeString = String[1] str) | (Variant[Default, SemVer] min, Variant[Default, SemVer] max, Boolean exclude_max?) | (SemVerRangeHash hash_args)";

fn range_end(name: &str, v: &Value) -> Result<Option<SemVer>> {
    match v {
        Value::Default => Ok(None),
        Value::SemVer(s) => Ok(Some((**s).clone())),
        v => Err(reject(
            "new_VersionRange",
            RANGE_SIGS,
            param(name, "a value of type Default or SemVer", v),
        )),
    }
}

/// `SemVerRange.new(str)`, `SemVerRange.new(min, max, exclude_max?)`, `SemVerRange.new(hash)`.
pub fn new_semver_range(args: &[Value]) -> Result<SemVerRange> {
    let f = "new_VersionRange";
    match args {
        [Value::String(s)] if !s.is_empty() => SemVerRange::parse(s),
        [Value::Hash(h)] => {
            let e = hash_args(h, &["min", "max", "exclude_max"], f, RANGE_SIGS)?;
            let min = get(&e, "min").ok_or_else(|| {
                reject(
                    f,
                    RANGE_SIGS,
                    "parameter 'hash_args' expects a value for key 'min'",
                )
            })?;
            static DEFAULT: Value = Value::Default;
            let max = get(&e, "max").unwrap_or(&DEFAULT);
            let excl = match get(&e, "exclude_max") {
                None => false,
                Some(Value::Boolean(b)) => *b,
                Some(v) => {
                    return Err(reject(
                        f,
                        RANGE_SIGS,
                        param("exclude_max", "a Boolean value", v),
                    ))
                }
            };
            Ok(SemVerRange::from_versions(
                range_end("min", min)?,
                range_end("max", max)?,
                excl,
            ))
        }
        [a, b] => Ok(SemVerRange::from_versions(
            range_end("min", a)?,
            range_end("max", b)?,
            false,
        )),
        [a, b, c] => {
            let excl = match c {
                Value::Boolean(x) => *x,
                v => {
                    return Err(reject(
                        f,
                        RANGE_SIGS,
                        param("exclude_max", "a Boolean value", v),
                    ))
                }
            };
            Ok(SemVerRange::from_versions(
                range_end("min", a)?,
                range_end("max", b)?,
                excl,
            ))
        }
        [v] => Err(reject(
            f,
            RANGE_SIGS,
            param("str", "a SemVerRangeString = String[1] value", v),
        )),
        _ => Err(count_error(f, 1, 3, args.len())),
    }
}
