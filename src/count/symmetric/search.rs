//! The symmetric search itself: one task searched row by row, each placement counted by the
//! size of its class.

use super::counts::Counts;
use super::tasks::{Rules, Task};
use crate::board::Board;
use crate::judge::MAX_N;

/// Solves one sub-problem.
pub(super) fn solve(task: &Task, n: usize, board: Option<&Board>) -> Counts {
    let rules = Rules::new(n, task.start, board);
    let mut q = task.q;
    search(&rules, &mut q, task.y, task.left, task.down, task.right)
}

/// The bitmask search below a sub-problem: a queen for row `y` and every row after it; the
/// counts of the placements found.
fn search(
    rules: &Rules,
    q: &mut [u8; MAX_N as usize],
    y: usize,
    left: u32,
    down: u32,
    right: u32,
) -> Counts {
    let n = rules.n;
    let mut free = rules.allowed(y, rules.mask & !(left | down | right), down);
    let mut counts = Counts::default();
    if y + 1 >= n {
        if free != 0 {
            q[y & 31] = free.trailing_zeros() as u8;
            counts += rules.leaf(&q[..n]);
        }
        return counts;
    }
    while free != 0 {
        let bit = free & free.wrapping_neg();
        free ^= bit;
        // Rows index `& 31`: always in range, so no bounds checks on the hot path.
        q[y & 31] = bit.trailing_zeros() as u8;
        let (left, down, right) = ((left | bit) << 1, down | bit, (right | bit) >> 1);
        if y + 2 == n {
            // The last row: at most one column is left; no call for it.
            let last = rules.allowed(y + 1, rules.mask & !(left | down | right), down);
            if last != 0 {
                q[(y + 1) & 31] = last.trailing_zeros() as u8;
                counts += rules.leaf(&q[..n]);
            }
        } else if !dead_end(rules.mask, n - y, left, down, right) {
            counts += search(rules, q, y + 1, left, down, right);
        }
    }
    counts
}

/// Forward checking: whether the queens placed so far (attacking `left`, `down`, `right` in
/// the next row) already leave no column in one of the two rows after it, with `rows_left`
/// rows still to fill counting the current one. Cheap with masks, and it spares the search
/// most of the dead ends it would otherwise walk into.
#[inline(always)]
fn dead_end(mask: u32, rows_left: usize, left: u32, down: u32, right: u32) -> bool {
    (rows_left >= 3 && mask & !(down | left << 1 | right >> 1) == 0)
        || (rows_left >= 4 && mask & !(down | left << 2 | right >> 2) == 0)
}
