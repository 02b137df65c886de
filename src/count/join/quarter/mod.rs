//! The partial placements of one quarter of the board on one set of rows, bucketed by the
//! columns they use: the building blocks of the half boards that [`super`] joins, made when a
//! row set is counted instead of held for every row set at once.
//!
//! The board is cut between its west columns `0..w` and its east columns `w..n`, and between
//! its north rows `0..w` and its south rows `w..n` (`w = ⌊n/2⌋`). A quarter is one of the four
//! rectangles. For a set of its rows, [`Lists::build`] lists every way to put one queen in each
//! of those rows, in distinct columns of the quarter, on squares it allows, no two on a
//! diagonal, grouped by the set of columns used.
//!
//! # Entries
//!
//! Each placement is one word, its *entry*: the diagonals it uses that cross the west/east
//! line, in the board's own coordinates (bit `r + c - w` for the `/` diagonal of square
//! `(r, c)`, bit `n - 1 + r - c + w - 1` for its `\` diagonal, when they cross the line) —
//! the half's *key* — and, above those `2(n - 1)` bits, one more for a diagonal that crosses
//! the north/south line within the half but not the west/east line (there is one, the `\`
//! diagonal through `(w, n - 1)` of an odd board's east half).
//!
//! Why one word does for both joins: a north and a south placement of the same half attack
//! each other only along a diagonal that crosses the north/south line within the half, and
//! every such diagonal crosses the west/east line too, but for that one. So the two fit
//! exactly when their columns are disjoint (the buckets see to that) and `a & b == 0`; their
//! half's key is `a | b` without the extra bit; and a west and an east half fit exactly when
//! their keys share no bit. `2(n - 1) + 1` bits fit in a word for every `n <= 32` (the old
//! tables' unclipped diagonals needed `2(n + ⌈n/2⌉)` and stopped at n = 22), and a list of
//! row sets takes 8 bytes a placement.
//!
//! (Its example is the unit test `examples::lists_of_a_quarter` at the bottom of this file.)

use crate::memory::OutOfMemory;
use walk::Walk;

mod walk;

/// Parts of fewer placements than this are not cut from a list: it is cut in [`FEWEST_PARTS`]
/// parts instead (of at least half of it). The default part
/// ([`LIST_PART`](crate::count::join::LIST_PART)) is bigger, so it never is raised.
pub const SMALL_PART: usize = 1 << 20;

/// The most parts a list is cut into when its parts would hold fewer than [`SMALL_PART`]
/// placements: a row set is met once for every combination of its four lists' parts, so
/// parts of a few placements cost the fourth power of their number, and two parts a list
/// take every path of lists in parts.
pub const FEWEST_PARTS: u64 = 2;

/// The size of part a list of `total` placements is cut into when parts of `most` are asked
/// for: `most`, raised to a [`FEWEST_PARTS`]-th of the list where that is smaller than
/// [`SMALL_PART`].
///
/// (Its example is the unit test `examples::parts_raised` at the bottom of this file.)
pub fn raised(most: usize, total: u64) -> u64 {
    let quarter = total.div_ceil(FEWEST_PARTS).min(SMALL_PART as u64);
    (most as u64).max(quarter)
}

/// One placement of a quarter on its row set: the diagonals that matter to the joins (see
/// the module's docs).
pub type Entry = u64;

/// Where a quarter lies on the board and which of its squares may hold a queen.
pub struct Shape {
    /// The quarter's width.
    cols: u32,
    /// Each local row's allowed local columns.
    allowed: Vec<u32>,
    /// Each local square's [`Entry`] bits, row by row.
    bits: Vec<Entry>,
}

