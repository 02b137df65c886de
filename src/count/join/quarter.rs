//! Every partial placement of one quarter of the board, bucketed by the rows and columns it
//! uses: the building blocks of the half boards that [`super`] joins.
//!
//! A quarter is a rectangle of the board (`rows × cols` squares). A partial placement puts at
//! most one queen in each of its rows and columns, no two on a diagonal, on squares the caller
//! allows. The table holds every one, grouped by its *bucket*: the set of rows and the set of
//! columns it uses (bit `i` of each: the quarter's `i`-th row or column). Two quarters above
//! each other (north and south) make part of a half board exactly when their column sets are
//! disjoint and no diagonal crossing the line between them is used by both; a bucket's
//! entries are stored so that this test is one `AND`.
//!
//! # Entries
//!
//! An entry is one `u64`: the `/` diagonals it uses in the low 32 bits (bit `row + col`), the
//! `\` diagonals in the high 32 (bit `row - col + cols - 1`), both counted in the coordinates
//! of the quarter *above* it: a south quarter is built with `shift` = the north quarter's
//! height, so that the rows of both are counted from the same top. A north entry `a` and a
//! south entry `b` of equal width are then compatible exactly when `a & b == 0`, and `a | b`
//! holds the diagonals of both.

use crate::memory::{try_filled, OutOfMemory};

/// The partial placements of one quarter, bucketed by (rows, columns).
///
/// # Example
///
/// ```
/// use nqueens::count::join::quarter::Quarter;
///
/// // A 2×2 quarter: the empty placement, four single queens, and no pair (any two attack).
/// let q = Quarter::build(2, 2, 0, |_, _| true).unwrap();
/// assert_eq!(q.len(), 5);
/// assert_eq!(q.bucket(0b01, 0b10).len(), 1); // the queen at row 0, column 1
/// assert!(q.bucket(0b11, 0b11).is_empty());
/// ```
pub struct Quarter {
    cols: u32,
    /// `starts[bucket]..starts[bucket + 1]` are the entries of `bucket = rows << cols | columns`.
    starts: Vec<u32>,
    entries: Vec<u64>,
}

impl Quarter {
    /// Lists every partial placement of a `rows × cols` quarter on the squares `(row, col)`
    /// (counted from the quarter's top left) where `allowed(row, col)`, with diagonals counted
    /// `shift` rows lower (see the module's docs).
    ///
    /// # Constraints
    ///
    /// `rows + cols + shift <= 33` (the diagonals fit in 32 bits) and `rows, cols <= 13` (the
    /// buckets fit in memory).
    ///
    /// # Panics
    ///
    /// Panics if a constraint is broken.
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if the table cannot be allocated.
    ///
    /// # Complexity
    ///
    /// Time and memory linear in the number of entries (915,442 for a 9×9 quarter, 66.8
    /// million for 11×11), plus `4 · 2^(rows + cols)` bytes of bucket starts.
    pub fn build(
        rows: u32,
        cols: u32,
        shift: u32,
        allowed: impl Fn(u32, u32) -> bool,
    ) -> Result<Quarter, OutOfMemory> {
        assert!(
            rows <= 13 && cols <= 13,
            "quarter: {}×{} is too big",
            rows,
            cols
        );
        assert!(
            rows + cols + shift <= 33,
            "quarter: diagonals past 32 bits ({}×{}, shift {})",
            rows,
            cols,
            shift
        );
        let mut free = vec![0u32; rows as usize];
        for (r, row) in free.iter_mut().enumerate() {
            *row = (0..cols)
                .filter(|&c| allowed(r as u32, c))
                .fold(0, |m, c| m | 1 << c);
        }
        let walk = Walk {
            rows,
            cols,
            shift,
            free,
        };
        let buckets = 1usize << (rows + cols);
        let mut starts = try_filled(buckets + 1, 0u32, "the quarter's buckets")?;
        walk.visit(0, 0, 0, 0, &mut |bucket, _| starts[bucket + 1] += 1);
        for i in 0..buckets {
            starts[i + 1] += starts[i];
        }
        let len = starts[buckets] as usize;
        let mut entries = try_filled(len, 0u64, "the quarter's placements")?;
        let mut next = try_filled(buckets + 1, 0u32, "the quarter's buckets")?;
        next.copy_from_slice(&starts);
        walk.visit(0, 0, 0, 0, &mut |bucket, entry| {
            entries[next[bucket] as usize] = entry;
            next[bucket] += 1;
        });
        Ok(Quarter {
            cols,
            starts,
            entries,
        })
    }

