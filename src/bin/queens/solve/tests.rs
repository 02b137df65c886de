//! The unit tests of `queens solve`'s parsing and output.

use super::*;

fn parse_line(line: &str) -> Result<SolveArgs, Failure> {
    crate::cli::parse_line(&SPEC, parse, line)
}

#[test]
fn the_arguments_of_a_solve() {
    assert_eq!(
        parse_line("1000 --seed 7").unwrap(),
        SolveArgs {
            n: Boards::One(1000),
            seed: Some(7),
            format: Format::Perm,
            given: Given::default(),
            time_limit: Some(Duration::from_secs(60)),
            only: None,
        }
    );
    assert_eq!(
        parse_line("8 --method construct --format board")
            .unwrap()
            .seed,
        None
    );
    assert_eq!(parse_line("- --format lines").unwrap().n, Boards::Stdin);
    assert_eq!(
        parse_line("1000000000000 --method construct").unwrap().n,
        Boards::One(1_000_000_000_000)
    );
    assert!(parse_line("1000000000000").is_err());
    assert_eq!(parse_line("8").unwrap().seed, Some(1));
    assert!(parse_line("8 --method construct --seed 3").is_err());
    assert!(parse_line("301 --format board").is_err());
    assert!(parse_line("8 --format json").is_err());
    assert!(parse_line("0").is_err());
    assert_eq!(parse_line("--board b").unwrap().n, Boards::OfTheBoard);
    assert_eq!(
        parse_line("8 --queen 1,1 --time-limit 0")
            .unwrap()
            .time_limit,
        None
    );
    assert!(parse_line("8 --time-limit 5").is_err());
    assert!(parse_line("- --queen 1,1").is_err());
    assert!(parse_line("8 --queen 1,1 --method construct").is_err());
    assert!(parse_line("8 --method compact").is_err());
    assert_eq!(
        parse_line("8 --queen 1,1 --method compact").unwrap().only,
        Some(Method::Compact)
    );
    assert_eq!(
        parse_line("8 --queen 1,1 --method minconflict")
            .unwrap()
            .only,
        Some(Method::MinConflicts)
    );
    assert_eq!(parse_line("8 --queen 1,1").unwrap().only, None);
}
