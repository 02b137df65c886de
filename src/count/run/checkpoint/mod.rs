//! Counts that outlive a process: a file that records, durably, every finished piece of a
//! count, so that a count killed at any moment resumes where it stopped, and the parts of a
//! count run on many machines can be added up safely ([`super::merge`]).
//!
//! # The file
//!
//! A text file of lines, each ending with ` ~` and a checksum (FNV-1a, 64 bits, in hex): of
//! the header's text for the first line, and for every other line of the header's text, a line
//! feed and the line's own text, so that every record belongs to its file. For
//! `queens count 14 --checkpoint FILE`:
//!
//! ```text
//! nqueens-checkpoint 3 n=14 ask=total counter=join board=none part=1/1 chunks=128 units=128:9c9a403d5a5e97e5 file=5d0c2f8e6a91b3c4 ~…
//! run version=0.1.0 commit=cafe4c0862ee76797fe20155daacd71569ef96ae counter=join kernel=avx512 host=vm cpu=Example%20CPU%2064-Core os=Linux%206.1.0-26-amd64 started=2026-11-25T09:56:56Z id=2c0bdfa10a6ec6eb ~…
//! done 8 384 0 0 0 0.000 ~…
//! done 9 718 0 0 0 0.000 ~…
//! …
//! end finished=2026-11-25T09:56:56Z ~…
//! result 365596 0 0 0 ~…
//! ```
//!
//! - The header names the problem: the format's version, N, what is asked (total or unique),
//!   the counter, the board (`none` or a hash of its squares), the part, the number of
//!   *chunks* (the pieces recorded), the identity of the counter's list of units (its
//!   length and a hash of each unit's identifying words, written field by field, so that
//!   renaming a field in the code never changes it), and the file's own identity, drawn when
//!   it was made (a copy keeps it). A checkpoint is only ever used for the problem it names;
//!   any difference is refused and named, and so is a file of a format version not read.
//!   Format 2 files (no `file=`, each record's checksum its own line's alone) still resume,
//!   their new records written as format 2 writes them, and merge.
//! - `run FIELD=VALUE…`: a run began work on the file: the crate's version and the commit it
//!   was built from, the counter and its SIMD kernel, the host, the CPU model, the operating
//!   system, when it started (UTC) and an identity of its own ([`Provenance`]). A count
//!   resumed after a kill adds a line; a line per run says where and how every part was made.
//! - `done C T U H Q S`: chunk `C` is counted, with `T` placements (and `U` classes, `H` of
//!   them fixed by the half turn only and `Q` by the quarter turn, or 0s for a total), in `S`
//!   seconds of CPU time (the worker thread's, to the millisecond). Each is written with one
//!   `write` as soon as the chunk is counted, so a process killed with SIGKILL loses only the
//!   chunks its threads were counting; the file is flushed to the disk (`fsync`) at least
//!   every second and at the end.
//! - `step C LAYOUT AT T U H Q S`: how far chunk `C`, still being counted, had got ([`Step`]):
//!   written about once a minute ([`Checkpoint::steps_every`]) by a counter whose units are
//!   long (the join from n = 24), so a kill loses a minute of a thread's work, not a chunk. A
//!   resumed count goes on from the chunk's last step; the steps are dropped from the file
//!   when the count finishes.
//! - `end finished=TIME` and `result T U H Q`, written together: every chunk is counted, when
//!   (UTC), and the part's result. A finished checkpoint gives its result before any work, even
//!   when it is read-only.
//!
//! Checkpoints written before `run`, `end` and the seconds of `done` were recorded still
//! resume and merge: their provenance is unknown.
//!
//! Text after the last line end is a *torn* record (a write cut short by a full disk or a
//! power loss): it is ignored, and cut off when the count resumes. Any other damage (a bad
//! checksum, a line out of place, a line moved from another file) is an error naming the line,
//! never a wrong total. A
//! byte-order mark at the start and `\r\n` line ends (a file saved by a Windows editor) are
//! read as the plain file. A process counting holds an exclusive lock on the file: a second one
//! is refused.
//!
//! The checksums find damage, not forgery: a file edited by hand with its checksums
//! recomputed is believed.
//!
//! # Example
//!
//! ```
//! use nqueens::count::checkpoint::{Checkpoint, Contents};
//! use nqueens::count::{count_with, Problem, Run};
//!
//! let path = std::env::temp_dir().join(format!("nqueens-ckpt-doc-{}", std::process::id()));
//! let _ = std::fs::remove_file(&path);
//! let checkpoint = Checkpoint::open(&path).unwrap();
//! let run = Run { checkpoint: Some(&checkpoint), ..Run::default() };
//! assert_eq!(count_with(&Problem::total(12), &run).unwrap(), 14200);
//! drop(checkpoint);
//! // The file holds the result; the same count again reads it instead of counting.
//! assert_eq!(Contents::read(&path).unwrap().answer(), Some(14200));
//! let again = Checkpoint::open(&path).unwrap();
//! let run = Run { checkpoint: Some(&again), ..Run::default() };
//! assert_eq!(count_with(&Problem::total(12), &run).unwrap(), 14200);
//! std::fs::remove_file(&path).unwrap();
//! ```

