//! Hall's condition in the compact search: the empty rows must still match the empty
//! columns one to one over open squares, a matching kept from node to node and repaired
//! along augmenting paths.

use super::{Compact, MAX_FREE, NONE};

impl Compact {
    /// Whether every empty row at `depth` can still get a column of its own among its open
    /// squares (a perfect matching of rows to columns; Hall's condition). Forward checking
    /// sees a shut line; this sees k rows left with fewer than k columns between them, such
    /// as a block of rows squeezed into too few columns, which would otherwise cost a search
    /// of every way to fill all but one of them.
    ///
    /// # Complexity
    ///
    /// O(m) to keep the pairs still valid, and an augmenting path (O(m) words each step, m
    /// steps at worst) for each row that lost its mate: usually a few.
    #[inline(always)]
    pub(super) fn matchable(&mut self, depth: usize) -> bool {
        let m = self.m;
        let rows_open = &self.lines[depth * self.width..][..m];
        let (rows, cols, _) = self.empty[depth];
        let mut unmatched = 0u64;
        let mut set = rows;
        while set != 0 {
            let i = set.trailing_zeros() as usize;
            set &= set - 1;
            let c = self.row_mate[i];
            let kept =
                c != NONE && rows_open[i] >> c & 1 == 1 && self.col_mate[c as usize] == i as u8;
            if !kept {
                self.row_mate[i] = NONE;
                unmatched |= 1 << i;
            }
        }
        while unmatched != 0 {
            let i = unmatched.trailing_zeros() as usize;
            unmatched &= unmatched - 1;
            let mut seen = 0u64;
            let mates = (&mut self.row_mate, &mut self.col_mate);
            if !augment(i, rows_open, rows, cols, mates, &mut seen) {
                return false;
            }
        }
        true
    }
}

/// Finds a column for the empty row `i` along an augmenting path of the matching (`mates`:
/// rows' columns, columns' rows), the columns in `seen` already tried: true if it did.
pub(super) fn augment(
    i: usize,
    rows_open: &[u64],
    rows: u64,
    cols: u64,
    mates: (&mut [u8; MAX_FREE], &mut [u8; MAX_FREE]),
    seen: &mut u64,
) -> bool {
    let (row_mate, col_mate) = mates;
    let mut candidates = rows_open[i] & cols & !*seen;
    while candidates != 0 {
        let c = candidates.trailing_zeros() as usize;
        candidates &= candidates - 1;
        *seen |= 1 << c;
        let j = col_mate[c] as usize;
        // The column's mate counts only if it is an empty row that still holds it.
        let held = j < MAX_FREE && rows >> j & 1 == 1 && row_mate[j] as usize == c;
        if !held
            || augment(
                j,
                rows_open,
                rows,
                cols,
                (&mut *row_mate, &mut *col_mate),
                seen,
            )
        {
            row_mate[i] = c as u8;
            col_mate[c] = i as u8;
            return true;
        }
    }
    false
}
