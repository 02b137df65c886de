//! A board to fill: its size, its reserved squares (CSES 1624: no queen stands there, but
//! queens attack across them) and the queens already placed on it (the completion problem).
//!
//! A board is read from text, one line per row: `.` a free square, `*` a reserved one, `Q` a
//! queen already placed; or made with [`Board::new`] and given queens by
//! [`Board::with_queens`], which is how boards too big to write down (10⁸ rows) are made.
//! Either way, placed queens that attack each other are refused, naming both.
//!
//! # Example
//!
//! ```
//! use nqueens::board::{Board, Clash, Line, Queen};
//!
//! let board = Board::parse(b"Q...\n..*.\n....\n....\n").unwrap();
//! assert_eq!((board.size(), board.queens()), (4, &[(0, 0)][..]));
//! assert!(board.is_reserved(1, 2));
//! // A queen in row 3, column 2 (0-based) would attack the one in the corner? No; row 2,
//! // column 2 would, along the diagonal.
//! assert!(board.with_queens(&[(3, 2)]).is_ok());
//! assert_eq!(
//!     board.with_queens(&[(2, 2)]).unwrap_err(),
//!     Clash::Attack { first: Queen::Placed(0, 0), second: Queen::Given(0), line: Line::Diagonal }
//! );
//! ```

use crate::judge::MAX_N;
use std::fmt;
use std::io::{self, BufRead, BufReader, Read};

/// The widest board read from text: 8192 squares a side (a 64 MB file).
pub const MAX_WIDTH: usize = 8192;

/// A square board: its size, reserved squares and placed queens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    n: usize,
    /// Words of `reserved` per row: 0 when no square is reserved.
    words: usize,
    /// Bit `c % 64` of word `row * words + c / 64`: the square in `row`, column `c` is
    /// reserved.
    reserved: Vec<u64>,
    /// The placed queens, `(row, column)` 0-based, in order of rows.
    queens: Vec<(u32, u32)>,
}

/// A queen in a [`Clash`]: one already on the board, or the `i`-th of those given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Queen {
    /// A queen the board already had, at (row, column), 0-based.
    Placed(u32, u32),
    /// The queen at this index of those given to [`Board::with_queens`].
    Given(usize),
}

/// The line two clashing queens share.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    /// The same row.
    Row,
    /// The same column.
    Column,
    /// The same diagonal, top left to bottom right.
    Diagonal,
    /// The same anti-diagonal, top right to bottom left.
    AntiDiagonal,
}

impl Line {
    /// `"row"`, `"column"`, `"diagonal"`, `"anti-diagonal"`.
    pub fn name(self) -> &'static str {
        match self {
            Line::Row => "row",
            Line::Column => "column",
            Line::Diagonal => "diagonal",
            Line::AntiDiagonal => "anti-diagonal",
        }
    }
}

/// Why queens could not be placed on a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clash {
    /// The given queen at this index is outside the board.
    Outside(usize),
    /// The given queen at this index stands on a reserved square.
    Reserved(usize),
    /// Two queens attack each other along `line` (`first` comes first in the board's queens,
    /// then the given ones).
    Attack {
        /// One queen.
        first: Queen,
        /// The other.
        second: Queen,
        /// What they share.
        line: Line,
    },
}

/// Why a board's text was refused: the 1-based line and what is wrong there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardError {
    /// The 1-based line the problem is on (0 for the board as a whole).
    pub line: u64,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}", self.message)
        } else {
            write!(f, "line {}: {}", self.line, self.message)
        }
    }
}

/// Why [`Board::read`] gave no board.
#[derive(Debug)]
pub enum ReadError {
    /// The text is not a board.
    Invalid(BoardError),
    /// Reading failed.
    Io(io::Error),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Invalid(e) => write!(f, "{}", e),
            ReadError::Io(e) => write!(f, "{}", e),
        }
    }
}

/// The longest line kept for checking, in bytes: the widest board and then some, so that a
/// line too long, or a square written in several bytes, is seen whole enough to be named.
const LINE_CAP: usize = 4 * (MAX_WIDTH + 1);

