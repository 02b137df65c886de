//! The ways of completing a board, and the options of the portfolio that runs them.

use crate::board::Board;
use crate::place::complete::compact;
use std::time::Duration;

/// The wide exhaustive search takes part only while one of its nodes reads at most this many
/// words (about a millisecond): m rows left of n/64 words each, rows and columns.
pub(crate) const WIDE_NODE_WORDS: u64 = 1 << 21;

/// The words a node of the wide search reads: m rows left and m columns, n/64 words each.
pub(super) fn wide_node_words(board: &Board) -> u64 {
    2 * board.free_rows() as u64 * (board.size() as u64).div_ceil(64)
}

/// A way of completing a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// The exhaustive search row by row in machine words (`narrow`): boards up to 64
    /// wide, a few nanoseconds a node.
    Rows,
    /// The exhaustive search on the free rows and columns only, at most 64 of each,
    /// branching on the line with the fewest open squares (`compact`).
    Compact,
    /// Conflict-driven clause learning on the free rows and columns, at most 64 of each
    /// (`learning`): learns why branches fail and jumps back past the decisions that did
    /// not cause it; what completes the Excluded Diagonals boards a tree search reaches late.
    /// It proves "none" far slower than the compact search.
    Cdcl,
    /// The compact search with random ties, its squares drawn among the least constraining
    /// of their line, cut off and started again after runs of nodes that follow
    /// Luby's sequence (`restarts`): completes in a fraction
    /// of a second boards where one fixed order wanders for minutes. It proves "none" only
    /// when a run covers the whole tree.
    Restarts,
    /// The exhaustive search on the whole board, any width, branching likewise
    /// (`wide`): boards with more than 64 free rows whose nodes read
    /// at most 2^21 words.
    Wide,
    /// Min-conflicts keeping the placed queens (`min_conflicts`): large,
    /// loosely filled boards in linear time; proves nothing.
    MinConflicts,
}

impl Method {
    /// Every method, in the order they are preferred: the first that fits a board leads
    /// unless another shows it will finish 4 times sooner.
    pub const ALL: [Method; 6] = [
        Method::Compact,
        Method::Cdcl,
        Method::Restarts,
        Method::Rows,
        Method::Wide,
        Method::MinConflicts,
    ];

    /// The method's name on the command line (`queens solve --method`).
    pub fn name(self) -> &'static str {
        match self {
            Method::Rows => "rows",
            Method::Compact => "compact",
            Method::Cdcl => "cdcl",
            Method::Restarts => "restarts",
            Method::Wide => "wide",
            Method::MinConflicts => "minconflict",
        }
    }

    /// Whether the method searches exhaustively (and so can prove there is no completion).
    pub fn is_exhaustive(self) -> bool {
        self != Method::MinConflicts
    }

    /// Whether the method draws its path from [`Options::seed`].
    pub fn is_seeded(self) -> bool {
        matches!(self, Method::MinConflicts | Method::Restarts)
    }

    /// Whether the method can search `board`; if not, what it needs, for a message.
    ///
    /// # Example
    ///
    /// ```
    /// use nqueens::board::Board;
    /// use nqueens::place::Method;
    ///
    /// assert_eq!(Method::Rows.fits(&Board::new(64)), Ok(()));
    /// assert!(Method::Rows.fits(&Board::new(65)).is_err());
    /// assert!(Method::Compact.fits(&Board::new(65)).is_err());
    /// ```
    pub fn fits(self, board: &Board) -> Result<(), &'static str> {
        let (n, m) = (board.size() as u64, board.free_rows() as u64);
        match self {
            Method::Rows if n > 64 => Err("boards up to 64 squares wide"),
            Method::Compact | Method::Cdcl | Method::Restarts if m as usize > compact::MAX_FREE => {
                Err("at most 64 rows free")
            }
            Method::Wide if wide_node_words(board) > WIDE_NODE_WORDS => {
                Err("boards whose free rows times width is at most 64 · 2^20")
            }
            _ => Ok(()),
        }
    }
}

/// How [`complete()`](super::complete) searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The seed of min-conflicts and of the restarted search: the same seed gives the same
    /// completion.
    pub seed: u64,
    /// Stop searching after this much CPU time (wall-clock time where the system does not
    /// tell it) without an answer; `None`: search until one comes, which for some boards is
    /// never.
    pub give_up_after: Option<Duration>,
    /// Only this method (`None`: every method that fits the board, in turns).
    pub only: Option<Method>,
}

impl Default for Options {
    /// Seed 1, giving up after a minute, every method that fits.
    fn default() -> Options {
        Options {
            seed: 1,
            give_up_after: Some(Duration::from_secs(60)),
            only: None,
        }
    }
}
