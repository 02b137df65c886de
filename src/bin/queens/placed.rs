//! The board a command fills: `--board FILE` (reserved squares and placed queens),
//! `--queens FILE` (placed queens as `ROW COL` lines) and `--queen ROW,COL`, read and checked
//! once for `count`, `list`, `solve` and `verify`, with errors that name where each queen came
//! from.

use crate::cli::{Flag, Kind, Many, Parsed};
use crate::failure::Failure;
use nqueens::board::{Board, Clash, Queen};
use std::io::Read;

/// `--board FILE`, as every command that fills a board describes it.
pub const BOARD: Flag = Flag {
    name: "--board",
    value: "FILE",
    kind: Kind::File,
    many: Many::One,
    help: "the board to fill: N lines of N squares, '.' free, '*' reserved (no queen
there; queens still attack across it, as in CSES 1624) and 'Q' a queen
already placed (at most one a row, none attacking another); - reads
standard input",
};

/// `--queens FILE`.
pub const QUEENS: Flag = Flag {
    name: "--queens",
    value: "FILE",
    kind: Kind::File,
    many: Many::Repeated,
    help: "queens already placed, one a line as 'ROW COL' or 'ROW,COL' (1-based; blank
lines and '#' comments skipped; - reads standard input); may be repeated",
};

/// `--queen ROW,COL`.
pub const QUEEN: Flag = Flag {
    name: "--queen",
    value: "ROW,COL",
    kind: Kind::Square,
    many: Many::Repeated,
    help: "a queen already placed, 1-based (row 1 is the top line, column 1 the left;
\"ROW COL\" too); may be repeated",
};

/// Where the placed queens and reserved squares come from, as given on the command line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Given {
    /// `--board FILE`.
    pub board: Option<String>,
    /// Each `--queens FILE`.
    pub files: Vec<String>,
    /// Each `--queen ROW,COL`, 1-based.
    pub queens: Vec<(u64, u64)>,
}

impl Given {
    /// Reads `--board`, `--queens` and `--queen` (the files are read later, by
    /// [`Given::board`]).
    pub fn parse(parsed: &Parsed) -> Result<Given, Failure> {
        let queens = parsed.squares("--queen");
        let files: Vec<String> = parsed
            .files("--queens")
            .into_iter()
            .map(String::from)
            .collect();
        let stdin = files.iter().filter(|f| *f == "-").count()
            + usize::from(parsed.file("--board") == Some("-"));
        if stdin > 1 {
            return Err(parsed.error("standard input (-) can be read only once"));
        }
        Ok(Given {
            board: parsed.file("--board").map(String::from),
            files,
            queens,
        })
    }

    /// Whether anything was given: without it, the plain board.
    pub fn any(&self) -> bool {
        self.board.is_some() || !self.files.is_empty() || !self.queens.is_empty()
    }

    /// The board of `n` squares a side (`None`: the board file's size), with every queen
    /// given placed.
    ///
    /// # Errors
    ///
    /// A usage error if N and the board file disagree or neither gives a size; an input
    /// error (exit 2) for a file that cannot be read or is not a board, and for queens outside
    /// the board, on a reserved square or attacking each other, naming where they came from.
    pub fn board(&self, command: &'static str, n: Option<u64>) -> Result<Board, Failure> {
        let board = match (&self.board, n) {
            (Some(path), n) => {
                let board = read_board(path)?;
                if let Some(n) = n.filter(|&n| n != board.size() as u64) {
                    return Err(Failure::usage(
                        command,
                        format!(
                            "N = {} but the board in {} has {} lines",
                            n,
                            shown(path),
                            board.size()
                        ),
                    ));
                }
                board
            }
            (None, Some(n)) => Board::new(n as usize),
            (None, None) => return Err(Failure::usage(command, "missing N, the board size")),
        };
        let n = board.size();
        let mut queens: Vec<(u32, u32)> = Vec::new();
        let mut origins: Vec<String> = Vec::new();
        for path in &self.files {
            let input = open(path)?;
            let read = nqueens::read::queens(input, n).map_err(|e| e.in_source(shown(path)))?;
            for (row, col, line) in read {
                queens.push((row, col));
                origins.push(format!("{}: line {}", shown(path), line));
            }
        }
        for &(row, col) in &self.queens {
            if row > n as u64 || col > n as u64 {
                return Err(Failure::Input(format!(
                    "--queen {},{}: outside the board (rows and columns 1 to {})",
                    row, col, n
                )));
            }
            queens.push((row as u32 - 1, col as u32 - 1));
            origins.push(format!("--queen {},{}", row, col));
        }
        let name = |queen: Queen| match queen {
            Queen::Given(i) => format!(
                "the queen at row {}, column {} ({})",
                queens[i].0 + 1,
                queens[i].1 + 1,
                origins[i]
            ),
            Queen::Placed(row, col) => format!(
                "the queen at row {}, column {} (on the board in {})",
                row + 1,
                col + 1,
                self.board.as_deref().map_or("?", shown)
            ),
        };
        board.with_queens(&queens).map_err(|clash| {
            Failure::Input(match clash {
                Clash::Outside(i) => format!("{}: outside the board", name(Queen::Given(i))),
                Clash::Reserved(i) => format!(
                    "{}: a reserved square of the board in {}",
                    name(Queen::Given(i)),
                    self.board.as_deref().map_or("?", shown)
                ),
                Clash::Attack {
                    first,
                    second,
                    line,
                } => format!(
                    "{} shares its {} with {}",
                    name(second),
                    line.name(),
                    name(first)
                ),
            })
        })
    }
}

/// A file as messages name it: `stdin` for `-`.
pub fn shown(path: &str) -> &str {
    if path == "-" {
        "stdin"
    } else {
        path
    }
}

/// Opens `path` (`-`: standard input).
pub fn open(path: &str) -> Result<Box<dyn Read>, Failure> {
    if path == "-" {
        return Ok(Box::new(std::io::stdin().lock()));
    }
    let file = std::fs::File::open(path)
        .map_err(|e| Failure::Input(format!("cannot read {}: {}", path, e)))?;
    Ok(Box::new(file))
}

/// Reads the board of `--board`; errors name the file (and line).
pub fn read_board(path: &str) -> Result<Board, Failure> {
    Ok(nqueens::read::board(open(path)?).map_err(|e| e.in_source(shown(path)))?)
}
