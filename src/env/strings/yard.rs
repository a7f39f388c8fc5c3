//! Docstrings as puppet-strings reads them (YARD's rules): the text, and the
//! `@tag` lines with their continuation lines (indented further than the tag
//! line) parsed by kind: `@param [Type] name text`, `@return [Type] text`,
//! `@example Title` then code, `@see name text`, `@option hash [Type] :key
//! text`, `@enum`, and the text tags (`@summary`, `@note`, `@api`, ...).
//! Unknown tags, malformed tags and directives (`@!...`) are left out, as
//! YARD leaves them out of the tag list.

/// A parsed docstring.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Docstring {
    /// The text outside tags, trimmed.
    pub text: String,
    /// The tags, in source order.
    pub tags: Vec<Tag>,
}

/// One tag.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tag {
    /// The tag's name without `@` (`param`).
    pub tag_name: String,
    /// Its text (`None` when the tag has none, e.g. `@see x`).
    pub text: Option<String>,
    /// Its types (`[String, Integer]`), when given.
    pub types: Option<Vec<String>>,
    /// Its name (the parameter, the example's title, the option hash).
    pub name: Option<String>,
    /// For `@option` and `@enum`: the key and its own text and types.
    pub pair: Option<Box<Tag>>,
}

impl Tag {
    /// A tag with `text`, `types` and `name`.
    pub fn new(
        tag_name: &str,
        text: Option<String>,
        types: Option<Vec<String>>,
        name: Option<String>,
    ) -> Tag {
        Tag {
            tag_name: tag_name.to_string(),
            text,
            types,
            name,
            pair: None,
        }
    }
}

/// How a tag's text is read.
#[derive(Clone, Copy)]
enum Form {
    Text,
    Name,
    Types,
    TypesAndName,
    TitleAndText,
    Options,
    Enums,
}

fn form(tag: &str) -> Option<Form> {
    Some(match tag {
        "abstract" | "api" | "author" | "deprecated" | "note" | "private" | "since" | "todo"
        | "version" | "summary" => Form::Text,
        "see" => Form::Name,
        "raise" | "return" | "yield" | "yieldreturn" => Form::Types,
        "attr" | "attr_reader" | "attr_writer" | "param" | "yieldparam" => Form::TypesAndName,
        "example" => Form::TitleAndText,
        "option" => Form::Options,
        "enum" => Form::Enums,
        _ => return None,
    })
}

/// Tag names YARD treats as directives even without `@!`.
const DIRECTIVES: [&str; 7] = [
    "attribute",
    "endgroup",
    "group",
    "macro",
    "method",
    "scope",
    "visibility",
];

/// Whitespace as Ruby's `\s` sees it.
fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\u{b}' | '\u{c}' | '\r')
}

/// Ruby's `String#strip`.
fn strip(s: &str) -> &str {
    s.trim_matches(|c: char| is_space(c) || c == '\0')
}

/// `^\s*` length, in characters.
fn indent_of(line: &str) -> usize {
    line.chars().take_while(|&c| is_space(c)).count()
}

/// A tag line (`@name rest`): `(directive, name, rest)`.
fn meta(line: &str) -> Option<(bool, &str, &str)> {
    let rest = line.strip_prefix('@')?;
    let (directive, rest) = match rest.strip_prefix('!') {
        Some(r) => (true, r),
        None => (false, rest),
    };
    // ((?:\w\.?)+): word characters, each optionally followed by one dot
    let bytes = rest.as_bytes();
    let mut i = 0;
    while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
        i += 1;
        if i < bytes.len() && bytes[i] == b'.' {
            i += 1;
        }
    }
    if i == 0 {
        return None;
    }
    let name = &rest[..i];
    let after = &rest[i..];
    if after.is_empty() {
        return Some((directive, name, ""));
    }
    if !after.starts_with(is_space) {
        return None;
    }
    Some((directive, name, after.trim_start_matches(is_space)))
}

/// Ruby's `split(/\r?\n/)`: trailing empty fields dropped.
fn split_lines(s: &str) -> Vec<&str> {
    let mut v: Vec<&str> = s
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .collect();
    while v.last() == Some(&"") {
        v.pop();
    }
    v
}

