//! Why a call fits none of a function's signatures, in the reference's
//! words (`TypeMismatchDescriber#describe_signatures`): "'split' expects 2
//! arguments, got 1", "'join' parameter 'delimiter' expects a String value,
//! got Integer", "'each' expects a block", or, when the signatures fail in
//! different ways, "The function 'x' was called with arguments it does not
//! accept. It expects one of: ..." with each signature and why it was
//! rejected.

use super::describe::{
    covers as range_covers, type_mismatch, Describer, Kind, Mismatch, PathEl, Range,
};
use super::{any_type, instance_of, is_assignable, undef_type};
use crate::types::{Type, TypeKind};

/// One signature of a function: its parameter tuple, the parameter names,
/// and the block it takes (a Callable, `Optional[Callable]` when the block
/// may be left out), with its name.
pub struct Signature<'a> {
    /// A `Tuple` type: the parameter types and how many arguments may be given.
    pub params: &'a Type,
    /// The parameter names, in order.
    pub names: &'a [String],
    /// The block's type, `None` when the signature takes no block.
    pub block: Option<&'a Type>,
    /// The block's name.
    pub block_name: &'a str,
}

/// The types and the size range of a parameter tuple.
pub fn tuple_parts(t: &Type) -> (&[Type], Range) {
    match t.kind() {
        TypeKind::Tuple { types, size } => {
            let ts = types.as_deref().unwrap_or(&[]);
            let range = match size {
                Some(r) => (r.from.unwrap_or(0), r.to),
                None if ts.is_empty() => (0, None),
                None => (ts.len() as i64, Some(ts.len() as i64)),
            };
            (ts, range)
        }
        _ => (&[], (0, None)),
    }
}

fn covers(outer: Range, inner: Range) -> bool {
    outer.0 <= inner.0
        && match (outer.1, inner.1) {
            (None, _) => true,
            (Some(_), None) => false,
            (Some(a), Some(b)) => b <= a,
        }
}

/// Whether `values` (with a block of type `block`, if given) fit `sig`:
/// the count, each value an instance of its parameter's type, and the block
/// given when required, of an accepted type when given.
pub fn signature_accepts(
    sig: &Signature,
    values: &[crate::values::Value],
    block: Option<&Type>,
) -> bool {
    let (types, range) = tuple_parts(sig.params);
    let n = values.len() as i64;
    if !covers(range, (n, Some(n))) {
        return false;
    }
    if !types.is_empty() {
        for (i, v) in values.iter().enumerate() {
            if !instance_of(&types[i.min(types.len() - 1)], v) {
                return false;
            }
        }
    }
    match (block, sig.block) {
        (Some(b), Some(want)) => is_assignable(want, b),
        (Some(_), None) => false,
        (None, Some(want)) => is_assignable(want, undef_type()),
        (None, None) => true,
    }
}

/// The reference's message for a call with arguments of types `args` (and a
/// block of type `block`) that fits none of `sigs`. `label` names the callee:
/// `'name'` for a function, `block` for a lambda.
pub fn describe_signatures(
    label: &str,
    sigs: &[Signature],
    args: &[Type],
    block: Option<&Type>,
) -> String {
    let call = CallArgs::Tuple {
        types: args,
        range: None,
        block,
    };
    describe_call(label, sigs, &call)
}

/// The arguments of a call as a type describes them (the reference's
/// `args_tuple` of `describe_signatures`).
pub enum CallArgs<'a> {
    /// A Tuple: the argument types, how many arguments there may be (`None`:
    /// exactly their number) and the block's type, if one is given.
    Tuple {
        /// The argument types (the block left out).
        types: &'a [Type],
        /// The tuple's size range, when it has one and no block is given.
        range: Option<Range>,
        /// The block's type.
        block: Option<&'a Type>,
    },
    /// An Array type: each parameter gets its element type, and its size
    /// range is the number of arguments.
    Array {
        /// The element type.
        element: &'a Type,
        /// The size range.
        range: Range,
    },
    /// Any other type, compared with each signature's parameter tuple whole.
    Other(&'a Type),
}

