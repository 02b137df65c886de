//! Counts that outlive a process: a file that records, durably, every finished piece of a
//! count, so that a count killed at any moment resumes where it stopped, and the parts of a
//! count run on many machines can be added up safely ([`super::merge`]).
//!
//! # The file
//!
//! A text file of lines, each ending with ` ~` and a checksum of the rest of the line (FNV-1a,
//! 64 bits, in hex). For `queens count 14 --checkpoint FILE`:
//!
//! ```text
//! nqueens-checkpoint 2 n=14 ask=total counter=join board=none part=1/1 chunks=128 units=128:9c9a403d5a5e97e5 ~97bd4e30193b6f32
//! done 8 384 0 0 0 ~379e694ce2dabbe4
//! done 9 718 0 0 0 ~87921ef971c38fae
//! …
//! result 365596 0 0 0 ~40c89e9e2dae85f0
//! ```
//!
//! - The header names the problem: the format's version, N, what is asked (total or unique),
//!   the counter, the board (`none` or a hash of its squares), the part, the number of
//!   *chunks* (the pieces recorded) and the identity of the counter's list of units (its
//!   length and a hash of each unit's identifying words, written field by field, so that
//!   renaming a field in the code never changes it). A checkpoint is only ever used for the
//!   problem it names; any difference is refused and named, and so is a file of another
//!   format version.
//! - `done C T U H Q`: chunk `C` is counted, with `T` placements (and `U` classes, `H` of them
//!   fixed by the half turn only and `Q` by the quarter turn, or 0s for a total). Each is
//!   written with one `write` as soon as the chunk is counted, so a process killed with
//!   SIGKILL loses only the chunks its threads were counting; the file is flushed to the disk
//!   (`fsync`) at least every second and at the end.
//! - `result T U H Q`: every chunk is counted; the part's result. A finished checkpoint gives its
//!   result before any work, even when it is read-only.
//!
//! Text after the last line end is a *torn* record (a write cut short by a full disk or a
//! power loss): it is ignored, and cut off when the count resumes. Any other damage (a bad
//! checksum, a line out of place) is an error naming the line, never a wrong total. A
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

use crate::count::problem::{Ask, Problem};
use std::collections::BTreeMap;
use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The version of the file format: 2 since units have identities of their own (format 1
/// hashed their `Debug` text).
pub const FORMAT: u32 = 2;

/// The first word of every checkpoint.
const MAGIC: &str = "nqueens-checkpoint";

/// The UTF-8 byte-order mark, which a checkpoint saved by an editor may start with.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The largest file read as a checkpoint: one holds at most 512 records of under 100 bytes.
const MAX_BYTES: u64 = 1 << 20;

/// How often the records are flushed to the disk, at least.
const SYNC_EVERY: Duration = Duration::from_secs(1);

/// FNV-1a, 64 bits: the one hash of checkpoints (each line's checksum, the identity of a list
/// of units and of a board).
#[derive(Clone, Copy, Debug)]
pub struct Fnv(u64);

impl Fnv {
    /// The hash of nothing.
    pub fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    /// Feeds bytes.
    pub fn bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }

    /// Feeds a word, as its 8 little-endian bytes.
    pub fn word(&mut self, word: u64) {
        self.bytes(&word.to_le_bytes());
    }

    /// The hash.
    pub fn finish(self) -> u64 {
        self.0
    }
}

impl Default for Fnv {
    fn default() -> Self {
        Fnv::new()
    }
}

/// The checksum of one line's text.
fn checksum(text: &str) -> String {
    let mut hash = Fnv::new();
    hash.bytes(text.as_bytes());
    format!("{:016x}", hash.finish())
}

/// The problem a checkpoint belongs to, as its first line names it: every field must match for
/// it to be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The board size.
    pub n: u32,
    /// What is asked.
    pub ask: Ask,
    /// The counter, which decides the units: `join` or `symmetric`.
    pub counter: String,
    /// `none`, or a hash of the board's reserved squares.
    pub board: String,
    /// The part `(k, m)`; `(1, 1)` for a whole count.
    pub part: (u64, u64),
    /// The number of chunks the part's units are recorded in.
    pub chunks: usize,
    /// The identity of the counter's whole list of units: its length and a hash.
    pub units: String,
}

/// The fields known before the units are: a finished checkpoint matching them holds the
/// answer.
const EARLY_FIELDS: usize = 5;