/// `"1 line"`, `"2 lines"`.
fn plural(count: usize, word: &str) -> String {
    format!("{} {}{}", count, word, if count == 1 { "" } else { "s" })
}

/// The board read so far, line by line.
#[derive(Default)]
struct Reader {
    /// The rows read.
    rows: usize,
    /// The reserved squares of the rows read, `words` per row.
    reserved: Vec<u64>,
    /// The queens of the rows read.
    queens: Vec<(u32, u32)>,
    /// The number of squares of each line, set by the first row.
    width: usize,
    /// The line of the first row.
    first: u64,
    /// The blank line that ended the board, if one has.
    ended_at: Option<u64>,
}

impl Reader {
    /// Takes line `number` (its end and any trailing spaces or tabs removed); `whole` is false
    /// when the line was cut at [`LINE_CAP`] bytes.
    fn line(&mut self, number: u64, text: &[u8], whole: bool) -> Result<(), BoardError> {
        let error = |message: String| BoardError {
            line: number,
            message,
        };
        if text.is_empty() {
            if self.rows > 0 && self.ended_at.is_none() {
                self.ended_at = Some(number);
            }
            return Ok(());
        }
        if let Some(blank) = self.ended_at {
            return Err(error(format!(
                "more text after the blank line {} that ended the board",
                blank
            )));
        }
        let too_long = || {
            error(format!(
                "more than {} squares; boards are at most {} wide",
                MAX_WIDTH, MAX_WIDTH
            ))
        };
        if self.rows > 0 && self.rows == self.width {
            return Err(error(format!(
                "a line too many: the board's lines have {} (a board is N lines of N squares)",
                plural(self.width, "square")
            )));
        }
        let width = if self.rows == 0 {
            text.len()
        } else {
            self.width
        };
        let words = width.min(MAX_WIDTH).div_ceil(64);
        let start = self.reserved.len();
        self.reserved.resize(start + words, 0);
        let mut queen = None;
        for (col, &square) in text.iter().enumerate() {
            if col == MAX_WIDTH {
                return Err(too_long());
            }
            match square {
                b'.' => {}
                b'*' if col < width => self.reserved[start + col / 64] |= 1 << (col % 64),
                b'Q' => match queen {
                    None => queen = Some(col),
                    Some(first) => {
                        return Err(error(format!(
                            "column {}: a second queen in this row (the first is in column {})",
                            col + 1,
                            first + 1
                        )))
                    }
                },
                b'*' => {}
                _ => {
                    return Err(error(format!(
                        "column {}: {} is none of '.' (free), '*' (reserved) and 'Q' (a queen)",
                        col + 1,
                        shown_char(&text[col..])
                    )))
                }
            }
        }
        if !whole {
            return Err(too_long());
        }
        if self.rows == 0 {
            self.width = text.len();
            self.first = number;
        } else if text.len() != self.width {
            return Err(error(format!(
                "{}, but line {} has {} (a board is N lines of N squares)",
                plural(text.len(), "square"),
                self.first,
                self.width
            )));
        }
        if let Some(col) = queen {
            self.queens.push((self.rows as u32, col as u32));
        }
        self.rows += 1;
        Ok(())
    }

