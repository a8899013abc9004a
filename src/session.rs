//! Hosting a game for people, whatever the front end (the terminal's `sow play`, the
//! browser's `sow serve`): who plays each side, teams taking turns, the record's tags, a
//! turn told in words, undo back to a person, the pending part of a turn, hints.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use crate::ai::{AgentSpec, SpecError};
use crate::engine::rules::FollowUp;
use crate::engine::{ByPlayer, Effect, Game, Hole, Move, Phase, Played, Player, Rules, SownLap, State, Turn};

/// Who makes a side's decisions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Controller {
    /// A person.
    #[default]
    Human,
    /// A computer player.
    Computer(AgentSpec),
}

impl FromStr for Controller {
    type Err = SpecError;

    /// `human` (or `you`), or a computer player as [`AgentSpec`] reads it (`easy`,
    /// `mcts:2s`, …).
    fn from_str(text: &str) -> Result<Controller, SpecError> {
        match text.trim() {
            "human" | "you" => Ok(Controller::Human),
            other => other.parse().map(Controller::Computer),
        }
    }
}

impl fmt::Display for Controller {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Controller::Human => f.write_str("human"),
            Controller::Computer(spec) => spec.fmt(f),
        }
    }
}

/// The computer's strengths offered to people, weakest first, as [`AgentSpec::level`] reads
/// them.
pub const LEVELS: [&str; 3] = ["easy", "medium", "hard"];

/// The player a hint asks: the stronger search on the game being played (alpha-beta, or
/// MCTS where the rules file says `computer mcts`), a second a decision.
pub const HINT: AgentSpec = AgentSpec::Strongest(Duration::from_secs(1));

/// The game's name, its ruleset and its parameters, for headers:
/// `Game, ruleset "x" (columns = 8)`.
pub fn describe(rules: &Rules) -> String {
    let meta = rules.meta();
    let mut out = meta.name.clone();
    if let Some(r) = &meta.ruleset {
        out.push_str(&format!(", ruleset \"{r}\""));
    }
    let params: Vec<String> = rules.params().iter().map(|p| format!("{} = {}", p.name, p.value)).collect();
    if !params.is_empty() {
        out.push_str(&format!(" ({})", params.join(", ")));
    }
    out
}

/// The tags of a game record: the game, the rules file as `record_name` names it (so that
/// the record finds them again), the ruleset, the parameters and who played each side (a
/// team's names, or the controller).
pub fn record_tags(
    rules: &Rules,
    record_name: &str,
    controllers: &ByPlayer<Controller>,
    teams: &ByPlayer<Vec<String>>,
) -> Vec<(&'static str, String)> {
    let mut tags = vec![("Game", rules.meta().name.clone()), ("Rules", record_name.to_string())];
    if let Some(r) = &rules.meta().ruleset {
        tags.push(("Ruleset", r.clone()));
    }
    let params: Vec<String> = rules.params().iter().map(|p| format!("{}={}", p.name, p.value)).collect();
    if !params.is_empty() {
        tags.push(("Params", params.join(",")));
    }
    for p in rules.players() {
        let who = match &teams[p][..] {
            [] => controllers[p].to_string(),
            names => names.join(", "),
        };
        tags.push((p.name(), who));
    }
    tags
}

/// Names in a team.
pub const MAX_TEAM: usize = 8;
/// Characters in a team member's name.
pub const MAX_NAME: usize = 40;

/// A team's names, trimmed, the empty ones left out; or why they cannot be one (a sentence
/// to follow the option or field that gave them). At most [`MAX_TEAM`] names of at most
/// [`MAX_NAME`] characters, each one line of text with a visible character, and without a
/// control that reorders or hides text (a name goes into the record, and onto terminals and
/// pages). `sow play --south-team` and `sow serve`'s API check names alike.
pub fn team_names(names: impl IntoIterator<Item = String>) -> Result<Vec<String>, String> {
    let names: Vec<String> = names.into_iter().collect();
    if names.len() > MAX_TEAM {
        return Err(format!("a team has at most {MAX_TEAM} names; {} were given", names.len()));
    }
    // A person's text quoted back: cut to a few words.
    let quote = |text: &str| match text.char_indices().nth(80) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_string(),
    };
    let mut team = Vec::new();
    for name in &names {
        let name = name.trim();
        let length = name.chars().count();
        if length > MAX_NAME {
            return Err(format!("a name has at most {MAX_NAME} characters; `{}` has {length}", quote(name)));
        }
        if name.chars().any(char::is_control) {
            return Err(format!(
                "a name is one line of text; `{}` is not",
                quote(&name.escape_debug().to_string())
            ));
        }
        if name.chars().any(crate::render::is_unsafe) {
            return Err(format!(
                "a name may not hold a control that reorders or hides text (a bidirectional override); `{}` does",
                quote(&crate::render::escape_line(name))
            ));
        }
        if !name.is_empty() && !name.chars().any(visible) {
            return Err(format!(
                "a name needs a visible character; `{}` has none",
                quote(&name.escape_unicode().to_string())
            ));
        }
        if !name.is_empty() {
            team.push(name.to_string());
        }
    }
    Ok(team)
}

/// Whether a character shows: not a space, a control, or one of the characters that are
/// drawn as nothing (zero-width spaces and joiners, the word joiner, a soft hyphen, fillers).
fn visible(c: char) -> bool {
    !c.is_whitespace()
        && !c.is_control()
        && !matches!(
            c,
            '\u{00AD}'
                | '\u{034F}'
                | '\u{115F}'
                | '\u{1160}'
                | '\u{180E}'
                | '\u{200B}'..='\u{200F}'
                | '\u{2060}'..='\u{2064}'
                | '\u{3164}'
                | '\u{FEFF}'
                | '\u{FFA0}'
        )
}

