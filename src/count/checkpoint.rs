//! Counts that outlive a process: a file that records, durably, every finished piece of a
//! count, so that a count killed at any moment resumes where it stopped, and the parts of a
//! count run on many machines can be added up safely ([`merge`]).
//!
//! # The file
//!
//! A text file of lines, each ending with ` ~` and a checksum of the rest of the line (FNV-1a,
//! 32 bits, in hex):
//!
//! ```text
//! nqueens-checkpoint 1 n=16 ask=total counter=join board=none part=1/1 chunks=506 units=6470:3f0c…  ~1a2b3c4d
//! done 17 28890 0 ~…
//! done 3 31200 0 ~…
//! result 14772512 0 ~…
//! ```
//!
//! - The header names the problem: the format's version, N, what is asked (total or unique),
//!   the counter, the board (`none` or a hash of its squares), the part, the number of
//!   *chunks* (the pieces recorded) and the identity of the counter's list of units (its
//!   length and a hash). A checkpoint is only ever used for the problem it names; any
//!   difference is refused and named.
//! - `done C T U`: chunk `C` is counted, with `T` placements (and `U` classes, or 0). Each is
//!   written with one `write` as soon as the chunk is counted, so a process killed with
//!   SIGKILL loses only the chunks its threads were counting; the file is flushed to the disk
//!   (`fsync`) at least every second and at the end.
//! - `result T U`: every chunk is counted; the part's result.
//!
//! Text after the last line end is a *torn* record (a write cut short by a full disk or a
//! power loss): it is ignored, and cut off when the count resumes. Any other damage (a bad
//! checksum, a line out of place) is an error naming the line, never a wrong total. A process
//! counting holds an exclusive lock on the file: a second one is refused.
//!
//! # Example
//!
//! ```
//! use nqueens::count::checkpoint::{merge, Checkpoint};
//! use nqueens::count::{total_with, Options};
//!
//! let dir = std::env::temp_dir().join(format!("nqueens-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! let mut files = Vec::new();
//! for k in 1..=3 {
//!     let path = dir.join(format!("part-{}.ckpt", k));
//!     let _ = std::fs::remove_file(&path);
//!     let checkpoint = Checkpoint::open(&path, "total").unwrap();
//!     let options = Options { part: Some((k, 3)), checkpoint: Some(&checkpoint), ..Options::default() };
//!     total_with(12, &options).unwrap();
//!     files.push(path);
//! }
//! assert_eq!(merge(&files).unwrap().total, 14200);
//! std::fs::remove_dir_all(&dir).unwrap();
//! ```

use std::collections::BTreeMap;
use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The version of the file format.
pub const FORMAT: u32 = 1;

/// The first word of every checkpoint.
const MAGIC: &str = "nqueens-checkpoint";

/// How often the records are flushed to the disk, at least.
const SYNC_EVERY: Duration = Duration::from_secs(1);

/// The problem a checkpoint belongs to: every field must match for it to be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The board size.
    pub n: u32,
    /// What is asked: `total` or `unique`.
    pub ask: String,
    /// The counter, which decides the units: `join` or `symmetric`.
    pub counter: String,
    /// `none`, or a hash of the board's reserved squares.
    pub board: String,
    /// The part `(k, m)`; `(1, 1)` for a whole count.
    pub part: (usize, usize),
    /// The number of chunks the part's units are recorded in.
    pub chunks: usize,
    /// The identity of the counter's whole list of units: its length and a hash.
    pub units: String,
}

impl Problem {
    /// The fields as they are written, in order.
    fn fields(&self) -> Vec<(&'static str, String)> {
        vec![
            ("n", self.n.to_string()),
            ("ask", self.ask.clone()),
            ("counter", self.counter.clone()),
            ("board", self.board.clone()),
            ("part", format!("{}/{}", self.part.0, self.part.1)),
            ("chunks", self.chunks.to_string()),
            ("units", self.units.clone()),
        ]
    }

    fn header(&self) -> String {
        let mut line = format!("{} {}", MAGIC, FORMAT);
        for (name, value) in self.fields() {
            line += &format!(" {}={}", name, value);
        }
        line
    }

    /// Reads a header line (without its checksum).
    fn parse(text: &str) -> Option<Problem> {
        let mut words = text.split(' ');
        if words.next() != Some(MAGIC) || words.next() != Some(&FORMAT.to_string()) {
            return None;
        }
        let mut get = |name: &str| {
            let word = words.next()?;
            word.strip_prefix(name)?.strip_prefix('=').map(String::from)
        };
        let n = get("n")?.parse().ok()?;
        let ask = get("ask")?;
        let counter = get("counter")?;
        let board = get("board")?;
        let part = get("part")?;
        let (k, m) = part.split_once('/')?;
        let part = (k.parse().ok()?, m.parse().ok()?);
        let chunks = get("chunks")?.parse().ok()?;
        let units = get("units")?;
        Some(Problem {
            n,
            ask,
            counter,
            board,
            part,
            chunks,
            units,
        })
    }

