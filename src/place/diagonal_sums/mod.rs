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
//! number a cell), and such a stage is skipped (the probes of CSPLib's Excluded Diagonals
//! 47602 and 48702, 0.80 and 0.65 of the time; docs/completion.md). A probe ([`needed`])
//! names no condition, so it tries the parities alone, without any parities first: most
//! probes that pass are answered by a witness ([`witness`]) with no stage at all, and a
//! diagonal needed or forbidden fails the parities' stages cheaply (the probes of 48702 in
//! 0.67 of the work). A probe knows the other kind's sets at most stages (shared by the
//! probes of its kind), so it asks at every stage whether its kind's least can meet the
//! other kind's least within the total, and keeps nothing above what could: most stages
//! of a needed diagonal are then skipped too (all the probes of 47602, 0.40 of the work).
//! Those walks differ only in where the odd values stop, so each stage of parities first
//! asks its kind's least sum of squares split by parity ([`odd_split`]), made once a check
//! for every number of odd values: it tells whatever a walk would, and most stages of a
//! needed diagonal then cost no walk (all the probes of 47602, 0.54 of the work again).
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
//! completion is sought every board the check passes is probed ([`Beside::guiding`]), since the
//! diagonals found needed are lines of the restarted search too (and the squares of those found
//! forbidden are reserved there): on CSPLib's Excluded Diagonals of n = 43 to 50 they are 40 to
//! 80 of the 2n diagonals a completion takes, and with them boards nobody had completed in a
//! minute are completed in seconds (docs/completion.md).
//!
//! The rows and columns are what a search branches on, and a search proves "none" by
//! meeting every dead end; this argument sees the whole board at once. On CSPLib's Excluded
//! Diagonals boards (prob079) it decides every board without a completion we generated from
//! n = 22 to 30 (32 of 48), among them ten that no solver we ran (ours before it included)
//! decided in a minute, in at most 0.9 s, and it never refutes a board with one (the tests
//! compare it with an exhaustive search on thousands of small boards, and try it on boards
//! made around a placement up to n = 40). It is a necessary condition only: some small
//! boards without a completion pass it, and a search must prove those.

mod needed;
mod odd_split;
mod programme;
mod witness;

use crate::board::Board;
use crate::memory::OutOfMemory;
use needed::Probing;
use programme::{sorted_squares, Programme, Tables};

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

/// The most words of reachable squares a kind of diagonal may take (256 MB), counting a
/// whole set a cell; a board that needs more is not checked. So counted, a board of 30
/// needs about 15 MB, one of 41 about 73 MB, one of 50 about 250 MB, so each board of
/// CSPLib's Excluded Diagonals we made up to n = 50 is checked (of 20 boards of n = 41..50,
/// it refuted 8 in 2 to 10 s of CPU: docs/benchmarks.md). The sets kept in their spans take
/// a fraction of it: 50501's check peaks at 102 MB in all (docs/completion.md).
const MOST_WORDS: u64 = 1 << 25;

/// The most word operations the check may take with every number of odd x it tries (about
/// a minute at n = 50, where one or two are needed; a second or so at n = 30).
const MOST_WORK: u64 = 1 << 37;

/// Nodes of a search in one of its turns beside the check ([`Beside`]): tens of
/// microseconds.
pub(crate) const SEARCH_TURN: u64 = 1 << 12;

/// Word operations of the check in one of its turns beside a search: about as long as the
/// search's.
pub(crate) const CHECK_TURN: u64 = 1 << 14;

/// The most word operations the probes of a board's diagonals ([`needed`]) are expected to
/// take, about a check each, where they can only refute: about 5 to 15 s (a word operation
/// of the check takes 1 to 4 ns, the more the bigger its tables). A board whose check
/// passes after more than this over the number of its free diagonals is not probed: n up to
/// about 32 (the check of CSPLib's Excluded Diagonals 28103 takes 1.3·10^7, of 39702
/// 1.2·10^8).
const PROBE_WORK: u64 = 1 << 32;

