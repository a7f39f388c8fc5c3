//! The native calls of `PuppetTypes::TypeMismatchDescriber` (completed by
//! `lib/puppet_types/type_mismatch_describer.rb`): the reference's
//! `describe_mismatch(subject, expected, actual_type)` of two types and
//! `describe_signatures(closure_name, signatures, args_type)`, thin calls into
//! [`crate::types::calc`].

use super::convert;
use super::errors::{self, guard};
use super::type_object::RbType;
use crate::types::calc::{self, CallArgs, Signature};
use crate::Type;
use magnus::{function, prelude::*, Error, RArray, RModule, RString, Ruby, Value};

type R<T> = Result<T, Error>;

fn type_arg(ruby: &Ruby, v: Value, what: &str) -> R<Type> {
    match RbType::from_value(v) {
        Some(t) => Ok(Type::clone(&t)),
        None => Err(errors::argument(
            ruby,
            format!(
                "expected a PuppetTypes::Type as {what}, got {}",
                super::type_factory::describe(v)
            ),
        )),
    }
}

fn text_arg(ruby: &Ruby, v: Value, what: &str) -> R<String> {
    match RString::from_value(v) {
        Some(s) => Ok(convert::rstring_to_str(ruby, s)?.to_string()),
        None => Err(errors::argument(ruby, format!("{what} must be a String"))),
    }
}

/// `__describe_types(subject, expected, actual)`: why `actual` is not
/// assignable to `expected`, prefixed by `subject` ('' when it is).
fn describe_types(ruby: &Ruby, subject: Value, expected: Value, actual: Value) -> R<String> {
    guard(ruby, || {
        let subject = text_arg(ruby, subject, "the subject")?;
        let expected = type_arg(ruby, expected, "the expected type")?;
        let actual = type_arg(ruby, actual, "the actual type")?;
        super::runtime_classes::resolving(ruby, || {
            calc::describe_types(&expected, &actual, &subject)
        })
    })
}

/// One signature as the Ruby side passes it: `[params, names, block, block_name]`.
struct OwnedSignature {
    params: Type,
    names: Vec<String>,
    block: Option<Type>,
    block_name: String,
}

fn signature_arg(ruby: &Ruby, v: Value) -> R<OwnedSignature> {
    let parts = RArray::from_value(v)
        .filter(|a| a.len() == 4)
        .ok_or_else(|| {
            errors::argument(ruby, "a signature must be [params, names, block, name]")
        })?;
    let params = type_arg(ruby, parts.entry(0)?, "a signature's parameter types")?;
    let names_value: Value = parts.entry(1)?;
    let names = match RArray::from_value(names_value) {
        Some(a) => a
            .into_iter()
            .map(|n| text_arg(ruby, n, "a parameter name"))
            .collect::<R<Vec<String>>>()?,
        None => {
            return Err(errors::argument(
                ruby,
                "a signature's parameter names must be an Array",
            ))
        }
    };
    let block_value: Value = parts.entry(2)?;
    let block = if block_value.is_nil() {
        None
    } else {
        Some(type_arg(ruby, block_value, "a signature's block type")?)
    };
    let name_value: Value = parts.entry(3)?;
    let block_name = if name_value.is_nil() {
        String::new()
    } else {
        text_arg(ruby, name_value, "a block name")?
    };
    Ok(OwnedSignature {
        params,
        names,
        block,
        block_name,
    })
}

/// `__describe_signatures(label, signatures, args_type)`: why a call with
/// arguments of `args_type` fits none of `signatures`, in the reference's words.
fn describe_signatures(ruby: &Ruby, label: Value, sigs: RArray, args: Value) -> R<String> {
    guard(ruby, || {
        let label = text_arg(ruby, label, "the closure name")?;
        let owned = sigs
            .into_iter()
            .map(|s| signature_arg(ruby, s))
            .collect::<R<Vec<OwnedSignature>>>()?;
        let sigs: Vec<Signature> = owned
            .iter()
            .map(|s| Signature {
                params: &s.params,
                names: &s.names,
                block: s.block.as_ref(),
                block_name: &s.block_name,
            })
            .collect();
        let args = type_arg(ruby, args, "the argument types")?;
        super::runtime_classes::resolving(ruby, || {
            calc::describe_call(&label, &sigs, &CallArgs::of_type(&args))
        })
    })
}

/// Define `PuppetTypes::TypeMismatchDescriber` and its native calls.
pub fn init(ruby: &Ruby, module: RModule) -> R<()> {
    let class = module.define_class("TypeMismatchDescriber", ruby.class_object())?;
    class.define_singleton_method("__describe_types", function!(describe_types, 3))?;
    class.define_singleton_method("__describe_signatures", function!(describe_signatures, 3))?;
    Ok(())
}