    /// The first field that differs from `other`'s, as (name, ours, theirs).
    fn difference(&self, other: &Problem) -> Option<(&'static str, String, String)> {
        self.fields()
            .into_iter()
            .zip(other.fields())
            .find(|(a, b)| a.1 != b.1)
            .map(|(a, b)| (a.0, a.1, b.1))
    }
}

/// What is wrong with a checkpoint.
#[derive(Debug)]
pub enum CheckpointError {
    /// The file is not a checkpoint (its first line is not a checkpoint's header).
    NotACheckpoint(PathBuf),
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
    /// The file could not be read or written.
    Io(PathBuf, io::Error),
}

impl CheckpointError {
    /// Whether the file itself is at fault (not a checkpoint, damaged, of another problem)
    /// rather than the system (busy, unreadable, a full disk).
    pub fn is_bad_input(&self) -> bool {
        matches!(
            self,
            CheckpointError::NotACheckpoint(_)
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
            CheckpointError::Io(path, e) => write!(f, "{}: {}", path.display(), e),
        }
    }
}

impl std::error::Error for CheckpointError {}

/// What a checkpoint file holds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Contents {
    /// The problem, if the header was written.
    pub problem: Option<Problem>,
    /// The chunks counted, with their counts (placements, classes).
    pub done: BTreeMap<usize, [u64; 2]>,
    /// The result, once every chunk is counted.
    pub result: Option<[u64; 2]>,
    /// The length of the file's whole lines: a torn record after them is cut off on resuming.
    pub whole: u64,
}

impl Contents {
    /// Reads a checkpoint's text (the file's bytes).
    ///
    /// # Errors
    ///
    /// [`CheckpointError::NotACheckpoint`] or [`CheckpointError::Damaged`].
    pub fn parse(path: &Path, bytes: &[u8]) -> Result<Contents, CheckpointError> {
        let mut contents = Contents::default();
        let end = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        contents.whole = end as u64;
        let damaged = |line: usize, problem: &str| CheckpointError::Damaged {
            path: path.to_path_buf(),
            line,
            problem: problem.to_string(),
        };
        let torn_header = end == 0 && MAGIC.as_bytes().starts_with(bytes);
        if !bytes.is_empty() && !bytes.starts_with(MAGIC.as_bytes()) && !torn_header {
            return Err(CheckpointError::NotACheckpoint(path.to_path_buf()));
        }
        // The whole lines, without the last line end (none if there is no whole line).
        let lines = bytes[..end.saturating_sub(1)]
            .split(|&b| b == b'\n')
            .take(if end == 0 { 0 } else { usize::MAX });
        for (i, raw) in lines.enumerate() {
            let line = i + 1;
            let text = std::str::from_utf8(raw).map_err(|_| damaged(line, "not text"))?;
            let body = match text.rsplit_once(" ~") {
                Some((body, sum)) if sum == format!("{:08x}", checksum(body)) => body,
                _ if line == 1 => return Err(CheckpointError::NotACheckpoint(path.to_path_buf())),
                _ => {
                    return Err(damaged(
                        line,
                        "its checksum does not match: the file is damaged",
                    ))
                }
            };
            if line == 1 {
                contents.problem = Some(
                    Problem::parse(body)
                        .ok_or_else(|| CheckpointError::NotACheckpoint(path.to_path_buf()))?,
                );
                continue;
            }
            if contents.result.is_some() {
                return Err(damaged(line, "a record after the result"));
            }
            let words: Vec<&str> = body.split(' ').collect();
            let numbers: Option<Vec<u64>> = words[1..].iter().map(|w| w.parse().ok()).collect();
            match (words[0], numbers.as_deref()) {
                ("done", Some(&[chunk, total, unique])) => {
                    let chunks = contents.problem.as_ref().map_or(0, |p| p.chunks);
                    if chunk as usize >= chunks {
                        return Err(damaged(line, "a chunk past the last"));
                    }
                    if contents
                        .done
                        .insert(chunk as usize, [total, unique])
                        .is_some()
                    {
                        return Err(damaged(line, "a chunk recorded twice"));
                    }
                }
                ("result", Some(&[total, unique])) => {
                    let chunks = contents.problem.as_ref().map_or(0, |p| p.chunks);
                    let sum = contents.done.values().fold([0u64, 0], |s, c| {
                        [s[0].wrapping_add(c[0]), s[1].wrapping_add(c[1])]
                    });
                    if contents.done.len() != chunks || sum != [total, unique] {
                        return Err(damaged(line, "a result that is not the sum of the chunks"));
                    }
                    contents.result = Some([total, unique]);
                }
                _ => return Err(damaged(line, "not a record")),
            }
        }
        Ok(contents)
    }

