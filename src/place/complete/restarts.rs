//! The tree search restarted at random: the compact search ([`Compact::randomized`]) cut off
//! after a number of nodes that follows Luby's sequence, and started again down another path.
//! [`Restarts`] says why.

use super::compact::Compact;
use super::luby::luby;
use super::search::{in_nodes, Diagonals, Report, Search, Step};
use crate::board::Board;
use crate::memory::OutOfMemory;

/// The nodes of a run: this many times the run's term of Luby's sequence.
const RUN_UNIT_NODES: u64 = 1000;

/// The nodes of an era, after which the times each line was found shut are forgotten: this
/// many times the era's term of Luby's sequence.
const ERA_UNIT_NODES: u64 = 32_000_000;

/// The search on the free rows and columns of a board (at most 64), branching on the line
/// with the fewest open squares for the times it was found shut in the runs of its era, its
/// ties drawn at random and its square drawn at random among those that shut the fewest
/// open squares of the other lines (`Compact::randomized`), cut off
/// after runs of 1,000 nodes times Luby's sequence (1, 1, 2, 1, 1, 2, 4, …) and started
/// again from the root, down another path.
///
/// A depth-first search that makes a bad choice near the root pays for the whole subtree
/// below it before it can undo it; on a board with completions, the time to the first one is
/// heavy-tailed: most orders of the branches find one soon, a few wander for hours. Drawing
/// the order at random and starting again when a run goes on too long cuts the tail off
/// (Gomes, Selman and Kautz, "Boosting combinatorial search through randomization", AAAI
/// 1998). The least constraining squares, and the lines found shut branched on sooner, cut
/// its slow runs most; the least constraining square is taken every time
/// (docs/completion.md, "The restarted search").
///
/// The times a line was found shut are kept from run to run, and they steer every run after:
/// on a board whose completions lie where those counts turn the search away, a seed can
/// wander for good. So the counts are forgotten after eras of [`ERA_UNIT_NODES`] nodes times
/// Luby's sequence, at the next restart, and the search learns the board again down other
/// paths: they guard against a seed stuck for good, not for speed.
///
/// A run that exhausts its tree before it is cut off has looked everywhere, so it proves
/// there is no completion; on boards that have none, the runs grow (Luby's sequence doubles
/// its longest term) and one of them, in the end, covers the tree: the search is complete,
/// though a far slower proof than the plain compact search's.
#[derive(Clone, Debug)]
pub struct Restarts {
    search: Compact,
    /// The nodes of a run, times its term of Luby's sequence ([`RUN_UNIT_NODES`]).
    unit: u64,
    /// The runs started so far, the current one included.
    runs: u32,
    /// The nodes left to the current run.
    left: u64,
    /// The nodes of an era, times its term of Luby's sequence ([`ERA_UNIT_NODES`]).
    era_unit: u64,
    /// The eras started so far, the current one included.
    eras: u32,
    /// The nodes left to the current era; at 0, the next restart forgets the counts.
    era_left: u64,
}

impl Restarts {
    /// The restarted search of `board`, its draws from `seed`, or `None` if more than 64
    /// rows are free.
    ///
    /// # Constraints
    ///
    /// The board's placed queens do not attack each other (as [`Board`] ensures).
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if its table cannot be had: 2m³ words for m free rows (4 MB at m = 64).
    ///
    /// # Complexity
    ///
    /// O(n/64 + q + m³) to set up, for q placed queens and m free rows.
    ///
    /// (Its example is the unit test `examples::restarts_complete` at the bottom of this file.)
    pub fn new(board: &Board, seed: u64) -> Result<Option<Restarts>, OutOfMemory> {
        Restarts::with_units(board, seed, (RUN_UNIT_NODES, ERA_UNIT_NODES))
    }

    /// [`Restarts::new`] with runs of `unit` nodes and eras of `era_unit` nodes, each times
    /// Luby's sequence.
    fn with_units(
        board: &Board,
        seed: u64,
        (unit, era_unit): (u64, u64),
    ) -> Result<Option<Restarts>, OutOfMemory> {
        Ok(Compact::randomized(board, seed)?.map(|search| Restarts {
            search,
            unit,
            runs: 1,
            left: unit * luby(1),
            era_unit,
            eras: 1,
            era_left: era_unit * luby(1),
        }))
    }

    /// Searches on for at most `budget` more nodes (taken from it), starting a new run each
    /// time one has had its nodes, until a completion or a run that exhausts its tree (no
    /// completion exists). Meant for the first completion: asked again, it goes on with
    /// the run that found it, and a later run may give the same completion again.
    ///
    /// # Complexity
    ///
    /// O(m) per node, for m free rows.
    pub fn advance(&mut self, budget: &mut u64) -> Step {
        loop {
            let mut nodes = (*budget).min(self.left);
            let given = nodes;
            let step = self.search.advance(&mut nodes);
            *budget -= given - nodes;
            self.left -= given - nodes;
            self.era_left = self.era_left.saturating_sub(given - nodes);
            if step != Step::Paused {
                return step;
            }
            if self.left == 0 {
                self.runs += 1;
                self.left = self.unit * luby(self.runs);
                self.search.restart();
                if self.era_left == 0 {
                    self.eras += 1;
                    self.era_left = self.era_unit.saturating_mul(luby(self.eras));
                    self.search.forget_shut_lines();
                }
            }
            if *budget == 0 {
                return Step::Paused;
            }
        }
    }