impl Header {
    /// The header of a count of `problem` by `counter`, this `part`, the unit list `units`
    /// (its length and hash) when known; chunks are set when the units are sliced.
    pub(crate) fn new(
        problem: &Problem<'_>,
        counter: &str,
        part: Option<(u64, u64)>,
        units: Option<(u64, u64)>,
    ) -> Header {
        let board = problem.board.map_or("none".to_string(), |board| {
            let mut hash = Fnv::new();
            hash.word(board.size() as u64);
            // Reserved squares as one word a row (as before placed queens were known), then
            // the placed queens, if any.
            for row in 0..board.size() {
                hash.word(board.reserved_row(row).first().copied().unwrap_or(0));
            }
            for &(row, col) in board.queens() {
                hash.word(u64::from(row) << 32 | u64::from(col));
            }
            format!("{:016x}", hash.finish())
        });
        Header {
            n: problem.n,
            ask: problem.ask,
            counter: counter.to_string(),
            board,
            part: part.unwrap_or((1, 1)),
            chunks: 0,
            units: units.map_or(String::new(), |(len, hash)| {
                format!("{}:{:016x}", len, hash)
            }),
        }
    }

    /// The fields as they are written, in order.
    fn fields(&self) -> [(&'static str, String); 7] {
        [
            ("n", self.n.to_string()),
            ("ask", self.ask.name().to_string()),
            ("counter", self.counter.clone()),
            ("board", self.board.clone()),
            ("part", format!("{}/{}", self.part.0, self.part.1)),
            ("chunks", self.chunks.to_string()),
            ("units", self.units.clone()),
        ]
    }

    fn line(&self) -> String {
        let mut line = format!("{} {}", MAGIC, FORMAT);
        for (name, value) in self.fields() {
            line += &format!(" {}={}", name, value);
        }
        line
    }

    /// Reads a header line of this format (without its checksum).
    fn parse(text: &str) -> Option<Header> {
        let mut words = text.split(' ').skip(2);
        let mut get = |name: &str| {
            let word = words.next()?;
            word.strip_prefix(name)?.strip_prefix('=').map(String::from)
        };
        let n = get("n")?.parse().ok()?;
        let ask = Ask::from_name(&get("ask")?)?;
        let counter = get("counter")?;
        let board = get("board")?;
        let part = get("part")?;
        let (k, m) = part.split_once('/')?;
        let part = (k.parse().ok()?, m.parse().ok()?);
        let chunks = get("chunks")?.parse().ok()?;
        let units = get("units")?;
        Some(Header {
            n,
            ask,
            counter,
            board,
            part,
            chunks,
            units,
        })
    }

    /// The first of the first `fields` fields that differs from `other`'s, as (name, ours,
    /// theirs).
    pub(crate) fn difference(
        &self,
        other: &Header,
        fields: usize,
    ) -> Option<(&'static str, String, String)> {
        self.fields()
            .into_iter()
            .zip(other.fields())
            .take(fields)
            .find(|(a, b)| a.1 != b.1)
            .map(|(a, b)| (a.0, a.1, b.1))
    }
}

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
                 format {}); count again into a new file",
                path.display(),
                version,
                FORMAT
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

/// What a checkpoint file holds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Contents {
    /// The header, if it was written.
    pub header: Option<Header>,
    /// The chunks counted, with their counts (placements, classes).
    pub done: BTreeMap<usize, [u64; 4]>,
    /// The result, once every chunk is counted.
    pub result: Option<[u64; 4]>,
    /// The length of the file's whole lines: a torn record after them is cut off on resuming.
    pub whole: u64,
}

impl Contents {
    /// Reads a checkpoint's text (the file's bytes).
    ///
    /// # Errors
    ///
    /// [`CheckpointError::NotACheckpoint`], [`CheckpointError::Format`] or
    /// [`CheckpointError::Damaged`].
    pub fn parse(path: &Path, bytes: &[u8]) -> Result<Contents, CheckpointError> {
        let mut contents = Contents::default();
        let end = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        contents.whole = end as u64;
        let text = bytes.strip_prefix(BOM).unwrap_or(bytes);
        let offset = bytes.len() - text.len();
        if !begins_as_a_checkpoint(bytes) {
            return Err(CheckpointError::NotACheckpoint(path.to_path_buf()));
        }
        // The whole lines, without the last line end (none if there is no whole line).
        let whole = &text[..end.saturating_sub(offset + 1)];
        let lines = whole
            .split(|&b| b == b'\n')
            .take(if end == 0 { 0 } else { usize::MAX });
        for (i, raw) in lines.enumerate() {
            contents.take(path, i + 1, raw)?;
        }
        Ok(contents)
    }

