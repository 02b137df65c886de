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
/// bytes or holding a NUL byte (so `/dev/zero` or an endless line is refused at once), or one
/// that is not UTF-8: names are text here, as on the command line, so that every report and
/// JSON document can name the file exactly.
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
/// let err = file_names(&b"a\nc\xe9.ckpt\n"[..]).unwrap_err();
/// assert!(err.to_string().starts_with("line 2, column 2: not UTF-8"));
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
        let name = std::str::from_utf8(line.text).map_err(|e| {
            ReadError::invalid(
                line.number,
                e.valid_up_to() as u64 + 1,
                "not UTF-8: a name is read as text, as on the command line (rename the file)",
            )
        })?;
        if !name.is_empty() {
            names.push(PathBuf::from(name));
        }
    }
    Ok(names)
}