impl Shape {
    /// The quarter of an `n`×`n` board cut at `w = ⌊n/2⌋`, with rows `top..top + rows` and
    /// columns `left..left + cols`, whose square `(row, col)` (counted from the quarter's top
    /// left) may hold a queen when `allowed(row, col)`.
    ///
    /// # Panics
    ///
    /// Panics if `n > 32`, or the quarter is not one of the four quarters of the cut.
    pub fn new(
        n: u32,
        top: u32,
        rows: u32,
        left: u32,
        cols: u32,
        allowed: impl Fn(u32, u32) -> bool,
    ) -> Shape {
        let w = n / 2;
        assert!(n <= 32, "quarter: n = {} is above 32", n);
        assert!(
            (top, left) == (0, 0) && (rows, cols) == (w, w)
                || (top, left) == (w, 0) && (rows, cols) == (n - w, w)
                || (top, left) == (0, w) && (rows, cols) == (w, n - w)
                || (top, left) == (w, w) && (rows, cols) == (n - w, n - w),
            "quarter: not a quarter of the cut of a {0}×{0} board",
            n
        );
        let (n, w) = (i64::from(n), i64::from(w));
        let width = i64::from(cols);
        let crosses = |d: i64, len: i64| (0..len).contains(&d);
        let mut bits = Vec::with_capacity((rows * cols) as usize);
        for lr in 0..rows {
            for lc in 0..cols {
                let (r, c) = (i64::from(top + lr), i64::from(left + lc));
                let local = i64::from(lc);
                let (slash, back) = (r + c - w, r - c + w - 1);
                let mut entry = 0;
                if crosses(slash, n - 1) {
                    entry |= 1 << slash;
                }
                if crosses(back, n - 1) {
                    entry |= 1 << (n - 1 + back);
                }
                // The north/south line within the half: a diagonal crossing it that the key
                // does not hold gets the bit above the key (only the `\` one of the module's
                // docs does).
                let slash_ns = crosses(r + local - w, width - 1);
                let back_ns = crosses(r - local - (w - width + 1), width - 1);
                assert!(
                    !slash_ns || crosses(slash, n - 1),
                    "quarter: a `/` diagonal crosses the north/south line only"
                );
                if back_ns && !crosses(back, n - 1) {
                    assert_eq!(
                        (n % 2, left as i64, back),
                        (1, w, -1),
                        "quarter: another diagonal"
                    );
                    entry |= 1 << (2 * (n - 1));
                }
                bits.push(entry);
            }
        }
        Shape {
            cols,
            allowed: (0..rows)
                .map(|r| {
                    (0..cols)
                        .filter(|&c| allowed(r, c))
                        .fold(0, |m, c| m | 1 << c)
                })
                .collect(),
            bits,
        }
    }

    /// The local columns of local row `r` where a queen may still go: allowed, not in `used`,
    /// and on no diagonal taken: `slash` holds bit `r + c` for a `/` diagonal, `back` bit
    /// `c + BACK − r` for a `\` one ([`Shape::diagonals`]). A search so tries only the
    /// squares open, not every free column.
    ///
    /// # Complexity
    ///
    /// O(1).
    fn open(&self, r: u32, used: u32, slash: u64, back: u64) -> u32 {
        self.allowed[r as usize] & !used & !((slash >> r) as u32) & !((back >> (BACK - r)) as u32)
    }

    /// The bits of square `(r, c)`'s two diagonals (local) in the masks of [`Shape::open`].
    fn diagonals(r: u32, c: u32) -> (u64, u64) {
        (1 << (r + c), 1 << (c + BACK - r))
    }
}

/// Where a local `\` diagonal's bit starts, so that `c − r` is never below 0: a quarter has
/// at most 16 rows and columns, so every bit is below 48.
const BACK: u32 = 32;

/// The placements of one quarter on one row set, bucketed by their column sets; the buffers
/// are kept from one row set to the next.
///
/// A row set with too many placements to hold at once is listed in *parts*
/// ([`Lists::build_part`]): runs of the placements in the search's order, each listed and
/// bucketed as a whole row set's would be. (At n = 32 a north-west quarter's row set of 12
/// rows has some 5·10⁸ placements: 4 GB.)
#[derive(Default)]
pub struct Lists {
    cols: u32,
    /// `starts[c]..starts[c + 1]` are the entries of column set `c`.
    starts: Vec<u32>,
    entries: Vec<Entry>,
    /// The part held and the number of parts of its row set.
    part: u64,
    parts: u64,
    /// The row set whose parts are planned (its shape's address, its rows, the most a part
    /// holds), and where each part's prefixes start (and the last one's end).
    planned: Option<(usize, u32, usize)>,
    plan: Vec<u32>,
    /// Room to count each prefix's placements in.
    prefixes: Vec<u64>,
}

