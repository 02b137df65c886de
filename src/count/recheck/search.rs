//! The independent method's search: each row set's placements as two halves of the board's
//! columns, each searched row by row, met by plain pairs, sharing none of the join's code.
//!
//! A row set `E` says which rows' queens stand east (in the columns `⌊n/2⌋..n`). Its west
//! half placements put a queen on each row outside `E`, each on a west column, no two on a
//! column or a diagonal; its east half placements do the same for the rows of `E` and the
//! east columns. A placement of the board with that row set is a west one and an east one
//! whose diagonals are disjoint: the columns and rows cannot clash. So each half is searched
//! row by row in bit masks, and every pair is tested, one step each: no quarter lists, no
//! halves built from quarters, no sieve, no SIMD kernel.

use crate::memory::{self, OutOfMemory};

/// The placements of a unit of the join: every pair of its north sets (bit `r`: row `r`'s
/// queen stands east, in the columns `⌊n/2⌋..n`) and its south sets (bit `r`: row
/// `⌊n/2⌋ + r`'s does), weighed by the join's two folds.
pub(super) struct Unit<'a> {
    n: u32,
    norths: &'a [u32],
    souths: &'a [u32],
}

impl<'a> Unit<'a> {
    /// The unit of `n` with the north sets `norths` and the south sets `souths`.
    pub(super) fn new(n: u32, norths: &'a [u32], souths: &'a [u32]) -> Unit<'a> {
        Unit { n, norths, souths }
    }

    /// The unit's weighted count.
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if the half placements of a row set do not fit.
    ///
    /// # Complexity
    ///
    /// For each row set the fold counts: the search of its two halves, and one step for
    /// each pair of a west and an east half placement.
    pub(super) fn count(&self) -> Result<u128, OutOfMemory> {
        let (n, w) = (self.n, self.n / 2);
        let all = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
        let mut sum = 0;
        for &north in self.norths {
            for &south in self.souths {
                let east = north | south << w;
                let weight = fold(east, n);
                if weight == 0 {
                    continue;
                }
                let mut west = Vec::new();
                let walk = Walk {
                    n,
                    rows: all & !east,
                    columns: (1u32 << w) - 1,
                };
                walk.row(0, (0, 0, 0), 0, &mut |diagonals, doubled| {
                    memory::push(&mut west, (diagonals, doubled), "the west half placements")
                })?;
                if west.is_empty() {
                    continue;
                }
                let mut east_half = Vec::new();
                let walk = Walk {
                    n,
                    rows: east,
                    columns: all & !((1u32 << w) - 1),
                };
                walk.row(0, (0, 0, 0), 0, &mut |diagonals, _| {
                    memory::push(&mut east_half, (diagonals, 0), "the east half placements")
                })?;
                sum += weight * meet(&west, &east_half, KEY_DIAGONALS)?;
            }
        }
        Ok(sum)
    }
}

/// The diagonals a bucket key is made of: at most this many.
const KEY_DIAGONALS: usize = 14;