    /// The board, once the input has ended after line `last`.
    fn finish(self, last: u64) -> Result<Board, BoardError> {
        if self.rows == 0 {
            return Err(BoardError {
                line: 0,
                message: "the board is empty".to_string(),
            });
        }
        if self.rows != self.width {
            return Err(BoardError {
                line: last,
                message: format!(
                    "the board ends after {}, but its lines have {} (a board is N lines of N squares)",
                    plural(self.rows, "line"),
                    plural(self.width, "square")
                ),
            });
        }
        let n = self.width;
        let any_reserved = self.reserved.iter().any(|&word| word != 0);
        let empty = Board {
            n,
            words: if any_reserved { n.div_ceil(64) } else { 0 },
            reserved: if any_reserved {
                self.reserved
            } else {
                Vec::new()
            },
            queens: Vec::new(),
        };
        let first = self.first;
        let queens = self.queens;
        // Two queens of one line were refused as they came; attacks are found here.
        empty.with_queens(&queens).map_err(|clash| {
            let at = |queen: Queen| match queen {
                Queen::Given(i) => queens[i],
                Queen::Placed(row, col) => (row, col),
            };
            match clash {
                Clash::Attack {
                    first: a,
                    second: b,
                    line,
                } => {
                    let ((row_a, col_a), (row_b, col_b)) = (at(a), at(b));
                    let ((row_a, col_a), (row_b, col_b)) =
                        ((row_a, col_a).min((row_b, col_b)), (row_a, col_a).max((row_b, col_b)));
                    BoardError {
                        line: first + u64::from(row_b),
                        message: format!(
                            "column {}: the queen shares its {} with the queen on line {}, column {}",
                            col_b + 1,
                            line.name(),
                            first + u64::from(row_a),
                            col_a + 1
                        ),
                    }
                }
                // A queen of the text is on the board and on no reserved square.
                Clash::Outside(_) | Clash::Reserved(_) => unreachable!("{:?}", clash),
            }
        })
    }
}
/// The character at the start of `bytes`, quoted as Rust writes it (`'●'`, `'\u{feff}'`), or
/// the byte in hex if it is not UTF-8.
fn shown_char(bytes: &[u8]) -> String {
    let rest = &bytes[..bytes.len().min(4)];
    let valid = match std::str::from_utf8(rest) {
        Ok(s) => s,
        Err(e) => std::str::from_utf8(&rest[..e.valid_up_to()]).unwrap_or(""),
    };
    match valid.chars().next() {
        Some(c) => format!("{:?}", c),
        None => format!("the byte \\x{:02x} (not UTF-8)", bytes[0]),
    }
}

/// Calls `take(number, text, whole)` for each line of `input`, numbered from 1: its end
/// (`\n`, `\r\n` or `\r`), a byte-order mark at the start and (in a whole line) trailing
/// spaces and tabs removed; `whole` is false when the line was cut at `cap` bytes, which is
/// given once and ends the reading. Returns the number of the last line with text.
fn each_line<R: Read>(
    input: R,
    cap: usize,
    mut take: impl FnMut(u64, &[u8], bool) -> Result<(), BoardError>,
) -> Result<u64, ReadError> {
    let mut reader = BufReader::new(input);
    let mut line = Vec::with_capacity(cap);
    let (mut number, mut after_cr, mut at_start) = (1u64, false, true);
    let mut end_line = |line: &mut Vec<u8>, number: u64, whole: bool| {
        // Spaces and tabs end a whole line harmlessly; in a line cut short they are text.
        while whole && line.last().is_some_and(|&b| b == b' ' || b == b'\t') {
            line.pop();
        }
        let result = take(number, line, whole);
        line.clear();
        result.map_err(ReadError::Invalid)
    };
    loop {
        let chunk = match reader.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(ReadError::Io(e)),
        };
        if chunk.is_empty() {
            break;
        }
        let mut used = 0;
        for &byte in chunk {
            used += 1;
            match byte {
                b'\n' if after_cr => after_cr = false,
                b'\n' | b'\r' => {
                    end_line(&mut line, number, true)?;
                    number += 1;
                    after_cr = byte == b'\r';
                    at_start = false;
                }
                _ => {
                    after_cr = false;
                    if line.len() < cap {
                        line.push(byte);
                    } else {
                        // Enough of the line is held to name what is wrong with it: a line
                        // cut here is always refused.
                        end_line(&mut line, number, false)?;
                        return Err(ReadError::Invalid(BoardError {
                            line: number,
                            message: format!("the line is longer than {} bytes", cap),
                        }));
                    }
                }
            }
            if at_start && line.len() == 3 {
                at_start = false;
                if line == [0xEF, 0xBB, 0xBF] {
                    line.clear();
                }
            }
        }
        reader.consume(used);
    }
    if line.is_empty() {
        Ok(number - 1)
    } else {
        end_line(&mut line, number, true)?;
        Ok(number)
    }
}

