//! `PuppetTypes::TypeCalculator` and the calculator methods of
//! `PuppetTypes::Type` (`instance?`, `assignable?`, `<`, `<=`, `>`, `>=`,
//! `each`), `describe_mismatch`, `mismatches`: thin calls into [`crate::types::calc`], walking Ruby data in place
//! through [`super::value_view::RubyView`] (and [`with_view`], which walks a
//! transcoded copy when the data holds text in an encoding other than UTF-8);
//! a call whose `Runtime[ruby, 'Name']` rules need class names resolved runs
//! again once they are ([`resolving`]).

use super::convert;
use super::errors::{self, guard};
use super::runtime_classes::resolving;
use super::type_object::RbType;
use super::value_view::with_view;
use crate::types::calc;
use magnus::{
    block::Yield, function, method, prelude::*, Error, RClass, RModule, Ruby, TryConvert, Value,
};

type R<T> = Result<T, Error>;

fn type_of(ruby: &Ruby, v: Value, what: &str) -> R<crate::Type> {
    type_ref(ruby, v, what).map(|t| crate::Type::clone(&t))
}

/// The Rust type wrapped by a `PuppetTypes::Type` argument, borrowed (no
/// reference-count traffic); it lives as long as the argument object.
fn type_ref<'a>(ruby: &Ruby, v: Value, what: &str) -> R<RbType<'a>> {
    match RbType::from_value(v) {
        Some(t) => Ok(t),
        None => Err(errors::argument(
            ruby,
            format!(
                "expected a PuppetTypes::Type as {what}, got {}",
                super::type_factory::describe(v)
            ),
        )),
    }
}

fn instance(ruby: &Ruby, t: Value, v: Value) -> R<bool> {
    guard(ruby, || {
        let t = type_ref(ruby, t, "the type")?;
        resolving(ruby, || {
            with_view(ruby, v, |v| calc::instance_of_view(&t, v))
        })
    })
}

fn assignable(ruby: &Ruby, a: Value, b: Value) -> R<bool> {
    guard(ruby, || {
        let a = type_ref(ruby, a, "the first type")?;
        let b = type_ref(ruby, b, "the second type")?;
        resolving(ruby, || calc::is_assignable(&a, &b))
    })
}

fn infer(ruby: &Ruby, v: Value) -> R<Value> {
    guard(ruby, || {
        let t = resolving(ruby, || with_view(ruby, v, calc::infer_view))?;
        Ok(RbType::wrap(ruby, t))
    })
}

fn infer_set(ruby: &Ruby, v: Value) -> R<Value> {
    guard(ruby, || {
        let stops = crate::stop::count();
        let (t, bytes) = resolving(ruby, || with_view(ruby, v, calc::infer_set_view_sized))?;
        if crate::stop::stopped_since(stops) {
            // (the walk stopped: the guard answers with why, without wrapping,
            // and so collecting for, a type that is thrown away)
            return Ok(ruby.qnil().as_value());
        }
        RbType::wrap_large(ruby, t, bytes)
    })
}

fn generalize(ruby: &Ruby, t: Value) -> R<Value> {
    guard(ruby, || {
        Ok(RbType::wrap(
            ruby,
            calc::generalize(&type_of(ruby, t, "the type")?),
        ))
    })
}

fn common_type(ruby: &Ruby, a: Value, b: Value) -> R<Value> {
    guard(ruby, || {
        let a = type_ref(ruby, a, "the first type")?;
        let b = type_ref(ruby, b, "the second type")?;
        let t = resolving(ruby, || calc::common_type(&a, &b))?;
        Ok(RbType::wrap(ruby, t))
    })
}

/// `describe_mismatch(type, value, label = nil)`: nil when the value matches,
/// otherwise the reference's description of the innermost mismatch.
fn describe_mismatch(ruby: &Ruby, args: &[Value]) -> R<Option<String>> {
    guard(ruby, || {
        if args.len() < 2 || args.len() > 3 {
            return Err(Error::new(
                super::errors::class_for(ruby, crate::error::ErrorKind::Argument),
                format!(
                    "wrong number of arguments to describe_mismatch (given {}, expected 2..3)",
                    args.len()
                ),
            ));
        }
        let t = type_of(ruby, args[0], "the type")?;
        let label = match args.get(2) {
            Some(v) if !v.is_nil() => Some(
                convert::rstring_to_str(
                    ruby,
                    magnus::RString::from_value(*v)
                        .ok_or_else(|| errors::argument(ruby, "the label must be a String"))?,
                )?
                .to_string(),
            ),
            _ => None,
        };
        resolving(ruby, || {
            with_view(ruby, args[1], |v| {
                calc::describe::describe_mismatch_view(&t, v, label.as_deref())
            })
        })
    })
}

/// `mismatches(type, value)`: each problem of the value as a frozen Hash
/// `{path: [key or index, ...], message: "...", at_key: bool}` (empty when it matches).
fn mismatches(ruby: &Ruby, t: Value, v: Value) -> R<Value> {
    guard(ruby, || {
        let t = type_ref(ruby, t, "the type")?;
        let found = resolving(ruby, || {
            with_view(ruby, v, |v| calc::mismatches_view(&t, v))
        })?;
        let out = ruby.ary_new_capa(found.len());
        for m in found {
            let path = ruby.ary_new_capa(m.path.len());
            for step in &m.path {
                match step {
                    calc::PathStep::Key(k) => path.push(k.as_str())?,
                    calc::PathStep::Index(i) => path.push(*i)?,
                }
            }
            path.freeze();
            let h = ruby.hash_new();
            h.aset(ruby.to_symbol("path"), path)?;
            h.aset(ruby.to_symbol("message"), m.message.as_str())?;
            h.aset(ruby.to_symbol("at_key"), m.at_key)?;
            h.freeze();
            out.push(h)?;
        }
        out.freeze();
        Ok(out.as_value())
    })
}