/// Who of a team plays the turn with index `turn_index` (from 0) of the game: a side's own
/// turns alternate with the other side's, and its members take them in order.
pub fn team_member(teams: &ByPlayer<Vec<String>>, turn_index: usize, player: Player) -> Option<&str> {
    let names = &teams[player];
    (!names.is_empty()).then(|| names[(turn_index / 2) % names.len()].as_str())
}

/// The index (from 0) of the turn the player to move is playing: a new one, or the last
/// recorded one if they have played part of it already (the picks of a capture are owed, or
/// they move again).
pub fn turn_index(game: &Game<'_>) -> usize {
    let started =
        game.outcome().is_none() && game.turns().last().is_some_and(|t| t.player == game.state().to_move());
    game.turns().len() - usize::from(started)
}

/// What the player to move still owes in the turn under way, in words (`take 3 seeds from
/// North's side`, `stop at b3 or relay`); `None` at the start of a turn.
pub fn pending(rules: &Rules, state: &State) -> Option<String> {
    let me = state.to_move();
    match state.phase() {
        Phase::Sow => None,
        Phase::Offer(by) => Some(format!("answer {by}'s offer to end the game: agree or refuse")),
        Phase::Lot(_) => Some("wait for the lot drawn for the last hole of the next round".to_string()),
        Phase::FirstLot => Some("wait for the lot drawn for the first player".to_string()),
        Phase::LapChoice(c) if c.through => {
            Some(format!("relay from {} past the side store, or through it (relay+)", rules.hole_name(c.at)))
        }
        Phase::LapChoice(c) if c.turn => {
            Some(format!("relay from {} or turn the next lap", rules.hole_name(c.at)))
        }
        Phase::LapChoice(c) if c.capture > 0 => Some(format!(
            "choose the capture the sowing ended at {} makes (type the first hole it takes)",
            rules.hole_name(c.at)
        )),
        Phase::LapChoice(c) => Some(format!("stop at {} or relay", rules.hole_name(c.at))),
        Phase::EndChoice(c) => {
            Some(format!("choose the row end to sow the capture at {} from", rules.hole_name(c.at)))
        }
        Phase::PutChoice(c) => Some(format!(
            "choose the hole the {} taken by the capture at {} go into (type its name)",
            match c.taken {
                1 => "seed".to_string(),
                n => format!("{n} seeds"),
            },
            rules.hole_name(c.at)
        )),
        Phase::Lift(c) if c.hand => Some(format!(
            "choose how many of the {} seeds of your hand to sow (type the number)",
            state.hand()[me]
        )),
        Phase::Lift(c) => Some(format!(
            "choose how many of the {} seeds of {} to lift (type the number)",
            state.count(c.hole),
            rules.hole_name(c.hole)
        )),
        Phase::Step(p) => Some(format!(
            "sow the next of {} seeds from {} into a neighbouring hole",
            p.hand,
            rules.hole_name(p.at)
        )),
        Phase::Pick(p) => {
            let follow_up = &rules.captures()[p.capture as usize].follow_ups[p.step as usize];
            let unit = match follow_up {
                FollowUp::Strip { .. } => "seed",
                FollowUp::ExtraHoles { .. } => "hole",
            };
            let plural = if p.remaining == 1 { "" } else { "s" };
            Some(format!("take {} {unit}{plural} from {}'s side", p.remaining, me.other()))
        }
    }
}

/// What a turn (or part of one) did, in words: `South sows b3: 2 laps, 7 seeds sown, the
/// last in b8; captures 4 from c8; takes d1, d1.` A sowing followed by another of the same
/// player moved again, and says so: `…, the last in South's store; South moves again.`
/// `laps` are each decision's laps ([`Rules::sowing_laps`]; empty where not known): where a
/// capture's seeds are sown on, they are told apart (`captures 3 from c7 and 3 from d7; the
/// captured seeds are sown on from b3: 1 lap, 6 seeds, the last in b2`). This is one decision,
/// `mv`, played from `before` to `after`.
pub fn narrate(
    rules: &Rules,
    (before, after): (&State, &State),
    mv: Move,
    effect: &Effect,
    laps: &[SownLap],
) -> String {
    let changed = [changes(rules, before, after, &told_marks(laps))];
    if let (Move::Lift(_), Phase::Lift(c)) = (mv, before.phase()) {
        // A count is told with the hole it lifts from (or the hand), chosen just before.
        let moves = [if c.hand { Move::SowHand } else { Move::Sow(c.hole) }, mv];
        let effects = [Effect::default(), effect.clone()];
        let movers = [before.to_move(); 2];
        let decision = (
            &moves[..],
            &effects[..],
            &[false, false][..],
            &[None, None][..],
            &[false, false][..],
            &movers[..],
        );
        let changed = [None, changed[0].clone()];
        return narrate_with(
            rules,
            before.to_move(),
            decision,
            &[Vec::new(), laps.to_vec()],
            &[false; 2],
            &[],
            &changed,
        );
    }
    let placing = [rules.places_from_hand(before, mv)];
    let puts = [put_taken(before, mv)];
    let chosen = [chose_capture(before, mv)];
    let movers = [before.to_move()];
    let decision = (
        std::slice::from_ref(&mv),
        std::slice::from_ref(effect),
        &placing[..],
        &puts[..],
        &chosen[..],
        &movers[..],
    );
    narrate_with(rules, before.to_move(), decision, &[laps.to_vec()], &[false], &[], &changed)
}