mod compact;
mod contents;
mod error;
mod files;
mod header;
mod provenance;

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

pub use contents::{is_checkpoint, sum_counts, Contents, Step};
pub use error::CheckpointError;
use files::{attach, cannot_write, is_dangling_link, made_whole, read_checkpoint, same_file};
use header::{checksum, record_checksum, EARLY_FIELDS};
pub use header::{Fnv, Header, FORMAT};
pub use provenance::{utc, utc_now, utc_seconds, Provenance, UNKNOWN};

/// The largest file read as a checkpoint: 512 chunk records of under 100 bytes, and the steps
/// of the chunks in progress, one a minute a thread (a part of a thousand core-hours killed
/// before its end holds some 60,000 of them; a finished file keeps none).
const MAX_BYTES: u64 = 64 << 20;

/// How often, by default, a chunk in progress records a step ([`Checkpoint::steps_every`]).
pub const STEPS_EVERY: Duration = Duration::from_secs(60);

/// How often the records are flushed to the disk, at least.
const SYNC_EVERY: Duration = Duration::from_secs(1);

/// A checkpoint open for one count: the file, locked, and what it held.
pub struct Checkpoint {
    path: PathBuf,
    state: Mutex<State>,
    /// How often a chunk in progress records a step.
    every: Duration,
    /// When the count stops, if it is to stop before it finishes.
    stop_at: Option<Instant>,
}

struct State {
    /// The file, once there is one (see [`Checkpoint::open`]).
    file: Option<File>,
    /// The length the file has if no one else wrote to it: checked before each write, so a
    /// second writer is found at its first record.
    end: u64,
    /// The file could be opened for reading only: a finished count can still be read.
    writable: bool,
    contents: Contents,
    synced: Instant,
    /// A step was written by this count.
    stepped: bool,
}

