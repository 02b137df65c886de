//! The dynamic programme of the diagonals' sums: which sums and sums of squares m distinct
//! diagonals of one kind reach.

use super::Condition;
use crate::kernel::{HotLoop, Kernel};
use crate::memory::{try_filled, OutOfMemory};

/// A dynamic programme over one kind of diagonal: for each count c of values chosen and each
/// sum s they can have (within what leaves the rest reachable), the set of sums of squares
/// they reach, one bit each from 0 to the most; the values taken one at a time.
pub(super) struct Programme {
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
    /// The sum the m values must have.
    sum: i64,
    /// For each count c, the most Σ² its sets keep: no more than its c largest squares
    /// have, nor than the cap less the least the m − c still to come add.
    top: Vec<i64>,
    /// The cap on the sum of squares of all m.
    cap: i64,
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
    /// The instructions its steps are compiled for ([`Kernel::compiled_for`]): the shifted
    /// ORs a vector at a time, where the CPU has the vectors.
    kernel: Kernel,
}

impl Programme {
    /// The programme choosing `m` distinct values of `values` (in increasing order) with sum
    /// `sum` and sums of squares up to `most` (its tables made at its first step: see
    /// [`Programme::cells`]), of which those above `cap` are not followed: no choice whose sum
    /// of squares would pass `cap` is kept, nor any part of a choice that would.
    ///
    /// `spare` is a table of an earlier programme to reuse (its contents do not matter: a
    /// cell is cleared when it is first reached), so that a run of programmes does not ask
    /// the system for fresh memory each time; empty, the first step allocates.
    pub(super) fn plan(
        mut values: Vec<i64>,
        m: usize,
        sum: i64,
        (most, cap): (i64, i64),
        want_odd: Option<usize>,
        spare: Vec<u64>,
    ) -> Programme {
        // `most` is a sum of squares over any pairing of the free rows and columns: never
        // negative.
        let words = most as usize / 64 + 1;
        // c values have at most the sum of the c largest squares, and the m − c after them
        // add at least the m − c smallest: bits above either bound lead nowhere.
        let squares = sorted_squares(&values);
        let top = (0..=m)
            .map(|c| {
                let smallest: i64 = squares.iter().take(m - c).sum();
                let largest: i64 = squares.iter().rev().take(c).sum();
                largest.min(cap - smallest).min(most)
            })
            .collect();
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
            sum,
            top,
            cap,
            sets: spare,
            any: Vec::new(),
            taken: 0,
            next: 0,
            want_odd,
            odds,
            filtered: want_odd.is_none(),
            kernel: Kernel::best(),
        }
    }

    /// The words of its tables.
    pub(super) fn cells(&self) -> u64 {
        (self.first[self.m + 1] as u64).saturating_mul(self.words as u64)
    }

    /// The word operations the programme takes, about.
    pub(super) fn work(&self) -> u64 {
        self.cells().saturating_mul(self.values.len() as u64 + 1)
    }

    /// Whether every value has been taken (or none can reach the end).
    pub(super) fn done(&self) -> bool {
        self.lo[self.m] > self.hi[self.m] || (self.taken == self.values.len() && self.filtered)
    }

    /// The condition a programme that reaches nothing fails: the sum, if no m values can
    /// have it (below the m smallest or above the m largest), else the sums with the
    /// squares (whose cap cut what it kept).
    pub(super) fn condition(&self) -> Condition {
        match self.lo[self.m] > self.hi[self.m] {
            true => Condition::Sum,
            false => Condition::SumOfSquares,
        }
    }

    /// The sums of squares (bit q for q) that `m` distinct values reach with the planned
    /// sum, once [`Programme::done`].
    pub(super) fn reached(&self) -> &[u64] {
        if self.lo[self.m] > self.hi[self.m] || self.any.is_empty() {
            return &[];
        }
        let end = self.first[self.m] + (self.hi[self.m] - self.lo[self.m]) as usize;
        match self.any[end] {
            true => &self.sets[end * self.words..(end + 1) * self.words],
            false => &[],
        }
    }

    /// Whether the programme, run, would reach no sum of squares at all, told without running
    /// it: the same steps over the same cells, each keeping the least sum of squares its
    /// choices have instead of the set of them. The sets it keeps are cut from above only
    /// (at a count's most, rounded up to a whole word), so none is reached exactly when the
    /// least of the m values with the planned sum (and parity) lies above the last count's
    /// most, rounded so; in between, it says no, and the programme is run. Also the word
    /// operations it took: one a cell visited, where the programme takes the set's words.
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if its one number a cell cannot be had.
    ///
    /// # Complexity
    ///
    /// O(v·m·s) for v values, m chosen and s sums kept a count: the programme's cells,
    /// without their words (a few hundred at n = 47).
    pub(super) fn reaches_nothing(&self) -> Result<(bool, u64), OutOfMemory> {
        let m = self.m;
        if self.lo[m] > self.hi[m] {
            return Ok((true, 1));
        }
        let (lo, hi, first) = (&self.lo, &self.hi, &self.first);
        let what = "the least sums of squares of the diagonals";
        let mut least = try_filled(first[m + 1], i64::MAX, what)?;
        if lo[0] <= 0 && 0 <= hi[0] {
            least[first[0] + (-lo[0]) as usize] = 0;
        }
        let mut work = first[m + 1] as u64;
        for i in 0..=self.values.len() {
            if let (Some(k), true) = (self.want_odd, i == self.odds) {
                // The odd values taken (they come first): exactly k of them.
                for c in (0..=m).filter(|&c| c != k) {
                    least[first[c]..first[c + 1]].fill(i64::MAX);
                }
            }
            let Some(&v) = self.values.get(i) else {
                break;
            };
            // From the highest count down, so that each value is taken at most once.
            for c in (0..m.min(i + 1)).rev() {
                work += 1 + (hi[c] - lo[c] + 1).max(0) as u64;
                for s in lo[c]..=hi[c] {
                    let t = s + v;
                    let from = least[first[c] + (s - lo[c]) as usize];
                    if t < lo[c + 1] || t > hi[c + 1] || from == i64::MAX {
                        continue;
                    }
                    let to = &mut least[first[c + 1] + (t - lo[c + 1]) as usize];
                    *to = (*to).min(from + v * v);
                }
            }
        }
        let top = self.top[m];
        let kept = match top < 0 {
            true => -1,
            false => 64 * (top / 64 + 1) - 1,
        };
        Ok((least[first[m]] > kept, work))
    }

    /// Its table, for a later programme to reuse ([`Programme::plan`]).
    pub(super) fn into_table(self) -> Vec<u64> {
        self.sets
    }

    /// Takes the next value into one more count (all the counts it can join, from the
    /// highest, make one value's turn); returns the word operations it took.
    pub(super) fn step(&mut self) -> Result<u64, OutOfMemory> {
        let kernel = self.kernel;
        kernel.compiled_for(Step(self))
    }

    /// [`Programme::step`], inlined into the kernel's compilation.
    #[inline(always)]
    fn step_here(&mut self) -> Result<u64, OutOfMemory> {
        let (m, words) = (self.m, self.words);
        if self.any.is_empty() {
            // Only the cells marked in `any` hold sets: the others are cleared when first
            // reached, so a table reused need not be cleared whole.
            let what = "the sums of the diagonals";
            if self.sets.len() < self.first[m + 1] * words {
                self.sets = Vec::new();
                self.sets = try_filled(self.first[m + 1] * words, 0u64, what)?;
            }
            self.any = try_filled(self.first[m + 1], false, what)?;
            if self.lo[0] <= 0 && 0 <= self.hi[0] {
                let at = self.first[0] + (-self.lo[0]) as usize;
                self.sets[at * words..(at + 1) * words].fill(0);
                self.sets[at * words] = 1;
                self.any[at] = true;
            }
        }
        if let (Some(k), false, true) = (self.want_odd, self.filtered, self.taken == self.odds) {
            // The odd values taken: keep the choices of exactly k of them.
            self.filtered = true;
            for c in (0..=m).filter(|&c| c != k) {
                self.any[self.first[c]..self.first[c + 1]].fill(false);
            }
            return Ok(1 + self.first[m + 1] as u64);
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
        let (top, rest) = (self.top[c + 1], (m - c - 1) as i64);
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
            // The values still to come add up to sum − t, so their squares to at least
            // (sum − t)² / rest (Cauchy–Schwarz): the sets of t keep less.
            let top = match rest {
                0 => top,
                _ => top.min(self.cap - (self.sum - t).pow(2) / rest),
            };
            if top < 0 {
                continue;
            }
            let live = (top as usize / 64 + 1).min(words);
            let to = self.first[c + 1] + (t - self.lo[c + 1]) as usize;
            let source = &below[from * words..(from + 1) * words];
            let at = (to - self.first[c + 1]) * words;
            if !self.any[to] {
                above[at..at + words].fill(0);
                work += words as u64;
            }
            self.any[to] |= or_shifted(&mut above[at..at + live], source, shift);
            work += live as u64;
        }
        Ok(work)
    }
}