/// Parse a docstring.
pub fn parse(content: &str) -> Docstring {
    let mut tags = Vec::new();
    let text = parse_content(content, &mut tags);
    Docstring {
        text: strip(&text).to_string(),
        tags,
    }
}

fn parse_content(content: &str, tags: &mut Vec<Tag>) -> String {
    let lines = split_lines(content);
    let mut docstring = String::new();
    if lines.is_empty() {
        return docstring;
    }
    let mut last_indent = 0;
    let mut orig_indent = 0;
    let mut directive = false;
    let mut last_line = "";
    let mut tag_name: Option<&str> = None;
    let mut tag_buf: Vec<String> = Vec::new();
    let count = lines.len();
    for (index, line) in lines.iter().copied().chain(std::iter::once("")).enumerate() {
        let indent = indent_of(line);
        let empty = line.chars().all(is_space);
        let done = index == count;
        let line_meta = meta(line);
        if let Some(name) = tag_name {
            if (indent < orig_indent && !empty)
                || done
                || (indent == 0 && !empty)
                || (indent <= last_indent && line_meta.is_some())
            {
                let buf = tag_buf.join("\n");
                if !(directive || DIRECTIVES.contains(&name)) {
                    if let Some(t) = create_tag(name, &buf) {
                        tags.extend(t);
                    }
                }
                tag_name = None;
                tag_buf.clear();
                directive = false;
                orig_indent = 0;
            }
        }
        if let Some((d, name, rest)) = line_meta {
            directive = d;
            tag_name = Some(name);
            tag_buf = vec![rest.to_string()];
        } else if tag_name.is_some() && indent >= orig_indent && !empty {
            if orig_indent == 0 {
                orig_indent = indent;
            }
            if last_line.chars().all(|c| c == ' ' || c == '\t') {
                tag_buf.push(String::new());
            }
            tag_buf.push(dedent(line, orig_indent).to_string());
        } else if tag_name.is_none() {
            docstring.push_str(line);
            docstring.push('\n');
        }
        last_indent = indent;
        last_line = line;
    }
    docstring
}

/// `line` without its first `n` characters when they are all spaces or tabs.
fn dedent(line: &str, n: usize) -> &str {
    let mut end = 0;
    for (count, (i, c)) in line.char_indices().enumerate() {
        if count == n {
            return &line[i..];
        }
        if c != ' ' && c != '\t' {
            return line;
        }
        end = i + c.len_utf8();
    }
    if line.chars().count() == n {
        &line[end..]
    } else {
        line
    }
}

/// The tag `@name buf`, or none when YARD would leave it out.
fn create_tag(name: &str, buf: &str) -> Option<Vec<Tag>> {
    if is_reference_tag(buf) {
        return None;
    }
    let form = form(name)?;
    let tag = match form {
        Form::Text => Tag::new(name, Some(strip(buf).to_string()), None, None),
        Form::Name => {
            let (n, t) = name_and_text(buf);
            Tag::new(name, t, None, n)
        }
        Form::Types => {
            let (before, types, text) = types_and_name(buf, OPEN, CLOSE);
            if before.is_some() {
                return None;
            }
            Tag::new(name, Some(text), types, None)
        }
        Form::TypesAndName => {
            let (before, types, text) = types_and_name(buf, OPEN, CLOSE);
            match before {
                Some(n) => Tag::new(name, Some(text), types, Some(n)),
                None => {
                    let (n, t) = name_and_text(&text);
                    Tag::new(name, t, types, n)
                }
            }
        }
        Form::TitleAndText => {
            if buf.is_empty() {
                return None;
            }
            let (title, desc) = title_and_text(buf)?;
            Tag::new(name, Some(desc), None, title)
        }
        Form::Options => {
            let (n, rest) = name_and_text(buf);
            let rest = rest?;
            let (before, types, text) = types_and_name(&rest, "[{<", ">}]");
            let (key, mut text) = match before {
                Some(k) => (Some(k), Some(text)),
                None => name_and_text(&text),
            };
            // a default in parentheses after the key is not part of the text
            if let Some(t) = text.as_deref().filter(|t| t.starts_with('(')) {
                text = Some(types_and_name(t, "(", ")").2);
            }
            let pair = Tag::new(name, text, types, key);
            Tag {
                pair: Some(Box::new(pair)),
                ..Tag::new(name, None, None, n)
            }
        }
        Form::Enums => {
            let (n, rest) = name_and_text(buf);
            let (key, text) = name_and_text(&rest?);
            let pair = Tag::new(name, text, None, key);
            Tag {
                pair: Some(Box::new(pair)),
                ..Tag::new(name, None, None, n)
            }
        }
    };
    Some(vec![tag])
}

