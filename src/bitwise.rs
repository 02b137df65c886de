//! Bitwise state with an explicit stack (seed 000's fifth counter).

use crate::judge::MAX_N;

/// One row of the search: the columns attacked from above (by column and by each diagonal)
/// and the free columns not tried yet.
#[derive(Clone, Copy, Default)]
struct Row {
    cols: u32,
    left: u32,
    right: u32,
    untried: u32,
}

/// Counts the placements of `n` queens with the state of each row in four bit masks.
///
/// Bit `c` of `cols`, `left` and `right` says column `c` of the current row is attacked along a
/// column or a diagonal. Going down a row the diagonal masks shift by one
/// (`(left | bit) << 1`, `(right | bit) >> 1`), so the free columns are
/// `full & !(cols | left | right)`, and `free & free.wrapping_neg()` is the lowest of them. A
/// fixed stack of rows replaces the recursion. Everything the flag and link arrays of
/// [`crate::flags`] and [`crate::links`] did is now a few instructions on registers.
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
/// assert_eq!(nqueens::bitwise::count(10), 724);
/// ```
pub fn count(n: u32) -> u64 {
    assert!(n <= MAX_N, "bitwise: n = {} is above {}", n, MAX_N);
    if n == 0 {
        return 1;
    }
    let full = u32::MAX >> (32 - n);
    let mut stack = [Row::default(); MAX_N as usize + 1];
    stack[0].untried = full;
    let (mut depth, mut total) = (0usize, 0);
    loop {
        let top = stack[depth];
        if top.untried == 0 {
            if depth == 0 {
                return total;
            }
            depth -= 1;
            continue;
        }
        let bit = top.untried & top.untried.wrapping_neg();
        stack[depth].untried ^= bit;
        let cols = top.cols | bit;
        if cols == full {
            total += 1;
            continue;
        }
        let left = (top.left | bit) << 1;
        let right = (top.right | bit) >> 1;
        depth += 1;
        stack[depth] = Row {
            cols,
            left,
            right,
            untried: full & !(cols | left | right),
        };
    }
}
