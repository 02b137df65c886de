//! The parse loop's tests, on a spec of its own.

use super::*;

fn levels() -> Vec<(&'static str, &'static str)> {
    vec![("low", "a little"), ("high", "a lot")]
}

static SPEC: Spec = Spec {
    name: "demo",
    summary: "a spec to test the parser",
    about: "a spec to test the parser.",
    usage: &["N [--level L] [--quiet] [--names NAME...] [--wait [S]]"],
    args: &[Arg {
        name: "N",
        help: "a number",
    }],
    flags: &[
        Flag {
            name: "--count",
            value: "C",
            kind: Kind::Number { min: 1, max: 5 },
            many: Many::One,
            help: "how many\nsecond line",
        },
        Flag {
            name: "--quiet",
            value: "",
            kind: Kind::Switch,
            many: Many::One,
            help: "say less",
        },
        Flag {
            name: "--level",
            value: "L",
            kind: Kind::Choice {
                what: "level",
                choices: levels,
            },
            many: Many::Words,
            help: "levels",
        },
        Flag {
            name: "--wait",
            value: "[S]",
            kind: Kind::Number { min: 1, max: 60 },
            many: Many::One,
            help: "wait",
        },
        Flag {
            name: "--part",
            value: "K/M",
            kind: Kind::Part,
            many: Many::One,
            help: "a part",
        },
        Flag {
            name: "--at",
            value: "ROW,COL",
            kind: Kind::Square,
            many: Many::Repeated,
            help: "squares",
        },
    ],
    notes: "",
};

fn words(line: &str) -> Vec<String> {
    line.split_whitespace().map(String::from).collect()
}

fn parse(line: &str) -> Parsed {
    SPEC.parse(&words(line)).unwrap().unwrap()
}

fn usage_message(line: &str) -> String {
    super::usage_message(SPEC.parse(&words(line)).map(|_| ()))
}

#[test]
fn values_are_read_by_their_kind() {
    let parsed = parse("7 --count=3 --level low high,low --quiet --part 2/8 --at 1,2 --at 3,4");
    assert_eq!(parsed.arg(0), Some("7"));
    assert_eq!(parsed.number("--count"), Some(3));
    assert!(parsed.has("--quiet"));
    assert_eq!(parsed.choices("--level"), ["low", "high", "low"]);
    assert_eq!(parsed.part("--part"), Some((2, 2, 8)));
    assert_eq!(parsed.squares("--at"), [(1, 2), (3, 4)]);
    assert!(SPEC.parse(&words("--count 2 -h")).unwrap().is_none());
}

#[test]
fn double_dash_ends_the_flags_and_an_optional_value_gives_back_n() {
    assert_eq!(parse("-- -5").arg(0), Some("-5"));
    let parsed = parse("--wait 12");
    assert_eq!(
        (parsed.arg(0), parsed.has("--wait"), parsed.number("--wait")),
        (Some("12"), true, None)
    );
    let parsed = parse("--wait 12 7");
    assert_eq!(
        (parsed.arg(0), parsed.number("--wait")),
        (Some("7"), Some(12))
    );
    let parsed = parse("--wait x");
    assert_eq!((parsed.arg(0), parsed.number("--wait")), (Some("x"), None));
}

#[test]
fn each_misuse_is_named() {
    assert_eq!(usage_message("1 2"), "unexpected argument \"2\"");
    assert_eq!(usage_message("--loud"), "unknown flag --loud");
    assert_eq!(
        usage_message("--quite"),
        "unknown flag --quite; did you mean --quiet?"
    );
    assert_eq!(
        usage_message("--count 1 --count 2"),
        "--count is given twice"
    );
    assert_eq!(usage_message("--quiet --quiet"), "--quiet is given twice");
    assert_eq!(usage_message("--quiet=yes"), "--quiet takes no value");
    assert_eq!(usage_message("--count"), "--count needs a value");
    assert_eq!(
        usage_message("--count 6"),
        "--count must be a number from 1 to 5, not \"6\""
    );
    assert_eq!(
        usage_message("--level hihg"),
        "unknown level \"hihg\"; choose low or high; did you mean high?"
    );
    assert_eq!(
        usage_message("--part 3/2"),
        "--part must be K/M with 1 <= K <= M, such as 2/8, or a range A-B/M with A <= B, such as 1-50/2000, not \"3/2\""
    );
    assert_eq!(
        usage_message("--at 0,1"),
        "--at 0,1: outside the board (rows and columns are numbered from 1)"
    );
}
