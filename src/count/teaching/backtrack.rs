//! Plain backtracking (the first teaching counter): a queen per row, each new one checked against
//! every queen above it.

use crate::judge::MAX_N;

/// Marks a row whose queen has not been placed yet.
const UNPLACED: usize = usize::MAX;

/// Counts the placements of `n` queens by plain iterative backtracking.
///
/// `q[row]` holds the column of each row's queen. A row tries its columns left to right; a
/// column is safe when no queen above shares it or a diagonal (`|q[r] - col| == row - r`). When a
/// row runs out of columns the search goes back up one row and moves that queen on.
///
/// # Constraints
///
/// `n <= 32`, like every counter of this crate; past n ≈ 15 this one takes minutes.
///
/// # Panics
///
/// Panics if `n > 32`.
///
/// # Complexity
///
/// Each of the partial placements visited tries up to n columns, each check costing O(n):
/// about O(n² · n!) in the worst case; memory O(n).
///
/// # Example
///
/// ```
/// assert_eq!(nqueens::count::teaching::backtrack::count(8), 92);
/// ```
pub fn count(n: u32) -> u64 {
    assert!(n <= MAX_N, "backtrack: n = {} is above {}", n, MAX_N);
    search(n as usize, |_, _| n as usize)
}

/// The backtracking loop, with `limit(row, q)` the number of columns row `row` may try (the
/// left-right mirror of [`super::mirror`] narrows it); returns the number of placements found.
pub(crate) fn search(n: usize, limit: impl Fn(usize, &[usize]) -> usize) -> u64 {
    if n == 0 {
        return 1;
    }
    let mut q = vec![UNPLACED; n];
    let mut row = 0;
    let mut total = 0;
    loop {
        let end = limit(row, &q);
        let mut col = q[row].wrapping_add(1);
        while col < end && !safe(&q[..row], row, col) {
            col += 1;
        }
        if col >= end {
            q[row] = UNPLACED;
            if row == 0 {
                return total;
            }
            row -= 1;
        } else {
            q[row] = col;
            if row + 1 == n {
                total += 1;
            } else {
                row += 1;
            }
        }
    }
}

/// Whether a queen at (`row`, `col`) is safe from the queens `above` it: no shared column or
/// diagonal.
fn safe(above: &[usize], row: usize, col: usize) -> bool {
    above
        .iter()
        .enumerate()
        .all(|(r, &c)| c != col && c.abs_diff(col) != row - r)
}
