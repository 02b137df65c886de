//! Bitwise state with an explicit stack (the fifth teaching counter).

use crate::bit_row::Row;
use crate::judge::MAX_N;

/// Counts the placements of `n` queens with the state of each row in four bit masks.
///
/// Bit `c` of `cols`, `left` and `right` says column `c` of the current row is attacked along a
/// column or a diagonal. Going down a row the diagonal masks shift by one
/// (`(left | bit) << 1`, `(right | bit) >> 1`), so the free columns are
/// `full & !(cols | left | right)`, and `free & free.wrapping_neg()` is the lowest of them. A
/// fixed stack of rows replaces the recursion. Everything the flag and link arrays of
/// [`super::flags`] and [`super::links`] did is now a few instructions on registers.
///
/// Like the other teaching counters, this one searches the whole board; the judge's counter
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
