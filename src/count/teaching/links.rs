//! Backtracking over a linked list of the free columns (the fourth teaching counter).

use super::mirror;
use crate::judge::MAX_N;

/// Counts the placements of `n` queens, each row trying only the columns still free.
///
/// The free columns form a singly linked list in increasing order (`next[c]`, with a head
/// node). Placing a queen in column `c` unlinks it (`next[pred] = next[c]`), and since queens
/// are taken back in the reverse order, relinking is one store (`next[pred] = c`): `c` still
/// points at its old successor. A row so never looks at a column a queen above already holds,
/// and only the two diagonals need flag arrays, as in [`super::flags`]. The left-right mirror of
/// [`super::mirror`] still halves the work.
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
/// Row `r` walks at most `n - r` free columns: O(n!) in all, memory O(n).
///
/// # Example
///
/// ```
/// assert_eq!(nqueens::count::teaching::links::count(7), 40);
/// ```
pub fn count(n: u32) -> u64 {
    assert!(n <= MAX_N, "links: n = {} is above {}", n, MAX_N);
    let n = n as usize;
    if n <= 1 {
        return 1;
    }
    let (head, end) = (n, n + 1);
    // next[c] is the free column after c; next[head] is the first free column.
    let mut next: Vec<usize> = (1..=n).collect();
    next[n - 1] = end;
    next.push(0);
    let mut q = vec![end; n]; // end: no queen placed in this row yet
    let mut pred = vec![head; n]; // the list node before q[row] when it was unlinked
    let mut sum = vec![false; 2 * n - 1];
    let mut diff = vec![false; 2 * n - 1];
    let (mut row, mut total) = (0, 0);
    loop {
        let (mut p, mut c) = (head, next[head]);
        if q[row] != end {
            let col = q[row];
            next[pred[row]] = col;
            sum[row + col] = false;
            diff[row + n - 1 - col] = false;
            p = col;
            c = next[col];
        }
        let limit = mirror::limit(n, row, &q);
        while c < limit && (sum[row + c] || diff[row + n - 1 - c]) {
            p = c;
            c = next[c];
        }
        if c >= limit {
            q[row] = end;
            if row == 0 {
                return 2 * total;
            }
            row -= 1;
            continue;
        }
        q[row] = c;
        pred[row] = p;
        next[p] = next[c];
        sum[row + c] = true;
        diff[row + n - 1 - c] = true;
        if row + 1 == n {
            total += 1;
        } else {
            row += 1;
        }
    }
}
