//! The engine's general interpreter against the engine as it plays: every sowing played lap
//! by lap, seed by seed, the lap rules read from the model where each lap ends
//! (`Rules::general`), against the lap tables, fast paths and the main interpreter of
//! `Rules::new`. On every bundled file and ruleset, at the default and at both ends of each
//! parameter's range, that the general interpreter plays, random games must offer the same
//! decisions and reach the same positions, decision by decision.
//!
//! It plays every construct: a variant it could not build would fail the test. (Holes that
//! belong by colour are played by the general interpreter under `Rules::new` too: for them
//! the perft tables, worked examples and Ludii's recorded games are the check.)

use sow::Rules;
use sow::engine::{History, MoveList};

use crate::kit::draws;

/// Every bundled file's base game and rulesets, at the default and at both ends of each
/// parameter's range, each with its label.
fn variants() -> Vec<(String, Rules)> {
    let mut out = Vec::new();
    for name in sow::bundled::bundled_names() {
        let text = sow::bundled::bundled(name).expect("bundled");
        for base in sow::compile::check(name, text).expect("bundled files check") {
            let ruleset = base.meta().ruleset.clone();
            let label =
                format!("{name}{}", ruleset.as_ref().map(|r| format!(" --ruleset {r}")).unwrap_or_default());
            for p in base.params() {
                for value in [p.low, p.high] {
                    if value == p.value {
                        continue;
                    }
                    let options = sow::Options {
                        ruleset: ruleset.clone(),
                        params: vec![format!("{}={value}", p.name)],
                    };
                    let rules = sow::compile(name, text, &options).expect("range ends compile");
                    out.push((format!("{label} --param {}={value}", p.name), rules));
                }
            }
            out.push((label, base));
        }
    }
    out
}

/// `games` random games of at most `plies` decisions, played by both rules side by side:
/// the same decisions offered (as sets), the same position after each. Returns the
/// decisions compared.
fn compare(fast: &Rules, general: &Rules, label: &str, games: u64, plies: usize) -> usize {
    compare_states(fast, general, label, (games, plies), |a, b| a == b)
}

/// [`compare`] with `same` deciding whether two positions reached are the same.
fn compare_states(
    fast: &Rules,
    general: &Rules,
    label: &str,
    (games, plies): (u64, usize),
    same: impl Fn(&sow::engine::State, &sow::engine::State) -> bool,
) -> usize {
    let mut compared = 0;
    for game in 0..games {
        let mut below = draws(0x9e37_79b9_7f4a_7c15 ^ (game + 1).wrapping_mul(0x2545_f491_4f6c_dd1d));
        let (mut a, mut b) = (fast.start(), general.start());
        let (mut ha, mut hb) = (History::new(fast, &a), History::new(general, &b));
        let (mut ma, mut mb) = (MoveList::new(), MoveList::new());
        for ply in 0..plies {
            if a.outcome().is_some() {
                break;
            }
            fast.legal_moves(&a, &mut ma);
            general.legal_moves(&b, &mut mb);
            let (mut sa, mut sb) = (ma.to_vec(), mb.to_vec());
            sa.sort_by_key(|m| format!("{m:?}"));
            sb.sort_by_key(|m| format!("{m:?}"));
            assert_eq!(sa, sb, "{label}, game {game}, ply {ply}: the decisions differ\n{}", fast.picture(&a));
            if sa.is_empty() {
                break;
            }
            let mv = sa[below(sa.len())];
            let before = a.clone();
            fast.play_unchecked(&mut a, &mut ha, mv);
            general.play_unchecked(&mut b, &mut hb, mv);
            assert!(
                same(&a, &b),
                "{label}, game {game}, ply {ply}: {mv:?} from\n{}\nleaves\n{}\nbut the general interpreter\n{}\n{}",
                fast.picture(&before),
                fast.picture(&a),
                general.picture(&b),
                difference(&a, &b)
            );
            compared += 1;
        }
    }
    compared
}

/// The fields of two states that differ, one a line (engine, then general interpreter).
fn difference(a: &sow::engine::State, b: &sow::engine::State) -> String {
    let flat =
        |s: &sow::engine::State| format!("{s:#?}").replace(",\n        ", ", ").replace("\n    ", "\n");
    let (a, b) = (flat(a), flat(b));
    a.lines()
        .zip(b.lines())
        .filter(|(x, y)| x != y)
        .map(|(x, y)| format!("engine:  {x}\ngeneral: {y}\n"))
        .collect()
}