/// The most placements the search that plans a row set's parts keeps as it finds them (2 MB):
/// a row set with no more (every one below n = 24 but the largest) is bucketed from them, and
/// searched once, not twice. A bigger one is searched again, part by part.
const KEPT_AS_FOUND: usize = 1 << 17;

/// Room for the placements the search that plans a row set's parts finds (with their column
/// sets, in its order), lent to [`Lists::build_part`] by its caller: one for all the lists a
/// worker holds.
pub struct Found {
    placements: Vec<(u32, Entry)>,
    /// The most kept ([`KEPT_AS_FOUND`] unless a test asks for fewer).
    most: usize,
}

impl Default for Found {
    fn default() -> Found {
        Found {
            placements: Vec::new(),
            most: KEPT_AS_FOUND,
        }
    }
}

impl Lists {
    /// Lists the placements of `shape` with one queen in each of the local rows `rows` (a bit
    /// mask) and none in the others.
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if they do not fit in memory.
    ///
    /// # Complexity
    ///
    /// Linear in the placements and the dead ends of the search, plus `2^cols` for the buckets.
    #[cfg(test)]
    pub fn build(&mut self, shape: &Shape, rows: u32) -> Result<(), OutOfMemory> {
        self.build_part(shape, rows, 0, usize::MAX, &mut Found::default())
            .map(|_| ())
    }

