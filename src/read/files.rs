//! Lists of file names, one a line (`--files-from`): what `find DIR -name '*.ckpt'` or `ls`
//! prints, for lists too long for a command line.

use super::error::ReadError;
use super::lines::Lines;
use std::io::Read;
use std::path::PathBuf;

/// The longest file name read, in bytes: Linux's `PATH_MAX`.
pub const MAX_NAME: usize = 4096;

/// Reads file names, one a line, exactly as written: spaces, quotes and any other byte kept,
/// except that a line ends at `\n`, `\r\n` or a lone `\r` (so no name read holds one), a
/// byte-order mark at the start is skipped, and empty lines are skipped.
///
/// Reading stops at the first line that cannot be a file name: one longer than [`MAX_NAME`]
/// bytes or holding a NUL byte (so `/dev/zero` or an endless line is refused at once).
///
/// # Errors
///
/// A [`ReadError`] naming the line; a failed read.
///
/// # Complexity
///
/// O(length of the text); memory O(the names).
///
/// # Example
///
/// ```
/// use nqueens::read::file_names;
/// use std::path::PathBuf;
///
/// let names = file_names(&b"parts/p 1.ckpt\r\n\r\nparts/it's \"2\".ckpt \n"[..]).unwrap();
/// assert_eq!(names, [PathBuf::from("parts/p 1.ckpt"), PathBuf::from("parts/it's \"2\".ckpt ")]);
/// let err = file_names(&b"a\nb\0c\n"[..]).unwrap_err();
/// assert_eq!(err.to_string(), "line 2, column 2: a NUL byte, which no file name holds");
/// ```
pub fn file_names<R: Read>(input: R) -> Result<Vec<PathBuf>, ReadError> {
    let mut names = Vec::new();
    let mut lines = Lines::verbatim(input, MAX_NAME);
    while let Some(line) = lines.next_line()? {
        if !line.whole {
            return Err(ReadError::invalid(
                line.number,
                0,
                format!("longer than {} bytes: not a file name", MAX_NAME),
            ));
        }
        if let Some(at) = line.text.iter().position(|&b| b == 0) {
            return Err(ReadError::invalid(
                line.number,
                at as u64 + 1,
                "a NUL byte, which no file name holds",
            ));
        }
        if !line.text.is_empty() {
            names.push(path_of(line.text));
        }
    }
    Ok(names)
}

#[cfg(unix)]
fn path_of(bytes: &[u8]) -> PathBuf {
    use std::os::unix::ffi::OsStrExt;
    PathBuf::from(std::ffi::OsStr::from_bytes(bytes))
}

#[cfg(not(unix))]
fn path_of(bytes: &[u8]) -> PathBuf {
    PathBuf::from(String::from_utf8_lossy(bytes).into_owned())
}