impl<'a> CallArgs<'a> {
    /// The call an argument type stands for, as the reference reads it: a
    /// Tuple whose last type is callable (a Callable, an `Optional` of one,
    /// a Variant of them) ends with the block.
    pub fn of_type(t: &'a Type) -> CallArgs<'a> {
        match t.kind() {
            TypeKind::Tuple { .. } => {
                let (types, range) = tuple_parts(t);
                match types.split_last() {
                    Some((last, rest)) if kind_of_callable(last, 0) => CallArgs::Tuple {
                        types: rest,
                        range: None,
                        block: Some(last),
                    },
                    _ => CallArgs::Tuple {
                        types,
                        range: Some(range),
                        block: None,
                    },
                }
            }
            TypeKind::Array { element, size } => CallArgs::Array {
                element,
                range: match size {
                    Some(r) => (r.from.unwrap_or(0), r.to),
                    None => (0, None),
                },
            },
            _ => CallArgs::Other(t),
        }
    }
}

/// True when `t` describes a block: a Callable, an `Optional` of a callable
/// type, a Variant of callable types, an alias of one.
fn kind_of_callable(t: &Type, depth: u32) -> bool {
    if depth > super::MAX_TYPE_DEPTH {
        return false;
    }
    match t.kind() {
        TypeKind::Callable(_) => true,
        TypeKind::Optional(Some(inner)) => kind_of_callable(inner, depth + 1),
        TypeKind::Variant(ts) => ts.iter().all(|x| kind_of_callable(x, depth + 1)),
        TypeKind::Alias(a) => a.resolved().is_some_and(|r| kind_of_callable(r, depth + 1)),
        _ => false,
    }
}

/// [`describe_signatures`] for a call described by `call`.
pub fn describe_call(label: &str, sigs: &[Signature], call: &CallArgs) -> String {
    let mut d = Describer::new();
    let block = match call {
        CallArgs::Tuple { block, .. } => *block,
        _ => None,
    };
    let mut error_arrays: Vec<Vec<Mismatch>> = sigs
        .iter()
        .enumerate()
        .map(|(i, s)| arguments(&mut d, s, call, vec![PathEl::Signature(i)]))
        .collect();
    if !error_arrays.iter().all(|a| !a.is_empty()) {
        let block_arrays: Vec<Vec<Mismatch>> = sigs
            .iter()
            .enumerate()
            .map(|(i, s)| block_errors(&mut d, s, block, vec![PathEl::Signature(i)]))
            .collect();
        let with_errors = block_arrays.iter().filter(|a| !a.is_empty()).count();
        if with_errors == block_arrays.len() {
            error_arrays = block_arrays;
        } else if with_errors > 0 {
            for (a, b) in error_arrays.iter_mut().zip(block_arrays) {
                if a.is_empty() {
                    *a = b;
                }
            }
        }
    }
    let errors = merge_descriptions(
        0,
        &[COUNT, MISSING_BLOCK, UNEXPECTED_BLOCK, TYPE],
        error_arrays.clone(),
    );
    if errors.len() == 1 {
        return format!("{label}{}", errors[0].format());
    }
    let mut out;
    if sigs.len() == 1 {
        out = format!("{label} expects ({})", signature_string(&sigs[0]));
        for e in &error_arrays[0] {
            out.push_str(&format!("\n  rejected:{}", e.clone().chop_path(0).format()));
        }
    } else {
        out = format!(
            "The function {label} was called with arguments it does not accept. It expects one of:"
        );
        for (s, errors) in sigs.iter().zip(&error_arrays) {
            out.push_str(&format!("\n  ({})", signature_string(s)));
            for e in errors {
                out.push_str(&format!(
                    "\n    rejected:{}",
                    e.clone().chop_path(0).format()
                ));
            }
        }
    }
    out
}

fn arguments(
    d: &mut Describer,
    sig: &Signature,
    call: &CallArgs,
    path: Vec<PathEl>,
) -> Vec<Mismatch> {
    let (types, expected) = tuple_parts(sig.params);
    let repeated;
    let (args, actual): (&[Type], Range) = match call {
        CallArgs::Tuple {
            types: args, range, ..
        } => {
            let n = args.len() as i64;
            (args, range.unwrap_or((n, Some(n))))
        }
        CallArgs::Array { element, range } => {
            repeated = vec![(*element).clone(); types.len()];
            match repeated.split_last() {
                // (an element type that is callable is the block's)
                Some((last, rest)) if kind_of_callable(last, 0) => {
                    let n = rest.len() as i64;
                    (rest, (n, Some(n)))
                }
                _ => (&repeated[..], *range),
            }
        }
        CallArgs::Other(t) => return vec![type_mismatch(&path, sig.params, t, false)],
    };
    if !covers(expected, actual) {
        return vec![Mismatch {
            path,
            kind: Kind::Count { expected, actual },
        }];
    }
    if types.is_empty() {
        return Vec::new();
    }
    for (i, a) in args.iter().enumerate() {
        let adx = i.min(types.len() - 1);
        let e = &types[adx];
        if !is_assignable(e, a) {
            let name = sig.names.get(adx).cloned().unwrap_or_default();
            let mut p = path.clone();
            p.push(PathEl::Parameter(name));
            let found = d.describe(e, a, p);
            if !found.is_empty() {
                return found;
            }
        }
    }
    Vec::new()
}

fn block_errors(
    d: &mut Describer,
    sig: &Signature,
    block: Option<&Type>,
    path: Vec<PathEl>,
) -> Vec<Mismatch> {
    match (block, sig.block) {
        (Some(_), None) => vec![Mismatch {
            path,
            kind: Kind::UnexpectedBlock,
        }],
        (Some(b), Some(want)) => {
            let mut p = path;
            p.push(PathEl::Block);
            d.describe(want, b, p)
        }
        (None, Some(want)) if !is_assignable(want, undef_type()) => vec![Mismatch {
            path,
            kind: Kind::MissingBlock,
        }],
        (None, _) => Vec::new(),
    }
}

/// The reference's text of a signature: `String str, String pattern`,
/// `Any values*`, `Callable[1, 1] block`.
pub fn signature_string(sig: &Signature) -> String {
    let (types, (from, to)) = tuple_parts(sig.params);
    // (a parameter tuple without types takes Unit values: `Callable[0, default]`)
    let unit = [Type::from_kind(TypeKind::Unit)];
    let types = if types.is_empty() { &unit[..] } else { types };
    if from == 0 && to == Some(0) {
        // (as the reference: a signature taking no arguments shows nothing, not even its block)
        return String::new();
    }
    let names: Vec<String> = if sig.names.is_empty() {
        vec![String::new(); types.len()]
    } else {
        sig.names.to_vec()
    };
    let parts: Vec<String> = names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let mut t = types.get(i).unwrap_or(&types[types.len() - 1]).clone();
            let indicator = if to.is_none() && i == names.len() - 1 {
                if from == names.len() as i64 {
                    "+"
                } else {
                    "*"
                }
            } else if (i as i64) >= from {
                if let TypeKind::Optional(Some(inner)) = t.kind() {
                    t = inner.clone();
                }
                "?"
            } else {
                ""
            };
            format!("{} {name}{indicator}", super::describe::type_to_s(&t))
        })
        .collect();
    let mut out = parts.join(", ");
    match sig.block.map(|b| b.kind()) {
        Some(TypeKind::Optional(Some(inner))) => {
            if !out.is_empty() {
                out.push_str(", ");
            }
            out.push_str(&format!(
                "{} {}?",
                super::describe::type_to_s(inner),
                sig.block_name
            ));
        }
        Some(_) => {
            if !out.is_empty() {
                out.push_str(", ");
            }
            out.push_str(&format!(
                "{} {}",
                super::describe::type_to_s(sig.block.expect("some")),
                sig.block_name
            ));
        }
        None => {}
    }
    out
}

