//! What a checkpoint file holds: its header and its records, read back and checked.

use super::header::{checksum, record_checksum, Header, BOM, MAGIC, READ};
use super::provenance::Provenance;
use super::read_checkpoint;
use super::CheckpointError;
use crate::count::problem::Ask;
use std::collections::BTreeMap;
use std::fs::File;
use std::io;
use std::path::Path;

/// What a checkpoint file holds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Contents {
    /// The header, if it was written.
    pub header: Option<Header>,
    /// The chunks counted, with their counts (placements, classes), read as 128-bit numbers
    /// (a count past 2^64, as of N >= 29, is kept exactly).
    pub done: BTreeMap<usize, [u128; 4]>,
    /// The CPU time each chunk took, in milliseconds, for the chunks whose record says (older
    /// checkpoints' records do not).
    pub cpu_millis: BTreeMap<usize, u64>,
    /// The runs that worked on the file, in order: where and how it was counted.
    pub runs: Vec<Provenance>,
    /// How many chunk records come before the first `run` line: chunks counted by a run that
    /// left no record (a file of an earlier version), which cannot be told from chunks
    /// copied from another file.
    pub unattributed: usize,
    /// For each chunk in progress (not yet counted), the last step recorded: how far its
    /// counting had got.
    pub steps: BTreeMap<usize, Step>,
    /// When the last chunk was counted, UTC, once the count is finished (older checkpoints do
    /// not say).
    pub finished: Option<String>,
    /// The result, once every chunk is counted.
    pub result: Option<[u128; 4]>,
    /// The length of the file's whole lines: a torn record after them is cut off on resuming.
    pub whole: u64,
    /// The header's text (without its checksum) that every record's checksum covers, in a
    /// format 3 file; `None` in a format 2 one, whose records are checked alone.
    pub(super) bound: Option<String>,
}

/// How far the counting of a chunk had got when its last `step` record was written: a count
/// resumed after a kill goes on from there instead of counting the chunk again.
///
/// The record is `step C LAYOUT AT T U H Q S`: chunk `C`; `LAYOUT`, 16 hex digits naming how the
/// counter numbers the pieces of its units (its name, the version of that numbering, its
/// sizes), so that a step is only ever resumed by a count that numbers them the same way; `AT`,
/// the next piece to count, as numbers joined by dots (the unit within the chunk, then the
/// counter's own); the chunk's counts before that piece; the CPU seconds it has taken so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// How the counter numbers its pieces.
    pub layout: u64,
    /// The next piece to count: the unit within the chunk (from 0), then the counter's words.
    pub at: Vec<u64>,
    /// The chunk's counts before that piece (as a `done` record's).
    pub counts: [u128; 4],
    /// The CPU time the chunk has taken so far, in milliseconds.
    pub cpu_millis: u64,
}

/// The most numbers in a step's `AT` (the unit and the counter's words).
const MOST_AT: usize = 16;

impl Step {
    /// The step's record, without its checksum.
    pub(super) fn line(&self, chunk: usize) -> String {
        let at: Vec<String> = self.at.iter().map(u64::to_string).collect();
        format!(
            "step {} {:016x} {} {} {} {} {} {}.{:03}",
            chunk,
            self.layout,
            at.join("."),
            self.counts[0],
            self.counts[1],
            self.counts[2],
            self.counts[3],
            self.cpu_millis / 1000,
            self.cpu_millis % 1000
        )
    }

    /// Reads a step record after its `step `: the chunk and the step.
    fn parse(rest: &str) -> Option<(usize, Step)> {
        let words: Vec<&str> = rest.split(' ').collect();
        let [chunk, layout, at, a, b, c, d, seconds] = words[..] else {
            return None;
        };
        if layout.len() != 16 {
            return None;
        }
        let at: Option<Vec<u64>> = at.split('.').map(|w| w.parse().ok()).collect();
        let at = at.filter(|at| !at.is_empty() && at.len() <= MOST_AT)?;
        let count = |w: &str| w.parse::<u128>().ok();
        Some((
            chunk.parse().ok()?,
            Step {
                layout: u64::from_str_radix(layout, 16).ok()?,
                at,
                counts: [count(a)?, count(b)?, count(c)?, count(d)?],
                cpu_millis: millis(seconds)?,
            },
        ))
    }
}

