//! One completion of a board with placed queens (and reserved squares), or a proof that none
//! exists: the n-queens completion problem, NP-complete (Gent, Jefferson and Nightingale,
//! "Complexity of n-Queens Completion", JAIR 2017).
//!
//! No one method fits every board, so they take turns:
//!
//! - the exhaustive search with propagation ([`super::exhaustive`]) decides small and
//!   tightly constrained boards, and can prove "none"; a node costs O(m · n/64) for the m
//!   rows left, so it takes part only while that stays small ([`EXHAUSTIVE_NODE_WORDS`]);
//! - on boards up to 64 wide, the row-by-row search in machine words ([`super::narrow`])
//!   takes turns too: a hundred times cheaper a node, it proves some boards "none" in a
//!   second where the other needs minutes (and the other way round);
//! - min-conflicts keeping the placed queens ([`super::min_conflicts::Completing`]) finds a
//!   completion of a large, loosely constrained board in O(m) per attempt, but proves nothing.
//!
//! Turns are measured in work, not time (a turn of the search is worth about one attempt of
//! min-conflicts), so the answer for a board and a seed is the same on every machine; only
//! [`Options::give_up_after`] is measured in time.

use super::exhaustive::{Order, Search, Step};
use super::min_conflicts::Completing;
use super::narrow::Narrow;
use super::OutOfMemory;
use crate::board::Board;
use std::time::{Duration, Instant};

/// The exhaustive search takes turns only while one of its nodes reads at most this many
/// words (about a millisecond): m rows left of n/64 words each, rows and columns.
pub const EXHAUSTIVE_NODE_WORDS: u64 = 1 << 21;

/// Nodes of the row-by-row search in machine words ([`super::narrow`], boards up to 64 wide)
/// in one turn: a few tens of microseconds, as a turn of the others.
const NARROW_NODES_PER_TURN: u64 = 1 << 12;

/// How [`complete()`] searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The seed of min-conflicts: the same seed gives the same completion.
    pub seed: u64,
    /// Stop searching after this long without an answer (`None`: search until one comes,
    /// which for some boards is never).
    pub give_up_after: Option<Duration>,
}

impl Default for Options {
    /// Seed 1, giving up after a minute.
    fn default() -> Options {
        Options {
            seed: 1,
            give_up_after: Some(Duration::from_secs(60)),
        }
    }
}

/// What [`complete()`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Completion {
    /// A completion: the 0-based column of each row's queen, the placed queens kept.
    Found(Vec<u32>),
    /// No placement completes the board: the exhaustive search has looked everywhere.
    Impossible,
    /// Time ran out with neither a completion nor a proof that none exists.
    GaveUp {
        /// Whether the exhaustive search took part (a board too big for it can only be
        /// solved, never proved impossible).
        exhaustive: bool,
    },
}

/// One completion of `board`, or a proof that there is none, as the [module docs](self) say.
///
/// # Errors
///
/// [`OutOfMemory`] if the searches' arrays cannot be had (about 13 bytes a row for
/// min-conflicts; n²/32 bytes and more for the exhaustive search, which is left out when the
/// board is too big for it).
///
/// # Complexity
///
/// NP-complete in general. In practice: a board of n ≤ 30 or so, or one with few rows left,
/// is decided by the exhaustive search in milliseconds; a large board with few placed
/// queens is completed by min-conflicts in O(n) expected time.
///
/// # Example
///
/// ```
/// use nqueens::board::Board;
/// use nqueens::place::complete::{complete, Completion, Options};
///
/// // Codewars' shape: one mandatory queen.
/// let board = Board::new(1000).with_queens(&[(3, 998)]).unwrap();
/// let Completion::Found(queens) = complete(&board, &Options::default()).unwrap() else {
///     panic!("1000 queens with one placed have a completion");
/// };
/// assert_eq!(queens[3], 998);
/// // Four queens, one in a corner: none.
/// let corner = Board::new(4).with_queens(&[(0, 0)]).unwrap();
/// assert_eq!(complete(&corner, &Options::default()).unwrap(), Completion::Impossible);
/// ```
pub fn complete(board: &Board, options: &Options) -> Result<Completion, OutOfMemory> {
    complete_within(board, options, EXHAUSTIVE_NODE_WORDS, 64)
}

