//! A ledger of diagnostics that still read badly (STYLE.md, habit 13).
//!
//! Each entry pins today's rendering in an inline snapshot, with a note saying what is
//! wrong with it. When a diagnostic is fixed, its snapshot changes: move the case to a
//! fixture under `tests/fixtures/` if it shows a new kind of error, and delete the entry.

use crate::common::render;

/// A small, valid rules file; each entry makes one change to it.
const BASE: &str = r#"game "Nsolo" {
    aliases "Nchombwa"
    origin "Ngoni (Angoni) people of Malawi and eastern Zambia"
    param columns = 8 in 8..36 "holes in each row"
    board 4 rows of columns holes, no stores
    territory each player owns rows outer, inner
    setup {
        2 in every hole
        0 in the rightmost inner hole
    }
    circuit own rows anticlockwise
    choose {
        own hole with at least 2 seeds
        otherwise own hole with 1 seed whose next hole is empty
    }
    sow all seeds from the next hole
    after each lap {
        when the last seed lands in an occupied hole: relay
        when the last seed lands in an empty own inner hole
            and the opposite inner hole is occupied: capture frontal
        otherwise: stop
    }
    capture frontal {
        take the opposite inner hole
        then strip as many seeds as were taken from the opponent's territory
    }
    end {
        a player with no seeds loses
        a player who cannot move loses
    }
    ruleset "sanderson-1913" {
        param columns = 10 in 10..20
    }
}
"#;

/// `BASE` with `old` replaced by `new` (which must occur exactly once), checked; the
/// rendered report of the failure.
fn report(old: &str, new: &str) -> String {
    assert_eq!(BASE.matches(old).count(), 1, "{old:?} must occur once in BASE");
    let text = BASE.replace(old, new);
    match sow::check("ledger.sow", &text) {
        Ok(_) => panic!("the ledger entry checks cleanly"),
        Err(error) => render(&error),
    }
}

#[test]
fn base_checks_cleanly() {
    if let Err(error) = sow::check("ledger.sow", BASE) {
        panic!("{}", render(&error));
    }
}

/// An unclosed string swallows text up to the next quote. The error then points at the
/// first word after that quote, a line below the real mistake, and the message lists what
/// could follow a complete `aliases` section. The help names the likely cause, but the
/// label should point at the quote that was never closed (line 2).
#[test]
fn unclosed_string_points_at_the_next_string() {
    insta::assert_snapshot!(report(r#"aliases "Nchombwa""#, r#"aliases "Nchombwa"#), @r#"
    sow::syntax

      × expected a section (`param`, `board`, `territory`, `setup`, `circuit`,
      │ `choose`, `sow`, `after each lap`, `capture`, `end`, …), `,` or `}`, found
      │ `Ngoni`
       ╭─[ledger.sow:3:13]
     2 │     aliases "Nchombwa
     3 │     origin "Ngoni (Angoni) people of Malawi and eastern Zambia"
       ·             ──┬──
       ·               ╰── expected a section
     4 │     param columns = 8 in 8..36 "holes in each row"
       ╰────
      help: the `"` just before `Ngoni` was read as the end of a string that began
            earlier: a string above is probably missing its closing `"`
    "#);
}

/// A missing `}` before the next section: the message should say that `}` was expected,
/// but pest's token tracking runs ahead inside the lookahead of `param_name` (which keeps
/// section words from naming a parameter) and loses the literal tokens tried at the error,
/// so only the rules (`a number or a parameter name`, `from`, and the `the` of `the first
/// player is drawn by lot`) are listed. The help names
/// the likely cause.
#[test]
fn missing_brace_is_not_among_the_expected() {
    let closed = "        0 in the rightmost inner hole\n    }\n";
    let unclosed = "        0 in the rightmost inner hole\n";
    insta::assert_snapshot!(report(closed, unclosed), @"
    sow::syntax

      × expected `from`, `the`, a number or a parameter name, found `circuit`
        ╭─[ledger.sow:10:5]
      9 │         0 in the rightmost inner hole
     10 │     circuit own rows anticlockwise
        ·     ───┬───
        ·        ╰── expected `from`, `the`, a number or a parameter name
     11 │     choose {
        ╰────
      help: `circuit` begins a new section, so what comes before it is unfinished:
            look for a missing word above, or a missing `}` closing the section
            before it
    ");
}

/// A ruleset's parameter value that the board cannot take is reported at the base game's
/// `board` section, which reads `columns`: the message names the ruleset, and a second label
/// points at it (blind test 22, fault 1).
#[test]
fn ruleset_parameter_reported_in_the_base_game() {
    insta::assert_snapshot!(report("param columns = 10 in 10..20", "param columns = 50 in 10..60"), @r#"
    sow::check::board_columns

      × in ruleset "sanderson-1913": rows of 50 holes are longer than sow supports
       ╭─[ledger.sow:5:21]
     4 │     param columns = 8 in 8..36 "holes in each row"
     5 │     board 4 rows of columns holes, no stores
       ·                     ───┬───
       ·                        ╰── 50 holes per row
     6 │     territory each player owns rows outer, inner
       ╰────
        ╭─[ledger.sow:31:13]
     30 │     }
     31 │     ruleset "sanderson-1913" {
        ·             ────────┬───────
        ·                     ╰── the rules of this ruleset
     32 │         param columns = 50 in 10..60
        ╰────
      help: rows may have at most 50 holes, and a board at most 160 (rows of at
            most 40 holes on four rows, 26 on six)
    "#);
}

/// A stray `,` after the last row name: since a row may be named by any word but those of
/// hole descriptions, the next section's word (`setup`) is read as a third row, and the
/// error comes at its `{`, listing what may follow a complete `territory` section. The help
/// names the likely cause, but the label should point at the stray `,`.
#[test]
fn stray_comma_reads_the_next_section_as_a_name() {
    insta::assert_snapshot!(report("rows outer, inner", "rows outer, inner,"), @"
    sow::syntax

      × expected a section (`param`, `board`, `territory`, `setup`, `circuit`,
      │ `choose`, `sow`, `after each lap`, `capture`, `end`, …), `,`, `}`, `and`
      │ or `at`, found `{`
       ╭─[ledger.sow:7:11]
     6 │     territory each player owns rows outer, inner,
     7 │     setup {
       ·           ┬
       ·           ╰── expected a section
     8 │         2 in every hole
       ╰────
      help: `setup` was read as a name, so what comes before it is unfinished:
            look for a stray `,` or a missing word above, or a missing `}` closing
            the section before it
    ");
}
