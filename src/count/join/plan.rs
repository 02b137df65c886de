//! The cut of the board and the units of work: the row sets of the east queens, split into
//! north and south sets, tiles of north sets, the upside-down fold, and the sizes every later
//! stage is cut to (batches of halves, parts of lists, a crew's batches).

use super::quarter::{self, Lists, Shape};
use super::subsets::subsets;
use crate::count::run::{checkpoint::Fnv, Unit};
use crate::kernel::Kernel;
use crate::memory::OutOfMemory;

/// A unit of work: the row sets `E` of the east queens with `k` north rows, whose north rows
/// are the north sets `north` (indices into [`Join::north_sets`]`[k]`) and whose south rows are
/// the south sets `south` (indices into [`Join::south_sets`]`[k]`), each counted unless its
/// reverse is (the upside-down fold).
///
/// The north sets of a unit are a *tile*: their lists are built once by a worker and kept
/// while it counts the units of that tile, each south list is built once per unit and met with
/// every north list of the tile. Tiles hold at most [`NORTH_BYTES`] of lists, so memory does
/// not grow with the board; a south list is built once per tile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Tile {
    pub(super) k: u32,
    pub(super) north: std::ops::Range<u32>,
    pub(super) south: std::ops::Range<u32>,
}

impl Unit for Tile {
    fn identify(&self, hash: &mut Fnv) {
        for word in [
            self.k,
            self.north.start,
            self.north.end,
            self.south.start,
            self.south.end,
        ] {
            hash.word(u64::from(word));
        }
    }
}

/// The largest `n` the join counts: 32, whose keys of `2(n - 1) = 62` bits take the kernel's
/// 8 groups of 8 bits and fill a word (with the one extra bit of an odd board's quarter
/// entries). Counts pass 2^64 from n = 29: units, checkpoints and merges sum in 128 bits.
pub const MAX_N: u32 = 32;

/// About the most halves of a side made at once (16 MB of keys). A row set with more is
/// counted in batches: its larger side in batches 4 times bigger, each sorted once and met with
/// every batch of this size of the other side (`Join::meeting`).
pub const HALVES: usize = 1 << 21;

/// About the most placements a quarter list holds at once (64 MB): a row set with more has
/// its list built in parts (`build_part`) and met part by part. Only
/// from n = 28 do lists grow so big (up to 127 MB there, 4 to 6 GB at 32), where a row set's
/// pairs take minutes or hours and building a part takes under a second.
pub const LIST_PART: usize = 1 << 23;

/// The most bytes of north lists a tile holds (for each worker).
pub(super) const NORTH_BYTES: u64 = 24 << 20;

/// The smallest `n` whose tiles are single north sets, without measuring their lists: at
/// n = 24 one north set's lists average about 15 MB (a 12×12 quarter has some 6·10⁸
/// placements over 4,096 row sets, extrapolated from the 6.7·10⁷ of an 11×11 one, about 9×
/// per row and column), and counting every set's first would take a minute or more.
pub(super) const TILE_ALONE_FROM: u32 = 24;

/// The most south sets a unit holds. Each south list is built once per tile whatever the
/// units, so one set per unit costs nothing but the hand-out, and shares the work finely among
/// the threads and the checkpoint's chunks.
pub(super) const SOUTH_SETS: u32 = 1;

/// The most south sets a unit holds from n = [`TILE_ALONE_FROM`], where every north set is a
/// tile: one row set per unit would make 2·10⁷ units at n = 27, 400 MB for their list alone;
/// 64 make 3·10⁵ (a unit of n = 24 is then about half a minute of work).
pub(super) const SOUTH_SETS_ALONE: u32 = 64;

/// The version of the numbering of a unit's pieces ([`Join::layout`]).
const PIECES_VERSION: u64 = 1;

/// How many times bigger than [`HALVES`] the batches of a row set's larger side are, when they
/// are kept sorted and no crew counts them (`Meeting`): 32 Mi halves, which hold the larger
/// side of most row sets of n = 26 and 27 whole, so the sieve cuts it as deep as a crew's.
pub(super) const BLOCKED: usize = 16;

/// How many times bigger than [`HALVES`] the other side's batches are, when no crew counts
/// them: each kept block is loaded once for each. Bigger batches load fewer blocks, for more
/// memory a thread (docs/counter.md, "Where the time goes at N = 24 to 32").
pub(super) const ALONE_PROBING: usize = 8;

/// The smallest `n` counted by a crew (`crew`): where quarter lists come in parts and row sets
/// hold tens of millions of halves a side.
pub const CREW_FROM: u32 = 28;

/// How many times bigger a crew's batches of the larger side are than [`HALVES`]: 64 × 2 Mi
/// halves, 1 GB (docs/counter.md, "The crew", measures the choice).
pub(super) const KEPT: usize = 64;

