//! Syntax checks of static heredoc text with a declared syntax
//! (`@(END:json)`, `:base64`, `:pp`), as the reference validator runs them.
//!
//! The reference's JSON message ends with the Ruby JSON parser's own error text;
//! that part is Ruby-internal and is replaced here by a description of the
//! position where the JSON text stops being valid.

/// Checks `text` declared as `syntax`; `Some(message)` when it is invalid.
pub fn check(syntax: &str, text: &str) -> Option<String> {
    // the most significant syntax is the last `+` segment (e.g. `data+json`)
    let key = syntax.rsplit('+').next().unwrap_or(syntax);
    let problem = match key {
        "json" => check_json(text).err().map(|at| {
            format!("JSON syntax checker: Cannot parse invalid JSON string. \"unexpected token at byte {at}\"")
        }),
        "base64" => check_base64(text),
        "pp" => match crate::syntax::parser::parse(text) {
            Ok(_) => None,
            Err(e) => {
                let (l, c) = match e.span {
                    Some(s) => crate::syntax::span::LineIndex::new(text).line_col(text, s.start as usize),
                    None => (1, 1),
                };
                let msg = e.message.split(" (expected ").next().unwrap_or("");
                if msg.ends_with("end of input") {
                    Some(format!("PP syntax checker: \"{msg}\""))
                } else {
                    Some(format!("PP syntax checker: \"{msg} (line: {l}, column: {c})\""))
                }
            }
        },
        _ => None,
    }?;
    Some(format!(
        "Invalid produced text having syntax: '{syntax}'. {problem}"
    ))
}

fn check_base64(text: &str) -> Option<String> {
    let cleaned: Vec<u8> = text
        .bytes()
        .filter(|b| !matches!(b, b'\r' | b'\n' | b'?' | b' ' | b'\t'))
        .collect();
    let alphabet = |b: u8| b.is_ascii_alphanumeric() || b == b'+' || b == b'/';
    let pad = cleaned.iter().rev().take_while(|b| **b == b'=').count();
    let body = &cleaned[..cleaned.len() - pad];
    let ok = cleaned.len() % 4 == 0 && pad <= 2 && body.iter().all(|b| alphabet(*b));
    if ok {
        return None;
    }
    Some(if (cleaned.len() * 8) % 6 != 0 {
        "Base64 syntax checker: Cannot parse invalid Base64 string - padding is not correct".into()
    } else {
        "Base64 syntax checker: Cannot parse invalid Base64 string - contains letters outside strict base 64 range (or whitespace)".into()
    })
}

/// Validates JSON text; `Err(byte offset)` where it is invalid.
fn check_json(text: &str) -> Result<(), usize> {
    let b = text.as_bytes();
    let mut p = Json { b, i: 0, depth: 0 };
    p.ws();
    p.value()?;
    p.ws();
    if p.i == b.len() {
        Ok(())
    } else {
        Err(p.i)
    }
}

struct Json<'a> {
    b: &'a [u8],
    i: usize,
    depth: usize,
}

