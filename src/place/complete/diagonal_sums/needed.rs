//! The diagonals every completion must use, found one at a time by the sums, and the queens
//! they force.
//!
//! Reserve every square of one free diagonal: if the sums of [the module](super) refute
//! that board, no completion leaves the diagonal empty, so each has a queen on it. Such a
//! diagonal is then a line like a row or a column: exactly one queen. On a board the sums
//! only just let through, many diagonals are needed (often every diagonal of one kind a
//! completion would take), and the lines then force queens as a row with one open square
//! does: a needed diagonal with one open square takes its queen, which may shut every
//! open square of another needed diagonal, so the board with that queen fails the sums: no
//! completion exists, shown without a search (the board in
//! `fixtures/boards/csplib-excluded-diagonals-28-needed.board` is such a one).
//!
//! The other way round, give one free diagonal a queen: its kind's programme then chooses
//! the m − 1 other values, with the sums less that one ([`Check::probe`]). If the sums fail,
//! no completion has a queen on it: it is forbidden, and its squares can be reserved. These
//! are the diagonals near the corners, whose squares are too far out for the sum of squares.
//! [`Probing`] tries
//! them from each end of each kind inwards, until four in a row are not forbidden, then
//! reserves the squares of all it found at once: the diagonals they empty leave the board's
//! values, so the tables of the probes after are smaller and the sums tighter. It does so
//! first, before any diagonal is left empty: the restarted search then has the board
//! narrowed before its first needed line (docs/completion.md, "The probes", says what that
//! gains).
//!
//! [`Probing`] tries the free diagonals one at a time, from both ends of their counts of
//! open squares in turn: the fewest (a needed diagonal with few squares is the one that
//! forces queens) and the most (the long diagonals near the middle, those a completion
//! needs most often: as lines of the restarted search they matter soonest). After each
//! needed one it places the queens the needed diagonals, rows and columns force, until a
//! line has no open square left (a proof) or none is forced. The board with the forced
//! queens placed is then checked whole (the sums failing there are a proof too), and later
//! probes are made on it, where the sums are tighter and the tables smaller.
//!
//! A probe is the board's check with one value of one kind left out ([`Check::probe`]):
//! the other kind's values stay as they are (one that the reserved diagonal leaves with no
//! open square is still offered, which makes the check weaker, never wrong), so the sets
//! that kind reaches at each stage are the same for every probe of the first kind, made
//! once and shared; and a programme's table is reused from probe to probe: a fraction of a
//! whole check a probe, for the same diagonals found.
//!
//! Most probes pass, and a probe that passes needs no check when a choice already found
//! meets the conditions without its diagonal (or with it, given a queen): a
//! [witness](super::witness). Each probe first looks for one among those of the board, then
//! seeks one for a moment, and is checked only if none fits.

use super::check::{Check, Reached, Verdict};
use super::programme::Tables;
use super::witness::{bit, Witness};
use crate::board::Board;
use crate::memory::OutOfMemory;
use crate::rng::SplitMix64;

/// The probes in a row that an end of the diagonals given a queen goes on after its last
/// forbidden one ([`Probing::scan`]): the forbidden diagonals are those near the corners,
/// mostly in a run from the end, with gaps of one to three (CSPLib's Excluded Diagonals of
/// n = 43 to 50).
const SCAN_MISSES: u32 = 4;

/// The seed of the witnesses' search: the same witnesses, and so the same probes, on every
/// machine.
const WITNESS_SEED: u64 = 0x05ee_d0f5_a4d5;

/// What a board's diagonals look like to the probing: for each kind (0: the sum diagonals
/// r + c, 1: the difference diagonals r + n − 1 − c), one bit a diagonal.
type Diagonals = [u128; 2];