    /// Lists part `part` of the placements of [`Lists::build`], when they are cut into parts
    /// of about `most` placements; returns the number of parts. The parts are runs of the
    /// placements in the order the search finds them, cut between *prefixes* (the columns of
    /// the set's first 3 rows), so a part holds more than `most` only when one prefix does,
    /// and listing it searches its own prefixes alone. The cut is planned once per row set
    /// (one search, in no memory beyond a count per prefix) and kept while its parts come.
    ///
    /// # Panics
    ///
    /// Panics if `most` is 0 or `part` is not below the number of parts.
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if the part does not fit in memory.
    ///
    /// # Complexity
    ///
    /// Linear in the part's placements and the dead ends of their search, plus `2^cols` for
    /// the buckets; the first part of a row set cut in parts searches the whole row set once
    /// more.
    ///
    /// (Its example is the unit test `examples::lists_in_parts` at the bottom of this file.)
    pub fn build_part(
        &mut self,
        shape: &Shape,
        rows: u32,
        part: u64,
        most: usize,
        found: &mut Found,
    ) -> Result<u64, OutOfMemory> {
        assert!(most > 0, "quarter: parts of no placement");
        self.cols = shape.cols;
        self.parts = 0;
        let mut walk = Walk::new(shape, rows);
        // The first search counts each bucket's placements and keeps them as found, up to
        // `found.most`: a list no bigger is put in place from them; a bigger one is searched
        // again, each placement put in its place, so no list of them as found is held whole
        // (it took twice the entries' memory).
        let buckets = 1usize << shape.cols;
        self.starts.clear();
        crate::memory::reserve(&mut self.starts, buckets + 1, "a quarter's buckets")?;
        self.starts.resize(buckets + 1, 0);
        let planned = Some((shape as *const Shape as usize, rows, most));
        let (mut counted, mut kept_all) = (false, false);
        if self.planned != planned {
            // Plan the parts: count each prefix's placements (and each bucket's, which is all
            // a row set in one part needs), and cut the run of prefixes greedily.
            self.planned = None;
            self.prefixes.clear();
            self.prefixes.resize(walk.prefixes() as usize, 0);
            found.placements.clear();
            // Without room for them, the placements are found again below.
            let room = match found.placements.try_reserve(found.most) {
                Ok(()) => found.most,
                Err(_) => 0,
            };
            let (starts, prefixes, kept) =
                (&mut self.starts, &mut self.prefixes, &mut found.placements);
            kept_all = true;
            walk.each(&mut |cols, entry, prefix| {
                starts[cols as usize + 1] += 1;
                prefixes[prefix as usize] += 1;
                if kept.len() < room {
                    kept.push((cols, entry));
                } else {
                    kept_all = false;
                }
            });
            self.plan.clear();
            self.plan.push(0);
            let most = raised(most, self.prefixes.iter().sum());
            let mut size = 0;
            for (prefix, &count) in self.prefixes.iter().enumerate() {
                if size > 0 && size + count > most {
                    self.plan.push(prefix as u32);
                    size = 0;
                }
                size += count;
            }
            self.plan.push(walk.prefixes());
            self.planned = planned;
            counted = true;
        }
        let parts = self.plan.len() as u64 - 1;
        assert!(part < parts, "quarter: part {} of {}", part, parts);
        if parts > 1 {
            walk.only(self.plan[part as usize], self.plan[part as usize + 1]);
        }
        if parts > 1 || !counted {
            self.starts.fill(0);
            let starts = &mut self.starts;
            walk.each(&mut |cols, _, _| starts[cols as usize + 1] += 1);
        }
        for i in 0..buckets {
            self.starts[i + 1] += self.starts[i];
        }
        let total = self.starts[buckets] as usize;
        // A bigger row set's buffer before is let go, not kept for this smaller one.
        if self.entries.capacity() > 2 * total + (1 << 20) {
            self.entries = Vec::new();
        }
        self.entries.clear();
        crate::memory::reserve(&mut self.entries, total, "a quarter's placements")?;
        self.entries.resize(total, 0);
        // Each bucket's next free place: its start, moved on as it fills (kept in `starts`
        // shifted down by one, then restored).
        let (starts, entries) = (&mut self.starts, &mut self.entries);
        let mut place = |cols: u32, entry: Entry| {
            let at = &mut starts[cols as usize];
            entries[*at as usize] = entry;
            *at += 1;
        };
        if counted && parts == 1 && kept_all {
            for &(cols, entry) in &found.placements {
                place(cols, entry);
            }
        } else {
            walk.each(&mut |cols, entry, _| place(cols, entry));
        }
        for i in (1..=buckets).rev() {
            self.starts[i] = self.starts[i - 1];
        }
        self.starts[0] = 0;
        (self.part, self.parts) = (part, parts);
        Ok(parts)
    }

    /// The part held and the number of parts of its row set ([`Lists::build_part`]; `(0, 0)`
    /// before the first build or after one failed).
    pub fn part(&self) -> (u64, u64) {
        (self.part, self.parts)
    }

    /// The number of placements [`Lists::build`] would list for `rows`, without listing them.
    ///
    /// # Complexity
    ///
    /// That of the search of [`Lists::build`], in no memory.
    pub fn count(shape: &Shape, rows: u32) -> u64 {
        fn visit(shape: &Shape, rows: u32, used: u32, slash: u64, back: u64) -> u64 {
            let r = rows.trailing_zeros();
            let rest = rows & (rows - 1);
            let mut can = shape.open(r, used, slash, back);
            if rest == 0 {
                // The last row's placements are counted here, without a call each.
                return u64::from(can.count_ones());
            }
            let mut found = 0;
            while can != 0 {
                let c = can.trailing_zeros();
                can &= can - 1;
                let (s, b) = Shape::diagonals(r, c);
                found += visit(shape, rest, used | 1 << c, slash | s, back | b);
            }
            found
        }
        if rows == 0 {
            return 1;
        }
        visit(shape, rows, 0, 0, 0)
    }

