//! The symmetric search: one placement per class under the 8 symmetries of the square, pruned
//! early; it gives the total and the unique count at once, and counts boards with reserved
//! squares. (Totals on the plain board from n = 12 are faster by [`super::join`].)
//! [`symmetry`] holds the 8 symmetries of the square and the class of a placement.
//!
//! # Classes and canonical placements
//!
//! Rotating and reflecting the board maps placements to placements: the 8 symmetries of the
//! square split them into classes of 8, 4 or 2 (no placement of n > 1 queens is symmetric under
//! a reflection, only under rotations). Counting one *canonical* member of each class, weighted
//! by the size of its class, gives the total (OEIS A000170); counting the classes gives the
//! unique count (A002562), in the same search.
//!
//! Canonical means the lexicographically smallest of the 8 images of the column sequence. Its
//! first entry, the top queen's column, is then the smallest *edge distance* of the placement:
//! how near a queen on an edge of the board stands to the nearer corner along that edge. That
//! gives rules the search can apply as it goes (Takaken's scheme):
//!
//! - **A queen in a corner** (edge distance 0). No other queen can then stand in a corner, so
//!   the class has 8 members and two of them have the queen at the top left: one the transpose
//!   of the other, which swaps the queen of row 1 (column `c1`) with the queen of column 1.
//!   Barring column 1 in the rows above `c1` keeps exactly one of the two; no test at the end.
//! - **No queen in a corner**: the top queen stands at column `b1 >= 1` (left of the middle),
//!   and no edge queen may be nearer a corner than `b1`: the side columns are barred in the rows
//!   above `b1`, both must be taken by row `n - 1 - b1`, and the last row's queen keeps `b1`
//!   away from the corners. A complete placement is then canonical unless another edge queen
//!   *ties* with `b1`; only then are its 7 other images compared with it, which also tells the
//!   size of its class.
//!
//! The search itself is the bitmask search of [`crate::judge::count`], with one more trick:
//! *forward checking*. Before descending into a row, the two rows after it are checked for a
//! free column under the queens already placed; if one has none, the branch is dead.
//!
//! It runs about twice as fast as the mirror-halved search of the judge (docs/benchmarks.md):
//! the starts with the top queen at column 1 or 2 can hardly be pruned, so a row-by-row search
//! with symmetry stays near that factor.
//!
//! # Threads
//!
//! Each start (the corner case for each `c1`, the other case for each `b1`) is expanded row by
//! row into independent sub-problems (thousands for n ≥ 14), always the same list for the same
//! n, and handed to the workers by `run` (the join splits its own work the same way).
//! `part` counts every M-th sub-problem only, for splitting one count across machines.
//!
//! A board with reserved squares has no symmetry: the same search runs without the rules of
//! symmetry, the reserved squares barred in their rows, every placement counting once.

mod estimate;
mod fundamental;
pub mod symmetry;

pub use estimate::estimate;
pub use fundamental::Fundamental;

use super::problem::{Board, Problem};
use super::run::{self, checkpoint::Fnv, CountError, Run, Unit};
use crate::judge::{columns, MAX_N};
use symmetry::class_size_if_smallest;

/// A count: the number of placements, and of classes of placements under the 8 symmetries of
/// the square, by how symmetric they are.
///
/// No placement of more than one queen is its own mirror image, so a class has 8 members,
/// or 4 when the half turn maps its placements to themselves, or 2 when the quarter turn does
/// (A033148 counts those placements); the one placement of one queen is a class of 1. So
/// `total = 8 (unique - half_turn - quarter_turn) + 4 half_turn + 2 quarter_turn` from 2 queens on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// All placements (OEIS A000170); 128 bits, as every count here, since a(29) passes 2^64.
    pub total: u128,
    /// Placements distinct under rotations and reflections (OEIS A002562). On a board with
    /// reserved squares, where the symmetries do not hold, this and the next two are 0.
    pub unique: u128,
    /// Classes fixed by the half turn but not the quarter turn: 4 members each.
    pub half_turn: u128,
    /// Classes fixed by the quarter turn: 2 members each (1 for one queen).
    pub quarter_turn: u128,
}

impl Counts {
    /// Classes with no symmetry: 8 members each (OEIS A260320).
    ///
    /// # Example
    ///
    /// ```
    /// use nqueens::count::{symmetric, Problem, Run};
    ///
    /// let eight = symmetric::count_with(&Problem::unique(8), &Run::default()).unwrap();
    /// assert_eq!((eight.asymmetric(), eight.half_turn, eight.quarter_turn), (11, 1, 0));
    /// assert_eq!(8 * eight.asymmetric() + 4 * eight.half_turn, eight.total);
    /// ```
    pub fn asymmetric(&self) -> u128 {
        self.unique - self.half_turn - self.quarter_turn
    }
}