fn equals(ruby: &Ruby, a: Value, b: Value) -> R<bool> {
    guard(ruby, || {
        let a = type_ref(ruby, a, "the first type")?;
        let b = type_ref(ruby, b, "the second type")?;
        resolving(ruby, || calc::types_equal(&a, &b))
    })
}

// Methods on PuppetTypes::Type.

fn t_instance(ruby: &Ruby, rb_self: RbType, v: Value) -> R<bool> {
    guard(ruby, || {
        resolving(ruby, || {
            with_view(ruby, v, |v| calc::instance_of_view(&rb_self, v))
        })
    })
}

fn t_assignable(ruby: &Ruby, rb_self: RbType, other: Value) -> R<bool> {
    guard(ruby, || {
        let other = type_ref(ruby, other, "the argument")?;
        resolving(ruby, || calc::is_assignable(&rb_self, &other))
    })
}

/// `a < b`: every value of `a` is a value of `b`, and the types differ (the language's `<` on types).
fn t_lt(ruby: &Ruby, rb_self: RbType, other: Value) -> R<bool> {
    guard(ruby, || {
        let b = type_ref(ruby, other, "the right operand")?;
        resolving(ruby, || {
            calc::is_assignable(&b, &rb_self) && !calc::types_equal(&rb_self, &b)
        })
    })
}

fn t_le(ruby: &Ruby, rb_self: RbType, other: Value) -> R<bool> {
    guard(ruby, || {
        let other = type_ref(ruby, other, "the right operand")?;
        resolving(ruby, || calc::is_assignable(&other, &rb_self))
    })
}

fn t_gt(ruby: &Ruby, rb_self: RbType, other: Value) -> R<bool> {
    guard(ruby, || {
        let b = type_ref(ruby, other, "the right operand")?;
        resolving(ruby, || {
            calc::is_assignable(&rb_self, &b) && !calc::types_equal(&rb_self, &b)
        })
    })
}

fn t_ge(ruby: &Ruby, rb_self: RbType, other: Value) -> R<bool> {
    guard(ruby, || {
        let other = type_ref(ruby, other, "the right operand")?;
        resolving(ruby, || calc::is_assignable(&rb_self, &other))
    })
}

/// `each`: the values of a finite Integer range or an Enum; an Enumerator without a block.
fn t_each(ruby: &Ruby, rb_self: Value) -> R<Yield<std::vec::IntoIter<Value>>> {
    let t: RbType = TryConvert::try_convert(rb_self)?;
    if !ruby.block_given() {
        return Ok(Yield::Enumerator(rb_self.enumeratorize("each", ())));
    }
    let values = guard(ruby, || {
        calc::iterate_type(&t).map_err(|e| errors::to_ruby(ruby, e))
    })?;
    let objects = values
        .iter()
        .map(|v| convert::to_ruby(ruby, v))
        .collect::<R<Vec<Value>>>()?;
    Ok(Yield::Iter(objects.into_iter()))
}

/// `normalize`: the type in its simplest equivalent form (the reference's `Type#normalize`).
fn t_normalize(ruby: &Ruby, rb_self: RbType) -> R<Value> {
    guard(ruby, || Ok(RbType::wrap(ruby, calc::normalize(&rb_self))))
}

/// `iterable?`: true when values of the type can be iterated.
fn t_is_iterable(ruby: &Ruby, rb_self: RbType) -> R<bool> {
    guard(ruby, || Ok(calc::is_iterable(&rb_self)))
}

/// `iterable_type`: the `Iterable` type the type's values are (`Iterable[Integer]`
/// for `Array[Integer]`), nil when they do not iterate.
fn t_iterable_type(ruby: &Ruby, rb_self: RbType) -> R<Option<Value>> {
    guard(ruby, || {
        Ok(calc::iterate::iterable_type(&rb_self)
            .map(|elem| RbType::wrap(ruby, crate::types::factory::iterable(elem))))
    })
}

/// Define `PuppetTypes::TypeCalculator` and the calculator methods of `PuppetTypes::Type`.
pub fn init(ruby: &Ruby, module: RModule) -> R<()> {
    let m = module.define_module("TypeCalculator")?;
    m.define_module_function("instance?", function!(instance, 2))?;
    m.define_module_function("assignable?", function!(assignable, 2))?;
    m.define_module_function("infer", function!(infer, 1))?;
    m.define_module_function("infer_set", function!(infer_set, 1))?;
    m.define_module_function("generalize", function!(generalize, 1))?;
    m.define_module_function("common_type", function!(common_type, 2))?;
    m.define_module_function("equals", function!(equals, 2))?;
    m.define_module_function("describe_mismatch", function!(describe_mismatch, -1))?;
    m.define_module_function("mismatches", function!(mismatches, 2))?;

    let class: RClass = module.const_get("Type")?;
    class.define_method("instance?", method!(t_instance, 1))?;
    class.define_method("assignable?", method!(t_assignable, 1))?;
    class.define_method("<", method!(t_lt, 1))?;
    class.define_method("<=", method!(t_le, 1))?;
    class.define_method(">", method!(t_gt, 1))?;
    class.define_method(">=", method!(t_ge, 1))?;
    class.define_method("each", method!(t_each, 0))?;
    class.define_method("normalize", method!(t_normalize, 0))?;
    class.define_method("iterable?", method!(t_is_iterable, 0))?;
    class.define_method("iterable_type", method!(t_iterable_type, 0))?;
    let _ = ruby;
    Ok(())
}
