//! What `queens count` was asked, as its flags say.

use crate::placed::Given;
use nqueens::count::Algo;

/// What `queens count` was asked.
#[derive(Debug, PartialEq)]
pub struct CountArgs {
    /// The board size, if given (a board file gives it too).
    pub n: Option<u32>,
    /// The counter.
    pub algo: Algo,
    /// Worker threads (`None`: one per core).
    pub threads: Option<usize>,
    /// Count classes under the symmetries instead of placements.
    pub unique: bool,
    /// The part of the work, `(k, m)`, when one part is counted.
    pub part: Option<(u64, u64)>,
    /// The parts `(first, last, m)`, when a range of them is counted.
    pub range: Option<(u64, u64, u64)>,
    /// The folder of the parts' checkpoints.
    pub checkpoint_dir: Option<String>,
    /// The board file, `-` for standard input.
    pub given: Given,
    /// The checkpoint file.
    pub checkpoint: Option<String>,
    /// Estimate from a sample taken for this many seconds instead of counting.
    pub estimate: Option<u64>,
    /// Count the classes by their symmetry.
    pub classes: bool,
    /// Print one JSON document instead of text.
    pub json: bool,
    /// How often a chunk in progress records a step, in seconds (`None`: the default).
    pub checkpoint_every: Option<u64>,
    /// Build quarter lists in parts of at most this many placements.
    pub list_part: Option<u64>,
    /// The cores of the cluster an estimate plans for.
    pub cores: Option<u64>,
    /// The memory a core of the cluster's nodes has, in MB, that a plan fits tasks to.
    pub mem_per_core: Option<u64>,
    /// When to stop before finishing (`--stop-after`, from the command's start).
    pub stop_at: Option<std::time::Instant>,
    /// Check the arguments and print the parts' checkpoint files, counting nothing.
    pub dry_run: bool,
}
