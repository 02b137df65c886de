//! The compact search's table, built once: for each open square, the squares a queen there
//! shuts in every line (the free rows, the free columns, and the diagonals every completion
//! needs, taken as lines too), and those diagonals taken on later ([`Compact::learn_needed`]).

use super::sums_left::{self, SumsLeft};
use super::{Compact, MAX_FREE, NONE};
use crate::board::Board;
use crate::kernel::Kernel;
use crate::memory::{try_filled, OutOfMemory};
use crate::place::complete::search::Order;

impl Compact {
    /// [`Compact::new`], with the diagonals every completion has a queen on (`needed`, one
    /// bit a diagonal of each kind: r + c, then r + n − 1 − c) kept as lines like the rows
    /// and columns: at most 128 of them, those past it left out, and those a placed queen
    /// holds skipped. Diagonals that are not needed would lose completions: the caller
    /// knows they are (the sums' probes, [`super::super::diagonal_sums`]).
    ///
    /// # Errors
    ///
    /// As [`Compact::new`], its table (2m + d)·m² words for d needed diagonals.
    ///
    /// # Complexity
    ///
    /// O(n/64 + q + m³ + d·m³) to set up; O(m + d) per node.
    pub(crate) fn with_needed(
        board: &Board,
        order: Order,
        needed: [u128; 2],
    ) -> Result<Option<Compact>, OutOfMemory> {
        let n = board.size();
        let m = board.free_rows();
        if m > MAX_FREE {
            return Ok(None);
        }
        let mut queens = try_filled(n, u32::MAX, "the placement")?;
        let mut col_taken = try_filled(n / 64 + 1, 0u64, "the columns taken")?;
        let mut up = try_filled(2 * n / 64 + 1, 0u64, "the diagonals taken")?;
        let mut down = try_filled(2 * n / 64 + 1, 0u64, "the diagonals taken")?;
        for &(r, c) in board.queens() {
            let (r, c) = (r as usize, c as usize);
            queens[r] = c as u32;
            col_taken[c / 64] |= 1 << (c % 64);
            up[(r + c) / 64] |= 1 << ((r + c) % 64);
            down[(r + n - 1 - c) / 64] |= 1 << ((r + n - 1 - c) % 64);
        }
        let bit = |set: &[u64], i: usize| set[i / 64] >> (i % 64) & 1 == 1;
        let rows: Vec<u32> = (0..n as u32)
            .filter(|&r| queens[r as usize] == u32::MAX)
            .collect();
        let cols: Vec<u32> = (0..n as u32)
            .filter(|&c| !bit(&col_taken, c as usize))
            .collect();
        let open = |r: u32, c: u32| {
            let (r, c) = (r as usize, c as usize);
            !bit(&up, r + c) && !bit(&down, r + n - 1 - c) && !board.is_reserved(r, c)
        };
        // The needed diagonals as (kind, index), at most 128; those a placed queen holds
        // already are not lines.
        let diags: Vec<(usize, usize)> = (0..2)
            .flat_map(|kind| (0..(2 * n - 1).min(128)).map(move |d| (kind, d)))
            .filter(|&(kind, d)| needed[kind] >> d & 1 == 1 && !bit([&up, &down][kind], d))
            .take(128)
            .collect();
        let width = 2 * m + diags.len();
        let on = |(kind, d): (usize, usize), r: u32, c: u32| match kind {
            0 => (r + c) as usize == d,
            _ => (r as usize + n - 1) == d + c as usize,
        };
        let mut lines = try_filled(width * (m + 1), 0u64, "the search's stack")?;
        let mut diag_col = try_filled(diags.len() * m, NONE, "the needed diagonals")?;
        let mut on_diags = try_filled(m * m, [0u64; 2], "the needed diagonals")?;
        for (i, &r) in rows.iter().enumerate() {
            for (a, &c) in cols.iter().enumerate() {
                for (j, &diag) in diags.iter().enumerate() {
                    if on(diag, r, c) {
                        on_diags[i * m + a][j / 64] |= 1 << (j % 64);
                        if open(r, c) {
                            lines[2 * m + j] |= 1 << i;
                            diag_col[j * m + i] = a as u8;
                        }
                    }
                }
                if open(r, c) {
                    lines[i] |= 1 << a;
                    lines[m + a] |= 1 << i;
                }
            }
        }
        let mut attack = try_filled(width * m * m, 0u64, "the attack table")?;
        for (i, &r) in rows.iter().enumerate() {
            for (a, &c) in cols.iter().enumerate() {
                let shut = &mut attack[(i * m + a) * width..][..width];
                for (j, &rj) in rows.iter().enumerate() {
                    // Row j loses column a, and the two squares on the queen's diagonals.
                    shut[j] |= 1 << a;
                    shut[m + a] |= 1 << j;
                    let d = i64::from(rj) - i64::from(r);
                    for cj in [i64::from(c) + d, i64::from(c) - d] {
                        let Ok(cj) = u32::try_from(cj) else { continue };
                        if let Ok(b) = cols.binary_search(&cj) {
                            shut[j] |= 1 << b;
                            shut[m + b] |= 1 << j;
                        }
                    }
                }
                // Row i and column a are filled: every square of them goes.
                for k in 0..m {
                    shut[i] |= 1 << k;
                    shut[m + k] |= 1 << i;
                }
                // A needed diagonal loses the squares the queen attacks (all of them if it
                // holds the queen: they share its diagonal).
                for j in 0..diags.len() {
                    let mut squares = lines[2 * m + j];
                    while squares != 0 {
                        let k = squares.trailing_zeros() as usize;
                        squares &= squares - 1;
                        let (rk, ck) = (rows[k], cols[diag_col[j * m + k] as usize]);
                        let attacked = k == i
                            || ck == c
                            || rk + ck == r + c
                            || i64::from(rk) - i64::from(ck) == i64::from(r) - i64::from(c);
                        if attacked {
                            shut[2 * m + j] |= 1 << k;
                        }
                    }
                }
            }
        }
        let all = if m == 64 { !0 } else { (1u64 << m) - 1 };
        let mut empty = try_filled(m + 1, (0u64, 0u64, [0u64; 2]), "the search's stack")?;
        let wipeouts = try_filled(width, 1u64, "the lines' wipeout counts")?;
        let mut diag_set = [0u64; 2];
        for j in 0..diags.len() {
            diag_set[j / 64] |= 1 << (j % 64);
        }
        empty[0] = (all, all, diag_set);
        let mut sums_left = Vec::new();
        if n <= sums_left::MAX_WIDTH {
            sums_left = try_filled(m + 1, SumsLeft::default(), "the search's stack")?;
            sums_left[0] = SumsLeft::of(&rows, &cols, n);
        }
        let rows_in_a_run = rows.windows(2).all(|w| w[1] == w[0] + 1);
        Ok(Some(Compact {
            m,
            order,
            rows,
            cols,
            attack,
            lines,
            empty,
            width,
            diag_col,
            on_diags,
            diagonals: diags,
            frames: Vec::with_capacity(m),
            queens,
            row_mate: [NONE; MAX_FREE],
            col_mate: [NONE; MAX_FREE],
            descend: true,
            done: false,
            nodes: 0,
            random: None,
            wipeouts,
            weight: try_filled(width, 1, "the lines' weights")?,
            keys: try_filled(width, 0, "the lines' keys")?,
            sums_left,
            n,
            rows_in_a_run,
            kernel: Kernel::best(),
        }))
    }