/// The share of the check's turns the probes take (an eighth), where they can only refute.
const PROBE_SHARE: u64 = 8;

/// [`PROBE_WORK`] where the diagonals found needed guide the restarted search too
/// ([`Beside::guiding`]): every board whose check passes is probed (all the probes of
/// CSPLib's Excluded Diagonals of n = 38 to 50 take 2 to 5 s of their own work).
const GUIDING_PROBE_WORK: u64 = u64::MAX;

/// The turns the probes take there, in the check's turns: sixteen, so that they take
/// nearly all of the time until they are done, and the search has their lines soon (on
/// CSPLib's Excluded Diagonals of n = 48 to 50 the probes alone take about 5 s; with four
/// turns the lines came at 8 to 10 s, and the restarted search, three times as likely to
/// complete a hard board with them as without, ran that long without: docs/completion.md).
const GUIDING_PROBE_TURNS: u64 = 16;

/// The probes a board has before it is judged: where fewer than [`GUIDING_NEEDED`] of the
/// first 16 diagonals probed are needed, the sums leave the board loose, its lines would be
/// few, and the probes go on as where they can only refute. On CSPLib's Excluded Diagonals
/// of n = 43 to 50, the boards whose lines complete them have 7 of their first 16 needed
/// (every other probe is of a long diagonal, and each of those is needed); others have
/// none or one, and their probes took 20 to 50 s of the minute for nothing.
const GUIDING_TRIAL: usize = 16;

/// See [`GUIDING_TRIAL`].
const GUIDING_NEEDED: u32 = 4;

/// The words of turns offered to the check before the probes start: about a second of the
/// searches beside it.
const PROBE_AFTER: u64 = 1 << 28;

/// The check of a board taking turns beside a search that lists, counts or completes: a
/// board with completions is not kept waiting for it, and one it refutes is given up at
/// once. Each turn gives it some word operations more, what it ran over the last one
/// counted against it. Tables that cannot be had end the check (it is a shortcut: the
/// search decides without it); so does its end without a proof.
#[derive(Default)]
pub(crate) struct Beside {
    check: Option<Check>,
    /// The probes of the diagonals, once the check has passed ([`Beside::probing`]).
    probing: Option<Probing>,
    /// The words of all the turns offered so far.
    offered: u64,
    credit: i64,
    refuted: Option<Condition>,
    /// The diagonals the probes have found needed so far (one bit a diagonal of each kind),
    /// and those they have found forbidden.
    needed: [u128; 2],
    forbidden: [u128; 2],
    /// The most work the probes are expected to take for the board to be probed, and the
    /// probes' turns, as a fraction of the check's (after [`PROBE_AFTER`]).
    probe_work: u64,
    probe_share: (u64, u64),
    /// The work of the check, once it has passed.
    check_work: u64,
}

impl Beside {
    /// The check of `board`, if it takes it ([`Check::new`]).
    pub(crate) fn new(board: &Board) -> Beside {
        Beside {
            check: Check::new(board),
            probing: None,
            offered: 0,
            credit: 0,
            refuted: None,
            needed: [0, 0],
            forbidden: [0, 0],
            probe_work: PROBE_WORK,
            probe_share: (1, PROBE_SHARE),
            check_work: 0,
        }
    }

    /// The check of `board`, followed, if it passes within [`PROBE_WORK`] over the number
    /// of free diagonals, by the probes of the diagonals every completion needs
    /// ([`needed`]).
    pub(crate) fn probing(board: &Board) -> Beside {
        Beside {
            probing: Probing::new(board),
            ..Beside::new(board)
        }
    }

    /// The diagonals every completion has a queen on, as the probes have found them so far
    /// (one bit a diagonal of each kind: r + c, then r + n − 1 − c; none before the probes
    /// start, nor on a board they do not take).
    pub(crate) fn needed(&self) -> [u128; 2] {
        self.needed
    }

    /// The diagonals no completion has a queen on, as the probes have found them so far
    /// (one bit a diagonal of each kind, as [`Beside::needed`]): reserving their squares
    /// loses no completion.
    pub(crate) fn forbidden(&self) -> [u128; 2] {
        self.forbidden
    }

