//! Backtracking halved by the left-right mirror (the second teaching counter).

use super::backtrack;
use crate::judge::MAX_N;

/// Counts the placements of `n` queens by backtracking over half the board and doubling.
///
/// Mirroring a placement left to right gives another placement. So the first row's queen only
/// tries the left half of the row (columns `0..(n+1)/2`) and the count is doubled. For odd `n`
/// a first queen in the middle column is its own mirror image: then the second row's queen is
/// kept left of the middle, and doubling is right again.
///
/// Improves on [`super::backtrack`] by doing half the work; the check per square is unchanged.
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
/// Half of [`super::backtrack::count`]'s, still about O(n² · n!); memory O(n).
///
/// # Example
///
/// ```
/// assert_eq!(nqueens::count::teaching::mirror::count(5), 10);
/// ```
pub fn count(n: u32) -> u64 {
    assert!(n <= MAX_N, "mirror: n = {} is above {}", n, MAX_N);
    let n = n as usize;
    if n <= 1 {
        return 1; // the empty board and the lone queen are their own mirror images
    }
    2 * backtrack::search(n, |row, q| limit(n, row, q))
}

/// How many columns (`0..limit`) row `row` may try so that only one of each mirror pair of
/// placements is searched, given the columns `q` of the queens above it.
pub(crate) fn limit(n: usize, row: usize, q: &[usize]) -> usize {
    match row {
        0 => n.div_ceil(2),
        1 if n % 2 == 1 && q[0] == n / 2 => n / 2,
        _ => n,
    }
}
