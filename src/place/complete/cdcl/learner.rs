//! The clause-learning search: conflict-driven clause learning (CDCL) on the open squares of
//! the free rows and columns, at most 64 of each.
//!
//! A depth-first search that backtracks one level at a time meets the same dead end in
//! every branch that does not touch its cause: on CSPLib's Excluded Diagonals from n ≈ 24, a
//! few queens placed early can doom a subtree of millions of nodes that the search explores
//! whole. Learner stops that: every conflict is analysed back to the decisions that caused it
//! (the first unique implication point), the reason is kept as a clause ("these queens do not
//! go together": each square the clause names that a queen shut is replaced by that queen,
//! and each literal the others imply is dropped), and the search jumps back to the deepest
//! decision the clause still involves.
//! Restarts and the activity of the squares met in recent conflicts (VSIDS) steer it to the
//! hard core of the board: short runs prove there is no completion soonest, long ones that
//! keep to the deepest partial placement found complete a board soonest ([`super::modes`]). Two
//! searches run in turns ([`super::Cdcl`]), one with short runs only and one alternating, since a
//! search's time to an answer is heavy-tailed and the sooner of two is far steadier.
//!
//! Every open square is a variable, true when a queen stands there. Each free row and column
//! must hold exactly one queen and each diagonal at most one; the "at most one" of a line is
//! propagated natively (a queen placed shuts its four lines, the reason of each square shut
//! being that one queen), and "at least one" of a row or column is a clause watched like the
//! learnt ones (two watched literals). Nothing in it depends on the clock: the same board
//! takes the same path on every machine.
//!
//! Its verdicts are exact: a completion is a full assignment that breaks no line, checked
//! again by [`crate::place::verify_on`] before it is shown; "none" is the empty clause derived by
//! resolution from the board's lines. Unlike the other searches it tells nothing of how much
//! of its space is closed (there is no tree to measure), so [`crate::place::complete()`] gives it a
//! turn beside the leader whatever it shows, shrinking only as the leader's own prediction
//! of the work it has left does.

mod analyze;
mod clauses;
mod propagate;

use super::heap::Heap;
use super::lines::Lines;
use super::modes::Modes;
use crate::board::Board;
use crate::memory::{can_have, headroom};
use crate::memory::{try_filled, OutOfMemory};
use crate::place::complete::compact::MAX_FREE;
use crate::place::complete::search::Step;

/// A literal: `2·v` is "a queen on square `v`", `2·v + 1` its negation.
type Lit = u32;

/// The value of a variable.
const UNSET: i8 = 0;
const TRUE: i8 = 1;
const FALSE: i8 = -1;

/// Why a literal is true.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reason {
    /// A decision, or a fact at level 0 taken without one.
    Decision,
    /// The clause with this index became unit.
    Clause(u32),
    /// The square is shut by the queen on this square, which shares a line with it.
    Queen(u32),
}

/// What propagation ran into.
#[derive(Clone, Copy, Debug)]
enum Conflict {
    /// Two queens on one line.
    Queens(u32, u32),
    /// A clause with every literal false.
    Clause(u32),
}

/// The clauses live in one arena of words, each named by the offset of its header: its
/// length, then its flags ([`LEARNT`], [`DELETED`]) beside the distinct decision levels among
/// its literals when it was learnt (its LBD: lower is better), then where the last search for
/// a literal to watch stopped ([`POS`]), then its literals, the two watched first. One array,
/// read in order, where a clause apiece would be a pointer to chase at every visit: most of
/// the search's time is spent visiting clauses.
const HEADER: usize = 3;
/// The header word that says where the last search of a clause for a literal to watch found
/// one: the next starts there, not at the third literal, so that a long clause whose first
/// literals are false is not read from its start at every visit (Gent, "Optimal implementation
/// of watched literals and more general techniques", JAIR 2013).
const POS: usize = 2;
const LEARNT: u32 = 1 << 31;
const DELETED: u32 = 1 << 30;
const LBD: u32 = DELETED - 1;

/// A clause watching a literal, with a literal of it whose truth makes the visit needless.
#[derive(Clone, Copy, Debug)]
struct Watch {
    clause: u32,
    blocker: Lit,
}

