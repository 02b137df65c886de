//! Shell completion scripts made from the command table: bash, zsh, fish, elvish and
//! PowerShell. Each puts the subcommands, then a subcommand's flags, the names a choice
//! takes after its flag, and file names where a flag or argument takes a file; a flag added
//! to a [`Spec`] is completed in every shell.

use crate::cli::{Kind, Many, Spec};
use std::fmt::Write;

/// The shells `queens completions` writes for.
pub const SHELLS: [&str; 5] = ["bash", "zsh", "fish", "elvish", "powershell"];

/// What a shell completes after a flag: a choice's names, or file names.
enum After {
    Choices(Vec<&'static str>),
    Files,
}

/// The flags of `spec` after which a shell completes something else than flags, in their
/// order, with what it completes.
fn after_flags(spec: &Spec) -> Vec<(&'static str, After)> {
    spec.flags
        .iter()
        .filter_map(|flag| match flag.kind {
            Kind::Choice { choices, .. } => Some((
                flag.name,
                After::Choices(choices().into_iter().map(|c| c.0).collect()),
            )),
            Kind::File => Some((flag.name, After::Files)),
            _ => None,
        })
        .collect()
}

/// Every word a command's flags are typed as: each long name, its short one if it has one,
/// and `--help`.
fn flag_words(spec: &Spec) -> Vec<&'static str> {
    spec.flags
        .iter()
        .flat_map(|f| std::iter::once(f.name).chain(crate::cli::short_name(f.name)))
        .chain(["--help"])
        .collect()
}

/// The elvish completion script: an argument completer that puts the subcommands, then each
/// one's flags (a choice's names after its flag, file names after a flag that takes a file,
/// and beside the flags).
fn elvish(specs: &[&Spec], names: &[&str]) -> String {
    let mut out = String::from(
        "# elvish completion for queens: add it to ~/.config/elvish/rc.elv\n\
         fn complete-queens {|@words|\n  \
         var prev = $words[-2]\n  \
         if (== (count $words) 2) {\n    put ",
    );
    out += &names.join(" ");
    out += "\n    return\n  }\n  var command = $words[1]\n";
    for spec in specs {
        let _ = writeln!(out, "  if (eq $command {}) {{", spec.name);
        let mut files = Vec::new();
        for (flag, after) in after_flags(spec) {
            match after {
                After::Choices(names) => {
                    let _ = writeln!(
                        out,
                        "    if (eq $prev {}) {{ put {}; return }}",
                        flag,
                        names.join(" ")
                    );
                }
                After::Files => files.push(format!("(eq $prev {})", flag)),
            }
        }
        if !files.is_empty() {
            let _ = writeln!(
                out,
                "    if (or {}) {{ edit:complete-filename $words[-1]; return }}",
                files.join(" ")
            );
        }
        let _ = writeln!(
            out,
            "    put {}\n    edit:complete-filename $words[-1]\n    return\n  }}",
            flag_words(spec).join(" ")
        );
    }
    let _ = writeln!(
        out,
        "  if (eq $command completions) {{ put {}; return }}\n  if (eq $command help) {{ put {}; return }}\n}}\n\
         set edit:completion:arg-completer[queens] = $complete-queens~",
        SHELLS.join(" "),
        names.join(" ")
    );
    out
}