/// Whether decision `mv` from `state` chooses among captures (`capture a or capture b`), by
/// the first hole the capture takes.
fn chose_capture(state: &State, mv: Move) -> bool {
    matches!((state.phase(), mv), (Phase::LapChoice(c), Move::Pick(_) | Move::Stop) if c.capture > 0)
}

/// Where decision `mv` from `state` is the hole a capture's seeds go into, the seeds it takes.
fn put_taken(state: &State, mv: Move) -> Option<u16> {
    match (state.phase(), mv) {
        (Phase::PutChoice(c), Move::Sow(_)) => Some(c.taken),
        _ => None,
    }
}

/// The holes a decision played from `before` gave a new owner or one of the file's marks,
/// in words: `b2 becomes South's; b2 becomes a won hole`. Nothing where holes belong by the
/// colour of their seeds (every sowing changes them), nor where a new round began (the round's
/// news tells it).
///
/// The marks in `told` (by the mark's index) were told where a capture set them, with the
/// laps ([`told_marks`]): they are not told again.
pub fn changes(rules: &Rules, before: &State, after: &State, told_before: &[(u8, Hole)]) -> Option<String> {
    if after.round() != before.round() {
        return None;
    }
    let mut told = Vec::new();
    let names = |holes: &[Hole]| holes.iter().map(|&h| rules.hole_name(h)).collect::<Vec<_>>().join(" and ");
    let verb = |holes: &[Hole]| if holes.len() == 1 { "becomes" } else { "become" };
    if rules.colours() && !rules.seed_colours {
        for p in rules.players() {
            let won: Vec<Hole> = (rules.all_holes())
                .filter(|&h| rules.holder(after, h) == Some(p) && rules.holder(before, h) != Some(p))
                .collect();
            if !won.is_empty() {
                told.push(format!("{} {} {p}'s", names(&won), verb(&won)));
            }
        }
    }
    let marked: Vec<(u8, Hole)> = (0..rules.model().marks.len() as u8)
        .flat_map(|m| rules.all_holes().map(move |h| (m, h)))
        .filter(|&(m, h)| after.is_marked(m, h) && !before.is_marked(m, h) && !told_before.contains(&(m, h)))
        .collect();
    told.extend(marked_words(rules, &marked));
    (!told.is_empty()).then(|| told.join("; "))
}

/// The holes that took a mark, in words, mark by mark: `a4 becomes a covered hole; b1 and b2
/// become won holes`.
fn marked_words(rules: &Rules, marked: &[(u8, Hole)]) -> Option<String> {
    let names = |holes: &[Hole]| holes.iter().map(|&h| rules.hole_name(h)).collect::<Vec<_>>().join(" and ");
    let mut told = Vec::new();
    for (m, mark) in rules.model().marks.iter().enumerate() {
        let holes: Vec<Hole> =
            marked.iter().filter(|&&(k, _)| usize::from(k) == m).map(|&(_, h)| h).collect();
        match holes.len() {
            0 => {}
            1 => told.push(format!("{} becomes a {} hole", names(&holes), mark.name)),
            _ => told.push(format!("{} become {} holes", names(&holes), mark.name)),
        }
    }
    (!told.is_empty()).then(|| told.join("; "))
}

/// The marks told with the laps that sow captured seeds on (see [`resown_words`]): those the
/// capture before each such lap set.
pub fn told_marks(laps: &[SownLap]) -> Vec<(u8, Hole)> {
    laps.iter().filter(|l| l.captured).flat_map(|l| l.marked.iter().copied()).collect()
}

/// [`narrate`] for decisions as [`Game::play_part`] returns them, `after` being the position
/// after the last: it also tells when the last sowing gives the player another move.
pub fn narrate_played(rules: &Rules, played: &[Played], after: &State) -> String {
    let Some(first) = played.first() else { return String::new() };
    if let (Phase::FirstLot, Move::Lot(p)) = (first.before.phase(), first.mv) {
        // The lot that starts the game, then whatever was played after it.
        let lot = format!("The lot for the first move falls to {p}: {p} moves first.");
        return match narrate_played(rules, &played[1..], after) {
            rest if rest.is_empty() => lot,
            rest => format!("{lot} {rest}"),
        };
    }
    let me = first.before.to_move();
    let moves: Vec<Move> = played.iter().map(|p| p.mv).collect();
    let effects: Vec<Effect> = played.iter().map(|p| p.effect.clone()).collect();
    let next = |i: usize| played.get(i + 1).map_or(after, |p| &p.before);
    // A round that ends within the turn (a sowing that earns another move empties the board)
    // is told where it ends: the decisions after it belong to the next round.
    let news: Vec<Option<String>> =
        (0..played.len()).map(|i| round_news(rules, &played[i].before, next(i))).collect();
    let again: Vec<bool> = (0..played.len())
        .map(|i| {
            played[i].effect.turn_over
                && next(i).outcome().is_none()
                && next(i).to_move() == me
                && next(i).turn() != played[i].before.turn()
        })
        .collect();
    let laps: Vec<Vec<SownLap>> = played.iter().map(|p| rules.sowing_laps(&p.before, p.mv)).collect();
    let placing: Vec<bool> = played.iter().map(|p| rules.places_from_hand(&p.before, p.mv)).collect();
    let mut puts: Vec<Option<u16>> = played.iter().map(|p| put_taken(&p.before, p.mv)).collect();
    let mut chosen: Vec<bool> = played.iter().map(|p| chose_capture(&p.before, p.mv)).collect();
    let mut movers: Vec<Player> = played.iter().map(|p| p.before.to_move()).collect();
    let changed: Vec<Option<String>> = (0..played.len())
        .map(|i| changes(rules, &played[i].before, next(i), &told_marks(&laps[i])))
        .collect();
    let (mut moves, mut effects, mut placing, mut laps) = (moves, effects, placing, laps);
    let (mut again, mut news, mut changed) = (again, news, changed);
    if let (Move::Lift(_), Phase::Lift(c)) = (first.mv, first.before.phase()) {
        // A count played apart from its hole (or hand) is told with it, chosen just before.
        moves.insert(0, if c.hand { Move::SowHand } else { Move::Sow(c.hole) });
        effects.insert(0, Effect::default());
        placing.insert(0, false);
        puts.insert(0, None);
        chosen.insert(0, false);
        movers.insert(0, first.before.to_move());
        laps.insert(0, Vec::new());
        again.insert(0, false);
        news.insert(0, None);
        changed.insert(0, None);
    }
    let told = narrate_with(
        rules,
        me,
        (&moves, &effects, &placing, &puts, &chosen, &movers),
        &laps,
        &again,
        &news,
        &changed,
    );
    match first.before.outcome().map_or_else(|| unplayable_round(rules, after), |_| None) {
        Some(news) => format!("{told} {news}"),
        None => told,
    }
}

