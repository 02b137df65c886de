//! Why a count could not be made: memory, the checkpoint, or a count the counters do not do.

use super::checkpoint::CheckpointError;
use crate::memory::OutOfMemory;
use std::fmt;

/// A count could not run: a table it needs does not fit in memory, or its checkpoint is of
/// another count, damaged or cannot be written. No count is given (the chunks recorded stay
/// recorded).
#[derive(Debug)]
pub enum CountError {
    /// A table the counter needs could not be allocated.
    Memory(OutOfMemory),
    /// The checkpoint cannot be used or written.
    Checkpoint(CheckpointError),
    /// The problem, or the way it was asked to run, is beyond what the counter counts (a
    /// board wider than 32 with too many empty rows, a part of a board counted whole): the
    /// message says what and why.
    Unsupported(String),
}

impl fmt::Display for CountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CountError::Memory(e) => write!(f, "{}", e),
            CountError::Checkpoint(e) => write!(f, "{}", e),
            CountError::Unsupported(why) => write!(f, "{}", why),
        }
    }
}

impl From<CheckpointError> for CountError {
    fn from(e: CheckpointError) -> Self {
        CountError::Checkpoint(e)
    }
}

impl std::error::Error for CountError {}

impl From<OutOfMemory> for CountError {
    fn from(e: OutOfMemory) -> Self {
        CountError::Memory(e)
    }
}
