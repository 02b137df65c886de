//! A worker's counting: a tile's north lists held, each row set's south lists built, its
//! halves made in chunks and counted by the sieve and the kernel, or sampled for an estimate.

use super::chunks::{self, At, Keys};
use super::crew::{self, Hand, KEPT, KEPT_SUBS, PROBING, PROBING_SUBS};
use super::plan::{Join, Tile};
use super::quarter::{Lists, Shape};
use super::sieve::Sieve;
use super::sliced::Sliced;
use crate::count::run::estimate::Sampled;
use crate::count::run::{CountError, Steps};
use crate::memory::OutOfMemory;
use crate::rng::SplitMix64;

/// The four lists of a row set ([`Join::list`]), in the order their parts are counted.
const NORTH_EAST: usize = 0;
const SOUTH_EAST: usize = 1;
const NORTH_WEST: usize = 2;
const SOUTH_WEST: usize = 3;

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
    /// The crew's own buffers, one a thread ([`super::crew`]; none when the count is not
    /// by a crew).
    pub(super) hands: Vec<Hand>,
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
            hands: match join.crew {
                true => (0..join.hands)
                    .map(|_| Hand::new(join.key_bits()))
                    .collect(),
                false => Vec::new(),
            },
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
        let sets =
            &self.north_sets[tile.k as usize][tile.north.start as usize..tile.north.end as usize];
        // Lists of a bigger tile before are let go: a worker holds one tile's, no more.
        scratch.north.truncate(sets.len());
        scratch.north.resize_with(sets.len(), Default::default);
        for (i, &set) in sets.iter().enumerate() {
            for quarter in [NORTH_EAST, NORTH_WEST] {
                self.build_first(scratch, (i, set, 0), quarter)?;
            }
        }
        scratch.tile = Some((tile.k, tile.north.clone()));
        Ok(())
    }

    /// Builds the south lists of the south set `south` (local rows): their first parts.
    pub(super) fn build_south(&self, scratch: &mut Scratch, south: u32) -> Result<(), OutOfMemory> {
        for quarter in [SOUTH_EAST, SOUTH_WEST] {
            self.build_first(scratch, (0, 0, south), quarter)?;
        }
        Ok(())
    }

    /// Builds the first part of list `quarter` of a row set ([`Join::list`]) and returns its
    /// number of parts (planning them).
    fn build_first(
        &self,
        scratch: &mut Scratch,
        row_set: (usize, u32, u32),
        quarter: usize,
    ) -> Result<u64, OutOfMemory> {
        let (list, shape, rows) = self.list(scratch, row_set, quarter);
        list.build_part(shape, rows, 0, self.list_part)
    }

    /// Makes sure list `quarter` ([`Join::list`]) of the row set of north set `north` (the
    /// `i`-th of the held tile) and south set `south` holds its part `part`: built again
    /// only if it holds another.
    pub(super) fn hold_part(
        &self,
        scratch: &mut Scratch,
        row_set: (usize, u32, u32),
        quarter: usize,
        part: u64,
    ) -> Result<(), OutOfMemory> {
        let (list, shape, rows) = self.list(scratch, row_set, quarter);
        let (held, parts) = list.part();
        if held != part || parts == 0 {
            list.build_part(shape, rows, part, self.list_part)?;
        }
        Ok(())
    }

    /// List `quarter` of a row set (`NORTH_EAST`, `SOUTH_EAST`, `NORTH_WEST` or
    /// `SOUTH_WEST`: the order in which [`Join::count_row_set`] numbers their parts), its
    /// quarter's shape and its rows; the row set is the `i`-th north set `north` of the held
    /// tile and the south set `south` (only the north lists need `i` and `north`, only the
    /// south ones `south`).
    fn list<'a>(
        &'a self,
        scratch: &'a mut Scratch,
        (i, north, south): (usize, u32, u32),
        quarter: usize,
    ) -> (&'a mut Lists, &'a Shape, u32) {
        let (all_north, all_south) = ((1u32 << self.w) - 1, (1u32 << self.e) - 1);
        match quarter {
            NORTH_EAST => (&mut scratch.north[i].0, &self.north_east, north),
            SOUTH_EAST => (&mut scratch.south_east, &self.south_east, south),
            NORTH_WEST => (
                &mut scratch.north[i].1,
                &self.north_west,
                all_north & !north,
            ),
            _ => (
                &mut scratch.south_west,
                &self.south_west,
                all_south & !south,
            ),
        }
    }

    /// The number of parts of each of the four lists held for the `i`-th north set of the
    /// tile (in [`Join::list`]'s order).
    pub(super) fn parts(scratch: &Scratch, i: usize) -> [u64; 4] {
        [
            scratch.north[i].0.part().1,
            scratch.south_east.part().1,
            scratch.north[i].1.part().1,
            scratch.south_west.part().1,
        ]
    }

    /// [`Join::count_rows`] of the row set of north set `north` (the `i`-th of the held tile,
    /// of `k` rows) and south set `south`, whose lists are built, at `at` (the unit's south
    /// set and north set), weighing `weight`: over every combination of the parts of its four
    /// lists, the last quarter's part changing fastest (a list in one part is never built
    /// again).
    ///
    /// # Errors
    ///
    /// [`CountError`] if a part or the halves do not fit in memory, or a step cannot be
    /// recorded.
    pub(super) fn count_row_set(
        &self,
        scratch: &mut Scratch,
        (i, north, south): (usize, u32, u32),
        k: u32,
        walk: &mut Walk<'_>,
        (at, weight): ([u64; 2], u64),
    ) -> Result<(), CountError> {
        let parts = Join::parts(scratch, i);
        for combination in 0..parts.iter().product::<u64>() {
            let at = [at[0], at[1], combination];
            if walk.before(&at) {
                continue;
            }
            let mut rest = combination;
            for quarter in (0..4).rev() {
                let part = rest % parts[quarter];
                rest /= parts[quarter];
                self.hold_part(scratch, (i, north, south), quarter, part)?;
            }
            self.count_rows(scratch, i, k, walk, (at, weight))?;
        }
        Ok(())
    }

    /// Counts one unit, in 128 bits (a unit of n = 32 holds about 5·10^15 placements, and its
    /// largest may pass 2^64; a row set's stays far below), from the piece `steps` starts at,
    /// telling it after each piece how far the unit has got ([`Walk`]).
    ///
    /// # Errors
    ///
    /// [`CountError`] if the lists or the halves do not fit in memory, or a step cannot be
    /// recorded.
    pub(super) fn count_tile(
        &self,
        scratch: &mut Scratch,
        tile: &Tile,
        steps: Steps<'_, u128>,
    ) -> Result<u128, CountError> {
        self.hold_north(scratch, tile)?;
        let norths = &self.north_sets[tile.k as usize];
        let souths =
            &self.south_sets[tile.k as usize][tile.south.start as usize..tile.south.end as usize];
        let mut walk = Walk::new(steps);
        for (s, &south) in souths.iter().enumerate() {
            let weight = |i: usize| self.fold(norths[tile.north.start as usize + i], south);
            // The row sets of this south set still to count: counted for themselves (not for
            // their reverse) and not before the step the unit started from.
            let left =
                |walk: &Walk<'_>, i: usize| weight(i) > 0 && !walk.before(&[s as u64, i as u64]);
            if !(0..tile.north.len()).any(|i| left(&walk, i)) {
                continue;
            }
            self.build_south(scratch, south)?;
            for i in 0..tile.north.len() {
                if left(&walk, i) {
                    let north = norths[tile.north.start as usize + i];
                    let at = ([s as u64, i as u64], weight(i));
                    self.count_row_set(scratch, (i, north, south), tile.k, &mut walk, at)?;
                }
            }
        }
        Ok(walk.total())
    }

    /// One sample of [`estimate`]: a random row set of `tile`, with its four lists built for
    /// it alone, and in it a random pair of an east and a west chunk of halves
    /// ([`Join::meeting`]) of a random combination of their parts, counted as a whole count
    /// counts it. The sample weighs as many times more as there are such pairs in the unit,
    /// and its time is counted with the share of the work a whole count pays for it: of the
    /// lists (a south list in one part is met with every north set of its tile, a north list
    /// with every south set, a list in parts is built for each), of making and sorting the
    /// larger side's chunk (once for all the other side's chunks) and, when the other side
    /// is one chunk, of making it (once for all the larger side's chunks).
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
        let row_sets = (tile_norths * souths) as f64;
        if weight == 0 {
            return Ok(Sampled {
                counts: [0, 0],
                weight: row_sets,
                seconds: Some(0.0),
            });
        }
        // The row set's four lists, each in a random part, and what building that part costs
        // the row set in a whole count (`count_row_set`): a list in one part is built once per
        // tile (north) or per south set (south), one in parts once per change of its part.
        scratch.tile = None;
        scratch.north.truncate(1);
        scratch.north.resize_with(1, Default::default);
        let mut parts = [1; 4];
        let mut lists = 0.0;
        for quarter in 0..4 {
            let started = std::time::Instant::now();
            parts[quarter] = self.build_first(scratch, (0, north, south), quarter)?;
            // The first build (the whole list, or the plan of its parts and the first part)
            // is made once per tile (north) or per south set (south).
            lists += started.elapsed().as_secs_f64()
                * match quarter {
                    NORTH_EAST | NORTH_WEST => 1.0 / self.south_sets[tile.k as usize].len() as f64,
                    _ => 1.0 / tile_norths as f64,
                };
            if parts[quarter] > 1 {
                // A part, on the plan kept, once per change of its part.
                let (list, shape, rows) = self.list(scratch, (0, north, south), quarter);
                let started = std::time::Instant::now();
                list.build_part(shape, rows, rng.below(parts[quarter]), self.list_part)?;
                lists += started.elapsed().as_secs_f64()
                    * parts[..=quarter].iter().product::<u64>() as f64;
            }
        }
        // The sample stands for one combination of the parts of the lists.
        let combinations = parts.iter().product::<u64>() as f64;
        let meeting = self.meeting(scratch, 0, tile.k);
        let (east, west) = (&meeting.east, &meeting.west);
        if east.is_empty() || west.is_empty() {
            return Ok(Sampled {
                counts: [0, 0],
                weight: row_sets * combinations,
                seconds: Some(lists / combinations),
            });
        }
        let chunks = [
            crew::chunk_count(east, meeting.subs[0]),
            crew::chunk_count(west, meeting.subs[1]),
        ];
        let (a, b) = (
            rng.below(chunks[0] as u64) as usize,
            rng.below(chunks[1] as u64) as usize,
        );
        let counting = std::time::Instant::now();
        let (counted, shared) = match meeting.kept {
            None => {
                self.make_chunk(scratch, 0, false, west, b)?;
                self.make_chunk(scratch, 0, true, east, a)?;
                (self.count_made(scratch)?, 0.0)
            }
            Some(west_blocked) if self.crew => {
                // The kept chunk is made and sorted once for all the other side's chunks
                // (which a crew makes again for each kept chunk): its share is charged. Only
                // one random run of the patterns is probed, standing for all of them: the
                // sample weighs that many times more, and its time is that run's probing and
                // its share of making both chunks.
                let (kept, probe, probes) = match west_blocked {
                    true => (b, a, chunks[0]),
                    false => (a, b, chunks[1]),
                };
                let runs = crew::SAMPLED_RUNS;
                let run = rng.below(runs as u64) as usize;
                let sides = (&meeting, west_blocked);
                let made = self.keep_chunk(scratch, 0, sides, (kept, probe))?;
                let started = std::time::Instant::now();
                let (counted, making) = self.meet_chunk(scratch, 0, sides, probe, (run, runs))?;
                let probing = started.elapsed().as_secs_f64() - making;
                let share = made / probes as f64 + making;
                let seconds = probing + share / runs as f64;
                let pairs = (chunks[0] * chunks[1] * runs) as f64;
                return Ok(Sampled {
                    counts: [weight * counted, 0],
                    weight: row_sets * combinations * pairs,
                    seconds: Some(seconds + lists / (combinations * pairs)),
                });
            }
            Some(west_blocked) => {
                // The larger side's chunk is made and sorted once for all the other side's
                // chunks: its share is charged.
                let (blocked, probing) = match west_blocked {
                    true => ((west, b), (east, a)),
                    false => ((east, a), (west, b)),
                };
                self.make_chunk(scratch, 0, !west_blocked, blocked.0, blocked.1)?;
                let made = counting.elapsed().as_secs_f64();
                self.make_chunk(scratch, 0, west_blocked, probing.0, probing.1)?;
                let other = counting.elapsed().as_secs_f64() - made;
                let bits = self.used_bits(scratch, 0, west_blocked);
                let counted = self.count_kept(scratch, true, west_blocked, bits)?;
                let big = (made + scratch.sieve.prepared) * (1.0 - 1.0 / probing.0.len() as f64);
                let small = match probing.0.len() {
                    1 => other * (1.0 - 1.0 / blocked.0.len() as f64),
                    _ => 0.0,
                };
                (counted, big + small)
            }
        };
        // The lists' share: this pair of chunks is one of the combination's pairs.
        let pairs = (chunks[0] * chunks[1]) as f64;
        let seconds = counting.elapsed().as_secs_f64() - shared + lists / (combinations * pairs);
        Ok(Sampled {
            counts: [weight * counted, 0],
            weight: row_sets * combinations * pairs,
            seconds: Some(seconds),
        })
    }

    /// How the halves of the `i`-th north set of the held tile (of `k` rows) and the south
    /// set whose lists are built are met: in one call when each side fits in one chunk of
    /// [`Join::halves`]; else the larger side in chunks 4 times bigger, each sorted once and
    /// kept while the other side's chunks come ([`Sieve::count_kept`]). A crew's chunks of
    /// the larger side are 16 times bigger, made in pieces as the other side's are
    /// ([`super::crew`]).
    pub(super) fn meeting(&self, scratch: &Scratch, i: usize, k: u32) -> Meeting {
        let (north_east, north_west) = &scratch.north[i];
        let (w, e) = (self.w, self.e);
        let east = |limit| chunks::starts(north_east, &scratch.south_east, e, k, limit);
        let west = |limit| chunks::starts(north_west, &scratch.south_west, w, w - k, limit);
        let (east_starts, west_starts) = (east(self.halves), west(self.halves));
        if east_starts.len() <= 1 && west_starts.len() <= 1 {
            return Meeting {
                east: east_starts,
                west: west_starts,
                kept: None,
                subs: [1, 1],
            };
        }
        let west_blocked = west_starts.len() > east_starts.len();
        let (big, small, subs) = match self.crew {
            true => (
                self.halves.saturating_mul(KEPT / KEPT_SUBS),
                (self.halves.saturating_mul(PROBING) / PROBING_SUBS).max(1),
                (KEPT_SUBS, PROBING_SUBS),
            ),
            false => (self.halves.saturating_mul(BLOCKED), self.halves, (1, 1)),
        };
        match west_blocked {
            true => Meeting {
                east: east(small),
                west: west(big),
                kept: Some(true),
                subs: [subs.1, subs.0],
            },
            false => Meeting {
                east: east(big),
                west: west(small),
                kept: Some(false),
                subs: [subs.0, subs.1],
            },
        }
    }

    /// Every key bit the halves of the side not loaded into blocks may use (the east one if
    /// `west_blocked`): what its quarter lists use.
    pub(super) fn used_bits(&self, scratch: &Scratch, i: usize, west_blocked: bool) -> u64 {
        match west_blocked {
            true => scratch.north[i].0.used() | scratch.south_east.used(),
            false => scratch.north[i].1.used() | scratch.south_west.used(),
        }
    }

    /// [`Join::count_made`] with the larger side kept sorted ([`Sieve::count_kept`]).
    fn count_kept(
        &self,
        scratch: &mut Scratch,
        fresh: bool,
        west_blocked: bool,
        bits: u64,
    ) -> Result<u64, OutOfMemory> {
        let weight = self.long_diagonals();
        scratch.sieve.count_kept(
            (scratch.east.keys(), scratch.west.keys()),
            (fresh, west_blocked),
            bits,
            weight,
            self.key_bits(),
            &mut scratch.block,
            self.kernel,
        )
    }

    /// Makes the `j`-th chunk of a side's halves (`starts`: where its chunks start) into
    /// that side's keys: the east side's if `east`, else the west side's.
    pub(super) fn make_chunk(
        &self,
        scratch: &mut Scratch,
        i: usize,
        east: bool,
        starts: &[At],
        j: usize,
    ) -> Result<(), OutOfMemory> {
        let Scratch {
            north,
            south_east,
            south_west,
            east: east_keys,
            west: west_keys,
            ..
        } = scratch;
        let lists = [&north[i].0, &*south_east, &north[i].1, &*south_west];
        let keys = if east { east_keys } else { west_keys };
        self.make_piece(lists, east, (starts, j), keys)
    }

    /// The weight of a west half from the long diagonals, as a power of 2: one for each west
    /// segment of a long diagonal it uses (`row + col = n - 1` and, if the west half has
    /// columns, `row = col`).
    pub(super) fn long_diagonals(&self) -> impl Fn(u64) -> usize {
        let (n, w) = (self.n, self.w);
        let anti = n - 1 - w;
        let main = (n - 1 + w).saturating_sub(1);
        let main_too = u64::from(w > 0);
        move |key: u64| ((key >> anti & 1) + (key >> main & main_too)) as usize
    }

    /// The pairs of the east and the west halves made, counted with the weights of the long
    /// diagonals ([`Join::long_diagonals`]).
    pub(super) fn count_made(&self, scratch: &mut Scratch) -> Result<u64, OutOfMemory> {
        let weight = self.long_diagonals();
        scratch.sieve.count(
            scratch.east.keys(),
            scratch.west.keys(),
            weight,
            self.key_bits(),
            &mut scratch.block,
            self.kernel,
        )
    }

    /// Counts the placements whose east queens stand on the rows of the `i`-th north set of
    /// the held tile (of `k` rows) and of the south set whose lists are built (the row set at
    /// `at` of the unit, in the combination of its lists' parts held), with the weights of the
    /// long diagonals, each times `weight`, into `walk`.
    ///
    /// The halves are made and counted in chunks ([`chunks`], [`Join::meeting`]): each side
    /// in one when it fits in [`HALVES`](super::plan::HALVES) candidates; else the larger
    /// side in chunks of 4 times that, each sorted once and met with every chunk of the
    /// other. So a row set takes bounded memory however many halves it has (tens of millions
    /// at n = 27). Each meeting of two chunks is a piece of the walk.
    ///
    /// # Errors
    ///
    /// [`CountError`] if the halves do not fit in memory, or a step cannot be recorded.
    pub(super) fn count_rows(
        &self,
        scratch: &mut Scratch,
        i: usize,
        k: u32,
        walk: &mut Walk<'_>,
        (at, weight): ([u64; 3], u64),
    ) -> Result<(), CountError> {
        let meeting = self.meeting(scratch, i, k);
        let (east, west) = (&meeting.east, &meeting.west);
        if let (Some(west_blocked), true) = (meeting.kept, self.crew) {
            return self.count_rows_together(
                scratch,
                i,
                (&meeting, west_blocked),
                walk,
                (at, weight),
            );
        }
        let Some(west_blocked) = meeting.kept else {
            let piece = [at[0], at[1], at[2], 0, 0];
            if walk.before(&piece) {
                return Ok(());
            }
            let mut counted = 0;
            if !east.is_empty() && !west.is_empty() {
                self.make_chunk(scratch, i, false, west, 0)?;
                self.make_chunk(scratch, i, true, east, 0)?;
                counted = self.count_made(scratch)?;
            }
            return walk.counted(piece, weight * counted);
        };
        let (blocked, probing) = match west_blocked {
            true => (west, east),
            false => (east, west),
        };
        let bits = self.used_bits(scratch, i, west_blocked);
        let mut probe_made = false;
        for b in 0..blocked.len() {
            if walk.before(&[at[0], at[1], at[2], b as u64]) {
                continue;
            }
            self.make_chunk(scratch, i, !west_blocked, blocked, b)?;
            let mut fresh = true;
            for p in 0..probing.len() {
                let piece = [at[0], at[1], at[2], b as u64, p as u64];
                if walk.before(&piece) {
                    continue;
                }
                if probing.len() > 1 || !probe_made {
                    self.make_chunk(scratch, i, west_blocked, probing, p)?;
                    probe_made = true;
                }
                let counted = self.count_kept(scratch, fresh, west_blocked, bits)?;
                fresh = false;
                walk.counted(piece, weight * counted)?;
            }
        }
        Ok(())
    }
}

