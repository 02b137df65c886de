//! A proof that a board has no completion, read off the diagonals alone: the sums every
//! placement's diagonals have.
//!
//! Number the diagonals of a queen in row r, column c of an n×n board by
//! x = r + c − (n − 1) (its anti-diagonal) and y = r − c (its diagonal). A completion puts one
//! new queen on each of the m free rows R and the m free columns C, so whatever the pairing,
//! its new queens' diagonals have
//!
//! - Σx = ΣR + ΣC − m(n − 1) and Σy = ΣR − ΣC,
//! - Σx² + Σy² = Σ(2r² + 2c² − 2(n − 1)(r + c) + (n − 1)²)
//!   = 2ΣR² + 2ΣC² − 2(n − 1)(ΣR + ΣC) + m(n − 1)²,
//!
//! and the m values of x are distinct (no two queens share a diagonal), each the diagonal of
//! a square a new queen can take (free, not reserved, not attacked by a placed queen); so are
//! those of y. If no m such values of x and m of y have these sums, no completion exists,
//! however the rows and columns are paired: a proof that needs no search. A dynamic programme
//! over the diagonals of each kind finds every (Σ, Σ²) that m of them reach, keeping no Σ²
//! that cannot end within the total less the least the other kind's m add (the values still
//! to come add at least their smallest squares, and at least (Σ left)² over their number, by
//! Cauchy–Schwarz): at n = 49 and 50 a seventh and a third of the work of whole tables.
//! Nor does a set keep the words below the least its choices can have (their c smallest
//! squares, and s²/c for c values of sum s): each is kept in its span of words, which near
//! the full count is a small part of the words from 0 (all the probes of CSPLib's Excluded
//! Diagonals 47602, 0.78 of the work).
//!
//! When some choices do, parity is tried too: x + y = 2r − (n − 1), so a queen's x and y have
//! the same parity when n is odd and not when n is even, and the number of odd x fixes the
//! number of odd y; each number of odd x is tried in turn (the odd diagonals taken first,
//! then every count but that one dropped), and if none reaches the sums, no completion exists
//! either. Only the numbers the sums' own parities allow are tried (a sum of k odd values and
//! any even ones is odd exactly when k is), from m/2 outwards, where a completion's number
//! lies: a board with one passes after a stage or two, not after half of them. One that has
//! none goes through every stage, and in most the first kind's programme reaches nothing at
//! all: past the first stage, that is told first by the least sum of squares each cell's
//! choices have ([`programme`]'s `reaches_nothing`, the same cells without their words, one
//! number a cell), and such a stage is skipped. A probe ([`needed`])
//! names no condition, so it tries the parities alone, without any parities first: most
//! probes that pass are answered by a witness ([`witness`]) with no stage at all, and a
//! diagonal needed or forbidden fails the parities' stages cheaply. A probe knows the other kind's sets at most stages (shared by the
//! probes of its kind), so it asks at every stage whether its kind's least can meet the
//! other kind's least within the total, and keeps nothing above what could: most stages
//! of a needed diagonal are then skipped too.
//! Those walks differ only in where the odd values stop, so each stage of parities first
//! asks its kind's least sum of squares split by parity ([`odd_split`]), made once a check
//! for every number of odd values: it tells whatever a walk would, and most stages of a
//! needed diagonal then cost no walk (notes/completion.md logs what each of these saves).
//! A refutation
//! names the condition no choice meets ([`Condition`]): the sum of one kind, the sums with
//! the sum of squares, or parity.
//!
//! A board that passes may still be refuted by probing its diagonals ([`needed`]): reserve one
//! free diagonal, and if the sums then fail, every completion has a queen on it. Such diagonals
//! are lines like the rows and columns, and force queens; on a board the sums only just let
//! through they can leave a line with no open square, or a board the sums refute. Give a free
//! diagonal a queen instead, and if the sums fail, no completion has a queen there: its squares
//! are reserved. A probe costs one kind's programmes (the other kind's sets are shared by the
//! probes of a kind), so where they can only refute (counting, listing), only boards checked in
//! a fraction of a second are probed (n up to about 32), beside the searches; where a
//! completion is sought every board the check passes is probed ([`DiagonalSums::guiding`]), since the
//! diagonals found needed are lines of the restarted search too (and the squares of those found
//! forbidden are reserved there): on hard boards they are a large share of the 2n diagonals a
//! completion takes, and they complete boards no method completed without them
//! (docs/completion.md, "The probes").
//!
//! The rows and columns are what a search branches on, and a search proves "none" by
//! meeting every dead end; this argument sees the whole board at once, and decides most of
//! CSPLib's Excluded Diagonals boards (prob079) without a completion in a fraction of a
//! second (docs/completion.md). It never refutes a board with one (the tests compare it with
//! an exhaustive search on thousands of small boards, and try it on boards made around a
//! placement). It is a necessary condition only: some small boards without a completion
//! pass it, and a search must prove those.

mod check;
mod needed;
mod odd_split;
mod programme;
mod witness;

use super::search::{Diagonals, Search, Step};
use crate::board::Board;
use crate::memory::OutOfMemory;
use check::{Check, Verdict};
use needed::Probing;

