//! The clause-learning search: conflict-driven clause learning (CDCL) on the open squares of
//! the free rows and columns, at most 64 of each.
//!
//! A depth-first search that backtracks one level at a time meets the same dead end in
//! every branch that does not touch its cause: on CSPLib's Excluded Diagonals from n ≈ 24, a
//! few queens placed early can doom a subtree of millions of nodes that the search explores
//! whole. Learning stops that: every conflict is analysed back to the decisions that caused it
//! (the first unique implication point), the reason is kept as a clause ("these queens do not
//! go together": each square the clause names that a queen shut is replaced by that queen,
//! and each literal the others imply is dropped), and the search jumps back to the deepest
//! decision the clause still involves.
//! Restarts and the activity of the squares met in recent conflicts (VSIDS) steer it to the
//! hard core of the board: short runs prove there is no completion soonest, long ones that
//! keep to the deepest partial placement found complete a board soonest ([`modes`]). Two
//! searches run in turns ([`Pair`]), one with short runs only and one alternating, since a
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
//! again by [`super::verify_on`] before it is shown; "none" is the empty clause derived by
//! resolution from the board's lines. Unlike the other searches it tells nothing of how much
//! of its space is closed (there is no tree to measure), so [`super::complete()`] gives it a
//! turn beside the leader whatever it shows, shrinking only as the leader's own prediction
//! of the work it has left does.

mod heap;
mod lines;
mod modes;
mod pair;

use super::compact::MAX_FREE;
use super::step::Step;
use crate::board::Board;
use crate::memory::{can_have, headroom};
use crate::memory::{try_filled, OutOfMemory};
use heap::Heap;
use lines::Lines;
use modes::Modes;
pub use pair::Pair;

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
/// search of a [`Pair`], as every unit is.
const SHARED_LEN: usize = 8;

/// The activity decay of VSIDS: each conflict makes later bumps worth 1/0.95 as much.
const DECAY: f64 = 0.95;