    /// Reads the checkpoint at `path`.
    ///
    /// # Errors
    ///
    /// As [`Contents::parse`], or [`CheckpointError::Io`].
    pub fn read(path: &Path) -> Result<Contents, CheckpointError> {
        let mut file = File::open(path).map_err(|e| CheckpointError::Io(path.to_path_buf(), e))?;
        let bytes = read_checkpoint(path, &mut file)?;
        Contents::parse(path, &bytes)
    }
}

/// A checkpoint open for one count: the file, locked, and what it held.
pub struct Checkpoint {
    path: PathBuf,
    ask: String,
    state: Mutex<State>,
}

struct State {
    file: File,
    contents: Contents,
    synced: Instant,
}

impl Checkpoint {
    /// Opens (or creates) the checkpoint at `path` for a count of `ask` (`total` or `unique`),
    /// and locks it; a torn last record is cut off.
    ///
    /// # Errors
    ///
    /// [`CheckpointError::Busy`] if another process holds it; any error of
    /// [`Contents::parse`]; [`CheckpointError::Io`].
    pub fn open(path: &Path, ask: &str) -> Result<Checkpoint, CheckpointError> {
        let io = |e| CheckpointError::Io(path.to_path_buf(), e);
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .map_err(io)?;
        match file.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => {
                return Err(CheckpointError::Busy(path.to_path_buf()))
            }
            Err(std::fs::TryLockError::Error(e)) => return Err(io(e)),
        }
        let bytes = read_checkpoint(path, &mut file)?;
        let contents = Contents::parse(path, &bytes)?;
        if contents.whole < bytes.len() as u64 {
            file.set_len(contents.whole).map_err(io)?;
        }
        file.seek(SeekFrom::End(0)).map_err(io)?;
        Ok(Checkpoint {
            path: path.to_path_buf(),
            ask: ask.to_string(),
            state: Mutex::new(State {
                file,
                contents,
                synced: Instant::now(),
            }),
        })
    }

    /// What is asked of the count this checkpoint was opened for.
    pub fn ask(&self) -> &str {
        &self.ask
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Starts (or resumes) `problem`: writes the header to a new file, or checks the one
    /// there; returns what it holds (the chunks already counted, and the result if there is
    /// one).
    pub(crate) fn begin(&self, problem: &Problem) -> Result<Contents, CheckpointError> {
        let mut state = self.lock();
        match &state.contents.problem {
            Some(recorded) => {
                if let Some((field, recorded, wanted)) = recorded.difference(problem) {
                    return Err(CheckpointError::Mismatch {
                        path: self.path.clone(),
                        field,
                        recorded,
                        wanted,
                    });
                }
            }
            None => {
                state.contents.problem = Some(problem.clone());
                write_line(&mut state.file, &problem.header())
                    .and_then(|()| state.file.sync_data())
                    .map_err(|e| CheckpointError::Io(self.path.clone(), e))?;
            }
        }
        Ok(state.contents.clone())
    }

    /// Records that `chunk` is counted, with `counts`.
    pub(crate) fn record(&self, chunk: usize, counts: [u64; 2]) -> Result<(), CheckpointError> {
        let mut state = self.lock();
        let line = format!("done {} {} {}", chunk, counts[0], counts[1]);
        write_line(&mut state.file, &line)
            .map_err(|e| CheckpointError::Io(self.path.clone(), e))?;
        if state.synced.elapsed() >= SYNC_EVERY {
            state
                .file
                .sync_data()
                .map_err(|e| CheckpointError::Io(self.path.clone(), e))?;
            state.synced = Instant::now();
        }
        Ok(())
    }

    /// Records the result, once every chunk is counted, and flushes the file to the disk.
    pub(crate) fn finish(&self, counts: [u64; 2]) -> Result<(), CheckpointError> {
        let mut state = self.lock();
        let line = format!("result {} {}", counts[0], counts[1]);
        write_line(&mut state.file, &line)
            .and_then(|()| state.file.sync_data())
            .map_err(|e| CheckpointError::Io(self.path.clone(), e))
    }
}

