//! The walk that compares an expected type with the actual (inferred) type
//! and collects the innermost mismatches, as the reference's
//! `TypeMismatchDescriber` does.

use super::mismatch::*;
use crate::types::calc::instance::{effective_key, key_is_optional};
use crate::types::calc::normalize::normalize;
use crate::types::calc::signatures::{merge_descriptions, SIZE, TYPE};
use crate::types::calc::{is_assignable, undef_type, MAX_TYPE_DEPTH};
use crate::types::{IntRange, StructElement, Type, TypeKind};
use std::sync::Arc;

/// The state of one description: how deep it is, the aliases it is inside,
/// and its steps (for stopping it when the host asks).
pub(in crate::types::calc) struct Describer {
    depth: u32,
    /// The (alias, actual type) pairs being described, innermost last.
    aliases: Vec<(usize, usize)>,
    /// Steps of this description, for stopping it when the host asks (see [`crate::stop`]).
    steps: crate::stop::Steps,
}

impl Describer {
    /// A describer at depth 0.
    pub(in crate::types::calc) fn new() -> Describer {
        Describer {
            depth: 0,
            aliases: Vec::new(),
            steps: crate::stop::Steps::new(),
        }
    }

    pub(in crate::types::calc) fn describe(
        &mut self,
        expected: &Type,
        actual: &Type,
        path: Vec<PathEl>,
    ) -> Vec<Mismatch> {
        if let Some(n) = find_unresolved(expected, 0) {
            return vec![Mismatch {
                path,
                kind: Kind::Unresolved(n),
            }];
        }
        if self.steps.stop() {
            return Vec::new();
        }
        if self.depth >= MAX_TYPE_DEPTH {
            crate::types::calc::too_deep("types", MAX_TYPE_DEPTH);
            return Vec::new();
        }
        self.depth += 1;
        let r = crate::stack::deep(|| self.internal(&normalize(expected), expected, actual, &path));
        self.depth -= 1;
        r
    }

    fn internal(
        &mut self,
        expected: &Type,
        original: &Type,
        actual: &Type,
        path: &[PathEl],
    ) -> Vec<Mismatch> {
        use TypeKind as K;
        match expected.kind() {
            K::Variant(ts) => self.variant(ts, original, actual, path),
            K::Struct(es) => self.structure(es.as_deref().unwrap_or(&[]), original, actual, path),
            K::Hash { key, value, size } => self.hash(key, value, size, original, actual, path),
            K::Tuple { types, size } => self.tuple(
                expected,
                types.as_deref().unwrap_or(&[]),
                size,
                original,
                actual,
                path,
            ),
            K::Array { element, size } => self.array(element, size, original, actual, path),
            K::Optional(inner) => {
                if matches!(actual.kind(), K::Undef) {
                    return Vec::new();
                }
                let Some(inner) = inner else {
                    return Vec::new();
                };
                let orig = if matches!(original.kind(), K::Alias(_)) {
                    original.clone()
                } else {
                    expected.clone()
                };
                self.internal(inner, &orig, actual, path)
            }
            K::Pattern(_) | K::Enum { .. } => vec![type_mismatch(path, original, actual, true)],
            K::Callable(c) => self.callable(c, original, actual, path),
            K::Alias(a) => match a.resolved() {
                Some(r) => {
                    // An alias met again for the same actual type without a
                    // container in between (`A = Variant[B]`, `B = Optional[A]`)
                    // adds nothing: the mismatch is said of the outer type.
                    let key = (
                        Arc::as_ptr(a) as usize,
                        actual.kind() as *const TypeKind as usize,
                    );
                    if self.aliases.contains(&key) {
                        return Vec::new();
                    }
                    self.aliases.push(key);
                    let r = normalize(r);
                    let found = crate::stack::deep(|| self.internal(&r, expected, actual, path));
                    self.aliases.pop();
                    found
                }
                None => Vec::new(),
            },
            _ => {
                if is_assignable(expected, actual) {
                    Vec::new()
                } else {
                    vec![type_mismatch(path, original, actual, false)]
                }
            }
        }
    }

