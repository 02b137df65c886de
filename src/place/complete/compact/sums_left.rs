//! The diagonals' sums at every node of the compact search: what the queens still to place
//! must add up to, against the free diagonals left to them.
//!
//! Number a square's diagonals s = r + c and t = r − c + (n − 1), both in 0..2n − 1. Whatever
//! the completion below a node, its new queens stand one on each empty row r and each empty
//! column c, so before any of them is placed their diagonals' sums are known:
//!
//! - Σs = ΣR + ΣC and Σt = ΣR − ΣC + m(n − 1), for the m empty rows R and columns C;
//! - Σ(s² + t²) = Σ(2r² + 2(n − 1)r) + Σ(2c² − 2(n − 1)c) + m(n − 1)², since
//!   (r + c)² + (r − c + n − 1)² = 2r² + 2c² + 2(n − 1)(r − c) + (n − 1)².
//!
//! [`super::super::diagonal_sums`] meets these exactly once, at the root, by a dynamic
//! programme. Here they are bounded at every node, in O(n/8) word operations: the m queens
//! take m distinct diagonals of each kind among the free ones (those that still hold an open
//! square of an empty row), so
//!
//! 1. at least m diagonals of each kind must be free;
//! 2. Σs lies between the sums of the m least and of the m greatest free s (so does Σt);
//! 3. Σs² = Σ(s − μ)² + (Σs)²/m for μ = Σs/m, and Σ(s − μ)² is at least its sum over the m
//!    free s nearest μ; likewise for t; the two least sums of squares so bounded must not
//!    pass Σ(s² + t²).
//!
//! A node that fails one has no completion below it. Forward checking sees a row or a column
//! shut; this sees the queens placed so far having taken too many of the middle diagonals, or
//! too many on one side, for the rest to add up: on CSPLib's Excluded Diagonals boards (where
//! the diagonals, not the rows, run short) the third condition and the second cut the
//! compact search's nodes two- to fourfold.

use super::Compact;

/// The widest board whose diagonals (2n − 1 of each kind) fit the 128 bits of a set.
pub(super) const MAX_WIDTH: usize = 64;

/// What the diagonals of the queens still to place must sum to: `sum` for Σs, `diff` for
/// Σt, `squares` for Σ(s² + t²) (see the [module docs](self)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct SumsLeft {
    sum: i64,
    diff: i64,
    squares: i64,
}

impl SumsLeft {
    /// The sums of a queen on each of `rows` and each of `cols` (as many of each) on a board
    /// of `n`.
    ///
    /// # Complexity
    ///
    /// O(m) for m rows.
    pub(super) fn of(rows: &[u32], cols: &[u32], n: usize) -> SumsLeft {
        let k = n as i64 - 1;
        let mut left = SumsLeft {
            sum: 0,
            diff: rows.len() as i64 * k,
            squares: rows.len() as i64 * k * k,
        };
        for &r in rows {
            let r = i64::from(r);
            left.sum += r;
            left.diff += r;
            left.squares += 2 * r * r + 2 * k * r;
        }
        for &c in cols {
            let c = i64::from(c);
            left.sum += c;
            left.diff -= c;
            left.squares += 2 * c * c - 2 * k * c;
        }
        left
    }

    /// What is left once a queen stands at row `r`, column `c` of a board of `n`.
    ///
    /// # Complexity
    ///
    /// O(1).
    pub(super) fn without(self, r: u32, c: u32, n: usize) -> SumsLeft {
        let s = i64::from(r) + i64::from(c);
        let t = i64::from(r) - i64::from(c) + n as i64 - 1;
        SumsLeft {
            sum: self.sum - s,
            diff: self.diff - t,
            squares: self.squares - s * s - t * t,
        }
    }

    /// Whether `left` queens can still take distinct diagonals among the free `sums` (bit s:
    /// the diagonal r + c = s) and `diffs` (bit t: r − c + n − 1 = t) with these sums, by the
    /// three bounds of the [module docs](self). False means no completion; true proves
    /// nothing.
    ///
    /// # Complexity
    ///
    /// O(1): a few dozen table reads and word operations, whatever `left`.
    pub(super) fn possible(self, sums: u128, diffs: u128, left: u32) -> bool {
        if left == 0 {
            return true;
        }
        if sums.count_ones() < left || diffs.count_ones() < left {
            return false;
        }
        // The greatest sum is 127·left less the least of the positions mirrored (v → 127 − v).
        let within = |set: u128, total: i64| {
            least_sum(set, left) <= total
                && total <= 127 * i64::from(left) - least_sum(set.reverse_bits(), left)
        };
        if !within(sums, self.sum) || !within(diffs, self.diff) {
            return false;
        }
        // left² · Σv² = Σ(left·v − Σv)² + left·(Σv)², for each kind.
        let l = i64::from(left);
        let least = nearest_spread(sums, self.sum, left)
            + nearest_spread(diffs, self.diff, left)
            + l * (self.sum * self.sum + self.diff * self.diff);
        least <= l * l * self.squares
    }
}

