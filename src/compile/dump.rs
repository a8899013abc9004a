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
        "  {} rows × {} columns = {} holes, {}; {} seeds",
        rules.rows(),
        rules.columns(),
        rules.holes(),
        if rules.store(Player::South).is_some() { "a store for each player" } else { "no stores" },
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
    let shared = rules.shared_circuit;
    let rows = if shared { "all rows" } else { "own rows" };
    let store = if rules.circuit(Player::South).iter().any(|&h| rules.is_store(h)) {
        "; through the mover's store"
    } else {
        ""
    };
    let origin = if rules.skip_origin { "laps skip the origin" } else { "laps pass the origin" };
    let _ = writeln!(out, "\ncircuits ({rows}, {direction}{store}; {origin})");
    for player in Player::BOTH {
        let mut circuit = rules.circuit(player).to_vec();
        if shared {
            // A shared ring, shown from the player's first hole.
            let n = circuit.len();
            let first = (0..n)
                .find(|&i| {
                    let here = circuit[i];
                    let before = circuit[(i + n - 1) % n];
                    !rules.is_store(here) && rules.owner(here) == player && rules.owner(before) != player
                })
                .unwrap_or(0);
            circuit.rotate_left(first);
        }
        let holes: Vec<String> = circuit.iter().map(|&h| rules.hole_name(h)).collect();
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

    if !rules.marks().is_empty() {
        let _ = writeln!(out, "\nmarks");
        for mark in rules.marks() {
            let holes: Vec<String> = mark.start.iter().map(|&h| rules.hole_name(h)).collect();
            let start = if holes.is_empty() { "none at the start".to_string() } else { holes.join(" ") };
            let _ = writeln!(out, "  {}: {start}", mark.name);
        }
    }
    if rules.direction_chosen_once() {
        let other = rules.direction().other().word();
        let _ = writeln!(
            out,
            "\neach player may sow {other} instead, chosen on their first free sowing and kept"
        );
    }

    let phases = rules.phases();
    for (i, phase) in phases.iter().enumerate() {
        let indent = if phases.len() > 1 { "  " } else { "" };
        if phases.len() > 1 {
            let lasts = phase
                .lasts
                .map(|n| format!(", at most {n} turn{}", if n == 1 { "" } else { "s" }))
                .unwrap_or_default();
            let title = match &phase.name {
                Some(name) => {
                    format!("opening {} \"{name}\"{lasts}, until the player cannot move in it", i + 1)
                }
                None => "main game".to_string(),
            };
            let _ = writeln!(out, "\n{title}");
        }
        match &phase.turn {
            TurnKind::Sow(sow) => dump_sowing(&mut out, rules, sow, indent),
            TurnKind::Take { capture } => {
                let _ = writeln!(out, "{indent}  a turn takes holes:");
                for f in &rules.captures()[*capture as usize].follow_ups {
                    let _ = writeln!(out, "{indent}    {}", follow_up_text(rules, f));
                }
            }
            TurnKind::Transfer { count, from, to } => {
                let _ = writeln!(
                    out,
                    "{indent}  a turn moves {count} seed(s) from {} to {}",
                    filter_text(rules, from),
                    filter_text(rules, to)
                );
            }
            TurnKind::Mark { hole, mark } => {
                let _ = writeln!(
                    out,
                    "{indent}  a turn marks {} as {}",
                    filter_text(rules, hole),
                    rules.marks()[*mark as usize].name
                );
            }
        }
    }

    let _ = writeln!(out, "\ncaptures");
    if rules.captures().is_empty() {
        let _ = writeln!(out, "  (none)");
    }
    for c in rules.captures() {
        let take: Vec<String> = c
            .take
            .iter()
            .map(|t| match t {
                Target::Landing => "the landing hole".to_string(),
                Target::Opposite(r) => format!("opposite {}", rules.row_names()[*r as usize]),
                Target::HolesBefore(min, max) => {
                    format!("each hole before it while the opponent's with {min} to {max} seeds")
                }
            })
            .collect();
        let take = if take.is_empty() { "nothing at once".to_string() } else { take.join(" and ") };
        let goes = match c.destination {
            Destination::OutOfPlay => "taken seeds leave play",
            Destination::Hand => "taken seeds go to the mover's hand",
            Destination::Resow => "taken seeds are sown on from the landing hole, one lap",
            Destination::Store => "taken seeds go to the mover's store",
        };
        let _ = writeln!(out, "  {}: take {take}; {goes}", c.name);
        if c.not_every_seed {
            let _ = writeln!(out, "    nothing is taken if it would take every seed of the opponent");
        }
        for f in &c.follow_ups {
            let _ = writeln!(out, "    {}", follow_up_text(rules, f));
        }
    }

    let _ = writeln!(out, "\nend");
    let end = rules.end_rules();
    let scored = if rules.store(Player::South).is_some() {
        "ends the game, won by the player with more seeds on their side, in hand and in store"
    } else {
        "ends the game, won by the player with more seeds on their side and in hand"
    };
    match end.no_seeds {
        Some(Ending::Plain) => {
            let _ = writeln!(out, "  a player with no seeds loses (checked after every turn)");
        }
        Some(Ending::Scored) => {
            let _ = writeln!(out, "  a player with no seeds {scored} (checked after every turn)");
        }
        None => {}
    }
    if end.store_majority {
        let _ = writeln!(out, "  a store with more than half the seeds {scored} (checked after every turn)");
    }
    let blocked = match end.blocked {
        Blocked::Loses => "loses",
        Blocked::Passes => "passes",
        Blocked::Scores => scored,
    };
    let _ = writeln!(out, "  a player who cannot move {blocked}");
    let repeated = "a repeated position (counts and player to move, at turn boundaries)";
    match end.repetition {
        Some(Ending::Plain) => {
            let _ = writeln!(out, "  {repeated} is a draw");
        }
        Some(Ending::Scored) => {
            let _ = writeln!(out, "  {repeated} {scored}");
        }
        None => {}
    }
    if let Some(limit) = end.turn_limit {
        let _ = writeln!(out, "  a game that reaches {limit} turns is a draw");
    }
    let _ = writeln!(out, "  a player may resign at any turn");
    out
}

