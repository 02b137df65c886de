//! The checkpoint file on its file system: opened and locked, made whole under a name of its
//! own and linked into place, read with a bound on what a checkpoint can be.

use super::contents::begins_as_a_checkpoint;
use super::header::{BOM, MAGIC};
use super::{CheckpointError, Contents, MAX_BYTES};
use std::fs::{File, OpenOptions};
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::Path;
use std::time::Duration;

/// Whether opening for writing failed because the file may not be written (permissions, a
/// read-only file system), where reading it may still work.
pub(super) fn cannot_write(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::PermissionDenied | io::ErrorKind::ReadOnlyFilesystem
    )
}

/// Locks the checkpoint open as `file` at `path` and reads it; a torn last record is cut off
/// (if `writable`). Returns the file at its end and what it holds.
pub(super) fn attach(
    path: &Path,
    mut file: File,
    writable: bool,
) -> Result<(File, Contents), CheckpointError> {
    let io = |e| CheckpointError::Io(path.to_path_buf(), e);
    // A lock the file system refuses (ENOSYS, ENOLCK, or NQUEENS_CHECKPOINT_LOCK=off where
    // locks hang) is gone without: the length checked before each write finds a second
    // writer instead.
    let locked = locking()
        && match file.try_lock() {
            Ok(()) => true,
            Err(std::fs::TryLockError::Error(_)) => false,
            Err(std::fs::TryLockError::WouldBlock) => {
                return Err(CheckpointError::Busy(path.to_path_buf()))
            }
        };
    let bytes = read_checkpoint(path, &mut file)?;
    let mut contents = Contents::parse(path, &bytes)?;
    if writable && contents.whole < bytes.len() as u64 {
        // A torn last record is cut off; without a lock it may be another count's record
        // being written: if the file grows meanwhile, that count has it.
        if !locked {
            std::thread::sleep(Duration::from_millis(200));
            if file.metadata().map_err(io)?.len() != bytes.len() as u64 {
                return Err(CheckpointError::SecondWriter(path.to_path_buf()));
            }
        }
        file.set_len(contents.whole).map_err(io)?;
    }
    contents.whole = contents.whole.min(bytes.len() as u64);
    file.seek(SeekFrom::End(0)).map_err(io)?;
    Ok((file, contents))
}

/// Makes `path` a new file holding `text`, by way of the new file `temp` (locked before it
/// is linked to `path`): the file, locked where locks work and at its end; or `None` if
/// another process made `path` first.
pub(super) fn made_whole(path: &Path, temp: &Path, text: &[u8]) -> io::Result<Option<File>> {
    let written = |name: &Path| -> io::Result<File> {
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .create_new(true)
            .open(name)?;
        // New and unseen: only a lock the file system refuses can fail here.
        let _ = locking() && file.try_lock().is_ok();
        file.write_all(text)?;
        file.sync_data()?;
        Ok(file)
    };
    let file = written(temp)?;
    match std::fs::hard_link(temp, path) {
        Ok(()) => Ok(Some(file)),
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Ok(None),
        // A file system without hard links: made by name, exclusively.
        Err(_) => match written(path) {
            Ok(file) => Ok(Some(file)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Ok(None),
            Err(e) => Err(e),
        },
    }
}

/// Whether checkpoints are locked: not where `NQUEENS_CHECKPOINT_LOCK=off` (file systems
/// whose locks hang).
pub(super) fn locking() -> bool {
    std::env::var_os("NQUEENS_CHECKPOINT_LOCK").is_none_or(|v| v != "off")
}

/// Whether `path` is a symbolic link to nothing: not a file to make (the link would be
/// followed to a file made somewhere else).
pub(super) fn is_dangling_link(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink())
}

/// Whether two metadata are of one file.
pub(super) fn same_file(a: &std::fs::Metadata, b: &std::fs::Metadata) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        (a.dev(), a.ino()) == (b.dev(), b.ino())
    }
    #[cfg(not(unix))]
    {
        let _ = (a, b);
        true
    }
}

/// Reads a whole checkpoint, refusing at once what cannot be one: a text that does not begin
/// as a checkpoint (however big), or one bigger than any checkpoint.
pub(super) fn read_checkpoint(
    path: &Path,
    input: &mut impl Read,
) -> Result<Vec<u8>, CheckpointError> {
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
