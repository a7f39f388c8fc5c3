//! The built-in functions: the pure functions of Puppet's core library, by
//! their reference names, each checked against the reference's dispatch
//! signatures (`signatures.txt`, written by
//! `tools/ref_function_signatures.rb`) before it runs, so that a call that
//! fits none gets the reference's message. The implementation learns which
//! signature matched ([`Args::sig`]) when that matters.
//!
//! Functions that need a catalog, ERB or a command are known by name and
//! raise an error saying so (see `docs/status.md`).

pub(crate) use strings::ruby_float;

mod collections;
mod epp;
mod files;
mod iteration;
mod logging;
mod lookup;
mod numbers;
mod random;
mod strings;
mod text;
mod values;

use super::calls::Block;
use super::flow::EResult;
use super::interp::Interp;
use crate::error::Error;
use crate::syntax::span::Span;
use crate::types::calc::{describe_signatures, infer_set, signature_accepts, Signature};
use crate::types::Type;
use crate::values::Value;
use std::collections::HashMap;
use std::sync::OnceLock;

/// A built-in function's implementation.
pub(crate) type Imp = fn(&mut Interp, &mut Args) -> EResult<Value>;

/// A built-in function.
pub(crate) struct Builtin {
    pub(crate) name: &'static str,
    imp: Imp,
}

/// The arguments of a call of a built-in function.
pub(crate) struct Args<'b> {
    /// The argument values (for a method call, the receiver first).
    pub(crate) values: Vec<Value>,
    /// The lambda given, if any.
    pub(crate) block: Option<Block<'b>>,
    /// Which of the function's signatures the arguments matched.
    pub(crate) sig: usize,
    /// The call.
    pub(crate) span: Span,
    /// The function's name.
    pub(crate) name: &'static str,
}

impl<'b> Args<'b> {
    /// The `i`-th argument (`undef` when not given).
    pub(crate) fn get(&self, i: usize) -> &Value {
        self.values.get(i).unwrap_or(&crate::values::UNDEF)
    }

    /// The block; dispatch has checked it is there when the signature requires one.
    pub(crate) fn block(&self) -> EResult<Block<'b>> {
        self.block
            .ok_or_else(|| Error::evaluation("expects a block").into())
    }
}

/// A hasher for the short names of the function tables (FNV-1a: these keys
/// are the crate's own, so no protection against chosen collisions is needed,
/// and SipHash's setup costs more than the lookup).
#[derive(Default, Clone, Copy)]
pub(crate) struct NameHasher(u64);

impl std::hash::Hasher for NameHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut h = if self.0 == 0 {
            0xcbf2_9ce4_8422_2325
        } else {
            self.0
        };
        for b in bytes {
            h = (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = h;
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

type NameMap<V> = HashMap<&'static str, V, std::hash::BuildHasherDefault<NameHasher>>;

macro_rules! table {
    ($($name:literal => $imp:path,)*) => {
        /// The built-in function called `name`.
        pub(crate) fn lookup(name: &str) -> Option<&'static Builtin> {
            static ALL: &[Builtin] = &[$(Builtin { name: $name, imp: $imp },)*];
            static INDEX: OnceLock<NameMap<usize>> = OnceLock::new();
            let index = INDEX.get_or_init(|| ALL.iter().enumerate().map(|(i, b)| (b.name, i)).collect());
            index.get(name).map(|&i| &ALL[i])
        }

        /// The names of the built-in functions.
        #[cfg(test)]
        pub(crate) fn names() -> Vec<&'static str> {
            vec![$($name,)*]
        }
    };
}

