//! One placement for every n ≥ 4 by an explicit rule: O(n), no search.

use crate::memory::OutOfMemory;

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
    let Some(columns) = Columns::new(u64::from(n)) else {
        return Ok(None);
    };
    let mut queens = Vec::new();
    crate::memory::reserve(&mut queens, n as usize, "the columns of the queens")?;
    queens.extend(columns.map(|c| c as u32));
    Ok(Some(queens))
}

/// The columns of [`construct`]'s placement, computed one row at a time: no array, O(1)
/// memory, for any `n` a `u64` holds, so a placement too big to hold can be written as it is
/// made.
///
/// # Example
///
/// ```
/// use nqueens::place::Columns;
///
/// let columns: Vec<u64> = Columns::new(8).unwrap().collect();
/// assert_eq!(columns, [1, 3, 5, 7, 2, 0, 6, 4]);
/// assert!(Columns::new(3).is_none());
/// assert_eq!(Columns::new(1_000_000_000_000).unwrap().len(), 1_000_000_000_000);
/// ```
#[derive(Clone, Debug)]
pub struct Columns {
    /// Runs of 1-based columns `first, first + 2, …, last`; at most six.
    runs: [(u64, u64); 6],
    /// The runs left: `runs[run..]`.
    run: usize,
    /// The next column of the current run (1-based).
    next: u64,
    left: u64,
}

impl Columns {
    /// The columns for `n` queens, or `None` for n = 2 and 3, which have no placement.
    ///
    /// # Complexity
    ///
    /// O(1), and O(1) per column.
    pub fn new(n: u64) -> Option<Columns> {
        let mut runs = Vec::with_capacity(6);
        let step = |first: u64, last: u64| (first, last);
        match n {
            0 => {}
            1 => runs.push(step(1, 1)),
            2 | 3 => return None,
            _ => {
                let last_even = n - n % 2;
                let last_odd = n - (n + 1) % 2;
                match n % 6 {
                    3 => runs.extend([step(4, last_even), step(2, 2)]),
                    _ => runs.push(step(2, last_even)),
                }
                match n % 6 {
                    2 => runs.extend([step(3, 3), step(1, 1), step(7, last_odd), step(5, 5)]),
                    3 => runs.extend([step(5, last_odd), step(1, 1), step(3, 3)]),
                    _ => runs.push(step(1, last_odd)),
                }
            }
        }
        // Runs that hold nothing (7..=5 at n = 8's kin) are dropped.
        runs.retain(|&(first, last)| first <= last);
        let mut all = [(1, 0); 6];
        all[..runs.len()].copy_from_slice(&runs);
        Some(Columns {
            runs: all,
            run: 0,
            next: all[0].0,
            left: n,
        })
    }
}

impl Iterator for Columns {
    type Item = u64;

    /// The next row's 0-based column.
    #[inline]
    fn next(&mut self) -> Option<u64> {
        if self.left == 0 {
            return None;
        }
        if self.next > self.runs[self.run].1 {
            self.run += 1;
            self.next = self.runs[self.run].0;
        }
        let column = self.next;
        self.next += 2;
        self.left -= 1;
        Some(column - 1)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = usize::try_from(self.left).unwrap_or(usize::MAX);
        (left, usize::try_from(self.left).ok())
    }
}

impl ExactSizeIterator for Columns {}
