//! The counters by name, behind one signature, for the command line and the benchmark.

use crate::{backtrack, bitwise, fast, flags, judge, links, mirror};

/// A counting algorithm. Every one counts the placements of `n` queens for `n <= 32`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algo {
    /// [`backtrack::count`]: plain backtracking.
    Backtrack,
    /// [`mirror::count`]: backtracking halved by the left-right mirror.
    Mirror,
    /// [`flags::count`]: flag arrays for columns and diagonals.
    Flags,
    /// [`links::count`]: a linked list of free columns.
    Links,
    /// [`bitwise::count`]: bit masks with an explicit stack.
    Bitwise,
    /// [`judge::count`]: the judge's recursive bitmask counter with the mirror.
    Recursive,
    /// [`fast::count_symmetric`]: one placement per class under the 8 symmetries of the
    /// square, Takaken's rules.
    Symmetric,
    /// [`fast::count`]: the fastest there is, which joins half boards ([`crate::join`]); one
    /// thread here, see [`fast::total_with`] for threads.
    Fast,
}

impl Algo {
    /// Every algorithm, slowest idea first: seed 000's five, the judge's, the symmetric search
    /// and the fastest.
    pub const ALL: [Algo; 8] = [
        Algo::Backtrack,
        Algo::Mirror,
        Algo::Flags,
        Algo::Links,
        Algo::Bitwise,
        Algo::Recursive,
        Algo::Symmetric,
        Algo::Fast,
    ];

    /// The name used on the command line.
    ///
    /// # Example
    ///
    /// ```
    /// use nqueens::Algo;
    /// assert_eq!(Algo::Links.name(), "links");
    /// assert_eq!(Algo::from_name("links"), Some(Algo::Links));
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Algo::Backtrack => "backtrack",
            Algo::Mirror => "mirror",
            Algo::Flags => "flags",
            Algo::Links => "links",
            Algo::Bitwise => "bitwise",
            Algo::Recursive => "recursive",
            Algo::Symmetric => "symmetric",
            Algo::Fast => "fast",
        }
    }

    /// The algorithm with this command-line name, if any.
    pub fn from_name(name: &str) -> Option<Algo> {
        Algo::ALL.iter().copied().find(|a| a.name() == name)
    }

    /// The counting function, `fn(n) -> placements`.
    pub fn counter(self) -> fn(u32) -> u64 {
        match self {
            Algo::Backtrack => backtrack::count,
            Algo::Mirror => mirror::count,
            Algo::Flags => flags::count,
            Algo::Links => links::count,
            Algo::Bitwise => bitwise::count,
            Algo::Recursive => judge::count,
            Algo::Symmetric => fast::count_symmetric,
            Algo::Fast => fast::count,
        }
    }

    /// Counts the placements of `n` queens with this algorithm.
    ///
    /// # Panics
    ///
    /// Panics if `n > 32`.
    ///
    /// # Complexity
    ///
    /// That of the algorithm; see each module.
    ///
    /// # Example
    ///
    /// ```
    /// use nqueens::Algo;
    /// for algo in Algo::ALL {
    ///     assert_eq!(algo.count(8), 92);
    /// }
    /// ```
    pub fn count(self, n: u32) -> u64 {
        (self.counter())(n)
    }
}