/// [`complete()`], the exhaustive search taking part only if its nodes read at most
/// `node_limit` words, the search in machine words only on boards up to `narrow_width`.
fn complete_within(
    board: &Board,
    options: &Options,
    node_limit: u64,
    narrow_width: usize,
) -> Result<Completion, OutOfMemory> {
    let n = board.size() as u64;
    let m = board.free_rows() as u64;
    let node_words = 2 * m * n.div_ceil(64);
    let mut exhaustive = if node_words <= node_limit {
        Some(Search::new(board, Order::FewestOpen)?)
    } else {
        None
    };
    let took_part = exhaustive.is_some() || board.size() <= narrow_width;
    let mut narrow = (board.size() <= narrow_width).then(|| Narrow::new(board));
    let mut local = Completing::new(board, options.seed)?;
    // A turn of the search: about the work of one attempt of min-conflicts (~64 words a row).
    let nodes_per_turn = (64 * m / node_words.max(1)).max(4);
    let started = Instant::now();
    loop {
        if let Some(search) = narrow.as_mut() {
            match search.advance(&mut NARROW_NODES_PER_TURN.clone()) {
                Step::Found => return Ok(Completion::Found(search.placement().to_vec())),
                Step::Exhausted => return Ok(Completion::Impossible),
                Step::Paused => {}
            }
        }
        if let Some(search) = exhaustive.as_mut() {
            match search.advance(&mut nodes_per_turn.clone()) {
                Step::Found => return Ok(Completion::Found(search.placement().to_vec())),
                Step::Exhausted => return Ok(Completion::Impossible),
                Step::Paused => {}
            }
        }
        if let Some(queens) = local.attempt() {
            return Ok(Completion::Found(queens));
        }
        if options
            .give_up_after
            .is_some_and(|limit| started.elapsed() >= limit)
        {
            return Ok(Completion::GaveUp {
                exhaustive: took_part,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::place::verify;

    #[test]
    fn every_single_queen_of_small_boards_is_completed_or_proved_alone() {
        for n in 1..=9usize {
            for row in 0..n as u32 {
                for col in 0..n as u32 {
                    let board = Board::new(n).with_queens(&[(row, col)]).unwrap();
                    let exists =
                        crate::Placements::new(n as u32).any(|q| q[row as usize] == col as usize);
                    match complete(&board, &Options::default()).unwrap() {
                        Completion::Found(q) => {
                            assert!(exists);
                            assert_eq!(verify(n, &q), Ok(()));
                            assert_eq!(q[row as usize], col);
                        }
                        Completion::Impossible => assert!(!exists, "{} ({}, {})", n, row, col),
                        Completion::GaveUp { .. } => panic!("gave up on n = {}", n),
                    }
                }
            }
        }
    }

    #[test]
    fn without_the_exhaustive_search_an_impossible_board_is_given_up() {
        // A queen in the middle of 3×3 leaves nothing: the search proves it at once, and
        // min-conflicts alone can only give up.
        let board = Board::new(3).with_queens(&[(1, 1)]).unwrap();
        let options = Options {
            seed: 3,
            give_up_after: Some(Duration::from_millis(20)),
        };
        assert_eq!(complete(&board, &options).unwrap(), Completion::Impossible);
        assert_eq!(
            complete_within(&board, &options, 0, 0).unwrap(),
            Completion::GaveUp { exhaustive: false }
        );
    }

    #[test]
    fn large_boards_keep_their_placed_queens() {
        let n = 20_000usize;
        let full = crate::place::construct(n as u32).unwrap().unwrap();
        let kept: Vec<(u32, u32)> = (0..n).step_by(7).map(|r| (r as u32, full[r])).collect();
        let board = Board::new(n).with_queens(&kept).unwrap();
        let Completion::Found(q) = complete(&board, &Options::default()).unwrap() else {
            panic!("a seventh of a placement kept has a completion");
        };
        assert_eq!(verify(n, &q), Ok(()));
        assert!(kept.iter().all(|&(r, c)| q[r as usize] == c));
    }
}
