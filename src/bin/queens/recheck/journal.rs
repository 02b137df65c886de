//! The record of `queens recheck --record FILE`, kept as the check goes: each part's lines are
//! added to FILE (and flushed to the disk) as soon as it is re-counted, and the same check run
//! again after a kill reads them back, so no part is counted twice. Each run of the check ends
//! with a line summing what it re-counted.
//!
//! Several processes may share one record (a list of parts split over nodes): the file is
//! only ever added to, never rewritten, each addition one `write` in append mode under a lock,
//! so every process's lines are kept whatever the others do. Every line names the run that
//! wrote it, and a reader says when runs wrote at the same time.

use crate::failure::Failure;
use std::collections::{BTreeMap, BTreeSet};
use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// A part of a count: N, and the part `(k, m)` as (n, k, m).
type PartOf = (u32, u64, u64);

/// A part's re-count, with the CPU seconds it took if known.
type Recount = (u128, Option<f64>);

/// The record being written, and what it held of this method's re-counts when it was opened.
pub struct Journal {
    path: PathBuf,
    /// The file, open for adding lines; `None` for a file that is not a plain one (a pipe,
    /// `/dev/stdout`), written once at the end.
    file: Option<File>,
    /// Lines kept for the end when the file is not a plain one.
    pending: String,
    /// The re-count read back for each part (n, k, m), with its CPU seconds if known.
    done: BTreeMap<PartOf, Recount>,
    /// The identity of this run, written in each of its lines.
    run: String,
    /// The file's length when it was opened: lines after it are this run's or another's.
    opened_at: u64,
}

/// Whether `first_line` begins a record this check writes (a part's line, a summary, or the
/// start of one cut short): a file `--record` may add to.
pub fn is_record(first_line: &str) -> bool {
    ["{\"n\":", "{\"method\":"]
        .iter()
        .any(|start| first_line.starts_with(start) || start.starts_with(first_line))
}

impl Journal {
    /// Opens the record at `path` for a check by `method` in the run `run`: the lines of parts
    /// that `method` re-counted before are read back, every other line is kept as it is, and
    /// a line cut short by a kill at the end is cut off.
    ///
    /// # Errors
    ///
    /// [`Failure::Usage`] if the file is a checkpoint or another kind of file (it is never
    /// written over), [`Failure::Write`] if it cannot be read or written.
    pub fn open(path: &str, method: &str, run: &str) -> Result<Journal, Failure> {
        let fail = |e: std::io::Error| Failure::Write(format!("the record {}: {}", path, e));
        crate::output::check_overwrite(
            "recheck",
            ("--record", Path::new(path)),
            "a record of queens recheck",
            is_record,
        )?;
        let plain = std::fs::metadata(path).map_or(true, |meta| meta.is_file());
        let mut journal = Journal {
            path: PathBuf::from(path),
            file: None,
            pending: String::new(),
            done: BTreeMap::new(),
            run: run.to_string(),
            opened_at: 0,
        };
        if !plain {
            return Ok(journal);
        }
        let file = OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(path)
            .map_err(fail)?;
        let before = {
            let _lock = Lock::take(&file);
            let mut bytes = Vec::new();
            (&file).seek(SeekFrom::Start(0)).map_err(fail)?;
            (&file).read_to_end(&mut bytes).map_err(fail)?;
            // A line cut short by a kill: every writer holds the lock while it writes, so no
            // one is writing it now.
            let whole = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
            if whole < bytes.len() {
                file.set_len(whole as u64).map_err(fail)?;
                bytes.truncate(whole);
            }
            journal.opened_at = whole as u64;
            String::from_utf8_lossy(&bytes).into_owned()
        };
        let mut disagree = BTreeSet::new();
        for line in before.lines() {
            if let Some((part, done)) = recount(line, method) {
                if journal
                    .done
                    .insert(part, done)
                    .is_some_and(|d| d.0 != done.0)
                {
                    disagree.insert(part);
                }
            }
        }
        for (n, k, m) in disagree {
            journal.done.remove(&(n, k, m));
            crate::failure::say(&format!(
                "queens: the record {} holds two re-counts of part {}/{} of N = {} that differ: it is counted again",
                path, k, m, n
            ));
        }
        if let Some(runs) = at_once(&before) {
            crate::failure::say(&format!(
                "queens: note: the record {} holds lines of {} runs written at the same time (one record shared by several processes); every line is kept",
                path, runs
            ));
        }
        journal.file = Some(file);
        Ok(journal)
    }

    /// The re-count of part `(k, m)` of `n` that an earlier run recorded, if any.
    pub fn recounted(&self, n: u32, (k, m): (u64, u64)) -> Option<Recount> {
        self.done.get(&(n, k, m)).copied()
    }

    /// Adds `lines` (whole lines) to the record in one write, after whatever other processes
    /// added, on the disk before it returns.
    ///
    /// # Errors
    ///
    /// [`Failure::Write`] if they cannot be written.
    pub fn add(&mut self, lines: &str) -> Result<(), Failure> {
        let Some(file) = &self.file else {
            self.pending += lines;
            return Ok(());
        };
        let _lock = Lock::take(file);
        (&*file)
            .write_all(lines.as_bytes())
            .and_then(|()| file.sync_data())
            .map_err(|e| {
                Failure::Write(format!(
                    "cannot write the record {}: {}",
                    self.path.display(),
                    e
                ))
            })
    }

