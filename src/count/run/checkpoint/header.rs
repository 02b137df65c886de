//! The first line of a checkpoint, which names its count, and the one hash of checkpoints.

use crate::count::problem::{Ask, Problem};

/// The version of the file format written: 3 since every record's checksum covers the file's
/// header, which names the file itself (`file=`), so a record moved from another file is
/// damage; 2 since units have identities of their own (format 1 hashed their `Debug` text).
pub const FORMAT: u32 = 3;

/// The versions read: format 2 files still resume (their records added as format 2 writes
/// them) and merge.
pub(super) const READ: [u32; 2] = [2, FORMAT];

/// The first word of every checkpoint.
pub(super) const MAGIC: &str = "nqueens-checkpoint";

/// The UTF-8 byte-order mark, which a checkpoint saved by an editor may start with.
pub(super) const BOM: &[u8] = b"\xEF\xBB\xBF";

/// FNV-1a, 64 bits: the one hash of checkpoints (each line's checksum, the identity of a list
/// of units and of a board).
#[derive(Clone, Copy, Debug)]
pub struct Fnv(u64);

impl Fnv {
    /// The hash of nothing.
    pub fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    /// Feeds bytes.
    pub fn bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }

    /// Feeds a word, as its 8 little-endian bytes.
    pub fn word(&mut self, word: u64) {
        self.bytes(&word.to_le_bytes());
    }

    /// The hash.
    pub fn finish(self) -> u64 {
        self.0
    }
}

impl Default for Fnv {
    fn default() -> Self {
        Fnv::new()
    }
}

/// The checksum of one line's text: of the header, and of every record of a format 2 file.
pub(super) fn checksum(text: &str) -> String {
    let mut hash = Fnv::new();
    hash.bytes(text.as_bytes());
    format!("{:016x}", hash.finish())
}

/// The checksum of a record of a format 3 file whose header's text (without its checksum) is
/// `header`: that of the header's text, a line feed and the record's text, so that the record
/// belongs to this file alone.
pub(super) fn bound_checksum(header: &str, text: &str) -> String {
    let mut hash = Fnv::new();
    hash.bytes(header.as_bytes());
    hash.bytes(b"\n");
    hash.bytes(text.as_bytes());
    format!("{:016x}", hash.finish())
}

/// The checksum of a record of a file whose records are bound to its header text `bound`
/// (format 3), or not (`None`: format 2).
pub(super) fn record_checksum(bound: Option<&str>, text: &str) -> String {
    match bound {
        Some(header) => bound_checksum(header, text),
        None => checksum(text),
    }
}

/// The problem a checkpoint belongs to, as its first line names it: every field must match for
/// it to be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The board size.
    pub n: u32,
    /// What is asked.
    pub ask: Ask,
    /// The counter, which decides the units: `join` or `symmetric`.
    pub counter: String,
    /// `none`, or a hash of the board's reserved squares.
    pub board: String,
    /// The part `(k, m)`; `(1, 1)` for a whole count.
    pub part: (u64, u64),
    /// The number of chunks the part's units are recorded in.
    pub chunks: usize,
    /// The identity of the counter's whole list of units: its length and a hash.
    pub units: String,
    /// The file's own identity, drawn when it was made (format 3; `None` in a format 2 file
    /// and in a header made to be compared): a byte copy keeps it, a second count has its own.
    /// It is not compared with the count asked for.
    pub file: Option<String>,
}

/// The fields known before the units are: a finished checkpoint matching them holds the
/// answer.
pub(super) const EARLY_FIELDS: usize = 5;

impl Header {
    /// The header of a count of `problem` by `counter`, this `part`, the unit list `units`
    /// (its length and hash) when known; chunks are set when the units are sliced.
    pub(crate) fn new(
        problem: &Problem<'_>,
        counter: &str,
        part: Option<(u64, u64)>,
        units: Option<(u64, u64)>,
    ) -> Header {
        let board = Header::board_name(problem.board);
        Header {
            n: problem.n,
            ask: problem.ask,
            counter: counter.to_string(),
            board,
            part: part.unwrap_or((1, 1)),
            chunks: 0,
            units: units.map_or(String::new(), |(len, hash)| {
                format!("{}:{:016x}", len, hash)
            }),
            file: None,
        }
    }

