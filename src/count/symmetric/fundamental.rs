//! The fundamental placements: one of each class under the symmetries, the smallest, streamed
//! in order by the symmetric search.

use super::tasks::{starts, Rules, Task};
use crate::judge::MAX_N;

/// The *fundamental* placements of `n` queens: one of each class under the 8 symmetries of
/// the square, the lexicographically smallest of its class, in lexicographic order (OEIS
/// A002562 of them: the twelve of the eight queens).
///
/// The symmetric search finds exactly these (the module docs say why: its rules keep the
/// smallest image of each class), and it finds them in order: the starts with a queen in the
/// corner come first, by the second queen's column, then the others by the first queen's
/// column, and each start's search takes the columns of a row from the left. So they are
/// streamed, one at a time, in O(n) memory.
///
/// # Panics
///
/// [`Fundamental::new`] panics if `n > 32`.
///
/// # Complexity
///
/// The whole listing costs the search of [`super::count`] plus O(n) per placement.
///
/// # Example
///
/// ```
/// use nqueens::count::symmetric::Fundamental;
///
/// let twelve: Vec<Vec<usize>> = Fundamental::new(8).collect();
/// assert_eq!(twelve.len(), 12);
/// assert_eq!(twelve[0], [0, 4, 7, 5, 2, 6, 1, 3]);
/// assert_eq!(Fundamental::new(6).collect::<Vec<_>>(), [[1, 3, 5, 0, 2, 4]]);
/// ```
pub struct Fundamental {
    n: usize,
    /// The starts not yet searched, last first.
    starts: Vec<Task>,
    /// The rules of the start being searched.
    rules: Option<Rules>,
    /// The search: each row's sub-problem and the columns still to try there.
    stack: Vec<(Task, u32)>,
    /// The empty board's one placement, given once.
    empty_pending: bool,
}

impl Fundamental {
    /// Starts the listing for `n` queens.
    pub fn new(n: u32) -> Fundamental {
        assert!(n <= MAX_N, "Fundamental: n = {} is above {}", n, MAX_N);
        let n = n as usize;
        let mut starts = if n == 0 { Vec::new() } else { starts(n, None) };
        starts.reverse();
        Fundamental {
            n,
            starts,
            rules: None,
            stack: Vec::with_capacity(n + 1),
            empty_pending: n == 0,
        }
    }

    /// The columns `task`'s row may try.
    fn allowed(rules: &Rules, task: &Task) -> u32 {
        let free = rules.mask & !(task.left | task.down | task.right);
        rules.allowed(task.y, free, task.down)
    }
}

impl Iterator for Fundamental {
    type Item = Vec<usize>;

    /// The next fundamental placement: the 0-based column of the queen in each row.
    fn next(&mut self) -> Option<Vec<usize>> {
        if self.empty_pending {
            self.empty_pending = false;
            return Some(Vec::new());
        }
        loop {
            let Some((task, allowed)) = self.stack.last_mut() else {
                let start = self.starts.pop()?;
                let rules = Rules::new(self.n, start.start, None);
                let allowed = Fundamental::allowed(&rules, &start);
                self.stack.push((start, allowed));
                self.rules = Some(rules);
                continue;
            };
            let rules = self.rules.as_ref()?;
            if *allowed == 0 {
                self.stack.pop();
                continue;
            }
            let col = allowed.trailing_zeros() as usize;
            *allowed &= *allowed - 1;
            let child = task.place(col);
            if child.y == self.n {
                if rules.leaf(&child.q[..self.n]).unique > 0 {
                    return Some(child.q[..self.n].iter().map(|&c| usize::from(c)).collect());
                }
            } else {
                let allowed = Fundamental::allowed(rules, &child);
                self.stack.push((child, allowed));
            }
        }
    }
}