#[test]
fn the_general_interpreter_agrees_with_the_engine_on_every_bundled_game() {
    let (mut played, mut compared) = (0, 0);
    for (label, rules) in variants() {
        let general = Rules::general(rules.model().clone())
            .unwrap_or_else(|e| panic!("{label}: the general interpreter refuses the rules: {e}"));
        compared += compare(&rules, &general, &label, 6, 200);
        played += 1;
    }
    eprintln!("the general interpreter plays {played} variants, {compared} decisions compared");
    assert!(played >= 170, "{played} variants played");
    assert!(compared > 50_000, "{compared} decisions compared");
}

/// `text` with a copy of the first rule of its first `after each lap` block that is not about
/// the store put before it,
/// `and the turn has captured` added to its conditions. The copy applies only where the rule
/// already applies, with the same action, so the game is the same; but a fact about the turn
/// so far has every sowing played lap by lap. `None` where the file has no such rule.
fn with_a_fact_about_the_turn(text: &str) -> Option<String> {
    with_a_copied_rule(text, "and the turn has captured")
}

/// [`with_a_fact_about_the_turn`] with `fact` added to the copy instead.
fn with_a_copied_rule(text: &str, fact: &str) -> Option<String> {
    let lines: Vec<&str> = text.lines().collect();
    let block = lines.iter().position(|l| l.trim() == "after each lap {")?;
    let indent = |i: usize| lines[i].len() - lines[i].trim_start().len();
    // The block's rules, each `when` with the lines indented deeper than it; the first that
    // is not about the store (where the language reads no facts).
    let mut first = block + 1;
    loop {
        while lines.get(first)?.trim_start().starts_with("//") {
            first += 1;
        }
        if !lines[first].trim_start().starts_with("when ") {
            return None;
        }
        let last =
            (first + 1..lines.len()).take_while(|&i| indent(i) > indent(first)).last().unwrap_or(first);
        let rule = lines[first..=last].join("\n");
        if !rule.contains("store") {
            break;
        }
        first = last + 1;
    }
    let last = (first + 1..lines.len()).take_while(|&i| indent(i) > indent(first)).last().unwrap_or(first);
    let rule = lines[first..=last].join("\n");
    let colon = rule.rfind(':')?;
    let copy = format!("{} {fact}{}", &rule[..colon], &rule[colon..]);
    let mut out: Vec<String> = lines[..first].iter().map(|l| l.to_string()).collect();
    out.push(copy);
    out.extend(lines[first..].iter().map(|l| l.to_string()));
    Some(out.join("\n"))
}

/// Constructs combine: a fact about the turn so far (`and the turn has captured`) added to
/// a copy of a lap rule, in every bundled base game, compiles (it once met
/// `sow::check::not_stepwise` on lines the writer had not touched), and the game is the same
/// game, decision by decision.
#[test]
fn a_fact_about_the_turn_combines_with_every_bundled_game() {
    let mut played = Vec::new();
    for name in sow::bundled::bundled_names() {
        let text = sow::bundled::bundled(name).expect("bundled");
        let Some(edited) = with_a_fact_about_the_turn(text) else { continue };
        let rules = sow::compile(name, text, &sow::Options::default()).expect("bundled files compile");
        let fact = sow::compile(name, &edited, &sow::Options::default())
            .unwrap_or_else(|e| panic!("{name} with a fact about the turn: {e:?}\n{edited}"));
        assert!(!fact.model().fast_path_covers(), "{name}: the fact has the sowings played lap by lap");
        // The same positions, but for what the fact's rules note of the turn where a sowing
        // pauses for the mover (whether it has captured), which the rules without it need not.
        let notes = without_turn_notes;
        compare_states(&rules, &fact, &format!("{name} with a fact about the turn"), (4, 200), |a, b| {
            notes(a) == notes(b)
        });
        played.push(name);
    }
    eprintln!("{} files take the fact", played.len());
    assert!(played.len() >= 42, "{played:?}");
}