impl Json<'_> {
    fn ws(&mut self) {
        while self.i < self.b.len() && matches!(self.b[self.i], b' ' | b'\t' | b'\n' | b'\r') {
            self.i += 1;
        }
    }

    fn lit(&mut self, word: &[u8]) -> Result<(), usize> {
        if self.b[self.i..].starts_with(word) {
            self.i += word.len();
            Ok(())
        } else {
            Err(self.i)
        }
    }

    fn value(&mut self) -> Result<(), usize> {
        self.depth += 1;
        if self.depth > 100 {
            return Err(self.i);
        }
        let r = match self.b.get(self.i) {
            Some(b'{') => self.object(),
            Some(b'[') => self.array(),
            Some(b'"') => self.string(),
            Some(b't') => self.lit(b"true"),
            Some(b'f') => self.lit(b"false"),
            Some(b'n') => self.lit(b"null"),
            Some(b'-' | b'0'..=b'9') => self.number(),
            _ => Err(self.i),
        };
        self.depth -= 1;
        r
    }

    fn object(&mut self) -> Result<(), usize> {
        self.i += 1;
        self.ws();
        if self.b.get(self.i) == Some(&b'}') {
            self.i += 1;
            return Ok(());
        }
        loop {
            self.ws();
            if self.b.get(self.i) != Some(&b'"') {
                return Err(self.i);
            }
            self.string()?;
            self.ws();
            if self.b.get(self.i) != Some(&b':') {
                return Err(self.i);
            }
            self.i += 1;
            self.ws();
            self.value()?;
            self.ws();
            match self.b.get(self.i) {
                Some(b',') => self.i += 1,
                Some(b'}') => {
                    self.i += 1;
                    return Ok(());
                }
                _ => return Err(self.i),
            }
        }
    }

    fn array(&mut self) -> Result<(), usize> {
        self.i += 1;
        self.ws();
        if self.b.get(self.i) == Some(&b']') {
            self.i += 1;
            return Ok(());
        }
        loop {
            self.ws();
            self.value()?;
            self.ws();
            match self.b.get(self.i) {
                Some(b',') => self.i += 1,
                Some(b']') => {
                    self.i += 1;
                    return Ok(());
                }
                _ => return Err(self.i),
            }
        }
    }

    fn string(&mut self) -> Result<(), usize> {
        let start = self.i;
        self.i += 1;
        while let Some(&c) = self.b.get(self.i) {
            match c {
                b'"' => {
                    self.i += 1;
                    return Ok(());
                }
                b'\\' => match self.b.get(self.i + 1) {
                    Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => self.i += 2,
                    Some(b'u') => {
                        let hex = self.b.get(self.i + 2..self.i + 6).ok_or(self.i)?;
                        if !hex.iter().all(u8::is_ascii_hexdigit) {
                            return Err(self.i);
                        }
                        self.i += 6;
                    }
                    _ => return Err(self.i),
                },
                0..=0x1f => return Err(self.i),
                _ => self.i += 1,
            }
        }
        Err(start)
    }

    fn number(&mut self) -> Result<(), usize> {
        let start = self.i;
        let digits = |s: &mut Self| {
            let from = s.i;
            while s.b.get(s.i).is_some_and(u8::is_ascii_digit) {
                s.i += 1;
            }
            s.i > from
        };
        if self.b.get(self.i) == Some(&b'-') {
            self.i += 1;
        }
        if self.b.get(self.i) == Some(&b'0') {
            self.i += 1;
        } else if !digits(self) {
            return Err(start);
        }
        if self.b.get(self.i) == Some(&b'.') {
            self.i += 1;
            if !digits(self) {
                return Err(self.i);
            }
        }
        if matches!(self.b.get(self.i), Some(b'e' | b'E')) {
            self.i += 1;
            if matches!(self.b.get(self.i), Some(b'+' | b'-')) {
                self.i += 1;
            }
            if !digits(self) {
                return Err(self.i);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_text_is_checked() {
        assert_eq!(
            check("json", "{\"a\": [1, 2.5e3, true, null, \"x\\u00e9\"]}"),
            None
        );
        assert!(check("json", "{ bad ( ]").unwrap().starts_with(
            "Invalid produced text having syntax: 'json'. JSON syntax checker: Cannot parse invalid JSON string."
        ));
        assert_eq!(check("data+json", "[1]"), None);
        assert_eq!(check("yaml", "{ bad"), None);
    }

    #[test]
    fn base64_text_is_checked() {
        assert_eq!(check("base64", "aGVsbG8=\n"), None);
        assert_eq!(
            check("base64", "{ bad ( ]").as_deref(),
            Some("Invalid produced text having syntax: 'base64'. Base64 syntax checker: Cannot parse invalid Base64 string - contains letters outside strict base 64 range (or whitespace)")
        );
    }

    #[test]
    fn pp_text_is_parsed() {
        assert_eq!(check("pp", "notice(1)"), None);
        assert_eq!(
            check("pp", "{ bad ( ]").as_deref(),
            Some("Invalid produced text having syntax: 'pp'. PP syntax checker: \"Syntax error at ']' (line: 1, column: 9)\"")
        );
    }
}