/// A step of a programme, as [`Kernel::compiled_for`] runs it.
struct Step<'a>(&'a mut Programme);

impl HotLoop for Step<'_> {
    type Output = Result<u64, OutOfMemory>;

    #[inline(always)]
    fn run(self) -> Self::Output {
        self.0.step_here()
    }
}

/// The squares of `values`, smallest first: the least and the most that some of them add.
pub(super) fn sorted_squares(values: &[i64]) -> Vec<i64> {
    let mut squares: Vec<i64> = values.iter().map(|v| v * v).collect();
    squares.sort_unstable();
    squares
}

/// `into |= from << shift`, bits shifted past the end dropped; whether any bit of `into` is
/// set after it. Written so that the compiler can do it a vector at a time.
#[inline(always)]
pub(super) fn or_shifted(into: &mut [u64], from: &[u64], shift: usize) -> bool {
    let (whole, part) = (shift / 64, shift % 64);
    let Some(shifted) = into.get_mut(whole..).filter(|rest| !rest.is_empty()) else {
        return into.iter().any(|&w| w != 0);
    };
    let mut seen = 0u64;
    if part == 0 {
        for (to, &w) in shifted.iter_mut().zip(from) {
            *to |= w;
            seen |= *to;
        }
    } else {
        // Word j + 1 takes the high bits of word j and the low bits of word j + 1.
        shifted[0] |= from[0] << part;
        seen |= shifted[0];
        for (to, (&low, &high)) in shifted[1..].iter_mut().zip(from.iter().zip(&from[1..])) {
            *to |= high << part | low >> (64 - part);
            seen |= *to;
        }
    }
    seen != 0 || into[..whole].iter().any(|&w| w != 0)
}
