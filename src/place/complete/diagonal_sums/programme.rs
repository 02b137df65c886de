//! The dynamic programme of the diagonals' sums: which sums and sums of squares m distinct
//! diagonals of one kind reach.

use super::Condition;
use crate::kernel::{HotLoop, Kernel};
use crate::memory::{try_filled, try_zeroed, OutOfMemory};

/// A dynamic programme over one kind of diagonal: for each count c of values chosen and each
/// sum s they can have (within what leaves the rest reachable), the set of sums of squares
/// they reach, one bit each, kept in the span of words they can lie in
/// ([`Programme::span`]); the values taken one at a time.
pub(super) struct Programme {
    values: Vec<i64>,
    /// How many values are chosen in the end.
    m: usize,
    /// The lowest and highest sum kept for each count (`lo > hi`: none can be).
    lo: Vec<i64>,
    hi: Vec<i64>,
    /// Where each count's sets start, in sets.
    first: Vec<usize>,
    /// The most words a set can have (its bits from 0 to the most).
    words: usize,
    /// The sum the m values must have.
    sum: i64,
    /// For each count c, the most Σ² its sets keep: no more than its c largest squares
    /// have, nor than the cap less the least the m − c still to come add.
    top: Vec<i64>,
    /// The cap on the sum of squares of all m.
    cap: i64,
    /// For each count c, the least Σ² c of the values have (their c smallest squares): with
    /// s²/c (Cauchy–Schwarz), no bit of a set of count c and sum s lies below it.
    smallest: Vec<i64>,
    /// Each cell's span ([`Programme::span`]), by cell: the first word and the words; the
    /// least sum of squares past it (64 times its end), which the set cannot hold; and
    /// where its words are in the table (the spans one after the other, cell by cell, and
    /// the table's length after the last).
    spans: Vec<(u32, u32)>,
    past: Vec<u64>,
    at: Vec<usize>,
    /// The sets, and whether each has a bit set (a table reused holds what the programme
    /// before left: a cell is cleared when it is first reached, `any` at the first step).
    sets: Vec<u64>,
    any: Vec<bool>,
    /// Whether the first step has been taken.
    started: bool,
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
        spare: Tables,
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
        let smallest = (0..=m).map(|c| squares.iter().take(c).sum()).collect();
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
        let mut programme = Programme {
            values,
            m,
            lo,
            hi,
            first,
            words,
            sum,
            top,
            cap,
            smallest,
            spans: Vec::new(),
            past: Vec::new(),
            at: Vec::new(),
            sets: spare.sets,
            any: spare.any,
            started: false,
            taken: 0,
            next: 0,
            want_odd,
            odds,
            filtered: want_odd.is_none(),
            kernel: Kernel::best(),
        };
        let (lo, hi) = (&programme.lo, &programme.hi);
        programme.spans = (0..=m)
            .flat_map(|c| (lo[c]..=hi[c]).map(move |s| (c, s)))
            .map(|(c, s)| programme.span(c, s))
            .map(|(first, live)| (first as u32, live as u32))
            .collect();
        programme.past = programme
            .spans
            .iter()
            .map(|&(first, live)| 64 * (first + live) as u64)
            .collect();
        programme.at = std::iter::once(0)
            .chain(programme.spans.iter().scan(0, |at, &(_, live)| {
                *at += live as usize;
                Some(*at)
            }))
            .collect();
        programme
    }

    /// The words of its tables at the most: a set of [`Programme::words`] a cell (the
    /// spans take less; the checks are judged by this bound, so that which boards they take
    /// and their turns' work do not depend on the spans).
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
    /// sum, once [`Programme::done`]: empty if none.
    pub(super) fn reached(&self) -> Vec<u64> {
        let (m, sum) = (self.m, self.sum);
        if self.lo[m] > sum || sum > self.hi[m] || !self.started {
            return Vec::new();
        }
        let end = self.first[m] + (sum - self.lo[m]) as usize;
        let (start, live) = self.span(m, sum);
        if !self.any[end] || live == 0 {
            return Vec::new();
        }
        let mut set = vec![0; start + live];
        let at = self.at[end];
        set[start..].copy_from_slice(&self.sets[at..at + live]);
        set
    }

    /// The words of the set of count `c` and sum `s` that can hold a bit: the first (as
    /// the word of Σ² it holds, from 0) and how many (none: the cell can hold nothing).
    /// Above: the count's most, and the cap less what the values still to come add at the
    /// least, (sum − s)² over their number (Cauchy–Schwarz). Below: the c smallest
    /// squares, and s²/c. A set is stored from its first word, at the start of its cell;
    /// the words past its span are never read, so they are neither cleared nor written.
    #[inline(always)]
    fn span(&self, c: usize, s: i64) -> (usize, usize) {
        if c == 0 {
            // The empty choice: bit 0.
            return (0, 1);
        }
        let rest = (self.m - c) as i64;
        let top = match rest {
            0 => self.top[c],
            _ => self.top[c].min(self.cap - (self.sum - s).pow(2) / rest),
        };
        let count = c as i64;
        let low = self.smallest[c].max((s * s + count - 1) / count);
        if top < low {
            return (0, 0);
        }
        let (first, last) = (low as usize / 64, (top as usize / 64).min(self.words - 1));
        match first <= last {
            true => (first, last - first + 1),
            false => (0, 0),
        }
    }

    /// Whether the programme, run, would reach no sum of squares at all, or none at or below
    /// `useful` (if given), told without running it: the same steps over the same cells,
    /// each keeping the least sum of squares its choices have instead of the set of them,
    /// and dropping it where the set's span ([`Programme::span`]) would: the sets hold every
    /// choice in their spans, so the least of each is what the set's lowest bit would be,
    /// and the answer is exact. A probe knows the other kind's sums of squares at the
    /// stage, so what this kind must reach for the two to meet lies at or below `useful`
    /// (the total less the other kind's least): a least above it fails the stage as surely.
    /// Also the word operations it took: one a cell visited, where the programme takes the
    /// set's words.
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if its one number a cell cannot be had.
    ///
    /// # Complexity
    ///
    /// O(v·m·s) for v values, m chosen and s sums kept a count: the programme's cells,
    /// without their words (a few hundred at n = 47).
    pub(super) fn reaches_nothing(
        &mut self,
        useful: Option<i64>,
    ) -> Result<(bool, u64), OutOfMemory> {
        let m = self.m;
        if self.lo[m] > self.hi[m] {
            return Ok((true, 1));
        }
        // The least of each cell, kept where its set will be (the sets are cleared as
        // their cells are first reached): a word a cell at the start of the table.
        let cells = self.first[m + 1];
        if self.sets.len() < cells {
            self.sets = Vec::new();
            self.sets = try_filled(cells, 0, "the least sums of squares of the diagonals")?;
        }
        let (lo, hi, first) = (&self.lo, &self.hi, &self.first);
        let least = &mut self.sets[..cells];
        least.fill(u64::MAX);
        if lo[0] <= 0 && 0 <= hi[0] {
            least[first[0] + (-lo[0]) as usize] = 0;
        }
        let mut work = first[m + 1] as u64;
        for i in 0..=self.values.len() {
            if let (Some(k), true) = (self.want_odd, i == self.odds) {
                // The odd values taken (they come first): exactly k of them.
                for c in (0..=m).filter(|&c| c != k) {
                    least[first[c]..first[c + 1]].fill(u64::MAX);
                }
            }
            let Some(&v) = self.values.get(i) else {
                break;
            };
            // From the highest count down, so that each value is taken at most once.
            for c in (0..m.min(i + 1)).rev() {
                work += 1 + (hi[c] - lo[c] + 1).max(0) as u64;
                // The sums s of count c whose s + v count c + 1 keeps.
                let (low, high) = (lo[c].max(lo[c + 1] - v), hi[c].min(hi[c + 1] - v));
                if low > high {
                    continue;
                }
                let len = (high - low + 1) as usize;
                let (below, above) = least.split_at_mut(first[c + 1]);
                let from = &below[first[c] + (low - lo[c]) as usize..][..len];
                let at = (low + v - lo[c + 1]) as usize;
                let to = &mut above[at..at + len];
                // What the set of s + v keeps: below the end of its span.
                let past = &self.past[first[c + 1] + at..][..len];
                let square = (v * v) as u64;
                for ((to, &from), &past) in to.iter_mut().zip(from).zip(past) {
                    let reached = from.saturating_add(square);
                    *to = (*to).min(if reached < past { reached } else { u64::MAX });
                }
            }
        }
        let least = least[first[m]];
        Ok((
            least == u64::MAX || useful.is_some_and(|most| least as i64 > most),
            work,
        ))
    }

    /// Its table, for a later programme to reuse ([`Programme::plan`]).
    pub(super) fn into_table(self) -> Tables {
        Tables {
            sets: self.sets,
            any: self.any,
        }
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
        let m = self.m;
        if !self.started {
            // Only the cells marked in `any` hold sets: the others are cleared when first
            // reached, so a table reused need not be cleared whole.
            let (what, cells) = ("the sums of the diagonals", self.first[m + 1]);
            // The spans one after the other: a fraction of the memory of a whole set a cell.
            let length = self.at[cells];
            if self.sets.len() < length {
                self.sets = Vec::new();
                self.sets = try_zeroed(length, what)?;
            }
            match self.any.len() < cells {
                true => self.any = try_filled(cells, false, what)?,
                false => self.any[..cells].fill(false),
            }
            self.started = true;
            if self.lo[0] <= 0 && 0 <= self.hi[0] {
                let at = self.first[0] + (-self.lo[0]) as usize;
                self.sets[self.at[at]] = 1;
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
        let square = (v * v) as isize;
        let (below, above) = self.sets.split_at_mut(self.at[self.first[c + 1]]);
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
            // Each set is kept from its first word to its last ([`Programme::span`]).
            let to = self.first[c + 1] + (t - self.lo[c + 1]) as usize;
            let (start, live) = self.spans[to];
            if live == 0 {
                continue;
            }
            let (start, live) = (start as usize, live as usize);
            let (source_start, source_live) = self.spans[from];
            let (source_start, source_live) = (source_start as usize, source_live as usize);
            let source = &below[self.at[from]..self.at[from] + source_live];
            let at = self.at[to] - self.at[self.first[c + 1]];
            if !self.any[to] {
                above[at..at + live].fill(0);
                work += live as u64;
            }
            // Bit q of the source is Σ² q + 64·source_start; with v it is q + v², bit
            // q + v² − 64·start of the set.
            let shift = square + 64 * (source_start as isize - start as isize);
            self.any[to] |= or_shifted(&mut above[at..at + live], source, shift);
            work += live as u64;
        }
        Ok(work)
    }
}