/// In a game of rounds that ended because the next round could not be played, why the game
/// is over: `No one can play round 3: filled, it would leave its first player without a move,
/// so the game ends as round 2 did.`
pub fn unplayable_round(rules: &Rules, after: &State) -> Option<String> {
    if !rules.next_round_unplayable(after) {
        return None;
    }
    let made = match rules.end_rules().rounds.and_then(|r| r.refill) {
        Some(_) => "filled",
        None => "set up",
    };
    Some(format!(
        "No one can play round {}: {made}, it would leave its first player without a move, so the game ends as round {} did.",
        after.round() + 2,
        after.round() + 1
    ))
}

/// Where rounds score points, the points so far, in words: `Points: South 12, North 0.`
pub fn points_words(rules: &Rules, state: &State) -> Option<String> {
    rules.end_rules().rounds?.points?;
    let each: Vec<String> = rules.players().map(|p| format!("{p} {}", state.points(p))).collect();
    Some(format!("Points: {}.", each.join(", ")))
}

/// Where a player went past an opening that only the first player plays, matching their
/// arrangement (`, the other matching their arrangement`) since `before`, in words: `North
/// matches South's arrangement, hole for facing hole, and keeps 1 seed in hand.`
fn matched_news(rules: &Rules, before: &State, after: &State) -> Option<String> {
    if after.round() != before.round() {
        return None;
    }
    let first = after.first;
    // Only where the opening is played this round: in the others every player goes past it
    // and no one matches (blind test 37, fault 1).
    let p = rules.players().find(|&p| {
        let phase = &rules.model().phases[usize::from(before.phase_of[p])];
        p != first
            && after.phase_of[p] > before.phase_of[p]
            && phase.first_matched
            && phase.rounds.plays(after.round() as u16)
    })?;
    let kept = match rules.store(p) {
        Some(store) => (after.count(store), "in their store"),
        None => (after.hand()[p], "in hand"),
    };
    let seeds = if kept.0 == 1 { "seed" } else { "seeds" };
    Some(format!(
        "{p} matches {first}'s arrangement, hole for facing hole, and keeps {} {seeds} {}.",
        kept.0, kept.1
    ))
}

/// In a game of rounds, what a new round started since `before` is, in words: `The round is
/// over: round 2 begins with South's 6 holes filled and North's 4; North moves first.` Where
/// an end rule gives each player one more turn, that their count has begun.
pub fn round_news(rules: &Rules, before: &State, after: &State) -> Option<String> {
    if let Some(matched) = matched_news(rules, before, after) {
        return Some(matched);
    }
    if before.last_turns() == 0 && after.last_turns() > 0 && after.outcome().is_none() {
        return Some(format!(
            "The game is ending: each player plays one more turn, {} first, then the score decides.",
            after.to_move()
        ));
    }
    if matches!(after.phase(), Phase::Lot(_)) && !matches!(before.phase(), Phase::Lot(_)) {
        return Some(
            "The round is over: no player has seeds enough left over for the last hole, so lots are drawn for it."
                .to_string(),
        );
    }
    if after.round() == before.round() || after.outcome().is_some() {
        return None;
    }
    let rounds = rules.end_rules().rounds?;
    let points = points_words(rules, after).map(|p| format!(" {p}")).unwrap_or_default();
    if rounds.refill.is_none() {
        return Some(format!(
            "The round is over: round {} begins as the game did; {} moves first.{points}",
            after.round() + 1,
            after.to_move()
        ));
    }
    let filled: Vec<String> = rules
        .players()
        .map(|p| {
            let n = rules
                .all_holes()
                .filter(|&h| rules.holder(after, h) == Some(p) && after.count(h) > 0)
                .count();
            let holes = if n == 1 { "hole" } else { "holes" };
            format!("{p}'s {n} {holes}")
        })
        .collect();
    let (last, rest) = filled.split_last()?;
    Some(format!(
        "The round is over: round {} begins with {} and {last} filled; {} moves first.{points}",
        after.round() + 1,
        rest.join(", "),
        after.to_move()
    ))
}

