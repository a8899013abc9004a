//! What the API answers, as JSON: the catalogue of rules files, a game's view, and the
//! decisions just played with their sowings lap by lap.

use serde::Serialize;

use crate::ai::AgentSpec;
use crate::engine::rules::{Direction, FollowUp, MarkId, TurnKind};
use crate::engine::{Effect, Game, Move, Phase, Player, Rules, State};
use crate::session::{self, Controller, LEVELS};

use super::games::Info;
use super::{ServeError, Source};

/// The rules files offered, with their rulesets and parameters.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct Catalogue {
    /// The file played when none is named.
    pub default: String,
    pub files: Vec<FileView>,
    /// Who may play a side: `human`, then the computer's levels.
    pub players: Vec<PlayerChoice>,
}

#[derive(Clone, Debug, Serialize)]
pub(crate) struct FileView {
    /// The name to ask for it by.
    pub name: String,
    /// The game's name.
    pub game: String,
    pub origin: Option<String>,
    pub summary: Option<String>,
    /// The base game (`name: null`), then each ruleset.
    pub rulesets: Vec<RulesetView>,
}

#[derive(Clone, Debug, Serialize)]
pub(crate) struct RulesetView {
    pub name: Option<String>,
    pub params: Vec<ParamView>,
    /// Rows of the board.
    pub rows: usize,
}

#[derive(Clone, Debug, Serialize)]
pub(crate) struct ParamView {
    pub name: String,
    pub default: u32,
    pub low: u32,
    pub high: u32,
    pub step: u32,
    /// The values the file lists (`in 6, 8, 12`), from the smallest; empty where they are a
    /// range, which the page steps through itself (a range may be wide: it is never
    /// listed here).
    pub values: Vec<u32>,
    pub doc: Option<String>,
}

#[derive(Clone, Debug, Serialize)]
pub(crate) struct PlayerChoice {
    /// What to send as `south` or `north`.
    pub name: String,
    /// The computer player it stands for, if any.
    pub computer: Option<String>,
}

impl Catalogue {
    /// The catalogue of `sources`, each ruleset compiled with its defaults; fails if one of
    /// them does not compile.
    pub fn new(sources: &[Source]) -> Result<Catalogue, ServeError> {
        let compile = |source: &Source, ruleset: Option<String>| {
            let options = crate::Options { ruleset: ruleset.clone(), params: Vec::new() };
            crate::compile(&source.display, &source.text, &options).map_err(|error| ServeError::Rules {
                file: source.display.clone(),
                ruleset,
                error: Box::new(error),
            })
        };
        let mut files = Vec::new();
        for source in sources {
            let base = compile(source, None)?;
            let mut rulesets = vec![ruleset_view(&base)];
            for name in &base.meta().rulesets {
                let rules = compile(source, Some(name.clone()))?;
                rulesets.push(ruleset_view(&rules));
            }
            let meta = base.meta();
            files.push(FileView {
                name: source.name.clone(),
                game: meta.name.clone(),
                origin: meta.origin.clone(),
                summary: meta.summary.clone(),
                rulesets,
            });
        }
        let default = files.first().map(|f| f.name.clone()).unwrap_or_default();
        let mut players = vec![PlayerChoice { name: "human".to_string(), computer: None }];
        for level in LEVELS {
            let computer = AgentSpec::level(level).map(|spec| spec.to_string());
            players.push(PlayerChoice { name: level.to_string(), computer });
        }
        Ok(Catalogue { default, files, players })
    }
}

fn ruleset_view(rules: &Rules) -> RulesetView {
    let params = rules
        .params()
        .iter()
        .map(|p| ParamView {
            name: p.name.clone(),
            default: p.default,
            low: p.low,
            high: p.high,
            step: p.step,
            values: p.values.clone(),
            doc: p.doc.clone(),
        })
        .collect();
    RulesetView { name: rules.meta().ruleset.clone(), params, rows: rules.rows() }
}