/// The probes of one board's free diagonals, a check ([`Check`]) a probe, run a share at
/// a time; see the [module docs](self).
pub(super) struct Probing {
    n: usize,
    /// Its placed queens, and the queens the needed diagonals forced.
    queens: Vec<(u32, u32)>,
    /// The board with the forced queens placed: what the probes reserve a diagonal of.
    board: Board,
    /// The diagonals still to probe (kind, index), the next last.
    pub(super) to_probe: Vec<(usize, usize)>,
    /// The diagonals found needed.
    pub(super) needed: Diagonals,
    /// The ends the diagonals are given a queen from ([`Probing::scan`]): for each
    /// kind, its diagonals of lower index, the lowest last, then those of higher index, the
    /// highest last; and the probes since each end last found one forbidden.
    ends: [Vec<(usize, usize)>; 4],
    misses: [u32; 4],
    /// The end of the probe under way, if it gives its diagonal a queen.
    scanning: Option<usize>,
    /// The diagonals found forbidden (no completion has a queen on them), and of those the
    /// ones whose squares the board does not have reserved yet.
    pub(super) forbidden: Diagonals,
    found: Diagonals,
    /// The probe under way, and its diagonal (`None`: the board with the forced queens,
    /// nothing more reserved).
    probe: Option<(Check, Option<(usize, usize)>)>,
    /// Whether queens were forced since the board was last checked whole.
    forced: bool,
    /// The check of the board with the forced queens placed, which each probe copies with
    /// one diagonal less (`None`: not made yet for this board; `Some(None)`: the board is
    /// not checked), and for the probes of each kind the other kind's sets reached, shared
    /// ([`Check::probe`]).
    base: Option<Option<Check>>,
    kept: [Vec<Option<Reached>>; 2],
    /// A table of a probe done with, for the next to reuse.
    spare: [Tables; 2],
    /// The witnesses found on the board as it is now ([`super::witness`]), and the random
    /// stream their search draws from.
    witnesses: Vec<Witness>,
    rng: SplitMix64,
    /// The word operations done.
    pub(super) work: u64,
    /// The diagonals left empty in a probe so far (not those a forced queen filled or shut,
    /// skipped), and those given a queen.
    probed: usize,
    scanned: usize,
}

impl Probing {
    /// The probes of `board`'s free diagonals, or `None` if it is wider than 64 or has no
    /// free row.
    ///
    /// # Complexity
    ///
    /// O(n²).
    pub(super) fn new(board: &Board) -> Option<Probing> {
        let n = board.size();
        if n > 64 || board.free_rows() == 0 {
            return None;
        }
        let mut probing = Probing {
            n,
            queens: board.queens().to_vec(),
            board: board.clone(),
            to_probe: Vec::new(),
            needed: [0; 2],
            ends: Default::default(),
            misses: [0; 4],
            scanning: None,
            forbidden: [0; 2],
            found: [0; 2],
            probe: None,
            forced: false,
            base: None,
            kept: [Vec::new(), Vec::new()],
            spare: Default::default(),
            witnesses: Vec::new(),
            rng: SplitMix64::new(WITNESS_SEED),
            work: 0,
            probed: 0,
            scanned: 0,
        };
        let open = probing.open_squares();
        let mut order: Vec<(u32, (usize, usize))> = (0..2)
            .flat_map(|kind| (0..2 * n - 1).map(move |d| (kind, d)))
            .map(|(kind, d)| (probing.on_diagonal(&open, kind, d), (kind, d)))
            .filter(|&(count, _)| count > 0)
            .collect();
        // Fewest open squares and most in turn, taken from the end: the short diagonals,
        // needed, force queens; the long ones are those a completion needs most often.
        if board.free_rows() >= 2 {
            // A diagonal given a queen leaves m − 1 to choose: at least one. Each kind's
            // free diagonals in order of index (as `order` lists them yet), split in two.
            for kind in 0..2 {
                let mut low: Vec<(usize, usize)> = order
                    .iter()
                    .map(|&(_, diagonal)| diagonal)
                    .filter(|&(k, _)| k == kind)
                    .collect();
                let high = low.split_off(low.len() / 2);
                low.reverse();
                probing.ends[2 * kind] = low;
                probing.ends[2 * kind + 1] = high;
            }
        }
        order.sort_by_key(|&(count, diagonal)| (count, std::cmp::Reverse(diagonal)));
        let mut ends = std::collections::VecDeque::from(order);
        let mut to_probe = Vec::with_capacity(ends.len());
        while let Some((_, fewest)) = ends.pop_front() {
            to_probe.push(fewest);
            if let Some((_, most)) = ends.pop_back() {
                to_probe.push(most);
            }
        }
        to_probe.reverse();
        probing.to_probe = to_probe;
        Some(probing)
    }

    /// The next end to give a diagonal a queen from, in turn, if any is left: an end is
    /// done when it has none, or after [`SCAN_MISSES`] probes in a row found none forbidden.
    fn scan(&mut self) -> Option<usize> {
        let ends = self.ends.len();
        let start = self.scanned;
        (0..ends)
            .map(|i| (start + i) % ends)
            .find(|&end| !self.ends[end].is_empty() && self.misses[end] < SCAN_MISSES)
    }

    /// The diagonals still to probe.
    pub(super) fn left(&self) -> usize {
        self.to_probe.len()
    }

    /// The diagonals left empty in a probe so far, and how many of them were found needed
    /// (the diagonals given a queen are not counted: [`DiagonalSums::guiding`](super::DiagonalSums::guiding)
    /// judges a board by the lines it finds).
    pub(super) fn probed(&self) -> (usize, u32) {
        let needed = self.needed[0].count_ones() + self.needed[1].count_ones();
        (self.probed, needed)
    }

