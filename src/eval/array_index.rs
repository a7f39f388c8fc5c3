//! Array indexes: `[1, 2, 3][index]` and `[1, 2, 3][start, count]`.
//!
//! The keys are flattened first (`$a[[1], [2]]` is `$a[1, 2]`); one or two
//! must remain. Each is made a number as arithmetic makes it: numbers (and
//! the values the reference counts as numbers: Timespan, Timestamp,
//! SemVer) as they are, a String holding a number read as a substring
//! index is read (see [`super::substring`]) with a warning that it was
//! coerced, anything else refused ('cannot be converted to Numeric'). All
//! keys are converted before any is checked to be an Integer; a
//! non-Integer is refused with its generalized type's name. Errors about
//! a key are placed at the key's expression, by the flattened key's
//! position in the list of key expressions (no place when the flattening
//! made more keys than there are expressions).
//!
//! A negative index counts from the end; a start before the first item
//! shortens the count (`[1, 2, 3][-5, 3]` is `[1]`); an index or count
//! that does not fit 64 bits when the slice is taken is the reference's
//! error about its Ruby `long`.

use super::convert::{coerced_number, not_numeric};
use super::substring::{flatten, slice, Number};
use crate::error::{Error, Result};
use crate::syntax::span::Span;
use crate::types::calc::infer_generic;
use crate::values::Value;

/// A key made a number: an integer (a wide one saturated), or the type
/// name of a number that is not an Integer.
enum Key {
    Integer(i128),
    Other(String),
}

/// `items[keys]`: `places` are the key expressions' places and `left` the
/// indexed expression's (errors without a place are left so). The
/// reference's warnings about Strings made numbers are added to `coerced`,
/// also when the access then fails.
pub(crate) fn array_index(
    items: &[Value],
    keys: &[Value],
    places: &[Span],
    left: Option<Span>,
    coerced: &mut Vec<String>,
) -> Result<Value> {
    let at_left = |e: Error| match left {
        Some(s) => e.with_span(s),
        None => e,
    };
    let at_key = |e: Error, i: usize| match places.get(i) {
        Some(s) => e.with_span(*s),
        None => e,
    };
    let flat = flatten(keys);
    if flat.is_empty() || flat.len() > 2 {
        return Err(at_left(Error::evaluation(format!(
            "Array supports [] with one or two arguments. Got {}",
            flat.len()
        ))));
    }
    let mut numbers = Vec::with_capacity(2);
    for (i, k) in flat.iter().enumerate() {
        numbers.push(key(k, coerced).map_err(|e| at_key(e, i))?);
    }
    let mut ints = [0i128; 2];
    for (i, n) in numbers.into_iter().enumerate() {
        match n {
            Key::Integer(v) => ints[i] = v,
            Key::Other(name) => {
                let e = Error::evaluation(format!(
                    "An Array[] cannot use {name} where Integer is expected"
                ));
                return Err(at_key(e, i));
            }
        }
    }
    let bignum = || {
        at_left(Error::evaluation(
            "Error while evaluating a '[]' expression, bignum too big to convert into `long'",
        ))
    };
    if flat.len() == 1 {
        let Ok(k) = i64::try_from(ints[0]) else {
            return Err(bignum());
        };
        let len = items.len() as i128;
        let k = if k < 0 { len + k as i128 } else { k as i128 };
        return Ok(if (0..len).contains(&k) {
            items[k as usize].clone()
        } else {
            Value::Undef
        });
    }
    let range = slice(items.len(), &ints).map_err(at_left)?;
    Ok(Value::array(items[range].to_vec()))
}

/// A key as a number, as the module documentation says; a String made a
/// number adds its warning to `coerced`.
fn key(k: &Value, coerced: &mut Vec<String>) -> Result<Key> {
    Ok(match k {
        Value::Integer(i) => Key::Integer(*i as i128),
        Value::Float(_) => Key::Other("Float".to_string()),
        Value::Timespan(_) | Value::Timestamp(_) | Value::SemVer(_) => {
            Key::Other(infer_generic(k).to_string())
        }
        Value::String(s) => match coerced_number(s, coerced) {
            Number::Integer(v) => Key::Integer(v),
            Number::Wide { negative, .. } => {
                Key::Integer(if negative { -i128::MAX } else { i128::MAX })
            }
            Number::Float(_) => Key::Other("Float".to_string()),
            Number::None => return Err(not_numeric(k)),
        },
        other => return Err(not_numeric(other)),
    })
}

#[cfg(test)]
mod tests {
    use super::array_index;
    use crate::values::Value;

    fn index(keys: &[Value]) -> (Result<Value, String>, Vec<String>) {
        let items: Vec<Value> = (1..=3).map(Value::Integer).collect();
        let mut coerced = Vec::new();
        let r = array_index(&items, keys, &[], None, &mut coerced).map_err(|e| e.to_string());
        (r, coerced)
    }

    #[test]
    fn a_start_before_the_array_shortens_the_count() {
        let (r, _) = index(&[Value::Integer(-5), Value::Integer(3)]);
        assert_eq!(r, Ok(Value::array(vec![Value::Integer(1)])));
    }

    #[test]
    fn a_float_index_is_refused_and_a_string_one_warned_about() {
        let (r, _) = index(&[Value::Float(1.0)]);
        assert!(r
            .unwrap_err()
            .contains("An Array[] cannot use Float where Integer is expected"));
        let (r, coerced) = index(&[Value::string("1.0")]);
        assert!(r.unwrap_err().contains("cannot use Float"));
        assert_eq!(
            coerced,
            ["The string '1.0' was automatically coerced to the numerical value 1.0"]
        );
        let (r, coerced) = index(&[Value::string(" -1")]);
        assert_eq!((r, coerced.len()), (Ok(Value::Integer(3)), 1));
    }
}