    /// The entries that use exactly the rows `rows` and the columns `cols` (bit masks).
    ///
    /// # Complexity
    ///
    /// O(1).
    pub fn bucket(&self, rows: u32, cols: u32) -> &[u64] {
        let b = (rows << self.cols | cols) as usize;
        &self.entries[self.starts[b] as usize..self.starts[b + 1] as usize]
    }

    /// The number of partial placements.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether there are none (never: the empty placement is one).
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The bytes the table takes.
    pub fn bytes(&self) -> usize {
        self.entries.len() * 8 + self.starts.len() * 4
    }
}

/// The depth-first walk over a quarter's partial placements, row by row.
struct Walk {
    rows: u32,
    cols: u32,
    shift: u32,
    /// The allowed columns of each row.
    free: Vec<u32>,
}

impl Walk {
    /// Visits every partial placement of rows `r..` given the columns, `/` and `\` diagonals
    /// used so far (diagonal bit masks in the quarter's own coordinates, unshifted), calling
    /// `found(bucket, entry)`.
    fn visit(
        &self,
        r: u32,
        used: u32,
        bucket: usize,
        diagonals: u64,
        found: &mut impl FnMut(usize, u64),
    ) {
        if r == self.rows {
            found(bucket, diagonals << self.shift);
            return;
        }
        self.visit(r + 1, used, bucket, diagonals, found);
        let mut can = self.free[r as usize] & !used;
        while can != 0 {
            let c = can.trailing_zeros();
            can &= can - 1;
            let d = 1u64 << (r + c) | 1u64 << (32 + r + self.cols - 1 - c);
            if diagonals & d == 0 {
                let bucket = bucket | 1 << (r + self.cols) | 1 << c;
                self.visit(r + 1, used | 1 << c, bucket, diagonals | d, found);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_8_by_8_quarter_holds_every_partial_placement_once() {
        let q = Quarter::build(8, 8, 0, |_, _| true).unwrap();
        assert_eq!(q.len(), 118_969);
        // The full rows and columns: the 92 placements of 8 queens.
        assert_eq!(q.bucket(0xff, 0xff).len(), 92);
        // One queen: every square once, in the bucket of its row and column.
        for (r, c) in (0..8).flat_map(|r| (0..8).map(move |c| (r, c))) {
            assert_eq!(
                q.bucket(1 << r, 1 << c),
                [1 << (r + c) | 1 << (32 + r + 7 - c)]
            );
        }
    }

    #[test]
    fn a_shifted_south_entry_meets_its_north_neighbour_by_one_and() {
        // 1×2 north over 1×2 south: queens at (0,0) and (1,1) share the `\` diagonal, (0,0)
        // and (1,0) share a column (kept apart by the buckets, not by the diagonals).
        let north = Quarter::build(1, 2, 0, |_, _| true).unwrap();
        let south = Quarter::build(1, 2, 1, |_, _| true).unwrap();
        let a = north.bucket(1, 0b01)[0];
        assert_ne!(a & south.bucket(1, 0b10)[0], 0);
        let b = north.bucket(1, 0b10)[0];
        assert_ne!(b & south.bucket(1, 0b01)[0], 0);
    }

    #[test]
    fn forbidden_squares_hold_no_queen() {
        let q = Quarter::build(3, 3, 0, |r, c| r != c).unwrap();
        assert!(q.bucket(0b001, 0b001).is_empty());
        assert_eq!(q.bucket(0b001, 0b010).len(), 1);
    }
}