/// Every bundled base game with `fact` added to a copy of one of its lap rules (see
/// [`with_a_copied_rule`]), where the fact always holds: the edited file compiles, its
/// sowings are played lap by lap, and the game is the same game, decision by decision.
/// Returns the files that took the fact.
fn an_always_true_fact_combines(fact: &str) -> usize {
    every_bundled_game_edited(
        &format!("`{fact}`"),
        |text| with_a_copied_rule(text, fact),
        |with| assert!(!with.model().fast_path_covers(), "`{fact}` has the sowings played lap by lap"),
        |a, b| without_turn_notes(a) == without_turn_notes(b),
    )
}

/// Every bundled base game that `edit` changes (`what` says how, in messages): the edited
/// file compiles, passes `check_edited`, and plays the same game as the original, decision
/// by decision, positions compared by `same`. Returns the files edited.
fn every_bundled_game_edited(
    what: &str,
    edit: impl Fn(&str) -> Option<String>,
    check_edited: impl Fn(&Rules),
    same: impl Fn(&sow::engine::State, &sow::engine::State) -> bool + Copy,
) -> usize {
    let mut played = 0;
    for name in sow::bundled::bundled_names() {
        let text = sow::bundled::bundled(name).expect("bundled");
        let Some(edited) = edit(text) else { continue };
        let rules = sow::compile(name, text, &sow::Options::default()).expect("bundled files compile");
        let with = sow::compile(name, &edited, &sow::Options::default())
            .unwrap_or_else(|e| panic!("{name} with {what}: {e:?}\n{edited}"));
        check_edited(&with);
        compare_states(&rules, &with, &format!("{name} with {what}"), (4, 200), same);
        played += 1;
    }
    played
}

/// Constructs combine: a hole counted from the landing hole along the circuit, in every
/// bundled game, whatever the board, circuit, ownership and seats.
#[test]
fn a_hole_counted_from_the_landing_hole_combines_with_every_bundled_game() {
    let played =
        an_always_true_fact_combines("and the 2nd hole before the landing hole holds at least 0 seeds");
    assert!(played >= 42, "{played} files");
}

/// Constructs combine: a condition joined with `or` and negated with `not`, in every bundled
/// game.
#[test]
fn a_condition_with_or_and_not_combines_with_every_bundled_game() {
    let played = an_always_true_fact_combines("and the turn has captured or not the turn has captured");
    assert!(played >= 42, "{played} files");
}

/// `text` with every one-line choice description of its `choose` sections joined with
/// itself by `or` (`A` becomes `A or A`): the same holes fit. Descriptions that go on over
/// several lines or name another (`, if there is no …`, whose `or` would join that one) are
/// left. `None` if no description was doubled.
fn with_doubled_choices(text: &str) -> Option<String> {
    let lines: Vec<&str> = text.lines().collect();
    let indent = |l: &str| l.len() - l.trim_start().len();
    let mut out = Vec::new();
    let mut doubled = 0;
    // 0: outside; 1: the first description is next; 2: `otherwise` lines may follow.
    let mut at = 0;
    for (i, line) in lines.iter().enumerate() {
        let trimmed = line.trim();
        // One line: the next line is not indented deeper (no continuation).
        let one_line = lines.get(i + 1).is_some_and(|next| indent(next) <= indent(line));
        let description = match at {
            _ if trimmed.starts_with("//") || trimmed.is_empty() => None,
            1 => Some(trimmed),
            2 => trimmed.strip_prefix("otherwise "),
            _ => None,
        };
        if !(trimmed.starts_with("//") || trimmed.is_empty()) && at > 0 {
            at = if description.is_some() { 2 } else { 0 };
        }
        match description {
            Some(d) if one_line && !d.contains(", if there is no") => {
                out.push(format!("{line} or {d}"));
                doubled += 1;
            }
            _ => out.push(line.to_string()),
        }
        if trimmed.ends_with("choose {") {
            at = 1;
        }
    }
    (doubled > 0).then(|| out.join("\n"))
}

/// Constructs combine: every choice description joined with itself by `or`, in every bundled
/// game, whatever its sowing, board, ownership and seats: the same game, decision by decision.
#[test]
fn choice_descriptions_joined_with_or_combine_with_every_bundled_game() {
    let played = every_bundled_game_edited("doubled choices", with_doubled_choices, |_| {}, |a, b| a == b);
    assert!(played >= 40, "{played} files");
}

