//! Every placement, one at a time, in lexicographic order of its columns; and how to print one.

use crate::bit_row::Row;
use crate::judge::{columns, MAX_N};
use std::io::{self, Write};

/// The placements of `n` queens, as the 0-based column of the queen in each row, in increasing
/// lexicographic order of those column sequences.
///
/// The search is the bitwise one of [`crate::count::teaching::bitwise`], stopped at each placement found; bit
/// `c` stands for column `c`, so taking the lowest free bit first yields the placements in
/// order. It holds one placement at a time: memory stays O(n) however many there are.
///
/// [`Placements::next_placement`] lends each placement without allocating; the [`Iterator`]
/// gives each as a fresh `Vec<usize>`.
///
/// # Example
///
/// ```
/// use nqueens::list::Placements;
///
/// let all: Vec<Vec<usize>> = Placements::new(4).collect();
/// assert_eq!(all, vec![vec![1, 3, 0, 2], vec![2, 0, 3, 1]]);
/// assert_eq!(Placements::new(8).count(), 92);
/// ```
pub struct Placements {
    full: u32,
    stack: [Row; MAX_N as usize + 1],
    depth: usize,
    queens: Vec<usize>,
    /// The empty board has one (empty) placement, given once.
    empty_pending: bool,
}

impl Placements {
    /// Starts the listing for `n` queens.
    ///
    /// # Constraints
    ///
    /// `n <= 32`.
    ///
    /// # Panics
    ///
    /// Panics if `n > 32`.
    ///
    /// # Complexity
    ///
    /// O(1) to start; the whole listing costs what [`crate::count::teaching::bitwise::count`] costs plus O(n)
    /// per placement.
    pub fn new(n: u32) -> Placements {
        assert!(n <= MAX_N, "Placements: n = {} is above {}", n, MAX_N);
        let full = columns(n);
        let mut stack = [Row::default(); MAX_N as usize + 1];
        stack[0] = Row::top(full);
        Placements {
            full,
            stack,
            depth: 0,
            queens: Vec::with_capacity(n as usize),
            empty_pending: n == 0,
        }
    }

    /// The next placement, lent until the next call, or `None` when all are given.
    ///
    /// # Complexity
    ///
    /// Amortised the search between two placements.
    ///
    /// # Example
    ///
    /// ```
    /// let mut all = nqueens::list::Placements::new(6);
    /// assert_eq!(all.next_placement(), Some(&[1, 3, 5, 0, 2, 4][..]));
    /// ```
    pub fn next_placement(&mut self) -> Option<&[usize]> {
        if self.empty_pending {
            self.empty_pending = false;
            return Some(&[]);
        }
        loop {
            if self.stack[self.depth].exhausted() {
                if self.depth == 0 {
                    return None;
                }
                self.depth -= 1;
                continue;
            }
            let (bit, next) = self.stack[self.depth].place_next(self.full);
            self.queens.truncate(self.depth);
            self.queens.push(bit.trailing_zeros() as usize);
            match next {
                None => return Some(&self.queens),
                Some(next) => {
                    self.depth += 1;
                    self.stack[self.depth] = next;
                }
            }
        }
    }
}

impl Iterator for Placements {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Vec<usize>> {
        self.next_placement().map(<[usize]>::to_vec)
    }
}

/// Writes a placement as one `perm` line: the 1-based column of the queen in rows 1..n,
/// separated by spaces (the answer format of Luogu P1219 and POJ 3239).
///
/// # Errors
///
/// Those of `out`.
///
/// # Complexity
///
/// O(n): digits are formatted by hand into a buffer written in large pieces, so 10⁸ queens
/// take about a second.
///
/// # Example
///
/// ```
/// let mut out = Vec::new();
/// nqueens::list::write_perm(&mut out, &[1usize, 3, 0, 2]).unwrap();
/// nqueens::list::write_perm(&mut out, &[0u32]).unwrap();
/// assert_eq!(out, b"2 4 1 3\n1\n");
/// ```
pub fn write_perm<W: Write + ?Sized, C: Column>(out: &mut W, queens: &[C]) -> io::Result<()> {
    write_columns(out, queens.iter().map(|&c| c.to_u64()), 1, b' ')
}

/// A queen's column, as the searches hold it: `usize` ([`Placements`]) or `u32`
/// ([`crate::place::min_conflicts()`], [`crate::place::construct()`]).
pub trait Column: Copy {
    /// The column as a `u64`.
    fn to_u64(self) -> u64;
}

impl Column for usize {
    fn to_u64(self) -> u64 {
        self as u64
    }
}

impl Column for u32 {
    fn to_u64(self) -> u64 {
        u64::from(self)
    }
}

/// How placements are printed, the same words in every subcommand that prints them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// N rows of `.` and `Q`, a blank line between placements.
    Board,
    /// One line per placement: the 1-based column of the queen in rows 1..N, separated by
    /// spaces (POJ 3239, Luogu P1219).
    Perm,
    /// As [`Format::Perm`], 0-based (graders that count from 0).
    Perm0,
    /// One 1-based column per line, a blank line between placements (BOJ 3344, BOI 2012).
    Lines,
    /// LeetCode 51's answer: a JSON array of boards, each an array of row strings.
    Json,
    /// One SVG picture of every placement ([`crate::draw`]), written when the printer
    /// finishes.
    Svg,
}

