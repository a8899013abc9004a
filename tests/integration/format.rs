//! `sow fmt`: the canonical layout, worked through by hand; its properties (idempotent,
//! comments kept, the same rules) on every bundled file and on files respaced at random; and
//! the command line (in place, `--check`, standard input, a file that does not parse).

use std::process::{Command, Stdio};

use proptest::prelude::*;

use crate::fuzz_harness::{comments, format_file, same_rules};

fn fmt(text: &str) -> String {
    sow::syntax::format(text).unwrap_or_else(|e| panic!("{e}"))
}

/// Every section and line of a block on a line of its own, one space between words, none
/// before `,` or `:` or around `..`; `{` on its header's line; an empty block `{}`.
#[test]
fn sections_and_blocks_take_a_line_each() {
    let messy = "game  \"G\"{board 2 rows of 6 holes ,no stores territory each player owns row pit param start=4 in 1 .. 8 \"seeds\"
setup{start in every hole}circuit all rows anticlockwise
choose{own hole with at least 1 seed}sow all seeds from the next hole
after each lap{when the last seed lands in an empty own hole:capture c otherwise:stop}
capture c{take the opposite hole} end{a player with no seeds loses a player who cannot move loses}}";
    let tidy = "game \"G\" {
    board 2 rows of 6 holes, no stores
    territory each player owns row pit
    param start = 4 in 1..8 \"seeds\"
    setup {
        start in every hole
    }
    circuit all rows anticlockwise
    choose {
        own hole with at least 1 seed
    }
    sow all seeds from the next hole
    after each lap {
        when the last seed lands in an empty own hole: capture c
        otherwise: stop
    }
    capture c {
        take the opposite hole
    }
    end {
        a player with no seeds loses
        a player who cannot move loses
    }
}
";
    assert_eq!(fmt(messy), tidy);
    assert_eq!(fmt(tidy), tidy);
    same_rules(messy, tidy);
}

/// The writer's breaks inside a rule are kept (one level deeper), but not before a `,`;
/// `otherwise` and its choice share a line; the further strings of a list line up with the
/// first, and the further lines of prose with the character after its quote.
#[test]
fn breaks_inside_a_rule_are_kept() {
    let messy = "game \"G\" {
  sources \"one\",
 \"two\"
      , \"three\"
        summary \"A game
   of two rows.\"
board 2 rows of 6 holes, no stores
territory each player owns row pit
setup { 4 in every hole }
circuit all rows anticlockwise
choose { own hole with at least 2 seeds otherwise
own hole with at least 1 seed }
sow all seeds from the next hole
after each lap {
when the last seed lands in an empty own hole
and the opposite hole is occupied: capture c
otherwise: stop }
capture c { take the opposite hole }
end { a player with no seeds loses a player who cannot move loses }
}
";
    let tidy = "game \"G\" {
    sources \"one\",
            \"two\", \"three\"
    summary \"A game
             of two rows.\"
    board 2 rows of 6 holes, no stores
    territory each player owns row pit
    setup {
        4 in every hole
    }
    circuit all rows anticlockwise
    choose {
        own hole with at least 2 seeds
        otherwise own hole with at least 1 seed
    }
    sow all seeds from the next hole
    after each lap {
        when the last seed lands in an empty own hole
            and the opposite hole is occupied: capture c
        otherwise: stop
    }
    capture c {
        take the opposite hole
    }
    end {
        a player with no seeds loses
        a player who cannot move loses
    }
}
";
    assert_eq!(fmt(messy), tidy);
    assert_eq!(fmt(tidy), tidy);
    same_rules(messy, tidy);
}

/// Comments stay where they are: on a line of their own, indented as the line after them
/// (inside a block before its `}`: as the block's lines); after code, one space on. One blank
/// line is kept of several, none just inside a brace; trailing spaces and tabs go.
#[test]
fn comments_and_blank_lines_stay() {
    let messy = "// Header.\t
//
game \"G\" { // the game


        // DECIDED: two rows.
  board 2 rows of 6 holes, no stores     // no stores
territory each player owns row pit



setup {

4 in every hole
     // nothing else
}
circuit all rows anticlockwise
choose { own hole with at least 1 seed }
sow all seeds from the next hole
after each lap {
    when the last seed lands in an empty own hole
// why
    and the opposite hole is occupied: capture c
    otherwise: stop
}
capture c { take the opposite hole }
end { a player with no seeds loses

a player who cannot move loses }
}
// The end.
";
    let tidy = "// Header.