/// A lap turned the other way combines with seeds placed from the hand, captures sown on from
/// a row end and facts about the turn so far (`sow::check::not_stepwise` refused the file
/// once): it checks, and random games turn laps (clockwise, the one way the file lets a lap
/// be turned) and reach their end or the ply bound without a fault.
#[test]
fn a_turned_lap_combines_with_seeds_from_the_hand_and_row_end_captures() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/combine/turned_lap_with_hand.sow");
    let text = std::fs::read_to_string(path).expect("fixture");
    let rules = sow::compile::check("turned_lap_with_hand.sow", &text).expect("the file checks").remove(0);
    let mut turned = 0;
    for game in 0..40u64 {
        let mut below = draws(game + 7);
        let mut state = rules.start();
        let mut history = History::new(&rules, &state);
        let mut moves = MoveList::new();
        for _ in 0..400 {
            if state.outcome().is_some() {
                break;
            }
            rules.legal_moves(&state, &mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves[below(moves.len())];
            // The placements choose a direction, and a row end is chosen with the way it is
            // sown; a lap of the main phase that starts a turn or follows a pause is turned,
            // only clockwise.
            if let sow::engine::Move::SowDirection(h, d) = mv
                && state.phase_of(state.to_move()) == 1
                && matches!(state.phase(), sow::engine::Phase::Sow | sow::engine::Phase::LapChoice(_))
            {
                assert_eq!(format!("{d:?}"), "Clockwise", "{} turned {d:?}", rules.hole_name(h));
                turned += 1;
            }
            rules.play(&mut state, &mut history, mv).expect("a legal decision plays");
        }
    }
    assert!(turned > 0, "no random game turned a lap");
}

