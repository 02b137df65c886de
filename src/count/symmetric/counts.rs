//! The counts of the symmetric search: placements, classes, and classes by their size.

use crate::count::run;

/// A count: the number of placements, and of classes of placements under the 8 symmetries of
/// the square, by how symmetric they are.
///
/// No placement of more than one queen is its own mirror image, so a class has 8 members,
/// or 4 when the half turn maps its placements to themselves, or 2 when the quarter turn does
/// (A033148 counts those placements); the one placement of one queen is a class of 1. So
/// `total = 8 (unique - half_turn - quarter_turn) + 4 half_turn + 2 quarter_turn` from 2 queens on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// All placements (OEIS A000170); 128 bits, as every count here, since a(29) passes 2^64.
    pub total: u128,
    /// Placements distinct under rotations and reflections (OEIS A002562). On a board with
    /// reserved squares, where the symmetries do not hold, this and the next two are 0.
    pub unique: u128,
    /// Classes fixed by the half turn but not the quarter turn: 4 members each.
    pub half_turn: u128,
    /// Classes fixed by the quarter turn: 2 members each (1 for one queen).
    pub quarter_turn: u128,
}

impl Counts {
    /// Classes with no symmetry: 8 members each (OEIS A260320).
    ///
    /// # Example
    ///
    /// ```
    /// use nqueens::count::{symmetric, Problem, Run};
    ///
    /// let eight = symmetric::count_with(&Problem::unique(8), &Run::default()).unwrap();
    /// assert_eq!((eight.asymmetric(), eight.half_turn, eight.quarter_turn), (11, 1, 0));
    /// assert_eq!(8 * eight.asymmetric() + 4 * eight.half_turn, eight.total);
    /// ```
    pub fn asymmetric(&self) -> u128 {
        self.unique - self.half_turn - self.quarter_turn
    }
}

impl run::Tally for Counts {
    fn to_words(self) -> [u128; 4] {
        [self.total, self.unique, self.half_turn, self.quarter_turn]
    }
    fn from_words(words: [u128; 4]) -> Self {
        let [total, unique, half_turn, quarter_turn] = words;
        Counts {
            total,
            unique,
            half_turn,
            quarter_turn,
        }
    }
}

impl std::ops::AddAssign for Counts {
    fn add_assign(&mut self, other: Counts) {
        self.total += other.total;
        self.unique += other.unique;
        self.half_turn += other.half_turn;
        self.quarter_turn += other.quarter_turn;
    }
}
