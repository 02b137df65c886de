//! A worker's counting: a tile's north lists held, each row set's south lists built, its
//! halves made in chunks and counted by the sieve and the kernel, or sampled for an estimate.

use super::plan::{binomial, next_subset, Join, Tile};
use super::quarter::Lists;
use super::sieve::Sieve;
use super::sliced::Sliced;
use crate::count::run::estimate::Sampled;
use crate::memory::OutOfMemory;
use crate::place::rng::SplitMix64;

/// One worker's buffers, reused from one unit to the next: the north lists of a tile (kept
/// while its units come), one row set's south lists, the halves' keys, the block.
pub(super) struct Scratch {
    /// The tile (`k` and north sets) whose north lists are held, if any.
    pub(super) tile: Option<(u32, std::ops::Range<u32>)>,
    /// The north-east and north-west lists of each north set of the tile.
    pub(super) north: Vec<(Lists, Lists)>,
    pub(super) south_west: Lists,
    pub(super) south_east: Lists,
    /// The east and the west halves of a chunk (their keys), as [`pairs`] finds them.
    pub(super) east: Keys,
    pub(super) west: Keys,
    pub(super) block: Sliced,
    pub(super) sieve: Sieve,
}

impl Scratch {
    pub(super) fn new(join: &Join) -> Scratch {
        Scratch {
            tile: None,
            north: Vec::new(),
            south_west: Lists::default(),
            south_east: Lists::default(),
            east: Keys::default(),
            west: Keys::default(),
            block: Sliced::new(join.key_bits().max(1) as usize),
            sieve: Sieve::default(),
        }
    }
}

impl Join {
    /// Makes sure `scratch` holds the north lists of `tile`'s north sets.
    pub(super) fn hold_north(&self, scratch: &mut Scratch, tile: &Tile) -> Result<(), OutOfMemory> {
        if scratch.tile.as_ref() == Some(&(tile.k, tile.north.clone())) {
            return Ok(());
        }
        scratch.tile = None;
        let north = (1u32 << self.w) - 1;
        let sets =
            &self.north_sets[tile.k as usize][tile.north.start as usize..tile.north.end as usize];
        // Lists of a bigger tile before are let go: a worker holds one tile's, no more.
        scratch.north.truncate(sets.len());
        scratch.north.resize_with(sets.len(), Default::default);
        for (&set, (east, west)) in sets.iter().zip(scratch.north.iter_mut()) {
            east.build(&self.north_east, set)?;
            west.build(&self.north_west, north & !set)?;
        }
        scratch.tile = Some((tile.k, tile.north.clone()));
        Ok(())
    }

    /// Builds the south lists of the south set `south` (local rows).
    pub(super) fn build_south(&self, scratch: &mut Scratch, south: u32) -> Result<(), OutOfMemory> {
        let all = (1u32 << self.e) - 1;
        scratch.south_east.build(&self.south_east, south)?;
        scratch.south_west.build(&self.south_west, all & !south)
    }

    /// Counts one unit.
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if the lists or the halves do not fit in memory.
    pub(super) fn count_tile(
        &self,
        scratch: &mut Scratch,
        tile: &Tile,
    ) -> Result<u64, OutOfMemory> {
        self.hold_north(scratch, tile)?;
        let norths = &self.north_sets[tile.k as usize];
        let mut total = 0;
        for &south in
            &self.south_sets[tile.k as usize][tile.south.start as usize..tile.south.end as usize]
        {
            let weight = |i: usize| self.fold(norths[tile.north.start as usize + i], south);
            if (0..tile.north.len()).all(|i| weight(i) == 0) {
                continue;
            }
            self.build_south(scratch, south)?;
            for i in 0..tile.north.len() {
                if weight(i) > 0 {
                    total += weight(i) * self.count_rows(scratch, i, tile.k, None)?;
                }
            }
        }
        Ok(total)
    }