impl run::Tally for Counts {
    fn to_words(self) -> [u128; 4] {
        [self.total, self.unique, self.half_turn, self.quarter_turn]
    }
    fn from_words(words: [u128; 4]) -> Self {
        let [total, unique, half_turn, quarter_turn] = words;
        Counts {
            total,
            unique,
            half_turn,
            quarter_turn,
        }
    }
}

impl std::ops::AddAssign for Counts {
    fn add_assign(&mut self, other: Counts) {
        self.total += other.total;
        self.unique += other.unique;
        self.half_turn += other.half_turn;
        self.quarter_turn += other.quarter_turn;
    }
}

/// Counts the placements of `n` queens on one thread by the symmetric search: one placement per
/// class under the 8 symmetries of the square (see the module docs).
///
/// # Constraints
///
/// `n <= 32`.
///
/// # Panics
///
/// Panics if `n > 32`.
///
/// # Complexity
///
/// O(n!) like every search here, in a fourth of the time of [`super::teaching::bitwise::count`]'s full
/// tree and half that of the mirror-halved one (docs/benchmarks.md, n = 14 to 16); memory
/// O(n) plus the list of sub-problems (thousands).
///
/// # Example
///
/// ```
/// assert_eq!(nqueens::count::symmetric::count(10), 724);
/// ```
pub fn count(n: u32) -> u64 {
    match count_with(&Problem::total(n), &Run::default()) {
        // Below 2^64 for every n this search finishes in a lifetime (a(28) ≈ 2.5·10^18).
        Ok(counts) => u64::try_from(counts.total).unwrap_or(u64::MAX),
        Err(_) => unreachable!("one thread and no checkpoint: nothing can fail"),
    }
}

/// Counts the placements of `problem`, and their classes under the 8 symmetries, by the
/// symmetric search, as `run` says: on several threads, one slice of the work, or on a board
/// with reserved squares. Both counts are found at once, whatever `problem.ask` is (a
/// checkpoint records it, to know which one the count was for).
///
/// # Constraints
///
/// `n <= 32`; with a board, `n` must be its size; with a part `(k, m)`, `1 <= k <= m`.
///
/// # Panics
///
/// Panics if `n > 32`, if the board's size is not `n`, if classes are asked on a board, or if
/// the part is not `1 <= k <= m`.
///
/// # Errors
///
/// [`CountError`] if the checkpoint cannot be used (a thread that cannot start leaves its share
/// to the others).
///
/// # Complexity
///
/// That of [`count`], divided among the threads; a board with reserved squares is searched
/// without symmetry, O(n!).
///
/// # Example
///
/// ```
/// use nqueens::count::{symmetric::count_with, Counts, Problem, Run};
///
/// let all = Run { threads: 2, ..Run::default() };
/// let counts = count_with(&Problem::total(12), &all).unwrap();
/// assert_eq!((counts.total, counts.unique), (14200, 1787));
///
/// // Three machines, one slice each: the partial sums add up.
/// let sum: u128 = (1..=3)
///     .map(|k| count_with(&Problem::total(12), &Run { part: Some((k, 3)), ..Run::default() }))
///     .map(|counts| counts.unwrap().total)
///     .sum();
/// assert_eq!(sum, 14200);
/// ```
pub fn count_with(problem: &Problem<'_>, run: &Run<'_>) -> Result<Counts, CountError> {
    if problem.n > MAX_N {
        return Err(CountError::Unsupported(format!(
            "the symmetric search counts boards up to {} squares a side; this one has {} (the default counter counts a wide board whose empty rows are few)",
            MAX_N, problem.n
        )));
    }
    problem.check("symmetric");
    run.check("symmetric");
    if let Some(counts) = run::recorded_result(problem, COUNTER, run)? {
        return Ok(counts);
    }
    if problem.n == 0 {
        // One empty placement, alone in its class.
        let here = run.holds_the_empty_board();
        let alone = u128::from(here && problem.board.is_none());
        return Ok(Counts {
            total: u128::from(here),
            unique: alone,
            quarter_turn: alone,
            ..Counts::default()
        });
    }
    let (n, board) = (problem.n as usize, problem.board);
    crate::memory::headroom("the search's plan")?;
    run::count_units(
        problem,
        run::Counter {
            name: COUNTER,
            kernel: "none",
            // Its units take at most seconds: a chunk is recorded whole.
            layout: None,
            helpers: None,
        },
        &sub_problems(n, board),
        |task| task.size(&Rules::new(n, task.start, board)),
        run,
        || Ok(()),
        |_, task, _| Ok(solve(task, n, board)),
    )
}

