//! Witnesses of the sums: choices of diagonals that meet every condition of a check, each
//! answering many probes at once.
//!
//! A probe of [`needed`](super::needed) passes when m values of each kind can be chosen with
//! the sums, the sum of squares and a parity every completion has, without the probed
//! diagonal (reserved) or with it (given a queen). One such choice found, a *witness*,
//! shows that every probe it fits passes: each diagonal it leaves out could be reserved,
//! each it holds could have a queen, and the probe's check would find the same choice. On
//! the boards the sums only just let through most probes pass (on CSPLib's Excluded
//! Diagonals 47602, 84 of the 125 probes that leave a diagonal empty and 16 of the 27 that
//! give one a queen: a third of the probes' work); 34 witnesses answered 92 of those 100.
//!
//! A witness is sought from the values nearest the mean: single swaps (a chosen value out,
//! one of the same parity in) bring each kind's sum to its own, then swaps of two values for
//! two that keep the sums bring the sum of squares to what it must be (the best swap of a
//! pair is found from one mask: [`Chosen::best_pair`]). The search is seeded, so the same on
//! every machine, and gives up when it stops coming nearer or spends a share of what one
//! probe costs; a probe no witness fits is checked as before. Only a pass is ever taken
//! from a witness, and every witness is checked against the conditions before it is kept:
//! a needed or forbidden diagonal is always the check's own finding.

use super::check::Check;
use crate::rng::SplitMix64;

/// The values a witness chose, one bit each (bit `v + 63` for the value `v`), x's and y's.
pub(super) type Witness = [u128; 2];

/// The bit of value `v` in a [`Witness`].
pub(super) fn bit(v: i64) -> u128 {
    1u128 << (v + 63)
}

/// The word operations one evaluation of the search costs, about (an evaluation takes about
/// ten times a word operation of the programmes): what [`Check::witness`] reports it spent
/// is in evaluations times this, so that the probes' share of the time stays what it was.
const EVALUATION_WORDS: u64 = 10;

/// The swaps of pairs a moved value is kept from moving again: enough to leave a local
/// minimum, few enough for the values to come back.
const TABU: u64 = 3;

/// What the search asks of one kind: its values, how many to choose and of them how many odd,
/// the value it must hold or leave out (`Some((v, true))`: hold).
struct Kind<'a> {
    values: &'a [i64],
    odd: usize,
    fixed: Option<(i64, bool)>,
}

impl Check {
    /// The most a witness search may spend, in word operations: a thirty-second of what a
    /// stage of a probe costs, so that the searches of the diagonals no witness fits (the
    /// needed and the forbidden, whose probes run every stage) cost little beside them.
    pub(super) fn witness_budget(&self) -> u64 {
        self.stage_work / 32
    }

    /// A witness of this check holding value `v` of kind `kind` (if `hold`) or leaving it out,
    /// sought for about `budget` word operations with the random stream `rng`; and the word
    /// operations spent (each evaluation of a swap counted as [`EVALUATION_WORDS`]).
    ///
    /// The odd counts tried are the check's first parities (most probes pass at the first).
    ///
    /// # Complexity
    ///
    /// O(`budget`), each swap evaluated in O(1).
    pub(super) fn witness(
        &self,
        (kind, v, hold): (usize, i64, bool),
        budget: u64,
        rng: &mut SplitMix64,
    ) -> (Option<Witness>, u64) {
        let mut spent = 0;
        for &odd in self.parities.iter().take(2) {
            let odds = [odd, if self.same_parity { odd } else { self.m - odd }];
            let kinds = [0, 1].map(|k| Kind {
                values: &self.values[k],
                odd: odds[k],
                fixed: (k == kind).then_some((v, hold)),
            });
            let left = budget.saturating_sub(spent) / 2 / EVALUATION_WORDS;
            let (found, used) = self.search(&kinds, left, rng);
            spent += used * EVALUATION_WORDS;
            if let Some(witness) = found.filter(|w| self.witnessed_by(w, &kinds)) {
                return (Some(witness), spent);
            }
        }
        (None, spent)
    }