    /// Probes on for about `budget` word operations (less what it did is left in
    /// `budget`): whether they have refuted the board, probed every diagonal without a
    /// proof (passed), or are not done yet.
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if a probe's tables cannot be had.
    pub(super) fn advance(&mut self, budget: &mut u64) -> Result<Verdict, OutOfMemory> {
        let before = self.work;
        let done = loop {
            if self.work - before >= *budget {
                break Verdict::Pending;
            }
            let Some((check, diagonal)) = &mut self.probe else {
                if self.forced {
                    // The board with the queens forced since the last probe, checked whole.
                    self.forced = false;
                    self.probe = Check::new(&self.board).map(|check| (check, None));
                    continue;
                }
                // Diagonals given a queen from the ends first, those found forbidden then
                // reserved all at once; the diagonals left empty after.
                self.scanning = self.scan();
                let diagonal = match self.scanning {
                    Some(end) => self.ends[end].pop().expect("an end left"),
                    None if self.found != [0, 0] => {
                        if self.forbid() {
                            break Verdict::Refuted;
                        }
                        continue;
                    }
                    None => match self.to_probe.pop() {
                        Some(diagonal) => diagonal,
                        None => break Verdict::Passed,
                    },
                };
                let open = self.open_squares();
                // A diagonal a forced queen filled, or whose squares it shut, is not probed:
                // the check of the whole board has seen it empty.
                if self.on_diagonal(&open, diagonal.0, diagonal.1) > 0 {
                    match self.scanning {
                        Some(_) => self.scanned += 1,
                        None => self.probed += 1,
                    }
                    if self.base.is_none() {
                        // A new board: the witnesses of the last one may not hold on it.
                        self.witnesses.clear();
                        self.base = Some(Check::new(&self.board));
                    }
                    let (n, take) = (self.n, self.scanning.is_some());
                    if let Some(Some(base)) = &self.base {
                        // A witness that fits the probe passes it without a programme.
                        let v = diagonal.1 as i64 - (n as i64 - 1);
                        let fits = |w: &Witness| (w[diagonal.0] & bit(v) != 0) == take;
                        let witnessed = self.witnesses.iter().any(fits) || {
                            let budget = base.witness_budget();
                            let (found, spent) =
                                base.witness((diagonal.0, v, take), budget, &mut self.rng);
                            self.work += spent;
                            found.map(|w| self.witnesses.push(w)).is_some()
                        };
                        if witnessed {
                            if let Some(end) = self.scanning {
                                self.misses[end] += 1;
                            }
                            // The witnesses looked through, a word or so each, and the
                            // board's rows.
                            self.work += (self.witnesses.len() + n) as u64;
                            continue;
                        }
                        let kept = std::mem::take(&mut self.kept[diagonal.0]);
                        let reuse = (kept, std::mem::take(&mut self.spare));
                        let probe = base.probe(diagonal, n, reuse, take);
                        self.probe = Some((probe, Some(diagonal)));
                    }
                }
                self.work += 1;
                continue;
            };
            let diagonal = *diagonal;
            let mut left = *budget - (self.work - before);
            let start = check.work;
            let answer = check.advance(&mut left);
            self.work += check.work - start;
            let answer = answer?;
            if let (Verdict::Refuted | Verdict::Passed, Some((kind, _))) = (answer, diagonal) {
                // The probe is done: its kind's probes keep the other kind's sets, and the
                // next probe its table.
                self.kept[kind] = check.kept.take().unwrap_or_default();
                check.recycle();
                self.spare = std::mem::take(&mut check.spare);
            }
            match (answer, diagonal, self.scanning) {
                (Verdict::Pending, _, _) => {}
                (Verdict::Passed, _, scanning) => {
                    self.probe = None;
                    if let Some(end) = scanning {
                        self.misses[end] += 1;
                    }
                }
                // The queens forced so far leave the sums unmet.
                (Verdict::Refuted, None, _) => break Verdict::Refuted,
                (Verdict::Refuted, Some((kind, d)), Some(end)) => {
                    // No completion has a queen on it.
                    self.probe = None;
                    self.found[kind] |= 1 << d;
                    self.misses[end] = 0;
                }
                (Verdict::Refuted, Some((kind, d)), None) => {
                    self.probe = None;
                    self.needed[kind] |= 1 << d;
                    if self.propagate() {
                        break Verdict::Refuted;
                    }
                }
            }
        };
        *budget = budget.saturating_sub(self.work - before);
        Ok(done)
    }

