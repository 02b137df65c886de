//! A small JSON writer (RFC 8259) for what the toolkit prints for scripts: a manifest's lines,
//! and results as one document. Counts are written as strings, since they pass 2^64 and
//! JSON readers keep numbers in 64-bit floats.
//!
//! (Its example is the unit test `tests::an_object_is_written_field_by_field`.)

use std::fmt::Display;

/// A JSON object, written field by field in the order given.
#[derive(Clone, Debug, Default)]
pub struct Object {
    text: String,
}

impl Object {
    /// An empty object.
    pub fn new() -> Object {
        Object::default()
    }

    fn key(mut self, key: &str) -> Object {
        self.text.push(if self.text.is_empty() { '{' } else { ',' });
        self.text += &string(key);
        self.text.push(':');
        self
    }

    /// Adds a string field.
    pub fn string(self, key: &str, value: &str) -> Object {
        let mut object = self.key(key);
        object.text += &string(value);
        object
    }

    /// Adds a number field: an integer, or a finite float (a float that is not finite is
    /// written as `null`, which is what JSON has for it).
    pub fn number(self, key: &str, value: impl Display) -> Object {
        let text = value.to_string();
        let valid = !text.is_empty()
            && text
                .bytes()
                .all(|b| b.is_ascii_digit() || b"-.eE+".contains(&b))
            && text.bytes().any(|b| b.is_ascii_digit());
        let mut object = self.key(key);
        object.text += if valid { &text } else { "null" };
        object
    }

    /// Adds a field `true` or `false`.
    pub fn boolean(self, key: &str, value: bool) -> Object {
        let mut object = self.key(key);
        object.text += if value { "true" } else { "false" };
        object
    }

    /// Adds a `null` field.
    pub fn null(self, key: &str) -> Object {
        let mut object = self.key(key);
        object.text += "null";
        object
    }

    /// Adds a string field, or `null` for `None`.
    pub fn optional(self, key: &str, value: Option<&str>) -> Object {
        match value {
            Some(value) => self.string(key, value),
            None => self.null(key),
        }
    }

    /// Adds a field whose value is JSON already (an object or an array made here).
    pub fn raw(self, key: &str, json: &str) -> Object {
        let mut object = self.key(key);
        object.text += json;
        object
    }

    /// The object's text.
    pub fn finish(mut self) -> String {
        if self.text.is_empty() {
            self.text.push('{');
        }
        self.text.push('}');
        self.text
    }
}

/// A JSON array of values that are JSON already.
pub fn array(items: impl IntoIterator<Item = String>) -> String {
    let items: Vec<String> = items.into_iter().collect();
    format!("[{}]", items.join(","))
}

/// `value` as a JSON string: quoted, with `"`, `\` and control characters escaped.
///
/// (Its example is the unit test `tests::a_string_is_quoted_and_escaped`.)
pub fn string(value: &str) -> String {
    let mut out = String::with_capacity(value.len() + 2);
    out.push('"');
    for c in value.chars() {
        match c {
            '"' => out += "\\\"",
            '\\' => out += "\\\\",
            '\n' => out += "\\n",
            '\r' => out += "\\r",
            '\t' => out += "\\t",
            c if (c as u32) < 0x20 || c == '\u{7f}' => out += &format!("\\u{:04x}", c as u32),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_object_is_written_field_by_field() {
        let line = Object::new()
            .number("n", 12)
            .string("count", "14200")
            .string("host", "a \"quoted\" name\n")
            .null("finished")
            .raw("parts", &array([Object::new().number("part", 1).finish()]))
            .finish();
        assert_eq!(
            line,
            r#"{"n":12,"count":"14200","host":"a \"quoted\" name\n","finished":null,"parts":[{"part":1}]}"#
        );
    }

    #[test]
    fn a_string_is_quoted_and_escaped() {
        assert_eq!(string("a\tb\u{1}\"\\"), r#""a\tb\u0001\"\\""#);
    }

    #[test]
    fn numbers_that_json_cannot_hold_are_null() {
        let text = Object::new()
            .number("a", f64::NAN)
            .number("b", f64::INFINITY)
            .number("c", 1.5)
            .number("d", -3)
            .finish();
        assert_eq!(text, r#"{"a":null,"b":null,"c":1.5,"d":-3}"#);
        assert_eq!(Object::new().finish(), "{}");
        assert_eq!(array(Vec::new()), "[]");
    }
}
