//! What is counted, apart from how the count runs ([`super::run`]): the board size, the board
//! (plain, or with reserved squares), and whether every placement counts or one per class
//! under the symmetries of the square.

pub(crate) use crate::board::Board;

/// What a count asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ask {
    /// Every placement (OEIS A000170).
    Total,
    /// One placement per class under the 8 symmetries of the square (OEIS A002562).
    Unique,
}

impl Ask {
    /// The word a checkpoint and the command line use: `total` or `unique`.
    ///
    /// # Example
    ///
    /// ```
    /// use nqueens::count::Ask;
    /// assert_eq!(Ask::Unique.name(), "unique");
    /// assert_eq!(Ask::from_name("total"), Some(Ask::Total));
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Ask::Total => "total",
            Ask::Unique => "unique",
        }
    }

    /// The ask named `name`, if any.
    pub fn from_name(name: &str) -> Option<Ask> {
        [Ask::Total, Ask::Unique]
            .into_iter()
            .find(|ask| ask.name() == name)
    }
}

/// A counting problem: `n` queens on an `n`×`n` board, plain or with reserved squares, every
/// placement or one per class.
///
/// # Example
///
/// ```
/// use nqueens::count::{count_with, Problem, Run};
///
/// assert_eq!(count_with(&Problem::total(8), &Run::default()).unwrap(), 92);
/// assert_eq!(count_with(&Problem::unique(8), &Run::default()).unwrap(), 12);
/// // Of the two placements of 4 queens, one has its first queen in column 2.
/// let board = nqueens::read::board(&b".*..\n....\n....\n...."[..]).unwrap();
/// assert_eq!(count_with(&Problem::on(&board), &Run::default()).unwrap(), 1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Problem<'a> {
    /// The board size.
    pub n: u32,
    /// Reserved squares, if any: no queen stands on them (queens still attack across them),
    /// and no symmetry of the square holds.
    pub board: Option<&'a Board>,
    /// What is counted.
    pub ask: Ask,
}

impl<'a> Problem<'a> {
    /// Every placement of `n` queens on the plain board.
    pub fn total(n: u32) -> Problem<'static> {
        Problem {
            n,
            board: None,
            ask: Ask::Total,
        }
    }

    /// The classes of placements of `n` queens under the 8 symmetries of the square.
    pub fn unique(n: u32) -> Problem<'static> {
        Problem {
            n,
            board: None,
            ask: Ask::Unique,
        }
    }

    /// Every placement on `board`, its size `n`.
    pub fn on(board: &'a Board) -> Problem<'a> {
        Problem {
            n: board.size() as u32,
            board: Some(board),
            ask: Ask::Total,
        }
    }

    /// Checks the problem for the counter `who` (named in the panic).
    ///
    /// # Panics
    ///
    /// Panics if `n > 32`, if the board's size is not `n`, or if classes are asked for on a
    /// board with reserved squares (no symmetry holds there).
    pub(crate) fn check(&self, who: &str) {
        let n = self.n;
        assert!(
            n <= crate::judge::MAX_N,
            "{}: n = {} is above {}",
            who,
            n,
            crate::judge::MAX_N
        );
        if let Some(board) = self.board {
            assert_eq!(
                board.size(),
                n as usize,
                "{0}: the board is not {1}×{1}",
                who,
                n
            );
            assert!(
                self.ask == Ask::Total,
                "{}: a board with reserved squares has no symmetry to count classes by",
                who
            );
        }
    }
}