/// A game as the page shows it.
#[derive(Debug, Serialize)]
pub(crate) struct GameView {
    pub id: String,
    /// The game, its ruleset and parameters in words.
    pub title: String,
    pub game: String,
    /// The rules file, as the catalogue names it.
    pub rules: String,
    pub ruleset: Option<String>,
    pub params: Vec<(String, u32)>,
    pub rows: usize,
    pub columns: usize,
    /// Each side's rows, from its seat inward (`["a", "b"]`).
    pub row_letters: Sides<Vec<String>>,
    /// Seeds in each hole, in board order (a1…an, b1…bn, …).
    pub board: Vec<u16>,
    /// Who owns each hole, in board order.
    pub owners: Vec<Side>,
    /// Where holes belong by the colour of their seeds: whose seeds each hole holds, in board
    /// order (`null` for an empty hole); absent elsewhere.
    pub holders: Option<Vec<Option<Side>>>,
    pub to_move: Side,
    /// `sow`, `pick`, `lap_choice`, `step`, `lift`, `put` or `offer`.
    pub phase: &'static str,
    /// What the player to move still owes in this turn, in words.
    pub pending: Option<String>,
    /// Picks still owed.
    pub remaining: Option<u16>,
    /// The legal decisions now.
    pub legal: Vec<LegalView>,
    pub seeds: Sides<u32>,
    pub captured: Sides<u16>,
    /// Seeds in each store, on a board with stores.
    pub stores: Option<Sides<u32>>,
    /// Which end of the board each store lies at (`left` or `right`, as South sees the
    /// board), on a board with stores: where the owner's circuit enters it, else at the
    /// owner's right hand.
    pub store_ends: Option<Sides<&'static str>>,
    /// Seeds each player holds in hand, where the rules put captured seeds in hand.
    pub hands: Option<Sides<u16>>,
    /// The kinds of marked hole the rules declare, by the names the file gives them, whether
    /// or not a hole carries one yet: the page's legend.
    pub marks: Vec<String>,
    /// For each hole in board order, what it is besides its count: the marks it carries
    /// (names from `marks`). Empty lists on a board without marks.
    pub flags: Vec<Vec<String>>,
    /// The opening the player to move is in, by name, if any.
    pub opening: Option<String>,
    pub players: Sides<PlayerView>,
    /// Every player's word, in turn order (`south`, `north`; at four seats `south`, `east`,
    /// `north`, `west`).
    pub seats: Vec<Side>,
    pub turns: Vec<TurnView>,
    /// The holes the last turn touched (its origin and picks).
    pub last_turn: Vec<String>,
    pub outcome: Option<OutcomeView>,
    /// Whether a computer is to move (the page asks it to, one decision at a time).
    pub computer_to_move: bool,
    /// A line saying whose turn it is (and what is owed), or how the game ended.
    pub status: String,
}

/// A legal decision, and the holes it names.
#[derive(Debug, Serialize)]
pub(crate) struct LegalView {
    /// In notation: `b3`, `b3:cw`, `b3-a5`, `+a3`, `stop`, `relay`, `pass`.
    pub text: String,
    /// `sow`, `pick`, `transfer`, `mark`, `stop`, `relay` or `pass`.
    pub kind: &'static str,
    pub hole: Option<String>,
    /// Where a transfer goes.
    pub to: Option<String>,
    /// What it does, in a few words for a hole's label: `sow`, `sow clockwise`, `take a
    /// seed`, `take the hole`, `mark as NAME`, `move seeds to a5`, `stop`.
    pub action: String,
}

#[derive(Debug, Serialize)]
pub(crate) struct PlayerView {
    /// `human`, or the computer player (`mcts:500ms`).
    pub controller: String,
    pub human: bool,
    /// The level the computer player stands for, if it is one.
    pub level: Option<&'static str>,
    pub team: Vec<String>,
    /// Who of the team plays the turn under way or next.
    pub member: Option<String>,
}

#[derive(Debug, Serialize)]
pub(crate) struct TurnView {
    pub number: usize,
    pub player: Side,
    /// The turn in notation: `b3 x d1 d1`.
    pub text: String,
    pub member: Option<String>,
}

#[derive(Debug, Serialize)]
pub(crate) struct OutcomeView {
    pub text: String,
    pub winner: Option<Side>,
    /// As in records: `1-0`, `0-1`, `1/2-1/2`.
    pub result: &'static str,
}

/// A decision just played, with what it did.
#[derive(Debug, Serialize)]
pub(crate) struct PlayedView {
    pub player: Side,
    /// In notation.
    pub text: String,
    pub kind: &'static str,
    /// The sowing, lap by lap (empty for other decisions).
    pub laps: Vec<LapView>,
    /// Holes emptied by a capture or a pick, and the seeds taken from each.
    pub taken: Vec<(String, u16)>,
    /// The decision in words.
    pub narration: String,
    /// Whether the same player moves again, in a turn of their own (a last seed in their
    /// store, say): the turn is over, the game goes on, and it is still their move.
    pub again: bool,
    /// The board after it.
    pub board: Vec<u16>,
    /// The stores after it, on a board with stores.
    pub stores: Option<Sides<u32>>,
}

