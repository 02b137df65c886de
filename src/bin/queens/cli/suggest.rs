//! "Did you mean": the nearest of the names a word could have been, for a mistyped command,
//! flag or choice.

/// `"; did you mean NAME?"` for the name of `names` nearest `word` (at most two edits away,
/// or `word` a prefix of it), or `""`.
pub fn suggestion<'a>(word: &str, names: impl Iterator<Item = &'a str>) -> String {
    let best = names
        .map(|name| (distance(word, name), name))
        .filter(|&(d, name)| d <= 2 || (word.len() >= 3 && name.starts_with(word)))
        .min_by_key(|&(d, _)| d);
    match best {
        Some((_, name)) if name != word => format!("; did you mean {}?", name),
        _ => String::new(),
    }
}

/// The edit distance of two words (insertions, deletions, substitutions, and swaps of two
/// neighbours, as typos make them).
fn distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut d = vec![vec![0; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            d[i][j] = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d[i][j] = d[i][j].min(d[i - 2][j - 2] + 1);
            }
        }
    }
    d[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions_find_typos_and_prefixes() {
        let names = ["count", "merge", "list", "solve", "verify", "bench"];
        assert_eq!(
            suggestion("cuont", names.iter().copied()),
            "; did you mean count?"
        );
        assert_eq!(
            suggestion("sovle", names.iter().copied()),
            "; did you mean solve?"
        );
        assert_eq!(
            suggestion("ver", names.iter().copied()),
            "; did you mean verify?"
        );
        assert_eq!(suggestion("xyzzy", names.iter().copied()), "");
        assert_eq!(
            suggestion("--uniqe", ["--unique", "--threads"].into_iter()),
            "; did you mean --unique?"
        );
    }
}
