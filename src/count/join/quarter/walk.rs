//! The depth-first search over the placements of one quarter's row set, row by row, and the
//! *prefixes* that cut it into parts without searching the rest: a placement's prefix is the
//! columns of its queens in the first [`PREFIX_ROWS`] rows of the set, and the search visits
//! the prefixes in increasing order, so a run of prefixes is a run of placements found.

use super::{Entry, Shape};

/// The rows whose columns make a prefix: `cols³` prefixes (4,096 for a quarter of 16
/// columns), enough to cut the largest lists of n = 32 (some 5·10⁸ placements) into parts
/// of a few million placements each, none of which holds more than a small share.
pub(super) const PREFIX_ROWS: usize = 3;

/// The search over the placements of one row set of a quarter, or over those of a run of
/// prefixes.
pub(super) struct Walk<'a> {
    shape: &'a Shape,
    rows: Vec<u32>,
    /// The rows that make a prefix: [`PREFIX_ROWS`], or fewer if the set has fewer.
    depth: usize,
    /// The prefixes searched: `from..to`.
    from: u32,
    to: u32,
}

impl<'a> Walk<'a> {
    /// The search over every placement of `shape` on the local rows `rows` (a bit mask).
    pub(super) fn new(shape: &'a Shape, rows: u32) -> Walk<'a> {
        let rows: Vec<u32> = (0..32).filter(|r| rows >> r & 1 == 1).collect();
        let depth = rows.len().min(PREFIX_ROWS);
        Walk {
            shape,
            rows,
            depth,
            from: 0,
            to: u32::MAX,
        }
    }

    /// The number of prefixes (some hold no placement): `cols^depth`.
    pub(super) fn prefixes(&self) -> u32 {
        self.shape.cols.pow(self.depth as u32)
    }

    /// Searches only the placements whose prefixes are `from..to`: their subtrees alone.
    pub(super) fn only(&mut self, from: u32, to: u32) {
        (self.from, self.to) = (from, to);
    }

    /// Gives each placement searched, in order, to `found`: its columns, its entry and its
    /// prefix.
    pub(super) fn each(&self, found: &mut impl FnMut(u32, Entry, u32)) {
        self.visit(0, 0, 0, 0, 0, 0, found);
    }

    /// Places a queen in the `i`-th row of the set and every one after it, given the columns
    /// and the two kinds of diagonals (local) used so far, the entry so far and the prefix so
    /// far.
    #[allow(clippy::too_many_arguments)]
    fn visit(
        &self,
        i: usize,
        used: u32,
        slash: u64,
        back: u64,
        entry: Entry,
        prefix: u32,
        found: &mut impl FnMut(u32, Entry, u32),
    ) {
        let Some(&r) = self.rows.get(i) else {
            found(used, entry, prefix);
            return;
        };
        let cols = self.shape.cols;
        let mut can = self.shape.open(r, used, slash, back);
        while can != 0 {
            let c = can.trailing_zeros();
            can &= can - 1;
            let mut next = prefix;
            if i < self.depth {
                // The prefixes below this square: `next · span ..` one span on.
                next = prefix * cols + c;
                let span = cols.pow((self.depth - i - 1) as u32);
                if next * span >= self.to {
                    return;
                }
                if (next + 1) * span <= self.from {
                    continue;
                }
            }
            let square = self.shape.bits[(r * cols + c) as usize];
            if i + 1 == self.rows.len() {
                // The last row's placements are given here, without a call each.
                found(used | 1 << c, entry | square, next);
                continue;
            }
            let (s, b) = Shape::diagonals(r, c);
            self.visit(
                i + 1,
                used | 1 << c,
                slash | s,
                back | b,
                entry | square,
                next,
                found,
            );
        }
    }
}