/// Seconds written to the millisecond (`12.345`) in milliseconds.
fn millis(text: &str) -> Option<u64> {
    let (s, ms) = text.split_once('.')?;
    if ms.len() != 3 || !ms.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse::<u64>()
        .ok()?
        .checked_mul(1000)?
        .checked_add(ms.parse().ok()?)
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
        // Lines end at \n, \r\n or a lone \r (a file saved by an old Mac editor), as every
        // text the toolkit reads; text after the last line end is a torn record.
        let end = bytes
            .iter()
            .rposition(|&b| b == b'\n' || b == b'\r')
            .map_or(0, |i| i + 1);
        contents.whole = end as u64;
        let text = bytes.strip_prefix(BOM).unwrap_or(bytes);
        let offset = bytes.len() - text.len();
        if !begins_as_a_checkpoint(bytes) {
            return Err(CheckpointError::NotACheckpoint(path.to_path_buf()));
        }
        let whole = &text[..end.saturating_sub(offset)];
        let mut line = 0;
        let mut start = 0;
        let mut i = 0;
        while i < whole.len() {
            if whole[i] == b'\n' || whole[i] == b'\r' {
                line += 1;
                contents.take(path, line, &whole[start..i])?;
                if whole[i] == b'\r' && whole.get(i + 1) == Some(&b'\n') {
                    i += 1;
                }
                start = i + 1;
            }
            i += 1;
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
        let text = std::str::from_utf8(raw).map_err(|_| damaged("not text"))?;
        if line == 1 {
            let version = text.split(' ').nth(1).unwrap_or("");
            if version.is_empty() || !version.bytes().all(|b| b.is_ascii_digit()) {
                return Err(damaged("the first line names no format version"));
            }
            if !READ.iter().any(|format| version == format.to_string()) {
                return Err(CheckpointError::Format {
                    path: path.to_path_buf(),
                    version: version.chars().take(20).collect(),
                });
            }
        }
        let body = match text.rsplit_once(" ~") {
            Some((body, sum)) if line == 1 && sum == checksum(body) => body,
            _ if line == 1 => return Err(CheckpointError::NotACheckpoint(path.to_path_buf())),
            Some((body, sum)) if sum == record_checksum(self.bound.as_deref(), body) => body,
            Some((body, sum)) if self.bound.is_some() && sum == checksum(body) => {
                return Err(damaged(
                    "its checksum does not cover this file's header: a record written for another file",
                ))
            }
            _ if self.bound.is_some() => {
                return Err(damaged(
                    "its checksum does not match this file: the line is damaged, or was moved here from another file",
                ))
            }
            _ => return Err(damaged("its checksum does not match: the file is damaged")),
        };
        if line == 1 {
            let header = Header::parse(body)
                .ok_or_else(|| CheckpointError::NotACheckpoint(path.to_path_buf()))?;
            let (k, m) = header.part;
            if k == 0 || k > m {
                return Err(damaged(&format!(
                    "part {}/{} is not one of the parts 1 to {} of its count",
                    k, m, m
                )));
            }
            self.bound = header.file.is_some().then(|| body.to_string());
            self.header = Some(header);
            return Ok(());
        }
        if self.result.is_some() {
            return Err(damaged("a record after the result"));
        }
        let chunks = self.header.as_ref().map_or(0, |h| h.chunks);
        if body.starts_with("run ") {
            let run = Provenance::parse(body).ok_or_else(|| damaged("not a run record"))?;
            self.runs.push(run);
            return Ok(());
        }
        if let Some(time) = body.strip_prefix("end finished=") {
            if time.len() != 20 || !time.ends_with('Z') {
                return Err(damaged("not an end record"));
            }
            self.finished = Some(time.to_string());
            return Ok(());
        }
        if let Some(rest) = body.strip_prefix("step ") {
            let (chunk, step) = Step::parse(rest).ok_or_else(|| damaged("not a step record"))?;
            if chunk >= chunks {
                return Err(damaged("a chunk past the last"));
            }
            if self.done.contains_key(&chunk) {
                return Err(damaged("a step of a chunk already counted"));
            }
            self.steps.insert(chunk, step);
            return Ok(());
        }
        let mut words: Vec<&str> = body.split(' ').collect();
        // A chunk's record may end with the CPU seconds it took, to the millisecond.
        let millis = match (words[0], words.len()) {
            ("done", 7) => {
                let text = words.pop().unwrap_or_default();
                millis(text)
                    .map(Some)
                    .ok_or_else(|| damaged("not a record"))?
            }
            _ => None,
        };
        let numbers: Option<Vec<u128>> = words[1..].iter().map(|w| w.parse().ok()).collect();
        match (words[0], numbers.as_deref()) {
            ("done", Some(&[chunk, a, b, c, d])) => {
                if chunk >= chunks as u128 {
                    return Err(damaged("a chunk past the last"));
                }
                // Two runs that wrote to one file at once may both record a chunk: the same
                // counts are one record, other counts damage.
                match self.done.insert(chunk as usize, [a, b, c, d]) {
                    Some(before) if before != [a, b, c, d] => {
                        return Err(damaged("a chunk recorded twice with other counts"))
                    }
                    _ => {}
                }
                self.steps.remove(&(chunk as usize));
                if self.runs.is_empty() {
                    self.unattributed += 1;
                }
                if let Some(millis) = millis {
                    self.cpu_millis.insert(chunk as usize, millis);
                }
            }
            ("result", Some(&[a, b, c, d])) => {
                let sum = sum_counts(self.done.values());
                if self.done.len() != chunks || sum != Some([a, b, c, d]) {
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
        Contents::parse(path, &Contents::read_bytes(path)?)
    }

    /// The bytes of the checkpoint at `path` (`-`: standard input), refused at once if they
    /// cannot be one.
    pub(crate) fn read_bytes(path: &Path) -> Result<Vec<u8>, CheckpointError> {
        Ok(if path == Path::new("-") {
            read_checkpoint(path, &mut io::stdin().lock())?
        } else {
            // A file or a pipe (`merge <(ssh host cat part.ckpt)`) is read; a directory is not.
            let io = |e| CheckpointError::Io(path.to_path_buf(), e);
            if std::fs::metadata(path).map_err(io)?.is_dir() {
                let e = io::Error::other("a directory, not a checkpoint file");
                return Err(CheckpointError::Io(path.to_path_buf(), e));
            }
            read_checkpoint(path, &mut File::open(path).map_err(io)?)?
        })
    }

    /// The CPU seconds the counted chunks took, summed over every run that worked on the file,
    /// when each chunk's record says (`None` for a checkpoint written before records did).
    pub fn cpu_seconds(&self) -> Option<f64> {
        self.cpu_millis_total().map(|millis| millis as f64 / 1000.0)
    }

    /// [`Contents::cpu_seconds`] in milliseconds, as the records keep it.
    pub fn cpu_millis_total(&self) -> Option<u64> {
        (self.cpu_millis.len() == self.done.len()).then(|| self.cpu_millis.values().sum())
    }

    /// The count a finished checkpoint holds: the classes if they were asked for, else the
    /// placements.
    pub fn answer(&self) -> Option<u128> {
        let result = self.result?;
        match self.header.as_ref()?.ask {
            Ask::Total => Some(result[0]),
            Ask::Unique => Some(result[1]),
        }
    }
}

/// The sum of the four counts of each record, or `None` if one passes 2^128 (no count does:
/// such records are not of one count).
///
/// # Example
///
/// ```
/// use nqueens::count::checkpoint::sum_counts;
///
/// assert_eq!(sum_counts(&[[1, 2, 0, 0], [3, 4, 0, 1]]), Some([4, 6, 0, 1]));
/// assert_eq!(sum_counts(&[[u128::MAX, 0, 0, 0], [1, 0, 0, 0]]), None);
/// ```
pub fn sum_counts<'a>(records: impl IntoIterator<Item = &'a [u128; 4]>) -> Option<[u128; 4]> {
    let mut sum = [0u128; 4];
    for record in records {
        for (s, r) in sum.iter_mut().zip(record) {
            *s = s.checked_add(*r)?;
        }
    }
    Some(sum)
}

/// Whether `bytes` begin with a checkpoint's header (a byte-order mark allowed): a file no
/// output of the toolkit may be written over.
///
/// # Example
///
/// ```
/// use nqueens::count::checkpoint::is_checkpoint;
///
/// assert!(is_checkpoint(b"nqueens-checkpoint 3 n=12 ask=total"));
/// assert!(!is_checkpoint(b"{\"part\":1}"));
/// assert!(!is_checkpoint(b""));
/// ```
pub fn is_checkpoint(bytes: &[u8]) -> bool {
    let text = bytes.strip_prefix(BOM).unwrap_or(bytes);
    text.starts_with(MAGIC.as_bytes())
}

/// Whether `bytes` begin as a checkpoint does (a byte-order mark allowed), or could still: a
/// header torn on its first write.
pub(super) fn begins_as_a_checkpoint(bytes: &[u8]) -> bool {
    let text = bytes.strip_prefix(BOM).unwrap_or(bytes);
    let torn = BOM.starts_with(bytes) || MAGIC.as_bytes().starts_with(text);
    torn && !bytes.contains(&b'\n') || text.starts_with(MAGIC.as_bytes())
}