/// A completion script for `shell` (one of [`SHELLS`]): the subcommands, each one's flags,
/// the names a choice takes, and files where a flag or argument takes a file.
pub fn script(shell: &str, specs: &[&Spec]) -> String {
    let mut names: Vec<&str> = specs.iter().map(|s| s.name).collect();
    names.extend(["completions", "man", "help"]);
    let choices = |spec: &Spec, flag: &str| -> Vec<&'static str> {
        let flag = spec.flags.iter().find(|f| f.name == flag);
        match flag.map(|f| f.kind) {
            Some(Kind::Choice { choices, .. }) => choices().into_iter().map(|c| c.0).collect(),
            _ => Vec::new(),
        }
    };
    match shell {
        "bash" => {
            let mut out = String::from("# bash completion for queens: source it, or put it in ~/.local/share/bash-completion/completions/queens\n_queens() {\n    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\n    if [ \"$COMP_CWORD\" -eq 1 ]; then\n        COMPREPLY=($(compgen -W \"");
            out += &names.join(" ");
            out += "\" -- \"$cur\")); return\n    fi\n    case \"${COMP_WORDS[1]}\" in\n";
            for spec in specs {
                let _ = writeln!(out, "    {})\n        case \"$prev\" in", spec.name);
                for (flag, after) in after_flags(spec) {
                    let words = match after {
                        After::Choices(names) => format!("-W \"{}\"", names.join(" ")),
                        After::Files => "-f".to_string(),
                    };
                    let _ = writeln!(
                        out,
                        "            {}) COMPREPLY=($(compgen {} -- \"$cur\")); return;;",
                        flag, words
                    );
                }
                let _ = writeln!(out, "        esac\n        COMPREPLY=($(compgen -W \"{}\" -- \"$cur\") $(compgen -f -- \"$cur\"));;", flag_words(spec).join(" "));
            }
            let _ = writeln!(
                out,
                "    completions) COMPREPLY=($(compgen -W \"{}\" -- \"$cur\"));;",
                SHELLS.join(" ")
            );
            let _ = writeln!(
                out,
                "    help) COMPREPLY=($(compgen -W \"{}\" -- \"$cur\"));;",
                names.join(" ")
            );
            out += "    esac\n}\ncomplete -F _queens queens\n";
            out
        }
        "zsh" => {
            let mut out = String::from("#compdef queens\n# zsh completion for queens: put it in a folder of $fpath as _queens\n_queens() {\n    local -a commands\n    commands=(\n");
            for spec in specs {
                let _ = writeln!(
                    out,
                    "        '{}:{}'",
                    spec.name,
                    spec.summary.replace('\'', "'\\''").replace(':', "\\:")
                );
            }
            out += "        'completions:print a completion script'\n        'help:print the help'\n    )\n    if (( CURRENT == 2 )); then\n        _describe command commands; return\n    fi\n    case $words[2] in\n";
            for spec in specs {
                let _ = write!(out, "    {}) _arguments", spec.name);
                for flag in spec.flags {
                    let help = flag
                        .help
                        .lines()
                        .next()
                        .unwrap_or("")
                        .replace('\'', "'\\''")
                        .replace(['[', ']'], "");
                    let value = match flag.kind {
                        Kind::Switch => String::new(),
                        Kind::Choice { .. } => {
                            format!(":{}:({})", flag.value, choices(spec, flag.name).join(" "))
                        }
                        Kind::File => format!(":{}:_files", flag.value),
                        _ => format!(":{}: ", flag.value),
                    };
                    let many = if flag.many == Many::One { "" } else { "*" };
                    let _ = write!(
                        out,
                        " \\\n        '{}{}[{}]{}'",
                        many, flag.name, help, value
                    );
                }
                out += " \\\n        '*:file:_files';;\n";
            }
            let _ = writeln!(out, "    completions) _values shell {};;", SHELLS.join(" "));
            let _ = writeln!(out, "    help) _values command {};;", names.join(" "));
            out += "    esac\n}\n_queens \"$@\"\n";
            out
        }
        "elvish" => elvish(specs, &names),
        "powershell" => powershell(specs, &names),
        _ => {
            let mut out = String::from("# fish completion for queens: put it in ~/.config/fish/completions/queens.fish\ncomplete -c queens -f\n");
            for spec in specs {
                let _ = writeln!(
                    out,
                    "complete -c queens -n __fish_use_subcommand -a {} -d '{}'",
                    spec.name,
                    spec.summary.replace('\'', "\\'")
                );
                for flag in spec.flags {
                    let help = flag.help.lines().next().unwrap_or("").replace('\'', "\\'");
                    let value = match flag.kind {
                        Kind::Switch => String::new(),
                        Kind::Choice { .. } => {
                            format!(" -x -a '{}'", choices(spec, flag.name).join(" "))
                        }
                        Kind::File => " -r -F".to_string(),
                        _ => " -x".to_string(),
                    };
                    let short = crate::cli::short_name(flag.name)
                        .map_or(String::new(), |s| format!(" -s {}", &s[1..]));
                    let _ = writeln!(
                        out,
                        "complete -c queens -n '__fish_seen_subcommand_from {}' -l {}{}{} -d '{}'",
                        spec.name,
                        &flag.name[2..],
                        short,
                        value,
                        help
                    );
                }
            }
            let _ = writeln!(
                out,
                "complete -c queens -n __fish_use_subcommand -a 'completions help'"
            );
            let _ = writeln!(
                out,
                "complete -c queens -n '__fish_seen_subcommand_from completions' -a '{}'",
                SHELLS.join(" ")
            );
            out
        }
    }
}

/// `words` as a PowerShell array of single-quoted strings.
fn powershell_array(words: &[&str]) -> String {
    let quoted: Vec<String> = words
        .iter()
        .map(|w| format!("'{}'", w.replace('\'', "''")))
        .collect();
    format!("@({})", quoted.join(", "))
}

/// The PowerShell completion script: a native argument completer. It reads the words typed
/// before the cursor, puts the subcommands, then a subcommand's flags, or a choice's names
/// after its flag; after a flag that takes a file it puts nothing, so PowerShell completes
/// a path, as it does for a word that is not a flag.
fn powershell(specs: &[&Spec], names: &[&str]) -> String {
    let mut out = String::from(
        "# PowerShell completion for queens: add it to your $PROFILE\n\
         Register-ArgumentCompleter -Native -CommandName queens -ScriptBlock {\n    \
         param($wordToComplete, $commandAst, $cursorPosition)\n    \
         # The words before the one being typed (the first is queens itself).\n    \
         $words = @($commandAst.CommandElements |\n        \
         Where-Object { $_.Extent.EndOffset -lt $cursorPosition } |\n        \
         ForEach-Object { $_.ToString() })\n    \
         $prev = $words[-1]\n    \
         $candidates = @()\n    \
         if ($words.Count -le 1) {\n        $candidates = ",
    );
    out += &powershell_array(names);
    out += "\n    } else {\n        switch -CaseSensitive ($words[1]) {\n";
    for spec in specs {
        let _ = writeln!(
            out,
            "            '{}' {{\n                switch -CaseSensitive ($prev) {{",
            spec.name
        );
        for (flag, after) in after_flags(spec) {
            let _ = match after {
                After::Choices(names) => writeln!(
                    out,
                    "                    '{}' {{ $candidates = {}; break }}",
                    flag,
                    powershell_array(&names)
                ),
                After::Files => writeln!(out, "                    '{}' {{ return }}", flag),
            };
        }
        let _ = writeln!(
            out,
            "                    default {{ $candidates = {} }}\n                }}\n            }}",
            powershell_array(&flag_words(spec))
        );
    }
    let _ = writeln!(
        out,
        "            'completions' {{ $candidates = {} }}\n            'help' {{ $candidates = {} }}\n        }}\n    }}",
        powershell_array(&SHELLS),
        powershell_array(names)
    );
    out += "    $candidates |\n        \
            Where-Object { $_.StartsWith($wordToComplete, [System.StringComparison]::Ordinal) } |\n        \
            ForEach-Object { [System.Management.Automation.CompletionResult]::new($_, $_, 'ParameterValue', $_) }\n\
            }\n";
    out
}
