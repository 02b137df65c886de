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
//! over the diagonals of each kind finds every (Σ, Σ²) that m of them reach. When some do,
//! parity is tried too: x + y = 2r − (n − 1), so a queen's x and y have the same parity when
//! n is odd and not when n is even, and the number of odd x fixes the number of odd y; each
//! number of odd x is tried in turn (the odd diagonals taken first, then every count but that
//! one dropped), and if none reaches the sums, no completion exists either.
//!
//! The rows and columns are what a search branches on, and a search proves "none" by
//! meeting every dead end; this argument sees the whole board at once. On CSPLib's Excluded
//! Diagonals boards (prob079) it decides every board without a completion we generated from
//! n = 22 to 30 (32 of 48), among them ten that no solver we ran (ours before it included)
//! decided in a minute, in at most 0.9 s, and it never refutes a board with one (the tests
//! compare it with an exhaustive search on thousands of small boards, and try it on boards
//! made around a placement up to n = 40). It is a necessary condition only: some small
//! boards without a completion pass it, and a search must prove those.

use super::OutOfMemory;
use crate::board::Board;
use crate::memory::try_filled;

/// The most words of reachable squares a kind of diagonal may take (64 MB); a board that
/// needs more is not checked (a board of 30 needs about 15 MB).
const MOST_WORDS: u64 = 1 << 23;

/// The most word operations the check may take, every parity of x tried: some seconds.
const MOST_WORK: u64 = 1 << 34;

/// Nodes of a search in one of its turns beside the check ([`Beside`]): tens of
/// microseconds.
pub(crate) const SEARCH_TURN: u64 = 1 << 12;

/// Word operations of the check in one of its turns beside a search: about as long as the
/// search's.
pub(crate) const CHECK_TURN: u64 = 1 << 14;

/// The check of a board taking turns beside a search that lists, counts or completes: a
/// board with completions is not kept waiting for it, and one it refutes is given up at
/// once. Each turn gives it some word operations more, what it ran over the last one
/// counted against it. Tables that cannot be had end the check (it is a shortcut: the
/// search decides without it); so does its end without a proof.
#[derive(Default)]
pub(crate) struct Beside {
    check: Option<Check>,
    credit: i64,
}

impl Beside {
    /// The check of `board`, if it takes it ([`Check::new`]).
    pub(crate) fn new(board: &Board) -> Beside {
        Beside {
            check: Check::new(board),
            credit: 0,
        }
    }

    /// Runs the check for a turn of about `words` word operations: whether it has shown
    /// that the board has no completion.
    pub(crate) fn turn(&mut self, words: u64) -> bool {
        let Some(check) = &mut self.check else {
            return false;
        };
        self.credit += words as i64;
        if self.credit <= 0 {
            return false;
        }
        let before = check.work;
        let answer = check.advance(&mut (self.credit as u64));
        self.credit -= (check.work - before) as i64;
        match answer {
            Ok(Some(true)) => true,
            Ok(None) => false,
            Ok(Some(false)) | Err(_) => {
                self.check = None;
                false
            }
        }
    }