    /// Takes line `line` of the file.
    fn take(&mut self, path: &Path, line: usize, raw: &[u8]) -> Result<(), CheckpointError> {
        let damaged = |problem: &str| CheckpointError::Damaged {
            path: path.to_path_buf(),
            line,
            problem: problem.to_string(),
        };
        let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
        let text = std::str::from_utf8(raw).map_err(|_| damaged("not text"))?;
        if line == 1 {
            let version = text.split(' ').nth(1).unwrap_or("");
            if version != FORMAT.to_string() {
                return Err(CheckpointError::Format {
                    path: path.to_path_buf(),
                    version: version.chars().take(20).collect(),
                });
            }
        }
        let body = match text.rsplit_once(" ~") {
            Some((body, sum)) if sum == checksum(body) => body,
            _ if line == 1 => return Err(CheckpointError::NotACheckpoint(path.to_path_buf())),
            _ => return Err(damaged("its checksum does not match: the file is damaged")),
        };
        if line == 1 {
            let header = Header::parse(body)
                .ok_or_else(|| CheckpointError::NotACheckpoint(path.to_path_buf()))?;
            self.header = Some(header);
            return Ok(());
        }
        if self.result.is_some() {
            return Err(damaged("a record after the result"));
        }
        let chunks = self.header.as_ref().map_or(0, |h| h.chunks);
        let words: Vec<&str> = body.split(' ').collect();
        let numbers: Option<Vec<u64>> = words[1..].iter().map(|w| w.parse().ok()).collect();
        match (words[0], numbers.as_deref()) {
            ("done", Some(&[chunk, a, b, c, d])) => {
                if chunk >= chunks as u64 {
                    return Err(damaged("a chunk past the last"));
                }
                if self.done.insert(chunk as usize, [a, b, c, d]).is_some() {
                    return Err(damaged("a chunk recorded twice"));
                }
            }
            ("result", Some(&[a, b, c, d])) => {
                let sum = self.done.values().fold([0u64; 4], |s, c| {
                    std::array::from_fn(|i| s[i].wrapping_add(c[i]))
                });
                if self.done.len() != chunks || sum != [a, b, c, d] {
                    return Err(damaged("a result that is not the sum of the chunks"));
                }
                self.result = Some([a, b, c, d]);
            }
            _ => return Err(damaged("not a record")),
        }
        Ok(())
    }

    /// Reads the checkpoint at `path`; `-` reads standard input.
    ///
    /// # Errors
    ///
    /// As [`Contents::parse`], or [`CheckpointError::Io`].
    pub fn read(path: &Path) -> Result<Contents, CheckpointError> {
        let bytes = if path == Path::new("-") {
            read_checkpoint(path, &mut io::stdin().lock())?
        } else {
            // Not opened before it is known to be a regular file: opening a FIFO would wait.
            let io = |e| CheckpointError::Io(path.to_path_buf(), e);
            if !std::fs::metadata(path).map_err(io)?.is_file() {
                return Err(CheckpointError::NotACheckpoint(path.to_path_buf()));
            }
            read_checkpoint(path, &mut File::open(path).map_err(io)?)?
        };
        Contents::parse(path, &bytes)
    }

    /// The count a finished checkpoint holds: the classes if they were asked for, else the
    /// placements.
    pub fn answer(&self) -> Option<u64> {
        let result = self.result?;
        match self.header.as_ref()?.ask {
            Ask::Total => Some(result[0]),
            Ask::Unique => Some(result[1]),
        }
    }
}

/// Whether `bytes` begin as a checkpoint does (a byte-order mark allowed), or could still: a
/// header torn on its first write.
fn begins_as_a_checkpoint(bytes: &[u8]) -> bool {
    let text = bytes.strip_prefix(BOM).unwrap_or(bytes);
    let torn = BOM.starts_with(bytes) || MAGIC.as_bytes().starts_with(text);
    torn && !bytes.contains(&b'\n') || text.starts_with(MAGIC.as_bytes())
}

/// A checkpoint open for one count: the file, locked, and what it held.
pub struct Checkpoint {
    path: PathBuf,
    state: Mutex<State>,
}

