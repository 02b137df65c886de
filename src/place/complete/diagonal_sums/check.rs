//! The check of the sums and parities of the diagonals on one board (the [module
//! docs](super)), run a share at a time so that it can take turns with the searches.

use super::odd_split;
use super::programme::{sorted_squares, Programme, Tables};
use super::Condition;
use crate::board::Board;
use crate::memory::OutOfMemory;

/// The most words of reachable squares a kind of diagonal may take (256 MB), counting a
/// whole set a cell; a board that needs more is not checked (every board up to n = 50 is
/// checked; docs/completion.md says what they take).
pub(super) const MOST_WORDS: u64 = 1 << 25;

/// The most word operations the check may take with every number of odd x it tries (about
/// a minute at n = 50, a second or so at n = 30).
pub(super) const MOST_WORK: u64 = 1 << 37;

/// What a step of the check, or of the probes, came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// The board has no completion.
    Refuted,
    /// The check (or the probes) ended without showing it.
    Passed,
    /// Not done yet: the budget ran out.
    Pending,
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
    pub(super) values: [Vec<i64>; 2],
    pub(super) sums: [i64; 2],
    pub(super) m: usize,
    /// What Σx² + Σy² must be.
    pub(super) most: i64,
    /// The most each kind's Σ² can be: `most` less the least the other kind's m have.
    pub(super) caps: [i64; 2],
    /// Whether a queen's x and y have the same parity (n odd) or not (n even).
    pub(super) same_parity: bool,
    /// What is being tried: `None`, any parities; `Some(i)`, exactly `parities[i]` odd
    /// values of x (and the y that go with them).
    pub(super) stage: Option<usize>,
    /// The numbers of odd x worth trying, in the order they are tried ([`odd_counts`]).
    pub(super) parities: Vec<usize>,
    /// The programmes of the stage, x's then y's, made as they are needed.
    pub(super) kinds: [Option<Programme>; 2],
    /// The condition the last stage did not meet (at a refutation: the one that refutes).
    pub(super) failed: Condition,
    /// The word operations done.
    pub(super) work: u64,
    /// The kind whose programme runs first (0: x; 1: y, in a probe of a y diagonal), and the
    /// other kind's reached sums of squares by stage (`None`: not kept), each with the
    /// condition its programme fails when it reaches nothing: the probes of one kind share
    /// them ([`Check::probe`]).
    pub(super) first: usize,
    pub(super) kept: Option<Vec<Option<Reached>>>,
    /// Whether a stage of parities has reached the sums: the board passes.
    pub(super) passed: bool,
    /// The tables of the programmes done with, one a kind, for the next of the kind to
    /// reuse ([`Programme::plan`]): the two kinds' differ in size, and a table had afresh
    /// costs the system's zeroing of its pages.
    pub(super) spare: [Tables; 2],
    /// A value of one kind (kind, value) every choice of that kind must hold
    /// ([`Check::probe`]): that kind's programme chooses the m − 1 others.
    pub(super) taken: Option<(usize, i64)>,
    /// The word operations of the larger of the first stage's programmes: what a probe
    /// costs, about ([`Check::witness_budget`]).
    pub(super) stage_work: u64,
    /// The least sum of squares the first kind's programme could reach, by its number of
    /// odd values ([`odd_split`]), made at the first stage of parities (empty: its table
    /// could not be had).
    pub(super) least_by_odd: Option<Vec<u64>>,
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
    /// `budget`): whether it has refuted the board, passed it, or is not done yet.
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if a table cannot be had.
    pub(crate) fn advance(&mut self, budget: &mut u64) -> Result<Verdict, OutOfMemory> {
        let before = self.work;
        let done = loop {
            if self.work - before >= *budget {
                break Verdict::Pending;
            }
            if self.passed {
                break Verdict::Passed;
            }
            if self.stage.is_some_and(|i| i >= self.parities.len()) {
                // No parity of x reaches the sums: refuted.
                break Verdict::Refuted;
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
    pub(super) fn out_of_reach(&mut self, want_odd: Option<usize>, useful: Option<i64>) -> bool {
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
    pub(super) fn useful(&self, key: usize) -> Option<i64> {
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
    pub(super) fn meet(&mut self, xr: &[u64], yr: &[u64], condition: Condition) {
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
    /// the caller takes back once it is done: a probe of [`super::needed`] costs one kind's
    /// programmes where it cost both. `spare` holds tables to reuse.
    ///
    /// A probe tries the parities only, from the first, without the stage of any parities
    /// before them: the probes that pass are most often answered by a
    /// [witness](super::witness), and a diagonal the sums need or forbid fails the parities' stages
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
    pub(super) fn programme(
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
    pub(super) fn end_stage(&mut self, reached: bool, failed: Condition) {
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
pub(super) fn odd_counts(m: usize, sums: [i64; 2], same_parity: bool) -> Vec<usize> {
    let odd = |sum: i64| sum.rem_euclid(2) as usize;
    let mut counts: Vec<usize> = (0..=m)
        .filter(|&k| k % 2 == odd(sums[0]))
        .filter(|&k| (if same_parity { k } else { m - k }) % 2 == odd(sums[1]))
        .collect();
    counts.sort_by_key(|&k| ((2 * k).abs_diff(m), k));
    counts
}