    /// Runs the check to its end: whether it has shown that the board has no completion
    /// (`false` for a board it does not take, or whose tables cannot be had).
    ///
    /// # Complexity
    ///
    /// As [`Check`]: a tenth of a second at n = 30, at most about a second.
    pub(crate) fn finish(&mut self) -> bool {
        while self.check.is_some() {
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
/// and Q the largest sum of squares (about 2m n² / 3): 10^8 at n = 30 (0.1 s), up to m + 2
/// times that when each parity of x is tried; at most [`MOST_WORK`] in all, with
/// [`MOST_WORDS`] a kind of memory.
pub(crate) struct Check {
    /// The free diagonals of each kind (x, then y), in increasing order, and the sum each
    /// kind's m must have.
    values: [Vec<i64>; 2],
    sums: [i64; 2],
    m: usize,
    /// What Σx² + Σy² must be.
    most: i64,
    /// Whether a queen's x and y have the same parity (n odd) or not (n even).
    same_parity: bool,
    /// What is being tried: `None`, any parities; `Some(k)`, exactly k odd values of x
    /// (and the y that go with them).
    stage: Option<usize>,
    /// The programmes of the stage, x's then y's, made as they are needed.
    kinds: [Option<Programme>; 2],
    /// The word operations done.
    work: u64,
}

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
        let mut check = Check {
            values,
            sums,
            m,
            most,
            same_parity: n % 2 == 1,
            stage: None,
            kinds: [None, None],
            work: 0,
        };
        // Every stage's programmes have the tables of the first (the parities cut what they
        // reach, not the tables); each stage beyond it runs them once more.
        let first = [check.programme(0, None), check.programme(1, None)];
        let stages = m as u64 + 2;
        let fits = |p: &Programme| p.cells() <= MOST_WORDS && p.work() <= MOST_WORK / stages;
        if !first.iter().all(fits) {
            return None;
        }
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
            if self.stage.is_some_and(|k| k > self.m) {
                // No parity of x reaches the sums: refuted.
                break Some(true);
            }
            // The odd values of y that go with k odd values of x: x + y = 2r − (n − 1).
            let want = [
                self.stage,
                self.stage
                    .map(|k| if self.same_parity { k } else { self.m - k }),
            ];
            let kind = match &self.kinds {
                [Some(x), _] if !x.done() => 0,
                [Some(_), Some(y)] if !y.done() => 1,
                [None, _] => {
                    self.kinds[0] = Some(self.programme(0, want[0]));
                    continue;
                }
                [Some(x), None] => {
                    if x.reached().iter().all(|&w| w == 0) {
                        self.next_stage();
                    } else {
                        self.kinds[1] = Some(self.programme(1, want[1]));
                    }
                    continue;
                }
                [Some(x), Some(y)] => {
                    let bit = |set: &[u64], q: i64| {
                        set.get(q as usize / 64)
                            .is_some_and(|w| w >> (q % 64) & 1 == 1)
                    };
                    let (xr, yr) = (x.reached(), y.reached());
                    let most = self.most;
                    if (0..=most).any(|q| bit(xr, q) && bit(yr, most - q)) {
                        if self.stage.is_none() {
                            // Any parities reach the sums: try each parity of x in turn.
                            self.stage = Some(0);
                            self.kinds = [None, None];
                            continue;
                        }
                        break Some(false);
                    }
                    self.next_stage();
                    continue;
                }
            };
            self.work += self.kinds[kind].as_mut().expect("made").step()?;
        };
        *budget = budget.saturating_sub(self.work - before);
        Ok(done)
    }

    /// The programme of kind `kind` (0: x, 1: y) with exactly `want_odd` odd values, if set.
    fn programme(&self, kind: usize, want_odd: Option<usize>) -> Programme {
        let values = self.values[kind].clone();
        Programme::plan(values, self.m, self.sums[kind], self.most, want_odd)
    }

    /// Goes on to the next parity of x (from "any parities", which reached nothing: then
    /// the board is refuted at once).
    fn next_stage(&mut self) {
        self.stage = Some(self.stage.map_or(self.m + 1, |k| k + 1));
        self.kinds = [None, None];
    }
}

/// A dynamic programme over one kind of diagonal: for each count c of values chosen and each
/// sum s they can have (within what leaves the rest reachable), the set of sums of squares
/// they reach, one bit each from 0 to the most; the values taken one at a time.
struct Programme {
    values: Vec<i64>,
    /// How many values are chosen in the end.
    m: usize,
    /// The lowest and highest sum kept for each count (`lo > hi`: none can be).
    lo: Vec<i64>,
    hi: Vec<i64>,
    /// Where each count's sets start, in sets.
    first: Vec<usize>,
    /// Words a set.
    words: usize,
    /// The sets, and whether each has a bit set (empty until the first step).
    sets: Vec<u64>,
    any: Vec<bool>,
    /// The values taken so far.
    taken: usize,
    /// One more than the count the next step takes the value `taken` into (0: the value's
    /// first step); the counts go downwards, so that each value is chosen at most once.
    next: usize,
    /// Exactly this many odd values, if set: the odd values come first in `values`, and once
    /// they are taken every count but this one is emptied.
    want_odd: Option<usize>,
    /// The odd values, and whether the count of them has been kept alone.
    odds: usize,
    filtered: bool,
}