/// Reads a whole checkpoint file, refusing at once what cannot be one: not a regular file
/// (`/dev/zero` would never end), or a file that does not begin as a checkpoint (however big).
fn read_checkpoint(path: &Path, file: &mut File) -> Result<Vec<u8>, CheckpointError> {
    let io = |e| CheckpointError::Io(path.to_path_buf(), e);
    if !file.metadata().map_err(io)?.is_file() {
        return Err(CheckpointError::NotACheckpoint(path.to_path_buf()));
    }
    let mut bytes = Vec::new();
    file.take(MAGIC.len() as u64)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    // (A file shorter than the magic word may be a header torn on its first write.)
    if !MAGIC.as_bytes().starts_with(&bytes) {
        return Err(CheckpointError::NotACheckpoint(path.to_path_buf()));
    }
    file.read_to_end(&mut bytes).map_err(io)?;
    Ok(bytes)
}

/// Writes `text`, its checksum and a line end, in one `write`.
fn write_line(file: &mut File, text: &str) -> io::Result<()> {
    file.write_all(format!("{} ~{:08x}\n", text, checksum(text)).as_bytes())
}

/// FNV-1a, 32 bits.
fn checksum(text: &str) -> u32 {
    text.bytes().fold(0x811c_9dc5, |h, b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

/// FNV-1a, 64 bits: the identity of a list of units (from their `Debug` text).
pub(crate) fn identity(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The sum of the parts of one count, from their finished checkpoints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Merged {
    /// The board size.
    pub n: u32,
    /// The placements.
    pub total: u64,
    /// The classes under the symmetries, if they were counted (`--unique`).
    pub unique: Option<u64>,
}

/// A set of checkpoints that does not make one whole count.
#[derive(Debug)]
pub enum MergeError {
    /// A file could not be read, or is not a checkpoint (or is damaged).
    File(CheckpointError),
    /// The files are of one count, but do not cover it exactly once, or one is unfinished.
    Parts(String),
}

impl fmt::Display for MergeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MergeError::File(e) => write!(f, "{}", e),
            MergeError::Parts(message) => write!(f, "{}", message),
        }
    }
}

impl std::error::Error for MergeError {}

/// Adds up the finished checkpoints of the parts of one count, checking that they cover every
/// part exactly once.
///
/// # Errors
///
/// [`MergeError::File`] if a file cannot be read or is not a sound checkpoint;
/// [`MergeError::Parts`] naming the file and what is wrong if a part is missing, given twice,
/// unfinished, or of another count.
pub fn merge<P: AsRef<Path>>(paths: &[P]) -> Result<Merged, MergeError> {
    let mut parts: BTreeMap<usize, (PathBuf, Problem, [u64; 2])> = BTreeMap::new();
    let mut first: Option<(PathBuf, Problem)> = None;
    for path in paths {
        let path = path.as_ref();
        let contents = Contents::read(path).map_err(MergeError::File)?;
        let problem = contents.problem.ok_or_else(|| {
            MergeError::Parts(format!(
                "{}: empty: no count has begun in it",
                path.display()
            ))
        })?;
        if let Some((first_path, first)) = &first {
            let mut same = problem.clone();
            same.part.0 = first.part.0;
            same.chunks = first.chunks;
            if let Some((field, theirs, ours)) = same.difference(first) {
                return Err(MergeError::Parts(format!(
                    "{}: a part of another count: {} is {} there but {} in {}",
                    path.display(),
                    field,
                    theirs,
                    ours,
                    first_path.display()
                )));
            }
        } else {
            first = Some((path.to_path_buf(), problem.clone()));
        }
        let result = contents.result.ok_or_else(|| {
            MergeError::Parts(format!(
                "{}: part {}/{} is unfinished: {} of {} chunks counted",
                path.display(),
                problem.part.0,
                problem.part.1,
                contents.done.len(),
                problem.chunks
            ))
        })?;
        let k = problem.part.0;
        if let Some((other, _, _)) = parts.get(&k) {
            return Err(MergeError::Parts(format!(
                "{}: part {}/{} is given twice (also {})",
                path.display(),
                k,
                problem.part.1,
                other.display()
            )));
        }
        parts.insert(k, (path.to_path_buf(), problem, result));
    }
    let (_, problem) = first.ok_or_else(|| MergeError::Parts("no checkpoints given".into()))?;
    let m = problem.part.1;
    let missing: Vec<String> = (1..=m)
        .filter(|k| !parts.contains_key(k))
        .map(|k| format!("{}/{}", k, m))
        .collect();
    if !missing.is_empty() {
        let (parts, are) = if missing.len() == 1 {
            ("part", "is")
        } else {
            ("parts", "are")
        };
        return Err(MergeError::Parts(format!(
            "{} {} of the count of N = {} {} missing",
            parts,
            missing.join(", "),
            problem.n,
            are
        )));
    }
    let sum = parts
        .values()
        .fold([0u64, 0], |s, (_, _, r)| [s[0] + r[0], s[1] + r[1]]);
    Ok(Merged {
        n: problem.n,
        total: sum[0],
        unique: (problem.ask == "unique").then_some(sum[1]),
    })
}
