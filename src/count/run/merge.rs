//! Adding up the parts of one count: [`merge`] takes the finished checkpoints of parts 1..M
//! and gives their sum only when they are every part exactly once, of one count, and of the
//! count expected ([`Expect`]), so a folder holding another count's parts is refused, never
//! added up.
//!
//! # Example
//!
//! ```
//! use nqueens::count::checkpoint::Checkpoint;
//! use nqueens::count::merge::{merge, Expect};
//! use nqueens::count::{count_with, Ask, Problem, Run};
//!
//! let dir = std::env::temp_dir().join(format!("nqueens-merge-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! let mut files = Vec::new();
//! for k in 1..=3 {
//!     let path = dir.join(format!("part-{}.ckpt", k));
//!     let _ = std::fs::remove_file(&path);
//!     let checkpoint = Checkpoint::open(&path).unwrap();
//!     let run = Run { part: Some((k, 3)), checkpoint: Some(&checkpoint), ..Run::default() };
//!     count_with(&Problem::total(12), &run).unwrap();
//!     files.push(path);
//! }
//! let expect = Expect { n: Some(12), ask: Some(Ask::Total), parts: Some(3), board: None };
//! assert_eq!(merge(&files, &expect).unwrap().count(), 14200);
//! // Another count's parts are refused, never added up.
//! let other = Expect { n: Some(13), ..expect.clone() };
//! assert!(merge(&files, &other).is_err());
//! std::fs::remove_dir_all(&dir).unwrap();
//! ```

use super::checkpoint::{sum_counts, CheckpointError, Contents, Header, Provenance};
use crate::count::problem::Ask;
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

/// What the parts given to [`merge`] must be: each field that is set must match.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Expect {
    /// The board size.
    pub n: Option<u32>,
    /// What was counted.
    pub ask: Option<Ask>,
    /// The number of parts M.
    pub parts: Option<u64>,
    /// The board: `Some("none")` for the plain board of N, or the hash a checkpoint names a
    /// board by (its `board=` field).
    pub board: Option<String>,
}

/// The sum of the parts of one count, from their finished checkpoints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Merged {
    /// The board size.
    pub n: u32,
    /// What was counted.
    pub ask: Ask,
    /// The placements (128 bits: parts of N >= 29 add up past 2^64).
    pub total: u128,
    /// The classes under the symmetries (0 unless they were counted).
    pub unique: u128,
    /// The classes fixed by the half turn only, and by the quarter turn (0s unless counted).
    pub symmetric: [u128; 2],
    /// The counter that counted the parts (`symmetric` counts the classes by their symmetry).
    pub counter: String,
    /// `none` for the plain board, or the hash of the board whose completions were counted.
    pub board: String,
    /// Every part, in order: what a manifest publishes.
    pub parts: Vec<Part>,
}

/// One part of a merged count, as its checkpoint says it was counted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    /// The part `(k, m)`.
    pub part: (u64, u64),
    /// The checkpoint added up.
    pub file: PathBuf,
    /// The SHA-256 of that file's bytes, in hex (as `sha256sum` prints it).
    pub sha256: String,
    /// Its counts: placements, classes, classes fixed by the half turn only, by the quarter
    /// turn (0s where not counted).
    pub counts: [u128; 4],
    /// The runs that counted it: where and how.
    pub runs: Vec<Provenance>,
    /// The CPU time its chunks took, in milliseconds, summed over its runs (`None` for a
    /// checkpoint written before records kept it).
    pub cpu_millis: Option<u64>,
    /// When its last chunk was counted, UTC (`None` for older checkpoints).
    pub finished: Option<String>,
    /// The other checkpoints of this part, counted independently, that agree with it.
    pub confirmed_by: Vec<PathBuf>,
    /// The file's own identity, as its header names it (format 3; `None` before): a copy
    /// of a file keeps it.
    pub file_id: Option<String>,
    /// How many of its chunks were recorded before any run line (by an earlier version that
    /// kept no provenance): chunks no run can be named for.
    pub unattributed_chunks: usize,
}