/// The segments a crew's batch of the larger side is made in, one thread a segment (2 Mi
/// halves each, 16 MB: what a thread makes at a time).
pub(super) const KEPT_SUBS: usize = 64;

/// How many times bigger a crew's batches of the other side are than [`HALVES`]: each block of
/// the kept batch is loaded once for each of them (docs/counter.md, "The crew").
pub(super) const PROBING: usize = 8;

/// The segments a crew's batch of the other side is made in.
pub(super) const PROBING_SUBS: usize = 64;

/// The four quarter lists of a row set, in the order a row set numbers the combinations of
/// their parts (the last changing fastest).
pub(super) const NORTH_EAST: usize = 0;
pub(super) const SOUTH_EAST: usize = 1;
pub(super) const NORTH_WEST: usize = 2;
pub(super) const SOUTH_WEST: usize = 3;

/// The shape of the board's cut and its four quarters.
pub(super) struct Join {
    pub(super) n: u32,
    /// West columns, north rows (both `⌊n/2⌋`).
    pub(super) w: u32,
    /// East columns, south rows (both `n - w`).
    pub(super) e: u32,
    pub(super) north_west: Shape,
    pub(super) south_west: Shape,
    pub(super) north_east: Shape,
    pub(super) south_east: Shape,
    /// For each `k`, the sets of `k` north rows, in order.
    pub(super) north_sets: Vec<Vec<u32>>,
    /// For each `k`, the sets of `e - k` south rows (local: bit 0 is row `w`), in order.
    pub(super) south_sets: Vec<Vec<u32>>,
    pub(super) kernel: Kernel,
    /// The most halves of a side made at once ([`HALVES`]; tests take fewer).
    pub(super) halves: usize,
    /// The most placements of a list held at once ([`LIST_PART`]; tests take fewer).
    pub(super) list_part: usize,
    /// Whether a row set met in batches is counted by a crew (`super::crew`): from
    /// n = [`CREW_FROM`], or when a test asks.
    pub(super) crew: bool,
}

impl Join {
    /// The cut of an `n`×`n` board, `n >= 1`.
    pub(super) fn new(n: u32, kernel: Kernel) -> Join {
        let (w, e) = (n / 2, n - n / 2);
        // East squares off the long diagonals' east segments (the centre of an odd board is
        // on both, and stays).
        let east = |row: u32, col: u32| {
            let (row, col) = (row, col + w);
            !(row + col == n - 1 && row < w || row == col && row > n - 1 - w)
        };
        let sets = |size: u32, of: u32| -> Vec<u32> { subsets(size, of).collect() };
        Join {
            n,
            w,
            e,
            north_sets: (0..=w).map(|k| sets(k, w)).collect(),
            south_sets: (0..=w).map(|k| sets(e - k, e)).collect(),
            north_west: Shape::new(n, 0, w, 0, w, |_, _| true),
            south_west: Shape::new(n, w, e, 0, w, |_, _| true),
            north_east: Shape::new(n, 0, w, w, e, east),
            south_east: Shape::new(n, w, e, w, e, |r, c| east(r + w, c)),
            kernel,
            halves: HALVES,
            list_part: LIST_PART,
            crew: n >= CREW_FROM,
        }
    }

    /// How a unit's pieces are numbered (`super::progress::Progress`), for a checkpoint's steps:
    /// the numbering's version (raised when the order or the cut of the pieces changes), the
    /// batches of halves and the parts of lists, which decide the cut.
    pub(super) fn layout(&self) -> u64 {
        let mut hash = Fnv::new();
        hash.bytes(b"join pieces");
        for word in [PIECES_VERSION, self.halves as u64, self.list_part as u64] {
            hash.word(word);
        }
        // Small parts are raised to a share of their list, which cuts them otherwise.
        if self.list_part < quarter::SMALL_PART {
            hash.bytes(b"raised");
            hash.word(quarter::FEWEST_PARTS);
        }
        // A crew cuts the batches otherwise (whatever its number of threads).
        if self.crew {
            hash.bytes(b"crew");
            for word in [KEPT, KEPT_SUBS, PROBING, PROBING_SUBS] {
                hash.word(word as u64);
            }
        } else {
            hash.bytes(b"alone");
            for word in [BLOCKED, ALONE_PROBING] {
                hash.word(word as u64);
            }
        }
        hash.finish()
    }

    /// The bits of a key: the `/` and the `\` diagonals crossing the west/east line.
    pub(super) fn key_bits(&self) -> u32 {
        2 * (self.n - 1)
    }

