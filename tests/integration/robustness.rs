//! Odd input and size limits: files that are not quite what sow writes either work or get a
//! diagnostic (pinned by a snapshot).

use std::sync::Arc;

use miette::NamedSource;
use sow::record::{Record, RecordError};
use sow::source::{MAX_RECORD_BYTES, MAX_RULES_BYTES};

use crate::common::{render, rules_text};

/// The compiled tables of rules text, or its rendered diagnostics.
fn dump(name: &str, text: &str) -> String {
    match sow::compile(name, text, &sow::Options::default()) {
        Ok(rules) => rules.model().to_string(),
        Err(e) => render(&e),
    }
}

/// A byte-order mark, Windows line ends and tabs change nothing.
#[test]
fn a_bom_crlf_and_tabs_are_space() {
    let text = rules_text("nsolo");
    let expected = dump("nsolo.sow", &text);
    let variants = [
        format!("\u{FEFF}{text}"),
        text.replace('\n', "\r\n"),
        text.replace("    ", "\t"),
        format!("\u{FEFF}{}", text.replace("    ", "\t").replace('\n', "\r\n")),
    ];
    for variant in &variants {
        let bytes = variant.as_bytes();
        let decoded = sow::source::decode("nsolo.sow", bytes).unwrap();
        assert_eq!(dump("nsolo.sow", &decoded), expected);
    }
}

/// The same for a record: a BOM, CRLF line ends and tabs replay to the same game.
#[test]
fn a_record_with_a_bom_crlf_and_tabs_replays() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/records/good_sanderson.txt"
    ))
    .unwrap();
    let rules = crate::common::rules("nsolo", Some("sanderson-1913"), &["columns=10"]);
    let expected = Record::parse(&text).unwrap().replay(&rules).unwrap().state().clone();
    for variant in
        [format!("\u{FEFF}{text}"), text.replace('\n', "\r\n"), text.replace(". ", ".\t").replace(' ', "\t")]
    {
        let record = Record::parse(&variant).unwrap_or_else(|e| panic!("{e}\n{variant:?}"));
        assert_eq!(record.replay(&rules).unwrap().state(), &expected, "{variant:?}");
    }
}

#[test]
fn an_empty_rules_file() {
    insta::assert_snapshot!(dump("empty.sow", ""));
}

#[test]
fn a_rules_file_with_invalid_utf8() {
    let mut bytes = rules_text("nsolo").into_bytes()[..60].to_vec();
    bytes.extend(b"caf\xe9 \"x\"\n");
    let e = sow::source::decode("latin1.sow", &bytes).unwrap_err();
    insta::assert_snapshot!(render(&e));
}

#[test]
fn a_binary_file() {
    let bytes = b"\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00>\x00";
    let e = sow::source::decode("sow.exe", bytes).unwrap_err();
    insta::assert_snapshot!(render(&e));
}

#[test]
fn a_rules_text_too_large() {
    let text = format!(
        "game \"Big\" {{\n{}",
        "// a comment line of forty bytes ......\n".repeat(MAX_RULES_BYTES / 40 + 1)
    );
    let e = sow::compile("big.sow", &text, &sow::Options::default()).unwrap_err();
    let rendered = render(&e);
    assert!(rendered.starts_with("sow::syntax::too_large"), "{rendered}");
    assert!(rendered.contains("larger than the 1048576 bytes"), "{rendered}");
}

#[test]
fn a_record_too_large() {
    let text = format!(
        "[Rules \"nsolo\"]\n{}",
        "; a comment line of forty bytes .......\n".repeat(MAX_RECORD_BYTES / 40 + 1)
    );
    let problem = Record::parse(&text).unwrap_err();
    let e = RecordError { src: NamedSource::new("big.txt", Arc::from(text.as_str())), problem };
    let rendered = render(&e);
    assert!(rendered.starts_with("sow::record::too_large"), "{rendered}");
}

/// A file over the limit is refused when read, without reading the rest of it; only the
/// last line before the limit is shown.
#[test]
fn a_rules_file_too_large_to_read() {
    let dir = crate::common::scratch_dir("robust");
    let path = dir.join("big.sow");
    std::fs::write(&path, "// forty bytes of comment, line after line\n".repeat(MAX_RULES_BYTES / 40 + 1))
        .unwrap();
    let Err(sow::source::ReadError::Source(e)) = sow::source::read(&path, sow::source::Kind::Rules) else {
        panic!("read a file over the limit")
    };
    let rendered = render(e.as_ref()).replace(&path.display().to_string(), "big.sow");
    std::fs::remove_dir_all(&dir).ok();
    insta::assert_snapshot!(rendered);
}

/// A position built by hand is checked against the limits: seeds on the board and captured
/// count towards the 20,000, and seeds in hand are captured seeds.
#[test]
fn a_position_built_by_hand_is_within_the_limits() {
    use sow::engine::{Player, Setup, SetupError};
    let rules = crate::common::rules("nsolo", None, &[]);
    let mut setup = Setup::new(rules.start_counts(), Player::South);
    setup.captured[Player::North] = 19_941;
    assert_eq!(
        rules.state_from_setup(&setup).unwrap_err().to_string(),
        "20001 seeds is more than the engine's limit of 20000"
    );
    setup.captured[Player::North] = 4;
    setup.hand[Player::North] = 5;
    assert_eq!(
        rules.state_from_setup(&setup).unwrap_err(),
        SetupError::HandBeyondCaptured { player: Player::North, hand: 5, captured: 4 }
    );
    assert_eq!(
        rules.state_from_setup(&setup).unwrap_err().to_string(),
        "North holds 5 seeds in hand but has captured 4: seeds in hand are captured seeds"
    );
    let mut counts = rules.start_counts();
    counts[0] = 20_000;
    assert!(rules.state_from_counts(&counts, Player::South).is_none());
}

/// The count of captures a player has made stops at its largest value instead of
/// overflowing: a rules file may re-sow captured seeds, so captures need never end.
#[test]
fn the_count_of_captures_made_does_not_overflow() {
    use sow::engine::{Player, Setup};
    let rules = crate::common::rules("nsolo", None, &[]);
    let mut setup = Setup::new(rules.start_counts(), Player::South);
    setup.captures_made[Player::South] = u16::MAX;
    let mut game = sow::Game::from_state(&rules, rules.state_from_setup(&setup).unwrap());
    // a1 relays to b8, which was empty and faces an occupied c8: a capture.
    let effect = game.play(sow::Move::Sow(rules.parse_hole("a1").unwrap())).unwrap();
    assert_eq!(effect.taken.len(), 1);
}

/// A turn of moving seeds offers a move per pair of holes: up to 17 × 17 here, more than the
/// holes of the board, and all of them fit in a position's list (more would be refused by
/// the compiler: `too_many_choices`).
#[test]
fn a_turn_of_moving_seeds_with_many_pairs() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/check_err/too_many_choices.sow"
    ))
    .unwrap()
    .replace("20 holes", "17 holes")
    .replace("from an own hole to an own hole", "from an own outer hole to an own inner hole");
    let rules = sow::compile("pairs.sow", &text, &sow::Options::default())
        .unwrap_or_else(|e| panic!("{}", render(&e)));
    let mut game = sow::Game::new(&rules);
    let moves = game.legal_moves();
    assert_eq!(moves.len(), 17 * 17);
    game.play(moves[moves.len() - 1]).unwrap();
}