impl Describer {
    /// A callable against a callable: the arguments (their count first), the
    /// return type, the block.
    pub(super) fn callable(
        &mut self,
        c: &crate::types::CallableType,
        original: &Type,
        actual: &Type,
        path: &[PathEl],
    ) -> Vec<Mismatch> {
        let TypeKind::Callable(ac) = actual.kind() else {
            return vec![type_mismatch(path, original, actual, false)];
        };
        let Some(params) = &c.params else {
            if c.return_type.is_none() {
                return Vec::new();
            }
            return self.callable_rest(c, ac, path);
        };
        let tuple = |t: &Type| -> (Vec<Type>, Range) {
            match t.kind() {
                TypeKind::Tuple { types, size } => {
                    let ts = types.clone().unwrap_or_default();
                    let r = match size {
                        Some(r) => (r.from.unwrap_or(0), r.to),
                        None if ts.is_empty() => (0, None),
                        None => (ts.len() as i64, Some(ts.len() as i64)),
                    };
                    (ts, r)
                }
                _ => (Vec::new(), (0, None)),
            }
        };
        let (etypes, expected) = tuple(params);
        let (atypes, got) = match &ac.params {
            Some(p) => tuple(p),
            None => (Vec::new(), (0, None)),
        };
        if !range_covers(expected, got) {
            return vec![Mismatch {
                path: path.to_vec(),
                kind: Kind::Count {
                    expected,
                    actual: got,
                },
            }];
        }
        let mut out = Vec::new();
        if !etypes.is_empty() {
            for (i, at) in atypes.iter().enumerate() {
                let adx = i.min(etypes.len() - 1);
                let mut p = path.to_vec();
                p.push(PathEl::Index(adx));
                out.extend(self.describe(&etypes[adx], at, p));
            }
        }
        if !out.is_empty() {
            return out;
        }
        self.callable_rest(c, ac, path)
    }