/// For each byte: how many bits it has, the sum of their positions (0..8), and of their
/// squares.
const BYTES: ([u8; 256], [u8; 256], [u8; 256]) = byte_tables();

const fn byte_tables() -> ([u8; 256], [u8; 256], [u8; 256]) {
    let (mut count, mut sum, mut squares) = ([0u8; 256], [0u8; 256], [0u8; 256]);
    let mut b = 0;
    while b < 256 {
        let mut j = 0;
        while j < 8 {
            if b >> j & 1 == 1 {
                count[b] += 1;
                sum[b] += j as u8;
                squares[b] += (j * j) as u8;
            }
            j += 1;
        }
        b += 1;
    }
    (count, sum, squares)
}

/// The 8 bits of `set` from position `at` up (positions outside 0..128 read as 0).
fn byte_at(set: u128, at: i64) -> u8 {
    match at {
        0..=127 => (set >> at) as u8,
        -7..=-1 => (set << -at) as u8,
        _ => 0,
    }
}

/// The sum of the positions of the `left` lowest bits of `set` (which has at least that many).
fn least_sum(set: u128, left: u32) -> i64 {
    let (mut taken, mut total) = (0u32, 0i64);
    for (j, byte) in set.to_le_bytes().into_iter().enumerate() {
        let base = 8 * j as i64;
        let count = u32::from(BYTES.0[byte as usize]);
        if taken + count < left {
            taken += count;
            total += i64::from(BYTES.1[byte as usize]) + i64::from(count) * base;
            continue;
        }
        let mut rest = byte;
        while taken < left {
            total += base + i64::from(rest.trailing_zeros());
            rest &= rest - 1;
            taken += 1;
        }
        return total;
    }
    total
}

/// Σ(left·v − total)² over the `left` positions v of `set` nearest the mean total/left (`set`
/// has at least `left` bits): the least that sum can be over any `left` of them.
///
/// The positions are taken in pairs of bytes outwards from the mean, the 8 just below it
/// and the 8 just above, then the next 8 each way: every position of a pair is nearer the
/// mean than any of the next pair's, so whole pairs are summed from the tables, and only the
/// last, which holds more than are wanted, is taken a position at a time.
fn nearest_spread(set: u128, total: i64, left: u32) -> i64 {
    let l = i64::from(left);
    // Beyond the ends (a total no `left` positions reach), every position lies on one side,
    // and the walk outwards from the end nearest the mean takes them in the same order.
    let floor = total.div_euclid(l).clamp(-1, 127);
    // Σ(l·v − total)² over the bits of `byte` read from position `at`, from the tables:
    // with d = l·at − total, each bit j adds (d + l·j)².
    let spread = |byte: u8, at: i64| {
        let d = l * at - total;
        let b = byte as usize;
        i64::from(BYTES.0[b]) * d * d
            + 2 * d * l * i64::from(BYTES.1[b])
            + l * l * i64::from(BYTES.2[b])
    };
    let (mut taken, mut sum) = (0u32, 0i64);
    for pair in 0..17 {
        let (below_at, above_at) = (floor - 8 * pair - 7, floor + 1 + 8 * pair);
        let (below, above) = (byte_at(set, below_at), byte_at(set, above_at));
        let count = below.count_ones() + above.count_ones();
        if taken + count < left {
            taken += count;
            sum += spread(below, below_at) + spread(above, above_at);
            continue;
        }
        // Ring by ring: position floor − 8·pair − j below, floor + 1 + 8·pair + j above.
        for j in 0..8 {
            let (lo, hi) = (below >> (7 - j) & 1, above >> j & 1);
            let lo_v = l * (below_at + 7 - j) - total;
            let hi_v = l * (above_at + j) - total;
            let (lo_d, hi_d) = (lo_v * lo_v, hi_v * hi_v);
            match u32::from(lo + hi) {
                0 => continue,
                2 if taken + 1 == left => return sum + lo_d.min(hi_d),
                _ => {}
            }
            sum += i64::from(lo) * lo_d + i64::from(hi) * hi_d;
            taken += u32::from(lo + hi);
            if taken == left {
                return sum;
            }
        }
    }
    sum
}

