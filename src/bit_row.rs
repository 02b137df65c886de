//! One row of the bitwise depth-first search, row by row with an explicit stack: the state
//! the fifth teaching counter ([`crate::count::teaching::bitwise`]) counts with, and that
//! [`crate::list::Placements`] walks to stop at each placement in order. It lives apart from
//! both so that the lister does not lean on a teaching module.

/// One row of the search: the columns attacked from above (by column and by each diagonal)
/// and the free columns not tried yet. A stack of these is the whole state of the search.
#[derive(Clone, Copy, Default)]
pub(crate) struct Row {
    cols: u32,
    left: u32,
    right: u32,
    untried: u32,
}

impl Row {
    /// The top row of a board whose columns are `full`.
    pub(crate) fn top(full: u32) -> Row {
        Row {
            untried: full,
            ..Row::default()
        }
    }

    /// Whether every free column of this row has been tried.
    pub(crate) fn exhausted(&self) -> bool {
        self.untried == 0
    }

    /// Puts the queen in the lowest column not tried yet (the row must not be exhausted):
    /// returns that column's bit and the next row, or `None` when the queen completes a
    /// placement.
    #[inline(always)]
    pub(crate) fn place_next(&mut self, full: u32) -> (u32, Option<Row>) {
        let bit = self.untried & self.untried.wrapping_neg();
        self.untried ^= bit;
        let cols = self.cols | bit;
        if cols == full {
            return (bit, None);
        }
        let left = (self.left | bit) << 1;
        let right = (self.right | bit) >> 1;
        let untried = full & !(cols | left | right);
        (
            bit,
            Some(Row {
                cols,
                left,
                right,
                untried,
            }),
        )
    }
}