table! {
    "abs" => numbers::abs,
    "alert" => logging::alert,
    "all" => iteration::all,
    "any" => iteration::any,
    "assert_type" => values::assert_type,
    "break" => logging::break_,
    "call" => values::call,
    "camelcase" => strings::camelcase,
    "capitalize" => strings::capitalize,
    "ceiling" => numbers::ceiling,
    "chomp" => strings::chomp,
    "chop" => strings::chop,
    "compare" => collections::compare,
    "convert_to" => values::convert_to,
    "crit" => logging::crit,
    "debug" => logging::debug,
    "dig" => collections::dig,
    "downcase" => strings::downcase,
    "each" => iteration::each,
    "emerg" => logging::emerg,
    "empty" => collections::empty,
    "err" => logging::err,
    "fail" => logging::fail,
    "filter" => iteration::filter,
    "flatten" => collections::flatten,
    "floor" => numbers::floor,
    "get" => collections::get,
    "getvar" => collections::getvar,
    "group_by" => iteration::group_by,
    "index" => iteration::index,
    "info" => logging::info,
    "join" => strings::join,
    "keys" => collections::keys,
    "length" => collections::size,
    "lest" => iteration::lest,
    "lstrip" => strings::lstrip,
    "map" => iteration::map,
    "match" => strings::match_,
    "max" => collections::max,
    "md5" => text::md5,
    "min" => collections::min,
    "new" => values::new,
    "next" => logging::next,
    "notice" => logging::notice,
    "partition" => iteration::partition,
    "reduce" => iteration::reduce,
    "regsubst" => strings::regsubst,
    "return" => logging::return_,
    "reverse_each" => iteration::reverse_each,
    "round" => numbers::round,
    "rstrip" => strings::rstrip,
    "sha1" => text::sha1,
    "sha256" => text::sha256,
    "shellquote" => text::shellquote,
    "size" => collections::size,
    "slice" => iteration::slice,
    "sort" => collections::sort,
    "split" => strings::split,
    "sprintf" => text::sprintf,
    "step" => iteration::step,
    "strftime" => values::strftime,
    "strip" => strings::strip,
    "then" => iteration::then,
    "tree_each" => iteration::tree_each,
    "type" => values::type_fn,
    "unique" => collections::unique,
    "unwrap" => values::unwrap,
    "upcase" => strings::upcase,
    "values" => collections::values,
    "versioncmp" => text::versioncmp,
    "warning" => logging::warning,
    "with" => iteration::with,
    // functions that need what this evaluator does not have
    "annotate" => logging::unsupported,
    "binary_file" => files::binary_file,
    "contain" => logging::catalog,
    "create_resources" => logging::catalog,
    "defined" => logging::catalog,
    "digest" => logging::unsupported,
    "epp" => files::epp,
    "eyaml_lookup_key" => logging::unsupported,
    "file" => files::file,
    "find_file" => files::find_file,
    "find_template" => files::find_template,
    "fqdn_rand" => random::fqdn_rand,
    "generate" => logging::unsupported,
    "hiera" => lookup::hiera,
    "hiera_array" => lookup::hiera_array,
    "hiera_hash" => lookup::hiera_hash,
    "hiera_include" => logging::unsupported,
    "hocon_data" => logging::unsupported,
    "import" => logging::unsupported,
    "include" => logging::catalog,
    "inline_epp" => epp::inline_epp,
    "inline_template" => logging::unsupported,
    "json_data" => logging::unsupported,
    "lookup" => lookup::lookup,
    "module_directory" => files::module_directory,
    "realize" => logging::catalog,
    "require" => logging::catalog,
    "scanf" => logging::unsupported,
    "tag" => logging::catalog,
    "tagged" => logging::catalog,
    "template" => logging::unsupported,
    "yaml_data" => logging::unsupported,
}

/// One signature of a built-in function, as read from `signatures.txt`.
pub(crate) struct Sig {
    pub(crate) params: Type,
    pub(crate) names: Vec<String>,
    pub(crate) block: Option<Type>,
    pub(crate) block_name: String,
}

impl Sig {
    fn view(&self) -> Signature<'_> {
        Signature {
            params: &self.params,
            names: &self.names,
            block: self.block.as_ref(),
            block_name: &self.block_name,
        }
    }
}

const SIGNATURES: &str = include_str!("signatures.txt");

/// The signature tables: by function name (types' new functions as
/// `Type:<name>`), and the new function's name of each type.
struct Table {
    sigs: NameMap<Vec<Sig>>,
    /// Each type's new function: its name and signatures, by type name.
    new_functions: NameMap<(&'static str, Vec<Sig>)>,
}

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| {
        // local aliases: `=Name` for the functions, `=Type:Name` for a type's new function
        let global = crate::types::aliases::AliasRegistry::new();
        let mut scoped: HashMap<&str, crate::types::aliases::AliasRegistry> = HashMap::new();
        for line in SIGNATURES.lines() {
            if let Some((name, body)) = line.strip_prefix('=').and_then(|d| d.split_once('\t')) {
                match name.split_once(':') {
                    Some((ty, n)) => {
                        let _ = scoped.entry(ty).or_default().add(n, body);
                    }
                    None => {
                        let _ = global.add(name, body);
                    }
                }
            }
        }
        let mut sigs: NameMap<Vec<Sig>> = NameMap::default();
        let mut new_names: NameMap<&'static str> = NameMap::default();
        for line in SIGNATURES.lines().filter(|l| !l.starts_with('=')) {
            if let Some((ty, f)) = line.strip_prefix('@').and_then(|d| d.split_once('\t')) {
                new_names.insert(ty, f);
                continue;
            }
            let cols: Vec<&'static str> = line.split('\t').collect();
            let [name, params, names, block, block_name] = cols[..] else {
                continue;
            };
            let registry = match name.strip_prefix("Type:") {
                Some(ty) => scoped.get(ty).unwrap_or(&global),
                None => &global,
            };
            let parser = crate::types::parse::TypeParser::new()
                .with_aliases(registry)
                .cached(false);
            let params = if params == "Tuple[0, 0]" {
                // (the parser makes `Tuple[0, 0]` the tuple of any size)
                crate::types::Type::from_kind(crate::types::TypeKind::Tuple {
                    types: Some(Vec::new()),
                    size: Some(crate::types::IntRange::new(Some(0), Some(0))),
                })
            } else {
                match parser.parse(params) {
                    Ok(t) => t,
                    Err(_) => continue,
                }
            };
            // (a block type may be written `Alias = Definition`: the alias is defined above)
            let block = match block.split_once(" = ") {
                Some((alias, _)) if alias.chars().all(|c| c.is_ascii_alphanumeric()) => alias,
                _ => block,
            };
            let block = match block {
                "" => None,
                b => match parser.parse(b) {
                    Ok(t) => Some(t),
                    Err(_) => continue,
                },
            };
            sigs.entry(name).or_default().push(Sig {
                params,
                names: names
                    .split(',')
                    .filter(|n| !n.is_empty())
                    .map(String::from)
                    .collect(),
                block,
                block_name: block_name.to_string(),
            });
        }
        let new_functions = new_names
            .iter()
            .map(|(ty, f)| {
                let key = format!("Type:{ty}");
                let found = sigs.iter().find(|(k, _)| **k == key).map(|(k, _)| *k);
                let list = found.and_then(|k| sigs.remove(k)).unwrap_or_default();
                (*ty, (*f, list))
            })
            .collect();
        Table {
            sigs,
            new_functions,
        }
    })
}

