//! `inline_epp(template, parameters)`: an EPP template given as text,
//! rendered in a scope under the caller's (so it sees the caller's
//! variables), with its declared parameters bound from `parameters` (or,
//! when it declares none, `parameters` as variables). The result is a
//! String, or a Sensitive String when a Sensitive value was rendered.

use super::Args;
use crate::error::Error;
use crate::eval::flow::EResult;
use crate::eval::interp::Interp;
use crate::eval::loader::Source;
use crate::syntax::ast::{Expr, ExprKind};
use crate::types::calc::{describe_mismatch, instance_of};
use crate::values::Value;
use std::sync::Arc;

/// The name the reference gives the text of an inline template in messages.
const INLINE: &str = "inlined-epp-text";

pub(super) fn inline_epp(interp: &mut Interp, a: &mut Args) -> EResult<Value> {
    let text = a.get(0).as_str().unwrap_or("").to_string();
    let source = Arc::new(Source::new(Some(INLINE), Arc::from(text.as_str())));
    let params = match a.get(1) {
        Value::Hash(h) => Some(h.clone()),
        _ => None,
    };
    let parent = interp.scopes.current();
    render_template(interp, "inline_epp", source, &text, params, parent)
}

/// Parse the template `text` (read from `source`) and render it with
/// `params` in a new scope under the scope `parent`; `function` names the
/// caller in the message of a syntax error.
pub(super) fn render_template(
    interp: &mut Interp,
    function: &str,
    source: Arc<Source>,
    text: &str,
    params: Option<Arc<crate::values::ValueMap>>,
    parent: usize,
) -> EResult<Value> {
    let program = crate::syntax::parser::parse_epp(text).map_err(|e| {
        let position = e.span.map_or(String::new(), |s| {
            let (l, c) = source.line_col(s.start as usize);
            format!(", line: {l}, column: {c}")
        });
        Error::evaluation(format!(
            "{function}(): Invalid EPP: {} (file: {}{position})",
            e.message,
            source.path.as_deref().unwrap_or(INLINE)
        ))
    })?;
    let saved = std::mem::replace(&mut interp.source, source.clone());
    interp.scopes.push(parent);
    let r = render(interp, &program.body, params.as_deref());
    interp.scopes.pop();
    let own = Arc::ptr_eq(&interp.source, &saved);
    interp.source = saved;
    match r {
        Err(crate::eval::flow::Flow::Error(e)) if !own && e.span.is_some() => {
            if interp.located.is_none() {
                interp.located = Some((source, e.span.unwrap_or_default()));
            }
            Err(e.into())
        }
        other => other,
    }
}

/// Bind the template's parameters and render its body.
fn render(
    interp: &mut Interp,
    body: &Expr,
    params: Option<&crate::values::ValueMap>,
) -> EResult<Value> {
    let ExprKind::Lambda(lambda) = &body.kind else {
        return interp.eval(body);
    };
    let declared = matches!(
        lambda.body.as_deref().map(|b| &b.kind),
        Some(ExprKind::Epp {
            parameters_specified: true,
            ..
        })
    );
    if declared {
        if let Some(h) = params {
            for k in h.keys() {
                let known = k
                    .as_str()
                    .is_some_and(|k| lambda.parameters.iter().any(|p| p.name == k));
                if !known {
                    return Err(Error::evaluation(format!(
                        "lambda: has no parameter named '{}'",
                        crate::eval::text::interpolate(k)
                    ))
                    .into());
                }
            }
        }
        for p in &lambda.parameters {
            let given = params.and_then(|h| h.get(&Value::from(p.name.as_str())).cloned());
            let v = match (given, &p.value) {
                (Some(v), _) => v,
                (None, Some(d)) => interp.eval(d)?,
                (None, None) => {
                    return Err(Error::evaluation(format!(
                        "lambda: expects a value for parameter '{}'",
                        p.name
                    ))
                    .into())
                }
            };
            if let Some(te) = &p.type_expr {
                if let Value::Type(t) = &interp.eval(te)? {
                    if !instance_of(t, &v) {
                        let why =
                            describe_mismatch(t, &v, Some(&format!("parameter '{}'", p.name)))
                                .unwrap_or_default();
                        return Err(Error::evaluation(format!("lambda: {why}")).into());
                    }
                }
            }
            interp.scopes.bind(&p.name, v);
        }
    } else if let Some(h) = params {
        for (k, v) in h.iter() {
            if let Some(name) = k.as_str() {
                interp.scopes.bind(name, v.clone());
            }
        }
    }
    interp.eval_opt(&lambda.body)
}