    /// [`Beside::probing`], for a search that takes the diagonals found needed as lines
    /// ([`Beside::needed`]) and those found forbidden as reserved ([`Beside::forbidden`]):
    /// the probes, worth more there, are made on every board the check
    /// passes and take more of the turns ([`GUIDING_PROBE_WORK`], [`GUIDING_PROBE_TURNS`]).
    pub(crate) fn guiding(board: &Board) -> Beside {
        Beside {
            probe_work: GUIDING_PROBE_WORK,
            probe_share: (GUIDING_PROBE_TURNS, 1),
            ..Beside::probing(board)
        }
    }

    /// Which condition refuted the board, once [`Beside::turn`] or [`Beside::finish`] has
    /// said it has no completion.
    pub(crate) fn condition(&self) -> Option<Condition> {
        self.refuted
    }

    /// Runs the check (then the probes, if any, for a share of it) for a turn of about
    /// `words` word operations: whether it has shown that the board has no completion.
    pub(crate) fn turn(&mut self, words: u64) -> bool {
        if self.check.is_none() && self.probing.is_none() {
            return false;
        }
        // The probes, far longer than the check on a board they do not refute, wait for
        // the searches to have had about a second, then take a share of the check's turns:
        // a board the searches complete soon is not slowed, one they take longer on a little.
        self.offered = self.offered.saturating_add(words);
        let words = match self.check {
            Some(_) => words,
            None if self.offered < PROBE_AFTER => return false,
            None => words * self.probe_share.0 / self.probe_share.1,
        };
        self.credit += words as i64;
        if self.credit <= 0 {
            return false;
        }
        let Some(check) = &mut self.check else {
            return self.probe();
        };
        let before = check.work;
        let answer = check.advance(&mut (self.credit as u64));
        self.credit -= (check.work - before) as i64;
        match answer {
            Ok(Some(true)) => {
                self.refuted = Some(check.failed);
                true
            }
            Ok(None) => false,
            Ok(Some(false)) => {
                // Each probe is a check of about the same work.
                let work = check.work;
                self.check_work = work;
                self.check = None;
                if self
                    .probing
                    .as_ref()
                    .is_some_and(|p| work.saturating_mul(p.left() as u64) > self.probe_work)
                {
                    self.probing = None;
                }
                false
            }
            Err(_) => {
                self.check = None;
                self.probing = None;
                false
            }
        }
    }

    /// [`Beside::turn`] for the probes, with the credit the turn left.
    fn probe(&mut self) -> bool {
        let Some(probing) = &mut self.probing else {
            return false;
        };
        let before = probing.work;
        let answer = probing.advance(&mut (self.credit as u64));
        self.credit -= (probing.work - before) as i64;
        self.needed = probing.needed;
        self.forbidden = probing.forbidden;
        let (probed, needed) = probing.probed();
        let left = probing.left() as u64;
        match answer {
            Ok(Some(true)) => {
                self.refuted = Some(Condition::Needed);
                true
            }
            Ok(None) => {
                let guiding = self.probe_work != PROBE_WORK;
                if guiding && probed >= GUIDING_TRIAL && needed < GUIDING_NEEDED {
                    // A loose board: probed as where the probes can only refute, if at all.
                    self.probe_work = PROBE_WORK;
                    self.probe_share = (1, PROBE_SHARE);
                    if self.check_work.saturating_mul(left) > PROBE_WORK {
                        self.probing = None;
                    }
                }
                false
            }
            Ok(Some(false)) | Err(_) => {
                self.probing = None;
                false
            }
        }
    }

