//! Reading what people type, by one set of rules, with one error that says where: every text
//! the toolkit reads (numbers on a command line, `perm` lines, `ROW COL` lists of queens,
//! boards of `.`, `*` and `Q`) goes through this module.
//!
//! The rules are those of the judge's reader ([`crate::judge::Numbers`], which lives in the
//! judge file for judges to compile alone):
//!
//! - a UTF-8 byte-order mark at the very start is skipped;
//! - lines end at `\n`, `\r\n` or a lone `\r`; whitespace is C's `isspace` set (space, `\t`,
//!   `\n`, `\v`, `\f`, `\r`);
//! - a number is an optional sign and ASCII digits, read by value whatever its length
//!   (`+0008` is 8, `-0` is 0);
//! - a queen's square is `ROW,COL` or `ROW COL` (1-based) wherever one is written;
//! - reading stops as soon as the text cannot be valid (a word past 40 bytes that is not a
//!   number, a board line past [`MAX_WIDTH`] squares, a line too many), so an endless input is
//!   refused at once, and memory stays bounded by what a valid text needs.
//!
//! The readers: [`number`] and [`queen`] (one word), [`Words`] (the words of a text with their
//! place), [`board`] (boards of `.`, `*` and `Q`), [`queens`](fn@queens) (`ROW COL` lists),
//! [`perm`], [`perm0`], [`placement`](fn@placement), [`placements`] and [`placements_json`]
//! (placements written in every format the toolkit prints), [`file_names`] (lists of files,
//! one a line).
//!
//! # Example
//!
//! ```
//! use nqueens::read::{board, number, queen};
//!
//! assert_eq!(number("+0008", 32), Some(8));
//! assert_eq!((queen("3,5"), queen("3 5")), (Some((3, 5)), Some((3, 5))));
//! let board = board(&b"\xEF\xBB\xBF.Q\r\n*.\r\n"[..]).unwrap();
//! assert_eq!((board.size(), board.queens()), (2, &[(0, 1)][..]));
//! let err = nqueens::read::board(&b".Q\n.x\n"[..]).unwrap_err().in_source("b.txt");
//! assert_eq!(err.to_string(), "b.txt: line 2, column 2: 'x' is none of '.' (free), '*' (reserved) and 'Q' (a queen)");
//! ```

mod boards;
mod files;
pub(crate) mod lines;
mod placement;
mod queens;
mod words;

pub use boards::{board, MAX_WIDTH};
pub use files::{file_names, MAX_NAME};
pub use placement::{perm, perm0, placement, placements, placements_json};
pub use queens::queens;
pub use words::{number, queen, Word, Words};

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
