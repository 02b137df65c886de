//! Bitwise state with an explicit stack (seed 000's fifth counter).

use crate::judge::MAX_N;

/// One row of the search: the columns attacked from above (by column and by each diagonal)
/// and the free columns not tried yet. A stack of these is the whole state of the search;
/// [`crate::list::Placements`] walks the same stack and stops at each placement.
#[derive(Clone, Copy, Default)]
pub(crate) struct Row {
    cols: u32,
    left: u32,
    right: u32,
    untried: u32,
}

impl Row {
    /// The top row of a board whose columns are `full`.
    pub(crate) fn top(full: u32) -> Row {
        Row {
            untried: full,
            ..Row::default()
        }
    }

    /// Whether every free column of this row has been tried.
    pub(crate) fn exhausted(&self) -> bool {
        self.untried == 0
    }

    /// Puts the queen in the lowest column not tried yet (the row must not be exhausted):
    /// returns that column's bit and the next row, or `None` when the queen completes a
    /// placement.
    #[inline(always)]
    pub(crate) fn place_next(&mut self, full: u32) -> (u32, Option<Row>) {
        let bit = self.untried & self.untried.wrapping_neg();
        self.untried ^= bit;
        let cols = self.cols | bit;
        if cols == full {
            return (bit, None);
        }
        let left = (self.left | bit) << 1;
        let right = (self.right | bit) >> 1;
        let untried = full & !(cols | left | right);
        (
            bit,
            Some(Row {
                cols,
                left,
                right,
                untried,
            }),
        )
    }
}

/// Counts the placements of `n` queens with the state of each row in four bit masks.
///
/// Bit `c` of `cols`, `left` and `right` says column `c` of the current row is attacked along a
/// column or a diagonal. Going down a row the diagonal masks shift by one
/// (`(left | bit) << 1`, `(right | bit) >> 1`), so the free columns are
/// `full & !(cols | left | right)`, and `free & free.wrapping_neg()` is the lowest of them. A
/// fixed stack of rows replaces the recursion. Everything the flag and link arrays of
/// [`super::flags`] and [`super::links`] did is now a few instructions on registers.
///
/// As in seed 000 this counter searches the whole board; the judge's counter
/// [`crate::judge::count`] adds the left-right mirror to the same masks.
///
/// # Constraints
///
/// `n <= 32` (one bit per column of a `u32`).
///
/// # Panics
///
/// Panics if `n > 32`.
///
/// # Complexity
///
/// O(1) per partial placement: O(n!) in all; memory O(n).
///
/// # Example
///
/// ```
/// assert_eq!(nqueens::count::teaching::bitwise::count(10), 724);
/// ```
pub fn count(n: u32) -> u64 {
    assert!(n <= MAX_N, "bitwise: n = {} is above {}", n, MAX_N);
    if n == 0 {
        return 1;
    }
    let full = crate::judge::columns(n);
    let mut stack = [Row::default(); MAX_N as usize + 1];
    stack[0] = Row::top(full);
    let (mut depth, mut total) = (0usize, 0);
    loop {
        if stack[depth].exhausted() {
            if depth == 0 {
                return total;
            }
            depth -= 1;
            continue;
        }
        match stack[depth].place_next(full) {
            (_, None) => total += 1,
            (_, Some(next)) => {
                depth += 1;
                stack[depth] = next;
            }
        }
    }
}
