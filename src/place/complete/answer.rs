//! What [`complete()`](super::complete) answers: a completion, a proof that there is none, or
//! that time ran out first.

pub use super::diagonal_sums::Condition;

/// What [`complete()`](super::complete) found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Completion {
    /// A completion: the 0-based column of each row's queen, the placed queens kept.
    Found(Vec<u32>),
    /// No placement completes the board, and how that was proved.
    Impossible(Proof),
    /// Time ran out with neither a completion nor a proof that none exists.
    GaveUp {
        /// Whether an exhaustive search took part (a board too big for them can only be
        /// solved, never proved impossible).
        exhaustive: bool,
    },
}

/// How [`complete()`](super::complete) proved that a board has no completion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proof {
    /// An exhaustive search looked everywhere.
    Searched,
    /// The diagonals the new queens could stand on cannot have the sums that the diagonals
    /// of every placement have, whatever rows and columns they pair (`diagonal_sums`): no
    /// search was needed. The condition is the one no choice meets.
    DiagonalSums(Condition),
}

impl std::fmt::Display for Proof {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Proof::Searched => f.write_str("an exhaustive search looked everywhere"),
            Proof::DiagonalSums(condition) => write!(f, "the diagonals' sums: {}", condition),
        }
    }
}