/// `(see X)` tags, which YARD turns into references to other objects.
fn is_reference_tag(buf: &str) -> bool {
    let s = strip(buf);
    let Some(open) = s.rfind('(') else {
        return false;
    };
    let inner = &s[open + 1..];
    let Some(inner) = inner.strip_suffix(')') else {
        return false;
    };
    let inner = inner.trim_matches(is_space);
    let Some(target) = inner.strip_prefix("see") else {
        return false;
    };
    let before = s[..open].trim_matches(is_space);
    target.starts_with(is_space)
        && !target.trim_matches(is_space).is_empty()
        && !target.trim_matches(is_space).contains(is_space)
        && !before.contains(is_space)
}

/// Ruby's `text.strip.split(/\s+/, 2)`: the first word and the rest.
fn name_and_text(text: &str) -> (Option<String>, Option<String>) {
    let s = strip(text);
    if s.is_empty() {
        return (None, None);
    }
    match s.find(is_space) {
        None => (Some(s.to_string()), None),
        Some(i) => {
            let rest = s[i..].trim_start_matches(is_space);
            (Some(s[..i].to_string()), Some(rest.to_string()))
        }
    }
}

/// The example's title (its first line) and code (the other lines).
fn title_and_text(text: &str) -> Option<(Option<String>, String)> {
    let b = text.as_bytes();
    if b.len() >= 2 && (b[0] == b' ' || b[0] == b'\t') && b[1] == b'\n' {
        return Some((None, text.to_string()));
    }
    let lines = split_lines(text);
    let (first, rest) = lines.split_first()?;
    let mut title = String::new();
    for c in first.chars() {
        if !(c == ' ' && title.ends_with(' ')) {
            title.push(c);
        }
    }
    Some((Some(strip(&title).to_string()), rest.join("\n")))
}

const OPEN: &str = "[({<";
const CLOSE: &str = ">})]";

/// YARD's reading of `name [Types] text`: the word before the type list,
/// the types, and the rest (all stripped).
fn types_and_name(
    text: &str,
    open: &str,
    close: &str,
) -> (Option<String>, Option<Vec<String>>, String) {
    let chars: Vec<char> = text.chars().collect();
    let mut end = 0usize;
    let mut before = String::new();
    let mut list: Vec<String> = vec![String::new()];
    let mut level: i64 = 0;
    let mut seen_space = false;
    let mut i = 0;
    let mut last_seen = '\0';
    while i < chars.len() {
        let c = chars[i];
        if c == '"' || c == '\'' {
            if let Some((start, len)) = quoted(&chars[i..], c) {
                let piece: String = chars[i + start..i + start + len].iter().collect();
                list.last_mut()
                    .expect("list is never empty")
                    .push_str(&piece);
                i += len;
                continue;
            }
        }
        if open.contains(c) {
            if level > 0 {
                list.last_mut().expect("list is never empty").push(c);
            }
            level += 1;
        } else if close.contains(c) {
            if !(last_seen == '=' && c == '>') {
                level -= 1;
            }
            if level == 0 {
                end = i;
                break;
            }
            list.last_mut().expect("list is never empty").push(c);
        } else if c == ',' && level == 1 {
            list.push(String::new());
        } else if !is_space(c) && level == 0 {
            if seen_space && list.len() == 1 && list[0].is_empty() {
                end = i;
                break;
            }
            before.push(c);
        } else if (c == ' ' || c == '\t') && level == 0 && !before.is_empty() {
            seen_space = true;
        } else if level >= 1 {
            list.last_mut().expect("list is never empty").push(c);
        } else if level == 0 && c == '\n' {
            end = i;
            break;
        }
        last_seen = c;
        i += 1;
    }
    if list.len() == 1 && list[0].is_empty() {
        return (None, None, strip(text).to_string());
    }
    let rest: String = chars
        .get(end + 1..)
        .map(|r| r.iter().collect())
        .unwrap_or_default();
    let before = (!before.is_empty()).then(|| strip(&before).to_string());
    let types = list.iter().map(|t| strip(t).to_string()).collect();
    (before, Some(types), strip(&rest).to_string())
}