/// Reads placed queens as `ROW COL` lines (1-based, separated by spaces, tabs or a comma;
/// blank lines and lines starting with `#` skipped) for a board of `n` squares a side: each
/// queen 0-based with its line. Line ends, a byte-order mark and trailing spaces are read as
/// [`Board::read`] reads them.
///
/// Reading stops at the first line that cannot belong to the list: a malformed line, a row or
/// column outside the board, or a queen more than the board has rows (two of them would share
/// a row), so an endless input is refused at once.
///
/// # Errors
///
/// [`ReadError::Invalid`] naming the line; [`ReadError::Io`] if reading fails. Whether the
/// queens attack each other is [`Board::with_queens`]'s to say.
///
/// # Complexity
///
/// O(length of the text read).
///
/// # Example
///
/// ```
/// use nqueens::board::read_queens;
///
/// let queens = read_queens(&b"# Codewars\r\n1 1\r\n\r\n2,3\r\n"[..], 8).unwrap();
/// assert_eq!(queens, vec![(0, 0, 2), (1, 2, 4)]);
/// let err = read_queens(&b"1 1\n9 2\n"[..], 8).unwrap_err();
/// assert_eq!(err.to_string(), "line 2: row 9 is outside the board (rows 1 to 8)");
/// ```
pub fn read_queens<R: Read>(input: R, n: usize) -> Result<Vec<(u32, u32, u64)>, ReadError> {
    let mut queens = Vec::new();
    each_line(input, 128, |number, text, whole| {
        let error = |message: String| BoardError {
            line: number,
            message,
        };
        if !whole {
            return Err(error(
                "the line is too long for a queen's ROW COL".to_string(),
            ));
        }
        if text.is_empty() || text[0] == b'#' {
            return Ok(());
        }
        let text = String::from_utf8_lossy(text);
        let fields: Vec<&str> = text
            .split(|c: char| c == ',' || c.is_ascii_whitespace())
            .filter(|f| !f.is_empty())
            .collect();
        if fields.len() != 2 {
            return Err(error(format!(
                "{:?} is not a queen's ROW COL (two numbers, 1-based)",
                text
            )));
        }
        let mut at = [0u32; 2];
        for (k, (field, what)) in fields.iter().zip(["row", "column"]).enumerate() {
            let value = crate::read::number(field, n as u64)
                .filter(|&v| v >= 1)
                .ok_or_else(|| {
                    if field.bytes().all(|b| b.is_ascii_digit()) {
                        error(format!(
                            "{} {} is outside the board ({}s 1 to {})",
                            what, field, what, n
                        ))
                    } else {
                        error(format!("the {} {:?} is not a number", what, field))
                    }
                })?;
            at[k] = (value - 1) as u32;
        }
        if queens.len() == n {
            return Err(error(format!("more queens than the board's {} rows", n)));
        }
        queens.push((at[0], at[1], number));
        Ok(())
    })?;
    Ok(queens)
}

