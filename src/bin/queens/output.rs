//! Standard output as the toolkit writes it: buffered for speed, flushed by time so that slow
//! output still reaches its reader.
//!
//! A standard output that is `/dev/null` is written to like any other, whether the shell opened
//! it write-only (`> /dev/null`) or a harness read-write (Python's `subprocess.DEVNULL`, Node's
//! `'ignore'`, `1<>/dev/null`). One closed from the start (`>&-`) cannot be told from that: the
//! Rust runtime reopens it as `/dev/null` before `main`, as for every Rust program.

use std::io::{self, BufWriter, Write};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::Duration;

/// How long written output may wait in the buffer before it is flushed.
pub const FLUSH_EVERY: Duration = Duration::from_millis(100);

/// Writes `text` to standard output at once.
pub fn print(text: &str) -> io::Result<()> {
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()
}

/// Refuses to write the output of `flag` (a `kind` of file) at `path` over a file of another
/// kind: the file may be new, empty, not a plain file nor a folder (`/dev/stdout`, a pipe), or one whose
/// first line `is_kind` takes (an output written before). Anything else, a checkpoint above
/// all, is an input to keep: refused, naming what it is.
///
/// # Errors
///
/// [`crate::failure::Failure::Usage`] of `command` naming the file, or [`crate::failure::Failure::Write`] if it cannot be read.
pub fn check_overwrite(
    command: &'static str,
    (flag, path): (&str, &std::path::Path),
    kind: &str,
    is_kind: impl Fn(&str) -> bool,
) -> Result<(), crate::failure::Failure> {
    use crate::failure::Failure;
    use std::io::Read;
    let shown = path.display();
    let mut file = match std::fs::File::open(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(Failure::Write(format!("{} {}: {}", flag, shown, e))),
        Ok(file) => file,
    };
    let meta = file.metadata().ok();
    if meta.as_ref().is_some_and(|meta| meta.is_dir()) {
        return Err(Failure::usage(
            command,
            format!("{} {}: a folder, not a file", flag, shown),
        ));
    }
    let plain = meta.is_some_and(|meta| meta.is_file());
    let mut head = Vec::new();
    if plain {
        let read = (&mut file).take(64 << 10).read_to_end(&mut head);
        read.map_err(|e| Failure::Write(format!("{} {}: {}", flag, shown, e)))?;
    }
    if head.is_empty() {
        return Ok(());
    }
    let first = String::from_utf8_lossy(&head);
    let first = first.strip_prefix('\u{feff}').unwrap_or(&first);
    let first = first.lines().next().unwrap_or_default();
    if is_kind(first) {
        return Ok(());
    }
    let what = match nqueens::count::checkpoint::is_checkpoint(&head) {
        true => "a checkpoint",
        false => "a file of another kind",
    };
    Err(Failure::usage(
        command,
        format!(
            "{} {}: the file is {}, not {}, and would be written over: give a new file",
            flag, shown, what, kind
        ),
    ))
}