/// The counter's name in a checkpoint.
const COUNTER: &str = "symmetric";

/// Where the search starts, which decides its rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Start {
    /// A queen in the top-left corner, and the queen of row 1 in column `c1`.
    Corner { c1: usize },
    /// No queen in a corner; the top queen in column `b1`, the smallest edge distance.
    Edge { b1: usize },
    /// No symmetry: boards with reserved squares, where none holds, and n < 4, too small for
    /// the rules above. Every placement counts once; with `check`, only the smallest of each
    /// class counts, weighted by the size of its class.
    Plain { check: bool },
}

/// A sub-problem: the queens of rows `0..y` placed (their columns in
/// `q`) and the columns their attacks take in row `y`.
#[derive(Clone, Copy)]
struct Task {
    start: Start,
    y: usize,
    left: u32,
    down: u32,
    right: u32,
    q: [u8; MAX_N as usize],
}

impl Task {
    /// The sub-problem with one more queen, in column `col` of row `y`.
    fn place(&self, col: usize) -> Task {
        let bit = 1u32 << col;
        let mut next = *self;
        next.q[self.y] = col as u8;
        next.y += 1;
        next.left = (self.left | bit) << 1;
        next.down = self.down | bit;
        next.right = (self.right | bit) >> 1;
        next
    }
}

impl Unit for Task {
    /// The start (its kind and column) and the placed queens' columns: they determine the rest.
    fn identify(&self, hash: &mut Fnv) {
        match self.start {
            Start::Corner { c1 } => [0, c1 as u64],
            Start::Edge { b1 } => [1, b1 as u64],
            Start::Plain { check } => [2, u64::from(check)],
        }
        .into_iter()
        .for_each(|word| hash.word(word));
        hash.word(self.y as u64);
        self.q[..self.y]
            .iter()
            .for_each(|&c| hash.word(u64::from(c)));
    }
}

/// The rules of the search below one start: which columns each row may try.
struct Rules {
    n: usize,
    mask: u32,
    start: Start,
    /// Columns row `y` may not take: the side columns above `b1` and those nearer a corner
    /// than `b1` in the last row (Edge); column 1 above `c1` (Corner); reserved squares.
    barred: [u32; MAX_N as usize],
    /// The side columns, both of which must be taken by row `sides_by` (Edge only).
    sides: u32,
    sides_by: usize,
}

impl Rules {
    fn new(n: usize, start: Start, board: Option<&Board>) -> Rules {
        let sides = 1 | 1u32 << (n - 1);
        let mut barred = [0u32; MAX_N as usize];
        if let Some(board) = board {
            barred[..n].copy_from_slice(&board.barred_rows());
        }
        let mut sides_by = usize::MAX;
        match start {
            Start::Corner { c1 } => barred[..c1].iter_mut().for_each(|b| *b |= 1 << 1),
            Start::Edge { b1 } => {
                barred[..b1].iter_mut().for_each(|b| *b |= sides);
                sides_by = n - 1 - b1;
                let near_left = (1u32 << b1) - 1;
                barred[n - 1] |= near_left | (near_left << (n - b1));
            }
            Start::Plain { .. } => {}
        }
        Rules {
            n,
            mask: columns(n as u32),
            start,
            barred,
            sides,
            sides_by,
        }
    }

    /// The columns row `y` may try, given those its attackers leave `free` and the columns
    /// taken above, `down`.
    #[inline(always)]
    fn allowed(&self, y: usize, free: u32, down: u32) -> u32 {
        let free = free & !self.barred[y & 31];
        if y == self.sides_by {
            let taken = down & self.sides;
            if taken == 0 {
                return 0; // both side columns still free, and only this row may take one
            }
            if taken != self.sides {
                return free & self.sides;
            }
        }
        free
    }

    /// The counts a complete placement `q` adds.
    #[inline]
    fn leaf(&self, q: &[u8]) -> Counts {
        let weight = match self.start {
            Start::Corner { .. } => 8,
            Start::Edge { b1 } if !ties_edge_distance(q, b1) => 8,
            Start::Edge { .. } | Start::Plain { check: true } => class_size_if_smallest(q),
            Start::Plain { check: false } => {
                return Counts {
                    total: 1,
                    ..Counts::default()
                }
            }
        };
        Counts {
            total: u128::from(weight),
            unique: u128::from(weight > 0),
            half_turn: u128::from(weight == 4),
            quarter_turn: u128::from(weight == 2 || weight == 1),
        }
    }
}