    /// Whether `w` meets every condition: m values of each kind, each from its kind's
    /// values, with its kind's sum and number of odd values and its fixed value held or left
    /// out, and the sums of squares of both adding up to what every completion has.
    fn witnessed_by(&self, w: &Witness, kinds: &[Kind; 2]) -> bool {
        let mut squares = 0;
        for (k, kind) in kinds.iter().enumerate() {
            let chosen: Vec<i64> = kind
                .values
                .iter()
                .copied()
                .filter(|&v| w[k] & bit(v) != 0)
                .collect();
            let odd = chosen.iter().filter(|&&v| v & 1 != 0).count();
            let fits = match kind.fixed {
                Some((v, hold)) => (w[k] & bit(v) != 0) == hold,
                None => true,
            };
            if chosen.len() != self.m
                || w[k].count_ones() as usize != self.m
                || chosen.iter().sum::<i64>() != self.sums[k]
                || odd != kind.odd
                || !fits
            {
                return false;
            }
            squares += chosen.iter().map(|v| v * v).sum::<i64>();
        }
        squares == self.most
    }

    /// The search, in two phases from a start near the mean (see [`Chosen::start`]): single
    /// swaps (one value out, one of the same parity in) bring each kind's sum to what it
    /// must be, each the swap nearest it and among those the one adding the least to the
    /// sum of squares; then swaps of pairs within a kind that keep its sum and its number of
    /// odd values bring the sums of squares to theirs, each the best not tabu
    /// ([`Chosen::best_pair`]), until they meet, [`STALE`] swaps pass without coming nearer,
    /// or `budget` evaluations are spent.
    fn search(
        &self,
        kinds: &[Kind; 2],
        budget: u64,
        rng: &mut SplitMix64,
    ) -> (Option<Witness>, u64) {
        let mut spent = 0;
        let mut state = Vec::with_capacity(2);
        for (k, kind) in kinds.iter().enumerate() {
            let Some(mut chosen) = Chosen::start(kind, self.m, self.sums[k], rng) else {
                return (None, 0);
            };
            if !chosen.mend_sum(self.sums[k], &mut spent, budget) {
                return (None, spent);
            }
            state.push(chosen);
        }
        let mut squares: i64 = state.iter().map(|c| c.squares).sum();
        let (mut step, mut nearest, mut since) = (0, u64::MAX, 0);
        while squares != self.most && spent < budget && since < STALE {
            step += 1;
            let want = self.most - squares;
            let best = (0..2)
                .filter_map(|k| {
                    let (pair, change) = state[k].best_pair(want, step, &mut spent)?;
                    Some((
                        (want - change).unsigned_abs(),
                        rng.next_u64(),
                        k,
                        pair,
                        change,
                    ))
                })
                .min();
            let Some((off, _, k, pair, change)) = best else {
                return (None, spent);
            };
            state[k].swap_pair(pair, step + TABU + rng.below(3));
            squares += change;
            (nearest, since) = match off < nearest {
                true => (off, 0),
                false => (nearest, since + 1),
            };
        }
        if squares != self.most {
            return (None, spent);
        }
        (Some([state[0].chosen, state[1].chosen]), spent)
    }
}

/// The swaps of pairs without coming nearer the sum of squares after which a search gives
/// up: one that has a witness to find finds it sooner (on 47602 and 49901, half within
/// about forty swaps), and a probe whose diagonal is needed has none.
const STALE: u32 = 64;

/// Two values out and two in, as their bits' positions.
type Pair = [u32; 4];

/// The values of a kind whose position (`v + 63`) is even: the odd ones.
const ODD: u128 = 0x5555_5555_5555_5555_5555_5555_5555_5555;