    /// Takes the diagonals `needed` as lines from the next node on (see
    /// [`Compact::learn_needed`]), cutting the current run short: its nodes left go to a
    /// new path.
    ///
    /// # Errors
    ///
    /// As [`Compact::learn_needed`].
    pub(crate) fn learn_needed(
        &mut self,
        board: &Board,
        needed: [u128; 2],
    ) -> Result<(), OutOfMemory> {
        self.search.learn_needed(board, needed)
    }

    /// The completion [`Restarts::advance`] found last: the 0-based column of each row's
    /// queen, the placed queens included.
    pub fn placement(&self) -> &[u32] {
        self.search.placement()
    }

    /// The runs started so far.
    #[cfg(test)]
    pub fn runs(&self) -> u32 {
        self.runs
    }
}

impl Search for Restarts {
    /// A node of its compact search.
    fn unit_work(&self) -> u64 {
        self.search.unit_work()
    }

    fn advance(&mut self, work: u64) -> (Result<Step, OutOfMemory>, u64) {
        let node_work = self.unit_work();
        in_nodes(work, node_work, |nodes| Restarts::advance(self, nodes))
    }

    fn placement(&self) -> &[u32] {
        Restarts::placement(self)
    }

    fn report(&self, report: &mut Report) {
        report.runs = self.runs;
    }

    /// The needed diagonals become lines of its search, the forbidden ones' squares
    /// reserved; short of memory for them, it goes on without.
    fn take_diagonals(&mut self, narrowed: &Board, found: &Diagonals) {
        let _ = self.learn_needed(narrowed, found.needed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::place::complete::compact::tests::random_board_reserving;
    use crate::place::verify_on;
    use crate::place::Completions;
    use crate::rng::SplitMix64;

    /// What the restarted search says of `board` in turns of `turn` nodes: a completion, or
    /// `None` when it proved there is none; and the runs it took.
    fn decide(board: &Board, seed: u64, units: (u64, u64), turn: u64) -> (Option<Vec<u32>>, u32) {
        let mut search = Restarts::with_units(board, seed, units).unwrap().unwrap();
        loop {
            match search.advance(&mut turn.clone()) {
                Step::Found => return (Some(search.placement().to_vec()), search.runs()),
                Step::Exhausted => return (None, search.runs()),
                Step::Paused => {}
            }
        }
    }

    #[test]
    fn it_completes_what_can_be_completed_and_proves_the_rest() {
        let mut rng = SplitMix64::new(1993);
        let (mut found, mut proved, mut restarted) = (0, 0, 0);
        for n in 4..=11usize {
            for k in 0..16 {
                // About a quarter of the squares reserved: some boards with completions, some without.
                let board = random_board_reserving(n, 4, &mut rng);
                let completions: Vec<Vec<u32>> = Completions::wide(&board).unwrap().collect();
                // Runs of a few nodes: many restarts before one covers the tree; and the
                // lines' counts forgotten every few runs.
                let (answer, runs) = decide(&board, k, (2, 7), 5);
                match answer {
                    Some(queens) => {
                        assert_eq!(verify_on(&board, &queens).unwrap(), Ok(()));
                        assert!(completions.contains(&queens), "{:?}", board);
                        found += 1;
                    }
                    None => {
                        assert!(completions.is_empty(), "{:?}", board);
                        proved += 1;
                    }
                }
                restarted += usize::from(runs > 1);
            }
        }
        assert!(
            found > 20 && proved > 20 && restarted > 20,
            "{found} {proved} {restarted}"
        );
    }

    #[test]
    fn the_same_seed_takes_the_same_path_whatever_the_turns() {
        let board = Board::new(14).with_queens(&[(2, 5)]).unwrap();
        for seed in 0..4 {
            // The eras too: the counts are forgotten at the same node whatever the turns.
            let whole = decide(&board, seed, (1, 3), u64::MAX);
            assert!(whole.0.is_some() && whole.1 > 1, "{:?}", whole);
            for turn in [1, 7, 1000] {
                assert_eq!(decide(&board, seed, (1, 3), turn), whole, "seed {}", seed);
            }
        }
    }

    #[test]
    fn it_leaves_boards_with_more_than_64_free_rows_to_the_others() {
        assert!(Restarts::new(&Board::new(65), 1).unwrap().is_none());
    }
}

#[cfg(test)]
mod examples {
    //! The examples of this private module's docs, run as unit tests.

    #[test]
    fn restarts_complete() {
        use crate::board::Board;
        use crate::place::complete::restarts::Restarts;
        use crate::place::complete::search::Step;

        let board = Board::new(12).with_queens(&[(0, 1), (5, 7)]).unwrap();
        let mut search = Restarts::new(&board, 7).unwrap().unwrap();
        let mut budget = 1 << 20;
        assert_eq!(search.advance(&mut budget), Step::Found);
        assert_eq!(search.placement()[5], 7);
    }
}