impl Programme {
    /// The programme choosing `m` distinct values of `values` (in increasing order) with sum
    /// `sum` and sums of squares up to `most` (its tables made at its first step: see
    /// [`Programme::cells`]).
    fn plan(
        mut values: Vec<i64>,
        m: usize,
        sum: i64,
        most: i64,
        want_odd: Option<usize>,
    ) -> Programme {
        // `most` is a sum of squares over any pairing of the free rows and columns: never
        // negative.
        let words = most as usize / 64 + 1;
        let (mut lo, mut hi, mut first) = (vec![1; m + 1], vec![0; m + 1], vec![0; m + 2]);
        if values.len() >= m {
            let prefix = |k: usize| values[..k].iter().sum::<i64>();
            let suffix = |k: usize| values[values.len() - k..].iter().sum::<i64>();
            for c in 0..=m {
                // c values chosen: at least the c smallest, at most the c largest, and the
                // m − c still to come can bring the sum to `sum`.
                lo[c] = prefix(c).max(sum - suffix(m - c));
                hi[c] = suffix(c).min(sum - prefix(m - c));
                first[c + 1] = first[c] + (hi[c] - lo[c] + 1).max(0) as usize;
            }
        }
        // (Too few diagonals: no table, nothing reached.) The bounds hold for any c values
        // whatever the order they are taken in: with a parity wanted, the odd ones first.
        let odds = values.iter().filter(|&&v| v & 1 != 0).count();
        if want_odd.is_some() {
            values.sort_by_key(|&v| (v & 1 == 0, v));
        }
        Programme {
            values,
            m,
            lo,
            hi,
            first,
            words,
            sets: Vec::new(),
            any: Vec::new(),
            taken: 0,
            next: 0,
            want_odd,
            odds,
            filtered: want_odd.is_none(),
        }
    }

    /// The words of its tables.
    fn cells(&self) -> u64 {
        (self.first[self.m + 1] as u64).saturating_mul(self.words as u64)
    }

    /// The word operations the programme takes, about.
    fn work(&self) -> u64 {
        self.cells().saturating_mul(self.values.len() as u64 + 1)
    }

    /// Whether every value has been taken (or none can reach the end).
    fn done(&self) -> bool {
        self.lo[self.m] > self.hi[self.m] || (self.taken == self.values.len() && self.filtered)
    }

    /// The sums of squares (bit q for q) that `m` distinct values reach with the planned
    /// sum, once [`Programme::done`].
    fn reached(&self) -> &[u64] {
        if self.lo[self.m] > self.hi[self.m] || self.sets.is_empty() {
            return &[];
        }
        let end = self.first[self.m] + (self.hi[self.m] - self.lo[self.m]) as usize;
        &self.sets[end * self.words..(end + 1) * self.words]
    }