    fn variant(
        &mut self,
        ts: &[Type],
        original: &Type,
        actual: &Type,
        path: &[PathEl],
    ) -> Vec<Mismatch> {
        let mut types: Vec<Type> = ts.to_vec();
        if matches!(original.kind(), TypeKind::Optional(_)) {
            types.insert(0, undef_type().clone());
        }
        let mut all = Vec::new();
        for (i, vt) in types.iter().enumerate() {
            let mut p = path.to_vec();
            p.push(PathEl::Variant(i));
            let d = self.describe(vt, actual, p);
            if d.is_empty() {
                return Vec::new();
            }
            all.push(d);
        }
        let descriptions = merge_descriptions(path.len(), &[SIZE, TYPE], all);
        if matches!(original.kind(), TypeKind::Alias(_)) && descriptions.len() == 1 {
            vec![type_mismatch(path, original, actual, false)]
        } else {
            descriptions
        }
    }

    fn structure(
        &mut self,
        es: &[StructElement],
        original: &Type,
        actual: &Type,
        path: &[PathEl],
    ) -> Vec<Mismatch> {
        let mut out = Vec::new();
        match actual.kind() {
            TypeKind::Struct(aes) => {
                let mut rest: Vec<&StructElement> = aes.as_deref().unwrap_or(&[]).iter().collect();
                for e1 in es {
                    match rest.iter().position(|e2| e2.name() == e1.name()) {
                        None => {
                            if !key_is_optional(e1) {
                                out.push(Mismatch {
                                    path: path.to_vec(),
                                    kind: Kind::MissingKey(e1.name().to_string()),
                                });
                            }
                        }
                        Some(i) => {
                            let e2 = rest.remove(i);
                            let (k1, k2) = (effective_key(e1), effective_key(e2));
                            if !is_assignable(&k1, &k2) {
                                let mut p = path.to_vec();
                                p.push(PathEl::EntryKey(e1.name().to_string()));
                                out.extend(self.describe(&k1, &k2, p));
                            }
                            if !is_assignable(&e1.value_type, &e2.value_type) {
                                let mut p = path.to_vec();
                                p.push(PathEl::EntryValue(e1.name().to_string()));
                                out.extend(self.describe(&e1.value_type, &e2.value_type, p));
                            }
                        }
                    }
                }
                for e2 in rest {
                    out.push(Mismatch {
                        path: path.to_vec(),
                        kind: Kind::ExtraneousKey(e2.name().to_string()),
                    });
                }
            }
            TypeKind::Hash { key, value, size } => {
                let required = es.iter().filter(|e| !key_is_optional(e)).count() as i64;
                let expected = (required, Some(es.len() as i64));
                let actual_size = range_of(size);
                if covers(expected, actual_size) {
                    out.push(type_mismatch(
                        path,
                        original,
                        &plain_hash(key, value),
                        false,
                    ));
                } else {
                    out.push(size_mismatch(path, expected, actual_size));
                }
            }
            _ => out.push(type_mismatch(path, original, actual, false)),
        }
        out
    }

    fn hash(
        &mut self,
        key: &Type,
        value: &Type,
        size: &Option<IntRange>,
        original: &Type,
        actual: &Type,
        path: &[PathEl],
    ) -> Vec<Mismatch> {
        let mut out = Vec::new();
        match actual.kind() {
            TypeKind::Struct(aes) => {
                let aes = aes.as_deref().unwrap_or(&[]);
                let expected = range_of(size);
                let required = aes.iter().filter(|e| !key_is_optional(e)).count() as i64;
                let actual_size = (required, Some(aes.len() as i64));
                if covers(expected, actual_size) {
                    for a in aes {
                        let ak = effective_key(a);
                        if !is_assignable(key, &ak) {
                            let mut p = path.to_vec();
                            p.push(PathEl::EntryKey(a.name().to_string()));
                            out.extend(self.describe(key, &ak, p));
                        }
                        if !is_assignable(value, &a.value_type) {
                            let mut p = path.to_vec();
                            p.push(PathEl::EntryValue(a.name().to_string()));
                            out.extend(self.describe(value, &a.value_type, p));
                        }
                    }
                } else {
                    out.push(size_mismatch(path, expected, actual_size));
                }
            }
            TypeKind::Hash {
                key: ak,
                value: av,
                size: asize,
            } => {
                out.push(collection_mismatch(path, original, size, asize, || {
                    plain_hash(ak, av)
                }));
            }
            _ => out.push(type_mismatch(path, original, actual, false)),
        }
        out
    }