impl Merged {
    /// The count asked for: the classes for [`Ask::Unique`], else the placements.
    pub fn count(&self) -> u128 {
        match self.ask {
            Ask::Total => self.total,
            Ask::Unique => self.unique,
        }
    }
}

/// A set of checkpoints that does not make one whole count.
#[derive(Debug)]
pub enum MergeError {
    /// A file could not be read, or is not a checkpoint (or is damaged).
    File(CheckpointError),
    /// The files are not the parts of the count expected, do not cover it exactly once, or
    /// one is unfinished.
    Parts(String),
    /// Two independent counts of one part differ: a faulty machine or a forged file. Both are
    /// named; no total is given.
    Conflict(String),
}

impl fmt::Display for MergeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MergeError::File(e) => write!(f, "{}", e),
            MergeError::Parts(message) | MergeError::Conflict(message) => {
                write!(f, "{}", message)
            }
        }
    }
}

impl std::error::Error for MergeError {}

/// How many missing parts a message names before it says how many more there are.
const NAMED: usize = 5;

/// Adds up the finished checkpoints of the parts of one count, checking that they are of the
/// count `expect` describes and cover every part exactly once.
///
/// A part given in more than one checkpoint is compared, every pair of its files: counts
/// made independently that agree confirm it ([`Part::confirmed_by`]) and it is added once;
/// counts that differ are a [`MergeError::Conflict`]. Two files are independent only when
/// they are two files (not one by another path or link, nor a byte copy), their headers name
/// different files (a copy keeps the name whatever is edited after), no run is in both (by
/// its identity), not both hold chunks recorded before any run (format 2 files of earlier
/// versions: such chunks may be one count's, copied), and their runs did not begin at the same times with the same CPU time (of a
/// second or more: equal to the millisecond only by copying); any
/// pair that is not is refused as given twice, and so are two files without provenance,
/// which cannot be told apart from copies.
///
/// # Errors
///
/// [`MergeError::File`] if a file cannot be read or is not a sound checkpoint;
/// [`MergeError::Parts`] naming the file and what is wrong if a part is of another count than
/// the others or than `expect`, given twice, unfinished, or missing (the first few missing are
/// named, then how many more); [`MergeError::Conflict`] naming both files and both counts.
///
/// # Complexity
///
/// O(size of the files); memory O(files), however many parts the count has.
pub fn merge<P: AsRef<Path>>(paths: &[P], expect: &Expect) -> Result<Merged, MergeError> {
    let mut parts: BTreeMap<u64, Vec<(Part, Option<FileId>)>> = BTreeMap::new();
    let mut first: Option<(PathBuf, Header)> = None;
    for path in paths {
        let path = path.as_ref();
        let (header, part) = finished_part(path, expect)?;
        match &first {
            Some((first_path, first)) => same_count(path, &header, first_path, first)?,
            None => first = Some((path.to_path_buf(), header.clone())),
        }
        let id = file_id(path);
        parts.entry(header.part.0).or_default().push((part, id));
    }
    let header = match first {
        Some((_, header)) => header,
        None => return Err(MergeError::Parts("no checkpoints given".to_string())),
    };
    let mut merged = Vec::with_capacity(parts.len());
    for (_, counts) in std::mem::take(&mut parts) {
        // Every pair of one part's files is compared, whatever their order: one copy among
        // them is refused, and a third file never confirms by agreeing with the first alone.
        for (i, (a, a_id)) in counts.iter().enumerate() {
            for (b, b_id) in &counts[i + 1..] {
                compare(a, a_id.as_ref(), b, b_id.as_ref())?;
            }
        }
        let mut counts = counts.into_iter().map(|(part, _)| part);
        let mut kept = counts.next().expect("a part has a file");
        kept.confirmed_by = counts.map(|other| other.file).collect();
        parts.insert(kept.part.0, Vec::new());
        merged.push(kept);
    }
    if let Some((list, absent)) = missing(&parts, header.part.1) {
        let (parts, are) = if absent == 1 {
            ("part", "is")
        } else {
            ("parts", "are")
        };
        return Err(MergeError::Parts(format!(
            "{} {} of the count of N = {} {} missing",
            parts, list, header.n, are
        )));
    }
    let sum = sum_counts(merged.iter().map(|part| &part.counts)).ok_or_else(|| {
        MergeError::Parts("the parts add up to more than 2^128: not one count".to_string())
    })?;
    Ok(Merged {
        n: header.n,
        ask: header.ask,
        total: sum[0],
        unique: sum[1],
        symmetric: [sum[2], sum[3]],
        counter: header.counter,
        board: header.board,
        parts: merged,
    })
}