struct State {
    file: File,
    /// The file could be opened for reading only: a finished count can still be read.
    writable: bool,
    contents: Contents,
    synced: Instant,
}

impl Checkpoint {
    /// Opens (or creates) the checkpoint at `path` and locks it; a torn last record is cut off.
    /// A file that cannot be written (another user's, a read-only mount) is opened to read: its
    /// result, if finished, is still given.
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
        let (mut file, writable) = match OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
        {
            Ok(file) => (file, true),
            Err(e) if cannot_write(&e) && path.is_file() => (File::open(path).map_err(io)?, false),
            Err(e) => return Err(io(e)),
        };
        match file.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => {
                return Err(CheckpointError::Busy(path.to_path_buf()))
            }
            Err(std::fs::TryLockError::Error(e)) => return Err(io(e)),
        }
        let bytes = read_checkpoint(path, &mut file)?;
        let contents = Contents::parse(path, &bytes)?;
        if writable && contents.whole < bytes.len() as u64 {
            file.set_len(contents.whole).map_err(io)?;
        }
        file.seek(SeekFrom::End(0)).map_err(io)?;
        Ok(Checkpoint {
            path: path.to_path_buf(),
            state: Mutex::new(State {
                file,
                writable,
                contents,
                synced: Instant::now(),
            }),
        })
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
    pub(crate) fn result_for(&self, header: &Header) -> Result<Option<[u64; 4]>, CheckpointError> {
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
    /// the one there; returns what it holds (the chunks already counted, and the result if
    /// there is one).
    pub(crate) fn begin(&self, header: &Header) -> Result<Contents, CheckpointError> {
        let mut state = self.lock();
        match &state.contents.header {
            Some(recorded) => self.same(recorded, header, usize::MAX)?,
            None if !state.writable => return Err(CheckpointError::ReadOnly(self.path.clone())),
            None => {
                state.contents.header = Some(header.clone());
                write_line(&mut state.file, &header.line())
                    .and_then(|()| state.file.sync_data())
                    .map_err(|e| CheckpointError::Io(self.path.clone(), e))?;
            }
        }
        if state.contents.result.is_none() && !state.writable {
            return Err(CheckpointError::ReadOnly(self.path.clone()));
        }
        Ok(state.contents.clone())
    }

    /// Records that `chunk` is counted, with `counts`.
    pub(crate) fn record(&self, chunk: usize, counts: [u64; 4]) -> Result<(), CheckpointError> {
        let mut state = self.lock();
        let line = format!(
            "done {} {} {} {} {}",
            chunk, counts[0], counts[1], counts[2], counts[3]
        );
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
    pub(crate) fn finish(&self, counts: [u64; 4]) -> Result<(), CheckpointError> {
        let mut state = self.lock();
        let line = format!(
            "result {} {} {} {}",
            counts[0], counts[1], counts[2], counts[3]
        );
        write_line(&mut state.file, &line)
            .and_then(|()| state.file.sync_data())
            .map_err(|e| CheckpointError::Io(self.path.clone(), e))
    }
}

/// Whether opening for writing failed because the file may not be written (permissions, a
/// read-only file system), where reading it may still work.
fn cannot_write(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::PermissionDenied | io::ErrorKind::ReadOnlyFilesystem
    )
}

/// Reads a whole checkpoint, refusing at once what cannot be one: a text that does not begin
/// as a checkpoint (however big), or one bigger than any checkpoint.
fn read_checkpoint(path: &Path, input: &mut impl Read) -> Result<Vec<u8>, CheckpointError> {
    let io = |e| CheckpointError::Io(path.to_path_buf(), e);
    let not_one = || CheckpointError::NotACheckpoint(path.to_path_buf());
    let mut bytes = Vec::new();
    let start = (BOM.len() + MAGIC.len()) as u64;
    input.take(start).read_to_end(&mut bytes).map_err(io)?;
    if !begins_as_a_checkpoint(&bytes) {
        return Err(not_one());
    }
    input.take(MAX_BYTES).read_to_end(&mut bytes).map_err(io)?;
    if bytes.len() as u64 > MAX_BYTES {
        return Err(not_one());
    }
    Ok(bytes)
}

/// Writes `text`, its checksum and a line end, in one `write`.
fn write_line(file: &mut File, text: &str) -> io::Result<()> {
    file.write_all(format!("{} ~{}\n", text, checksum(text)).as_bytes())
}
