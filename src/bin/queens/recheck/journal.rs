//! The record of `queens recheck --record FILE`, kept as the check goes: each part's lines are
//! added to FILE (and flushed to the disk) as soon as it is re-counted, and the same check run
//! again after a kill reads them back, so no part is counted twice. When every part is
//! re-counted, a line summing them ends the file.

use crate::failure::Failure;
use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::Write;
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
}

impl Journal {
    /// Opens the record at `path` for a check by `method`: the lines of parts that `method`
    /// re-counted before are kept and read back, another method's lines are kept, and a line
    /// cut short by a kill or the summary of an earlier run of `method` is dropped.
    ///
    /// # Errors
    ///
    /// [`Failure::Write`] if the file cannot be read or written.
    pub fn open(path: &str, method: &str) -> Result<Journal, Failure> {
        let fail = |e: std::io::Error| Failure::Write(format!("the record {}: {}", path, e));
        let plain = std::fs::metadata(path).map_or(true, |meta| meta.is_file());
        let mut journal = Journal {
            path: PathBuf::from(path),
            file: None,
            pending: String::new(),
            done: BTreeMap::new(),
        };
        if !plain {
            return Ok(journal);
        }
        let before = match std::fs::read(path) {
            Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(e) => return Err(fail(e)),
        };
        let mut kept = String::new();
        for line in before.split_inclusive('\n') {
            let whole = line.ends_with("}\n") && line.starts_with('{');
            let ours = field(line, "method") == Some(method);
            match recount(line, method) {
                Some((part, done)) => {
                    journal.done.insert(part, done);
                }
                // A summary of this method's earlier run: this run writes its own.
                None if ours => continue,
                None if !whole => continue,
                None => {}
            }
            kept += line;
        }
        // Written whole first (beside it, then renamed over), then added to.
        crate::output::write_whole(Path::new(path), &kept).map_err(fail)?;
        let file = OpenOptions::new().append(true).open(path).map_err(fail)?;
        journal.file = Some(file);
        Ok(journal)
    }

    /// The re-count of part `(k, m)` of `n` that an earlier run recorded, if any.
    pub fn recounted(&self, n: u32, (k, m): (u64, u64)) -> Option<Recount> {
        self.done.get(&(n, k, m)).copied()
    }

    /// Adds `lines` (whole lines) to the record, on the disk before it returns.
    ///
    /// # Errors
    ///
    /// [`Failure::Write`] if they cannot be written.
    pub fn add(&mut self, lines: &str) -> Result<(), Failure> {
        match &mut self.file {
            None => {
                self.pending += lines;
                Ok(())
            }
            Some(file) => file
                .write_all(lines.as_bytes())
                .and_then(|()| file.sync_data())
                .map_err(|e| {
                    Failure::Write(format!(
                        "cannot write the record {}: {}",
                        self.path.display(),
                        e
                    ))
                }),
        }
    }

    /// Ends the record with `summary` (a whole line).
    ///
    /// # Errors
    ///
    /// [`Failure::Write`] if it cannot be written.
    pub fn finish(mut self, summary: &str) -> Result<(), Failure> {
        if self.file.is_some() {
            return self.add(summary);
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
}

/// The part and the re-count a whole line of the record holds, if it is one of `method`.
fn recount(line: &str, method: &str) -> Option<(PartOf, Recount)> {
    let line = line.strip_suffix('\n')?;
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
            recount(&format!("{}\n", line), "mirror"),
            Some(((17, 3, 50), (5, Some(0.04))))
        );
        assert_eq!(recount(&format!("{}\n", line), "search"), None);
        // Cut short by a kill, or the summary of a run.
        assert_eq!(recount(&line[..40], "mirror"), None);
        let summary = r#"{"method":"mirror","seed":1,"sample":1,"parts_given":50}"#;
        assert_eq!(recount(&format!("{}\n", summary), "mirror"), None);
    }
}