/// Whether another edge queen of the placement `q` (with no queen in a corner) is as near a
/// corner as the top one, `b1`. If none is, every other image of `q` starts with a larger
/// column, so `q` is the smallest of its class and no symmetry fixes it.
#[inline]
fn ties_edge_distance(q: &[u8], b1: usize) -> bool {
    let last = q.len() - 1;
    let near = |x: usize| x == b1 || last - x == b1;
    let (mut left, mut right) = (0, 0);
    for (row, &col) in q.iter().enumerate() {
        if col == 0 {
            left = row;
        } else if col as usize == last {
            right = row;
        }
    }
    near(q[last] as usize) || near(left) || near(right)
}

/// Every start of the search, in order: the corner ones by the second queen's column, then
/// the edge ones by the first queen's column; one plain start on a board or below n = 4.
fn starts(n: usize, board: Option<&Board>) -> Vec<Task> {
    let empty = |start| Task {
        start,
        y: 0,
        left: 0,
        down: 0,
        right: 0,
        q: [0; MAX_N as usize],
    };
    let mut starts = Vec::new();
    if board.is_some() || n < 4 {
        starts.push(empty(Start::Plain {
            check: board.is_none(),
        }));
    } else {
        for c1 in 2..n {
            starts.push(empty(Start::Corner { c1 }).place(0).place(c1));
        }
        for b1 in (1..n).take_while(|&b1| b1 < n - 1 - b1) {
            starts.push(empty(Start::Edge { b1 }).place(b1));
        }
    }
    starts
}

/// Every start, expanded row by row to the sub-problems of [`split_row`].
fn sub_problems(n: usize, board: Option<&Board>) -> Vec<Task> {
    let starts = starts(n, board);
    let row = split_row(n);
    let mut tasks = Vec::new();
    for task in starts {
        let rules = Rules::new(n, task.start, board);
        let mut stack = vec![task];
        while let Some(task) = stack.pop() {
            if task.y >= row {
                tasks.push(task);
                continue;
            }
            let free = rules.mask & !(task.left | task.down | task.right);
            let mut allowed = rules.allowed(task.y, free, task.down);
            let mut children = Vec::new();
            while allowed != 0 {
                children.push(task.place(allowed.trailing_zeros() as usize));
                allowed &= allowed - 1;
            }
            stack.extend(children.into_iter().rev());
        }
    }
    tasks
}

/// The row to which every start is expanded: deep enough for thousands of sub-problems on
/// large boards, and a function of n alone, so the list (and `part`) never depends on the
/// number of threads.
fn split_row(n: usize) -> usize {
    4.min(n - 1)
}

/// Solves one sub-problem.
fn solve(task: &Task, n: usize, board: Option<&Board>) -> Counts {
    let rules = Rules::new(n, task.start, board);
    let mut q = task.q;
    search(&rules, &mut q, task.y, task.left, task.down, task.right)
}

/// The bitmask search below a sub-problem: a queen for row `y` and every row after it; the
/// counts of the placements found.
fn search(
    rules: &Rules,
    q: &mut [u8; MAX_N as usize],
    y: usize,
    left: u32,
    down: u32,
    right: u32,
) -> Counts {
    let n = rules.n;
    let mut free = rules.allowed(y, rules.mask & !(left | down | right), down);
    let mut counts = Counts::default();
    if y + 1 >= n {
        if free != 0 {
            q[y & 31] = free.trailing_zeros() as u8;
            counts += rules.leaf(&q[..n]);
        }
        return counts;
    }
    while free != 0 {
        let bit = free & free.wrapping_neg();
        free ^= bit;
        // Rows index `& 31`: always in range, so no bounds checks on the hot path.
        q[y & 31] = bit.trailing_zeros() as u8;
        let (left, down, right) = ((left | bit) << 1, down | bit, (right | bit) >> 1);
        if y + 2 == n {
            // The last row: at most one column is left; no call for it.
            let last = rules.allowed(y + 1, rules.mask & !(left | down | right), down);
            if last != 0 {
                q[(y + 1) & 31] = last.trailing_zeros() as u8;
                counts += rules.leaf(&q[..n]);
            }
        } else if !dead_end(rules.mask, n - y, left, down, right) {
            counts += search(rules, q, y + 1, left, down, right);
        }
    }
    counts
}

/// Forward checking: whether the queens placed so far (attacking `left`, `down`, `right` in
/// the next row) already leave no column in one of the two rows after it, with `rows_left`
/// rows still to fill counting the current one. Cheap with masks, and it spares the search
/// most of the dead ends it would otherwise walk into.
#[inline(always)]
fn dead_end(mask: u32, rows_left: usize, left: u32, down: u32, right: u32) -> bool {
    (rows_left >= 3 && mask & !(down | left << 1 | right >> 1) == 0)
        || (rows_left >= 4 && mask & !(down | left << 2 | right >> 2) == 0)
}