fn dump_sowing(out: &mut String, rules: &Rules, sow: &SowRules, indent: &str) {
    if let Some(d) = sow.direction {
        let _ = writeln!(out, "{indent}sowing {}", d.word());
    }
    let gap = if indent.is_empty() { "\n" } else { "" };
    let _ = writeln!(out, "{gap}{indent}choose (the first description that fits some hole is in force)");
    if sow.must_feed {
        let _ = writeln!(
            out,
            "{indent}  (an opponent with no seeds must be given some: other sowings are not allowed)"
        );
    }
    for (i, c) in sow.choices.iter().enumerate() {
        let seeds = match (c.min, c.max) {
            (lo, hi) if lo == hi => format!("{lo} seed{}", if lo == 1 { "" } else { "s" }),
            (lo, u16::MAX) => format!("{lo} or more seeds"),
            (lo, hi) => format!("{lo} to {hi} seeds"),
        };
        let mut extra = String::new();
        for (which, state) in [("next", c.next), ("previous", c.previous)] {
            match state {
                Some(HoleState::Empty) => extra.push_str(&format!(", {which} hole empty")),
                Some(HoleState::Occupied) => extra.push_str(&format!(", {which} hole occupied")),
                None => {}
            }
        }
        if let Some(m) = c.mark {
            extra.push_str(&format!(", marked {}", rules.marks()[m as usize].name));
        }
        let all = c.holes[Player::South].len() == rules.territory(Player::South).len();
        if !all {
            for player in Player::BOTH {
                let holes: Vec<String> = c.holes[player].iter().map(|&h| rules.hole_name(h)).collect();
                extra.push_str(&format!(", {player}'s {}", holes.join(" ")));
            }
        }
        let _ = writeln!(out, "{indent}  {}. {} [{seeds}{extra}]", i + 1, c.text);
    }
    let _ = writeln!(out, "{gap}{indent}after each lap (the first rule that applies)");
    for (i, rule) in sow.lap_rules.iter().enumerate() {
        let mut conditions = Vec::new();
        if rule.store {
            conditions.push("landing in the mover's store".to_string());
        }
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
        if let Some(mark) = rule.mark {
            conditions.push(format!("marked {}", rules.marks()[mark as usize].name));
        }
        for fact in &rule.facts {
            let word = |state: HoleState| if state == HoleState::Empty { "empty" } else { "occupied" };
            conditions.push(match *fact {
                Fact::Opposite(role, state) => {
                    format!("opposite {} {}", rules.row_names()[role as usize], word(state))
                }
                Fact::Next(state) => format!("next hole {}", word(state)),
                Fact::Origin(min, max) => match (min, max) {
                    (lo, hi) if lo == hi => format!("chosen hole held {lo}"),
                    (lo, u16::MAX) => format!("chosen hole held {lo} or more"),
                    (lo, hi) => format!("chosen hole held {lo} to {hi}"),
                },
                Fact::Holds(min, max) => match (min, max) {
                    (lo, hi) if lo == hi => format!("landing hole now holds {lo}"),
                    (lo, u16::MAX) => format!("landing hole now holds {lo} or more"),
                    (lo, hi) => format!("landing hole now holds {lo} to {hi}"),
                },
            });
        }
        if conditions.is_empty() {
            conditions.push("any landing".to_string());
        }
        let _ = writeln!(
            out,
            "{indent}  {}. {} -> {}",
            i + 1,
            conditions.join(", "),
            action_text(rules, rule.action)
        );
    }
    let _ = writeln!(out, "{indent}  otherwise -> {}", action_text(rules, sow.lap_otherwise));
}