#[derive(Debug, Serialize)]
pub(crate) struct LapView {
    pub from: String,
    pub drops: Vec<String>,
}

/// What a request that plays decisions answers.
#[derive(Debug, Serialize)]
pub(crate) struct PlayedAnswer {
    pub played: Vec<PlayedView>,
    /// A word that could not be played after the first ones were (the rest was not played).
    pub error: Option<String>,
    /// How the computer chose, if it did.
    pub report: Option<String>,
    pub game: GameView,
}

/// A player, as the API writes it: `south`, `north` (see [`Player::word`]).
pub(crate) type Side = &'static str;

fn side(p: Player) -> Side {
    p.word()
}

/// A value for each player, written as an object keyed by their words in turn order
/// (`{"south": …, "north": …}`; at four seats `south`, `east`, `north`, `west`).
#[derive(Clone, Debug)]
pub(crate) struct Sides<T>(Vec<(Side, T)>);

impl<T: Serialize> Serialize for Sides<T> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap as _;
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (side, value) in &self.0 {
            map.serialize_entry(side, value)?;
        }
        map.end()
    }
}

fn sides<T>(rules: &Rules, mut f: impl FnMut(Player) -> T) -> Sides<T> {
    Sides(rules.players().map(|p| (side(p), f(p))).collect())
}

fn kind(mv: Move) -> &'static str {
    match mv {
        Move::Sow(_) | Move::SowDirection(..) | Move::SowThrough(_) => "sow",
        Move::Pick(_) => "pick",
        Move::Transfer(..) => "transfer",
        Move::Mark(_) => "mark",
        Move::Empty(_) => "empty",
        Move::Stop => "stop",
        Move::Relay => "relay",
        Move::Pass => "pass",
        Move::Enter => "enter",
        Move::SowHand => "hand",
        Move::Lift(_) => "lift",
        Move::Swap => "swap",
        Move::Offer => "offer",
        Move::Agree => "agree",
        Move::Refuse => "refuse",
        Move::Lot(_) => "lot",
    }
}

fn level_of(controller: Controller) -> Option<&'static str> {
    match controller {
        Controller::Human => None,
        Controller::Computer(spec) => LEVELS.into_iter().find(|l| AgentSpec::level(l) == Some(spec)),
    }
}