/// Ruby's `text =~ /q.+?q/` on `chars` (which starts with `q`): where the
/// first match starts and how long it is. `.` does not match a newline.
fn quoted(chars: &[char], q: char) -> Option<(usize, usize)> {
    for start in 0..chars.len() {
        if chars[start] != q {
            continue;
        }
        // at least one character, then the closing quote, on the same line
        let mut j = start + 1;
        if j >= chars.len() || chars[j] == '\n' {
            continue;
        }
        j += 1;
        while j < chars.len() && chars[j] != '\n' {
            if chars[j] == q {
                return Some((start, j + 1 - start));
            }
            j += 1;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tag(d: &Docstring, name: &str) -> Tag {
        d.tags.iter().find(|t| t.tag_name == name).cloned().unwrap()
    }

    #[test]
    fn text_and_tags_are_split_with_continuation_lines() {
        let d = parse(
            "@summary sum\n\nBody text\nover two lines\n\n@param a\n  the a\n  more\n@note n",
        );
        assert_eq!(d.text, "Body text\nover two lines");
        let p = tag(&d, "param");
        assert_eq!(p.name.as_deref(), Some("a"));
        assert_eq!(p.text.as_deref(), Some("the a\nmore"));
        assert_eq!(tag(&d, "summary").text.as_deref(), Some("sum"));
        assert_eq!(tag(&d, "note").text.as_deref(), Some("n"));
    }

    #[test]
    fn param_tags_read_types_and_names() {
        let d =
            parse("@param [String, Integer] x the x\n@param y\n@param [Hash{String => Integer}] h");
        assert_eq!(
            d.tags[0].types,
            Some(vec!["String".to_string(), "Integer".to_string()])
        );
        assert_eq!(d.tags[0].name.as_deref(), Some("x"));
        assert_eq!(d.tags[0].text.as_deref(), Some("the x"));
        assert_eq!(d.tags[1].name.as_deref(), Some("y"));
        assert_eq!(d.tags[1].text, None);
        assert_eq!(
            d.tags[2].types,
            Some(vec!["Hash{String => Integer}".to_string()])
        );
    }

    #[test]
    fn examples_keep_their_title_and_code() {
        let d = parse("@example Using it\n  class { 'x':\n    a => 1,\n  }\n@example\n  include x");
        assert_eq!(d.tags[0].name.as_deref(), Some("Using it"));
        assert_eq!(
            d.tags[0].text.as_deref(),
            Some("class { 'x':\n  a => 1,\n}")
        );
        assert_eq!(d.tags[1].name.as_deref(), Some(""));
        assert_eq!(d.tags[1].text.as_deref(), Some("include x"));
        assert!(parse("@example").tags.is_empty());
    }

    #[test]
    fn options_see_and_unknown_tags() {
        let d = parse(
            "@option opts [Boolean] :on Whether\n@see http://x\n@see a b c\n@foo bar\n@!macro x",
        );
        assert_eq!(d.tags.len(), 3);
        let o = &d.tags[0];
        assert_eq!(o.name.as_deref(), Some("opts"));
        let pair = o.pair.as_ref().unwrap();
        assert_eq!(pair.name.as_deref(), Some(":on"));
        assert_eq!(pair.types, Some(vec!["Boolean".to_string()]));
        assert_eq!(pair.text.as_deref(), Some("Whether"));
        assert_eq!(
            (d.tags[1].name.as_deref(), d.tags[1].text.as_deref()),
            (Some("http://x"), None)
        );
        assert_eq!(
            (d.tags[2].name.as_deref(), d.tags[2].text.as_deref()),
            (Some("a"), Some("b c"))
        );
    }

    #[test]
    fn return_tags_with_a_name_before_the_types_are_dropped() {
        assert!(parse("@return x [String]").tags.is_empty());
        let d = parse("@return [String] the text");
        assert_eq!(d.tags[0].types, Some(vec!["String".to_string()]));
    }

    #[test]
    fn an_indented_tag_line_is_text() {
        let d = parse("Text\n  @param x not a tag");
        assert!(d.tags.is_empty());
        assert_eq!(d.text, "Text\n  @param x not a tag");
    }
}