/// Learnt clauses kept before the first clean-up, and the growth of that bound at each.
const FIRST_REDUCE: usize = 2000;
const REDUCE_GROWTH: usize = 300;

/// Learnt clauses of at most this many levels are never deleted ("glue" clauses).
const GLUE: u32 = 2;

/// A learnt clause of at most this many literals and [`GLUE`] levels is given to the other
/// search of a [`super::Cdcl`], as every unit is.
const SHARED_LEN: usize = 8;

/// The activity decay of VSIDS: each conflict makes later bumps worth 1/0.95 as much.
const DECAY: f64 = 0.95;

/// A clause-learning search of the completions of a board with at most [`MAX_FREE`] free
/// rows; see the [module docs](self).
#[derive(Clone, Debug)]
pub struct Learner {
    /// The board square (row, column) of each variable.
    square: Vec<(u32, u32)>,
    /// The lines: variables of line `k` are `line_vars[line_start[k]..line_start[k + 1]]`.
    line_start: Vec<u32>,
    line_vars: Vec<u32>,
    /// The four lines of each variable: row, column and both diagonals.
    var_lines: Vec<[u32; 4]>,
    /// The clauses: the original "at least one" of each row and column, those that forbid a
    /// completion already given, and the learnt ones (see [`HEADER`]).
    arena: Vec<u32>,
    /// Words of the arena held by deleted clauses.
    wasted: usize,
    /// The clauses watching each literal.
    watches: Vec<Vec<Watch>>,
    /// The value of each literal (`TRUE`, `FALSE` or `UNSET`): a square's two literals side
    /// by side, so that a literal's value is one read, without a branch on its sign.
    value: Vec<i8>,
    level: Vec<u32>,
    reason: Vec<Reason>,
    trail: Vec<Lit>,
    /// Where each decision level starts on the trail.
    trail_lim: Vec<usize>,
    /// The first trail literal not yet propagated.
    head: usize,
    activity: Vec<f64>,
    bump: f64,
    heap: Heap,
    /// The value each variable had last (phase saving), a queen at first.
    phase: Vec<bool>,
    /// The value each variable had in the deepest assignment without a conflict since the
    /// last restart (its target phase), and how many variables that assignment set.
    target: Vec<bool>,
    target_len: usize,
    seen: Vec<bool>,
    /// The buffer of [`Learner::analyze`]'s reasons, kept to spare an allocation a conflict.
    reason_buffer: Vec<Lit>,
    /// The conflict at which each decision level was last counted by [`Learner::lbd`]: its
    /// levels are told apart in one pass, without sorting them.
    level_seen: Vec<u64>,
    /// Learnt clauses alive, and how many may be before the next clean-up.
    learnt: usize,
    reduce_at: usize,
    conflicts: u64,
    /// When it restarts, and whether decisions take the target phase.
    modes: Modes,
    /// The units and short glue clauses learnt since the other search of a [`super::Cdcl`] last
    /// took them, and those it learnt, to be added at this one's next restart.
    pub(super) exported: Vec<Vec<Lit>>,
    pub(super) imported: Vec<Vec<Lit>>,
    /// The clauses added so far from the other search.
    pub(super) adopted: u64,
    /// The whole placement: the placed queens, and the free rows' queens once found.
    queens: Vec<u32>,
    /// Proved that no completion (or no further one) exists.
    done: bool,
    /// A completion was just given: the next call blocks it first.
    found: bool,
    /// A learnt clause found no room (the process is short of memory): the search has
    /// stopped where it was, and only pauses from then on.
    starved: Option<OutOfMemory>,
    work: u64,
}