/// The view of a game.
pub(crate) fn game_view(game: &Game<'_>, info: &Info) -> GameView {
    let rules = game.rules();
    let state = game.state();
    let me = state.to_move();
    let current = session::turn_index(game);
    let legal = game
        .legal_moves()
        .iter()
        .map(|&mv| {
            let (hole, to) = match mv {
                Move::Sow(h)
                | Move::SowDirection(h, _)
                | Move::SowThrough(h)
                | Move::Pick(h)
                | Move::Mark(h)
                | Move::Empty(h) => (Some(h), None),
                Move::Transfer(a, b) => (Some(a), Some(b)),
                Move::Stop
                | Move::Relay
                | Move::Pass
                | Move::Enter
                | Move::SowHand
                | Move::Lift(_)
                | Move::Swap
                | Move::Offer
                | Move::Agree
                | Move::Refuse
                | Move::Lot(_) => (None, None),
            };
            LegalView {
                text: rules.move_text(mv),
                kind: kind(mv),
                hole: hole.map(|h| rules.hole_name(h)),
                to: to.map(|h| rules.hole_name(h)),
                action: action(rules, state, mv),
            }
        })
        .collect();
    let players = sides(rules, |p| {
        let next = if p == me { current } else { current + 1 };
        PlayerView {
            controller: info.controllers[p].to_string(),
            human: info.controllers[p] == Controller::Human,
            level: level_of(info.controllers[p]),
            team: info.teams[p].clone(),
            member: session::team_member(&info.teams, next, p).map(str::to_string),
        }
    });
    let turns = game
        .turns()
        .iter()
        .enumerate()
        .map(|(i, t)| TurnView {
            number: i + 1,
            player: side(t.player),
            text: rules.turn_text(&t.moves),
            member: session::team_member(&info.teams, i, t.player).map(str::to_string),
        })
        .collect();
    let last_turn = game
        .turns()
        .last()
        .map(|t| session::touched(&t.moves).into_iter().map(|h| rules.hole_name(h)).collect())
        .unwrap_or_default();
    let outcome = game.outcome().map(|o| OutcomeView {
        text: o.to_string(),
        winner: o.winner().map(side),
        result: o.result_tag(),
    });
    let remaining = match state.phase() {
        Phase::Pick(p) => Some(p.remaining),
        _ => None,
    };
    let pending = session::pending(rules, state);
    GameView {
        id: info.id.clone(),
        title: session::describe(rules),
        game: rules.meta().name.clone(),
        rules: info.source.clone(),
        ruleset: rules.meta().ruleset.clone(),
        params: rules.params().iter().map(|p| (p.name.clone(), p.value)).collect(),
        rows: rules.rows(),
        columns: rules.columns(),
        row_letters: sides(rules, |p| rules.row_words(p)),
        seats: rules.players().map(side).collect(),
        board: rules.board_counts(state),
        owners: rules.all_holes().map(|h| side(rules.owner_at(state, h))).collect(),
        holders: rules
            .colours()
            .then(|| rules.all_holes().map(|h| rules.holder(state, h).map(side)).collect()),
        to_move: side(me),
        phase: match state.phase() {
            Phase::Sow => "sow",
            Phase::Pick(_) => "pick",
            // A choice among the decisions offered mid-turn, as at a paused lap.
            Phase::LapChoice(_) | Phase::EndChoice(_) => "lap_choice",
            // The next seed of a lap, into one of the holes offered.
            Phase::Step(_) => "step",
            // How many seeds of the hole chosen to lift: one of the counts offered.
            Phase::Lift(_) => "lift",
            // The hole a capture's seeds go into: one of the holes offered.
            Phase::PutChoice(_) => "put",
            // The answer to another player's offer to end the game.
            Phase::Offer(_) => "offer",
            // Lots drawn by the server between rounds (never left to a player).
            Phase::Lot(_) | Phase::FirstLot => "lot",
        },
        status: status(rules, state, info, current),
        pending,
        remaining,
        legal,
        seeds: sides(rules, |p| rules.seeds_of(state, p)),
        captured: sides(rules, |p| rules.captured_by(state, p)),
        stores: rules.store(Player::South).map(|_| sides(rules, |p| rules.store_seeds(state, p))),
        store_ends: rules.store(Player::South).map(|_| sides(rules, |p| store_end(rules, p))),
        hands: rules
            .captures()
            .iter()
            .any(|c| c.destination.in_hand())
            .then(|| sides(rules, |p| state.hand()[p])),
        marks: rules.marks().iter().map(|m| m.name.clone()).collect(),
        flags: rules
            .all_holes()
            .map(|h| {
                (0..rules.marks().len())
                    .filter(|&m| state.is_marked(m as MarkId, h))
                    .map(|m| rules.marks()[m].name.clone())
                    .collect()
            })
            .collect(),
        opening: rules.phases()[state.phase_of(me)].name.clone(),
        players,
        turns,
        last_turn,
        computer_to_move: game.outcome().is_none() && info.controllers[me] != Controller::Human,
        outcome,
    }
}