/// Laps sown, in words: `2 laps, 7 seeds sown, the last in b8`.
fn lap_words(rules: &Rules, laps: u32, sown: u32, last: Option<Hole>) -> String {
    let laps = if laps == 1 { "1 lap".to_string() } else { format!("{laps} laps") };
    let sown = if sown == 1 { "1 seed".to_string() } else { format!("{sown} seeds") };
    let last = last.map(|l| rules.hole_name(l)).unwrap_or_default();
    format!("{laps}, {sown} sown, the last in {last}")
}

/// [`lap_words`] for traced laps.
fn trace_words(rules: &Rules, laps: &[SownLap]) -> String {
    let sown: usize = laps.iter().map(|l| l.drops.len()).sum();
    let last = laps.last().and_then(|l| l.drops.last()).copied();
    lap_words(rules, laps.len() as u32, sown as u32, last)
}

/// What a decision took, in words: `4 from c8 and 1 from d1`; seeds that went to another
/// player than the mover (`given`: a capture whose seeds go to their owner) are told so, `4
/// from b6 for North`, each player's together, the mover's first: `3 from a1, and 3 from b4
/// and 3 from b5 for North` (blind test 28: `3 from a1 and 3 from b4 for North` read as if
/// a1's seeds were North's too).
fn taken_words(rules: &Rules, taken: &[(Hole, u16)], given: &[(Hole, Player)]) -> String {
    let to = |hole: Hole| given.iter().find(|&&(h, _)| h == hole).map(|&(_, p)| p);
    let mut groups: Vec<(Option<Player>, Vec<String>)> = Vec::new();
    for &(hole, n) in taken {
        let words = format!("{n} from {}", rules.hole_name(hole));
        match groups.iter_mut().find(|(p, _)| *p == to(hole)) {
            Some((_, list)) => list.push(words),
            None => groups.push((to(hole), vec![words])),
        }
    }
    groups.sort_by_key(|(p, _)| p.is_some());
    let told: Vec<String> = (groups.into_iter())
        .map(|(p, list)| match p {
            Some(p) => format!("{} for {p}", list.join(" and ")),
            None => list.join(" and "),
        })
        .collect();
    told.join(", and ")
}

/// What the choice of hole `h` for a capture's `n` taken seeds did, after `captures`: ` 4 from
/// c6 and puts the 4 taken seeds into b8`, then where they (or a relay after them) were sown
/// on, `trace` being the decision's laps, and what later captures took.
fn put_words(rules: &Rules, h: Hole, n: u16, effect: &Effect, trace: &[SownLap]) -> String {
    let given = &effect.given;
    // The capture the choice makes took the first holes told, `n` seeds in all.
    let mut sum = 0u16;
    let k = effect
        .taken
        .iter()
        .take_while(|&&(_, m)| {
            let more = sum < n;
            sum = sum.saturating_add(m);
            more
        })
        .count();
    let (first, later) = effect.taken.split_at(k);
    let seeds = if n == 1 { "the taken seed".to_string() } else { format!("the {n} taken seeds") };
    let mut told =
        format!(" {} and puts {seeds} into {}", taken_words(rules, first, given), rules.hole_name(h));
    let mut laps = trace.to_vec();
    match laps.first_mut() {
        // Sown on from that hole: the capture is told.
        Some(lap) if lap.captured => {
            lap.taken.clear();
            told.push_str(&resown_words(rules, &laps, later, given));
        }
        // A relay after the capture.
        Some(lap) => {
            let from = lap.from;
            let k = laps.iter().position(|l| l.captured).unwrap_or(laps.len());
            let (relayed, resown) = laps.split_at(k);
            told.push_str(&format!(
                "; relays from {}: {}",
                rules.hole_name(from),
                trace_words(rules, relayed)
            ));
            told.push_str(&resown_words(rules, resown, later, given));
        }
        None if !later.is_empty() => {
            told.push_str(&format!("; captures {}", taken_words(rules, later, given)))
        }
        None => {}
    }
    told
}

/// What the captures of a sowing took and where their seeds were sown on, in the order played,
/// `resown` being its laps from the first that sows captured seeds on: `; captures 1 from c6
/// and 3 from d6; the captured seeds are sown on from b6: 1 lap, …; captures …`. Captures not
/// sown on (the last, often) are told last; all at once where the laps do not say which
/// capture they sow.
fn resown_words(
    rules: &Rules,
    resown: &[SownLap],
    taken: &[(Hole, u16)],
    given: &[(Hole, Player)],
) -> String {
    let mut told = String::new();
    let mut left = taken.to_vec();
    if resown.iter().all(|l| l.taken.is_empty()) {
        if !taken.is_empty() {
            told.push_str(&format!("; captures {}", taken_words(rules, taken, given)));
        }
        if let Some(marked) = marked_words(rules, &told_marks(resown)) {
            told.push_str(&format!("; {marked}"));
        }
        if let Some(first) = resown.first() {
            told.push_str(&format!(
                "; the captured seeds are sown on from {}: {}",
                rules.hole_name(first.from),
                trace_words(rules, resown)
            ));
        }
        return told;
    }
    // Each stretch of laps from one that sows a capture's seeds on to the next.
    let starts: Vec<usize> = (0..resown.len()).filter(|&k| resown[k].captured).collect();
    for (j, &start) in starts.iter().enumerate() {
        let end = starts.get(j + 1).copied().unwrap_or(resown.len());
        let lap = &resown[start];
        if !lap.taken.is_empty() {
            told.push_str(&format!("; captures {}", taken_words(rules, &lap.taken, given)));
        }
        // What the capture marked, before its seeds are sown on (blind test 19, fault 4).
        if let Some(marked) = marked_words(rules, &lap.marked) {
            told.push_str(&format!("; {marked}"));
        }
        for took in &lap.taken {
            if let Some(k) = left.iter().position(|t| t == took) {
                left.remove(k);
            }
        }
        told.push_str(&format!(
            "; the captured seeds are sown on from {}: {}",
            rules.hole_name(lap.from),
            trace_words(rules, &resown[start..end])
        ));
    }
    if !left.is_empty() {
        told.push_str(&format!("; captures {}", taken_words(rules, &left, given)));
    }
    told
}