    /// The fields as they are written, in order.
    fn fields(&self) -> [(&'static str, String); 7] {
        [
            ("n", self.n.to_string()),
            ("ask", self.ask.name().to_string()),
            ("counter", self.counter.clone()),
            ("board", self.board.clone()),
            ("part", format!("{}/{}", self.part.0, self.part.1)),
            ("chunks", self.chunks.to_string()),
            ("units", self.units.clone()),
        ]
    }

    /// The file name of part `(k, m)` of the count of `problem`, as `queens count
    /// --checkpoint-dir` and the recipes name it: `n{N}-{ask}[-board-{hash}]-part-{k}-of-{m}.ckpt`
    /// (the board's hash is [`Header::board_name`]).
    ///
    /// # Example
    ///
    /// ```
    /// use nqueens::count::{checkpoint::Header, Problem};
    /// assert_eq!(Header::part_file_name(&Problem::total(20), (3, 16)), "n20-total-part-3-of-16.ckpt");
    /// assert_eq!(Header::part_files(&Problem::unique(20), 16), "n20-unique-part-*-of-16.ckpt");
    /// ```
    pub fn part_file_name(problem: &Problem<'_>, (k, m): (u64, u64)) -> String {
        format!("{}-part-{}-of-{}.ckpt", Header::stem(problem), k, m)
    }

    /// The shell pattern of the file names of the `m` parts of the count of `problem`
    /// ([`Header::part_file_name`] with `*` for the part).
    pub fn part_files(problem: &Problem<'_>, m: u64) -> String {
        format!("{}-part-*-of-{}.ckpt", Header::stem(problem), m)
    }

    /// The file name the recipes give the part this header names
    /// ([`Header::part_file_name`]), so a file can be checked against its name.
    ///
    /// # Example
    ///
    /// ```
    /// use nqueens::count::{checkpoint::Header, Ask};
    /// let header = Header {
    ///     n: 20,
    ///     ask: Ask::Total,
    ///     counter: "join".to_string(),
    ///     board: "none".to_string(),
    ///     part: (3, 16),
    ///     chunks: 512,
    ///     units: String::new(),
    ///     file: None,
    /// };
    /// assert_eq!(header.own_file_name(), "n20-total-part-3-of-16.ckpt");
    /// ```
    pub fn own_file_name(&self) -> String {
        let stem = Header::stem_of(self.n, self.ask, &self.board);
        format!("{}-part-{}-of-{}.ckpt", stem, self.part.0, self.part.1)
    }

    /// Whether `name` is a file name as the recipes give a part
    /// (`n{N}-{ask}[-board-{hash}]-part-{k}-of-{m}.ckpt`), of any count.
    ///
    /// # Example
    ///
    /// ```
    /// use nqueens::count::checkpoint::Header;
    /// assert!(Header::is_part_file_name("n28-total-part-7-of-100000.ckpt"));
    /// assert!(Header::is_part_file_name("n8-unique-board-00ff00ff00ff00ff-part-1-of-2.ckpt"));
    /// assert!(!Header::is_part_file_name("p1.ckpt"));
    /// assert!(!Header::is_part_file_name("n28-total-part-7-of-100000.ckpt.damaged-1"));
    /// ```
    pub fn is_part_file_name(name: &str) -> bool {
        let number = |text: &str| !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
        let Some(rest) = name.strip_prefix('n').and_then(|r| r.strip_suffix(".ckpt")) else {
            return false;
        };
        let Some((n, rest)) = rest.split_once('-') else {
            return false;
        };
        let Some(rest) = ["total-", "unique-"]
            .iter()
            .find_map(|ask| rest.strip_prefix(ask))
        else {
            return false;
        };
        let rest = match rest.strip_prefix("board-") {
            Some(board) if board.len() > 17 && board.as_bytes()[16] == b'-' => {
                if !board[..16].bytes().all(|b| b.is_ascii_hexdigit()) {
                    return false;
                }
                &board[17..]
            }
            Some(_) => return false,
            None => rest,
        };
        let Some((k, m)) = rest
            .strip_prefix("part-")
            .and_then(|r| r.split_once("-of-"))
        else {
            return false;
        };
        number(n) && number(k) && number(m)
    }

    /// What a part's file name begins with: the count's `n`, ask and board.
    fn stem(problem: &Problem<'_>) -> String {
        let board = Header::board_name(problem.board);
        Header::stem_of(problem.n, problem.ask, &board)
    }

    /// [`Header::stem`] from a count's `n`, ask and board name (`none` for the plain board).
    fn stem_of(n: u32, ask: Ask, board: &str) -> String {
        match board {
            "none" => format!("n{}-{}", n, ask.name()),
            board => format!("n{}-{}-board-{}", n, ask.name(), board),
        }
    }

    /// How a checkpoint names a board: `none` for the plain board, else a hash of its size,
    /// its reserved squares and its placed queens.
    ///
    /// # Example
    ///
    /// ```
    /// use nqueens::count::checkpoint::Header;
    /// assert_eq!(Header::board_name(None), "none");
    /// let board = nqueens::board::Board::new(8).with_queens(&[(0, 0)]).unwrap();
    /// assert_eq!(Header::board_name(Some(&board)).len(), 16);
    /// ```
    pub fn board_name(board: Option<&crate::board::Board>) -> String {
        board.map_or("none".to_string(), |board| {
            let mut hash = Fnv::new();
            hash.word(board.size() as u64);
            // Reserved squares as one word a row (as before placed queens were known), then
            // the placed queens, if any.
            for row in 0..board.size() {
                hash.word(board.reserved_row(row).first().copied().unwrap_or(0));
            }
            for &(row, col) in board.queens() {
                hash.word(u64::from(row) << 32 | u64::from(col));
            }
            format!("{:016x}", hash.finish())
        })
    }

    pub(super) fn line(&self) -> String {
        let mut line = format!("{} {}", MAGIC, FORMAT);
        for (name, value) in self.fields() {
            line += &format!(" {}={}", name, value);
        }
        if let Some(file) = &self.file {
            line += &format!(" file={}", file);
        }
        line
    }

    /// Reads a header line of this format (without its checksum).
    pub(super) fn parse(text: &str) -> Option<Header> {
        let mut words = text.split(' ').skip(2);
        let mut get = |name: &str| {
            let word = words.next()?;
            word.strip_prefix(name)?.strip_prefix('=').map(String::from)
        };
        let n = get("n")?.parse().ok()?;
        let ask = Ask::from_name(&get("ask")?)?;
        let counter = get("counter")?;
        let board = get("board")?;
        let part = get("part")?;
        let (k, m) = part.split_once('/')?;
        let part = (k.parse().ok()?, m.parse().ok()?);
        let chunks = get("chunks")?.parse().ok()?;
        let units = get("units")?;
        let file = match words.next() {
            None => None,
            Some(word) => {
                let id = word.strip_prefix("file=")?;
                let hex = id.len() == 16 && id.bytes().all(|b| b.is_ascii_hexdigit());
                (hex && words.next().is_none()).then(|| id.to_string())
            }
        };
        if file.is_none() && text.split(' ').nth(1) != Some("2") {
            // A format 3 header names its file.
            return None;
        }
        Some(Header {
            n,
            ask,
            counter,
            board,
            part,
            chunks,
            units,
            file,
        })
    }

    /// The first of the first `fields` fields that differs from `other`'s, as (name, ours,
    /// theirs).
    pub(crate) fn difference(
        &self,
        other: &Header,
        fields: usize,
    ) -> Option<(&'static str, String, String)> {
        self.fields()
            .into_iter()
            .zip(other.fields())
            .take(fields)
            .find(|(a, b)| a.1 != b.1)
            .map(|(a, b)| (a.0, a.1, b.1))
    }
}