impl Checkpoint {
    /// Opens the checkpoint at `path` and locks it; a torn last record is cut off. A file that
    /// cannot be written (another user's, a read-only mount) is opened to read: its result, if
    /// finished, is still given. A file that is not there is made when the count begins, whole
    /// with its header, written beside it and linked to its name only if that is still free:
    /// a count refused before it begins leaves none.
    ///
    /// # Errors
    ///
    /// [`CheckpointError::Busy`] if another process holds it; any error of
    /// [`Contents::parse`]; [`CheckpointError::Io`].
    pub fn open(path: &Path) -> Result<Checkpoint, CheckpointError> {
        let io = |e| CheckpointError::Io(path.to_path_buf(), e);
        if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
            return Err(CheckpointError::NotACheckpoint(path.to_path_buf()));
        }
        // Appending: a record always goes to the end, after any other writer's, never over it.
        let opened = OpenOptions::new().read(true).append(true).open(path);
        let (file, writable) = match opened {
            Ok(file) => (file, true),
            Err(e) if e.kind() == io::ErrorKind::NotFound && !is_dangling_link(path) => {
                return Ok(Checkpoint::with(path, None, Contents::default(), true))
            }
            Err(e) if cannot_write(&e) && path.is_file() => (File::open(path).map_err(io)?, false),
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                let why = "a symbolic link to a file that is not there (the checkpoint is not made through it)";
                return Err(io(io::Error::new(e.kind(), why)));
            }
            Err(e) => return Err(io(e)),
        };
        let (file, contents) = attach(path, file, writable)?;
        Ok(Checkpoint::with(path, Some(file), contents, writable))
    }

    fn with(path: &Path, file: Option<File>, contents: Contents, writable: bool) -> Checkpoint {
        let end = file.as_ref().map_or(0, |_| contents.whole);
        Checkpoint {
            path: path.to_path_buf(),
            state: Mutex::new(State {
                file,
                end,
                writable,
                contents,
                synced: Instant::now(),
                stepped: false,
            }),
            every: STEPS_EVERY,
            stop_at: None,
        }
    }

    /// The checkpoint, recording a *step* of each chunk in progress (how far it has got, and
    /// its counts so far) every `every` (wall-clock time), for the counters whose
    /// units are long (the join from n = 24, where a unit takes minutes to hours): a count
    /// killed and resumed loses at most that much of each thread's work, not a chunk's.
    /// [`STEPS_EVERY`] (a minute) unless set; `Duration::ZERO` records one after every piece
    /// of work. Steps are dropped from the file when the count finishes (it is rewritten
    /// whole, beside itself, and renamed over; a file that is a link, or whose folder cannot
    /// be written, keeps them).
    ///
    /// # Example
    ///
    /// ```
    /// use nqueens::count::checkpoint::Checkpoint;
    /// use std::time::Duration;
    ///
    /// let path = std::env::temp_dir().join(format!("nqueens-steps-doc-{}", std::process::id()));
    /// let checkpoint = Checkpoint::open(&path).unwrap().steps_every(Duration::from_secs(10));
    /// // Nothing is written before a count begins.
    /// assert!(!path.exists());
    /// # drop(checkpoint);
    /// ```
    pub fn steps_every(mut self, every: Duration) -> Checkpoint {
        self.every = every;
        self
    }

    /// The checkpoint, stopping the count at `at`: no chunk is begun after it, and every
    /// chunk in progress records a step at its next piece and stops (a counter that numbers
    /// no pieces stops at the end of the chunk), with [`CheckpointError::Stopped`]. A task
    /// of a cluster given a time limit stops so before it is killed, losing nothing.
    ///
    /// # Example
    ///
    /// ```
    /// use nqueens::count::checkpoint::{Checkpoint, CheckpointError};
    /// use nqueens::count::{count_with, CountError, Problem, Run};
    /// use std::time::Instant;
    ///
    /// let path = std::env::temp_dir().join(format!("nqueens-stop-doc-{}", std::process::id()));
    /// let _ = std::fs::remove_file(&path);
    /// let checkpoint = Checkpoint::open(&path).unwrap().stop_at(Instant::now());
    /// let run = Run { checkpoint: Some(&checkpoint), ..Run::default() };
    /// let stopped = count_with(&Problem::total(12), &run);
    /// assert!(matches!(stopped, Err(CountError::Checkpoint(CheckpointError::Stopped(_)))));
    /// drop(checkpoint);
    /// // Resumed without a deadline, it finishes.
    /// let again = Checkpoint::open(&path).unwrap();
    /// let run = Run { checkpoint: Some(&again), ..Run::default() };
    /// assert_eq!(count_with(&Problem::total(12), &run).unwrap(), 14200);
    /// # drop(again);
    /// std::fs::remove_file(&path).unwrap();
    /// ```
    pub fn stop_at(mut self, at: Instant) -> Checkpoint {
        self.stop_at = Some(at);
        self
    }

    /// [`CheckpointError::Stopped`] if the time to stop has come.
    pub(crate) fn check_time(&self) -> Result<(), CheckpointError> {
        match self.stop_at.is_some_and(|at| Instant::now() >= at) {
            true => Err(CheckpointError::Stopped(self.path.clone())),
            false => Ok(()),
        }
    }

    /// How often a chunk in progress records a step.
    pub(crate) fn every(&self) -> Duration {
        self.every
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The result recorded for `header`, compared on the fields known before the units are:
    /// what a finished checkpoint answers before any work.
    ///
    /// # Errors
    ///
    /// [`CheckpointError::Mismatch`] if one of those fields differs.
    pub(crate) fn result_for(&self, header: &Header) -> Result<Option<[u128; 4]>, CheckpointError> {
        let state = self.lock();
        match &state.contents.header {
            None => Ok(None),
            Some(recorded) => {
                self.same(recorded, header, EARLY_FIELDS)?;
                Ok(state.contents.result)
            }
        }
    }

    fn same(
        &self,
        recorded: &Header,
        header: &Header,
        fields: usize,
    ) -> Result<(), CheckpointError> {
        match recorded.difference(header, fields) {
            None => Ok(()),
            Some((field, recorded, wanted)) => Err(CheckpointError::Mismatch {
                path: self.path.clone(),
                field,
                recorded,
                wanted,
            }),
        }
    }

    /// Starts (or resumes) the count `header` names: writes the header to a new file, or checks
    /// the one there, and, if work is left, the `run` line of `provenance`; returns what it
    /// holds (the chunks already counted, and the result if there is one).
    pub(crate) fn begin(
        &self,
        header: &Header,
        provenance: &Provenance,
    ) -> Result<Contents, CheckpointError> {
        let mut state = self.lock();
        match &state.contents.header {
            Some(recorded) => self.same(recorded, header, usize::MAX)?,
            None if !state.writable => return Err(CheckpointError::ReadOnly(self.path.clone())),
            None => {
                // A new file names itself: its records are bound to this header.
                let mut header = header.clone();
                header.file = Some(provenance::fresh_id(b"file"));
                let line = header.line();
                let text = format!("{} ~{}\n", line, checksum(&line));
                if state.file.is_some() {
                    // An empty file (made by hand, or by an older version refused before its
                    // header): the header goes into it.
                    self.write(&mut state, text.as_bytes())?;
                    self.file(&mut state)?
                        .sync_data()
                        .map_err(|e| CheckpointError::Io(self.path.clone(), e))?;
                    state.contents.header = Some(header);
                    state.contents.bound = Some(line);
                } else {
                    self.create(&mut state, text.as_bytes())?;
                    match &state.contents.header {
                        // Another count made the file first: this one goes on with it if it is
                        // the same count, as if it had been there.
                        Some(made) if made.file != header.file => {
                            self.same(made, &header, usize::MAX)?
                        }
                        Some(_) => {}
                        None => return Err(CheckpointError::NotACheckpoint(self.path.clone())),
                    }
                }
            }
        }
        if state.contents.result.is_none() && !state.writable {
            return Err(CheckpointError::ReadOnly(self.path.clone()));
        }
        if state.contents.result.is_none() {
            let line = provenance.line();
            self.append(&mut state, &line)?;
            state.contents.runs.push(provenance.clone());
        }
        Ok(state.contents.clone())
    }

    /// Records that `chunk` is counted, with `counts`, in `cpu` of CPU time.
    pub(crate) fn record(
        &self,
        chunk: usize,
        counts: [u128; 4],
        cpu: Duration,
    ) -> Result<(), CheckpointError> {
        let mut state = self.lock();
        let line = format!(
            "done {} {} {} {} {} {}.{:03}",
            chunk,
            counts[0],
            counts[1],
            counts[2],
            counts[3],
            cpu.as_secs(),
            cpu.subsec_millis()
        );
        self.append(&mut state, &line)
    }

    /// Adds the record `line` (its checksum added) to the file, flushing it to the disk if the
    /// last flush is [`SYNC_EVERY`] old.
    fn append(&self, state: &mut State, line: &str) -> Result<(), CheckpointError> {
        let io = |e| CheckpointError::Io(self.path.clone(), e);
        let record = record(state.contents.bound.as_deref(), line);
        self.write(state, record.as_bytes())?;
        if state.synced.elapsed() >= SYNC_EVERY {
            self.file(state)?.sync_data().map_err(io)?;
            state.synced = Instant::now();
        }
        Ok(())
    }

    /// Records how far the counting of `chunk` has got (see [`Checkpoint::steps_every`]).
    pub(crate) fn step(&self, chunk: usize, step: &Step) -> Result<(), CheckpointError> {
        let mut state = self.lock();
        state.stepped = true;
        self.append(&mut state, &step.line(chunk))
    }

    /// Records when the count finished and its result, once every chunk is counted, and
    /// flushes the file to the disk. A file holding steps is written again without them, if
    /// it can be (see [`Checkpoint::steps_every`]); else the two lines are added to it.
    pub(crate) fn finish(&self, counts: [u128; 4]) -> Result<(), CheckpointError> {
        let mut state = self.lock();
        let end = format!("end finished={}", utc_now());
        let result = format!(
            "result {} {} {} {}",
            counts[0], counts[1], counts[2], counts[3]
        );
        // One write for both lines: a result is never without its time.
        let bound = state.contents.bound.as_deref();
        let both = format!("{}{}", record(bound, &end), record(bound, &result));
        self.check_alone(&mut state)?;
        let stepped = state.stepped || !state.contents.steps.is_empty();
        if stepped && compact::rewrite(&self.path, self.file(&mut state)?, both.as_bytes()).is_ok()
        {
            return Ok(());
        }
        self.write(&mut state, both.as_bytes())?;
        self.file(&mut state)?
            .sync_data()
            .map_err(|e| CheckpointError::Io(self.path.clone(), e))
    }

    /// Makes the file, whole with its header `text`, where there was none: the header is
    /// written to a new file beside it, flushed and locked, and linked to the checkpoint's
    /// name only if that name is still free, so two counts started at once on one new file
    /// (with or without locks that work) never both write a header, and the file is never
    /// seen under its name unlocked; the count that comes second opens the file the first
    /// made (and is refused while the first holds it). Then opens it as
    /// [`Checkpoint::open`] does.
    fn create(&self, state: &mut State, text: &[u8]) -> Result<(), CheckpointError> {
        let io = |e| CheckpointError::Io(self.path.clone(), e);
        let temp = compact::temp_name(&self.path);
        let made = made_whole(&self.path, &temp, text);
        let _ = std::fs::remove_file(&temp);
        let made = made.map_err(io)?;
        compact::sync_folder(&self.path);
        let (file, contents) = match made {
            Some(file) => (file, Contents::parse(&self.path, text)?),
            None => {
                let file = OpenOptions::new()
                    .read(true)
                    .append(true)
                    .open(&self.path)
                    .map_err(io)?;
                attach(&self.path, file, true)?
            }
        };
        state.end = contents.whole;
        state.contents = contents;
        state.file = Some(file);
        Ok(())
    }

    /// The open file (there is one once the count has begun).
    fn file<'s>(&self, state: &'s mut State) -> Result<&'s mut File, CheckpointError> {
        state.file.as_mut().ok_or_else(|| {
            let why = "a record before the checkpoint's header was written";
            CheckpointError::Io(self.path.clone(), io::Error::other(why))
        })
    }

    /// [`CheckpointError::SecondWriter`] if the file is not the length this count left it:
    /// another process wrote to it (or cut it).
    /// Or the name no longer leads to this file: another count renamed its own over it.
    fn check_alone(&self, state: &mut State) -> Result<(), CheckpointError> {
        let end = state.end;
        let meta = self
            .file(state)?
            .metadata()
            .map_err(|e| CheckpointError::Io(self.path.clone(), e))?;
        let replaced = std::fs::metadata(&self.path).is_ok_and(|named| !same_file(&named, &meta));
        match meta.len() == end && !replaced {
            true => Ok(()),
            false => Err(CheckpointError::SecondWriter(self.path.clone())),
        }
    }

    /// Writes `bytes` at the end of the file in one call, after checking no one else wrote.
    fn write(&self, state: &mut State, bytes: &[u8]) -> Result<(), CheckpointError> {
        self.check_alone(state)?;
        self.file(state)?
            .write_all(bytes)
            .map_err(|e| CheckpointError::Io(self.path.clone(), e))?;
        state.end += bytes.len() as u64;
        Ok(())
    }
}

/// `text` as a record of a file whose records are bound to the header text `bound` (format
/// 3; `None`: format 2): its checksum and a line end after it, written in one `write`.
fn record(bound: Option<&str>, text: &str) -> String {
    format!("{} ~{}\n", text, record_checksum(bound, text))
}