/// Decisions to tell: each with its effect, whether it began by putting a seed from the hand
/// into the chosen hole, and, for the choice of the hole a capture's seeds go into, the seeds
/// it takes, and whether it chose among captures.
type Decisions<'a> = (&'a [Move], &'a [Effect], &'a [bool], &'a [Option<u16>], &'a [bool], &'a [Player]);

/// The narration of decisions `moves` (with their effects, whether each began by putting a
/// seed from the hand into the chosen hole, and, for the choice of the hole a capture's seeds
/// go into, the seeds it takes) and their `laps`, `again[i]` saying whether
/// decision `i` ended a turn after which the same player moves again, `news[i]` what new round
/// it started (told instead), `changes[i]` the holes it gave a new owner or mark.
fn narrate_with(
    rules: &Rules,
    me: Player,
    (moves, effects, placing, puts, chosen, movers): Decisions<'_>,
    laps: &[Vec<SownLap>],
    again: &[bool],
    news: &[Option<String>],
    changes: &[Option<String>],
) -> String {
    let mut sentences = Vec::new();
    let mut parts: Vec<String> = Vec::new();
    let mut picks: Vec<String> = Vec::new();
    let flush_picks = |parts: &mut Vec<String>, picks: &mut Vec<String>| {
        if !picks.is_empty() {
            let who = if parts.is_empty() { format!("{me} takes") } else { "takes".to_string() };
            parts.push(format!("{who} {}", picks.join(", ")));
            picks.clear();
        }
    };
    // Where each seed goes into a neighbouring hole the mover chooses: the holes sown into,
    // told as one run (`South lifts a1 and sows into a2, b2, b1`).
    let mut into: Vec<String> = Vec::new();
    let flush_into = |parts: &mut Vec<String>, into: &mut Vec<String>| {
        if !into.is_empty() {
            let list = into.join(", ");
            let lifted = parts.last().is_some_and(|last| last.starts_with(&format!("{me} lifts")));
            match parts.last_mut() {
                Some(last) if lifted => last.push_str(&format!(" and sows into {list}")),
                Some(_) => parts.push(format!("sows into {list}")),
                None => parts.push(format!("{me} sows into {list}")),
            }
            into.clear();
        }
    };
    // Where the mover chooses how many seeds to lift, the hole is told with the count.
    let lifts = rules.decision_kinds().lift;
    for (i, (&mv, effect)) in moves.iter().zip(effects).enumerate() {
        let chose = chosen.get(i).copied().unwrap_or(false);
        if chose || !matches!(mv, Move::Pick(_) | Move::Stop) {
            flush_picks(&mut parts, &mut picks);
        }
        let chosen_hole = match mv {
            Move::Sow(h) | Move::SowDirection(h, _) | Move::SowThrough(h) => Some(h),
            _ => None,
        };
        if let Some(h) = chosen_hole
            && lifts
            && effect.laps == 0
            && effect.sown == 0
            && effect.taken.is_empty()
            && !placing[i]
        {
            // The count follows (`South lifts 4 seeds of b3 …`), or is still to be chosen.
            if !matches!(moves.get(i + 1), Some(Move::Lift(_))) {
                parts.push(format!("{me} chooses {}", rules.hole_name(h)));
            }
            continue;
        }
        if !(rules.sows_by_path() && matches!(mv, Move::Sow(_)) && effect.sown > 0) {
            flush_into(&mut parts, &mut into);
        }
        match mv {
            Move::Sow(h) if let Some(n) = puts.get(i).copied().flatten() => {
                let who = if parts.is_empty() { format!("{me} captures") } else { "captures".to_string() };
                let trace = laps.get(i).map_or(&[][..], Vec::as_slice);
                parts.push(format!("{who}{}", put_words(rules, h, n, effect, trace)));
            }
            Move::Sow(h) if rules.sows_by_path() && effect.sown == 0 => {
                parts.push(format!("{me} lifts {}", rules.hole_name(h)));
            }
            Move::Sow(h) if rules.sows_by_path() => {
                into.push(rules.hole_name(h));
                if !effect.taken.is_empty() {
                    flush_into(&mut parts, &mut into);
                    parts.push(format!("captures {}", taken_words(rules, &effect.taken, &effect.given)));
                }
            }
            // A seed put from the hand into the chosen hole, with no lap sown (yet): told as what
            // it is, not as a sowing of no seeds.
            Move::Sow(h) if effect.laps == 0 && effect.sown == 0 && placing[i] => {
                let mut s = format!("{me} puts a seed from hand into {}", rules.hole_name(h));
                if !effect.taken.is_empty() {
                    s.push_str(&format!(
                        " and captures {}",
                        taken_words(rules, &effect.taken, &effect.given)
                    ));
                }
                parts.push(s);
            }
            Move::Sow(h) | Move::SowDirection(h, _) | Move::SowThrough(h) => {
                // The laps before a capture's seeds are sown on, and those after (a decision
                // that sows captured seeds from the first, such as a row end chosen for
                // them, is told as its sowing).
                let trace = laps.get(i).map_or(&[][..], Vec::as_slice);
                let (sown, resown) = match trace.iter().position(|l| l.captured) {
                    Some(k) if k > 0 => trace.split_at(k),
                    _ => (trace, &[][..]),
                };
                // A seed put from the hand first, then the hole sown.
                let verb = if placing[i] { "puts a seed from hand into" } else { "sows" };
                let then = if placing[i] { " and sows it" } else { "" };
                let mut s = match (sown, resown.is_empty()) {
                    ([], true) => format!(
                        "{me} {verb} {}{then}: {}",
                        rules.hole_name(h),
                        lap_words(rules, effect.laps, effect.sown, effect.last)
                    ),
                    _ => format!("{me} {verb} {}{then}: {}", rules.hole_name(h), trace_words(rules, sown)),
                };
                s.push_str(&resown_words(rules, resown, &effect.taken, &effect.given));
                parts.push(s);
            }
            Move::Lift(k) => {
                // The hole chosen just before, or the hand.
                let hand = matches!(i.checked_sub(1).map(|j| moves[j]), Some(Move::SowHand));
                let hole = match i.checked_sub(1).map(|j| moves[j]) {
                    Some(Move::Sow(h) | Move::SowDirection(h, _) | Move::SowThrough(h)) => rules.hole_name(h),
                    _ if hand => "their hand".to_string(),
                    _ => "the chosen hole".to_string(),
                };
                let trace = laps.get(i).map_or(&[][..], Vec::as_slice);
                let (sown, resown) = match trace.iter().position(|l| l.captured) {
                    Some(k) if k > 0 => trace.split_at(k),
                    _ => (trace, &[][..]),
                };
                let told = match (sown, resown.is_empty()) {
                    ([], true) => lap_words(rules, effect.laps, effect.sown, effect.last),
                    _ => trace_words(rules, sown),
                };
                let seeds = if k == 1 { "1 seed".to_string() } else { format!("{k} seeds") };
                let them = if k == 1 { "it" } else { "them" };
                let mut s = match hand {
                    true => format!("{me} sows {seeds} of {hole}: {told}"),
                    false => format!("{me} lifts {seeds} of {hole} and sows {them}: {told}"),
                };
                s.push_str(&resown_words(rules, resown, &effect.taken, &effect.given));
                parts.push(s);
            }
            // A capture chosen among several: told as the capture it is, its seeds sown on
            // where they are.
            Move::Pick(h) if chose => {
                let trace = laps.get(i).map_or(&[][..], Vec::as_slice);
                let resown = &trace[trace.iter().position(|l| l.captured).unwrap_or(trace.len())..];
                let subject = if parts.is_empty() { format!("{me} ") } else { String::new() };
                parts.push(match resown.is_empty() {
                    true => format!("{subject}captures {}", taken_words(rules, &effect.taken, &effect.given)),
                    false => format!(
                        "{subject}chooses {}{}",
                        rules.hole_name(h),
                        resown_words(rules, resown, &effect.taken, &effect.given)
                    ),
                });
            }
            // No capture chosen where the rules let the mover take nothing (`… or stop`: blind
            // test 37, fault 2, was told "takes stop").
            Move::Stop if chose => {
                let subject = if parts.is_empty() { format!("{me} ") } else { String::new() };
                parts.push(format!("{subject}takes nothing"));
            }
            Move::Pick(h) => picks.push(rules.hole_name(h)),
            Move::Stop => picks.push("stop".to_string()),
            // The lap a relay chosen at a pause sows, and what it captures (blind test 30,
            // fault 3: told as "relays on" alone).
            Move::Relay => {
                let trace = laps.get(i).map_or(&[][..], Vec::as_slice);
                let (sown, resown) = match trace.iter().position(|l| l.captured) {
                    Some(k) if k > 0 => trace.split_at(k),
                    _ => (trace, &[][..]),
                };
                let mut s = match (sown, resown.is_empty()) {
                    ([], true) if effect.laps == 0 => format!("{me} relays on"),
                    ([], true) => {
                        format!("{me} relays on: {}", lap_words(rules, effect.laps, effect.sown, effect.last))
                    }
                    _ => format!("{me} relays on: {}", trace_words(rules, sown)),
                };
                s.push_str(&resown_words(rules, resown, &effect.taken, &effect.given));
                parts.push(s);
            }
            Move::Transfer(a, b) => {
                parts.push(format!("{me} moves seeds from {} to {}", rules.hole_name(a), rules.hole_name(b)))
            }
            Move::Mark(h) => parts.push(format!("{me} marks {}", rules.hole_name(h))),
            Move::Empty(h) => parts.push(format!("{me} empties {}", rules.hole_name(h))),
            Move::Pass => parts.push(format!("{me} passes")),
            Move::Swap => parts.push(format!("{me} swaps sides: the board is turned round")),
            Move::Offer => parts.push(format!("{me} offers to end the game")),
            // The player answering an offer is the one to move at the answer: round the table
            // from the offering player, past any who have dropped out.
            Move::Agree => parts.push(format!("{} agrees", movers[i])),
            Move::Refuse => parts.push(format!("{} refuses: the game goes on", movers[i])),
            Move::Lot(p) => parts.push(format!("The lot for the last hole falls to {p}")),
            Move::Enter => parts.push(format!("{me} puts a seed from hand into each of their holes")),
            // The count follows (`South sows 4 seeds of their hand …`), or is still to be chosen.
            Move::SowHand if effect.laps == 0 && effect.sown == 0 => {
                if !matches!(moves.get(i + 1), Some(Move::Lift(_))) {
                    parts.push(format!("{me} chooses their hand"));
                }
            }
            Move::SowHand => {
                let trace = laps.get(i).map_or(&[][..], Vec::as_slice);
                let told = match trace {
                    [] => lap_words(rules, effect.laps, effect.sown, effect.last),
                    _ => trace_words(rules, trace),
                };
                let mut s = format!("{me} sows the seeds of their hand: {told}");
                if !effect.taken.is_empty() {
                    s.push_str(&format!("; captures {}", taken_words(rules, &effect.taken, &effect.given)));
                }
                parts.push(s);
            }
        }
        // Seeds a lap rule moved on from the landing hole.
        if let Some(last) = parts.last_mut() {
            for &(from, to, n) in &effect.moved {
                let seeds = if n == 1 { "1 seed".to_string() } else { format!("{n} seeds") };
                last.push_str(&format!(
                    "; moves {seeds} from {} into {}",
                    rules.hole_name(from),
                    rules.hole_name(to)
                ));
            }
        }
        // A hole marked by the decision itself is told by it.
        if let Some(Some(changed)) = changes.get(i).filter(|_| !matches!(mv, Move::Mark(_))) {
            flush_into(&mut parts, &mut into);
            parts.push(changed.clone());
        }
        let round = news.get(i).and_then(Option::as_deref);
        if round.is_some() || again.get(i).copied().unwrap_or(false) {
            flush_into(&mut parts, &mut into);
            flush_picks(&mut parts, &mut picks);
            if round.is_none() {
                parts.push(format!("{me} moves again"));
            }
            if !parts.is_empty() {
                sentences.push(format!("{}.", parts.join("; ")));
            }
            parts.clear();
            sentences.extend(round.map(str::to_string));
        }
    }
    flush_into(&mut parts, &mut into);
    flush_picks(&mut parts, &mut picks);
    if !parts.is_empty() {
        sentences.push(format!("{}.", parts.join("; ")));
    }
    sentences.join(" ")
}