/// What tells one file from another on its file system: the device and the inode, where the
/// system has them (a path, a symbolic link and a hard link to one file are one file).
type FileId = (u64, u64);

#[cfg(unix)]
fn file_id(path: &Path) -> Option<FileId> {
    use std::os::unix::fs::MetadataExt;
    let meta = std::fs::metadata(path).ok()?;
    meta.is_file().then(|| (meta.dev(), meta.ino()))
}

#[cfg(not(unix))]
fn file_id(_: &Path) -> Option<FileId> {
    None
}

/// Compares a second checkpoint of one part with the first: `Ok` if it is an independent count
/// that agrees.
fn compare(
    first: &Part,
    first_id: Option<&FileId>,
    other: &Part,
    other_id: Option<&FileId>,
) -> Result<(), MergeError> {
    let (k, m) = first.part;
    let twice = |why: &str| {
        Err(MergeError::Parts(format!(
            "{}: part {}/{} is given twice (also {}){}",
            other.file.display(),
            k,
            m,
            first.file.display(),
            why
        )))
    };
    let same_file = first_id.is_some() && first_id == other_id;
    if same_file || other.file == first.file {
        return twice(": the same file");
    }
    if other.sha256 == first.sha256 {
        return twice(": a byte copy of one run confirms nothing");
    }
    if first.runs.is_empty() || other.runs.is_empty() {
        return twice(": a checkpoint without provenance cannot be told from a copy");
    }
    if first.unattributed_chunks > 0 && other.unattributed_chunks > 0 {
        return twice(": both hold chunks recorded before any run (by an earlier version), which cannot be told from chunks of one count copied into both");
    }
    if first.file_id.is_some() && first.file_id == other.file_id {
        return twice(": copies of one file (their headers name the same file), whatever was edited after, confirm nothing");
    }
    if first
        .runs
        .iter()
        .any(|run| other.runs.iter().any(|theirs| theirs.id == run.id))
    {
        return twice(": both hold the same run, copies of one count confirm nothing");
    }
    let starts = |part: &Part| {
        part.runs
            .iter()
            .map(|run| run.started.clone())
            .collect::<Vec<_>>()
    };
    // Equal to the millisecond by chance only when the CPU time is tiny.
    let long = first.cpu_millis.is_some_and(|millis| millis >= 1000);
    if long && starts(first) == starts(other) && first.cpu_millis == other.cpu_millis {
        return twice(": their runs began at the same times and took the same CPU time, copies of one count confirm nothing");
    }
    if first.counts != other.counts {
        return Err(MergeError::Conflict(format!(
            "conflict: part {}/{} is {} in {} but {} in {}: independent counts differ (a faulty machine or a forged file); re-count it ('queens recheck')",
            k,
            m,
            first.counts[0],
            first.file.display(),
            other.counts[0],
            other.file.display()
        )));
    }
    Ok(())
}

/// The header and the part at `path`, finished, of the count `expect` describes.
fn finished_part(path: &Path, expect: &Expect) -> Result<(Header, Part), MergeError> {
    let bytes = Contents::read_bytes(path).map_err(MergeError::File)?;
    let contents = Contents::parse(path, &bytes).map_err(MergeError::File)?;
    let refused = |problem: String| MergeError::Parts(format!("{}: {}", path.display(), problem));
    let header = contents
        .header
        .clone()
        .ok_or_else(|| refused("empty: no count has begun in it".to_string()))?;
    if let Some(problem) = unexpected(&header, expect) {
        return Err(refused(problem));
    }
    let result = contents.result.ok_or_else(|| {
        refused(format!(
            "part {}/{} is unfinished: {} of {} chunks counted",
            header.part.0,
            header.part.1,
            contents.done.len(),
            header.chunks
        ))
    })?;
    let cpu_millis = contents.cpu_millis_total();
    let part = Part {
        part: header.part,
        file: path.to_path_buf(),
        sha256: crate::digest::sha256_hex(&bytes),
        counts: result,
        runs: contents.runs,
        cpu_millis,
        finished: contents.finished,
        confirmed_by: Vec::new(),
        file_id: header.file.clone(),
        unattributed_chunks: contents.unattributed,
    };
    Ok((header, part))
}