    /// Takes the next value into one more count (all the counts it can join, from the
    /// highest, make one value's turn); returns the word operations it took.
    fn step(&mut self) -> Result<u64, OutOfMemory> {
        let (m, words) = (self.m, self.words);
        if self.sets.is_empty() {
            let what = "the sums of the diagonals";
            self.sets = try_filled(self.first[m + 1] * words, 0u64, what)?;
            self.any = try_filled(self.first[m + 1], false, what)?;
            if self.lo[0] <= 0 && 0 <= self.hi[0] {
                let at = self.first[0] + (-self.lo[0]) as usize;
                self.sets[at * words] = 1;
                self.any[at] = true;
            }
        }
        if let (Some(k), false, true) = (self.want_odd, self.filtered, self.taken == self.odds) {
            // The odd values taken: keep the choices of exactly k of them.
            self.filtered = true;
            for c in (0..=m).filter(|&c| c != k) {
                let cells = self.first[c]..self.first[c + 1];
                self.sets[cells.start * words..cells.end * words].fill(0);
                self.any[cells].fill(false);
            }
            return Ok(1 + (self.first[m + 1] * words) as u64);
        }
        let (i, v) = (self.taken, self.values[self.taken]);
        if self.next == 0 {
            self.next = m.min(i + 1);
        }
        self.next -= 1;
        let c = self.next;
        if self.next == 0 {
            self.taken += 1;
        }
        let shift = (v * v) as usize;
        let (below, above) = self.sets.split_at_mut(self.first[c + 1] * words);
        let mut work = 1 + (self.hi[c] - self.lo[c] + 1).max(0) as u64;
        for s in self.lo[c]..=self.hi[c] {
            let t = s + v;
            if t < self.lo[c + 1] || t > self.hi[c + 1] {
                continue;
            }
            let from = self.first[c] + (s - self.lo[c]) as usize;
            if !self.any[from] {
                continue;
            }
            let to = self.first[c + 1] + (t - self.lo[c + 1]) as usize;
            let source = &below[from * words..(from + 1) * words];
            let at = (to - self.first[c + 1]) * words;
            self.any[to] |= or_shifted(&mut above[at..at + words], source, shift);
            work += words as u64;
        }
        Ok(work)
    }
}