/// A position's fields, as `Debug` shows them, but for the notes of the turn under way.
fn without_turn_notes(s: &sow::engine::State) -> String {
    format!("{s:#?}")
        .lines()
        .filter(|l| !l.trim_start().starts_with("turn_bits:"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// What checked play tells of a decision (`Effect`: laps, seeds sown, where the last fell,
/// what was taken) is what the general interpreter plays and what a front end shows of it
/// (`Rules::sowing_laps`, the general interpreter's trace): on every bundled variant, at
/// every decision of random games, the fast path's effect equals the general interpreter's,
/// and both equal the traced laps, the laps of captured seeds sown on included (narration,
/// animation and checked play from one interpreter, issue 31).
#[test]
fn checked_play_tells_the_laps_the_general_interpreter_traces() {
    let (mut traced, mut resown) = (0, 0);
    for (label, rules) in variants() {
        let general = Rules::general(rules.model().clone()).expect("the general interpreter");
        for game in 0..2u64 {
            let mut below = draws(0x51_7cc1_b727_220a ^ (game + 1).wrapping_mul(0x2545_f491_4f6c_dd1d));
            let mut state = rules.start();
            let mut history = History::new(&rules, &state);
            let mut moves = MoveList::new();
            for ply in 0..120 {
                if state.outcome().is_some() {
                    break;
                }
                rules.legal_moves(&state, &mut moves);
                if moves.is_empty() {
                    break;
                }
                let mv = moves[below(moves.len())];
                let laps = rules.sowing_laps(&state, mv);
                assert_eq!(laps, general.sowing_laps(&state, mv), "{label}: one trace");
                let (mut g_state, mut g_history) = (state.clone(), history.clone());
                let before = rules.picture(&state);
                let fast = rules.play(&mut state, &mut history, mv).expect("legal");
                let slow = general.play(&mut g_state, &mut g_history, mv).expect("legal");
                let at = || format!("{label}, game {game}, ply {ply}, {}:\n{before}", rules.move_text(mv));
                assert_eq!(fast, slow, "{}", at());
                if !laps.is_empty() {
                    let sown: usize = laps.iter().map(|l| l.drops.len()).sum();
                    let last = laps.last().and_then(|l| l.drops.last()).copied();
                    // Where the mover sows seed by seed, a decision's trace is a piece of a
                    // lap, and the effect counts the laps it ends.
                    let count = if rules.sows_by_path() { fast.laps as usize } else { laps.len() };
                    assert_eq!(
                        (fast.laps as usize, fast.sown as usize, fast.last),
                        (count, sown, last),
                        "{}\n{laps:?}",
                        at()
                    );
                    traced += 1;
                    resown += usize::from(laps.iter().any(|l| l.captured));
                }
            }
        }
    }
    assert!(traced > 5_000, "{traced} traces compared");
    assert!(resown > 100, "{resown} traces with captured seeds sown on");
}

/// Constructs combine: a count the mover chooses (`sow any number of seeds …`) in place of
/// every `sow all seeds …` of every bundled base game (of at most 381 seeds), whatever its
/// board, circuit, captures, openings, directions and seats. The edited game offers every
/// decision the original does, and where the mover then lifts every seed it may, it is the
/// same game, decision by decision; every count offered plays, the seeds all accounted for.
/// (Where the rules prefer some first laps, a count may be preferred to the whole hole, and
/// a hole for one of its counts: such a game is played on its own decisions.)
#[test]
fn a_chosen_count_combines_with_every_bundled_game() {
    use sow::engine::{Move, Phase};
    let (mut played, mut compared, mut counts) = (0, 0, 0);
    for name in sow::bundled::bundled_names() {
        let text = sow::bundled::bundled(name).expect("bundled");
        if !text.contains("sow all seeds ") {
            continue;
        }
        let edited = text.replace("sow all seeds ", "sow any number of seeds ");
        let rules = sow::compile(name, text, &sow::Options::default()).expect("bundled files compile");
        let with = match sow::compile(name, &edited, &sow::Options::default()) {
            Ok(with) => with,
            // More seeds than a position has room to offer counts for.
            Err(e) if format!("{e:?}").contains("too_many_counts") => continue,
            Err(e) => panic!("{name} with a chosen count: {e:?}\n{edited}"),
        };
        assert!(!with.model().fast_path_covers(), "{name}: a chosen count is played lap by lap");
        let prefers = text.contains("prefer first laps");
        for game in 0..4u64 {
            let mut below = draws(0x51_7cc1_b727_220a ^ (game + 1).wrapping_mul(0x2545_f491_4f6c_dd1d));
            let (mut a, mut b) = (rules.start(), with.start());
            let (mut ha, mut hb) = (History::new(&rules, &a), History::new(&with, &b));
            let (mut ma, mut mb) = (MoveList::new(), MoveList::new());
            for ply in 0..200 {
                if a.outcome().is_some() {
                    break;
                }
                rules.legal_moves(&a, &mut ma);
                with.legal_moves(&b, &mut mb);
                let label = format!("{name} with a chosen count, game {game}, ply {ply}");
                for mv in ma.iter().filter(|_| !prefers) {
                    assert!(mb.contains(mv), "{label}: {mv:?} is not offered\n{}", rules.picture(&a));
                }
                let own = if prefers { &mb } else { &ma };
                if own.is_empty() {
                    break;
                }
                let mv = own[below(own.len())];
                if !prefers {
                    rules.play_unchecked(&mut a, &mut ha, mv);
                }
                with.play_unchecked(&mut b, &mut hb, mv);
                if let Phase::Lift(choice) = b.phase() {
                    with.legal_moves(&b, &mut mb);
                    let all = Move::Lift(b.count(choice.hole));
                    assert!(prefers || mb.contains(&all), "{label}: {mv:?} offers {:?}", mb.to_vec());
                    let all = if prefers { mb[below(mb.len())] } else { all };
                    // Every count offered plays.
                    for &k in mb.iter() {
                        let (mut s, mut h) = (b.clone(), hb.clone());
                        with.play(&mut s, &mut h, k).unwrap_or_else(|e| panic!("{label}: {k:?}: {e}"));
                        assert_eq!(
                            crate::fuzz_harness::seeds_accounted(&with, &s),
                            with.total_seeds(),
                            "{label}"
                        );
                        counts += 1;
                    }
                    with.play_unchecked(&mut b, &mut hb, all);
                }
                if prefers {
                    assert_eq!(
                        crate::fuzz_harness::seeds_accounted(&with, &b),
                        with.total_seeds(),
                        "{label}"
                    );
                    if b.outcome().is_some() {
                        break;
                    }
                    continue;
                }
                assert_eq!(
                    without_turn_notes(&a),
                    without_turn_notes(&b),
                    "{label}: {mv:?}\n{}",
                    difference(&a, &b)
                );
                compared += 1;
            }
        }
        played += 1;
    }
    eprintln!("{played} files take a chosen count, {compared} decisions compared, {counts} counts played");
    assert!(played >= 30, "{played} files");
}

/// A bundled game's text with every hole its captures put seeds into (`put the taken seeds
/// into the origin hole …`) joined by another the mover may choose instead (`… or the landing
/// hole`, or the origin hole where the landing hole is named); `None` where it names none.
fn with_put_choice(text: &str) -> Option<String> {
    let mut edited = false;
    let lines: Vec<String> = text
        .lines()
        .map(|line| {
            let Some(at) =
                line.find("put the taken seeds into the ").filter(|_| !line.contains("into the end of"))
            else {
                return line.to_string();
            };
            let start = at + "put the taken seeds into the ".len();
            let end = line[start..].find(" and sow").map_or(line.len(), |k| start + k);
            let other = if &line[start..end] == "landing hole" { "origin hole" } else { "landing hole" };
            edited = true;
            format!("{} or the {other}{}", &line[..end], &line[end..])
        })
        .collect();
    edited.then(|| lines.join("\n"))
}

/// Where the edited game pauses for the hole a capture's seeds go into (`b`, by `with`), the
/// choices, at most `depth` pauses deep, that reach the position `a` the original reached:
/// that position, with its history. Every hole offered plays, every seed accounted for.
fn put_as_original(
    with: &Rules,
    (b, hb): (&sow::engine::State, &History),
    a: &sow::engine::State,
    depth: u8,
    played: &mut usize,
) -> Option<(sow::engine::State, History)> {
    if !matches!(b.phase(), sow::engine::Phase::PutChoice(_)) || b.outcome().is_some() {
        return (without_turn_notes(a) == without_turn_notes(b)).then(|| (b.clone(), hb.clone()));
    }
    if depth == 0 {
        return None;
    }
    let mut moves = MoveList::new();
    with.legal_moves(b, &mut moves);
    assert!(moves.len() >= 2, "a pause offers {:?}", moves.to_vec());
    for &mv in moves.iter() {
        let (mut s, mut h) = (b.clone(), hb.clone());
        with.play(&mut s, &mut h, mv).unwrap_or_else(|e| panic!("{mv:?}: {e}"));
        *played += 1;
        assert_eq!(crate::fuzz_harness::seeds_accounted(with, &s), with.total_seeds());
        if let Some(found) = put_as_original(with, (&s, &h), a, depth - 1, played) {
            return Some(found);
        }
    }
    None
}

/// Constructs combine: a hole the mover chooses for captured seeds (`… or the landing hole`)
/// wherever a bundled base game puts them into a hole, put or sown on, whatever its board,
/// circuit, captures, relays, turned laps and openings. The edited game offers every decision
/// the original does; where it pauses for the hole, every hole offered plays, and one choice
/// (a few pauses deep) reaches the position the original did: it is the same game where the
/// mover chooses the hole the original names.
#[test]
fn a_put_choice_combines_with_every_bundled_game() {
    use sow::engine::Phase;
    let (mut files, mut compared, mut pauses, mut holes) = (0, 0, 0, 0);
    for name in sow::bundled::bundled_names() {
        let text = sow::bundled::bundled(name).expect("bundled");
        let Some(edited) = with_put_choice(text) else { continue };
        let rules = sow::compile(name, text, &sow::Options::default()).expect("bundled files compile");
        let with = sow::compile(name, &edited, &sow::Options::default())
            .unwrap_or_else(|e| panic!("{name} with a put choice: {e:?}\n{edited}"));
        // Only a ruleset's captures may have been edited.
        if !with.decision_kinds().put {
            continue;
        }
        assert!(!with.model().fast_path_covers(), "{name}: a put choice is played lap by lap");
        for game in 0..4u64 {
            let mut below = draws(0x2f_93a1_c4b7_5e01 ^ (game + 1).wrapping_mul(0x2545_f491_4f6c_dd1d));
            let (mut a, mut b) = (rules.start(), with.start());
            let (mut ha, mut hb) = (History::new(&rules, &a), History::new(&with, &b));
            let (mut ma, mut mb) = (MoveList::new(), MoveList::new());
            for ply in 0..200 {
                if a.outcome().is_some() {
                    break;
                }
                rules.legal_moves(&a, &mut ma);
                with.legal_moves(&b, &mut mb);
                let label = format!("{name} with a put choice, game {game}, ply {ply}");
                for mv in ma.iter() {
                    assert!(mb.contains(mv), "{label}: {mv:?} is not offered\n{}", rules.picture(&a));
                }
                if ma.is_empty() {
                    break;
                }
                let mv = ma[below(ma.len())];
                rules.play_unchecked(&mut a, &mut ha, mv);
                with.play_unchecked(&mut b, &mut hb, mv);
                if matches!(b.phase(), Phase::PutChoice(_)) {
                    pauses += 1;
                }
                match put_as_original(&with, (&b, &hb), &a, 4, &mut holes) {
                    Some((s, h)) => (b, hb) = (s, h),
                    // Too many pauses deep to follow: the game is left there.
                    None if matches!(b.phase(), Phase::PutChoice(_)) => break,
                    None => panic!("{label}: {mv:?}\n{}", difference(&a, &b)),
                }
                compared += 1;
            }
        }
        files += 1;
    }
    eprintln!(
        "{files} files take a put choice, {compared} decisions compared, {pauses} pauses, {holes} holes played"
    );
    assert!(files >= 15, "{files} files");
    assert!(pauses >= 100, "{pauses} pauses");
}

/// A board of six rows, three a player (`tests/fixtures/combine/six_rows.sow`, Katro of
/// Madagascar but its lone counter's move): it checks at both sizes, and the engine and the
/// general interpreter agree decision by decision in random games, sown either way.
#[test]
fn a_board_of_six_rows_plays_alike_in_both_interpreters() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/combine/six_rows.sow");
    let text = std::fs::read_to_string(path).expect("fixture");
    let mut compared = 0;
    for columns in ["3", "6"] {
        let setting = format!("columns={columns}");
        let options = sow::Options::new(None, &[setting.as_str()]);
        let rules = sow::compile("six_rows.sow", &text, &options).unwrap_or_else(|e| panic!("{e:?}"));
        let general = Rules::general(rules.model().clone()).expect("the general interpreter plays it");
        compared += compare(&rules, &general, &format!("six rows of {columns}"), 20, 300);
    }
    assert!(compared > 1_000, "{compared} decisions compared");
}

/// A rule read once the sowing is over is reached whatever the rules for a lap's end say, so a
/// catch-all before it does not make it unreachable (blind test 23, fault 2: refused as
/// sow::check::unreachable_rule); written last or first, it plays alike.
#[test]
fn a_rule_at_the_sowing_end_after_a_catch_all_is_reached() {
    let compile = |text: &str| {
        sow::compile("fault.sow", text, &sow::Options::default())
            .unwrap_or_else(|e| panic!("{}", crate::common::render(&e)))
    };
    let last = compile(SOWING_ENDS);
    let first = compile(&SOWING_ENDS.replace("        when the sowing ends: capture fours\n", "").replace(
        "    after each lap {\n",
        "    after each lap {\n        when the sowing ends: capture fours\n",
    ));
    assert!(compare(&last, &first, "the sowing end written last or first", 40, 200) > 0);
}

/// [`a_rule_at_the_sowing_end_after_a_catch_all_is_reached`]'s game.
const SOWING_ENDS: &str = r#"game "Sowing ends" {
    board 2 rows of 5 holes, no stores
    territory each player owns row home
    setup {
        5 in every hole
    }
    circuit all rows anticlockwise
    choose {
        own hole with at least 1 seed
    }
    sow all seeds from the next hole
    after 1000 laps a sowing is endless
    after each lap {
        when the last seed lands in a hole and the next hole is occupied: relay from the next hole
        when the last seed lands in a hole: capture beyond
        when the sowing ends: capture fours
    }
    capture beyond {
        take the hole after the next hole
        put the taken seeds in the mover's hand
    }
    capture fours {
        take every hole that holds 4 seeds
        put the taken seeds in the owner's hand
    }
    end {
        a player who cannot move ends the game and the player who captured more seeds wins
    }
}
"#;

/// A choice of an opponent's hole (`own hole with at least 1 seed or opponent's hole with at
/// least 2 seeds`), in a game of relays and captures on both sides: the fast paths and the
/// general interpreter offer the same decisions and reach the same positions.
#[test]
fn a_choice_of_an_opponents_hole_plays_alike_in_the_general_interpreter() {
    let rules = sow::compile("theirs.sow", THEIRS, &sow::Options::default())
        .unwrap_or_else(|e| panic!("{}", crate::common::render(&e)));
    let general = Rules::general(rules.model().clone()).expect("the general interpreter");
    assert!(compare(&rules, &general, "an opponent's hole sown", 60, 300) > 1000);
}

/// [`a_choice_of_an_opponents_hole_plays_alike_in_the_general_interpreter`]'s game.
const THEIRS: &str = r#"game "Theirs" {
    board 2 rows of 5 holes, a store for each player
    territory each player owns row home
    setup {
        3 in every hole
    }
    circuit all rows anticlockwise, through the mover's store
    choose {
        own hole with at least 1 seed or opponent's hole with at least 2 seeds
    }
    sow all seeds from the next hole
    after 1000 laps a sowing is endless
    after each lap {
        when the last seed lands in an own hole and the landing hole holds 4 seeds: capture fours
        when the last seed lands in a hole and the landing hole holds at least 2 seeds: relay
        otherwise: stop
    }
    capture fours {
        take the landing hole
        put the taken seeds in the mover's store
    }
    end {
        a player who cannot move ends the game and the player with more seeds wins
        a repeated position is a draw
        after 300 turns the game is a draw
    }
}
"#;