/// Refuses the part at `path` unless it is of the same count as the first part given.
fn same_count(
    path: &Path,
    header: &Header,
    first_path: &Path,
    first: &Header,
) -> Result<(), MergeError> {
    let mut same = header.clone();
    same.part.0 = first.part.0;
    same.chunks = first.chunks;
    match same.difference(first, usize::MAX) {
        None => Ok(()),
        Some((field, theirs, ours)) => Err(MergeError::Parts(format!(
            "{}: a part of another count: {} is {} there but {} in {}",
            path.display(),
            field,
            theirs,
            ours,
            first_path.display()
        ))),
    }
}

/// How `header` differs from what is expected, if it does.
fn unexpected(header: &Header, expect: &Expect) -> Option<String> {
    let on = match header.board.as_str() {
        "none" => String::new(),
        board => format!(", completions of the board {}", board),
    };
    let described = format!(
        "a part of the count of N = {} ({}, {} parts{})",
        header.n,
        header.ask.name(),
        header.part.1,
        on
    );
    let wanted = if expect.board.as_ref().is_some_and(|b| *b != header.board) {
        match expect.board.as_deref() {
            Some("none") => "the plain board".to_string(),
            Some(board) => format!("the board {}", board),
            None => unreachable!("a board is expected"),
        }
    } else if expect.n.is_some_and(|n| n != header.n) {
        format!("N = {}", expect.n?)
    } else if expect.ask.is_some_and(|ask| ask != header.ask) {
        format!("the {} count", expect.ask?.name())
    } else if expect.parts.is_some_and(|m| m != header.part.1) {
        format!("{} parts", expect.parts?)
    } else {
        return None;
    };
    Some(format!("{}, but {} was expected", described, wanted))
}

/// The parts of `1..=m` not in `parts`, said briefly (the first few and how many more, found
/// without visiting each of them), and how many they are.
fn missing<T>(parts: &BTreeMap<u64, T>, m: u64) -> Option<(String, u64)> {
    let absent = m - parts.len() as u64;
    if absent == 0 {
        return None;
    }
    let mut named = Vec::new();
    let mut k = 1;
    for &present in parts.keys().chain(std::iter::once(&m.saturating_add(1))) {
        while k < present && k <= m && named.len() < NAMED {
            named.push(format!("{}/{}", k, m));
            k += 1;
        }
        if named.len() == NAMED {
            break;
        }
        k = present.saturating_add(1);
    }
    let more = absent - named.len() as u64;
    let list = match more {
        0 => named.join(", "),
        more => format!("{} and {} more", named.join(", "), more),
    };
    Some((list, absent))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_parts_are_named_briefly_whatever_m_is() {
        let present = |ks: &[u64]| ks.iter().map(|&k| (k, ())).collect::<BTreeMap<u64, ()>>();
        assert_eq!(missing(&present(&[1, 2, 3]), 3), None);
        assert_eq!(missing(&present(&[1, 3]), 3).unwrap(), ("2/3".into(), 1));
        assert_eq!(
            missing(&present(&[2]), 4).unwrap(),
            ("1/4, 3/4, 4/4".into(), 3)
        );
        let max = u64::MAX;
        assert_eq!(
            missing(&present(&[1]), max).unwrap(),
            (
                format!(
                    "2/{0}, 3/{0}, 4/{0}, 5/{0}, 6/{0} and {1} more",
                    max,
                    max - 6
                ),
                max - 1
            )
        );
        assert_eq!(
            missing(&present(&[max]), max).unwrap(),
            (
                format!(
                    "1/{0}, 2/{0}, 3/{0}, 4/{0}, 5/{0} and {1} more",
                    max,
                    max - 6
                ),
                max - 1
            )
        );
    }
}