impl Learner {
    /// A search of the completions of `board` that restarts as `modes` says, or `None` if
    /// more than [`MAX_FREE`] rows are free.
    ///
    /// # Constraints
    ///
    /// The board's placed queens do not attack each other (as [`Board`] ensures).
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if its arrays cannot be had: a few hundred bytes for each of the at
    /// most m² open squares of m free rows, plus 4n bytes for the placement.
    ///
    /// # Complexity
    ///
    /// O(n/64 + q + m² log m) to set up, for q placed queens and m free rows.
    ///
    /// (Its example is the unit test `examples::clause_learning` at the bottom of this file.)
    pub(super) fn new(board: &Board, modes: Modes) -> Result<Option<Learner>, OutOfMemory> {
        let n = board.size();
        if board.free_rows() > MAX_FREE {
            return Ok(None);
        }
        // Its arrays are small (under a megabyte) and many: room is asked for once.
        headroom("the clause-learning search")?;
        let mut queens = try_filled(n, u32::MAX, "the placement")?;
        let mut col_taken = try_filled(n, false, "the columns taken")?;
        let mut up = try_filled(2 * n, false, "the diagonals taken")?;
        let mut down = try_filled(2 * n, false, "the diagonals taken")?;
        for &(r, c) in board.queens() {
            let (r, c) = (r as usize, c as usize);
            queens[r] = c as u32;
            col_taken[c] = true;
            up[r + c] = true;
            down[r + n - 1 - c] = true;
        }
        let Lines {
            square,
            line_start,
            line_vars,
            var_lines,
            exactly_one,
            covered,
        } = Lines::of(board, &queens, (&col_taken, &up, &down));
        let vars = square.len();
        let mut search = Learner {
            square,
            line_start,
            line_vars,
            var_lines,
            arena: Vec::new(),
            wasted: 0,
            watches: vec![Vec::new(); 2 * vars],
            value: vec![UNSET; 2 * vars],
            level: vec![0; vars],
            reason: vec![Reason::Decision; vars],
            trail: Vec::with_capacity(vars),
            trail_lim: Vec::new(),
            head: 0,
            activity: vec![0.0; vars],
            bump: 1.0,
            heap: Heap::new(vars),
            phase: vec![true; vars],
            target: vec![true; vars],
            target_len: 0,
            seen: vec![false; vars],
            reason_buffer: Vec::new(),
            level_seen: vec![0; vars + 1],
            learnt: 0,
            reduce_at: FIRST_REDUCE,
            conflicts: 0,
            modes,
            exported: Vec::new(),
            imported: Vec::new(),
            adopted: 0,
            queens,
            done: false,
            found: false,
            starved: None,
            work: 0,
        };
        if !covered {
            search.done = true;
            return Ok(Some(search));
        }
        for line in exactly_one {
            let (s, e) = search.line(line);
            let lits: Vec<Lit> = search.line_vars[s..e].iter().map(|&v| 2 * v).collect();
            if !search.add_at_level_0(lits) {
                search.done = true;
                break;
            }
        }
        Ok(Some(search))
    }

    fn line(&self, line: u32) -> (usize, usize) {
        (
            self.line_start[line as usize] as usize,
            self.line_start[line as usize + 1] as usize,
        )
    }

    fn lit_value(&self, lit: Lit) -> i8 {
        self.value[lit as usize]
    }

    fn decision_level(&self) -> u32 {
        self.trail_lim.len() as u32
    }

    fn assign(&mut self, lit: Lit, reason: Reason) {
        let v = (lit >> 1) as usize;
        self.value[lit as usize] = TRUE;
        self.value[(lit ^ 1) as usize] = FALSE;
        self.level[v] = self.decision_level();
        self.reason[v] = reason;
        self.trail.push(lit);
    }

    /// Why the search stopped for good short of an answer, if it did: a learnt clause found
    /// no room.
    pub fn starved(&self) -> Option<&OutOfMemory> {
        self.starved.as_ref()
    }

    /// The next decision: the most active square still open, set as it was last (focused)
    /// or by its target phase (stable).
    fn decide(&mut self) -> Option<Lit> {
        while let Some(v) = self.heap.pop(&self.activity) {
            self.work += 2;
            if self.value[2 * v] == UNSET {
                let queen = if self.modes.stable() {
                    self.target[v]
                } else {
                    self.phase[v]
                };
                return Some(2 * v as u32 + u32::from(!queen));
            }
        }
        None
    }