impl Board {
    /// Reads a board: N lines of N squares, `.` free, `*` reserved, `Q` a queen already placed
    /// (at most one a row; placed queens must not attack each other). A byte-order mark at
    /// the start, line ends `\n`, `\r\n` or `\r`, spaces or tabs at the end of a line, blank
    /// lines before or after the board and a missing final newline are all fine.
    ///
    /// Reading stops at the first line that shows the text cannot be a board (more than
    /// [`MAX_WIDTH`] squares, a wrong character, a second queen in a row, a line too many), so
    /// an endless input is refused at once; at most 4 · [`MAX_WIDTH`] bytes of a line are held.
    ///
    /// # Errors
    ///
    /// [`ReadError::Invalid`] for an empty board, a line of more than [`MAX_WIDTH`] squares, a
    /// line whose length differs from the first's, more or fewer lines than squares in a line,
    /// a character other than `.`, `*` and `Q`, two queens in a row or two that attack each
    /// other, or text after a blank line that ended the board; the error names the line (and
    /// column). [`ReadError::Io`] if reading fails.
    ///
    /// # Complexity
    ///
    /// O(length of the text read + q log q) for q placed queens.
    ///
    /// # Example
    ///
    /// ```
    /// use nqueens::board::Board;
    ///
    /// let board = Board::read(&b"\xEF\xBB\xBF..\r\n.*\r\n\r\n"[..]).unwrap();
    /// assert_eq!(board.size(), 2);
    /// assert!(board.is_reserved(1, 1) && !board.is_reserved(0, 1));
    /// let err = Board::read(&b"...\n..\n...\n"[..]).unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "line 2: 2 squares, but line 1 has 3 (a board is N lines of N squares)"
    /// );
    /// ```
    pub fn read<R: Read>(input: R) -> Result<Board, ReadError> {
        let mut board = Reader::default();
        let last = each_line(input, LINE_CAP, |number, text, whole| {
            board.line(number, text, whole)
        })?;
        board.finish(last.max(1)).map_err(ReadError::Invalid)
    }

    /// [`Board::read`] from bytes in memory.
    ///
    /// # Errors
    ///
    /// As for [`Board::read`], without [`ReadError::Io`].
    ///
    /// # Example
    ///
    /// ```
    /// use nqueens::board::Board;
    /// assert_eq!(Board::parse(b".*\n..").unwrap().size(), 2);
    /// ```
    pub fn parse(text: &[u8]) -> Result<Board, BoardError> {
        match Board::read(text) {
            Ok(board) => Ok(board),
            Err(ReadError::Invalid(e)) => Err(e),
            Err(ReadError::Io(e)) => unreachable!("reading bytes in memory failed: {}", e),
        }
    }

    /// An empty board of `n` squares a side: nothing reserved, no queen placed.
    ///
    /// # Complexity
    ///
    /// O(1): a board without reserved squares holds only its placed queens.
    pub fn new(n: usize) -> Board {
        Board {
            n,
            words: 0,
            reserved: Vec::new(),
            queens: Vec::new(),
        }
    }

    /// This board with `given` queens placed as well, `(row, column)` 0-based. A given queen
    /// on a square that already holds one (or given twice) is the same queen, kept once.
    ///
    /// # Errors
    ///
    /// The first [`Clash`] found: a given queen outside the board or on a reserved square, or
    /// two queens (given or already placed) in one row, column or diagonal.
    ///
    /// # Complexity
    ///
    /// O(q log q) for the q queens in all.
    ///
    /// # Example
    ///
    /// ```
    /// use nqueens::board::{Board, Clash, Line, Queen};
    ///
    /// let board = Board::new(1_000_000).with_queens(&[(0, 5), (7, 0), (0, 5)]).unwrap();
    /// assert_eq!(board.queens(), &[(0, 5), (7, 0)]);
    /// assert_eq!(board.with_queens(&[(999_999, 1_000_000)]), Err(Clash::Outside(0)));
    /// assert_eq!(
    ///     board.with_queens(&[(3, 3), (9, 5)]).unwrap_err(),
    ///     Clash::Attack { first: Queen::Placed(0, 5), second: Queen::Given(1), line: Line::Column }
    /// );
    /// ```
    pub fn with_queens(&self, given: &[(u32, u32)]) -> Result<Board, Clash> {
        let mut all: Vec<(u32, u32, Queen)> = Vec::with_capacity(self.queens.len() + given.len());
        all.extend(
            self.queens
                .iter()
                .map(|&(row, col)| (row, col, Queen::Placed(row, col))),
        );
        for (i, &(row, col)) in given.iter().enumerate() {
            if row as usize >= self.n || col as usize >= self.n {
                return Err(Clash::Outside(i));
            }
            if self.is_reserved(row as usize, col as usize) {
                return Err(Clash::Reserved(i));
            }
            all.push((row, col, Queen::Given(i)));
        }
        // The same square twice is one queen (the first named is kept: sorting is stable).
        all.sort_by_key(|&(row, col, _)| (row, col));
        all.dedup_by_key(|&mut (row, col, _)| (row, col));
        let order = |queen: Queen| match queen {
            Queen::Placed(row, col) => (0, row as usize, col),
            Queen::Given(i) => (1, i, 0),
        };
        /// The number of the line of a kind through a square.
        type Key = fn(u32, u32) -> i64;
        let lines: [(Line, Key); 4] = [
            (Line::Row, |row, _| i64::from(row)),
            (Line::Column, |_, col| i64::from(col)),
            (Line::Diagonal, |row, col| i64::from(row) - i64::from(col)),
            (Line::AntiDiagonal, |row, col| {
                i64::from(row) + i64::from(col)
            }),
        ];
        let mut keys: Vec<(i64, usize)> = Vec::with_capacity(all.len());
        for (line, key) in lines {
            keys.clear();
            keys.extend(all.iter().enumerate().map(|(i, &(r, c, _))| (key(r, c), i)));
            keys.sort_unstable();
            if let Some(pair) = keys.windows(2).find(|pair| pair[0].0 == pair[1].0) {
                let (a, b) = (all[pair[0].1].2, all[pair[1].1].2);
                let (first, second) = if order(a) <= order(b) { (a, b) } else { (b, a) };
                return Err(Clash::Attack {
                    first,
                    second,
                    line,
                });
            }
        }
        let mut board = self.clone();
        board.queens = all.into_iter().map(|(row, col, _)| (row, col)).collect();
        Ok(board)
    }