    /// The placements that use exactly the columns `cols` (a bit mask).
    ///
    /// # Complexity
    ///
    /// O(1).
    pub fn bucket(&self, cols: u32) -> &[Entry] {
        let c = cols as usize;
        &self.entries[self.starts[c] as usize..self.starts[c + 1] as usize]
    }

    /// Every bit any placement listed uses.
    ///
    /// # Complexity
    ///
    /// O(placements).
    pub fn used(&self) -> Entry {
        self.entries.iter().fold(0, |all, &entry| all | entry)
    }

    /// The number of placements listed.
    pub fn len(&self) -> usize {
        self.entries.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every placement of the whole board found by joining its quarters' lists by brute force:
    /// the four lists of each row set, every compatible combination, checked square by square.
    fn placements_by_quarters(n: u32) -> u64 {
        let (w, e) = (n / 2, n - n / 2);
        let shapes = [
            Shape::new(n, 0, w, 0, w, |_, _| true),
            Shape::new(n, w, e, 0, w, |_, _| true),
            Shape::new(n, 0, w, w, e, |_, _| true),
            Shape::new(n, w, e, w, e, |_, _| true),
        ];
        let mut lists: Vec<Lists> = (0..4).map(|_| Lists::default()).collect();
        let mut found = 0;
        for east in 0u32..1 << n {
            if east.count_ones() != e {
                continue;
            }
            let west = !east & ((1 << n) - 1);
            let rows = [
                west & ((1 << w) - 1),
                west >> w,
                east & ((1 << w) - 1),
                east >> w,
            ];
            for (q, list) in lists.iter_mut().enumerate() {
                list.build(&shapes[q], rows[q]).unwrap();
            }
            let key_mask = (1u64 << (2 * (n - 1))) - 1;
            let half = |north, south, width| {
                super::super::tests::all_halves(north, south, width, key_mask)
            };
            let west_keys = half(&lists[0], &lists[1], w);
            let east_keys = half(&lists[2], &lists[3], e);
            for a in &west_keys {
                found += east_keys.iter().filter(|&&b| a & b == 0).count() as u64;
            }
        }
        found
    }

    #[test]
    fn the_quarters_of_every_row_set_join_to_every_placement() {
        for n in 1..=11 {
            assert_eq!(
                placements_by_quarters(n),
                crate::judge::KNOWN_COUNTS[n as usize],
                "n = {}",
                n
            );
        }
    }

    #[test]
    fn counting_finds_what_listing_lists() {
        let shape = Shape::new(13, 6, 7, 6, 7, |r, c| r != c);
        let mut lists = Lists::default();
        for rows in [0u32, 0b1, 0b101_0101, 0b111_1111, 0b011_0110] {
            lists.build(&shape, rows).unwrap();
            assert_eq!(Lists::count(&shape, rows), lists.len() as u64, "{:b}", rows);
        }
    }

    #[test]
    fn a_row_set_is_bucketed_alike_from_the_placements_kept_or_searched_again() {
        let shape = Shape::new(13, 6, 7, 6, 7, |r, c| r != c);
        let (mut kept, mut again, mut found) =
            (Lists::default(), Lists::default(), Found::default());
        for rows in [0u32, 0b1, 0b101_0101, 0b111_1111, 0b011_0110] {
            kept.build(&shape, rows).unwrap();
            let len = kept.len();
            // None kept, too few kept, all of them just fitting, in parts.
            for (room, most) in [
                (0, usize::MAX),
                (3, usize::MAX),
                (len, usize::MAX),
                (len, 7),
            ] {
                found.most = room;
                let parts = again.build_part(&shape, rows, 0, most, &mut found).unwrap();
                let mut buckets = vec![Vec::new(); 1 << 7];
                for part in 0..parts {
                    again
                        .build_part(&shape, rows, part, most, &mut found)
                        .unwrap();
                    for (cols, bucket) in buckets.iter_mut().enumerate() {
                        bucket.extend_from_slice(again.bucket(cols as u32));
                    }
                }
                for (cols, bucket) in buckets.iter().enumerate() {
                    assert_eq!(&bucket[..], kept.bucket(cols as u32), "{:b} {}", rows, room);
                }
            }
        }
    }

    #[test]
    fn forbidden_squares_hold_no_queen() {
        let shape = Shape::new(6, 0, 3, 0, 3, |r, c| r != c);
        let mut lists = Lists::default();
        lists.build(&shape, 0b001).unwrap();
        assert!(lists.bucket(0b001).is_empty());
        assert_eq!(lists.bucket(0b010).len(), 1);
    }

    #[test]
    fn a_square_knows_the_diagonals_it_crosses() {
        // 8×8, the south-east quarter's top-left square (4, 4): its `/` diagonal (r + c = 8)
        // crosses the west/east line at bit 8 - 4 = 4, its `\` diagonal (r = c) at bit
        // 7 + (4 - 4 + 3) = 10.
        let shape = Shape::new(8, 4, 4, 4, 4, |_, _| true);
        assert_eq!(shape.bits[0], 1 << 4 | 1 << 10);
        // 9×9 (w = 4): the `\` diagonal through (3, 7) and (4, 8) crosses the north/south line
        // in the east half but never reaches the west: the bit above the key, 2 · 8.
        let shape = Shape::new(9, 0, 4, 4, 5, |_, _| true);
        assert_eq!(shape.bits[3 * 5 + 3] >> 16, 1);
    }
}

#[cfg(test)]
mod examples {
    //! The examples of this private module's docs, run as unit tests.