/// A programme's tables, which the next programme can reuse ([`Programme::plan`]): their
/// contents do not matter, only the memory had for them.
#[derive(Default)]
pub(crate) struct Tables {
    sets: Vec<u64>,
    any: Vec<bool>,
}

impl Tables {
    /// The words of its sets.
    #[cfg(test)]
    pub(super) fn words(&self) -> usize {
        self.sets.len()
    }

    /// The same tables with every word and mark scrambled, as a programme may leave them.
    #[cfg(test)]
    pub(super) fn scrambled(&self, rng: &mut crate::rng::SplitMix64) -> Tables {
        Tables {
            sets: self.sets.iter().map(|&w| w ^ rng.next_u64()).collect(),
            any: self.any.iter().map(|_| rng.below(2) == 1).collect(),
        }
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

/// `into |= from << shift` (`from >> −shift` for a negative shift), bits shifted past either
/// end dropped; whether any bit of `into` is set after it. Written so that the compiler can
/// do it a vector at a time.
#[inline(always)]
pub(super) fn or_shifted(into: &mut [u64], from: &[u64], shift: isize) -> bool {
    if shift < 0 {
        return or_shifted_down(into, from, shift.unsigned_abs());
    }
    let shift = shift as usize;
    let (whole, part) = (shift / 64, shift % 64);
    let (Some(shifted), Some(&last)) = (
        into.get_mut(whole..).filter(|rest| !rest.is_empty()),
        from.last(),
    ) else {
        return into.iter().any(|&w| w != 0);
    };
    let mut seen = 0u64;
    // The words of `into` past `whole` that `from` reaches.
    let written = match part {
        0 => from.len(),
        _ => from.len() + 1,
    };
    if part == 0 {
        for (to, &w) in shifted.iter_mut().zip(from) {
            *to |= w;
            seen |= *to;
        }
    } else {
        // Word j + 1 takes the high bits of word j and the low bits of word j + 1; the word
        // after the last, the last's high bits.
        shifted[0] |= from[0] << part;
        seen |= shifted[0];
        for (to, (&low, &high)) in shifted[1..].iter_mut().zip(from.iter().zip(&from[1..])) {
            *to |= high << part | low >> (64 - part);
            seen |= *to;
        }
        if let Some(to) = shifted.get_mut(from.len()) {
            *to |= last >> (64 - part);
            seen |= *to;
        }
    }
    let rest = shifted
        .get(written..)
        .is_some_and(|rest| rest.iter().any(|&w| w != 0));
    seen != 0 || rest || into[..whole].iter().any(|&w| w != 0)
}

/// `into |= from >> shift`, the low `shift` bits of `from` dropped; whether any bit of
/// `into` is set after it ([`or_shifted`] for a negative shift).
#[inline(always)]
fn or_shifted_down(into: &mut [u64], from: &[u64], shift: usize) -> bool {
    let (whole, part) = (shift / 64, shift % 64);
    let from = from.get(whole..).unwrap_or(&[]);
    let mut seen = 0u64;
    if part == 0 {
        for (to, &w) in into.iter_mut().zip(from) {
            *to |= w;
            seen |= *to;
        }
    } else if let Some(&last) = from.last() {
        // Word j takes the high bits of word j and the low bits of word j + 1.
        for (to, (&low, &high)) in into.iter_mut().zip(from.iter().zip(&from[1..])) {
            *to |= low >> part | high << (64 - part);
            seen |= *to;
        }
        if let Some(to) = into.get_mut(from.len() - 1) {
            *to |= last >> part;
            seen |= *to;
        }
    }
    seen != 0
        || into
            .get(from.len()..)
            .is_some_and(|rest| rest.iter().any(|&w| w != 0))
}