//
game \"G\" { // the game
    // DECIDED: two rows.
    board 2 rows of 6 holes, no stores // no stores
    territory each player owns row pit

    setup {
        4 in every hole
        // nothing else
    }
    circuit all rows anticlockwise
    choose {
        own hole with at least 1 seed
    }
    sow all seeds from the next hole
    after each lap {
        when the last seed lands in an empty own hole
            // why
            and the opposite hole is occupied: capture c
        otherwise: stop
    }
    capture c {
        take the opposite hole
    }
    end {
        a player with no seeds loses

        a player who cannot move loses
    }
}
// The end.
";
    assert_eq!(fmt(messy), tidy);
    assert_eq!(fmt(tidy), tidy);
    assert_eq!(comments(&fmt(messy)), comments(messy));
    same_rules(messy, tidy);
}

/// A file that does not parse is refused with its syntax error.
#[test]
fn a_file_that_does_not_parse_is_refused() {
    let error = sow::syntax::format("game \"G\" { board 2 rows of }").unwrap_err();
    assert_eq!(error.to_string().split(',').next(), Some("expected a number or a parameter name"));
}

/// Every bundled file is in the canonical layout, and the properties hold on each.
#[test]
fn every_bundled_file_is_formatted() {
    let mut unformatted = Vec::new();
    for name in sow::bundled::bundled_names() {
        let text = sow::bundled::bundled(name).unwrap();
        format_file(text.as_bytes());
        if fmt(text) != text {
            unformatted.push(name);
        }
    }
    assert!(unformatted.is_empty(), "not formatted (run `sow fmt rules/*.sow`): {unformatted:?}");
}

