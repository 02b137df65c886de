//! What is wrong with a text the toolkit reads, and where.

use crate::memory::OutOfMemory;
use std::fmt;
use std::io;

/// Why a text could not be read: what, and where (the source once the caller names it, the
/// line and the column, each 0 when the problem is of the whole).
#[derive(Debug)]
pub struct ReadError {
    /// Where the text came from, as messages name it (`board.txt`, `stdin`); `None` until
    /// [`ReadError::in_source`] names it.
    pub source: Option<String>,
    /// The line, from 1; 0 for the text as a whole.
    pub line: u64,
    /// The column (byte of the line), from 1; 0 for the line as a whole.
    pub column: u64,
    /// What is wrong.
    pub kind: Kind,
}

/// What is wrong with a text.
#[derive(Debug)]
pub enum Kind {
    /// The text is not of the form asked for; the message says why.
    Invalid(String),
    /// The text is well formed but is not a placement (a board row with no queen or two): a
    /// check that failed, not bad input.
    NotAPlacement(String),
    /// What the text holds does not fit in memory.
    Memory(OutOfMemory),
    /// Reading failed.
    Io(io::Error),
}

impl ReadError {
    /// A text that is not of the form asked for, at `line` and `column`.
    pub fn invalid(line: u64, column: u64, message: impl Into<String>) -> ReadError {
        let kind = Kind::Invalid(message.into());
        ReadError {
            source: None,
            line,
            column,
            kind,
        }
    }

    /// The error with its text's source named, for messages.
    pub fn in_source(mut self, source: &str) -> ReadError {
        self.source = Some(source.to_string());
        self
    }

    /// Whether the text was well formed but not a placement ([`Kind::NotAPlacement`]).
    pub fn is_not_a_placement(&self) -> bool {
        matches!(self.kind, Kind::NotAPlacement(_))
    }
}

impl From<io::Error> for ReadError {
    fn from(e: io::Error) -> ReadError {
        ReadError {
            source: None,
            line: 0,
            column: 0,
            kind: Kind::Io(e),
        }
    }
}

impl From<OutOfMemory> for ReadError {
    fn from(e: OutOfMemory) -> ReadError {
        ReadError {
            source: None,
            line: 0,
            column: 0,
            kind: Kind::Memory(e),
        }
    }
}

impl fmt::Display for ReadError {
    /// `SOURCE: line L, column C: what is wrong`, leaving out what is not known;
    /// `cannot read SOURCE: why` for a failed read.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Kind::Io(e) = &self.kind {
            return match &self.source {
                Some(source) => write!(f, "cannot read {}: {}", source, e),
                None => write!(f, "cannot read the input: {}", e),
            };
        }
        if let Some(source) = &self.source {
            write!(f, "{}: ", source)?;
        }
        match (self.line, self.column) {
            (0, _) => {}
            (line, 0) => write!(f, "line {}: ", line)?,
            (line, column) => write!(f, "line {}, column {}: ", line, column)?,
        }
        match &self.kind {
            Kind::Invalid(message) | Kind::NotAPlacement(message) => write!(f, "{}", message),
            Kind::Memory(e) => write!(f, "{}", e),
            Kind::Io(_) => Ok(()),
        }
    }
}

impl std::error::Error for ReadError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_names_what_is_known_of_where() {
        let at = |line, column| ReadError::invalid(line, column, "bad").to_string();
        assert_eq!(at(0, 0), "bad");
        assert_eq!(at(3, 0), "line 3: bad");
        assert_eq!(at(3, 7), "line 3, column 7: bad");
        let named = ReadError::invalid(3, 7, "bad")
            .in_source("b.txt")
            .to_string();
        assert_eq!(named, "b.txt: line 3, column 7: bad");
        let io = ReadError::from(io::Error::other("gone")).in_source("b.txt");
        assert_eq!(io.to_string(), "cannot read b.txt: gone");
    }
}