/// The value at bit position `p`.
fn value(p: u32) -> i64 {
    i64::from(p) - 63
}

/// One kind's values in the search, one bit each: those it has, those chosen, the one that
/// may not move (the fixed value), and until which swap each is tabu; with the chosen
/// ones' sum and sum of squares.
struct Chosen {
    values: u128,
    chosen: u128,
    pinned: u128,
    tabu: [u64; 128],
    sum: i64,
    squares: i64,
}

/// The positions of the bits of `w`, lowest first.
fn ones(mut w: u128) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        let p = w.trailing_zeros();
        (w != 0).then(|| {
            w &= w - 1;
            p
        })
    })
}

impl Chosen {
    /// The start: the fixed value as it must be, and of each parity the free values nearest
    /// the mean the sum asks for (where the sum of squares is least: the boards the sums only
    /// just let through have theirs near it), ties broken at random. `None` if a parity has
    /// too few values.
    fn start(kind: &Kind, m: usize, sum: i64, rng: &mut SplitMix64) -> Option<Chosen> {
        let values = kind.values.iter().fold(0, |w, &v| w | bit(v));
        let (mut chosen, mut pinned) = (0, 0);
        let mut wants = [m.checked_sub(kind.odd)?, kind.odd];
        if let Some((v, hold)) = kind.fixed {
            if values & bit(v) != 0 {
                pinned = bit(v);
            }
            if hold {
                if values & bit(v) == 0 {
                    return None;
                }
                chosen = bit(v);
                let p = (v & 1) as usize;
                wants[p] = wants[p].checked_sub(1)?;
            }
        }
        let mean = sum as f64 / m as f64;
        for (p, &want) in wants.iter().enumerate() {
            let parity = if p == 1 { ODD } else { !ODD };
            let mut free: Vec<(f64, u64, u32)> = ones(values & !pinned & parity)
                .map(|q| ((value(q) as f64 - mean).abs(), rng.next_u64(), q))
                .collect();
            if free.len() < want {
                return None;
            }
            free.sort_by(|a, b| a.partial_cmp(b).expect("no NaN"));
            chosen |= free[..want].iter().fold(0, |w, &(_, _, q)| w | 1 << q);
        }
        let sum = ones(chosen).map(value).sum();
        let squares = ones(chosen).map(|q| value(q) * value(q)).sum();
        let tabu = [0; 128];
        Some(Chosen {
            values,
            chosen,
            pinned,
            tabu,
            sum,
            squares,
        })
    }

    /// The values that may move at swap `step`, chosen or not.
    fn movable(&self, step: u64) -> (u128, u128) {
        let tabu = (0..128)
            .filter(|&q| self.tabu[q] > step)
            .fold(0u128, |w, q| w | 1 << q);
        let free = self.values & !self.pinned & !tabu;
        (free & self.chosen, free & !self.chosen)
    }

    /// Brings the sum to `sum` by single swaps of the same parity, each the one nearest it
    /// and among those the one adding the least to the sum of squares: false if no swap
    /// comes nearer, or `budget` runs out.
    fn mend_sum(&mut self, sum: i64, spent: &mut u64, budget: u64) -> bool {
        while self.sum != sum {
            if *spent >= budget {
                return false;
            }
            let (outs, ins) = self.movable(0);
            let mut best: Option<(i64, i64, u32, u32)> = None;
            for out in ones(outs) {
                let parity = if value(out) & 1 != 0 { ODD } else { !ODD };
                for inn in ones(ins & parity) {
                    *spent += 1;
                    let (a, b) = (value(out), value(inn));
                    let key = ((self.sum + b - a - sum).abs(), b * b - a * a);
                    if key.0 < (self.sum - sum).abs() && best.is_none_or(|(e, q, ..)| key < (e, q))
                    {
                        best = Some((key.0, key.1, out, inn));
                    }
                }
            }
            let Some((_, _, out, inn)) = best else {
                return false;
            };
            let (a, b) = (value(out), value(inn));
            self.chosen ^= 1 << out | 1 << inn;
            self.sum += b - a;
            self.squares += b * b - a * a;
        }
        true
    }