    /// The number of rows (and of columns).
    pub fn size(&self) -> usize {
        self.n
    }

    /// Whether the square in row `row`, column `col` (0-based) is reserved.
    ///
    /// # Panics
    ///
    /// Panics if `row` or `col` is outside the board.
    pub fn is_reserved(&self, row: usize, col: usize) -> bool {
        assert!(
            row < self.n && col < self.n,
            "({}, {}) is outside the board",
            row,
            col
        );
        self.words > 0 && self.reserved[row * self.words + col / 64] >> (col % 64) & 1 == 1
    }

    /// Whether any square is reserved.
    pub fn has_reserved(&self) -> bool {
        self.words > 0
    }

    /// The reserved squares of `row` as bits (bit `c % 64` of word `c / 64` for column `c`),
    /// or an empty slice when the board has none.
    pub fn reserved_row(&self, row: usize) -> &[u64] {
        &self.reserved[row * self.words..(row + 1) * self.words]
    }

    /// The placed queens, `(row, column)` 0-based, in order of rows.
    pub fn queens(&self) -> &[(u32, u32)] {
        &self.queens
    }

    /// The column of the queen placed in `row`, if any.
    ///
    /// # Complexity
    ///
    /// O(log q) for q placed queens.
    pub fn queen_in(&self, row: usize) -> Option<u32> {
        let i = self
            .queens
            .binary_search_by_key(&row, |&(r, _)| r as usize)
            .ok()?;
        Some(self.queens[i].1)
    }

    /// The rows without a placed queen: the queens a completion adds.
    pub fn free_rows(&self) -> usize {
        self.n - self.queens.len()
    }

    /// Whether the board is plain: nothing reserved, no queen placed.
    pub fn is_plain(&self) -> bool {
        self.words == 0 && self.queens.is_empty()
    }

    /// For each row, the columns no queen of a completion can take there (bit `c` for column
    /// `c`): its reserved squares, and the squares the placed queens attack, which in a row
    /// with a placed queen is every square but the queen's own. Placements of the plain board
    /// that avoid these squares are exactly the completions of this one: how boards are counted
    /// by the counters of [`crate::count`].
    ///
    /// # Panics
    ///
    /// Panics if the board is wider than 32.
    ///
    /// # Complexity
    ///
    /// O(n · (q + 1)) for q placed queens.
    ///
    /// # Example
    ///
    /// ```
    /// use nqueens::board::Board;
    ///
    /// let board = Board::parse(b"..*.\nQ...\n....\n....\n").unwrap();
    /// assert_eq!(board.barred_rows(), vec![0b0111, 0b1110, 0b0011, 0b0101]);
    /// ```
    pub fn barred_rows(&self) -> Vec<u32> {
        assert!(
            self.n <= MAX_N as usize,
            "the board is wider than {}",
            MAX_N
        );
        self.barred_words().into_iter().map(|w| w as u32).collect()
    }