    /// One sample of [`estimate`]: a random row set of `tile`, counted with its four lists
    /// built for it alone; its time counted with the share of list building a whole count
    /// pays for it (a south list is met with every north set of its tile, a north list with
    /// every south set). From n = [`SLICED_FROM`](super::plan::SLICED_FROM) a row set takes too long for a sample (a
    /// minute and more at n = 25), and the sample is one of [`Join::slices`] random slices of
    /// its east halves ([`Join::count_rows`]), weighing that many times more.
    pub(super) fn sample(
        &self,
        scratch: &mut Scratch,
        tile: &Tile,
        rng: &mut SplitMix64,
    ) -> Result<Sampled, OutOfMemory> {
        let (tile_norths, souths) = (tile.north.len(), tile.south.len());
        let i = tile.north.start + rng.below(tile_norths as u64) as u32;
        let j = tile.south.start as usize + rng.below(souths as u64) as usize;
        let (north, south) = (
            self.north_sets[tile.k as usize][i as usize],
            self.south_sets[tile.k as usize][j],
        );
        let weight = self.fold(north, south);
        let slices = self.slices();
        let slice = rng.below(slices);
        let pairs = (tile_norths * souths) as f64 * slices as f64;
        if weight == 0 {
            return Ok(Sampled {
                counts: [0, 0],
                weight: pairs,
                seconds: Some(0.0),
            });
        }
        let started = std::time::Instant::now();
        let single = Tile {
            k: tile.k,
            north: i..i + 1,
            south: j as u32..j as u32 + 1,
        };
        self.hold_north(scratch, &single)?;
        let built_north = started.elapsed().as_secs_f64();
        self.build_south(scratch, south)?;
        let built_south = started.elapsed().as_secs_f64() - built_north;
        let counted = weight * self.count_rows(scratch, 0, tile.k, Some((slice, slices)))?;
        let all_south = self.south_sets[tile.k as usize].len() as f64;
        let seconds = started.elapsed().as_secs_f64() - built_north - built_south
            + (built_north / all_south + built_south / tile_norths as f64) / slices as f64;
        Ok(Sampled {
            counts: [counted, 0],
            weight: pairs,
            seconds: Some(seconds),
        })
    }

    /// The slices a sample of [`estimate`] cuts a row set into: 1 below [`SLICED_FROM`](super::plan::SLICED_FROM), then
    /// 4 times more for each n (256 at n = 27), about as fast as the row sets grow.
    pub(super) fn slices(&self) -> u64 {
        4u64.pow(self.n.saturating_sub(self.sliced_from - 1))
    }

    /// The placements whose east queens stand on the rows of the `i`-th north set of the
    /// held tile (of `k` rows) and of the south set whose lists are built, counted with the
    /// weights of the long diagonals; with `slice = Some((j, s))`, only the east halves whose
    /// north-east quarter uses one of the `j`-th of `s` equal runs of its column sets (a
    /// sample of [`estimate`]).
    ///
    /// The halves are made and counted in chunks of about [`HALVES`](super::plan::HALVES) keys a side, so a row
    /// set takes bounded memory however many halves it has (tens of millions at n = 27).
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if the halves do not fit in memory.
    pub(super) fn count_rows(
        &self,
        scratch: &mut Scratch,
        i: usize,
        k: u32,
        slice: Option<(u64, u64)>,
    ) -> Result<u64, OutOfMemory> {
        let (n, w, e) = (self.n, self.w, self.e);
        let (north_east, north_west) = &scratch.north[i];
        if north_east.is_empty() || north_west.is_empty() {
            return Ok(0);
        }
        let key_bits = self.key_bits();
        // West halves: each weighing 2 for each west segment of a long diagonal it uses
        // (`row + col = n - 1` and, if the west half has columns, `row = col`).
        let anti = n - 1 - w;
        let main = (n - 1 + w).saturating_sub(1);
        let main_too = u64::from(w > 0);
        let weight = |key: u64| ((key >> anti & 1) + (key >> main & main_too)) as usize;
        let mut east_at = match slice {
            None => Cursor::all(k, e),
            Some((j, s)) => Cursor::slice(k, e, j, s),
        };
        let mut west_whole = false;
        let mut total = 0;
        while !east_at.done() {
            scratch.east.clear();
            pairs(
                north_east,
                &scratch.south_east,
                e,
                key_bits,
                &mut scratch.east,
                &mut east_at,
                self.halves,
            )?;
            if scratch.east.is_empty() {
                continue;
            }
            // Every west chunk against this east chunk; the west halves are made once when
            // they fit in one chunk, and held.
            let mut west_at = Cursor::all(w - k, w);
            let mut chunks = 0;
            loop {
                if !west_whole {
                    scratch.west.clear();
                    pairs(
                        north_west,
                        &scratch.south_west,
                        w,
                        key_bits,
                        &mut scratch.west,
                        &mut west_at,
                        self.halves,
                    )?;
                    chunks += 1;
                }
                total += scratch.sieve.count(
                    scratch.east.keys(),
                    scratch.west.keys(),
                    weight,
                    key_bits,
                    &mut scratch.block,
                    self.kernel,
                )?;
                if west_whole || west_at.done() {
                    break;
                }
            }
            west_whole = west_whole || chunks == 1;
        }
        Ok(total)
    }
}