    /// The units: for each `k`, the north sets cut into tiles of at most [`NORTH_BYTES`] of
    /// lists (measured by counting each set's placements), each tile's south sets cut into
    /// runs of [`SOUTH_SETS`] ([`SOUTH_SETS_ALONE`] from n = [`TILE_ALONE_FROM`]). The same
    /// list for the same `n`.
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if the list does not fit (632,532 units at n = 28: 20 MB).
    pub(super) fn units(&self) -> Result<Vec<Tile>, OutOfMemory> {
        let mut units = Vec::new();
        let north = (1u32 << self.w) - 1;
        for k in 0..=self.w {
            let (norths, souths) = (&self.north_sets[k as usize], &self.south_sets[k as usize]);
            if norths.is_empty() || souths.is_empty() {
                continue;
            }
            // Lists no bigger than their sets' arrangements (k of e columns east, w − k of w
            // west) that fill no tile together: one tile, as counting them would make it.
            let arrangements =
                |cols: u32, rows: u32| -> u64 { (cols - rows + 1..=cols).map(u64::from).product() };
            let most = 8 * (arrangements(self.e, k) + arrangements(self.w, self.w - k))
                + 8 * (1 << self.e);
            if self.n < TILE_ALONE_FROM && (norths.len() as u64).saturating_mul(most) <= NORTH_BYTES
            {
                let all = 0..norths.len() as u32;
                self.tile_units(k, all, souths.len() as u32, &mut units)?;
                continue;
            }
            let mut start = 0;
            let mut bytes = 0;
            for (i, &set) in norths.iter().enumerate() {
                // From n = TILE_ALONE_FROM a north set's lists alone fill a tile, and counting
                // them first would take minutes: each set is a tile of its own.
                let size = if self.n >= TILE_ALONE_FROM {
                    NORTH_BYTES
                } else {
                    8 * (Lists::count(&self.north_east, set)
                        + Lists::count(&self.north_west, north & !set))
                        + 8 * (1 << self.e)
                };
                if i > start && bytes + size > NORTH_BYTES {
                    self.tile_units(k, start as u32..i as u32, souths.len() as u32, &mut units)?;
                    (start, bytes) = (i, 0);
                }
                bytes += size;
            }
            self.tile_units(
                k,
                start as u32..norths.len() as u32,
                souths.len() as u32,
                &mut units,
            )?;
        }
        Ok(units)
    }

    /// Adds the units of one tile: its south sets in runs.
    pub(super) fn tile_units(
        &self,
        k: u32,
        north: std::ops::Range<u32>,
        souths: u32,
        units: &mut Vec<Tile>,
    ) -> Result<(), OutOfMemory> {
        let mut s = 0;
        while s < souths {
            let run = if self.n >= TILE_ALONE_FROM {
                SOUTH_SETS_ALONE
            } else {
                SOUTH_SETS
            };
            let end = (s + run).min(souths);
            let tile = Tile {
                k,
                north: north.clone(),
                south: s..end,
            };
            crate::memory::push(units, tile, "the list of units of work")?;
            s = end;
        }
        Ok(())
    }

    /// The shape of list `quarter` ([`NORTH_EAST`], [`SOUTH_EAST`], [`NORTH_WEST`] or
    /// [`SOUTH_WEST`]) of the row set of north set `north` and south set `south` (local rows),
    /// and the rows the list is built on.
    pub(super) fn quarter(&self, quarter: usize, (north, south): (u32, u32)) -> (&Shape, u32) {
        let (all_north, all_south) = ((1u32 << self.w) - 1, (1u32 << self.e) - 1);
        match quarter {
            NORTH_EAST => (&self.north_east, north),
            SOUTH_EAST => (&self.south_east, south),
            NORTH_WEST => (&self.north_west, all_north & !north),
            _ => (&self.south_west, all_south & !south),
        }
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

    /// The row set of north set `north` and south set `south` turned upside down (row `r` to
    /// row `n - 1 - r`), as its north set and south set: the same number of placements, made
    /// of other quarter lists.
    pub(super) fn reverse(&self, north: u32, south: u32) -> (u32, u32) {
        let rows = north | south << self.w;
        let reverse = rows.reverse_bits() >> (32 - self.n);
        (reverse & ((1u32 << self.w) - 1), reverse >> self.w)
    }

    /// The weight of the row set of north set `north` and south set `south` in the upside-down
    /// fold: 2 if its reverse is greater (and so not counted), 1 if it is its own reverse, 0
    /// if its reverse is smaller (counted for it).
    pub(super) fn fold(&self, north: u32, south: u32) -> u64 {
        let rows = north | south << self.w;
        let reverse = rows.reverse_bits() >> (32 - self.n);
        match rows.cmp(&reverse) {
            std::cmp::Ordering::Less => 2,
            std::cmp::Ordering::Equal => 1,
            std::cmp::Ordering::Greater => 0,
        }
    }
}