    fn array(
        &mut self,
        element: &Type,
        size: &Option<IntRange>,
        original: &Type,
        actual: &Type,
        path: &[PathEl],
    ) -> Vec<Mismatch> {
        let mut out = Vec::new();
        match actual.kind() {
            TypeKind::Tuple { types, size: asize } => {
                let types = types.as_deref().unwrap_or(&[]);
                let expected = range_of(size);
                let actual_size = match asize {
                    Some(_) => range_of(asize),
                    None => (types.len() as i64, Some(types.len() as i64)),
                };
                if covers(expected, actual_size) {
                    for (i, t) in types.iter().enumerate() {
                        if !is_assignable(element, t) {
                            let mut p = path.to_vec();
                            p.push(PathEl::Index(i));
                            out.extend(self.describe(element, t, p));
                        }
                    }
                } else {
                    out.push(size_mismatch(path, expected, actual_size));
                }
            }
            TypeKind::Array {
                element: ae,
                size: asize,
            } => {
                out.push(collection_mismatch(path, original, size, asize, || {
                    Type::from_kind(TypeKind::Array {
                        element: ae.clone(),
                        size: None,
                    })
                }));
            }
            _ => out.push(type_mismatch(path, original, actual, false)),
        }
        out
    }

    fn tuple(
        &mut self,
        expected_t: &Type,
        types: &[Type],
        size: &Option<IntRange>,
        original: &Type,
        actual: &Type,
        path: &[PathEl],
    ) -> Vec<Mismatch> {
        if expected_t == actual
            || (types.is_empty() && matches!(actual.kind(), TypeKind::Array { .. }))
        {
            return Vec::new();
        }
        let tuple_range = |ts: &[Type], s: &Option<IntRange>| match s {
            Some(_) => range_of(s),
            None if ts.is_empty() => (0, None),
            None => (ts.len() as i64, Some(ts.len() as i64)),
        };
        let expected = tuple_range(types, size);
        match actual.kind() {
            TypeKind::Tuple {
                types: ats,
                size: asize,
            } => {
                let ats = ats.as_deref().unwrap_or(&[]);
                let actual_size = tuple_range(ats, asize);
                if !covers(expected, actual_size) {
                    return vec![size_mismatch(path, expected, actual_size)];
                }
                let mut out = Vec::new();
                if !types.is_empty() {
                    for (i, at) in ats.iter().enumerate() {
                        let adx = i.min(types.len() - 1);
                        let mut p = path.to_vec();
                        p.push(PathEl::Index(adx));
                        out.extend(self.describe(&types[adx], at, p));
                    }
                }
                out
            }
            TypeKind::Array {
                element,
                size: asize,
            } => {
                let actual_size = range_of(asize);
                if !covers(expected, actual_size) {
                    return vec![size_mismatch(path, expected, actual_size)];
                }
                let mut out = Vec::new();
                for (i, et) in types.iter().enumerate() {
                    let mut p = path.to_vec();
                    p.push(PathEl::Index(i));
                    out.extend(self.describe(et, element, p));
                }
                out
            }
            _ => vec![type_mismatch(path, original, actual, false)],
        }
    }
}

pub(super) fn plain_hash(k: &Type, v: &Type) -> Type {
    Type::from_kind(TypeKind::Hash {
        key: k.clone(),
        value: v.clone(),
        size: None,
    })
}
