//! What the searches share: a step of a search, the order it tries columns in, and how far
//! along its tree it is.

/// What a step of an exhaustive search ([`crate::place::exhaustive::Search::advance`],
/// `advance`) came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// A completion: read it from the search.
    Found,
    /// Every completion has been given: there are no more.
    Exhausted,
    /// The node budget ran out; calling again goes on where the search stopped.
    Paused,
}

/// Which line a search branches on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// The row or column with the fewest open squares: the fastest way to one completion, to
    /// the count, or to a proof that there is none.
    FewestOpen,
    /// The first empty row, its columns from left to right: completions come in lexicographic
    /// order of their columns.
    Rows,
}

/// Knuth's estimate of the share of a tree behind a depth-first search, from the branches
/// entered and the branches of each level on its path: the branches finished at a level,
/// each worth its parent's share divided by the level's branches.
pub(crate) fn progress(levels: impl Iterator<Item = (u32, u32)>) -> f64 {
    let (mut done, mut share) = (0.0, 1.0);
    for (entered, branches) in levels {
        let branches = f64::from(branches.max(1));
        done += share * f64::from(entered.saturating_sub(1)) / branches;
        share /= branches;
    }
    done
}