    /// The open squares of each row of the board with the forced queens placed: a free
    /// row's squares neither reserved nor attacked; none in a row with a queen.
    fn open_squares(&self) -> Vec<u64> {
        let all = if self.n == 64 {
            !0
        } else {
            (1u64 << self.n) - 1
        };
        let barred = self.board.barred_words();
        (0..self.n)
            .map(|r| match self.board.queen_in(r) {
                Some(_) => 0,
                None => all & !barred[r],
            })
            .collect()
    }

    /// The open squares of diagonal `d` of `kind`, of the rows' `open` squares.
    fn on_diagonal(&self, open: &[u64], kind: usize, d: usize) -> u32 {
        (0..self.n)
            .filter_map(|r| column_on(self.n, kind, d, r))
            .filter(|&(r, c)| open[r] >> c & 1 == 1)
            .count() as u32
    }

    /// Reserves the squares of the diagonals found forbidden since the last time, then
    /// places the queens that forces ([`Probing::propagate`]): true if a line is left with no
    /// open square (no completion exists). The board is checked whole again next.
    fn forbid(&mut self) -> bool {
        let found = std::mem::take(&mut self.found);
        for (forbidden, found) in self.forbidden.iter_mut().zip(found) {
            *forbidden |= found;
        }
        self.board = self.board.with_diagonals_reserved(found);
        self.forced = true;
        self.base = None;
        self.kept = [Vec::new(), Vec::new()];
        self.propagate()
    }

    /// Places the queens the free rows, the free columns and the needed diagonals force (a
    /// line with one open square left), one at a time, each shutting the squares it
    /// attacks: true if a line is left with none (no completion exists).
    ///
    /// # Complexity
    ///
    /// O(n²) for each queen placed, and once more.
    fn propagate(&mut self) -> bool {
        loop {
            let open = self.open_squares();
            let Some(squares) = self.to_fill(&open).find(|squares| squares.len() < 2) else {
                return false;
            };
            let Some(&(r, c)) = squares.first() else {
                return true;
            };
            let queen = (r as u32, c as u32);
            self.forced = true;
            // The board changes: its check and the sets it shared are made again.
            self.base = None;
            self.kept = [Vec::new(), Vec::new()];
            self.queens.push(queen);
            self.board = self
                .board
                .with_queens(&[queen])
                .expect("an open square's queen attacks no placed queen");
            if self.board.free_rows() == 0 {
                // A whole placement: the searches will find it.
                return false;
            }
        }
    }

    /// The open squares (of the rows' `open` squares) of each line that must still get a
    /// queen: the free rows, the free columns, and the needed diagonals without one.
    fn to_fill<'a>(&'a self, open: &'a [u64]) -> impl Iterator<Item = Vec<(usize, usize)>> + 'a {
        let n = self.n;
        let filled = self.filled();
        let rows = (0..n)
            .filter(|&r| self.board.queen_in(r).is_none())
            .map(move |r| {
                (0..n)
                    .filter(|&c| open[r] >> c & 1 == 1)
                    .map(|c| (r, c))
                    .collect()
            });
        let taken = self
            .queens
            .iter()
            .fold(0u64, |taken, &(_, c)| taken | 1 << c);
        let columns = (0..n).filter(move |&c| taken >> c & 1 == 0).map(move |c| {
            (0..n)
                .filter(|&r| open[r] >> c & 1 == 1)
                .map(|r| (r, c))
                .collect()
        });
        let diagonals = (0..2)
            .flat_map(move |kind| (0..2 * n - 1).map(move |d| (kind, d)))
            .filter(move |&(kind, d)| self.needed[kind] >> d & 1 == 1 && filled[kind] >> d & 1 == 0)
            .map(move |(kind, d)| {
                (0..n)
                    .filter_map(|r| column_on(n, kind, d, r))
                    .filter(|&(r, c)| open[r] >> c & 1 == 1)
                    .collect()
            });
        rows.chain(columns).chain(diagonals)
    }

    /// The diagonals of each kind that hold a queen.
    fn filled(&self) -> Diagonals {
        let n = self.n;
        let mut filled = [0u128; 2];
        for &(r, c) in &self.queens {
            let (r, c) = (r as usize, c as usize);
            filled[0] |= 1 << (r + c);
            filled[1] |= 1 << (r + n - 1 - c);
        }
        filled
    }
}

/// The square of row `r` on diagonal `d` of `kind` (0: r + c = d, 1: r + n − 1 − c = d), if
/// the board of `n` has one.
fn column_on(n: usize, kind: usize, d: usize, r: usize) -> Option<(usize, usize)> {
    let c = match kind {
        0 => d.checked_sub(r)?,
        _ => (r + n - 1).checked_sub(d)?,
    };
    (c < n).then_some((r, c))
}