/// A clause-learning search of the completions of a board with at most [`MAX_FREE`] free
/// rows; see the [module docs](self).
#[derive(Clone, Debug)]
pub struct Learning {
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
    /// The buffer of [`Learning::analyze`]'s reasons, kept to spare an allocation a conflict.
    reason_buffer: Vec<Lit>,
    /// The conflict at which each decision level was last counted by [`Learning::lbd`]: its
    /// levels are told apart in one pass, without sorting them.
    level_seen: Vec<u64>,
    /// Learnt clauses alive, and how many may be before the next clean-up.
    learnt: usize,
    reduce_at: usize,
    conflicts: u64,
    /// When it restarts, and whether decisions take the target phase.
    modes: Modes,
    /// The units and short glue clauses learnt since the other search of a [`Pair`] last
    /// took them, and those it learnt, to be added at this one's next restart.
    exported: Vec<Vec<Lit>>,
    imported: Vec<Vec<Lit>>,
    /// The clauses added so far from the other search.
    adopted: u64,
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

impl Learning {
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
    fn new(board: &Board, modes: Modes) -> Result<Option<Learning>, OutOfMemory> {
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
        let mut search = Learning {
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

    /// Adds a clause of the board (not learnt) at level 0, with no literal set but at level
    /// 0: a unit one is assigned at once. False if it is empty, or its unit is already false
    /// (no completion).
    fn add_at_level_0(&mut self, mut lits: Vec<Lit>) -> bool {
        lits.retain(|&l| self.lit_value(l) != FALSE || self.level[(l >> 1) as usize] != 0);
        match lits.len() {
            0 => false,
            1 => match self.lit_value(lits[0]) {
                TRUE => true,
                FALSE => false,
                _ => {
                    self.assign(lits[0], Reason::Decision);
                    true
                }
            },
            _ => {
                self.attach(lits, false, 0);
                true
            }
        }
    }

    /// Room for the clause `lits` without growing a vector past what the process may have
    /// (the arena grows by doubling, fallibly, with headroom left after it; the two watch
    /// lists by one).
    fn room_for(&mut self, lits: &[Lit]) -> Result<(), OutOfMemory> {
        let needed = HEADER + lits.len();
        let arena = &mut self.arena;
        if arena.capacity() - arena.len() < needed {
            let more = needed.max(arena.len());
            crate::memory::reserve(arena, more, "the learnt clauses")?;
        }
        for &l in lits.iter().take(2) {
            let list = &mut self.watches[l as usize];
            if list.len() == list.capacity() {
                crate::memory::reserve(list, list.len().max(4), "the learnt clauses")?;
            }
        }
        Ok(())
    }

    /// Why the search stopped for good short of an answer, if it did: a learnt clause found
    /// no room.
    pub fn starved(&self) -> Option<&OutOfMemory> {
        self.starved.as_ref()
    }

    fn attach(&mut self, lits: Vec<Lit>, learnt: bool, lbd: u32) -> u32 {
        let index = self.arena.len() as u32;
        self.watches[lits[0] as usize].push(Watch {
            clause: index,
            blocker: lits[1],
        });
        self.watches[lits[1] as usize].push(Watch {
            clause: index,
            blocker: lits[0],
        });
        if learnt {
            self.learnt += 1;
        }
        let flags = if learnt { LEARNT } else { 0 } | lbd.min(LBD);
        self.arena.extend_from_slice(&[lits.len() as u32, flags, 2]);
        self.arena.extend_from_slice(&lits);
        index
    }

    /// The literals of clause `c`.
    fn lits(&self, c: u32) -> &[Lit] {
        let c = c as usize;
        &self.arena[c + HEADER..c + HEADER + self.arena[c] as usize]
    }

    /// Propagates every literal of the trail not yet propagated: the lines of each queen
    /// placed, and the clauses watching each literal made false.
    fn propagate(&mut self) -> Option<Conflict> {
        while self.head < self.trail.len() {
            let p = self.trail[self.head];
            self.head += 1;
            if p & 1 == 0 {
                let v = p >> 1;
                for k in 0..4 {
                    let (s, e) = self.line(self.var_lines[v as usize][k]);
                    self.work += (e - s) as u64;
                    for idx in s..e {
                        let u = self.line_vars[idx];
                        if u == v {
                            continue;
                        }
                        match self.value[2 * u as usize] {
                            TRUE => return Some(Conflict::Queens(v, u)),
                            FALSE => {}
                            _ => self.assign(2 * u + 1, Reason::Queen(v)),
                        }
                    }
                }
            }
            if let Some(conflict) = self.propagate_clauses(p ^ 1) {
                return Some(conflict);
            }
        }
        None
    }

    /// Visits the clauses watching `false_lit`, just made false.
    fn propagate_clauses(&mut self, false_lit: Lit) -> Option<Conflict> {
        let mut watches = std::mem::take(&mut self.watches[false_lit as usize]);
        let (mut i, mut j) = (0, 0);
        let mut conflict = None;
        while i < watches.len() {
            let w = watches[i];
            i += 1;
            self.work += 1;
            if self.lit_value(w.blocker) == TRUE {
                watches[j] = w;
                j += 1;
                continue;
            }
            let c = w.clause as usize;
            if self.arena[c + 1] & DELETED != 0 {
                continue; // the watch goes with its clause
            }
            let len = self.arena[c] as usize;
            let lits = &mut self.arena[c + HEADER..c + HEADER + len];
            if lits[0] == false_lit {
                lits.swap(0, 1);
            }
            let first = lits[0];
            let keep = Watch {
                clause: w.clause,
                blocker: first,
            };
            if first != w.blocker && self.lit_value(first) == TRUE {
                watches[j] = keep;
                j += 1;
                continue;
            }
            let start = (self.arena[c + POS] as usize).min(len);
            let lits = &self.arena[c + HEADER..c + HEADER + len];
            let open = |k: &usize| self.lit_value(lits[*k]) != FALSE;
            let other = (start..len).find(open).or_else(|| (2..start).find(open));
            // What was read: up to the literal found, or the whole clause.
            let read = other.map_or(len, |k| {
                if k >= start {
                    k - start
                } else {
                    len - start + k - 2
                }
            });
            self.work += 1 + read as u64 / 4;
            if let Some(k) = other {
                self.arena[c + POS] = k as u32;
                let lits = &mut self.arena[c + HEADER..c + HEADER + len];
                lits.swap(1, k);
                let new = lits[1];
                self.watches[new as usize].push(keep);
                continue;
            }
            watches[j] = keep;
            j += 1;
            if self.lit_value(first) == FALSE {
                conflict = Some(Conflict::Clause(w.clause));
                while i < watches.len() {
                    watches[j] = watches[i];
                    i += 1;
                    j += 1;
                }
            } else {
                self.assign(first, Reason::Clause(w.clause));
            }
        }
        watches.truncate(j);
        self.watches[false_lit as usize] = watches;
        conflict
    }

    /// The literals of the reason of variable `v` other than its own (each false).
    fn antecedents(&self, v: u32, out: &mut Vec<Lit>) {
        out.clear();
        match self.reason[v as usize] {
            Reason::Decision => {}
            Reason::Queen(q) => out.push(2 * q + 1),
            Reason::Clause(c) => out.extend(self.lits(c).iter().copied().filter(|&l| l >> 1 != v)),
        }
    }

    /// The clause learnt from `conflict` (its asserting literal first, a literal of the
    /// level to jump back to second), and that level.
    fn analyze(&mut self, conflict: Conflict) -> (Vec<Lit>, u32) {
        let mut learnt: Vec<Lit> = vec![0];
        // The literals of the reason at hand, in a buffer kept from one conflict to the next.
        let mut reason = std::mem::take(&mut self.reason_buffer);
        reason.clear();
        match conflict {
            Conflict::Queens(a, b) => reason.extend_from_slice(&[2 * a + 1, 2 * b + 1]),
            Conflict::Clause(c) => reason.extend_from_slice(self.lits(c)),
        }
        let current = self.decision_level();
        let mut open = 0;
        let mut index = self.trail.len();
        let asserting = loop {
            for &q in &reason {
                let v = (q >> 1) as usize;
                if !self.seen[v] && self.level[v] > 0 {
                    self.seen[v] = true;
                    self.bump_var(v);
                    if self.level[v] >= current {
                        open += 1;
                    } else {
                        learnt.push(q);
                    }
                }
            }
            self.work += reason.len() as u64;
            loop {
                index -= 1;
                self.work += 1;
                if self.seen[(self.trail[index] >> 1) as usize] {
                    break;
                }
            }
            let p = self.trail[index];
            self.seen[(p >> 1) as usize] = false;
            open -= 1;
            if open == 0 {
                break p;
            }
            self.antecedents(p >> 1, &mut reason);
        };
        learnt[0] = asserting ^ 1;
        for &q in &learnt[1..] {
            self.seen[(q >> 1) as usize] = false;
        }
        let learnt = self.shrink(learnt);
        let mut kept = self.minimize(learnt, &mut reason);
        self.reason_buffer = reason;
        let mut back = 0;
        if kept.len() > 1 {
            let deepest = (1..kept.len())
                .max_by_key(|&k| self.level[(kept[k] >> 1) as usize])
                .unwrap_or(1);
            kept.swap(1, deepest);
            back = self.level[(kept[1] >> 1) as usize];
        }
        (kept, back)
    }

    /// The first-UIP clause `learnt` (asserting literal first) with each literal of a lower
    /// level that is a square shut by a queen replaced by that queen's negation, once: the
    /// queen shuts the square, so the clause with the queen in the square's place follows
    /// from it by one resolution (with "not both"), and the many squares a few queens shut
    /// become those few queens. It is one step of the shrinking of Fleury and Biere
    /// ("Efficient All-UIP Learned Clause Minimization", SAT 2021), taken for the reason most
    /// literals of this problem's clauses have: on CSPLib's Excluded Diagonals of n = 33 a
    /// learnt clause falls from about 120 literals to about 22, and the search makes about
    /// 2.5 times the conflicts a second (docs/benchmarks.md, "Shorter learnt clauses").
    ///
    /// Marks the variables of the clause it returns as seen, and bumps the activity of each
    /// queen brought in (without that, it completed fewer of 35 boards of n = 26..40, and
    /// later: docs/benchmarks.md). The levels do not change: a square is shut at the level
    /// its queen is placed.
    fn shrink(&mut self, learnt: Vec<Lit>) -> Vec<Lit> {
        let mut shrunk = Vec::with_capacity(learnt.len());
        shrunk.push(learnt[0]);
        for &q in &learnt[1..] {
            let lit = match self.reason[(q >> 1) as usize] {
                Reason::Queen(queen) => 2 * queen + 1,
                _ => q,
            };
            let v = (lit >> 1) as usize;
            if !self.seen[v] {
                self.seen[v] = true;
                if lit != q {
                    // The queen now stands in the clause: its activity grows as its
                    // squares' did, and the decisions turn to it.
                    self.bump_var(v);
                }
                shrunk.push(lit);
            }
        }
        self.work += learnt.len() as u64;
        shrunk
    }

    /// `learnt` (its variables but the first seen) without the literals implied by the
    /// others: a literal whose reason's literals are each in the clause, or implied in turn
    /// (MiniSat's recursive minimization, walked depth first, pruned at a literal of a level
    /// the clause does not have). Leaves nothing seen.
    fn minimize(&mut self, learnt: Vec<Lit>, buffer: &mut Vec<Lit>) -> Vec<Lit> {
        let mut levels = 0u64;
        for &q in &learnt[1..] {
            levels |= 1 << (self.level[(q >> 1) as usize] & 63);
        }
        let mut kept = vec![learnt[0]];
        // The variables found implied on the way, seen until the end.
        let mut implied = Vec::new();
        for &q in &learnt[1..] {
            let v = q >> 1;
            if self.reason[v as usize] == Reason::Decision
                || !self.implied(v, levels, buffer, &mut implied)
            {
                kept.push(q);
            }
        }
        for v in learnt[1..].iter().map(|&q| q >> 1).chain(implied) {
            self.seen[v as usize] = false;
        }
        kept
    }

    /// Whether variable `v`'s literal follows from the seen ones: every literal of its
    /// reason is seen or (not a decision, and of a level among `levels`) follows in turn.
    /// The variables it proves so are marked seen and added to `implied`; a walk that fails
    /// unmarks what it marked.
    fn implied(
        &mut self,
        v: u32,
        levels: u64,
        buffer: &mut Vec<Lit>,
        implied: &mut Vec<u32>,
    ) -> bool {
        let top = implied.len();
        let mut stack = vec![v];
        while let Some(x) = stack.pop() {
            self.antecedents(x, buffer);
            self.work += buffer.len() as u64;
            for &a in buffer.iter() {
                let u = a >> 1;
                let level = self.level[u as usize];
                if self.seen[u as usize] || level == 0 {
                    continue;
                }
                let may_follow = self.reason[u as usize] != Reason::Decision;
                if may_follow && levels & (1 << (level & 63)) != 0 {
                    self.seen[u as usize] = true;
                    stack.push(u);
                    implied.push(u);
                } else {
                    for &w in &implied[top..] {
                        self.seen[w as usize] = false;
                    }
                    implied.truncate(top);
                    return false;
                }
            }
        }
        true
    }

    fn bump_var(&mut self, v: usize) {
        self.activity[v] += self.bump;
        if self.activity[v] > 1e100 {
            for a in &mut self.activity {
                *a *= 1e-100;
            }
            self.bump *= 1e-100;
        }
        self.heap.raised(v, &self.activity);
    }

    /// Undoes every level above `level`.
    fn backtrack(&mut self, level: u32) {
        if self.decision_level() <= level {
            return;
        }
        let start = self.trail_lim[level as usize];
        for k in (start..self.trail.len()).rev() {
            let v = (self.trail[k] >> 1) as usize;
            self.phase[v] = self.value[2 * v] == TRUE;
            self.value[2 * v] = UNSET;
            self.value[2 * v + 1] = UNSET;
            self.heap.insert(v, &self.activity);
        }
        self.work += (self.trail.len() - start) as u64;
        self.trail.truncate(start);
        self.trail_lim.truncate(level as usize);
        self.head = start;
    }

    /// Deletes the worse half of the learnt clauses (by their levels, the older first among
    /// equals), keeping glue clauses and those that are the reason of a literal set; then,
    /// if deleted clauses hold half the arena, copies the live ones to a new one. Short of
    /// memory (no room for the arena twice over, and some), it deletes all it may.
    fn reduce(&mut self) {
        let mut candidates: Vec<(u32, u32)> = Vec::new();
        let mut c = 0;
        while c < self.arena.len() {
            let (len, flags) = (self.arena[c] as usize, self.arena[c + 1]);
            let live_learnt = flags & LEARNT != 0 && flags & DELETED == 0;
            if live_learnt && flags & LBD > GLUE {
                let first = self.arena[c + HEADER];
                let v = (first >> 1) as usize;
                let locked =
                    self.reason[v] == Reason::Clause(c as u32) && self.lit_value(first) == TRUE;
                if !locked {
                    candidates.push((flags & LBD, c as u32));
                }
            }
            c += HEADER + len;
        }
        // Worst first: most levels, then oldest.
        candidates.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let room = 2 * 4 * self.arena.len() + (4 << 20);
        let delete = if can_have(room) {
            candidates.len() / 2
        } else {
            candidates.len()
        };
        for &(_, c) in &candidates[..delete] {
            let c = c as usize;
            self.arena[c + 1] |= DELETED;
            self.wasted += HEADER + self.arena[c] as usize;
            self.learnt -= 1;
        }
        self.work += self.arena.len() as u64 / 4;
        self.reduce_at += REDUCE_GROWTH;
        if 2 * self.wasted > self.arena.len() || (delete > 0 && delete == candidates.len()) {
            self.collect();
        }
    }

    /// Copies the live clauses to a new arena, and watches and reasons with them.
    fn collect(&mut self) {
        let mut arena = Vec::new();
        if crate::memory::reserve(&mut arena, self.arena.len() - self.wasted, "the clauses")
            .is_err()
        {
            // No room for a second arena: the deleted clauses stay in this one.
            return;
        }
        // (old offset, new offset) of each live clause, in order of both.
        let mut moved: Vec<(u32, u32)> = Vec::new();
        let mut c = 0;
        while c < self.arena.len() {
            let len = self.arena[c] as usize;
            if self.arena[c + 1] & DELETED == 0 {
                moved.push((c as u32, arena.len() as u32));
                arena.extend_from_slice(&self.arena[c..c + HEADER + len]);
            }
            c += HEADER + len;
        }
        for reason in &mut self.reason {
            if let Reason::Clause(old) = *reason {
                // A clause deleted is never the reason of a literal set: this one is stale.
                *reason = match moved.binary_search_by_key(&old, |m| m.0) {
                    Ok(k) => Reason::Clause(moved[k].1),
                    Err(_) => Reason::Decision,
                };
            }
        }
        self.arena = arena;
        self.wasted = 0;
        for list in &mut self.watches {
            list.clear();
        }
        for &(_, c) in &moved {
            let c = c as usize;
            let (a, b) = (self.arena[c + HEADER], self.arena[c + HEADER + 1]);
            self.watches[a as usize].push(Watch {
                clause: c as u32,
                blocker: b,
            });
            self.watches[b as usize].push(Watch {
                clause: c as u32,
                blocker: a,
            });
        }
        self.work += self.arena.len() as u64;
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

    /// Adds the clauses the other search learnt, at level 0 (just after a restart), as the
    /// board's own: they follow from the same board and the same completions forbidden.
    fn import(&mut self) {
        for lits in std::mem::take(&mut self.imported) {
            self.work += lits.len() as u64;
            self.adopted += 1;
            if !self.add_at_level_0(lits) {
                self.done = true;
                return;
            }
        }
    }

    /// Forbids the completion `queens` (the column of each row's queen), found by another
    /// search of the same board, as [`Learning::block_found`] does its own: this search goes
    /// on to the others.
    ///
    /// # Complexity
    ///
    /// O(m²) for m free rows, and a restart.
    fn forbid(&mut self, queens: &[u32]) {
        if self.found {
            // Its own completion, not yet forbidden, is read from the assignment.
            self.found = false;
            self.block_found();
        }
        let lits: Vec<Lit> = (0..self.square.len() as u32)
            .filter(|&v| {
                let (r, c) = self.square[v as usize];
                queens[r as usize] == c
            })
            .map(|v| 2 * v + 1)
            .collect();
        self.backtrack(0);
        if !self.add_at_level_0(lits) {
            self.done = true;
        }
    }

    /// Forbids the completion just found (a clause of its queens' negations), so that the
    /// search goes on to the next.
    fn block_found(&mut self) {
        let lits: Vec<Lit> = (0..self.square.len() as u32)
            .filter(|&v| self.value[2 * v as usize] == TRUE)
            .map(|v| 2 * v + 1)
            .collect();
        self.backtrack(0);
        if !self.add_at_level_0(lits) {
            self.done = true;
        }
    }

    /// The distinct decision levels among `lits` (called once a conflict, after
    /// [`Learning::conflicts`] has counted it).
    fn lbd(&mut self, lits: &[Lit]) -> u32 {
        let mut levels = 0;
        for &l in lits {
            let level = self.level[(l >> 1) as usize] as usize;
            if self.level_seen[level] != self.conflicts {
                self.level_seen[level] = self.conflicts;
                levels += 1;
            }
        }
        levels
    }

    /// The completion [`Learning::advance`] found last: the 0-based column of each row's
    /// queen, the placed queens included.
    pub fn placement(&self) -> &[u32] {
        &self.queens
    }

    /// The work done so far, in the units of [`Learning::advance`].
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
mod tests;

#[cfg(test)]
mod examples {
    //! The examples of this private module's docs, run as unit tests.

    #[test]
    fn clause_learning() {
        use crate::board::Board;
        use crate::place::learning::{Learning, Modes};
        use crate::place::Step;

        // AOJ ALDS1_13_A's sample: two queens on 8 × 8, one completion.
        let board = Board::new(8).with_queens(&[(2, 2), (5, 3)]).unwrap();
        let mut search = Learning::new(&board, Modes::alternating())
            .unwrap()
            .unwrap();
        assert_eq!(search.advance(&mut u64::MAX.clone()), Step::Found);
        assert_eq!(crate::place::verify(8, search.placement()), Ok(()));
        assert_eq!(search.advance(&mut u64::MAX.clone()), Step::Exhausted);
    }
}