/// Which condition on the diagonals of a completion's new queens no choice of the free
/// diagonals meets: what a refutation by the diagonals' sums names
/// ([`Proof::DiagonalSums`](crate::place::Proof::DiagonalSums)).
///
/// Number a queen's diagonals x = r + c − (n − 1) and y = r − c. Whatever the pairing of the
/// m free rows R with the m free columns C, the new queens' x are m distinct free diagonals
/// with Σx = ΣR + ΣC − m(n − 1), their y likewise with Σy = ΣR − ΣC, and Σx² + Σy² is fixed
/// by R and C too; x + y = 2r − (n − 1) ties the parities of a queen's two diagonals.
///
/// # Example
///
/// ```
/// use nqueens::place::{complete, Completion, Condition, Options, Proof};
///
/// // CSPLib's Excluded Diagonals, n = 28: every kind has its sum, not the sum of squares.
/// let text = include_str!(concat!(
///     env!("CARGO_MANIFEST_DIR"),
///     "/fixtures/boards/csplib-excluded-diagonals-28.board"
/// ));
/// let board = nqueens::read::board(text.as_bytes()).unwrap();
/// assert_eq!(
///     complete(&board, &Options::default()).unwrap(),
///     Completion::Impossible(Proof::DiagonalSums(Condition::SumOfSquares))
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Condition {
    /// No m distinct free diagonals of one kind add up to the sum the free rows and columns
    /// fix (Σx or Σy): it lies below the sum of the m smallest or above that of the m
    /// largest.
    Sum,
    /// No choices of the two kinds have both their sums and together the sum of squares
    /// every placement has (Σx² + Σy²).
    SumOfSquares,
    /// The three sums are reached, but never with as many odd diagonals of each kind as the
    /// parity of a queen's two diagonals allows.
    Parity,
    /// The sums are met, but some diagonals are needed (each left empty, the sums are not:
    /// every completion has a queen on it) and some forbidden (each given a queen, the sums
    /// are not: no completion has one there), and the queens they force, with the rows and
    /// columns, leave a row, a column or a needed diagonal with no open square, or a board
    /// the sums refute.
    Needed,
}

impl std::fmt::Display for Condition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Condition::Sum => {
                "no choice of the free diagonals of one kind has the sum every placement's have"
            }
            Condition::SumOfSquares => {
                "no choice of the free diagonals has both the sums and the sum of squares \
                 every placement's have"
            }
            Condition::Parity => {
                "the sums can be met, but not with as many odd diagonals as the queens' rows allow"
            }
            Condition::Needed => {
                "the sums need a queen on some diagonals and forbid one on others, and the \
                 queens these force leave a row, a column or a needed diagonal with no open \
                 square, or the sums unmet"
            }
        })
    }
}

/// The most word operations the probes of a board's diagonals ([`needed`]) are expected to
/// take, about a check each, where they can only refute: some seconds. A board whose check
/// passes after more than this over the number of its free diagonals is not probed there
/// (n up to about 32).
const PROBE_WORK: u64 = 1 << 32;

/// The probes a board has before it is judged where the diagonals found guide the
/// restarted search ([`DiagonalSums::guiding`]): where fewer than [`GUIDING_NEEDED`] of the
/// first [`GUIDING_TRIAL`] diagonals probed are needed, the sums leave the board loose, its
/// lines would be few, and the probes go on as where they can only refute
/// (docs/completion.md, "The probes").
const GUIDING_TRIAL: usize = 16;

/// See [`GUIDING_TRIAL`].
const GUIDING_NEEDED: u32 = 4;

/// The work of one of the check's word operations, in the portfolio's units.
const WORD_WORK: u64 = 1;

/// What the diagonals' sums are doing, for the schedule that gives them their turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Phase {
    /// The check of the sums and parities.
    Checking,
    /// The probes of the diagonals, once the check has passed: `guiding` where every board
    /// is probed and the diagonals found guide a search, until the board shows itself loose.
    Probing { guiding: bool },
    /// Nothing left to do: a board the check does not take, tables that could not be had,
    /// or the probes done without a proof.
    Done,
}

/// The diagonals' sums as one of the portfolio's searches, one that can only refute: the
/// check ([`Check`]), then, on a board it passes, the probes of its diagonals
/// ([`needed`]). A step is `Exhausted` when they refute the board ([`DiagonalSums::condition`]
/// says how), `Paused` otherwise; tables that cannot be had end them quietly (they are a
/// shortcut: the searches decide without them).
#[derive(Default)]
pub(crate) struct DiagonalSums {
    check: Option<Check>,
    /// The probes of the diagonals, once the check has passed ([`DiagonalSums::probing`]).
    probing: Option<Probing>,
    refuted: Option<Condition>,
    /// The diagonals the probes have found needed and forbidden so far.
    found: Diagonals,
    /// Whether every board the check passes is probed, the diagonals found guiding a
    /// search ([`DiagonalSums::guiding`]).
    guiding: bool,
    /// The work of the check, once it has passed.
    check_work: u64,
}