    /// [`Board::barred_rows`] for boards up to 64 wide, one word a row.
    ///
    /// # Panics
    ///
    /// Panics if the board is wider than 64.
    ///
    /// # Complexity
    ///
    /// O(n · (q + 1)) for q placed queens.
    pub fn barred_words(&self) -> Vec<u64> {
        let n = self.n;
        assert!(n <= 64, "the board is wider than 64");
        let all = if n == 64 { !0 } else { (1u64 << n) - 1 };
        (0..n)
            .map(|row| {
                if let Some(col) = self.queen_in(row) {
                    return all & !(1 << col);
                }
                let mut barred = self.reserved_row(row).first().copied().unwrap_or(0);
                for &(r, c) in &self.queens {
                    let (r, c, row) = (i64::from(r), i64::from(c), row as i64);
                    for col in [c, c + (row - r), c - (row - r)] {
                        if (0..n as i64).contains(&col) {
                            barred |= 1 << col;
                        }
                    }
                }
                barred
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queens_in_a_board_file_that_attack_each_other_are_named_by_line_and_column() {
        let err = |text: &str| Board::parse(text.as_bytes()).unwrap_err().to_string();
        assert_eq!(
            err("\n...Q\n....\n.Q..\n....\n"),
            "line 4: column 2: the queen shares its anti-diagonal with the queen on line 2, column 4"
        );
        assert_eq!(
            err("Q...\n....\n..Q.\n....\n"),
            "line 3: column 3: the queen shares its diagonal with the queen on line 1, column 1"
        );
        assert_eq!(
            err("Q...\n....\nQ...\n....\n"),
            "line 3: column 1: the queen shares its column with the queen on line 1, column 1"
        );
        assert_eq!(
            err("....\n.Q.Q\n"),
            "line 2: column 4: a second queen in this row (the first is in column 2)"
        );
    }

    #[test]
    fn a_wide_board_keeps_its_reserved_squares_and_queens() {
        let n = 100;
        let mut text = String::new();
        for row in 0..n {
            let line: String = (0..n)
                .map(|col| match (row, col) {
                    (3, 70) => 'Q',
                    (5, 99) | (99, 0) => '*',
                    _ => '.',
                })
                .collect();
            text.push_str(&line);
            text.push('\n');
        }
        let board = Board::parse(text.as_bytes()).unwrap();
        assert_eq!(board.size(), 100);
        assert_eq!(board.queens(), &[(3, 70)]);
        assert!(board.is_reserved(5, 99) && board.is_reserved(99, 0));
        assert!(!board.is_reserved(5, 98) && !board.is_reserved(3, 70));
        assert_eq!(board.reserved_row(5).len(), 2);
        assert_eq!(board.queen_in(3), Some(70));
        assert_eq!(board.queen_in(4), None);
        assert_eq!(board.free_rows(), 99);
    }

    #[test]
    fn barred_rows_leave_exactly_the_completions() {
        // Every placement of 6 avoiding the barred squares keeps the placed queens.
        let board = Board::parse(b".Q....\n......\n......\n....*.\n......\n......\n").unwrap();
        let barred = board.barred_rows();
        let placements: Vec<Vec<usize>> = crate::Placements::new(6)
            .filter(|q| q.iter().enumerate().all(|(r, &c)| barred[r] >> c & 1 == 0))
            .collect();
        let expected: Vec<Vec<usize>> = crate::Placements::new(6)
            .filter(|q| q[0] == 1 && q[3] != 4)
            .collect();
        assert_eq!(placements, expected);
        assert!(!placements.is_empty());
    }
}
