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
mod error;
mod files;
pub(crate) mod lines;
mod placement;
mod queens;
mod words;

pub use boards::{board, MAX_WIDTH};
pub use error::{Kind, ReadError};
pub use files::{file_names, MAX_NAME};
pub use placement::{perm, perm0, placement, placements, placements_json};
pub use queens::queens;
pub use words::{number, queen, Word, Words};