impl DiagonalSums {
    /// Nothing to check: a step is always a pause.
    pub(crate) fn none() -> DiagonalSums {
        DiagonalSums::default()
    }

    /// The check of `board`, if it takes it ([`Check::new`]), and no probes.
    pub(crate) fn new(board: &Board) -> DiagonalSums {
        DiagonalSums {
            check: Check::new(board),
            ..DiagonalSums::default()
        }
    }

    /// The check of `board`, followed, if it passes within [`PROBE_WORK`] over the number
    /// of free diagonals, by the probes of the diagonals every completion needs
    /// ([`needed`]): where they can only refute (listing, counting).
    pub(crate) fn probing(board: &Board) -> DiagonalSums {
        DiagonalSums {
            probing: Probing::new(board),
            ..DiagonalSums::new(board)
        }
    }

    /// [`DiagonalSums::probing`], for a search that takes the diagonals found needed as lines
    /// and those found forbidden as reserved ([`Search::take_diagonals`]): the probes, worth
    /// more there, are made on every board the check passes.
    pub(crate) fn guiding(board: &Board) -> DiagonalSums {
        DiagonalSums {
            guiding: true,
            ..DiagonalSums::probing(board)
        }
    }

    /// What they are doing now.
    pub(crate) fn phase(&self) -> Phase {
        match (&self.check, &self.probing) {
            (Some(_), _) => Phase::Checking,
            (None, Some(_)) => Phase::Probing {
                guiding: self.guiding,
            },
            (None, None) => Phase::Done,
        }
    }

    /// Which condition refuted the board, once a step has said it has no completion.
    pub(crate) fn condition(&self) -> Option<Condition> {
        self.refuted
    }

    /// The most work the probes may be expected to take for the board to be probed.
    fn probe_work(&self) -> u64 {
        if self.guiding {
            u64::MAX
        } else {
            PROBE_WORK
        }
    }

    /// A step of the check, for about `budget` word operations.
    fn check_step(&mut self, budget: u64) -> (bool, u64) {
        let Some(check) = &mut self.check else {
            return (false, 0);
        };
        let before = check.work;
        let verdict = check.advance(&mut budget.clone());
        let done = check.work - before;
        match verdict {
            Ok(Verdict::Refuted) => {
                self.refuted = Some(check.failed);
                return (true, done);
            }
            Ok(Verdict::Pending) => {}
            Ok(Verdict::Passed) => {
                // Each probe is a check of about the same work.
                let work = check.work;
                self.check_work = work;
                self.check = None;
                let probe_work = self.probe_work();
                if self
                    .probing
                    .as_ref()
                    .is_some_and(|p| work.saturating_mul(p.left() as u64) > probe_work)
                {
                    self.probing = None;
                }
            }
            Err(_) => {
                self.check = None;
                self.probing = None;
            }
        }
        (false, done)
    }

    /// A step of the probes, for about `budget` word operations.
    fn probe_step(&mut self, budget: u64) -> (bool, u64) {
        let Some(probing) = &mut self.probing else {
            return (false, 0);
        };
        let before = probing.work;
        let verdict = probing.advance(&mut budget.clone());
        let done = probing.work - before;
        self.found = Diagonals {
            needed: probing.needed,
            forbidden: probing.forbidden,
        };
        let (probed, needed) = probing.probed();
        let left = probing.left() as u64;
        match verdict {
            Ok(Verdict::Refuted) => {
                self.refuted = Some(Condition::Needed);
                return (true, done);
            }
            Ok(Verdict::Pending) => {
                if self.guiding && probed >= GUIDING_TRIAL && needed < GUIDING_NEEDED {
                    // A loose board: probed as where the probes can only refute, if at all.
                    self.guiding = false;
                    if self.check_work.saturating_mul(left) > PROBE_WORK {
                        self.probing = None;
                    }
                }
            }
            Ok(Verdict::Passed) | Err(_) => self.probing = None,
        }
        (false, done)
    }

    /// Runs the check alone to its end (no probes): whether it refutes the board.
    #[cfg(test)]
    fn check_alone(board: &Board) -> bool {
        let mut sums = DiagonalSums::new(board);
        while sums.phase() != Phase::Done {
            if sums.check_step(1 << 14).0 {
                return true;
            }
        }
        false
    }
}

impl Search for DiagonalSums {
    fn unit_work(&self) -> u64 {
        WORD_WORK
    }

    fn advance(&mut self, work: u64) -> (Result<Step, OutOfMemory>, u64) {
        let words = (work / WORD_WORK).max(1);
        let (refuted, done) = match self.check {
            Some(_) => self.check_step(words),
            None => self.probe_step(words),
        };
        let step = if refuted {
            Step::Exhausted
        } else {
            Step::Paused
        };
        (Ok(step), done * WORD_WORK)
    }

    /// Never called: the sums never find a completion.
    fn placement(&self) -> &[u32] {
        &[]
    }

    fn diagonals_found(&self) -> Option<Diagonals> {
        Some(self.found)
    }
}

#[cfg(test)]
/// Whether the check alone refutes `board`.
fn refuted(board: &Board) -> bool {
    DiagonalSums::check_alone(board)
}

#[cfg(test)]
mod tests;