    /// Ends this run's part of the record with `summary` (a whole line), and says if other
    /// runs wrote to the record meanwhile.
    ///
    /// # Errors
    ///
    /// [`Failure::Write`] if it cannot be written.
    pub fn finish(mut self, summary: &str) -> Result<(), Failure> {
        if self.file.is_some() {
            self.add(summary)?;
            let others = self.others_since_opened();
            if others > 0 {
                crate::failure::say(&format!(
                    "queens: note: {} other run{} added to the record {} while this one ran (one record shared by several processes); every line of each is kept",
                    others,
                    if others == 1 { "" } else { "s" },
                    self.path.display()
                ));
            }
            return Ok(());
        }
        let text = std::mem::take(&mut self.pending) + summary;
        crate::output::write_whole(&self.path, &text).map_err(|e| {
            Failure::Write(format!(
                "cannot write the record {}: {}",
                self.path.display(),
                e
            ))
        })
    }

    /// How many other runs wrote lines after the record was opened (read from there on).
    fn others_since_opened(&self) -> usize {
        let Some(file) = &self.file else {
            return 0;
        };
        let mut after = Vec::new();
        let read = (&*file)
            .seek(SeekFrom::Start(self.opened_at))
            .and_then(|_| (&*file).read_to_end(&mut after));
        if read.is_err() {
            return 0;
        }
        let runs: BTreeSet<&str> = std::str::from_utf8(&after)
            .unwrap_or_default()
            .lines()
            .filter_map(|line| field(line, "run"))
            .filter(|run| *run != self.run)
            .collect();
        runs.len()
    }
}

/// An exclusive lock on the record while a process reads or adds to it: released when
/// dropped. A file system that refuses locks goes without (appends are still one write each).
struct Lock<'a>(Option<&'a File>);

impl<'a> Lock<'a> {
    fn take(file: &'a File) -> Lock<'a> {
        Lock(file.lock().ok().map(|()| file))
    }
}

impl Drop for Lock<'_> {
    fn drop(&mut self) {
        if let Some(file) = self.0 {
            let _ = file.unlock();
        }
    }
}

/// How many runs wrote the lines of `text` at the same time, if some did: a run whose lines
/// come both before and after another's.
fn at_once(text: &str) -> Option<usize> {
    let mut ended = BTreeSet::new();
    let mut current: Option<&str> = None;
    let mut interleaved = BTreeSet::new();
    for run in text.lines().filter_map(|line| field(line, "run")) {
        if current == Some(run) {
            continue;
        }
        if ended.contains(run) {
            interleaved.insert(run);
            interleaved.extend(current);
        }
        ended.extend(current);
        current = Some(run);
    }
    (!interleaved.is_empty()).then_some(interleaved.len())
}

/// The part and the re-count a whole line of the record holds, if it is one of `method`.
fn recount(line: &str, method: &str) -> Option<(PartOf, Recount)> {
    if !line.starts_with('{') || !line.ends_with('}') || field(line, "method")? != method {
        return None;
    }
    let number = |key: &str| field(line, key)?.parse::<u64>().ok();
    let n = u32::try_from(number("n")?).ok()?;
    let (k, m) = (number("part")?, number("parts")?);
    let again = field(line, "recounted")?.parse::<u128>().ok()?;
    let cpu = field(line, "cpu_seconds").and_then(|s| s.parse::<f64>().ok());
    Some(((n, k, m), (again, cpu)))
}

/// The value of `key` in a line the record wrote: a number or `null` as written, a string's
/// text (the fields read back hold no escapes). A quote inside a string is always escaped, so
/// `"key":` is found only where the key is.
fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let at = line.find(&format!("\"{}\":", key))? + key.len() + 3;
    let rest = &line[at..];
    match rest.strip_prefix('"') {
        Some(text) => text.split('"').next(),
        None => rest.split([',', '}']).next(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_part_re_counted_is_read_back_and_other_lines_are_not() {
        let line = r#"{"n":17,"part":3,"parts":50,"file":"a \"part\":9, b","method":"mirror","seed":1,"sample":1,"recorded":"5","recounted":"5","agrees":true,"cpu_seconds":0.040,"host":"h"}"#;
        assert_eq!(
            recount(line, "mirror"),
            Some(((17, 3, 50), (5, Some(0.04))))
        );
        assert_eq!(recount(line, "search"), None);
        // Cut short by a kill, or the summary of a run.
        assert_eq!(recount(&line[..40], "mirror"), None);
        let summary = r#"{"method":"mirror","seed":1,"sample":1,"parts_given":50}"#;
        assert_eq!(recount(summary, "mirror"), None);
        assert!(is_record(line) && is_record(summary) && is_record("{\"n"));
        assert!(!is_record("nqueens-checkpoint 3 n=12") && !is_record("{\"part\":1}"));
    }

    #[test]
    fn runs_that_wrote_at_once_are_told_from_runs_one_after_another() {
        let line = |run: &str| format!("{{\"n\":12,\"run\":\"{}\"}}\n", run);
        let one_after_another = [line("a"), line("a"), line("b"), line("c")].concat();
        assert_eq!(at_once(&one_after_another), None);
        let at_the_same_time = [line("a"), line("b"), line("a"), line("c")].concat();
        assert_eq!(at_once(&at_the_same_time), Some(2));
    }
}
