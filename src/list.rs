//! Every placement, one at a time, in lexicographic order of its columns; and how to print one.

use crate::count::seed::bitwise::Row;
use crate::judge::{columns, MAX_N};
use std::io::{self, Write};

/// The placements of `n` queens, as the 0-based column of the queen in each row, in increasing
/// lexicographic order of those column sequences.
///
/// The search is the bitwise one of [`crate::count::seed::bitwise`], stopped at each placement found; bit
/// `c` stands for column `c`, so taking the lowest free bit first yields the placements in
/// order. It holds one placement at a time: memory stays O(n) however many there are.
///
/// [`Placements::next_placement`] lends each placement without allocating; the [`Iterator`]
/// gives each as a fresh `Vec<usize>`.
///
/// # Example
///
/// ```
/// use nqueens::Placements;
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
    /// O(1) to start; the whole listing costs what [`crate::count::seed::bitwise::count`] costs plus O(n)
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
    /// let mut all = nqueens::Placements::new(6);
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
/// nqueens::write_perm(&mut out, &[1, 3, 0, 2]).unwrap();
/// assert_eq!(out, b"2 4 1 3\n");
/// ```
pub fn write_perm<W: Write + ?Sized>(out: &mut W, queens: &[usize]) -> io::Result<()> {
    write_columns(out, queens.iter().map(|&c| c as u64))
}

/// [`write_perm`] for columns held as `u32`, as [`crate::place::min_conflicts()`] and
/// [`crate::place::construct()`] give them.
///
/// # Errors
///
/// Those of `out`.
///
/// # Complexity
///
/// O(n).
///
/// # Example
///
/// ```
/// let mut out = Vec::new();
/// nqueens::list::write_perm_u32(&mut out, &[1, 3, 0, 2]).unwrap();
/// assert_eq!(out, b"2 4 1 3\n");
/// ```
pub fn write_perm_u32<W: Write + ?Sized>(out: &mut W, queens: &[u32]) -> io::Result<()> {
    write_columns(out, queens.iter().map(|&c| u64::from(c)))
}

/// "00", "01", … "99": two digits at a time.
const DIGIT_PAIRS: &[u8; 200] = b"\
0001020304050607080910111213141516171819202122232425262728293031323334353637383940414243444546474849\
5051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899";

/// Writes 0-based columns as 1-based numbers separated by spaces, then a newline.
fn write_columns<W: Write + ?Sized>(
    out: &mut W,
    columns: impl Iterator<Item = u64>,
) -> io::Result<()> {
    let mut buffer = Vec::with_capacity(1 << 16);
    let mut digits = [0u8; 20];
    for (i, col) in columns.enumerate() {
        if i > 0 {
            buffer.push(b' ');
        }
        let mut value = col + 1;
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
/// nqueens::write_board(&mut out, &[1, 3, 0, 2]).unwrap();
/// assert_eq!(String::from_utf8(out).unwrap(), ".Q..\n...Q\nQ...\n..Q.\n");
/// ```
pub fn write_board<W: Write + ?Sized>(out: &mut W, queens: &[usize]) -> io::Result<()> {
    let mut line = vec![b'.'; queens.len() + 1];
    *line.last_mut().unwrap_or(&mut 0) = b'\n';
    for &col in queens {
        line[col] = b'Q';
        out.write_all(&line)?;
        line[col] = b'.';
    }
    Ok(())
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
///     nqueens::solve_n_queens(4),
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