/// A unit's count as it goes, piece by piece: a piece is one meeting of two chunks of halves,
/// numbered `[s, i, c, b, p]` (the unit's south set, the tile's north set, the combination of
/// the lists' parts, the chunks of the kept and of the probing side), in the order counted. A
/// count resumed from a step skips the pieces before it; after each piece the steps are told
/// the next one and the unit's count so far.
pub(super) struct Walk<'a> {
    steps: Steps<'a, u128>,
    /// The unit's count so far, from the piece it started at.
    counted: u128,
}

impl<'a> Walk<'a> {
    /// A walk of a unit from the piece `steps` starts at.
    pub(super) fn new(steps: Steps<'a, u128>) -> Walk<'a> {
        Walk { steps, counted: 0 }
    }

    /// The unit's count so far, from the piece it started at.
    pub(super) fn total(&self) -> u128 {
        self.counted
    }

    /// Whether the pieces numbered from `at` (a piece's number or the first words of it) all
    /// come before the step the count started from, and so are counted already.
    pub(super) fn before(&self, at: &[u64]) -> bool {
        let from = self.steps.from();
        let n = at.len().min(from.len());
        at[..n] < from[..n]
    }

    /// Adds the count of piece `piece` and tells the steps the next piece.
    pub(super) fn counted(&mut self, piece: [u64; 5], count: u64) -> Result<(), CountError> {
        self.counted += u128::from(count);
        let mut next = piece;
        next[4] += 1;
        self.steps.reached(&next, self.counted)
    }
}

/// How a row set's halves are met ([`Join::meeting`]): where the chunks of each side start,
/// and, when there are several, which side is kept sorted while the other's chunks come (the
/// west one if `true`).
pub(super) struct Meeting {
    pub(super) east: Vec<At>,
    pub(super) west: Vec<At>,
    pub(super) kept: Option<bool>,
    /// How many of each side's starts a chunk takes (east, west): a crew makes a chunk in
    /// pieces; otherwise 1.
    pub(super) subs: [usize; 2],
}

/// A side's chunks as [`Meeting::sides`] gives them: where its pieces start, and the pieces a
/// chunk.
pub(super) type Side<'a> = (&'a [At], usize);

impl Meeting {
    /// The starts of the side loaded into blocks (the west one if `west_blocked`) and of the
    /// other, each with its pieces a chunk.
    pub(super) fn sides(&self, west_blocked: bool) -> (Side<'_>, Side<'_>) {
        let east = (&self.east[..], self.subs[0]);
        let west = (&self.west[..], self.subs[1]);
        match west_blocked {
            true => (west, east),
            false => (east, west),
        }
    }
}

/// How many times bigger the chunks of a row set's larger side are than the other's, when
/// they are kept sorted ([`Join::meeting`]).
const BLOCKED: usize = 4;