    #[test]
    fn parts_raised() {
        use crate::count::join::quarter::raised;

        assert_eq!(raised(1, 1000), 500); // two parts, not a thousand
        assert_eq!(raised(600, 1000), 600);
        assert_eq!(raised(1, 3), 2);
        assert_eq!(raised(1, 1 << 30), 1 << 20);
        assert_eq!(raised(1 << 23, 1 << 30), 1 << 23); // the default never is raised
    }

    #[test]
    fn lists_in_parts() {
        use crate::count::join::quarter::{Found, Lists, Shape};

        // The south-east quarter of a 12×12 board on 5 of its rows (40 placements), whole and
        // in parts of about 20 placements, or of 2 (raised to half the list): the parts hold
        // every placement once.
        let shape = Shape::new(12, 6, 6, 6, 6, |_, _| true);
        let mut whole = Lists::default();
        whole.build(&shape, 0b11_1110).unwrap();
        assert_eq!(whole.len(), 40);
        for (asked, most, cut) in [(20, 20, 2), (2, 20, 2)] {
            let mut part = Lists::default();
            let found = &mut Found::default();
            let parts = part.build_part(&shape, 0b11_1110, 0, asked, found).unwrap();
            // Cut between prefixes: as many parts as parts of `most` need.
            assert_eq!(parts, cut, "parts of {}", asked);
            let mut sizes = vec![part.len()];
            for p in 1..parts {
                part.build_part(&shape, 0b11_1110, p, asked, found).unwrap();
                sizes.push(part.len());
            }
            assert!(
                sizes.iter().all(|&size| (1..=most).contains(&size)),
                "{:?}",
                sizes
            );
            assert_eq!(sizes.iter().sum::<usize>(), whole.len());
        }
    }

    #[test]
    fn lists_of_a_quarter() {
        use crate::count::join::quarter::{Lists, Shape};

        // The north-west quarter of a 4×4 board (rows 0..2, columns 0..2), on both its rows: no
        // placement, as on 2×2 any two queens in distinct rows and columns share a diagonal.
        let shape = Shape::new(4, 0, 2, 0, 2, |_, _| true);
        let mut lists = Lists::default();
        lists.build(&shape, 0b11).unwrap();
        assert!(lists.bucket(0b11).is_empty());
        // On row 0 alone: one queen in either column.
        lists.build(&shape, 0b01).unwrap();
        assert_eq!((lists.bucket(0b01).len(), lists.bucket(0b10).len()), (1, 1));
    }
}
