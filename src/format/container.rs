//! Arrays and hashes: delimiters, separators, the formats of nested values,
//! and the `#` alternate forms (indentation of nested containers, width as
//! the longest run of plain elements on one line, one hash entry per line).

use super::map::{defaults, Fmt, Rules};
use super::string::is_rstrip_char;
use super::{illegal, Converter, Indent};
use crate::error::Result;
use crate::values::{Value, ValueMap};

/// True for the values whose elements are formatted with the whole map (not `string_formats`).
pub fn is_container(v: &Value) -> bool {
    matches!(v, Value::Array(_) | Value::Hash(_) | Value::Deferred(_))
}

fn is_array_or_hash(v: &Value) -> bool {
    matches!(v, Value::Array(_) | Value::Hash(_))
}

/// Remove Ruby-`rstrip` characters from the end of `buf`, never before `floor`.
fn rstrip_from(buf: &mut String, floor: usize) {
    let bytes = buf.as_bytes();
    let mut end = bytes.len();
    while end > floor && is_rstrip_char(bytes[end - 1]) {
        end -= 1;
    }
    buf.truncate(end);
}

fn push_padding(buf: &mut String, level: usize) {
    for _ in 0..level {
        buf.push_str("  ");
    }
}

impl Converter<'_> {
    /// Format an array (or tuple) with `f`.
    pub(super) fn array(
        &mut self,
        items: &[Value],
        f: &Fmt,
        rules: &Rules,
        ind: Indent,
    ) -> Result<()> {
        let spec = &f.spec;
        if !matches!(spec.letter, b'a' | b's' | b'p') {
            return Err(illegal("Array", spec, "asp"));
        }
        let sep: &str = f.separator.as_deref().unwrap_or(", ");
        let strings = f.string_formats.as_ref().unwrap_or(&Rules::Container);
        let (open, close) = spec.delimiters(("[", "]"));
        let ind = ind.indenting(spec.alt || ind.indenting);
        let start = self.buf.len();
        if ind.breaks() {
            self.buf.push('\n');
            push_padding(self.buf, ind.level);
        }
        self.buf.push_str(open);
        let child = Indent {
            level: ind.level + 1,
            first: false,
            indenting: spec.alt,
        };
        let rules_for = |v: &Value| if is_container(v) { rules } else { strings };
        if let (true, Some(width)) = (spec.alt, spec.width) {
            // Render the elements first: the line limit depends on their lengths.
            let mut mapped = Vec::with_capacity(items.len());
            for v in items {
                let mut s = String::new();
                self.nested(&mut s, v, rules_for(v), child)?;
                mapped.push(s);
            }
            let mut widest = 0usize;
            let mut run = 0usize;
            for (v, s) in items.iter().zip(&mapped) {
                if is_array_or_hash(v) {
                    run = 0;
                } else {
                    run += s.chars().count();
                    widest = widest.max(run);
                }
            }
            let sz_break = widest > width;
            for (i, s) in mapped.iter().enumerate() {
                self.separate(start, i, items, sep, sz_break, spec.alt, child.level);
                self.join_child(start, s);
            }
        } else {
            for (i, v) in items.iter().enumerate() {
                self.separate(start, i, items, sep, false, spec.alt, child.level);
                let mark = self.buf.len();
                self.value(v, rules_for(v), child)?;
                self.fix_child_break(start, mark);
            }
        }
        self.buf.push_str(close);
        Ok(())
    }

    /// The text before element `i`: a separator, and a line break where the layout asks.
    #[allow(clippy::too_many_arguments)]
    fn separate(
        &mut self,
        start: usize,
        i: usize,
        items: &[Value],
        sep: &str,
        sz_break: bool,
        alt: bool,
        level: usize,
    ) {
        let v = &items[i];
        if i == 0 {
            if sz_break && !is_array_or_hash(v) {
                self.buf.push(' ');
            }
            return;
        }
        self.buf.push_str(sep);
        if (sz_break && !is_array_or_hash(v))
            || (alt && is_array_or_hash(&items[i - 1]) && !is_array_or_hash(v))
        {
            if !self.buf.ends_with('\n') {
                rstrip_from(self.buf, start);
            }
            self.buf.push('\n');
            push_padding(self.buf, level);
        }
    }

    /// Append an already rendered child, dropping trailing blanks before a child that
    /// starts on a new line.
    fn join_child(&mut self, start: usize, s: &str) {
        if s.starts_with('\n') && self.buf.ends_with(' ') {
            rstrip_from(self.buf, start);
        }
        self.buf.push_str(s);
    }

    /// A child was written at `mark`: if it starts on a new line after a blank, drop the
    /// trailing blanks before it.
    fn fix_child_break(&mut self, start: usize, mark: usize) {
        let b = self.buf.as_bytes();
        if mark > start && b.get(mark) == Some(&b'\n') && b[mark - 1] == b' ' {
            let mut end = mark;
            while end > start && is_rstrip_char(b[end - 1]) {
                end -= 1;
            }
            self.buf.replace_range(end..mark, "");
        }
    }

    /// Format a hash (or struct) with `f`.
    pub(super) fn hash(
        &mut self,
        map: &ValueMap,
        f: &Fmt,
        rules: &Rules,
        ind: Indent,
    ) -> Result<()> {
        let spec = &f.spec;
        match spec.letter {
            b'a' => {
                let pairs: Vec<Value> = map
                    .iter()
                    .map(|(k, v)| Value::array(vec![k.clone(), v.clone()]))
                    .collect();
                let v = Value::array(pairs);
                return self.value(&v, rules, ind);
            }
            b'h' | b's' | b'p' => {}
            _ => return Err(illegal("Hash", spec, "hasp")),
        }
        let d = defaults();
        let sep: &str = f.separator.as_deref().unwrap_or(", ");
        let assoc: &str = f.separator2.as_deref().unwrap_or(" => ");
        let _ = d;
        let strings = f.string_formats.as_ref().unwrap_or(&Rules::Container);
        let (open, close) = spec.delimiters(("{", "}"));
        let alt_sep;
        let sep = if spec.alt {
            let base = if sep.ends_with('\n') {
                sep
            } else {
                sep.trim_end_matches(|c: char| c.is_ascii() && is_rstrip_char(c as u8))
            };
            alt_sep = format!("{base}\n");
            alt_sep.as_str()
        } else {
            sep
        };
        let ind = ind.indenting(spec.alt || ind.indenting);
        if ind.breaks() {
            self.buf.push('\n');
            push_padding(self.buf, ind.level);
        }
        let child = Indent {
            level: ind.level + 1,
            first: true,
            indenting: false,
        };
        self.buf.push_str(open);
        if spec.alt {
            self.buf.push('\n');
        }
        for (i, (k, v)) in map.iter().enumerate() {
            if i > 0 {
                self.buf.push_str(sep);
            }
            if spec.alt {
                push_padding(self.buf, child.level);
            }
            self.value(k, if is_container(k) { rules } else { strings }, child)?;
            self.buf.push_str(assoc);
            self.value(v, if is_container(v) { rules } else { strings }, child)?;
        }
        if spec.alt {
            self.buf.push('\n');
            push_padding(self.buf, ind.level);
        }
        self.buf.push_str(close);
        Ok(())
    }
}
