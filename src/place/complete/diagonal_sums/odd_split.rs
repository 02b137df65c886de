//! The least sum of squares of a kind's choices, for every number of odd values at once.
//!
//! A probe of [`needed`](super::needed) that the sums refute runs every stage of parities
//! (some m/2 of them), and at each the least-squares walk of its kind's programme
//! ([`Programme::reaches_nothing`](super::programme::Programme::reaches_nothing)) is what
//! tells it the stage reaches nothing it could use: on CSPLib's Excluded Diagonals 47602,
//! 1,250 walks, half the probes' work. Those walks differ only in where the odd values
//! stop: a choice of m values with k odd is k odd values and m − k even ones, and its sum
//! of squares is the two parts'. So the least of each part, for every count and sum, made
//! once for the odd values and once for the even ones, gives the least of every k by one
//! pass over the sums that split the total ([`least_by_odd_count`]).
//!
//! That least leaves out what the programme cuts on the way (the sums a count keeps, the
//! sums of squares past a set's span), which only raise it: it is never above the walk's,
//! so a stage it puts above what could be of use reaches nothing of use, and the probe goes
//! on without its walk. Where it does not, the walk is asked as before.

use crate::memory::{try_filled, OutOfMemory};

/// For each number k of odd values (index k, from 0 to m), the least sum of squares of m
/// distinct values of `values` whose sum is `sum`, k of them odd (`u64::MAX`: no such
/// choice); and the word operations it took.
///
/// # Errors
///
/// [`OutOfMemory`] if its tables cannot be had: a word for each count and sum of each
/// parity's values (300 and 376 kB for the two kinds of CSPLib's Excluded Diagonals 50603).
///
/// # Complexity
///
/// O(V · Σ) for V values and Σ the sums their counts can have (about m² n / 2).
///
/// # Example
///
/// Two of 1, 2, 3 and 4 with sum 5 are 1 and 4 (one odd, 17) or 2 and 3 (one odd, 13): the
/// least is `[u64::MAX, 13, u64::MAX]` (the unit test checks every small case by brute force).
pub(super) fn least_by_odd_count(
    values: &[i64],
    m: usize,
    sum: i64,
) -> Result<(Vec<u64>, u64), OutOfMemory> {
    let (odd, even): (Vec<i64>, Vec<i64>) = values.iter().partition(|&&v| v & 1 != 0);
    let (odd, even) = (Least::of(&odd, m)?, Least::of(&even, m)?);
    let mut work = odd.work + even.work;
    let mut least = vec![u64::MAX; m + 1];
    for (k, least) in least.iter_mut().enumerate() {
        let j = m - k;
        if k > odd.most || j > even.most {
            continue;
        }
        // The odd part's sums s whose even part, sum − s, the even values reach.
        let low = odd.lo[k].max(sum - even.hi[j]);
        let high = odd.hi[k].min(sum - even.lo[j]);
        work += 1 + (high - low + 1).max(0) as u64;
        for s in low..=high {
            let (a, b) = (odd.at(k, s), even.at(j, sum - s));
            if a != u64::MAX && b != u64::MAX {
                *least = (*least).min(a + b);
            }
        }
    }
    Ok((least, work))
}

/// The least sum of squares of c distinct values of a set, for each count c and sum.
struct Least {
    /// The most values counted (the values there are, or fewer).
    most: usize,
    /// The lowest and highest sum of each count (its smallest and largest values).
    lo: Vec<i64>,
    hi: Vec<i64>,
    /// Where each count's sums start in `least`.
    first: Vec<usize>,
    least: Vec<u64>,
    /// The word operations it took.
    work: u64,
}

impl Least {
    /// The table of `values` for counts up to `m`.
    fn of(values: &[i64], m: usize) -> Result<Least, OutOfMemory> {
        let mut sorted = values.to_vec();
        sorted.sort_unstable();
        let most = m.min(sorted.len());
        let (mut lo, mut hi, mut first) = (vec![0; most + 1], vec![0; most + 1], vec![0; most + 2]);
        for c in 0..=most {
            lo[c] = sorted[..c].iter().sum();
            hi[c] = sorted[sorted.len() - c..].iter().sum();
            first[c + 1] = first[c] + (hi[c] - lo[c] + 1) as usize;
        }
        let mut least = try_filled(first[most + 1], u64::MAX, "the least squares by parity")?;
        least[0] = 0;
        let mut work = first[most + 1] as u64;
        for (i, &v) in sorted.iter().enumerate() {
            // From the highest count down, so that each value is taken at most once.
            for c in (0..most.min(i + 1)).rev() {
                let (low, high) = (lo[c].max(lo[c + 1] - v), hi[c].min(hi[c + 1] - v));
                work += 1 + (high - low + 1).max(0) as u64;
                if low > high {
                    continue;
                }
                let len = (high - low + 1) as usize;
                let (below, above) = least.split_at_mut(first[c + 1]);
                let from = &below[first[c] + (low - lo[c]) as usize..][..len];
                let to = &mut above[(low + v - lo[c + 1]) as usize..][..len];
                let square = (v * v) as u64;
                for (to, &from) in to.iter_mut().zip(from) {
                    *to = (*to).min(from.saturating_add(square));
                }
            }
        }
        Ok(Least {
            most,
            lo,
            hi,
            first,
            least,
            work,
        })
    }

    /// The least of count `c` and sum `s` (`u64::MAX`: none), `s` within the count's sums.
    fn at(&self, c: usize, s: i64) -> u64 {
        self.least[self.first[c] + (s - self.lo[c]) as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::least_by_odd_count;
    use crate::rng::SplitMix64;

    #[test]
    fn the_least_squares_by_odd_count_are_those_of_every_choice() {
        let mut rng = SplitMix64::new(57);
        for _ in 0..500 {
            let n = 1 + rng.below(7) as i64;
            let mut values: Vec<i64> = (-n..=n).filter(|_| rng.below(3) != 0).collect();
            values.sort_unstable();
            let m = rng.below(values.len() as u64 + 1) as usize;
            let sum = rng.below(2 * n as u64 + 1) as i64 - n;
            let (least, _) = least_by_odd_count(&values, m, sum).unwrap();
            let mut brute = vec![u64::MAX; m + 1];
            for mask in 0u32..1 << values.len() {
                if mask.count_ones() as usize != m {
                    continue;
                }
                let chosen: Vec<i64> = (0..values.len())
                    .filter(|&i| mask >> i & 1 == 1)
                    .map(|i| values[i])
                    .collect();
                if chosen.iter().sum::<i64>() != sum {
                    continue;
                }
                let k = chosen.iter().filter(|&&v| v & 1 != 0).count();
                let squares = chosen.iter().map(|v| (v * v) as u64).sum::<u64>();
                brute[k] = brute[k].min(squares);
            }
            assert_eq!(least, brute, "{:?}, m = {}, sum = {}", values, m, sum);
        }
    }
}
