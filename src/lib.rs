//! Count, list and find N-Queens placements.
//!
//! N queens stand on an N×N board so that no two share a row, a column or a diagonal. This
//! crate counts such placements (the judge program of HDU 2553 and its LeetCode 52 shape).
//!
//! The judge program `src/main.rs` is one self-contained file that users submit to online
//! judges as it is; this library includes it as the module [`judge`], so its counter and its
//! table of known counts exist exactly once.
//!
//! # Example
//!
//! ```
//! // The judge's recursive bitmask counter, and the table of known counts (OEIS A000170).
//! assert_eq!(nqueens::judge::count(8), 92);
//! assert_eq!(nqueens::judge::known_count(27), Some(234_907_967_154_122_528));
//!
//! // LeetCode 52.
//! assert_eq!(nqueens::total_n_queens(4), 2);
//! ```

#[path = "main.rs"]
pub mod judge;

/// LeetCode 52 "N-Queens II": the number of placements of `n` queens on an `n`×`n` board.
///
/// # Constraints
///
/// `0 <= n <= 18` (the count for 19 does not fit in an `i32`). LeetCode asks `1 <= n <= 9`.
///
/// # Panics
///
/// Panics if `n` is negative or above 18.
///
/// # Complexity
///
/// That of [`judge::count`]: roughly O(n!) time, O(n) memory.
///
/// # Example
///
/// ```
/// assert_eq!(nqueens::total_n_queens(1), 1);
/// assert_eq!(nqueens::total_n_queens(4), 2);
/// assert_eq!(nqueens::total_n_queens(8), 92);
/// ```
pub fn total_n_queens(n: i32) -> i32 {
    assert!(
        (0..=18).contains(&n),
        "total_n_queens: n = {} is outside 0..=18",
        n
    );
    judge::count(n as u32) as i32
}