impl Format {
    /// Every format, in the order the help lists them.
    pub const ALL: [Format; 6] = [
        Format::Board,
        Format::Perm,
        Format::Perm0,
        Format::Lines,
        Format::Json,
        Format::Svg,
    ];

    /// The format's word on the command line.
    ///
    /// # Example
    ///
    /// ```
    /// use nqueens::list::Format;
    /// assert_eq!(Format::Perm0.name(), "perm0");
    /// assert_eq!(Format::from_name("json"), Some(Format::Json));
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Format::Board => "board",
            Format::Perm => "perm",
            Format::Perm0 => "perm0",
            Format::Lines => "lines",
            Format::Json => "json",
            Format::Svg => "svg",
        }
    }

    /// The format with this word, if any.
    pub fn from_name(name: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.name() == name)
    }
}

/// Prints placements one after another in one [`Format`]: what goes between them and around
/// them (a blank line, JSON's brackets and commas) is its business.
///
/// # Example
///
/// ```
/// use nqueens::list::{Format, Printer};
///
/// let mut json = Printer::new(Vec::new(), Format::Json);
/// for queens in nqueens::list::Placements::new(4) {
///     json.print(&queens).unwrap();
/// }
/// let out = json.finish().unwrap();
/// assert_eq!(out, br#"[[".Q..","...Q","Q...","..Q."],["..Q.","Q...","...Q",".Q.."]]
/// "#);
///
/// let mut lines = Printer::new(Vec::new(), Format::Lines);
/// lines.print(&[1u32, 3, 0, 2]).unwrap();
/// assert_eq!(lines.finish().unwrap(), b"2\n4\n1\n3\n");
/// ```
pub struct Printer<W: Write> {
    out: W,
    format: Format,
    printed: u64,
    /// The placements an SVG picture will show, held until [`Printer::finish`].
    held: Vec<Vec<u32>>,
    /// The board the placements complete, for an SVG picture.
    board: Option<crate::board::Board>,
}

impl<W: Write> Printer<W> {
    /// Prints to `out` in `format`.
    pub fn new(out: W, format: Format) -> Printer<W> {
        Printer {
            out,
            format,
            printed: 0,
            held: Vec::new(),
            board: None,
        }
    }

    /// The printer for placements that complete `board`: an SVG picture draws its reserved
    /// squares and its placed queens apart from the others (other formats print placements
    /// alone).
    pub fn on_board(mut self, board: &crate::board::Board) -> Printer<W> {
        if self.format == Format::Svg {
            self.board = Some(board.clone());
        }
        self
    }

    /// Prints one placement, the 0-based column of the queen in each row.
    ///
    /// # Errors
    ///
    /// Those of `out`.
    ///
    /// # Complexity
    ///
    /// O(n), O(n²) for [`Format::Board`] and [`Format::Json`].
    pub fn print<C: Column>(&mut self, queens: &[C]) -> io::Result<()> {
        self.print_columns(queens.len(), queens.iter().map(|&c| c.to_u64()))
    }

    /// Prints one placement of `n` queens given by its columns, computed as they are printed
    /// (a placement too big to hold can be streamed).
    ///
    /// # Errors
    ///
    /// Those of `out`.
    pub fn print_columns(
        &mut self,
        n: usize,
        columns: impl Iterator<Item = u64>,
    ) -> io::Result<()> {
        let first = self.printed == 0;
        self.printed += 1;
        let out = &mut self.out;
        match self.format {
            Format::Perm => write_columns(out, columns, 1, b' '),
            Format::Perm0 => write_columns(out, columns, 0, b' '),
            Format::Lines => {
                if !first {
                    out.write_all(b"\n")?;
                }
                write_columns(out, columns, 1, b'\n')
            }
            Format::Board => {
                if !first {
                    out.write_all(b"\n")?;
                }
                write_rows(out, n, columns, b"", b"\n")
            }
            Format::Json => {
                out.write_all(if first { b"[[" } else { b",[" })?;
                write_rows(out, n, columns, b"\"", b"\",")?;
                out.write_all(b"]")
            }
            Format::Svg => {
                self.held.push(columns.map(|c| c as u32).collect());
                Ok(())
            }
        }
    }