/// A turn that may not undo the opponent's last (`must not undo the opponent's last turn`), in
/// a game of single seeds sown either way with a store each: the fast paths and the general
/// interpreter refuse the same undoings and reach the same positions.
#[test]
fn a_ban_on_undoing_the_last_turn_plays_alike_in_the_general_interpreter() {
    let rules = sow::compile("ko.sow", KO, &sow::Options::default())
        .unwrap_or_else(|e| panic!("{}", crate::common::render(&e)));
    let general = Rules::general(rules.model().clone()).expect("the general interpreter");
    assert!(compare(&rules, &general, "no undoing", 60, 300) > 1000);
}

/// [`a_ban_on_undoing_the_last_turn_plays_alike_in_the_general_interpreter`]'s game: lone
/// seeds go back and forth often, so undoings are often on offer.
const KO: &str = r#"game "Ko" {
    board 2 rows of 4 holes, no stores
    territory each player owns row home
    setup {
        1 in every hole
    }
    circuit all rows anticlockwise or clockwise, chosen each turn
    choose {
        own hole with at least 1 seed
        must not undo the opponent's last turn
    }
    sow all seeds from the next hole
    after each lap {
        when the last seed lands in an opponent's hole and the landing hole holds 3 seeds: capture threes
        otherwise: stop
    }
    capture threes {
        take the landing hole
        put the taken seeds in the mover's hand
    }
    end {
        a player who cannot move ends the game and the player with more seeds wins
        after 300 turns the game is a draw
    }
}
"#;