    /// Searches on for about `budget` more units of work (taken from it; a unit is about a
    /// nanosecond: a square or a clause looked at), to the next completion.
    ///
    /// # Complexity
    ///
    /// NP-complete in general; each conflict costs O(m²) at most.
    pub fn advance(&mut self, budget: &mut u64) -> Step {
        if self.found {
            self.found = false;
            self.block_found();
        }
        let start = self.work;
        if self.starved.is_some() {
            return Step::Paused;
        }
        loop {
            if self.done {
                *budget -= (self.work - start).min(*budget);
                return Step::Exhausted;
            }
            if let Some(conflict) = self.propagate() {
                self.conflicts += 1;
                if self.decision_level() == 0 {
                    self.done = true;
                    continue;
                }
                if self.modes.stable() {
                    self.keep_target();
                }
                let (lits, back) = self.analyze(conflict);
                if let Err(e) = self.room_for(&lits) {
                    // Stopped here for good: the other search of the pair, and the other
                    // methods, go on without it.
                    self.starved = Some(e);
                    *budget -= (self.work - start).min(*budget);
                    return Step::Paused;
                }
                self.backtrack(back);
                self.work += 4 * lits.len() as u64;
                if lits.len() == 1 {
                    self.exported.push(lits.clone());
                    self.assign(lits[0], Reason::Decision);
                } else {
                    let lbd = self.lbd(&lits);
                    if lbd <= GLUE && lits.len() <= SHARED_LEN {
                        self.exported.push(lits.clone());
                    }
                    let first = lits[0];
                    let c = self.attach(lits, true, lbd);
                    self.assign(first, Reason::Clause(c));
                }
                self.bump /= DECAY;
                if self.modes.conflict() {
                    self.target_len = 0;
                    self.backtrack(0);
                    self.import();
                }
                if self.learnt >= self.reduce_at {
                    self.reduce();
                }
                continue;
            }
            let spent = self.work - start;
            if spent >= *budget {
                *budget = 0;
                return Step::Paused;
            }
            match self.decide() {
                Some(lit) => {
                    self.trail_lim.push(self.trail.len());
                    self.assign(lit, Reason::Decision);
                }
                None => {
                    for (v, &(r, c)) in self.square.iter().enumerate() {
                        if self.value[2 * v] == TRUE {
                            self.queens[r as usize] = c;
                        }
                    }
                    *budget -= (self.work - start).min(*budget);
                    self.found = true;
                    return Step::Found;
                }
            }
        }
    }

    /// At a conflict: if the levels below the one that failed set more variables than the
    /// target phase holds, they become the target phase.
    fn keep_target(&mut self) {
        let consistent = self.trail_lim[self.trail_lim.len() - 1];
        if consistent > self.target_len {
            for &lit in &self.trail[..consistent] {
                self.target[(lit >> 1) as usize] = lit & 1 == 0;
            }
            self.work += consistent as u64;
            self.target_len = consistent;
        }
    }

    /// The completion [`Learner::advance`] found last: the 0-based column of each row's
    /// queen, the placed queens included.
    pub fn placement(&self) -> &[u32] {
        &self.queens
    }

    /// The work done so far, in the units of [`Learner::advance`].
    pub fn work(&self) -> u64 {
        self.work
    }

    /// The conflicts met so far.
    pub fn conflicts(&self) -> u64 {
        self.conflicts
    }

    /// The learnt clauses kept now.
    pub fn learnt(&self) -> usize {
        self.learnt
    }
}

#[cfg(test)]
mod examples {
    //! The examples of this private module's docs, run as unit tests.

    #[test]
    fn clause_learning() {
        use crate::board::Board;
        use crate::place::complete::cdcl::{Learner, Modes};
        use crate::place::complete::search::Step;

        // AOJ ALDS1_13_A's sample: two queens on 8 × 8, one completion.
        let board = Board::new(8).with_queens(&[(2, 2), (5, 3)]).unwrap();
        let mut search = Learner::new(&board, Modes::alternating()).unwrap().unwrap();
        assert_eq!(search.advance(&mut u64::MAX.clone()), Step::Found);
        assert_eq!(crate::place::verify(8, search.placement()), Ok(()));
        assert_eq!(search.advance(&mut u64::MAX.clone()), Step::Exhausted);
    }
}