    /// Runs the check to its end: whether it has shown that the board has no completion
    /// (`false` for a board it does not take, or whose tables cannot be had).
    ///
    /// # Complexity
    ///
    /// As [`Check`]: a tenth of a second at n = 30, at most about a second; the probes, if
    /// any, a check for each free diagonal: up to [`PROBE_WORK`], 5 to 15 s.
    pub(crate) fn finish(&mut self) -> bool {
        while self.check.is_some() || self.probing.is_some() {
            self.credit = self.credit.max(0);
            if self.turn(CHECK_TURN) {
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
/// [`Beside::finish`] of a board's check.
fn refuted(board: &Board) -> bool {
    Beside::new(board).finish()
}

/// The check of the [module docs](self) on one board, run a share at a time (its work
/// counted in word operations) so that it can take turns with the searches.
///
/// # Complexity
///
/// O(n · S · Q / 64) word operations for S the sums m diagonals can reach (about m² n / 2)
/// and Q the largest sum of squares (about 2m n² / 3): 10^8 at n = 30 (0.1 s), up to m/2 + 2
/// times that when each number of odd x is tried; at most [`MOST_WORK`] in all, with
/// [`MOST_WORDS`] a kind of memory.
pub(crate) struct Check {
    /// The free diagonals of each kind (x, then y), in increasing order, and the sum each
    /// kind's m must have.
    values: [Vec<i64>; 2],
    sums: [i64; 2],
    m: usize,
    /// What Σx² + Σy² must be.
    most: i64,
    /// The most each kind's Σ² can be: `most` less the least the other kind's m have.
    caps: [i64; 2],
    /// Whether a queen's x and y have the same parity (n odd) or not (n even).
    same_parity: bool,
    /// What is being tried: `None`, any parities; `Some(i)`, exactly `parities[i]` odd
    /// values of x (and the y that go with them).
    stage: Option<usize>,
    /// The numbers of odd x worth trying, in the order they are tried ([`odd_counts`]).
    parities: Vec<usize>,
    /// The programmes of the stage, x's then y's, made as they are needed.
    kinds: [Option<Programme>; 2],
    /// The condition the last stage did not meet (at a refutation: the one that refutes).
    failed: Condition,
    /// The word operations done.
    work: u64,
    /// The kind whose programme runs first (0: x; 1: y, in a probe of a y diagonal), and the
    /// other kind's reached sums of squares by stage (`None`: not kept), each with the
    /// condition its programme fails when it reaches nothing: the probes of one kind share
    /// them ([`Check::probe`]).
    first: usize,
    pub(super) kept: Option<Vec<Option<Reached>>>,
    /// Whether a stage of parities has reached the sums: the board passes.
    passed: bool,
    /// The tables of the programmes done with, one a kind, for the next of the kind to
    /// reuse ([`Programme::plan`]): the two kinds' differ in size, and a table had afresh
    /// costs the system's zeroing of its pages.
    pub(super) spare: [Tables; 2],
    /// A value of one kind (kind, value) every choice of that kind must hold
    /// ([`Check::probe`]): that kind's programme chooses the m − 1 others.
    taken: Option<(usize, i64)>,
    /// The word operations of the larger of the first stage's programmes: what a probe
    /// costs, about ([`Check::witness_budget`]).
    stage_work: u64,
    /// The least sum of squares the first kind's programme could reach, by its number of
    /// odd values ([`odd_split`]), made at the first stage of parities (empty: its table
    /// could not be had).
    least_by_odd: Option<Vec<u64>>,
}

/// What one kind's programme reached at one stage of a check: its sums of squares (bit q
/// for q), and the condition it fails if it reached none.
pub(super) type Reached = (Vec<u64>, Condition);

impl Check {
    /// The check of `board`, or `None` if it does not take it (wider than 64, no row free,
    /// or tables past [`MOST_WORDS`] or [`MOST_WORK`]).
    ///
    /// # Complexity
    ///
    /// O(n²).
    pub(crate) fn new(board: &Board) -> Option<Check> {
        let (n, m) = (board.size(), board.free_rows());
        if n > 64 || m == 0 {
            return None;
        }
        let barred = board.barred_words();
        let free_row = |r: usize| board.queen_in(r).is_none();
        let mut free_col = vec![true; n];
        for &(_, c) in board.queens() {
            free_col[c as usize] = false;
        }
        // The diagonals of the squares a new queen can take, each kind as 0..2n−1.
        let (mut xs, mut ys) = (vec![false; 2 * n - 1], vec![false; 2 * n - 1]);
        for r in (0..n).filter(|&r| free_row(r)) {
            for c in (0..n).filter(|&c| barred[r] >> c & 1 == 0) {
                xs[r + c] = true;
                ys[r + n - 1 - c] = true;
            }
        }
        let (rows, cols): (Vec<i64>, Vec<i64>) = (
            (0..n).filter(|&r| free_row(r)).map(|r| r as i64).collect(),
            (0..n).filter(|&c| free_col[c]).map(|c| c as i64).collect(),
        );
        let (n1, mm) = (n as i64 - 1, m as i64);
        let (sum_r, sum_c) = (rows.iter().sum::<i64>(), cols.iter().sum::<i64>());
        let squares = |v: &[i64]| v.iter().map(|a| a * a).sum::<i64>();
        let most =
            2 * squares(&rows) + 2 * squares(&cols) - 2 * n1 * (sum_r + sum_c) + mm * n1 * n1;
        let values = |taken: &[bool]| -> Vec<i64> {
            (0..taken.len())
                .filter(|&d| taken[d])
                .map(|d| d as i64 - n1)
                .collect()
        };
        let (values, sums) = (
            [values(&xs), values(&ys)],
            [sum_r + sum_c - mm * n1, sum_r - sum_c],
        );
        let least = |values: &[i64]| -> i64 { sorted_squares(values).iter().take(m).sum() };
        let caps = [most - least(&values[1]), most - least(&values[0])];
        let mut check = Check {
            values,
            sums,
            m,
            most,
            caps,
            same_parity: n % 2 == 1,
            stage: None,
            parities: odd_counts(m, sums, n % 2 == 1),
            kinds: [None, None],
            failed: Condition::Sum,
            work: 0,
            first: 0,
            kept: None,
            passed: false,
            spare: Default::default(),
            taken: None,
            stage_work: 0,
            least_by_odd: None,
        };
        // Every stage's programmes have the tables of the first (the parities cut what they
        // reach, not the tables); each stage beyond it runs them once more.
        let first = [
            check.programme(0, None, None),
            check.programme(1, None, None),
        ];
        let stages = check.parities.len() as u64 + 2;
        let fits = |p: &Programme| p.cells() <= MOST_WORDS && p.work() <= MOST_WORK / stages;
        if !first.iter().all(fits) {
            return None;
        }
        check.stage_work = first[0].work().max(first[1].work());
        let [x, _] = first;
        check.kinds[0] = Some(x);
        Some(check)
    }

    /// Runs the check for about `budget` word operations (less what it did is left in
    /// `budget`): `Some(true)` if the board has no completion, `Some(false)` if the check
    /// ends without showing it, `None` if it is not done yet.
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if a table cannot be had.
    pub(crate) fn advance(&mut self, budget: &mut u64) -> Result<Option<bool>, OutOfMemory> {
        let before = self.work;
        let done = loop {
            if self.work - before >= *budget {
                break None;
            }
            if self.passed {
                break Some(false);
            }
            if self.stage.is_some_and(|i| i >= self.parities.len()) {
                // No parity of x reaches the sums: refuted.
                break Some(true);
            }
            // The odd values of y that go with k odd values of x: x + y = 2r − (n − 1).
            let odd_x = self.stage.map(|i| self.parities[i]);
            let want = [
                odd_x,
                odd_x.map(|k| if self.same_parity { k } else { self.m - k }),
            ];
            // The programmes run in the order `first` says: kinds[0] is the first one's.
            let (a, b) = (self.first, 1 - self.first);
            let key = self.stage.map_or(0, |i| i + 1);
            let position = match &self.kinds {
                [Some(x), _] if !x.done() => 0,
                [Some(_), Some(y)] if !y.done() => 1,
                [None, _] => {
                    // Past the first parity, a programme that would reach nothing (as in
                    // most stages of a diagonal needed by parity) is told so by its least
                    // sums of squares, without its sets; before, most reach something. A
                    // probe that knows the other kind's sets at the stage asks at every
                    // stage: a diagonal the sums need leaves its kind's least too high for
                    // the other kind's least to meet, whatever parity.
                    let useful = self.useful(key);
                    if self.stage.is_some() && self.out_of_reach(want[a], useful) {
                        // Its least, split by parity, is past what its programme keeps: the
                        // walk would say so too (a stage of parities fails by parity).
                        self.end_stage(false, Condition::Parity);
                        continue;
                    }
                    let mut programme = self.programme(a, want[a], useful);
                    let (nothing, work) =
                        match self.stage.is_some_and(|i| i > 0) || useful.is_some() {
                            true => programme.reaches_nothing(useful)?,
                            false => (false, 0),
                        };
                    self.work += work;
                    if nothing {
                        let condition = programme.condition();
                        self.spare[a] = programme.into_table();
                        self.end_stage(false, condition);
                    } else {
                        self.kinds[0] = Some(programme);
                    }
                    continue;
                }
                [Some(x), None] => {
                    let kept = self.kept.as_ref().and_then(|kept| kept.get(key)?.clone());
                    let reached = x.reached();
                    if reached.iter().all(|&w| w == 0) {
                        self.end_stage(false, x.condition());
                    } else if let Some((other, condition)) = kept {
                        self.meet(&reached, &other, condition);
                    } else {
                        self.kinds[1] = Some(self.programme(b, want[b], None));
                    }
                    continue;
                }
                [Some(x), Some(y)] => {
                    let (xr, yr) = (x.reached(), y.reached());
                    let condition = y.condition();
                    if let Some(kept) = &mut self.kept {
                        if kept.len() <= key {
                            kept.resize(key + 1, None);
                        }
                        kept[key] = Some((yr.clone(), condition));
                    }
                    self.meet(&xr, &yr, condition);
                    continue;
                }
            };
            self.work += self.kinds[position].as_mut().expect("made").step()?;
        };
        *budget = budget.saturating_sub(self.work - before);
        Ok(done)
    }

    /// Drops the stage's programmes, keeping their tables for the next ones to reuse.
    pub(super) fn recycle(&mut self) {
        let kinds = [self.first, 1 - self.first];
        for (programme, kind) in self.kinds.iter_mut().zip(kinds) {
            if let Some(programme) = programme.take() {
                self.spare[kind] = programme.into_table();
            }
        }
    }

    /// Whether the first kind's programme with `want_odd` odd values (`None`, any: not told)
    /// would reach nothing at or below its cap (and `useful`, if set), told by its least
    /// sum of squares split by parity ([`odd_split`]): that least leaves out only the cuts
    /// a choice within the cap never meets, so it says "nothing" whenever the programme's
    /// least-squares walk would, and also when all the programme keeps lies past the cap
    /// (up to a set's last word), which can meet nothing of the other kind (a unit test
    /// compares them). The split is made once a check (its work counted); a table it
    /// cannot have tells nothing.
    ///
    /// # Complexity
    ///
    /// O(1) once the split is made; the split, [`odd_split::least_by_odd_count`]'s.
    fn out_of_reach(&mut self, want_odd: Option<usize>, useful: Option<i64>) -> bool {
        let Some(mut k) = want_odd else {
            return false;
        };
        let kind = self.first;
        let (mut m, mut sum, mut cap) = (self.m, self.sums[kind], self.caps[kind]);
        if let Some((_, v)) = self.taken.filter(|&(taken, _)| taken == kind) {
            // The others, as `programme` chooses them: an odd value taken where none may be
            // leaves no choice.
            (m, sum, cap) = (m - 1, sum - v, cap - v * v);
            let Some(left) = k.checked_sub((v & 1 != 0) as usize) else {
                return true;
            };
            k = left;
        }
        if self.least_by_odd.is_none() {
            // Short of memory, an empty table: no stage is told.
            let made = odd_split::least_by_odd_count(&self.values[kind], m, sum);
            let (least, work) = made.unwrap_or_default();
            self.work += work;
            self.least_by_odd = Some(least);
        }
        let least = self.least_by_odd.as_deref().unwrap_or_default();
        let bound = useful.map_or(cap, |useful| useful.min(cap));
        match (least.is_empty(), least.get(k)) {
            (true, _) => false,
            (false, None | Some(&u64::MAX)) => true,
            (false, Some(&q)) => q as i64 > bound,
        }
    }

    /// The most sum of squares the first kind's programme can reach at stage `key` (0: any
    /// parities, i + 1: the i-th parity) and still meet the other kind's, when the other
    /// kind's sets at that stage are kept (a probe after the first of its kind): the total
    /// less the least the other kind reached (−1 if it reached none).
    fn useful(&self, key: usize) -> Option<i64> {
        let (other, _) = self.kept.as_ref()?.get(key)?.as_ref()?;
        let most = self.most - self.taken.map_or(0, |(_, v)| v * v);
        let least = other
            .iter()
            .position(|&w| w != 0)
            .map(|i| 64 * i as i64 + other[i].trailing_zeros() as i64);
        Some(least.map_or(-1, |least| most - least))
    }

    /// Meets the sums of squares one kind reached (`xr`) with the other's (`yr`, whose
    /// programme fails `condition` when it reached none) at this stage: a pair adding up to
    /// what every placement has passes the board (at the first stage, any parities, it
    /// only goes on to the parities); none goes on to the next stage.
    fn meet(&mut self, xr: &[u64], yr: &[u64], condition: Condition) {
        let bit = |set: &[u64], q: i64| {
            set.get(q as usize / 64)
                .is_some_and(|w| w >> (q % 64) & 1 == 1)
        };
        // A value taken adds its square to what its kind's programme reached.
        let most = self.most - self.taken.map_or(0, |(_, v)| v * v);
        let failed = match yr.iter().all(|&w| w == 0) {
            true => condition,
            false => Condition::SumOfSquares,
        };
        let reached = (0..=most).any(|q| bit(xr, q) && bit(yr, most - q));
        self.end_stage(reached, failed);
    }

    /// The check of the same board with the free diagonal `d` of `kind` (0: r + c, 1:
    /// r + n − 1 − c) reserved too, or, if `take`, given a queen.
    ///
    /// - Reserved: its other kind's values are left as they are (a diagonal of it that
    ///   loses its open squares is still offered: a weaker check, never a wrong
    ///   refutation). It refutes the board only if every completion has a queen on the
    ///   diagonal: the diagonal is needed.
    /// - Given a queen: every choice of its kind holds its value, the m − 1 others chosen
    ///   from the rest with the sum less it, the sum of squares less its square, and one odd
    ///   value fewer if it is odd. It refutes the board only if no completion has a queen on
    ///   the diagonal: the diagonal is forbidden.
    ///
    /// Either way the other kind's reached sets are the same, shared through `kept`, which
    /// the caller takes back once it is done: a probe of [`needed`] costs one kind's
    /// programmes where it cost both. `spare` holds tables to reuse.
    ///
    /// A probe tries the parities only, from the first, without the stage of any parities
    /// before them: the probes that pass are most often answered by a
    /// [witness](witness), and a diagonal the sums need or forbid fails the parities' stages
    /// at little cost (from the second on, a programme that reaches nothing is told so by
    /// its least squares), where any parities would be a stage more for every probe checked.
    ///
    /// # Panics
    ///
    /// Panics if `take` and the board has fewer than two free rows (m − 1 values must be
    /// chosen).
    ///
    /// # Complexity
    ///
    /// O(n).
    pub(super) fn probe(
        &self,
        (kind, d): (usize, usize),
        n: usize,
        (kept, spare): (Vec<Option<Reached>>, [Tables; 2]),
        take: bool,
    ) -> Check {
        assert!(
            !take || self.m >= 2,
            "a diagonal given a queen needs two free rows"
        );
        let mut values = self.values.clone();
        let value = d as i64 - (n as i64 - 1);
        values[kind].retain(|&v| v != value);
        Check {
            values,
            sums: self.sums,
            m: self.m,
            most: self.most,
            caps: self.caps,
            same_parity: self.same_parity,
            stage: (!self.parities.is_empty()).then_some(0),
            parities: self.parities.clone(),
            kinds: [None, None],
            failed: Condition::Sum,
            work: 0,
            first: kind,
            kept: Some(kept),
            passed: false,
            spare,
            taken: take.then_some((kind, value)),
            stage_work: self.stage_work,
            least_by_odd: None,
        }
    }

    /// The programme of kind `kind` (0: x, 1: y) with exactly `want_odd` odd values, if set,
    /// keeping no sum of squares above `useful` (if set: [`Check::useful`]).
    fn programme(
        &mut self,
        kind: usize,
        want_odd: Option<usize>,
        useful: Option<i64>,
    ) -> Programme {
        let values = self.values[kind].clone();
        let spare = std::mem::take(&mut self.spare[kind]);
        let (mut m, mut sum) = (self.m, self.sums[kind]);
        let (mut most, mut cap, mut want_odd) = (self.most, self.caps[kind], want_odd);
        if let Some((_, v)) = self.taken.filter(|&(taken, _)| taken == kind) {
            // The others: one fewer, with the rest of the sums and of the odd values (none
            // can be chosen if an odd value taken leaves fewer than none: no count matches).
            (m, sum, most, cap) = (m - 1, sum - v, (most - v * v).max(0), cap - v * v);
            let odd = (v & 1 != 0) as usize;
            want_odd = want_odd.map(|k| k.checked_sub(odd).unwrap_or(usize::MAX));
        }
        let cap = useful.map_or(cap, |useful| cap.min(useful));
        Programme::plan(values, m, sum, (most, cap), want_odd, spare)
    }

    /// Ends the stage, which `reached` the sums or not (then failing `failed`), and goes on
    /// to the next: the order of the stages is all here.
    ///
    /// - Any parities (`stage` `None`): reaching the sums goes on to the parities of x in
    ///   turn; reaching nothing refutes the board at once, by `failed`.
    /// - A parity: reaching the sums passes the board; failing goes on to the next parity
    ///   (past the last, the board is refuted); a parity fails by parity, whatever `failed`
    ///   says.
    fn end_stage(&mut self, reached: bool, failed: Condition) {
        self.recycle();
        match (self.stage, reached) {
            (None, true) => self.stage = Some(0),
            (None, false) => {
                self.failed = failed;
                self.stage = Some(self.parities.len());
            }
            (Some(_), true) => self.passed = true,
            (Some(i), false) => {
                self.failed = Condition::Parity;
                self.stage = Some(i + 1);
            }
        }
    }
}

/// The numbers of odd x a completion can have, in the order the check tries them: of m new
/// queens whose x add up to `sums[0]` and whose y add up to `sums[1]`, where a queen's x and y
/// have the same parity (`same_parity`) or not.
///
/// A sum is odd exactly when it has an odd number of odd terms, so k odd x need
/// k ≡ Σx (mod 2), and the y that go with them (k, or m − k) must have the parity of Σy: the
/// other half of the counts cannot reach the sums, and is not tried. The rest go from the
/// middle outwards, where most placements' counts lie (about m/2, give or take √m/2), so a
/// board with a completion is let through after a stage or two.
///
/// # Example
///
/// With m = 6, Σx = 0 and Σy = 0 on a board of even n: k even and 6 − k even, so 2, 4, 0 and 6,
/// in that order (the unit tests check it).
fn odd_counts(m: usize, sums: [i64; 2], same_parity: bool) -> Vec<usize> {
    let odd = |sum: i64| sum.rem_euclid(2) as usize;
    let mut counts: Vec<usize> = (0..=m)
        .filter(|&k| k % 2 == odd(sums[0]))
        .filter(|&k| (if same_parity { k } else { m - k }) % 2 == odd(sums[1]))
        .collect();
    counts.sort_by_key(|&k| ((2 * k).abs_diff(m), k));
    counts
}

#[cfg(test)]
mod tests;