/// Rows of 50 holes, the most a row may have (En Gehe, 2×40–50: blind test 31, item 3): the
/// fast path's ring window holds the shared circuit of two such rows, and plays as the
/// general interpreter does, at both ends of the file's range.
#[test]
fn rows_of_fifty_holes_play_as_the_general_interpreter_plays_them() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("docs/generality/2026-12-07-thirty-first/after/en-gehe.sow");
    let text = std::fs::read_to_string(&path).expect("the file of blind test 31");
    let mut compared = 0;
    for columns in [40, 45, 50] {
        let options = sow::Options { ruleset: None, params: vec![format!("columns={columns}")] };
        let rules = sow::compile("en-gehe.sow", &text, &options).expect("compiles");
        assert_eq!(rules.board_counts(&rules.start()).len(), 2 * columns);
        let general = Rules::general(rules.model().clone()).expect("the general interpreter plays it");
        compared += compare(&rules, &general, &format!("en-gehe columns={columns}"), 4, 300);
    }
    assert!(compared > 1_000, "{compared} decisions compared");
    // One more is refused as too long a row.
    let wider = text.replace("in 40..50", "in 40..51");
    assert_ne!(wider, text);
    let options = sow::Options { ruleset: None, params: vec!["columns=51".to_string()] };
    let e = sow::compile("en-gehe.sow", &wider, &options).expect_err("rows of 51 holes");
    assert!(format!("{e:?}").contains("BoardColumns { columns: 51"), "{e:?}");
}
