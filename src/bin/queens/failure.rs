//! Why a command failed, and the exit code that says so: printed once, by `main`.

use std::io;

/// Why a command failed.
#[derive(Debug)]
pub enum Failure {
    /// Bad usage of `queens` (no command named) or of one command: exit 2, with a hint to the
    /// right help.
    Usage {
        /// The subcommand whose usage was wrong, if one was named.
        command: Option<&'static str>,
        /// What was wrong.
        message: String,
    },
    /// No command at all (bare `queens`): the short usage, exit 2.
    Bare(String),
    /// Bad input, e.g. a malformed or unreadable file: exit 2.
    Input(String),
    /// A check that failed, e.g. an invalid placement or no placement: exit 1.
    Check(String),
    /// Not enough memory for the work asked for: exit 1.
    Resources(String),
    /// Writing the output failed: exit 1, but 0 when the reader went away (a closed pipe).
    Output(io::Error),
    /// Writing a named file failed (the message names it): exit 1.
    Write(String),
    /// Reading an input failed (the message names it): exit 1.
    Read(String),
    /// The work stopped at the time it was given, to be resumed: exit 75 (`EX_TEMPFAIL`).
    Stopped(String),
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Self {
        Failure::Output(e)
    }
}

impl From<nqueens::read::ReadError> for Failure {
    /// A text that could not be read: bad input (exit 2), a failed read (exit 2: the input
    /// cannot be had), not enough memory (exit 1), or a text that is well formed but not a
    /// placement (a failed check, exit 1). The message names the source when the error does.
    fn from(e: nqueens::read::ReadError) -> Self {
        use nqueens::read::Kind;
        let message = e.to_string();
        match e.kind {
            Kind::Invalid(_) | Kind::Io(_) => Failure::Input(message),
            Kind::NotAPlacement(_) => Failure::Check(message),
            Kind::Memory(_) => Failure::Resources(message),
        }
    }
}

impl Failure {
    /// A usage error of `command`.
    pub fn usage(command: &'static str, message: impl Into<String>) -> Failure {
        Failure::Usage {
            command: Some(command),
            message: message.into(),
        }
    }

    /// The process's exit code: 0 for a reader that went away, 1 for a failed check or
    /// missing resources or a failed write, 2 for bad usage or bad input, 75 for work
    /// stopped at the time given.
    pub fn exit_code(&self) -> u8 {
        match self {
            Failure::Output(e) if e.kind() == io::ErrorKind::BrokenPipe => 0,
            Failure::Output(_)
            | Failure::Write(_)
            | Failure::Read(_)
            | Failure::Check(_)
            | Failure::Resources(_) => 1,
            Failure::Usage { .. } | Failure::Input(_) | Failure::Bare(_) => 2,
            Failure::Stopped(_) => 75,
        }
    }

    /// The message for stderr (each line starts with `queens: `), or `None` for a reader that
    /// went away, which needs none.
    pub fn message(&self) -> Option<String> {
        Some(match self {
            Failure::Output(e) if e.kind() == io::ErrorKind::BrokenPipe => return None,
            Failure::Output(e) => format!("queens: cannot write the output: {}", e),
            Failure::Usage { command, message } => {
                let help = match command {
                    Some(command) => format!("queens {} --help", command),
                    None => "queens --help".to_string(),
                };
                format!("queens: {}\ntry '{}'", message, help)
            }
            Failure::Bare(usage) => usage.clone(),
            Failure::Input(message)
            | Failure::Check(message)
            | Failure::Resources(message)
            | Failure::Write(message)
            | Failure::Read(message)
            | Failure::Stopped(message) => format!("queens: {}", message),
        })
    }
}

/// Writes `text` and a line end on stderr. A stderr that cannot be written to (a full disk, a
/// reader gone) loses the message but never changes the exit code, and never panics.
pub fn say(text: &str) {
    use std::io::Write;
    let _ = writeln!(io::stderr().lock(), "{}", text);
}

impl Failure {
    /// A checkpoint that cannot be used: exit 2 if the file is at fault (not a checkpoint,
    /// damaged, of another count), 1 if the system is (busy, unwritable).
    pub fn checkpoint(e: nqueens::count::checkpoint::CheckpointError) -> Failure {
        use nqueens::count::checkpoint::CheckpointError;
        if matches!(e, CheckpointError::Stopped(_)) {
            Failure::Stopped(e.to_string())
        } else if e.is_bad_input() {
            Failure::Input(e.to_string())
        } else {
            Failure::Write(e.to_string())
        }
    }

    /// A file that cannot be merged: not a checkpoint, damaged, or unreadable, all exit 2
    /// (the input is at fault: merge writes nothing).
    pub fn unmergeable(e: nqueens::count::checkpoint::CheckpointError) -> Failure {
        Failure::Input(e.to_string())
    }
}
