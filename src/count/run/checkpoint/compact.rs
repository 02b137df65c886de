//! A finished checkpoint written again without its steps: the steps say how far chunks in
//! progress had got, and once every chunk is counted they say nothing a merge needs, while a
//! part of n = 28 may have written a thousand of them.
//!
//! The file is written whole beside itself, flushed, and renamed over the old one, so a crash
//! at any moment leaves either the old file (which resumes to the same result) or the new one.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Writes the checkpoint at `path` (open as `file`) again without its `step` records, with
/// `tail` (its last records) after the rest, and renames it over `path`.
///
/// # Errors
///
/// Any error of the system, or [`io::ErrorKind::Unsupported`] when the file should not be
/// replaced: a symbolic link, a file with other hard links, or one whose owner would change.
/// `path` is then untouched, and the caller adds `tail` to it instead.
pub(super) fn rewrite(path: &Path, file: &mut File, tail: &[u8]) -> io::Result<()> {
    let refuse = |why: &str| io::Error::new(io::ErrorKind::Unsupported, why.to_string());
    let meta = fs::symlink_metadata(path)?;
    if !meta.file_type().is_file() {
        return Err(refuse("not a plain file"));
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if meta.nlink() > 1 {
            return Err(refuse("the file has other names"));
        }
    }
    let mut bytes = Vec::new();
    file.seek(SeekFrom::Start(0))?;
    file.read_to_end(&mut bytes)?;
    let mut kept = without_steps(&bytes);
    kept.extend_from_slice(tail);
    let temp = temp_name(path);
    let written = write_new(&temp, &meta, &kept).and_then(|()| fs::rename(&temp, path));
    if written.is_err() {
        let _ = fs::remove_file(&temp);
        return written;
    }
    sync_folder(path);
    Ok(())
}

/// Makes a change to the names in `path`'s folder (a rename, a link) durable; a folder that
/// cannot be flushed still holds the file.
pub(super) fn sync_folder(path: &Path) {
    if let Some(dir) = path.parent() {
        let dir = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        let _ = File::open(dir).and_then(|d| d.sync_all());
    }
}

/// The file's whole lines, but for its `step` records (a torn line at the end is dropped).
/// Lines end as the reader takes them: `\n`, `\r\n` or a lone `\r`.
fn without_steps(bytes: &[u8]) -> Vec<u8> {
    let mut kept = Vec::with_capacity(bytes.len());
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'\n' || bytes[i] == b'\r' {
            if bytes[i] == b'\r' && bytes.get(i + 1) == Some(&b'\n') {
                i += 1;
            }
            let line = &bytes[start..=i];
            if !line.starts_with(b"step ") {
                kept.extend_from_slice(line);
            }
            start = i + 1;
        }
        i += 1;
    }
    kept
}

/// The name of a new file beside `path`: hidden, and named by the process and a number it
/// draws (made exclusively: a name taken is never written through).
pub(super) fn temp_name(path: &Path) -> PathBuf {
    static DRAWN: AtomicU64 = AtomicU64::new(0);
    let name = path
        .file_name()
        .map_or_else(|| "checkpoint".into(), |n| n.to_string_lossy().into_owned());
    let drawn = DRAWN.fetch_add(1, Ordering::Relaxed);
    path.with_file_name(format!(".{}.{}.{}.tmp", name, std::process::id(), drawn))
}

/// Writes `bytes` to the new file `temp`, made exclusively, and flushes it: the copy that
/// replaces the file of `meta`, with that file's permissions, and refused if its owner would
/// not be that file's.
fn write_new(temp: &Path, meta: &fs::Metadata, bytes: &[u8]) -> io::Result<()> {
    let mut new = OpenOptions::new().write(true).create_new(true).open(temp)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if new.metadata()?.uid() != meta.uid() {
            return Err(io::Error::new(
                io::ErrorKind::Unsupported,
                "the file belongs to another user",
            ));
        }
    }
    new.set_permissions(meta.permissions())?;
    new.write_all(bytes)?;
    new.sync_all()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_go_and_every_other_line_stays_as_it_was() {
        let text = b"head ~1\r\nrun x ~2\nstep 0 a ~3\ndone 0 ~4\rstep 1 b ~5\r\ndone 1 ~6\ntorn";
        assert_eq!(
            without_steps(text),
            b"head ~1\r\nrun x ~2\ndone 0 ~4\rdone 1 ~6\n".to_vec()
        );
    }
}