/// A decision in a few words, for the label of the hole it is played on.
fn action(rules: &Rules, state: &State, mv: Move) -> String {
    match mv {
        // Where each seed goes into a neighbouring hole the mover chooses: a lift, then a hole
        // for each seed.
        Move::Sow(_) if matches!(state.phase(), Phase::Step(_)) => "put the next seed here".to_string(),
        Move::Sow(_) if let Phase::PutChoice(c) = state.phase() => match c.taken {
            1 => "put the taken seed here".to_string(),
            _ => format!("put the {} taken seeds here", c.taken),
        },
        Move::Sow(_) if rules.sows_by_path() => "lift".to_string(),
        Move::Sow(_) => "sow".to_string(),
        Move::SowDirection(_, Direction::Clockwise) => "sow clockwise".to_string(),
        Move::SowDirection(_, Direction::Anticlockwise) => "sow anticlockwise".to_string(),
        Move::SowThrough(_) => "sow through the side store".to_string(),
        Move::Pick(_) => {
            let follow_up = match state.phase() {
                Phase::Pick(p) => rules
                    .captures()
                    .get(usize::from(p.capture))
                    .and_then(|c| c.follow_ups.get(usize::from(p.step))),
                _ => None,
            };
            match follow_up {
                Some(FollowUp::ExtraHoles { .. }) => "take the hole".to_string(),
                _ => "take a seed".to_string(),
            }
        }
        Move::Transfer(_, to) => format!("move seeds to {}", rules.hole_name(to)),
        Move::Mark(_) => {
            let mark = match &rules.phases()[state.phase_of(state.to_move())].turn {
                TurnKind::Mark { mark, .. } => rules.marks().get(usize::from(*mark)),
                _ => None,
            };
            match mark {
                Some(mark) => format!("mark as {}", mark.name),
                None => "mark".to_string(),
            }
        }
        Move::Empty(_) => match &rules.phases()[state.phase_of(state.to_move())].turn {
            TurnKind::Empty { to_hand: true, .. } => "put the seeds in hand".to_string(),
            _ => "remove the seeds".to_string(),
        },
        Move::Stop => "stop".to_string(),
        Move::Relay => "relay".to_string(),
        Move::Pass => "pass".to_string(),
        Move::Enter => "put a seed from hand into each hole".to_string(),
        Move::SowHand => "sow the seeds in hand".to_string(),
        Move::Lift(1) => "lift 1 seed".to_string(),
        Move::Lift(k) => format!("lift {k} seeds"),
        Move::Swap => "swap sides".to_string(),
        Move::Offer => "offer to end the game".to_string(),
        Move::Agree => "agree to end the game".to_string(),
        Move::Refuse => "refuse, and play on".to_string(),
        Move::Lot(p) => format!("the lot falls to {p}"),
    }
}

/// The end of the board a player's store lies at, as South sees it: where the owner's
/// circuit enters the store (after a hole of the first column: the left), or, if the
/// circuit does not pass through it, at the owner's right hand.
fn store_end(rules: &Rules, player: Player) -> &'static str {
    let circuit = rules.circuit(player);
    let entered_from = rules
        .store(player)
        .and_then(|store| circuit.iter().position(|&h| h == store))
        .map(|i| circuit[(i + circuit.len() - 1) % circuit.len()]);
    let left = match entered_from {
        Some(hole) if !rules.is_store(hole) => rules.column_of(hole) == 0,
        // Where no circuit enters a store, the first half of the table's stores are on the
        // right (South's), the rest on the left (North's).
        _ => player.index() >= rules.seats() / 2,
    };
    if left { "left" } else { "right" }
}

fn status(rules: &Rules, state: &State, info: &Info, current: usize) -> String {
    if let Some(outcome) = state.outcome() {
        let points = session::points_words(rules, state).map(|p| format!(" {p}")).unwrap_or_default();
        return format!("Game over: {outcome}.{points}");
    }
    let me = state.to_move();
    let who = match session::team_member(&info.teams, current, me) {
        Some(name) => format!("{name} ({me})"),
        None => me.to_string(),
    };
    match session::pending(rules, state) {
        Some(owed) => format!("{who}: {owed}."),
        None if info.controllers[me] == Controller::Human => format!("{who} to move."),
        None => format!("{who} (the computer) to move."),
    }
}

/// A decision just played from `before` (the board before it is the caller's), described.
pub(crate) fn played_view(
    rules: &Rules,
    before: &State,
    after: &State,
    mv: Move,
    effect: &Effect,
) -> PlayedView {
    let me = before.to_move();
    let traced = rules.sowing_laps(before, mv);
    let narration = session::narrate(rules, (before, after), mv, effect, &traced);
    let laps = traced
        .into_iter()
        .map(|lap| LapView {
            from: rules.hole_name(lap.from),
            drops: lap.drops.into_iter().map(|h| rules.hole_name(h)).collect(),
        })
        .collect();
    PlayedView {
        player: side(me),
        text: rules.move_text(mv),
        kind: kind(mv),
        laps,
        taken: effect.taken.iter().map(|&(h, n)| (rules.hole_name(h), n)).collect(),
        narration,
        again: effect.turn_over && after.outcome().is_none() && after.to_move() == me,
        board: rules.board_counts(after),
        stores: rules.store(Player::South).map(|_| sides(rules, |p| rules.store_seeds(after, p))),
    }
}