/// A bundled file with its whitespace changed at random: spaces and tabs where it had spaces,
/// between words and punctuation where it had none, and line ends where it had line ends
/// (`lines`: any number of them, and some where it had spaces; else as many as it had).
fn respaced(text: &str, choices: &[u8], lines: bool) -> String {
    let mut out = String::with_capacity(text.len() * 2);
    let mut next = choices.iter().copied().cycle();
    let mut pick = move || next.next().unwrap_or(0);
    let mut chars = text.chars().peekable();
    let mut previous = '\n';
    while let Some(c) = chars.next() {
        match c {
            '"' => {
                out.push(c);
                while let Some(d) = chars.next() {
                    out.push(d);
                    if d == '\\' {
                        out.extend(chars.next());
                    } else if d == '"' {
                        break;
                    }
                }
            }
            '/' if chars.peek() == Some(&'/') => {
                out.push(c);
                while let Some(&d) = chars.peek() {
                    if d == '\n' {
                        break;
                    }
                    out.push(d);
                    chars.next();
                }
            }
            c if c.is_whitespace() => {
                let mut newlines = usize::from(c == '\n');
                while let Some(&d) = chars.peek().filter(|d| d.is_whitespace()) {
                    newlines += usize::from(d == '\n');
                    chars.next();
                }
                if newlines > 0 {
                    let n = if lines { 1 + usize::from(pick() % 3) } else { newlines };
                    for _ in 0..n {
                        out.push_str(&" ".repeat(usize::from(pick() % 3)));
                        out.push('\n');
                    }
                    out.push_str(&"\t".repeat(usize::from(pick() % 2)));
                    out.push_str(&" ".repeat(usize::from(pick() % 9)));
                } else if lines && pick() % 5 == 0 {
                    out.push('\n');
                    out.push_str(&" ".repeat(usize::from(pick() % 9)));
                } else {
                    out.push_str([" ", "  ", "\t", " \t "][usize::from(pick() % 4)]);
                }
            }
            c => {
                let punct = |c: char| "{},:=()".contains(c);
                // Space where there was none, beside punctuation.
                if (punct(c) || punct(previous)) && !previous.is_whitespace() && pick() % 4 == 0 {
                    out.push(' ');
                }
                out.push(c);
            }
        }
        previous = out.chars().last().unwrap_or('\n');
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Spacing within lines changed at random: the layout comes back exactly.
    #[test]
    fn spacing_within_lines_does_not_matter(file in 0usize..100, choices in prop::collection::vec(any::<u8>(), 1..64)) {
        let names: Vec<&str> = sow::bundled::bundled_names().collect();
        let text = sow::bundled::bundled(names[file % names.len()]).unwrap();
        let messy = respaced(text, &choices, false);
        prop_assert_eq!(fmt(&messy), text);
    }

    /// Line ends changed at random as well: formatting is idempotent, keeps every comment and
    /// compiles to the same rules.
    #[test]
    fn any_spacing_formats_to_the_same_rules(file in 0usize..100, choices in prop::collection::vec(any::<u8>(), 1..64)) {
        let names: Vec<&str> = sow::bundled::bundled_names().collect();
        let text = sow::bundled::bundled(names[file % names.len()]).unwrap();
        let messy = respaced(text, &choices, true);
        let tidy = fmt(&messy);
        prop_assert_eq!(fmt(&tidy), tidy.clone());
        prop_assert_eq!(comments(&tidy), comments(text));
        same_rules(text, &tidy);
    }
}

fn sow(args: &[&str], stdin: &str) -> (i32, String, String) {
    use std::io::Write as _;
    let mut child = Command::new(env!("CARGO_BIN_EXE_sow"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `sow fmt --check rules/*.sow`, as CI runs it: every bundled file passes.
#[test]
fn fmt_check_passes_on_the_bundled_files() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/rules");
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path().display().to_string())
        .filter(|p| p.ends_with(".sow"))
        .collect();
    files.sort();
    let mut args = vec!["fmt", "--check"];
    args.extend(files.iter().map(String::as_str));
    let (code, out, err) = sow(&args, "");
    assert_eq!((code, out.as_str(), err.as_str()), (0, "", ""));
}

/// In place, `--check` with a diff, standard input, and a file that does not parse (left
/// as it was, its diagnostic shown).
#[test]
fn fmt_on_the_command_line() {
    let dir = crate::common::scratch_dir("fmt");
    let messy = "game \"G\" {board 2 rows of 6 holes, no stores}\n";
    let tidy = "game \"G\" {\n    board 2 rows of 6 holes, no stores\n}\n";
    let path = dir.join("g.sow");
    std::fs::write(&path, messy).unwrap();
    let p = path.to_str().unwrap();

    let (code, out, err) = sow(&["fmt", "--check", p], "");
    assert_eq!(code, 1);
    assert!(out.contains("-game \"G\" {board 2 rows of 6 holes, no stores}"), "{out}");
    assert!(out.contains("+    board 2 rows of 6 holes, no stores"), "{out}");
    assert!(err.contains("not formatted"), "{err}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), messy, "--check changed the file");

    assert_eq!(sow(&["fmt", p], ""), (0, String::new(), String::new()));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), tidy);
    assert_eq!(sow(&["fmt", "--check", p], "").0, 0);
    assert_eq!(sow(&["fmt", "-"], messy), (0, tidy.to_string(), String::new()));

    let bad = dir.join("bad.sow");
    std::fs::write(&bad, "game \"G\" { board 2 rows of }\n").unwrap();
    let (code, out, err) = sow(&["fmt", bad.to_str().unwrap()], "");
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(err.contains("sow::syntax") && err.contains("expected"), "{err}");
    assert_eq!(std::fs::read_to_string(&bad).unwrap(), "game \"G\" { board 2 rows of }\n");

    let (code, _, err) = sow(&["fmt", dir.join("none.sow").to_str().unwrap()], "");
    assert_eq!(code, 1);
    assert!(err.contains("no file"), "{err}");
    let (code, _, err) = sow(&["fmt", "kalah"], "");
    assert_eq!(code, 1);
    assert!(err.contains("bundled in sow, whose source is rules/kalah.sow"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