/// What an undo took back, `turns` being the turns undone in the order played: `Took back
/// South's b3 x d1 d1 and North's c5.`
pub fn took_back(rules: &Rules, turns: &[Turn]) -> String {
    let parts: Vec<String> =
        turns.iter().map(|t| format!("{}'s {}", t.player, rules.turn_text(&t.moves))).collect();
    match parts.as_slice() {
        [] => "Nothing was taken back.".to_string(),
        [one] => format!("Took back {one}."),
        [rest @ .., last] => format!("Took back {} and {last}.", rest.join(", ")),
    }
}

/// A computer player's account of its choice (`Agent::report`), for people: long numbers
/// grouped by thousands (`78,848 playouts in 0.52 s; the choice was settled early; …`).
pub fn readable_report(report: &str) -> String {
    group_thousands(report)
}

/// Numbers of four digits or more written with thousands separators (`78848` → `78,848`);
/// decimals are left alone.
fn group_thousands(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_ascii_digit() && (i == 0 || !(chars[i - 1].is_ascii_digit() || chars[i - 1] == '.')) {
            let start = i;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            let digits: String = chars[start..i].iter().collect();
            if digits.len() >= 4 {
                for (k, c) in digits.chars().enumerate() {
                    if k > 0 && (digits.len() - k).is_multiple_of(3) {
                        out.push(',');
                    }
                    out.push(c);
                }
            } else {
                out.push_str(&digits);
            }
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    out
}

/// The holes a turn touched directly (its origin and picks), to mark on the board.
pub fn touched(moves: &[Move]) -> Vec<Hole> {
    moves
        .iter()
        .filter_map(|m| match m {
            Move::Sow(h) | Move::SowDirection(h, _) | Move::Pick(h) | Move::Mark(h) | Move::Empty(h) => {
                Some(*h)
            }
            Move::Transfer(a, _) => Some(*a),
            _ => None,
        })
        .collect()
}

/// Undo turns until a person is at the start of a turn again (at least one turn). Returns
/// false if there was nothing to undo.
pub fn undo_to_human(game: &mut Game<'_>, controllers: &ByPlayer<Controller>) -> bool {
    if !game.undo() {
        return false;
    }
    while controllers[game.state().to_move()] != Controller::Human {
        if !game.undo() {
            break;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controllers_read_and_print_back() {
        assert_eq!("you".parse::<Controller>().unwrap(), Controller::Human);
        assert_eq!("hard".parse::<Controller>().unwrap().to_string(), "strongest:2s");
        assert!("wizard".parse::<Controller>().is_err());
    }

    /// The search's report as people read it: numbers grouped by thousands, decimals and
    /// short numbers left alone.
    #[test]
    fn reports_read_well() {
        assert_eq!(
            readable_report(
                "78848 playouts in 0.52 s; the choice was settled early; the move chosen won 61% of its 41234 tries"
            ),
            "78,848 playouts in 0.52 s; the choice was settled early; the move chosen won 61% of its 41,234 tries"
        );
        assert_eq!(
            readable_report("depth 11, +1.50 seeds, 1234567 positions in 0.75 s"),
            "depth 11, +1.50 seeds, 1,234,567 positions in 0.75 s"
        );
        assert_eq!(readable_report("the only legal decision"), "the only legal decision");
    }

    #[test]
    fn team_members_take_their_side_s_turns_in_order() {
        let teams = ByPlayer::pair(vec!["Ama".to_string(), "Kofi".to_string()], Vec::new());
        let south: Vec<_> = [0, 2, 4].iter().map(|&i| team_member(&teams, i, Player::South)).collect();
        assert_eq!(south, [Some("Ama"), Some("Kofi"), Some("Ama")]);
        assert_eq!(team_member(&teams, 1, Player::North), None);
    }
}
