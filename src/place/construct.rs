//! One placement for every n ≥ 4 by an explicit rule: O(n), no search.

use super::OutOfMemory;

/// A placement of `n` queens built by formula (Hoffman, Loessi and Moore 1969; in this form,
/// Bernhardsson 1991): the 0-based column of the queen in each row, or `None` for n = 2 and 3,
/// which have no placement.
///
/// Counting columns from 1, the queens of rows 1, 2, … take the even columns 2, 4, 6, … and
/// then the odd ones 1, 3, 5, …. Steps of two keep every queen off its neighbours' diagonals,
/// and this works unless n mod 6 is 2 or 3, where the jump from the evens to the odds lands
/// on a diagonal. Then:
///
/// - n mod 6 = 2: the odd columns go 3, 1, 7, 9, 11, …, 5 (1 and 3 swapped, 5 moved last);
/// - n mod 6 = 3: the even columns go 4, 6, 8, …, 2 (2 moved last) and the odd ones
///   5, 7, 9, …, 1, 3 (1 and 3 moved last).
///
/// The tests check the result with the independent [`super::verify()`] for every n from
/// 4 to 2,000 and for larger n around 10⁵ and 10⁶.
///
/// # Errors
///
/// [`OutOfMemory`] if the n columns cannot be allocated (never an abort).
///
/// # Complexity
///
/// O(n) time, and the n columns of the result.
///
/// # Example
///
/// ```
/// assert_eq!(nqueens::place::construct(4), Ok(Some(vec![1, 3, 0, 2])));
/// assert_eq!(nqueens::place::construct(3), Ok(None));
/// assert_eq!(nqueens::place::construct(1), Ok(Some(vec![0])));
/// ```
pub fn construct(n: u32) -> Result<Option<Vec<u32>>, OutOfMemory> {
    match n {
        0 => return Ok(Some(Vec::new())),
        1 => return Ok(Some(vec![0])),
        2 | 3 => return Ok(None),
        _ => {}
    }
    // 1-based columns, built in one pass and turned 0-based.
    let evens: Box<dyn Iterator<Item = u32>> = match n % 6 {
        3 => Box::new((4..=n).step_by(2).chain([2])),
        _ => Box::new((2..=n).step_by(2)),
    };
    let odds: Box<dyn Iterator<Item = u32>> = match n % 6 {
        2 => Box::new([3, 1].into_iter().chain((7..=n).step_by(2)).chain([5])),
        3 => Box::new((5..=n).step_by(2).chain([1, 3])),
        _ => Box::new((1..=n).step_by(2)),
    };
    let mut queens = Vec::new();
    queens
        .try_reserve_exact(n as usize)
        .map_err(|_| OutOfMemory {
            what: "the columns of the queens",
            needed: u64::from(n) * 4,
        })?;
    queens.extend(evens.chain(odds).map(|c| c - 1));
    Ok(Some(queens))
}