/// `into |= from << shift`, bits shifted past the end dropped; whether any bit of `into` is
/// set after it.
fn or_shifted(into: &mut [u64], from: &[u64], shift: usize) -> bool {
    let (whole, part) = (shift / 64, shift % 64);
    let mut any = false;
    for j in (whole..into.len()).rev() {
        let k = j - whole;
        let mut w = from[k] << part;
        if part > 0 && k > 0 {
            w |= from[k - 1] >> (64 - part);
        }
        into[j] |= w;
        any |= into[j] != 0;
    }
    any || into[..whole.min(into.len())].iter().any(|&w| w != 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::place::{complete, Completion, Options};
    use crate::rng::SplitMix64;

    /// A board of size `n` with some whole diagonals reserved (as CSPLib's Excluded
    /// Diagonals), some single squares reserved, and up to two queens placed, at random.
    fn random_board(n: usize, rng: &mut SplitMix64) -> Board {
        let diagonals = |rng: &mut SplitMix64| -> Vec<u64> {
            let count = rng.below(n as u64 / 2 + 1);
            (0..count).map(|_| rng.below(2 * n as u64 - 1)).collect()
        };
        let (sums, diffs) = (diagonals(rng), diagonals(rng));
        let words = n.div_ceil(64);
        let mut reserved = vec![0u64; n * words];
        let holes = rng.below(3) > 0;
        for r in 0..n {
            for c in 0..n {
                let hole = holes && rng.below(12) == 0;
                if hole
                    || sums.contains(&((r + c) as u64))
                    || diffs.contains(&((r + n - 1 - c) as u64))
                {
                    reserved[r * words + c / 64] |= 1 << (c % 64);
                }
            }
        }
        let mut board = Board::with_reserved(n, reserved);
        for _ in 0..rng.below(3) {
            let (r, c) = (rng.below(n as u64) as u32, rng.below(n as u64) as u32);
            if let Ok(placed) = board.with_queens(&[(r, c)]) {
                board = placed;
            }
        }
        board
    }

    #[test]
    fn a_board_it_refutes_has_no_completion_and_it_refutes_many() {
        let mut rng = SplitMix64::new(2026);
        let (mut refuted_boards, mut impossible) = (0, 0);
        for i in 0..6000 {
            let n = 4 + i % 7;
            let board = random_board(n, &mut rng);
            let options = Options {
                give_up_after: None,
                only: Some(crate::place::Method::Compact),
                ..Options::default()
            };
            let found = complete(&board, &options).unwrap();
            let none = matches!(found, Completion::Impossible(_));
            impossible += usize::from(none);
            if refuted(&board) {
                assert!(
                    none,
                    "refuted, but completed: {:?} gives {:?}",
                    board, found
                );
                refuted_boards += 1;
            }
        }
        // Both kinds of board were met, and the check is not idle: it refutes most of the
        // boards without a completion (about 90% of them).
        let message = format!("{} of {} refuted", refuted_boards, impossible);
        assert!(impossible > 1000 && impossible < 5000, "{}", message);
        assert!(refuted_boards * 4 > impossible * 3, "{}", message);
    }

    #[test]
    fn the_plain_board_and_a_full_placement_are_not_refuted() {
        // Only the boards of 2 and 3, which have no placement, may be refuted.
        for n in 1..=30 {
            let none = refuted(&Board::new(n));
            assert_eq!(none, n == 2 || n == 3, "{}", n);
        }
        let queens: Vec<(u32, u32)> = [0u32, 4, 7, 5, 2, 6, 1, 3]
            .iter()
            .enumerate()
            .map(|(r, &c)| (r as u32, c))
            .collect();
        let board = Board::new(8).with_queens(&queens[..5]).unwrap();
        assert!(!refuted(&board));
        assert!(!refuted(&Board::new(8).with_queens(&queens).unwrap()));
    }

    #[test]
    fn a_board_made_around_a_placement_is_never_refuted() {
        // A placement of n queens found by min-conflicts, every diagonal it does not use
        // reserved but for a few, and some of its queens placed: it completes the board.
        let mut rng = SplitMix64::new(28);
        for n in 11..=40u32 {
            for seed in 0..6 {
                let queens = crate::place::min_conflicts(n, seed, &mut |_, _| {})
                    .unwrap()
                    .unwrap();
                let n = n as usize;
                let (mut sums, mut diffs) = (vec![false; 2 * n - 1], vec![false; 2 * n - 1]);
                for (r, &c) in queens.iter().enumerate() {
                    sums[r + c as usize] = true;
                    diffs[r + n - 1 - c as usize] = true;
                }
                for d in 0..2 * n - 1 {
                    sums[d] |= rng.below(4) == 0;
                    diffs[d] |= rng.below(4) == 0;
                }
                let words = n.div_ceil(64);
                let mut reserved = vec![0u64; n * words];
                for r in 0..n {
                    for c in 0..n {
                        if !sums[r + c] || !diffs[r + n - 1 - c] {
                            reserved[r * words + c / 64] |= 1 << (c % 64);
                        }
                    }
                }
                let placed: Vec<(u32, u32)> = (0..n)
                    .filter(|_| rng.below(3) == 0)
                    .map(|r| (r as u32, queens[r]))
                    .collect();
                let board = Board::with_reserved(n, reserved)
                    .with_queens(&placed)
                    .unwrap();
                assert!(!refuted(&board), "n = {}, seed {}", n, seed);
            }
        }
    }

    #[test]
    fn shifting_keeps_every_bit_that_fits() {
        for shift in [0, 1, 63, 64, 65, 130, 200] {
            let from = [0x8000_0000_0000_0001u64, 3, 1 << 40];
            let mut into = [0u64; 3];
            let any = or_shifted(&mut into, &from, shift);
            for q in 0..192 {
                let had = q >= shift && from[(q - shift) / 64] >> ((q - shift) % 64) & 1 == 1;
                assert_eq!(into[q / 64] >> (q % 64) & 1 == 1, had, "{} {}", shift, q);
            }
            assert_eq!(any, into.iter().any(|&w| w != 0));
        }
    }
}