/// The pairs of a west and an east half placement (each its diagonals, rising and falling,
/// and the west one's doubling) whose diagonals are disjoint, each weighed by the west one's
/// doubling.
///
/// Both halves are put in buckets by a few diagonals (those most often taken by both, so
/// most likely to part a pair), at most `most` of them, and only buckets that share none of
/// them are met: an east placement on one of them is never tested against a west one on it.
fn meet(
    west: &[([u64; 2], u32)],
    east: &[([u64; 2], u32)],
    most: usize,
) -> Result<u128, OutOfMemory> {
    // How often each diagonal is taken by each half: bit `b` of the rising word is index `b`,
    // of the falling one `64 + b`.
    let taken = |half: &[([u64; 2], u32)]| {
        let mut count = [0u64; 128];
        for (diagonals, _) in half {
            for (word, &bits) in diagonals.iter().enumerate() {
                let mut bits = bits;
                while bits != 0 {
                    count[word * 64 + bits.trailing_zeros() as usize] += 1;
                    bits &= bits - 1;
                }
            }
        }
        count
    };
    let (by_west, by_east) = (taken(west), taken(east));
    let mut keys: Vec<usize> = (0..128)
        .filter(|&d| by_west[d] > 0 && by_east[d] > 0)
        .collect();
    keys.sort_by_key(|&d| std::cmp::Reverse(by_west[d] * by_east[d]));
    // As many key diagonals as the pairs are worth: about one bucket per 16 placements.
    let worth = ((west.len().min(east.len()) / 8).max(1).ilog2() as usize).min(most);
    keys.truncate(worth);
    let key = |diagonals: &[u64; 2]| {
        keys.iter().enumerate().fold(0usize, |key, (i, &d)| {
            key | ((diagonals[d / 64] >> (d % 64) & 1) as usize) << i
        })
    };
    let buckets = 1usize << keys.len();
    // West placements by doubling (3) and key; east ones by key.
    let west_buckets = filed(west, 3 * buckets, |&(diagonals, doubled)| {
        doubled as usize * buckets + key(&diagonals)
    })?;
    let east_buckets = filed(east, buckets, |(diagonals, _)| key(diagonals))?;
    let mut sum = 0u128;
    for q in 0..buckets {
        let these = &east_buckets.1[east_buckets.0[q]..east_buckets.0[q + 1]];
        if these.is_empty() {
            continue;
        }
        // Every west key that shares no key diagonal with `q`.
        let others = !q & (buckets - 1);
        let mut p = others;
        loop {
            for doubled in 0..3 {
                let b = doubled * buckets + p;
                let those = &west_buckets.1[west_buckets.0[b]..west_buckets.0[b + 1]];
                if those.is_empty() {
                    continue;
                }
                let met: u64 = these.iter().map(|&e| disjoint(e, those)).sum();
                sum += u128::from(met) << doubled;
            }
            if p == 0 {
                break;
            }
            p = (p - 1) & others;
        }
    }
    Ok(sum)
}

/// The diagonals of `half` in `buckets` buckets by `bucket`: where each bucket starts (and
/// one past the last), and the diagonals in bucket order.
fn filed(
    half: &[([u64; 2], u32)],
    buckets: usize,
    bucket: impl Fn(&([u64; 2], u32)) -> usize,
) -> Result<(Vec<usize>, Vec<[u64; 2]>), OutOfMemory> {
    let mut starts = memory::try_filled(buckets + 1, 0usize, "the buckets of half placements")?;
    for placed in half {
        starts[bucket(placed) + 1] += 1;
    }
    for b in 0..buckets {
        starts[b + 1] += starts[b];
    }
    let mut next = starts.clone();
    let mut diagonals =
        memory::try_filled(half.len(), [0u64; 2], "the buckets of half placements")?;
    for placed in half {
        let b = bucket(placed);
        diagonals[next[b]] = placed.0;
        next[b] += 1;
    }
    Ok((starts, diagonals))
}

/// How many of `diagonals` share no diagonal with `these`.
fn disjoint(these: [u64; 2], diagonals: &[[u64; 2]]) -> u64 {
    diagonals
        .iter()
        .map(|&[rising, falling]| u64::from((rising & these[0]) | (falling & these[1]) == 0))
        .sum()
}

/// The search of one half: a queen on each of `rows`, each on one of `columns`.
struct Walk {
    n: u32,
    rows: u32,
    columns: u32,
}