impl Compact {
    /// Whether the diagonals still free to the empty rows at `depth` can hold the sums their
    /// queens' diagonals must have ([`self`]).
    ///
    /// # Panics
    ///
    /// On a board too wide to keep the sums (`sums_left` empty): the caller checks.
    ///
    /// # Complexity
    ///
    /// O(m) word operations for the free diagonals (O(1) more for each open square when the
    /// free rows are not one run), and O(1) for the bounds.
    #[inline(always)]
    pub(super) fn sums_can_be_met(&self, depth: usize) -> bool {
        let left = self.sums_left[depth];
        let (m, n) = (self.m, self.n);
        let open = &self.lines[depth * self.width..][..2 * m];
        let (rows, cols, _) = self.empty[depth];
        let (mut sums, mut diffs) = (0u128, 0u128);
        if self.rows_in_a_run {
            // Row i is first + i: a column c's open rows, shifted by first + c, are its open
            // squares' sum diagonals, and shifted by first + n − 1 − c their difference ones.
            let first = self.rows.first().map_or(0, |&r| r as usize);
            let mut set = cols;
            while set != 0 {
                let a = set.trailing_zeros() as usize;
                set &= set - 1;
                let c = self.cols[a] as usize;
                sums |= u128::from(open[m + a]) << (first + c);
                diffs |= u128::from(open[m + a]) << (first + n - 1 - c);
            }
        } else {
            let mut set = rows;
            while set != 0 {
                let i = set.trailing_zeros() as usize;
                set &= set - 1;
                let r = self.rows[i] as usize;
                let mut squares = open[i];
                while squares != 0 {
                    let c = self.cols[squares.trailing_zeros() as usize] as usize;
                    squares &= squares - 1;
                    sums |= 1 << (r + c);
                    diffs |= 1 << (r + n - 1 - c);
                }
            }
        }
        let count = rows.count_ones();
        left.possible(sums, diffs, count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;

    /// Every way of taking `left` bits of `set`, as their positions.
    fn subsets(set: u128, left: u32) -> Vec<Vec<i64>> {
        let bits: Vec<i64> = (0..128).filter(|&b| set >> b & 1 == 1).collect();
        let mut out = Vec::new();
        let mut pick = Vec::new();
        fn go(bits: &[i64], left: usize, pick: &mut Vec<i64>, out: &mut Vec<Vec<i64>>) {
            if pick.len() == left {
                out.push(pick.clone());
                return;
            }
            for (i, &b) in bits.iter().enumerate() {
                pick.push(b);
                go(&bits[i + 1..], left, pick, out);
                pick.pop();
            }
        }
        go(&bits, left as usize, &mut pick, &mut out);
        out
    }

    #[test]
    fn the_bounds_are_the_least_and_greatest_over_every_choice() {
        let mut rng = SplitMix64::new(2017);
        for round in 0..400 {
            // Few bits, anywhere in the 128 (the ends and the byte edges included).
            let mut set = 0u128;
            for _ in 0..rng.below(10) + 1 {
                let at = if round % 3 == 0 {
                    rng.below(16) + 112
                } else {
                    rng.below(128)
                };
                set |= 1 << at;
            }
            let bits = set.count_ones();
            for left in 1..=bits.min(5) {
                let choices = subsets(set, left);
                let sums: Vec<i64> = choices.iter().map(|c| c.iter().sum()).collect();
                assert_eq!(least_sum(set, left), *sums.iter().min().unwrap());
                let greatest = 127 * i64::from(left) - least_sum(set.reverse_bits(), left);
                assert_eq!(greatest, *sums.iter().max().unwrap());
                for total in [0, sums[0], sums[sums.len() / 2], 400, 127 * i64::from(left)] {
                    let l = i64::from(left);
                    let best = choices
                        .iter()
                        .map(|c| c.iter().map(|&v| (l * v - total).pow(2)).sum::<i64>())
                        .min()
                        .unwrap();
                    assert_eq!(
                        nearest_spread(set, total, left),
                        best,
                        "{set:#x} {left} {total}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_placement_always_passes_and_what_it_leaves_always_passes() {
        // Every queen of a placement of 12, taken away one by one: the rest stand on free
        // diagonals with exactly the sums left, so each step must pass.
        let n = 12usize;
        let queens = crate::place::construct(n as u32).unwrap().unwrap();
        let rows: Vec<u32> = (0..n as u32).collect();
        let mut left = SumsLeft::of(&rows, &rows, n);
        for placed in 0..n {
            let (mut sums, mut diffs) = (0u128, 0u128);
            for (r, &c) in queens.iter().enumerate().skip(placed) {
                let c = c as usize;
                sums |= 1 << (r + c);
                diffs |= 1 << (r + n - 1 - c);
            }
            assert!(left.possible(sums, diffs, (n - placed) as u32), "{placed}");
            left = left.without(placed as u32, queens[placed], n);
        }
        assert_eq!(left, SumsLeft::default());
    }

    #[test]
    fn each_bound_refuses_what_it_should() {
        let n = 8;
        let rows: Vec<u32> = (0..n as u32).collect();
        let left = SumsLeft::of(&rows, &rows, n);
        let all = (1u128 << (2 * n - 1)) - 1;
        assert!(left.possible(all, all, 8));
        // Fewer than 8 free diagonals of a kind.
        assert!(!left.possible(all & !0b11_1111_1111, all, 8));
        // Only the 8 lowest sums: Σs is too small.
        assert!(!left.possible(0xff, all, 8));
        // The 15 sums but the middle 7 gone: Σs can be met (the mean is 7), but not the spread.
        let ends = all & !(0b111_1111 << 4);
        assert!(ends.count_ones() >= 8);
        assert!(!left.possible(ends, all, 8));
    }
}