    /// Takes the diagonals `needed` (every completion of `board` has a queen on each: one
    /// bit a diagonal of each kind, r + c then r + n − 1 − c) as lines like the rows and
    /// columns from now on, and starts again from the root. `board` is the board it was made
    /// for, or that board with more squares reserved that no completion uses (the squares of
    /// the diagonals the sums' probes found forbidden): the same free rows. Its draws
    /// and the times each line was found shut go on as they were (a diagonal that was a
    /// line before keeps its count); a diagonal new to it starts with the mean count of the
    /// rows and columns, as an average line (starting from none, it was branched on only
    /// once forced, and completed fewer boards: docs/completion.md, "The probes").
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if the bigger table cannot be had; the search is then left as it was.
    ///
    /// # Complexity
    ///
    /// O(m³ + m³·d) for d needed diagonals: milliseconds at m = 50.
    pub(crate) fn learn_needed(
        &mut self,
        board: &Board,
        needed: [u128; 2],
    ) -> Result<(), OutOfMemory> {
        let Some(mut search) = Compact::with_needed(board, self.order, needed)? else {
            return Ok(());
        };
        let lines = 2 * self.m;
        search.wipeouts[..lines].copy_from_slice(&self.wipeouts[..lines]);
        // A diagonal that was a line already keeps its count; a new one starts with the
        // rows' and columns' mean, so that it is branched on as soon as an average line
        // would be (starting from none, it waited behind every row and column found shut).
        let mean = (self.wipeouts[..lines].iter().sum::<u64>() / lines.max(1) as u64).max(1);
        for (j, diagonal) in search.diagonals.iter().enumerate() {
            search.wipeouts[lines + j] = match self.diagonals.iter().position(|d| d == diagonal) {
                Some(k) => self.wipeouts[lines + k],
                None => mean,
            };
        }
        search.random = self.random.take();
        search.weigh_lines();
        search.nodes = self.nodes;
        search.kernel = self.kernel;
        *self = search;
        Ok(())
    }
}

/// The square (free row, free column) of bit `k` of `line`, of a search of `m` free rows:
/// a row `< m`, a column `m + a`, or a needed diagonal `2m + j`, whose bits are rows and
/// `diag_col` its squares' columns ([`Compact`]'s).
#[inline(always)]
pub(super) fn square_of(m: usize, diag_col: &[u8], line: usize, k: usize) -> (usize, usize) {
    if line < m {
        (line, k)
    } else if line < 2 * m {
        (k, line - m)
    } else {
        (k, diag_col[(line - 2 * m) * m + k] as usize)
    }
}