    /// The return type and block parts of a callable against a callable.
    fn callable_rest(
        &mut self,
        c: &crate::types::CallableType,
        ac: &crate::types::CallableType,
        path: &[PathEl],
    ) -> Vec<Mismatch> {
        let this_return = c.return_type.as_ref().unwrap_or(any_type());
        let that_return = ac.return_type.as_ref().unwrap_or(any_type());
        if !is_assignable(this_return, that_return) {
            let mut p = path.to_vec();
            p.push(PathEl::Subject("return".to_string()));
            return vec![type_mismatch(&p, this_return, that_return, false)];
        }
        let this_block = c.block.as_ref().unwrap_or(undef_type());
        let that_block = ac.block.as_ref().unwrap_or(undef_type());
        if is_assignable(that_block, this_block) {
            Vec::new()
        } else {
            let mut p = path.to_vec();
            p.push(PathEl::Block);
            vec![type_mismatch(&p, this_block, that_block, false)]
        }
    }
}

/// Mismatch classes, in the order [`merge_descriptions`] tries them.
pub(super) const SIZE: u8 = 1;
pub(super) const TYPE: u8 = 2;
pub(super) const COUNT: u8 = 3;
pub(super) const MISSING_BLOCK: u8 = 4;
pub(super) const UNEXPECTED_BLOCK: u8 = 5;

/// Merge the descriptions of all variants: one generic mismatch when every
/// variant failed the same way (of one of `classes`, tried in order) at the
/// same place, else all of them (without repeats).
pub(super) fn merge_descriptions(
    varying: usize,
    classes: &[u8],
    variant_descriptions: Vec<Vec<Mismatch>>,
) -> Vec<Mismatch> {
    let count = variant_descriptions.len();
    let mut descriptions: Vec<Mismatch> = variant_descriptions.into_iter().flatten().collect();
    for &class in classes {
        let ms: Vec<&Mismatch> = descriptions.iter().filter(|d| d.class() == class).collect();
        if ms.len() == count && count > 0 {
            let mut acc = ms[0].clone();
            let mut ok = true;
            for m in &ms[1..] {
                if acc.canonical_path() != m.canonical_path() {
                    ok = false;
                    break;
                }
                acc = acc.merge(m);
            }
            if ok {
                descriptions = vec![acc];
                break;
            }
        }
    }
    // (the reference's `uniq` only ever drops repeated block mismatches: the
    // other kinds never compare equal there)
    let mut kept: Vec<Mismatch> = Vec::with_capacity(descriptions.len());
    for d in descriptions {
        let repeated = matches!(d.kind, Kind::MissingBlock | Kind::UnexpectedBlock)
            && kept
                .iter()
                .any(|k| k.class() == d.class() && k.canonical_path() == d.canonical_path());
        if !repeated {
            kept.push(d);
        }
    }
    let mut descriptions = kept;
    if descriptions.len() == 1 {
        let d = descriptions.pop().expect("one");
        vec![d.chop_path(varying)]
    } else {
        descriptions
    }
}