/// The signatures of the function `name` (none for a name not in the file).
pub(crate) fn signatures(name: &str) -> &'static [Sig] {
    table().sigs.get(name).map_or(&[], Vec::as_slice)
}

/// The name and signatures of the new function of the type named `type_name`
/// (`Integer` -> `new`, `Float` -> `new_float`).
pub(crate) fn new_function(type_name: &str) -> Option<(&'static str, &'static [Sig])> {
    let (name, sigs) = table().new_functions.get(type_name)?;
    Some((name, sigs.as_slice()))
}

/// Check `values` against the signatures of `name`; the reference's message when none fits.
pub(crate) fn check_signatures(name: &str, sigs: &[Sig], values: &[Value]) -> Result<(), Error> {
    if sigs.is_empty()
        || sigs
            .iter()
            .any(|s| signature_accepts(&s.view(), values, None))
    {
        return Ok(());
    }
    let views: Vec<Signature> = sigs.iter().map(Sig::view).collect();
    let actual: Vec<Type> = values.iter().map(infer_set).collect();
    Err(Error::evaluation(describe_signatures(
        &format!("'{name}'"),
        &views,
        &actual,
        None,
    )))
}

/// Check `values` (and the block) against the signatures of `b`, then run it.
pub(crate) fn invoke(
    interp: &mut Interp,
    b: &Builtin,
    values: Vec<Value>,
    block: Option<Block>,
    span: Span,
) -> EResult<Value> {
    let sigs = signatures(b.name);
    let mut sig = 0;
    if !sigs.is_empty() {
        let block_type = match &block {
            Some(bl) => Some(interp.block_type(bl)?),
            None => None,
        };
        match sigs
            .iter()
            .position(|s| signature_accepts(&s.view(), &values, block_type.as_ref()))
        {
            Some(i) => sig = i,
            None => {
                if let Some(message) = custom_mismatch(b.name, &values) {
                    return Err(Error::evaluation(message).into());
                }
                let views: Vec<Signature> = sigs.iter().map(Sig::view).collect();
                let actual: Vec<Type> = values.iter().map(infer_set).collect();
                let label = format!("'{}'", b.name);
                return Err(Error::evaluation(describe_signatures(
                    &label,
                    &views,
                    &actual,
                    block_type.as_ref(),
                ))
                .into());
            }
        }
    }
    let mut args = Args {
        values,
        block,
        sig,
        span,
        name: b.name,
    };
    (b.imp)(interp, &mut args)
}

/// The reference's own words for arguments that fit no signature, for the
/// functions that have them (its `argument_mismatch` dispatches).
fn custom_mismatch(name: &str, values: &[Value]) -> Option<String> {
    match name {
        "compare" => collections::compare_mismatch(values).map(|m| format!("'compare' {m}")),
        "getvar" if matches!(values.first(), Some(Value::String(_))) && values.len() <= 2 => {
            Some("The given string does not start with a valid variable name".to_string())
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_builtin_has_the_reference_signatures() {
        for name in super::names() {
            if ["scanf", "eyaml_lookup_key"].contains(&name) {
                continue;
            }
            assert!(!super::signatures(name).is_empty(), "{name}");
        }
    }
}