fn follow_up_text(rules: &Rules, f: &FollowUp) -> String {
    let region = |r: Region| match r.role {
        None => "the opponent's territory".to_string(),
        Some(role) => format!("the opponent's {} row", rules.row_names()[role as usize]),
    };
    let condition = |c: Option<Role>| {
        c.map(|role| format!("if the opposite {} hole was taken, ", rules.row_names()[role as usize]))
            .unwrap_or_default()
    };
    match f {
        FollowUp::Strip { condition: c, optional, amount, region: r } => {
            let amount = match amount {
                Amount::AsTaken => "as many seeds as were taken".to_string(),
                Amount::Seeds(n) => format!("{n} seeds"),
            };
            let how = if *optional { "may strip" } else { "strip" };
            format!(
                "then {}{how} {amount} from {}, one seed per decision in board order",
                condition(*c),
                region(*r)
            )
        }
        FollowUp::ExtraHoles { condition: c, optional, counts, region: r, except } => {
            let counts: Vec<String> = counts.iter().map(u16::to_string).collect();
            let by =
                if counts.len() > 1 { " (by the mover's capture count, the last repeating)" } else { "" };
            let except = except
                .map(|m| format!(", except {} holes", rules.marks()[m as usize].name))
                .unwrap_or_default();
            let how = if *optional { "may take" } else { "take" };
            format!(
                "then {}{how} {} more occupied hole(s){by} from {}{except}, one hole per decision in board order",
                condition(*c),
                counts.join(", "),
                region(*r)
            )
        }
    }
}

fn filter_text(rules: &Rules, f: &HoleFilter) -> String {
    let mut words = Vec::new();
    match f.state {
        Some(HoleState::Empty) => words.push("empty".to_string()),
        Some(HoleState::Occupied) => words.push("occupied".to_string()),
        None => {}
    }
    match f.side {
        Some(Side::Own) => words.push("own".to_string()),
        Some(Side::Opponent) => words.push("opponent's".to_string()),
        None => {}
    }
    if let Some(role) = f.role {
        words.push(rules.row_names()[role as usize].clone());
    }
    if let Some(mark) = f.mark {
        words.push(rules.marks()[mark as usize].name.clone());
    }
    words.push("hole".to_string());
    format!("an {}", words.join(" "))
}

fn action_text(rules: &Rules, action: LapAction) -> String {
    match action {
        LapAction::Relay => "relay".to_string(),
        LapAction::RelayNext => "relay from the next hole".to_string(),
        LapAction::MayStop => "the mover may stop, or relay".to_string(),
        LapAction::MoveAgain => "the mover moves again".to_string(),
        LapAction::Stop => "stop".to_string(),
        LapAction::Capture(i) => format!("capture {}", rules.captures()[i as usize].name),
    }
}