impl Walk {
    /// Places the queens of the half's rows from row `r` on, with the columns and the
    /// diagonals (bit `r + c`, bit `r + n - 1 - c`) taken so far and `doubled` west queens
    /// on a long diagonal; `leaf` gets each placement's diagonals and its `doubled`.
    fn row(
        &self,
        r: u32,
        (columns, rising, falling): (u32, u64, u64),
        doubled: u32,
        leaf: &mut impl FnMut([u64; 2], u32) -> Result<(), OutOfMemory>,
    ) -> Result<(), OutOfMemory> {
        let (n, w) = (self.n, self.n / 2);
        let rest = self.rows >> r;
        if rest == 0 {
            return leaf([rising, falling], doubled);
        }
        let r = r + rest.trailing_zeros();
        let full = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
        let by_rising = (rising >> r) as u32 & full;
        let by_falling = ((falling >> r) as u32 & full).reverse_bits() >> (32 - n);
        // No east queen on a long diagonal's east segment (the centre square of an odd board
        // is on both and is kept).
        let mut long_east = 0;
        if r < w {
            long_east |= 1 << (n - 1 - r);
        }
        if r > n - 1 - w {
            long_east |= 1 << r;
        }
        let west = (1u32 << w) - 1;
        let mut free = self.columns & !(columns | by_rising | by_falling | (long_east & !west));
        while free != 0 {
            let col = free.trailing_zeros();
            free &= free - 1;
            let is_west = col < w;
            let on_long = u32::from(is_west && r + col == n - 1) + u32::from(is_west && r == col);
            self.row(
                r + 1,
                (
                    columns | 1 << col,
                    rising | 1u64 << (r + col),
                    falling | 1u64 << (r + n - 1 - col),
                ),
                doubled + on_long,
                leaf,
            )?;
        }
        Ok(())
    }
}

/// The weight of the row set `east` of an `n`-row board in the upside-down fold: 2 if its
/// reverse is larger, 1 if it is its own reverse, 0 if it is smaller.
pub(super) fn fold(east: u32, n: u32) -> u128 {
    let reverse = east.reverse_bits() >> (32 - n);
    match east.cmp(&reverse) {
        std::cmp::Ordering::Less => 2,
        std::cmp::Ordering::Equal => 1,
        std::cmp::Ordering::Greater => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The half placements of one row set of `n`, west and east.
    type Halves = (Vec<([u64; 2], u32)>, Vec<([u64; 2], u32)>);

    fn halves(n: u32, east: u32) -> Halves {
        let (all, west_columns) = ((1u32 << n) - 1, (1u32 << (n / 2)) - 1);
        let mut found: Halves = (Vec::new(), Vec::new());
        let west = Walk {
            n,
            rows: all & !east,
            columns: west_columns,
        };
        west.row(0, (0, 0, 0), 0, &mut |d, doubled| {
            found.0.push((d, doubled));
            Ok(())
        })
        .unwrap();
        let walk = Walk {
            n,
            rows: east,
            columns: all & !west_columns,
        };
        walk.row(0, (0, 0, 0), 0, &mut |d, doubled| {
            found.1.push((d, doubled));
            Ok(())
        })
        .unwrap();
        found
    }

    /// Buckets by any number of key diagonals count what testing every pair counts.
    #[test]
    fn buckets_meet_what_every_pair_does() {
        let n = 16;
        for east in [
            0b0110_1001_1010_0101u32,
            0b1100_0011_1100_0011,
            0b1011_0101_0011_0010,
        ] {
            let (west, east) = halves(n, east);
            // Enough placements on both sides for several key diagonals.
            assert!(
                west.len().min(east.len()) >= 8 << 5,
                "{} {}",
                west.len(),
                east.len()
            );
            let every_pair: u128 = west
                .iter()
                .map(|&(w, doubled)| {
                    let met = east
                        .iter()
                        .filter(|(e, _)| w[0] & e[0] == 0 && w[1] & e[1] == 0);
                    (met.count() as u128) << doubled
                })
                .sum();
            assert!(every_pair > 0);
            for most in 0..=KEY_DIAGONALS {
                assert_eq!(
                    meet(&west, &east, most).unwrap(),
                    every_pair,
                    "{} keys",
                    most
                );
            }
        }
    }

    #[test]
    fn the_fold_weighs_a_row_set_by_its_reverse() {
        assert_eq!(fold(0b0011, 4), 2); // reverse 0b1100
        assert_eq!(fold(0b1100, 4), 0);
        assert_eq!(fold(0b1001, 4), 1);
        assert_eq!(fold(u32::MAX, 32), 1);
    }
}