/// Writes `text` as the whole of the file `path`, so that a failure leaves no part of it: a
/// regular file (or a new one) is written beside it under a temporary name created afresh
/// (never one that exists, so never through a link someone put there), flushed to the disk,
/// given the mode of the file it replaces, then renamed over it; anything else
/// (`/dev/stdout`, a pipe, `/dev/full`) is written to directly. When `path` is a symbolic
/// link, the file it names is replaced and the link kept; a link to nothing is an error.
///
/// # Errors
///
/// The failed operation, naming nothing (the caller names the file).
pub fn write_whole(path: &std::path::Path, text: &str) -> io::Result<()> {
    let is_link = std::fs::symlink_metadata(path).is_ok_and(|meta| meta.file_type().is_symlink());
    let path = match is_link {
        true => std::fs::canonicalize(path).map_err(|e| {
            io::Error::new(
                e.kind(),
                format!("it is a symbolic link to nothing usable: {}", e),
            )
        })?,
        false => path.to_path_buf(),
    };
    let existing = std::fs::metadata(&path).ok();
    if existing.as_ref().is_some_and(|meta| !meta.is_file()) {
        let mut file = std::fs::OpenOptions::new().write(true).open(&path)?;
        file.write_all(text.as_bytes())?;
        return file.flush();
    }
    let (mut file, temporary) = create_beside(&path)?;
    let written = (|| {
        file.write_all(text.as_bytes())?;
        if let Some(meta) = &existing {
            file.set_permissions(meta.permissions())?;
        }
        file.sync_all()?;
        std::fs::rename(&temporary, &path)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    written
}

/// A new file beside `path` under a temporary name no file had: created exclusively (an
/// existing name, a link among them, is never opened), another name tried if one is taken.
fn create_beside(path: &std::path::Path) -> io::Result<(std::fs::File, std::path::PathBuf)> {
    static TRIED: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let clock = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let mut last = None;
    for _ in 0..64 {
        let tried = TRIED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let temporary = path.with_file_name(format!(
            ".{}.{}.{:x}{}.tmp",
            name,
            std::process::id(),
            clock,
            tried
        ));
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temporary)
        {
            Ok(file) => return Ok((file, temporary)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| io::Error::other("no temporary name could be created")))
}

/// The buffer and what the flusher thread needs to know.
struct Shared<W: Write> {
    out: BufWriter<W>,
    /// Bytes were written since the last flush.
    dirty: bool,
    /// The writer is finished: the flusher stops.
    done: bool,
    /// A flush by the flusher failed: the next write reports it.
    failed: Option<io::Error>,
}

/// A buffered writer whose buffer is flushed at least every [`FLUSH_EVERY`] while it holds
/// data, by a small thread, so output that comes slowly (a listing whose next placement takes
/// seconds to find) reaches its reader promptly, while fast output stays in large writes.
pub struct TimedWriter<W: Write + Send + 'static> {
    shared: Arc<(Mutex<Shared<W>>, Condvar)>,
    flusher: Option<JoinHandle<()>>,
}

fn lock<W: Write>(mutex: &Mutex<Shared<W>>) -> MutexGuard<'_, Shared<W>> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

impl<W: Write + Send + 'static> TimedWriter<W> {
    /// Wraps `out` in a 64 KiB buffer flushed by time.
    pub fn new(out: W) -> TimedWriter<W> {
        let shared = Arc::new((
            Mutex::new(Shared {
                out: BufWriter::with_capacity(1 << 16, out),
                dirty: false,
                done: false,
                failed: None,
            }),
            Condvar::new(),
        ));
        let theirs = Arc::clone(&shared);
        // If the thread cannot be started, output is flushed only when the buffer fills.
        let flusher = std::thread::Builder::new()
            .name("flush".to_string())
            .stack_size(64 << 10)
            .spawn(move || {
                let (mutex, wake) = &*theirs;
                let mut state = lock(mutex);
                while !state.done {
                    if state.dirty {
                        state = wake
                            .wait_timeout(state, FLUSH_EVERY)
                            .unwrap_or_else(|e| e.into_inner())
                            .0;
                        if state.dirty && !state.done {
                            state.dirty = false;
                            if let Err(e) = state.out.flush() {
                                state.failed = Some(e);
                                return;
                            }
                        }
                    } else {
                        state = wake.wait(state).unwrap_or_else(|e| e.into_inner());
                    }
                }
            })
            .ok();
        TimedWriter { shared, flusher }
    }

    /// Flushes what is left and stops the flusher.
    pub fn finish(mut self) -> io::Result<()> {
        self.stop()
    }

    fn stop(&mut self) -> io::Result<()> {
        let result = {
            let (mutex, wake) = &*self.shared;
            let mut state = lock(mutex);
            state.done = true;
            wake.notify_one();
            match state.failed.take() {
                Some(e) => Err(e),
                None => state.out.flush(),
            }
        };
        if let Some(flusher) = self.flusher.take() {
            let _ = flusher.join();
        }
        result
    }
}

impl<W: Write + Send + 'static> Write for TimedWriter<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let (mutex, wake) = &*self.shared;
        let mut state = lock(mutex);
        if let Some(e) = state.failed.take() {
            return Err(e);
        }
        let written = state.out.write(bytes)?;
        if !state.dirty {
            state.dirty = true;
            wake.notify_one();
        }
        Ok(written)
    }

    fn flush(&mut self) -> io::Result<()> {
        let (mutex, _) = &*self.shared;
        let mut state = lock(mutex);
        state.dirty = false;
        state.out.flush()
    }
}

impl<W: Write + Send + 'static> Drop for TimedWriter<W> {
    fn drop(&mut self) {
        if self.flusher.is_some() {
            let _ = self.stop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    /// A writer that shares what reached it.
    #[derive(Clone, Default)]
    struct Sink(Arc<Mutex<Vec<u8>>>);

    impl Write for Sink {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_small_write_reaches_the_reader_soon_without_a_flush() {
        let sink = Sink::default();
        let mut out = TimedWriter::new(sink.clone());
        out.write_all(b"1 3 5\n").unwrap();
        let start = Instant::now();
        while sink.0.lock().unwrap().is_empty() {
            assert!(start.elapsed() < Duration::from_secs(5), "never flushed");
            std::thread::sleep(Duration::from_millis(5));
        }
        assert_eq!(&*sink.0.lock().unwrap(), b"1 3 5\n");
        out.write_all(b"2\n").unwrap();
        out.finish().unwrap();
        assert_eq!(&*sink.0.lock().unwrap(), b"1 3 5\n2\n");
    }
}