/// Where a walk over the column sets of a half's north quarter stands: the next column set,
/// the next of its north placements, and how many column sets are left to visit.
pub(super) struct Cursor {
    pub(super) cols: Option<u32>,
    pub(super) top: usize,
    pub(super) left: u64,
    /// The half's width: column sets stay below `2^width`.
    pub(super) width: u32,
}

impl Cursor {
    /// Every column set of `k` of `width` columns, in increasing order.
    pub(super) fn all(k: u32, width: u32) -> Cursor {
        Cursor {
            cols: (k <= width).then(|| (1u32 << k) - 1),
            top: 0,
            left: u64::MAX,
            width,
        }
    }

    /// The `j`-th of `s` runs of the column sets of `k` of `width` columns, as equal as they
    /// can be (some empty when there are fewer sets than runs).
    pub(super) fn slice(k: u32, width: u32, j: u64, s: u64) -> Cursor {
        let sets = binomial(width, k);
        let (from, to) = (sets * j / s, sets * (j + 1) / s);
        let mut cursor = Cursor::all(k, width);
        for _ in 0..from {
            cursor.step();
        }
        cursor.left = to - from;
        cursor
    }

    pub(super) fn done(&self) -> bool {
        self.cols.is_none() || self.left == 0
    }

    /// Moves on to the next column set.
    pub(super) fn step(&mut self) {
        self.top = 0;
        let all = (1u64 << self.width) - 1;
        self.cols = self
            .cols
            .and_then(next_subset)
            .filter(|&next| u64::from(next) <= all);
        self.left = self.left.saturating_sub(1);
    }
}

/// A list of keys that takes each candidate without a branch: it is written past the end,
/// and the end moves on only if the candidate is kept.
#[derive(Default)]
pub(super) struct Keys {
    /// Room for the keys and the candidates to come; `buf[..len]` are kept.
    pub(super) buf: Vec<u64>,
    pub(super) len: usize,
}

impl Keys {
    pub(super) fn clear(&mut self) {
        self.len = 0;
    }

    /// Makes room for `count` more candidates.
    pub(super) fn make_room(&mut self, count: usize) -> Result<(), OutOfMemory> {
        let wanted = self.len + count;
        if self.buf.len() < wanted {
            reserve(&mut self.buf, wanted, "the pairs of quarters")?;
            self.buf.resize(wanted, 0);
        }
        Ok(())
    }

    /// Writes `key`, kept if `keep`.
    #[inline(always)]
    pub(super) fn push_if(&mut self, key: u64, keep: bool) {
        self.buf[self.len] = key;
        self.len += usize::from(keep);
    }

    pub(super) fn keys(&self) -> &[u64] {
        &self.buf[..self.len]
    }

    pub(super) fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// Adds to `fitting` the key of every half of `width` columns made of a north placement in
/// `upper` and a south one in `lower` (on the other columns) that share no diagonal crossing
/// the north/south line, for the north placements from `cursor` on, until it is done or
/// `fitting` holds `limit` keys (one north placement's halves are always finished: it may
/// hold a few more).
pub(super) fn pairs(
    upper: &Lists,
    lower: &Lists,
    width: u32,
    key_bits: u32,
    fitting: &mut Keys,
    cursor: &mut Cursor,
    limit: usize,
) -> Result<(), OutOfMemory> {
    let all = (1u32 << width) - 1;
    let key_mask = (1u64 << key_bits) - 1;
    while let Some(cols) = cursor.cols.filter(|_| cursor.left > 0) {
        let tops = upper.bucket(cols);
        if !tops.is_empty() {
            let bottoms = lower.bucket(all & !cols);
            // A column set may hold millions of halves: the chunk may end inside it.
            while let Some(&a) = tops.get(cursor.top) {
                if fitting.len >= limit {
                    return Ok(());
                }
                fitting.make_room(bottoms.len())?;
                for b in bottoms {
                    fitting.push_if((a | b) & key_mask, a & b == 0);
                }
                cursor.top += 1;
            }
        }
        cursor.step();
    }
    Ok(())
}

/// Makes `v` hold at least `len` items without reallocating, or says what did not fit.
pub(super) fn reserve(v: &mut Vec<u64>, len: usize, what: &'static str) -> Result<(), OutOfMemory> {
    let more = len.saturating_sub(v.len());
    v.try_reserve(more).map_err(|_| OutOfMemory {
        what,
        needed: len as u64 * 8,
    })
}