    /// Flushes what was printed so far (an SVG picture is written only by
    /// [`Printer::finish`]).
    ///
    /// # Errors
    ///
    /// Those of `out`.
    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }

    /// Ends the output (JSON's closing bracket and a line end) and gives the writer back.
    ///
    /// # Errors
    ///
    /// Those of `out`.
    ///
    /// # Panics
    ///
    /// For [`Format::Svg`], as [`crate::draw::boards_svg`]: boards up to
    /// [`crate::draw::MAX_DRAWN`] wide.
    pub fn finish(mut self) -> io::Result<W> {
        if self.format == Format::Json {
            let end: &[u8] = if self.printed == 0 { b"[]\n" } else { b"]\n" };
            self.out.write_all(end)?;
        }
        if self.format == Format::Svg && !self.held.is_empty() {
            let n = self.held[0].len();
            crate::draw::boards_svg(&mut self.out, n, &self.held, self.board.as_ref())?;
        }
        Ok(self.out)
    }
}

/// Writes the rows of a board of `n` columns, one queen each: `.` and `Q`, each row between
/// `open` and `close` (the last `close` without its final byte if it is a comma: JSON).
fn write_rows<W: Write + ?Sized>(
    out: &mut W,
    n: usize,
    columns: impl Iterator<Item = u64>,
    open: &[u8],
    close: &[u8],
) -> io::Result<()> {
    let mut line = open.to_vec();
    let start = line.len();
    line.resize(start + n, b'.');
    line.extend_from_slice(close);
    let mut rows = columns.peekable();
    while let Some(col) = rows.next() {
        let at = start + col as usize;
        line[at] = b'Q';
        let last = rows.peek().is_none();
        let end = if last && close.last() == Some(&b',') {
            line.len() - 1
        } else {
            line.len()
        };
        out.write_all(&line[..end])?;
        line[at] = b'.';
    }
    Ok(())
}

/// "00", "01", … "99": two digits at a time.
const DIGIT_PAIRS: &[u8; 200] = b"\
0001020304050607080910111213141516171819202122232425262728293031323334353637383940414243444546474849\
5051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899";

/// Writes 0-based columns as numbers counted from `base`, separated by `separator`, then a
/// newline; in 64 KiB writes however many there are.
fn write_columns<W: Write + ?Sized>(
    out: &mut W,
    columns: impl Iterator<Item = u64>,
    base: u64,
    separator: u8,
) -> io::Result<()> {
    let mut buffer = Vec::with_capacity(1 << 16);
    let mut digits = [0u8; 20];
    for (i, col) in columns.enumerate() {
        if i > 0 {
            buffer.push(separator);
        }
        let mut value = col + base;
        let mut start = digits.len();
        while value >= 100 {
            let pair = (value % 100) as usize * 2;
            value /= 100;
            start -= 2;
            digits[start..start + 2].copy_from_slice(&DIGIT_PAIRS[pair..pair + 2]);
        }
        if value >= 10 {
            start -= 2;
            let pair = value as usize * 2;
            digits[start..start + 2].copy_from_slice(&DIGIT_PAIRS[pair..pair + 2]);
        } else {
            start -= 1;
            digits[start] = b'0' + value as u8;
        }
        buffer.extend_from_slice(&digits[start..]);
        if buffer.len() >= (1 << 16) - 32 {
            out.write_all(&buffer)?;
            buffer.clear();
        }
    }
    buffer.push(b'\n');
    out.write_all(&buffer)
}

/// Writes a placement as a board: one line per row, `Q` for the queen and `.` elsewhere.
///
/// # Errors
///
/// Those of `out`.
///
/// # Complexity
///
/// O(n²).
///
/// # Example
///
/// ```
/// let mut out = Vec::new();
/// nqueens::list::write_board(&mut out, &[1, 3, 0, 2]).unwrap();
/// assert_eq!(String::from_utf8(out).unwrap(), ".Q..\n...Q\nQ...\n..Q.\n");
/// ```
pub fn write_board<W: Write + ?Sized>(out: &mut W, queens: &[usize]) -> io::Result<()> {
    write_rows(
        out,
        queens.len(),
        queens.iter().map(|&c| c as u64),
        b"",
        b"\n",
    )
}

/// LeetCode 51 "N-Queens": every placement of `n` queens as a board of strings, `Q` for a queen
/// and `.` for an empty square, in lexicographic order of the queens' columns.
///
/// # Constraints
///
/// `0 <= n <= 32`; all placements are held in memory, so keep n small (LeetCode: 1..=9).
///
/// # Panics
///
/// Panics if `n` is negative or above 32.
///
/// # Complexity
///
/// The search of [`Placements`] plus O(n²) per placement, in time and in memory.
///
/// # Example
///
/// ```
/// assert_eq!(
///     nqueens::list::solve_n_queens(4),
///     vec![vec![".Q..", "...Q", "Q...", "..Q."], vec!["..Q.", "Q...", "...Q", ".Q.."]]
/// );
/// ```
pub fn solve_n_queens(n: i32) -> Vec<Vec<String>> {
    assert!(
        (0..=MAX_N as i32).contains(&n),
        "solve_n_queens: n = {} is outside 0..=32",
        n
    );
    let n = n as usize;
    Placements::new(n as u32)
        .map(|queens| {
            queens
                .iter()
                .map(|&col| {
                    let mut row = ".".repeat(n);
                    row.replace_range(col..=col, "Q");
                    row
                })
                .collect()
        })
        .collect()
}
