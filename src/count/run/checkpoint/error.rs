//! What can be wrong with a checkpoint, said as a person reads it.

use super::header;
use std::fmt;
use std::io;
use std::path::PathBuf;

/// What is wrong with a checkpoint.
#[derive(Debug)]
pub enum CheckpointError {
    /// The file is not a checkpoint (not a regular file, or its first line is not a
    /// checkpoint's header).
    NotACheckpoint(PathBuf),
    /// A checkpoint of another format version, which this version does not read.
    Format {
        /// The file.
        path: PathBuf,
        /// Its version.
        version: String,
    },
    /// A line is damaged: a bad checksum, or a record out of place.
    Damaged {
        /// The file.
        path: PathBuf,
        /// The line, from 1.
        line: usize,
        /// What is wrong.
        problem: String,
    },
    /// The checkpoint is for another problem.
    Mismatch {
        /// The file.
        path: PathBuf,
        /// The field that differs.
        field: &'static str,
        /// Its value in the file.
        recorded: String,
        /// Its value in this count.
        wanted: String,
    },
    /// Another process is counting with this checkpoint.
    Busy(PathBuf),
    /// Another process wrote to this checkpoint while this one was counting with it: the
    /// lock did not keep it out (a file system whose locks do not reach across machines).
    SecondWriter(PathBuf),
    /// The count stopped at the time it was given ([`super::Checkpoint::stop_at`]), every chunk in
    /// progress at a step: the same count on the file resumes it.
    Stopped(PathBuf),
    /// The count is unfinished and the file cannot be written.
    ReadOnly(PathBuf),
    /// The file could not be read or written.
    Io(PathBuf, io::Error),
}

impl CheckpointError {
    /// Whether the file itself is at fault (not a checkpoint, damaged, of another problem or
    /// format) rather than the system (busy, unreadable, read-only, a full disk).
    pub fn is_bad_input(&self) -> bool {
        matches!(
            self,
            CheckpointError::NotACheckpoint(_)
                | CheckpointError::Format { .. }
                | CheckpointError::Damaged { .. }
                | CheckpointError::Mismatch { .. }
        )
    }
}

impl fmt::Display for CheckpointError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckpointError::NotACheckpoint(path) => {
                write!(f, "{}: not a checkpoint of queens count", path.display())
            }
            CheckpointError::Format { path, version } => write!(
                f,
                "{}: a checkpoint of format {}, which this queens does not read (it reads \
                 formats {}); count again into a new file",
                path.display(),
                version,
                header::READ
                    .iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(" and ")
            ),
            CheckpointError::Damaged {
                path,
                line,
                problem,
            } => write!(f, "{}: line {}: {}", path.display(), line, problem),
            CheckpointError::Mismatch {
                path,
                field,
                recorded,
                wanted,
            } => write!(
                f,
                "{}: the checkpoint is for another count: {} is {} there, {} here",
                path.display(),
                field,
                recorded,
                wanted
            ),
            CheckpointError::Busy(path) => write!(
                f,
                "{}: another process is counting with this checkpoint",
                path.display()
            ),
            CheckpointError::SecondWriter(path) => write!(
                f,
                "{}: another count wrote to this checkpoint meanwhile (its lock did not keep it out: a file system whose locks do not reach across machines?); this one stops and leaves the file to it, every record it made kept",
                path.display()
            ),
            CheckpointError::Stopped(path) => write!(
                f,
                "{}: stopped at the time given (--stop-after), every chunk in progress recorded at a step; the same command resumes it",
                path.display()
            ),
            CheckpointError::ReadOnly(path) => write!(
                f,
                "{}: cannot record the count: the file is read-only and its count unfinished",
                path.display()
            ),
            CheckpointError::Io(path, e) => write!(f, "{}: {}", path.display(), e),
        }
    }
}

impl std::error::Error for CheckpointError {}