    /// The swap of a pair at swap `step` that keeps the sum and the number of odd values
    /// (two chosen out, two not chosen in, none tabu) adding nearest `want` to the sum of
    /// squares, with what it adds; `None` if there is none.
    ///
    /// For two out, a and b, the two in, c and d, have c + d = a + b, and c² + d² =
    /// ((a + b)² + (d − c)²) / 2: what a swap adds depends on d − c alone. So the pairs in for
    /// a pair out are the values c (below the middle) whose mirror a + b − c is free too,
    /// one mask; the nearest two to the c the wanted d − c gives are tried.
    ///
    /// # Complexity
    ///
    /// O(1) for each pair out, with the bits of a word.
    fn best_pair(&self, want: i64, step: u64, spent: &mut u64) -> Option<(Pair, i64)> {
        let (outs, ins) = self.movable(step);
        let mirrored = ins.reverse_bits();
        let mut best: Option<(u64, Pair, i64)> = None;
        for a in ones(outs) {
            for b in ones(outs >> a >> 1) {
                let b = a + 1 + b;
                *spent += 1;
                let (va, vb) = (value(a), value(b));
                let s = va + vb;
                // c free and s − c free: position s + 126 − q in `ins`, which is bit
                // 127 − (s + 126 − q) = q + 1 − s of the mirrored mask.
                let shift = 1 - s;
                let pairs = match shift {
                    0..=127 => mirrored >> shift,
                    -127..=-1 => mirrored << -shift,
                    _ => 0,
                };
                // c below the middle (c < s − c), and of the parity the odd count keeps.
                let below = (s - 1).div_euclid(2) + 63;
                let mut candidates = ins & pairs & low_bits(below);
                if s & 1 == 0 {
                    candidates &= if va & 1 != 0 { ODD } else { !ODD };
                }
                if candidates == 0 {
                    continue;
                }
                // (d − c)² = 2 · (want + a² + b²) − s², and c = (s − (d − c)) / 2.
                let spread = 2 * (want + va * va + vb * vb) - s * s;
                let ideal = if spread <= 0 {
                    below
                } else {
                    (s as f64 - (spread as f64).sqrt()).div_euclid(2.0) as i64 + 63
                };
                let under = candidates & low_bits(ideal);
                let over = candidates & !low_bits(ideal);
                let nearest = [
                    (under != 0).then(|| 127 - under.leading_zeros()),
                    (over != 0).then(|| over.trailing_zeros()),
                ];
                for c in nearest.into_iter().flatten() {
                    let (vc, vd) = (value(c), s - value(c));
                    let change = vc * vc + vd * vd - va * va - vb * vb;
                    let off = (want - change).unsigned_abs();
                    if best.is_none_or(|(o, ..)| off < o) {
                        best = Some((off, [a, b, c, (vd + 63) as u32], change));
                    }
                }
            }
        }
        best.map(|(_, pair, change)| (pair, change))
    }

    /// Makes the swap `pair`, its four values tabu until swap `tenure`.
    fn swap_pair(&mut self, pair: Pair, tenure: u64) {
        let [a, b, c, d] = pair;
        self.chosen ^= 1 << a | 1 << b | 1 << c | 1 << d;
        let square = |q: u32| value(q) * value(q);
        self.squares += square(c) + square(d) - square(a) - square(b);
        for q in pair {
            self.tabu[q as usize] = tenure;
        }
    }
}

/// The bits at positions 0 to `p` (none if `p` < 0, all if `p` ≥ 127).
fn low_bits(p: i64) -> u128 {
    match p {
        ..=-1 => 0,
        0..=126 => (1u128 << (p + 1)) - 1,
        _ => !0,
    }
}
