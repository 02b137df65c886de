//! The unit tests of `queens count`'s parsing and output.

use super::*;

fn parse_line(line: &str) -> Result<CountArgs, Failure> {
    crate::cli::parse_line(&SPEC, parse, line)
}

fn refused(line: &str) -> String {
    crate::cli::usage_message(parse_line(line))
}

#[test]
fn the_arguments_of_a_count() {
    assert_eq!(
        parse_line("12 --threads 3 --part 2/5 --unique --checkpoint c").unwrap(),
        CountArgs {
            n: Some(12),
            algo: Algo::Fast,
            threads: Some(3),
            unique: true,
            part: Some((2, 5)),
            range: None,
            checkpoint_dir: None,
            given: Given::default(),
            checkpoint: Some("c".to_string()),
            estimate: None,
            classes: false,
            json: false,
            checkpoint_every: None,
            list_part: None,
            cores: None,
            mem_per_core: None,
            stop_at: None,
            dry_run: false,
        }
    );
    assert!(parse_line("18 --checkpoint c --stop-after 5")
        .unwrap()
        .stop_at
        .is_some());
    let stepped = parse_line("28 --part 3/9 --checkpoint c --checkpoint-every 0").unwrap();
    assert_eq!(stepped.checkpoint_every, Some(0));
    assert_eq!(
        parse_line("18 --list-part 2000").unwrap().list_part,
        Some(2000)
    );
    assert_eq!(parse_line("--algo=links 9").unwrap().algo, Algo::Links);
    let range = parse_line("20 --part 3-9/2000 --checkpoint-dir d").unwrap();
    assert_eq!((range.part, range.range), (None, Some((3, 9, 2000))));
    assert_eq!(parse_line("20 --part 3-3/20").unwrap().part, Some((3, 20)));
    for (line, message) in [
        ("20 --part 9-3/20", "A <= B"),
        ("20 --part 3-21/20", "A <= B"),
        ("20 --part 1-2/4 --checkpoint c", "a file a part"),
        ("20 --checkpoint-dir d", "give --part"),
        (
            "20 --part 1/2 --checkpoint c --checkpoint-dir d",
            "give one",
        ),
        ("20 --part 1-2/4 --estimate", "not a range"),
        ("20 --checkpoint-every 5", "give --checkpoint FILE"),
        ("20 --stop-after 5", "give --checkpoint FILE"),
        ("20 --stop-after -1 --checkpoint c", "--stop-after"),
        ("20 --list-part 9 --unique", "does nothing with --list-part"),
        ("20 --list-part 9 --algo symmetric", "--algo fast only"),
        ("20 --list-part 0", "--list-part"),
    ] {
        assert!(
            refused(line).contains(message),
            "{}: {}",
            line,
            refused(line)
        );
    }
    assert_eq!(parse_line("--board b.txt").unwrap().n, None);
}

#[test]
fn misuses_are_refused() {
    assert_eq!(refused("0"), "N must be a number from 1 to 32, not \"0\"");
    assert_eq!(refused("8 --part 1/4 --part 2/4"), "--part is given twice");
    assert_eq!(
        refused("8 --algo links --threads 2"),
        "--threads goes with --algo fast or symmetric only"
    );
    assert!(refused("--board b --unique").starts_with("--unique counts classes"));
    assert_eq!(refused("--threads 2"), "missing N, the board size");
    assert!(refused("8 --part 3/2").starts_with("--part must be K/M"));
    assert_eq!(
        refused("8 --part 1/18446744073709551616"),
        "--part must be K/M with 1 <= K <= M, such as 2/8, or a range A-B/M with A <= B, such as 1-50/2000, not \"1/18446744073709551616\": M is above 18446744073709551615"
    );
    assert!(refused("8 --checkpoint -").starts_with("--checkpoint needs a file"));
    assert!(parse_line("8 --classes --threads 2").unwrap().classes);
    assert!(refused("8 --classes --unique").starts_with("--unique does nothing with --classes"));
    assert!(refused("--board b --classes").starts_with("--classes counts classes"));
    assert!(refused("8 --algo links --classes").starts_with("--classes goes with"));
    assert_eq!(parse_line("20 --estimate").unwrap().estimate, Some(10));
    assert_eq!(parse_line("20 --estimate 3").unwrap().estimate, Some(3));
    assert_eq!(parse_line("--estimate 3 20").unwrap().estimate, Some(3));
    assert_eq!(
        parse_line("20 --estimate --unique").unwrap().estimate,
        Some(10)
    );
    assert!(refused("20 --estimate 0").starts_with("--estimate must be a number"));
    assert!(refused("20 --estimate --checkpoint c")
        .starts_with("--checkpoint does nothing with --estimate"));
    assert!(refused("20 --algo links --estimate").starts_with("--estimate goes with"));
    assert_eq!(
        parse_line("8 --part 1/18446744073709551615").unwrap().part,
        Some((1, u64::MAX))
    );
}
