//! A stable, readable text of compiled rules: what `sow show` prints and what the snapshot
//! tests pin. Every table the engine runs on appears here.

use std::fmt::Write as _;

use crate::engine::Rules;
use crate::engine::rules::*;

/// The compiled tables of `rules` as text.
pub fn dump(rules: &Rules) -> String {
    let mut out = String::new();
    let meta = rules.meta();
    let ruleset = meta.ruleset.as_deref().map_or("base game".to_string(), |r| format!("ruleset \"{r}\""));
    let _ = writeln!(out, "game \"{}\", {ruleset}", meta.name);

    let _ = writeln!(out, "\nparameters");
    if rules.params().is_empty() {
        let _ = writeln!(out, "  (none)");
    }
    for p in rules.params() {
        let step = if p.step > 1 { format!(" step {}", p.step) } else { String::new() };
        let doc = p.doc.as_deref().map(|d| format!(": {d}")).unwrap_or_default();
        let _ = writeln!(
            out,
            "  {} = {} (default {}, allowed {}..{}{step}){doc}",
            p.name, p.value, p.default, p.low, p.high
        );
    }

    let _ = writeln!(out, "\nboard");
    let _ = writeln!(
        out,
        "  {} rows × {} columns = {} holes, no stores; {} seeds",
        rules.rows(),
        rules.columns(),
        rules.holes(),
        rules.total_seeds()
    );

    let _ = writeln!(out, "\nterritory (rows named from the owner's seat inward)");
    for player in Player::BOTH {
        let rows: Vec<String> = rules
            .row_names()
            .iter()
            .zip(rules.row_letters(player))
            .map(|(name, letter)| format!("{name} = {letter}"))
            .collect();
        let _ = writeln!(out, "  {player}: {}", rows.join(", "));
    }

    let _ = writeln!(out, "\nstart position");
    for line in rules.picture(&rules.start()).lines() {
        let _ = writeln!(out, "  {line}");
    }

    let direction = match rules.direction() {
        Direction::Anticlockwise => "anticlockwise",
        Direction::Clockwise => "clockwise",
    };
    let _ = writeln!(out, "\ncircuits (own rows, {direction}; laps pass the origin)");
    for player in Player::BOTH {
        let holes: Vec<String> = rules.circuit(player).iter().map(|&h| rules.hole_name(h)).collect();
        let _ = writeln!(out, "  {player}: {}", holes.join(" "));
    }

    let _ = writeln!(out, "\nopposite holes (the opponent's hole of each row in the same column)");
    for player in Player::BOTH {
        for (role, name) in rules.row_names().iter().enumerate() {
            let pairs: Vec<String> = (0..rules.columns())
                .map(|c| {
                    let mine = rules.role_hole(player, rules.row_names().len() as u8 - 1, c);
                    let theirs = rules.role_hole(player.other(), role as u8, c);
                    format!("{}>{}", rules.hole_name(mine), rules.hole_name(theirs))
                })
                .collect();
            let _ = writeln!(out, "  {player}'s opposite {name}: {}", pairs.join(" "));
        }
    }

    let _ = writeln!(out, "\nchoose (the first description that fits some hole is in force)");
    for (i, c) in rules.choices().iter().enumerate() {
        let seeds = match (c.min, c.max) {
            (lo, hi) if lo == hi => format!("{lo} seed{}", if lo == 1 { "" } else { "s" }),
            (lo, u16::MAX) => format!("{lo} or more seeds"),
            (lo, hi) => format!("{lo} to {hi} seeds"),
        };
        let next = match c.next {
            Some(HoleState::Empty) => ", next hole empty",
            Some(HoleState::Occupied) => ", next hole occupied",
            None => "",
        };
        let _ = writeln!(out, "  {}. {} [{seeds}{next}]", i + 1, c.text);
    }

    let _ = writeln!(out, "\nafter each lap (the first rule that applies)");
    for (i, rule) in rules.lap_rules().iter().enumerate() {
        let mut conditions = Vec::new();
        match rule.landing {
            Some(HoleState::Empty) => conditions.push("landing hole was empty".to_string()),
            Some(HoleState::Occupied) => conditions.push("landing hole was occupied".to_string()),
            None => {}
        }
        match rule.side {
            Some(Side::Own) => conditions.push("on the mover's side".to_string()),
            Some(Side::Opponent) => conditions.push("on the opponent's side".to_string()),
            None => {}
        }
        if let Some(role) = rule.role {
            conditions.push(format!("in row {}", rules.row_names()[role as usize]));
        }
        for &(role, state) in &rule.facts {
            let word = if state == HoleState::Empty { "empty" } else { "occupied" };
            conditions.push(format!("opposite {} {word}", rules.row_names()[role as usize]));
        }
        if conditions.is_empty() {
            conditions.push("any landing".to_string());
        }
        let _ =
            writeln!(out, "  {}. {} -> {}", i + 1, conditions.join(", "), action_text(rules, rule.action));
    }
    let _ = writeln!(out, "  otherwise -> {}", action_text(rules, rules.lap_otherwise()));

    let _ = writeln!(out, "\ncaptures (taken seeds leave play)");
    if rules.captures().is_empty() {
        let _ = writeln!(out, "  (none)");
    }
    for c in rules.captures() {
        let take: Vec<String> =
            c.take.iter().map(|&r| format!("opposite {}", rules.row_names()[r as usize])).collect();
        let _ = writeln!(out, "  {}: take {}", c.name, take.join(" and "));
        for f in &c.follow_ups {
            let region = |r: Region| match r.role {
                None => "the opponent's territory".to_string(),
                Some(role) => format!("the opponent's {} row", rules.row_names()[role as usize]),
            };
            let text = match f {
                FollowUp::Strip { optional, amount, region: r } => {
                    let amount = match amount {
                        Amount::AsTaken => "as many seeds as were taken".to_string(),
                        Amount::Seeds(n) => format!("{n} seeds"),
                    };
                    let how = if *optional { "may strip" } else { "strip" };
                    format!("then {how} {amount} from {}, one seed per decision in board order", region(*r))
                }
                FollowUp::ExtraHoles { count, region: r } => {
                    format!(
                        "then take {count} more occupied hole(s) from {}, one hole per decision in board order",
                        region(*r)
                    )
                }
            };
            let _ = writeln!(out, "    {text}");
        }
    }

    let _ = writeln!(out, "\nend");
    let end = rules.end_rules();
    if end.no_seeds_loses {
        let _ = writeln!(out, "  a player with no seeds loses (checked after every turn)");
    }
    let blocked = match end.blocked {
        Blocked::Loses => "loses",
        Blocked::Passes => "passes",
    };
    let _ = writeln!(out, "  a player who cannot move {blocked}");
    if end.repetition_draws {
        let _ =
            writeln!(out, "  a repeated position (counts and player to move, at turn boundaries) is a draw");
    }
    let _ = writeln!(out, "  a player may resign at any turn");
    out
}

fn action_text(rules: &Rules, action: LapAction) -> String {
    match action {
        LapAction::Relay => "relay".to_string(),
        LapAction::Stop => "stop".to_string(),
        LapAction::Capture(i) => format!("capture {}", rules.captures()[i as usize].name),
    }
}
