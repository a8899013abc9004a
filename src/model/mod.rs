//! The rules model: what a game's rules are, as plain data (DESIGN.md §3a).
//!
//! The compiler ([`crate::compile`]) writes a [`Model`]; the engine reads it
//! ([`crate::engine::Rules::new`], which validates it first with [`Model::check`]); `sow show`
//! prints it ([`std::fmt::Display`]) and `sow diff` compares two of them. A new construct of
//! the language is a new variant here, given its meaning once, in the engine's interpreter.
//!
//! Everything here is about one game at one set of parameter values: counts are numbers,
//! holes are board coordinates ([`Cell`]) or words relative to a player's seat (a row role,
//! a side), never the engine's storage slots.

mod board;
mod check;
mod display;

use std::fmt;
use std::ops::{Index, IndexMut};

pub use board::{Board, Cell, Half};
pub use check::ModelError;
pub(crate) use display::ordinal;

/// The rules of one game (one ruleset, one set of parameter values).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Model {
    /// Names, sources and the rest of what describes the game.
    pub meta: Meta,
    /// Parameters and the values used.
    pub params: Vec<ParamValue>,
    /// The board's shape.
    pub board: Board,
    /// How many players sit at the board (2 unless the rules say otherwise), moving in turn
    /// from seat 0.
    pub seats: usize,
    /// The names of a player's rows, from the seat inward (`outer`, `inner`): a [`Role`] is
    /// an index into it.
    pub row_names: Vec<String>,
    /// Seeds in each hole at the start, in board order (a1…an, b1…bn, …).
    pub setup: Vec<u16>,
    /// How seeds travel around the board.
    pub circuit: Circuit,
    /// Kinds of marked hole.
    pub marks: Vec<Mark>,
    /// The phases: openings in order, then the main game (the last, unnamed).
    pub phases: Vec<Phase>,
    /// The captures that lap rules and openings refer to by index.
    pub captures: Vec<Capture>,
    /// The moves of seeds from a landing hole that lap rules refer to by index.
    pub landing_moves: Vec<LandingMove>,
    /// The choices among captures that lap rules refer to by index (`capture a or capture
    /// b`).
    pub capture_choices: Vec<CaptureChoice>,
    /// How the game ends.
    pub end: EndRules,
    /// `after N laps a sowing is endless`: laps after which a sowing that has not ended is
    /// refused as endless, below the engine's own bound; `None` where the rules state none.
    pub lap_limit: Option<u32>,
    /// Holes belong to the player whose seeds they hold (each player's seeds are of their
    /// colour; the setup's seeds in a player's rows are theirs), not to a fixed territory.
    pub colours: bool,
    /// Each player starts with an equal part of the shared circuit (`territory each player
    /// owns an equal part of the circuit …`): seat 0 the first run of holes from where the
    /// circuit begins, seat 1 the next, and so on; rather than their side's rows.
    pub share: bool,
    /// Where the first player's part of a shared circuit begins: holes along the circuit
    /// anticlockwise from South's leftmost hole (0 but for `the left half of the board` or
    /// `the right half …`, whose parts begin where the halves meet).
    pub share_from: usize,
    /// Every hole is every player's (`territory each player owns every hole`): any player may
    /// sow any hole, no hole is an opponent's, and every seed on the board is every player's.
    pub common: bool,
    /// Seeds each player holds in hand at the start, to be placed on the board
    /// ([`Sowing::place`]), by seat; all 0 where the game starts with every seed on the board.
    pub hand: Vec<u16>,
    /// Who moves first is drawn by lot at the start (`the first player is drawn by lot`): the
    /// game starts at a chance event whose outcomes are the players.
    pub first_by_lot: bool,
    /// Holes that stand opposite a hole in place of the board's own (`opposite holes { … }`),
    /// for the hole's owner as the mover; empty where the board's own are used throughout.
    pub opposites: Vec<OppositeHole>,
}

/// `b1: inner c2`: for the owner of `hole` as the mover, what stands opposite it in the
/// opponent's row `role`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OppositeHole {
    /// The hole.
    pub hole: Cell,
    /// The opponent's row.
    pub role: Role,
    /// What stands opposite in it.
    pub facing: Facing,
}

/// What stands opposite a hole in an [`OppositeHole`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Facing {
    /// A hole of the board.
    Hole(Cell),
    /// The mover's or the opponent's side store.
    SideStore(Side),
    /// No hole: it holds no seeds.
    Nothing,
}

/// The circuit seeds are sown along.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Circuit {
    /// One ring through every hole, shared by both players (else each sows around their
    /// own rows).
    pub shared: bool,
    /// The direction, seen from above.
    pub direction: Direction,
    /// Whether players may sow the other direction instead, and when they choose.
    pub chosen: Chosen,
    /// A direction chosen once is chosen anew in each round (`chosen each round`).
    pub each_round: bool,
    /// A direction chosen once is everyone's: the first to sow chooses for all players
    /// (`for all players`).
    pub for_all: bool,
    /// A shared ring passes through the mover's store (between their last hole and the
    /// opponent's first).
    pub through_store: bool,
    /// A lap skips the hole it was lifted from.
    pub skip_origin: bool,
    /// No lap of a turn drops a seed in the hole the turn began from.
    pub skip_chosen: bool,
    /// A shared ring through both players' rows of this role only (`circuit outer rows …`),
    /// rather than through every hole; the other rows are never sown into.
    pub ring_role: Option<Role>,
    /// A shared ring through the holes of the board's edge (`circuit the edge …`); the
    /// holes inside it are never sown into.
    pub edge: bool,
    /// No ring: each seed goes into a neighbouring hole the mover chooses (`circuit a path
    /// through neighbouring holes, chosen seed by seed`).
    pub path: bool,
}

/// When players choose their direction of sowing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Chosen {
    /// Never: the circuit's direction (or a phase's) is used.
    Never,
    /// On their first sowing that does not fix a direction; kept for the rest of the game.
    Once,
    /// With every such sowing; its relay laps keep it.
    EachTurn,
}

/// A declared kind of special hole.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    /// Its name in the file.
    pub name: String,
    /// Holes marked from the start.
    pub start: Vec<Cell>,
    /// A hole keeps the mark only while it holds at least this many seeds: one left with
    /// fewer, by a lift or a capture, loses it for good (`, while it holds at least 6
    /// seeds`). Read lap by lap.
    pub keep_min: Option<u16>,
    /// A hole loses the mark once it holds at least this many seeds (`, until it holds at
    /// least 8 seeds`). Read after every lap and at the end of every turn.
    pub open_at: Option<u16>,
}

/// A phase of the game: an opening, or the main game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Phase {
    /// The opening's name (`None` for the main game).
    pub name: Option<String>,
    /// The most turns a player spends in it.
    pub lasts: Option<u16>,
    /// What its turns are.
    pub turn: Turn,
    /// Passing is on offer at every turn of it where these facts about the mover's holes
    /// hold (always, if none); `None` where it offers no pass but the end rules' (the main
    /// game's). A pass in an opening never ends the game.
    pub pass: Option<Vec<SideFact>>,
    /// It ends for both players at once when a pass is answered by a pass.
    pub ends_on_passes: bool,
    /// It ends for a player at the start of a turn of theirs where all these facts about
    /// their holes hold (never, if none).
    pub ends_when: Vec<SideFact>,
    /// It ends for a player when they pass.
    pub ends_on_pass: bool,
    /// A player keeps the turn after each move of it until they pass: at most this many
    /// moves in the opening, then only the pass is on offer.
    pub keeps_turn: Option<u16>,
    /// A capture made by a seed a `move` turn puts into a hole.
    pub drop_capture: Option<DropCapture>,
    /// It ends for the mover in the middle of a turn, where a capture of it puts its seeds
    /// into a hole that is sown on whole and that hole then holds between these many seeds:
    /// the hole is sown, and the rest of the turn played, under the next phase's rules.
    pub ends_at_capture: Option<(u16, u16)>,
    /// A player to move in it who has no move of it loses (else they go on to the next
    /// phase).
    pub blocked_loses: bool,
    /// The first player to start a turn in it may swap sides, once.
    pub swap: Option<Swap>,
    /// Only the first player of the game (or round) plays it; the others go past it.
    pub first_only: bool,
    /// The other player, going past it, matches the first player's holes (`, the other
    /// matching their arrangement`).
    pub first_matched: bool,
    /// The rounds of a game of rounds it is played in (`it is played from the second round
    /// on`); in the others every player goes past it.
    pub rounds: PhaseRounds,
}

/// The rounds of a game of rounds an opening is played in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PhaseRounds {
    /// Every round.
    Every,
    /// From this round on (1 is the first).
    From(u16),
    /// `in the first round only`.
    FirstOnly,
}

impl PhaseRounds {
    /// Whether the opening is played in a round, `round` rounds having been completed.
    pub fn plays(self, round: u16) -> bool {
        match self {
            PhaseRounds::Every => true,
            PhaseRounds::From(n) => u32::from(round) + 1 >= u32::from(n),
            PhaseRounds::FirstOnly => round == 0,
        }
    }
}

/// `a player may swap sides`: the players change places, the board turned half a circle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Swap {
    /// The swap is the player's turn (`, instead of moving`); else they move on from their
    /// new side.
    pub ends_turn: bool,
}

/// `a seed moved into HOLE [whose opposite ROW hole is STATE] captures NAME [, until the
/// mover has captured]`: a capture made where a `move` turn puts its seeds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DropCapture {
    /// The hole the seeds go into, as it was before they fell.
    pub hole: HoleFilter,
    /// The opponent's hole of this row in that column is in this state.
    pub opposite: Option<(Role, HoleState)>,
    /// The capture made: its holes read from that hole as from a lap's landing hole.
    pub capture: u8,
    /// Only while the mover has made no capture in the game.
    pub until_captured: bool,
}

impl Phase {
    /// A phase of turns of this kind, with no passes nor ends of its own.
    pub fn new(name: Option<String>, lasts: Option<u16>, turn: Turn) -> Phase {
        Phase {
            name,
            lasts,
            turn,
            pass: None,
            ends_on_passes: false,
            ends_when: Vec::new(),
            ends_on_pass: false,
            keeps_turn: None,
            drop_capture: None,
            ends_at_capture: None,
            blocked_loses: false,
            swap: None,
            first_only: false,
            first_matched: false,
            rounds: PhaseRounds::Every,
        }
    }
}

/// A fact about a player's holes, from that player's seat: the conditions on a pass in an
/// opening, and on an opening's end for a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SideFact {
    /// That hole holds more seeds than each other hole of the player's.
    Most {
        /// Its row.
        role: Role,
        /// Its place in the row.
        column: Column,
    },
    /// Every hole of the player's (of that row or mark) holds between `min` and `max` seeds;
    /// or of every other player's (`Some(Side::Opponent)`), or every player's (`None`).
    Every {
        /// Whose holes.
        side: Option<Side>,
        /// The holes.
        holes: HoleSet,
        /// Fewest seeds.
        min: u16,
        /// Most seeds.
        max: u16,
    },
    /// At most `count` holes of the player's (of that row or mark) hold between `min` and
    /// `max` seeds.
    AtMost {
        /// How many holes at most.
        count: u16,
        /// The holes.
        holes: HoleSet,
        /// Fewest seeds counted.
        min: u16,
        /// Most seeds counted.
        max: u16,
    },
    /// Along each of the player's rows, from the player's left, no hole holds more seeds
    /// than the hole before it.
    NotMoreThanLeft,
    /// The opponent has captured at least this many seeds in the game.
    OpponentCaptured(u16),
}

impl Model {
    /// Every player, in turn order.
    pub fn players(&self) -> impl Iterator<Item = Player> + Clone + use<> {
        Player::all(self.seats)
    }

    /// The player who moves first.
    pub fn first_player(&self) -> Player {
        Player::at(0, self.seats)
    }

    /// Whether the engine's fast path covers the rules: the lap tables, window copies and
    /// branch-free lists of `Rules::new`, which play most games several times faster than the
    /// general interpreter (`Rules::general`) that plays every rules file. This is the
    /// analysis that chooses it: the fast path does not cover a turn that places a seed from
    /// the hand, a capture sown from a row end or put into a hole the mover chooses, a lap rule reading a fact about the turn so
    /// far (or several rows the turn may have reached, or one across a pause), an empty row
    /// read between laps, a lap through a side store, heavy holes, row exits, predicted or
    /// preferred landings, blocks, a mark kept only while its hole holds seeds, a count of seeds
    /// the mover chooses to lift, or holes that belong by colour. Each variant the fast path covers is played by both in the tests,
    /// decision by decision (`tests/integration/general.rs`).
    pub fn fast_path_covers(&self) -> bool {
        !self.colours && !self.common && !self.circuit.path && !self.lap_by_lap()
    }

    /// Whether a hole may change owner in play (`then the landing hole becomes the mover's`)
    /// where holes belong by rows: who owns each hole is then part of the position.
    pub fn owners_move(&self) -> bool {
        !self.colours
            && (self.captures.iter().any(|c| c.claim)
                || self.end.rounds.is_some_and(|r| r.refill.is_some_and(|f| f.win)))
    }

    /// Whether the players could pass for ever: blocked players pass, and neither a rule on
    /// passes, a repetition nor a turn limit ends a game of passes — unless a player can be
    /// blocked only with no seeds on their side, where a rule on a player without seeds, or
    /// on few seeds on the board, ends the game first (blind test 19, fault 2). That is so
    /// where, at a table of two without side stores, every phase is a sowing that offers every
    /// own occupied hole of the territory, with nothing that refuses one (no sowing without
    /// end: no relay, no captured seeds sown on).
    pub fn passes_forever(&self) -> bool {
        let end = &self.end;
        if end.blocked != Blocked::Passes
            || end.repetition.is_some()
            || end.turn_limit.is_some()
            || end.passes_draw
        {
            return false;
        }
        let ends_when_empty = (end.no_seeds.is_some() && end.no_seeds_most == 0 || end.few_seeds.is_some())
            && end.only_in.is_empty();
        let every_occupied = |c: &Choice| {
            c.holes == HoleSet::Territory
                && c.min <= 1
                && c.max == u16::MAX
                && c.next.is_none()
                && c.previous.is_none()
                && c.except.is_empty()
                && !c.most
                && !c.furthest
                && c.opposite.is_none()
                && !c.captures
                && !c.facing
                && c.lands_in.is_none()
                && c.lap_ends.is_none()
                && c.reaches.is_none()
                && c.none_fits.is_none()
                && c.only.is_none()
                && c.either.is_empty()
        };
        let never_refused = |s: &Sowing| {
            s.choices.iter().any(every_occupied)
                && s.must_feed.is_none()
                && !s.no_undo
                && s.exit_start.is_none()
                && s.block.is_none()
                && s.place.is_none()
                && s.hand_sow.is_none()
                && !s.hand_entry
                && s.first_lap.chosen.is_none()
                && s.actions().all(|a| {
                    !matches!(
                        a,
                        LapAction::Relay
                            | LapAction::RelayNext
                            | LapAction::RelayBack
                            | LapAction::MarkHole(_)
                    )
                })
        };
        let blocked_only_when_empty = self.seats == 2
            && self.board.side_stores.is_none()
            && !self.colours
            && !self.common
            && !self.share
            && self
                .captures
                .iter()
                .all(|c| !matches!(c.destination, Destination::Sow(_)) && c.relay_after.is_none())
            && self.phases.iter().all(|p| matches!(&p.turn, Turn::Sow(s) if never_refused(s)));
        !(ends_when_empty && blocked_only_when_empty)
    }

    /// Whether a lap may be sown against the circuit's direction: a direction the players
    /// choose, a phase sown the other way, a lap turned or a relay turning back.
    pub fn sows_against_circuit(&self) -> bool {
        self.circuit.chosen != Chosen::Never
            || self.phases.iter().any(|p| match &p.turn {
                Turn::Sow(s) => {
                    s.direction.is_some_and(|d| d != self.circuit.direction)
                        || !s.turnings.is_empty()
                        || s.actions().any(|a| a == LapAction::RelayBack)
                }
                _ => false,
            })
    }

    /// Whether a capture keeps to the holes the turn has sown into (`every hole sown this
    /// turn that holds …`): the engine then marks each hole a seed of the turn falls into.
    pub fn tracks_sown(&self) -> bool {
        (self.captures.iter().flat_map(|c| &c.take)).any(|t| matches!(t, Target::EverySown(..)))
    }

    /// Whether the hole a turn began from is kept for the turn, by a mark of its own: where
    /// laps skip it (`skipping the chosen hole`), or a rule asks whether it carries a mark
    /// (`the chosen hole is a bank hole`).
    pub fn keeps_chosen(&self) -> bool {
        let asks = |r: &LapRule| {
            (r.facts.iter().chain(r.either.iter().flatten().map(|(_, f)| f)))
                .any(|f| matches!(f, Fact::ChosenMarked(_)))
        };
        self.circuit.skip_chosen
            || self.phases.iter().any(|p| match &p.turn {
                Turn::Sow(s) => {
                    s.skip_when.is_some()
                        || s.lap_rules.iter().any(asks)
                        || (s.turnings.iter().filter_map(|t| t.condition.as_ref()).chain(&s.prefer))
                            .any(|c| matches!(c, TurnCondition::Lands(r) if asks(r)))
                }
                _ => false,
            })
    }

    /// The constructs only the general interpreter plays (see [`Model::fast_path_covers`]).
    fn lap_by_lap(&self) -> bool {
        let sowings = self.phases.iter().filter_map(|p| match &p.turn {
            Turn::Sow(s) => Some(s),
            _ => None,
        });
        // Facts about the turn, holes counted along the circuit, sets of counts and conditions
        // joined with `or` or negated are read lap by lap: in the lap rules, and in the
        // conditions under which a lap may be turned.
        // Captures in passing (`a seed lands in …`) are read seed by seed.
        // A rule about the mover's store with conditions is read lap by lap too.
        let read = |r: &LapRule| {
            r.in_passing()
                || r.at_sowing_end()
                || r.at_lap_start()
                || !r.either.is_empty()
                || (r.store && !r.facts.is_empty())
                || r.facts.iter().any(|f| f.lap_by_lap())
        };
        let facts = |s: &Sowing| {
            s.lap_rules.iter().any(read)
                || s.turnings.iter().any(|t| matches!(&t.condition, Some(TurnCondition::Lands(r)) if read(r)))
        };
        // Holes counted along the circuit from the landing hole are read lap by lap, and the
        // holes a turn has sown into are kept seed by seed.
        let along = self.tracks_sown()
            || (self.captures.iter().flat_map(|c| &c.take))
                .any(|t| matches!(t, Target::Along(_) | Target::OppositeAlong(..) | Target::ColumnAlong(..)));
        // Captured seeds sown from a row end, or put into a hole the mover chooses, pause the
        // turn for the mover.
        let row_end = self.captures.iter().any(|c| match c.destination {
            Destination::Sow(r) => r.into.is_choice() || matches!(r.into.first(), SowInto::RowEnd { .. }),
            Destination::Put(into) => into.is_choice(),
            _ => false,
        });
        // Heavy holes, row exits, landings predicted in front of a hole and preferred first
        // laps are read lap by lap.
        // More than one row asked whether the turn has reached it, or one asked where the
        // sowing pauses for the mover: the turn's bits for it are kept lap by lap.
        let reached = |s: &Sowing| {
            let rows = s.reached_rows().len();
            let pauses = !s.turnings.is_empty() || s.actions().any(|a| a == LapAction::MayStop);
            rows > 1 || (rows == 1 && pauses)
        };
        // Relays that turn back are sown lap by lap; so are relays from the next hole where
        // the circuit goes through the mover's store (the store is never lifted: such a relay
        // stops there).
        let back = |s: &Sowing| {
            s.actions().any(|a| {
                a == LapAction::RelayBack || (a == LapAction::RelayNext && self.circuit.through_store)
            })
        };
        let own = |s: &Sowing| {
            reached(s)
                || s.heavy.is_some()
                || s.empty_hole.is_some()
                || s.each_hole.is_some()
                || s.exit_start.is_some()
                || s.exit_relay.is_some()
                || s.side_path.is_some()
                || s.choices.iter().any(|c| c.facing || c.either.iter().any(|alt| alt.facing))
                || (s.choices.iter().flat_map(Choice::descriptions))
                    .any(|c| c.lap_ends.is_some() || c.reaches.is_some())
                || !s.prefer.is_empty()
                || s.block.is_some()
                || s.skip.is_some_and(|m| self.mark_set_in_play(m))
                || s.skip_when.is_some()
                || s.skip_count.is_some()
                || s.every_lap_itself
                || s.whole_move.is_some()
                || s.first_lap.chosen.is_some()
                || s.actions().any(|a| {
                    matches!(
                        a,
                        LapAction::MarkHole(_) | LapAction::ChooseCapture(_) | LapAction::MoveAgainBack
                    )
                })
        };
        // Holes claimed or marked by a capture, or won between rounds, change the position's
        // owners and marks.
        let claims = self.owners_move() || self.captures.iter().any(|c| c.claim || c.mark.is_some());
        row_end
            || (self.circuit.through_store && self.sows_against_circuit())
            || self.may_move_again()
            || self.circuit.skip_chosen
            || along
            || claims
            || self.end.row_empty_every_lap
            || self.marks.iter().any(|m| m.keep_min.is_some() || m.open_at.is_some())
            || sowings
                .into_iter()
                .any(|s| s.place.is_some() || s.hand_sow.is_some() || facts(s) || own(s) || back(s))
    }
}

impl Model {
    /// Whether a lap rule moves again turned back (`move again, turning back`).
    pub fn moves_again_back(&self) -> bool {
        self.phases.iter().any(|p| match &p.turn {
            Turn::Sow(s) => s.actions().any(|a| a == LapAction::MoveAgainBack),
            _ => false,
        })
    }

    /// Whether a lap rule lets the mover move again if they wish (`may move again`).
    pub fn may_move_again(&self) -> bool {
        self.captures.iter().any(|c| c.again_may)
            || self.phases.iter().any(|p| match &p.turn {
                Turn::Sow(s) => s.actions().any(|a| a == LapAction::MayMoveAgain),
                _ => false,
            })
    }

    /// Whether play can put `mark` on a hole: the holes a new round closes, a lap rule's
    /// `mark the landing hole as …`, a turn of marking, or the holes a sowing blocks.
    pub fn mark_set_in_play(&self, mark: MarkId) -> bool {
        self.end.rounds.is_some_and(|r| r.refill.is_some_and(|f| f.closed == Some(mark)))
            || self.captures.iter().any(|c| c.mark == Some(mark))
            || self.phases.iter().any(|p| match &p.turn {
                Turn::Sow(s) => {
                    s.block.as_ref().is_some_and(|b| b.mark == mark)
                        || s.actions().any(|a| match a {
                            LapAction::MarkLanding(m) => m == mark,
                            LapAction::MarkHole(h) => h.mark() == mark,
                            _ => false,
                        })
                }
                Turn::Mark { mark: m, .. } => *m == mark,
                _ => false,
            })
    }
}

impl Sowing {
    /// What each lap rule does, then what happens otherwise.
    pub fn actions(&self) -> impl Iterator<Item = LapAction> + '_ {
        self.lap_rules.iter().map(|r| r.action).chain([self.otherwise])
    }

    /// The rows the lap rules ask whether a seed of the turn has reached (`no seed of the
    /// turn has reached …`), each once, in the order first asked, with whether only the ends
    /// of laps count.
    pub fn reached_rows(&self) -> Vec<(Side, Role, bool)> {
        let mut rows = Vec::new();
        for fact in self.lap_rules.iter().flat_map(|r| &r.facts) {
            if let Fact::NotReached(side, role, ended) = *fact
                && !rows.contains(&(side, role, ended))
            {
                rows.push((side, role, ended));
            }
        }
        // The rows a choice asks a first lap to reach (`whose lap reaches …`): every seed sown
        // counts.
        for (side, role) in self.choices.iter().flat_map(Choice::descriptions).filter_map(|c| c.reaches) {
            if !rows.contains(&(side, role, false)) {
                rows.push((side, role, false));
            }
        }
        rows
    }
}

/// One way a turn may move seeds from one hole to another (`move 2 seeds from … to …`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Transfer {
    /// Seeds moved (`None`: every seed of the hole).
    pub count: Option<u16>,
    /// Where from.
    pub from: HoleFilter,
    /// The fewest and most seeds the hole they come from must hold (`None`: any number that
    /// allows the move).
    pub holds: Option<(u16, u16)>,
    /// Where to.
    pub to: HoleFilter,
    /// Which of the holes `to` describes.
    pub place: TransferTo,
    /// The rows whose holes the seeds never go to (`, except inner holes`): a bit per row
    /// role.
    pub except_rows: u8,
    /// The marks whose holes the seeds never go to (`, except closed holes`): a bit per mark.
    pub except_marks: u8,
}

/// What a turn of a phase consists of. `S` is how a sowing turn is described: [`Sowing`] in
/// the model; the engine keeps the same turns with its own tables for sowing.
#[derive(Clone, Debug, PartialEq, Eq)]
#[allow(clippy::large_enum_variant, reason = "read on every move; a box would add a pointer chase")]
pub enum Turn<S = Sowing> {
    /// Choose a hole and sow it.
    Sow(S),
    /// Take whole occupied holes of the opponent: the follow-ups of capture number
    /// `capture`, which takes nothing of its own.
    Take {
        /// The capture whose follow-ups these picks are.
        capture: u8,
    },
    /// Move seeds from one hole to another, in any of the ways listed (one `move` line each):
    /// a move two ways allow is played the first of them.
    Transfer(Vec<Transfer>),
    /// Empty one own occupied hole: its seeds out of play, or into the mover's hand.
    Empty {
        /// Which holes may be emptied.
        hole: HoleFilter,
        /// Into the mover's hand (else out of play).
        to_hand: bool,
    },
    /// Mark one hole.
    Mark {
        /// Which holes may be marked.
        hole: HoleFilter,
        /// With what.
        mark: MarkId,
    },
}

/// Holes a lap passes by for the seeds they hold when it reaches them (`, skipping
/// opponent's holes with 3 seeds[, except the last seed]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SkipCount {
    /// Only that side's holes, if said.
    pub side: Option<Side>,
    /// The fewest seeds of a hole skipped.
    pub min: u16,
    /// The most seeds of a hole skipped.
    pub max: u16,
    /// The step between the counts skipped, from `min` to `max`.
    pub step: u16,
    /// A lap's last seed is not turned away (`, except the last seed`).
    pub spares_last: bool,
    /// Only a lap's last seed is turned away (`, for the last seed only`).
    pub only_last: bool,
}

/// How a phase's sowings go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sowing {
    /// The holes that may be chosen, most preferred description first: the first that
    /// fits some hole is in force.
    pub choices: Vec<Choice>,
    /// A direction fixed for this phase (else the circuit's, or the player's choice).
    pub direction: Option<Direction>,
    /// The rules applied after each lap, in order; the first that applies is carried out.
    pub lap_rules: Vec<LapRule>,
    /// What happens after a lap when no lap rule applies.
    pub otherwise: LapAction,
    /// When the opponent has no seeds (or cannot move), only turns that give them some (or a
    /// move) may be chosen.
    pub must_feed: Option<Feed>,
    /// `must not undo the opponent's last turn`: a turn that brings back the position from
    /// before the previous turn may not be chosen (a ko rule).
    pub no_undo: bool,
    /// `must not take every seed of the opponent`: a turn after which an opponent who had
    /// seeds has none may not be chosen.
    pub no_wipe: bool,
    /// Laps that may be sown the other way. Where there are any, every lap of a turn goes
    /// the usual way unless the mover turns it.
    pub turnings: Vec<Turning>,
    /// Where holes belong by colour: what a seed sown into a hole of the opponent's does.
    pub overrun: Option<Overrun>,
    /// Where holes belong by colour: the move of a player with one seed left.
    pub lone: Option<LoneSeed>,
    /// The mover may instead put every seed of a hole the description fits into the next
    /// hole (`a player may instead move all seeds of … into the next hole`).
    pub whole_move: Option<WholeMove>,
    /// How a turn's first lap is lifted and where its first seed goes.
    pub first_lap: FirstLap,
    /// Seeds the first hole of a turn's first lap receives (else one, as every hole).
    pub first_hole: Option<u16>,
    /// Every lap lifted from a hole (the first and each relay) drops its first seed back
    /// into that hole (`, every lap starting with the hole it lifts`).
    pub every_lap_itself: bool,
    /// Seeds each hole empty when a lap reaches it receives (else as every hole), in every
    /// lap.
    pub empty_hole: Option<u16>,
    /// Seeds every hole a lap reaches receives (else one), in every lap.
    pub each_hole: Option<u16>,
    /// The seeds a turned lap captures, put into a hole a lap may be turned from, may be left
    /// there while another such hole is sown turned instead.
    pub leave_turned: bool,
    /// Once a turned lap has captured in a turn whose first lap went the usual way, no later
    /// lap of the turn is turned.
    pub turned_once: bool,
    /// A move besides sowing while the mover's hand holds a seed for each of their holes: one
    /// seed from the hand into each own hole.
    pub hand_entry: bool,
    /// A move besides sowing while the mover holds seeds in hand: the hand sown as the turn's
    /// first lap. Played by the general interpreter.
    pub hand_sow: Option<HandSow>,
    /// Each turn begins with a seed from the mover's hand put into the chosen hole (which may
    /// be empty), rather than with the chosen hole lifted.
    pub place: Option<Place>,
    /// Holes of this mark (those marked from the start) receive no seed in a lap, though they
    /// may still be lifted.
    pub skip: Option<MarkId>,
    /// … only the sower's own holes of it, or only the others' (`, skipping own covered
    /// holes`); both where `None`.
    pub skip_side: Option<Side>,
    /// … only in a turn whose chosen hole carries this mark (`… when the chosen hole is a
    /// store hole`). Read lap by lap.
    pub skip_when: Option<MarkId>,
    /// Holes holding so many seeds when a lap reaches them (`min`, `max`, in steps of the
    /// last), of one side if said, receive no seed in a lap (`, skipping opponent's holes
    /// with 3 seeds`).
    pub skip_count: Option<SkipCount>,
    /// A lap lifted from a hole of a mark holding more than so many seeds lifts only some.
    pub heavy: Option<Heavy>,
    /// A turn's first lap may not leave this row from an end hole while another hole of the
    /// row is occupied.
    pub exit_start: Option<Role>,
    /// A relay that would leave this row from an end hole while another hole of the row is
    /// occupied cannot be sown: the mover loses.
    pub exit_relay: Option<Role>,
    /// Each lap may go through the mover's side store (see [`Board::side_stores`]) instead of
    /// past it, at the mover's choice, if the side store then holds at most this many seeds.
    pub side_path: Option<u16>,
    /// `prefer first laps if …, then if …`: among the sowings the description in force
    /// allows, those whose first lap ends where the first condition holds, if any; else the
    /// next condition's; where none holds, all of them. Read lap by lap.
    pub prefer: Vec<TurnCondition>,
    /// `after a turn that captures nothing, while the opponent cannot capture, mark as MARK
    /// the opponent's holes the mover would capture next, except …`: the blocking rule,
    /// worked out at the end of each turn of this sowing. Read lap by lap.
    pub block: Option<Block>,
}

/// The blocking rule: at the end of a turn of its sowing, every hole loses the mark; then, if
/// the turn took nothing, the opponent has no first lap that captures and the mover (as if
/// to move again) has some, each of the opponent's holes those laps would take gets it, but
/// for the holes spared. The choice lines leave the marked holes out by naming the mark.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    /// The mark the blocked holes carry.
    pub mark: MarkId,
    /// The holes spared, read on the opponent's side.
    pub exempt: Vec<BlockExempt>,
}

/// A hole the blocking rule spares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlockExempt {
    /// A hole carrying this mark.
    Marked(MarkId),
    /// The only occupied hole of its row of this role.
    OnlyOccupied(Role),
    /// The only hole of its row of this role holding more than so many seeds.
    OnlyMoreThan(Role, u16),
}

/// `only 1 seed from a house hole with more than 6 seeds, and one sown whole becomes spent`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Heavy {
    /// Seeds a lap lifts from a heavy hole.
    pub lift: u16,
    /// The mark of the holes it is about.
    pub mark: MarkId,
    /// A hole of the mark holding more seeds than this is heavy.
    pub more_than: u16,
    /// The mark a hole of it lifted whole takes instead of its own, if any.
    pub spent: Option<MarkId>,
}

/// How a turn's first lap is sown (`sow 4 seeds starting with the chosen hole`). Relay laps
/// always lift the whole hole and sow from the hole after it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct FirstLap {
    /// Seeds lifted from the chosen hole: all of them if `None`, else at most this many.
    pub lift: Option<u16>,
    /// The first seed goes back into the chosen hole (else into the hole after it).
    pub itself: bool,
    /// … but not where the chosen hole holds exactly this many seeds before it is lifted
    /// (`, unless it holds 1 seed`).
    pub unless: Option<u16>,
    /// The mover chooses how many seeds the lap lifts, once the hole is chosen (`any number
    /// of seeds`), leaving at least this many in the hole (`, leaving at least 1 seed`; 0
    /// where not said). `None`: the count is the rules' ([`FirstLap::lift`]).
    pub chosen: Option<u16>,
}

impl FirstLap {
    /// The usual first lap: every seed, from the next hole.
    pub fn is_plain(self) -> bool {
        self == FirstLap::default()
    }

    /// Whether the first seed of a first lap from a hole holding `held` seeds (before it is
    /// lifted) goes back into it.
    #[inline]
    pub fn starts_in(self, held: u16) -> bool {
        self.itself && self.unless != Some(held)
    }

    /// The counts the mover may choose to lift from a hole holding `held` seeds, where the
    /// mover chooses (`any number of seeds`): from 1 to all but the seeds to leave. `None`
    /// where the rules fix the count, or the hole holds too few to be chosen.
    pub fn counts(self, held: u16) -> Option<std::ops::RangeInclusive<u16>> {
        let most = held.saturating_sub(self.chosen?);
        (most > 0).then_some(1..=most)
    }

    /// Seeds a first lap from a hole holding `held` seeds lifts where no count has been
    /// chosen (a lap foreseen before the mover chooses): the rules' count (all if it holds
    /// fewer), or where the mover chooses, the most they may.
    pub fn most(self, held: u16) -> u16 {
        match (self.chosen, self.lift) {
            (Some(leave), _) => held.saturating_sub(leave),
            (None, Some(k)) => k.min(held),
            (None, None) => held,
        }
    }
}

/// `sow 1 seed from the mover's hand into the chosen hole, then capture NAME if the opposite
/// inner hole is occupied, else sow the hole`: a turn that places a seed from the hand. Where
/// the condition holds at the chosen hole, the capture is made there (as if a lap had ended
/// in it); elsewhere the whole hole is lifted and sown, as the turn's first lap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    /// The capture made where the condition holds.
    pub capture: u8,
    /// The condition on the opponent's hole facing the chosen one: its row and state.
    pub opposite: (Role, HoleState),
    /// `without the seed`: where the condition fails, no seed is put (the hand keeps it) and
    /// the hole is sown as it is; the phase goes on when the hand is empty.
    pub keep: bool,
}

impl Place {
    /// Whether the phase of such turns ends for a player whose hand is empty: every turn puts
    /// a seed.
    pub fn needs_hand(self) -> bool {
        !self.keep
    }
}

/// What sowing does to the opponent's seeds in a hole it drops a seed into, where holes
/// belong by the colour of their seeds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Overrun {
    /// They become the mover's, where they lie.
    Convert,
    /// They are taken out and, once the lap is sown, put into the hole it was lifted from.
    ToOrigin,
    /// They stay the opponent's, the seed dropped in joining them: the hole stays theirs.
    Stay,
}

/// `a player with one seed … may|must move it …`: the move of a player who has exactly one
/// seed left, where holes belong by the colour of their seeds. The seed goes to the hole
/// named, and any opponent's seeds there become the mover's; the turn ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LoneSeed {
    /// The hole after the seed's must be empty.
    pub next_empty: bool,
    /// The seed's hole must carry this mark.
    pub on_mark: Option<MarkId>,
    /// The only move the player has (`must`); else a move besides sowing (`may`).
    pub only: bool,
    /// Where it goes.
    pub to: LoneTo,
}

/// Where a lone seed goes, along the ring in the direction of sowing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoneTo {
    /// This many holes on.
    Steps(u16),
    /// The first hole after it that carries the mark.
    NextMarked(MarkId),
    /// The first hole after it that carries the mark (any hole, without one) and holds an
    /// opponent's seeds.
    FirstHeld(Option<MarkId>),
}

/// `also …, clockwise, if …`: a lap from some holes that may be sown another way. It may be
/// a turn's first lap (from a hole that fits the description) or a later one that lifts
/// such a hole whole (a relay from it, or a capture's seeds sown on with the hole).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turning {
    /// The holes, and what the hole a turn's first lap lifts must hold.
    pub choice: Choice,
    /// The way the lap may go.
    pub direction: Direction,
    /// When it may (always, if none).
    pub condition: Option<TurnCondition>,
    /// The condition is asked of a lap sowing the whole hole, even where the lap sows only a
    /// capture's seeds put into it (`, as if the whole hole were sown`).
    pub judged_whole: bool,
}

/// When a lap may be turned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TurnCondition {
    /// The lap sown that way ends where the lap rules capture.
    Captures,
    /// The lap sown that way ends where this rule applies (its action is not carried out).
    Lands(LapRule),
}

/// One description of holes that may be chosen to sow from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// Which of the mover's holes it is about.
    pub holes: HoleSet,
    /// Fewest seeds (always at least 1).
    pub min: u16,
    /// Most seeds.
    pub max: u16,
    /// What the next hole along the circuit must be, if anything.
    pub next: Option<HoleState>,
    /// What the previous hole along the circuit must be, if anything.
    pub previous: Option<HoleState>,
    /// Holes left out: single holes, rows or marked holes.
    pub except: Vec<HoleSet>,
    /// Only the mover's fullest holes (none of their holes holds more).
    pub most: bool,
    /// Only the hole furthest along the mover's circuit of those that fit the rest (`, the
    /// furthest along the circuit`).
    pub furthest: bool,
    /// What the opponent's hole of this row facing it must be, if anything.
    pub opposite: Option<(Role, HoleState)>,
    /// Only holes whose sowing's first lap (sown the usual way) ends where a lap rule
    /// captures (`whose lap captures`).
    pub captures: bool,
    /// Only holes whose seeds, counted on along the mover's circuit in the direction of the
    /// sowing (one hole a seed), would end in a hole with an occupied hole in front of it
    /// (`whose last seed would fall in front of an occupied hole`). Asked of each direction.
    pub facing: bool,
    /// Only holes whose seeds, counted on so, would end in an own hole of this row with an
    /// occupied hole in front of it (`whose last seed would fall in an own inner hole in
    /// front of an occupied hole`). A test on the position, asked by every interpreter.
    pub lands_in: Option<Role>,
    /// Only holes whose sowing's first lap, sown on a copy of the board, ends where this lap
    /// rule applies (its action unused: `whose lap ends in an empty own hole`).
    pub lap_ends: Option<LapRule>,
    /// Only holes whose sowing's first lap drops a seed into this row of this side (`whose
    /// lap reaches the opponent's inner row`).
    pub reaches: Option<(Side, Role)>,
    /// The description fits holes only while no hole of the mover fits this one (`, if
    /// there is no own outer hole …`).
    pub none_fits: Option<Box<Choice>>,
    /// … that description is of the opponent's holes (`, if there is no opponent's hole
    /// …`): no hole of any other player still playing fits it, read from their seat.
    pub none_theirs: bool,
    /// The holes are an opponent's, described as they would describe their own (`opponent's
    /// hole …`), sown by the mover.
    pub theirs: bool,
    /// The description is this player's alone (`, for North only`): it fits no hole of the
    /// others.
    pub only: Option<Player>,
    /// Other descriptions joined to this one with `or`: a hole fits if it fits any of them
    /// (this one included).
    pub either: Vec<Choice>,
    /// The description as the file words it (without the descriptions joined with `or`).
    pub text: String,
}

impl Choice {
    /// This description and every one within it (joined with `or`, or after `, if there is
    /// no`).
    pub fn descriptions(&self) -> Vec<&Choice> {
        let mut all = vec![self];
        for inner in self.either.iter().chain(self.none_fits.as_deref()) {
            all.extend(inner.descriptions());
        }
        all
    }
}

/// Some of the mover's holes, named from the mover's seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HoleSet {
    /// Every hole of the mover's territory.
    Territory,
    /// Every hole of one of the mover's rows.
    Row(Role),
    /// Every hole of the mover's territory that carries a mark.
    Marked(MarkId),
    /// The hole at the back of the mover's seeds along the shared ring, where holes belong
    /// by colour (`the rearmost own hole`).
    Rearmost,
    /// The mover's hole `steps` holes after their hole carrying the mark, along their
    /// circuit in the direction of sowing (`the hole 2 holes after the own pair hole`); none
    /// while no hole of theirs carries it.
    AfterMark {
        /// The mark.
        mark: MarkId,
        /// How many holes after the marked one.
        steps: u8,
    },
    /// One hole of one of the mover's rows.
    One {
        /// The row.
        role: Role,
        /// Which hole of it.
        column: Column,
    },
}

/// A hole's place in a row, counted from the owner's seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Column {
    /// The `k`-th hole from the owner's left, from 0.
    FromLeft(u8),
    /// The `k`-th hole from the owner's right, from 0.
    FromRight(u8),
}

impl Column {
    /// The hole's index from the owner's left (from 0) in a row of `columns` holes, if the
    /// row has it.
    pub fn from_left(self, columns: usize) -> Option<usize> {
        match self {
            Column::FromLeft(k) => (usize::from(k) < columns).then_some(usize::from(k)),
            Column::FromRight(k) => columns.checked_sub(1 + usize::from(k)),
        }
    }
}

/// A direction of sowing, seen from above.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Anticlockwise (counter-clockwise).
    Anticlockwise,
    /// Clockwise.
    Clockwise,
}

impl Direction {
    /// The other direction.
    pub fn other(self) -> Direction {
        match self {
            Direction::Anticlockwise => Direction::Clockwise,
            Direction::Clockwise => Direction::Anticlockwise,
        }
    }

    /// `anticlockwise` or `clockwise`.
    pub fn word(self) -> &'static str {
        match self {
            Direction::Anticlockwise => "anticlockwise",
            Direction::Clockwise => "clockwise",
        }
    }
}

/// Whether a hole holds seeds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HoleState {
    /// No seeds.
    Empty,
    /// One or more seeds.
    Occupied,
}

/// Whose side, from the mover's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The mover's.
    Own,
    /// The mover's opponent's.
    Opponent,
}

/// Where taken seeds go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Destination {
    /// They leave play.
    OutOfPlay,
    /// They go to the mover's hand and count for the mover.
    Hand,
    /// They are put into a hole of the mover's and sown on.
    Sow(Resow),
    /// They are kept in the mover's store.
    Store,
    /// The seeds of each hole go to the hand of the player the hole belongs to (by row, or
    /// by colour where holes belong by colour) and count for them.
    OwnersHand,
    /// The seeds of each hole are kept in the store of the player the hole belongs to.
    OwnersStore,
    /// They are put into a hole of the mover's (of several named, the mover's choice) and
    /// stay there; the sowing ends.
    Put(IntoHoles),
}

impl Model {
    /// The seeds player `p` holds in hand at the start.
    pub fn hand_of(&self, p: Player) -> u16 {
        self.hand.get(p.index()).copied().unwrap_or(0)
    }
}

impl Destination {
    /// Where the seeds of each hole go to the player the hole belongs to, not the mover.
    #[inline]
    pub fn to_owner(self) -> bool {
        matches!(self, Destination::OwnersHand | Destination::OwnersStore)
    }

    /// Whether the seeds are kept in a store (the mover's or the owner's).
    #[inline]
    pub fn in_store(self) -> bool {
        matches!(self, Destination::Store | Destination::OwnersStore)
    }

    /// Whether the seeds go to a hand (the mover's or the owner's).
    #[inline]
    pub fn in_hand(self) -> bool {
        matches!(self, Destination::Hand | Destination::OwnersHand)
    }
}

/// Which hole a turn moving seeds carries them to, of those its description fits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TransferTo {
    /// Any.
    Any,
    /// The one in the column of the hole they come from.
    Behind,
    /// The hole after the one they come from, along the mover's circuit.
    Next,
    /// Any but those across from the hole they come from (`, except the opposite hole`).
    NotOpposite,
}

/// When a mover must feed the opponent (`must feed an opponent who …`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Feed {
    /// `who has no seeds`: only turns after which the opponent has seeds.
    NoSeeds,
    /// `who cannot move`: only turns after which the opponent could move.
    CannotMove,
    /// `must leave the opponent a move if possible`: on every turn, only turns after which
    /// the opponent could move, where there are any.
    Always,
}

/// Taken seeds put into a hole of the mover's and sown on from it, in the direction of the
/// sowing that captured.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Resow {
    /// The hole they are put into (of several named, the mover's choice).
    pub into: IntoHoles,
    /// The whole hole is lifted (else only the taken seeds).
    pub whole: bool,
    /// The seed that ended the capturing lap is lifted from the landing hole and sown with
    /// them.
    pub with_last: bool,
    /// The first seed goes into that hole itself (else into the hole after it).
    pub itself: bool,
    /// A seed the hole held alone before the taken seeds were put in is sown with them.
    pub single: bool,
    /// Where exactly one seed was taken, the whole hole is sown (that seed with what the
    /// hole held).
    pub whole_if_one: bool,
    /// One lap, then the turn ends; else a lap of its own under the lap rules (it may relay
    /// or capture again).
    pub one_lap: bool,
    /// They are sown on the way the capturing lap went (`the way the lap went`); else the
    /// turn's usual way.
    pub keep_way: bool,
}

impl Resow {
    /// Whether the sowing goes on under the lap rules (so that the turn may continue).
    pub fn goes_on(self) -> bool {
        !self.one_lap
    }
}

/// The most holes a capture's taken seeds may be put into at the mover's choice (`into the
/// leftmost inner hole or the rightmost inner hole`), which the compiler keeps to
/// (`too_many_put_holes`).
pub const MAX_PUT_HOLES: usize = 8;

/// The holes taken seeds are put into: one, or two or more joined by `or` (in the order
/// written), of which the mover chooses one where they are more than one hole at the moment
/// of the capture. A list of fixed room, so that a destination stays plain data.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct IntoHoles {
    holes: [SowInto; MAX_PUT_HOLES],
    len: u8,
}

impl IntoHoles {
    /// One hole.
    pub fn one(into: SowInto) -> IntoHoles {
        IntoHoles { holes: [into; MAX_PUT_HOLES], len: 1 }
    }

    /// The holes of `list`, in order: `None` for none, or more than [`MAX_PUT_HOLES`].
    pub fn new(list: &[SowInto]) -> Option<IntoHoles> {
        let (&first, _) = list.split_first()?;
        if list.len() > MAX_PUT_HOLES {
            return None;
        }
        let mut holes = [first; MAX_PUT_HOLES];
        holes[..list.len()].copy_from_slice(list);
        Some(IntoHoles { holes, len: list.len() as u8 })
    }

    /// The first hole named (the only one, where one is).
    #[inline]
    pub fn first(self) -> SowInto {
        self.holes[0]
    }

    /// The holes named, in order.
    pub fn as_slice(&self) -> &[SowInto] {
        &self.holes[..usize::from(self.len)]
    }

    /// Whether more than one hole is named: the mover may have a choice.
    #[inline]
    pub fn is_choice(self) -> bool {
        self.len > 1
    }
}

/// The hole taken seeds are put into, from the mover's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SowInto {
    /// Where the last seed fell.
    Landing,
    /// Where the lap that captured was lifted from.
    Origin,
    /// The mover's hole of this row role in the landing hole's column.
    Behind(Role),
    /// The first hole of the run of occupied holes that ends at the landing hole, along the
    /// mover's circuit (`first occupied hole after an empty hole before the landing hole`).
    RunStart,
    /// One hole of the mover's, named from their seat.
    Hole {
        /// Its row.
        role: Role,
        /// Its place in the row.
        column: Column,
    },
    /// An end hole of the mover's row of this role, the one nearer the landing column (the
    /// `middle` holes of the row leave the end to the mover's choice); the hole is sown
    /// inward, along the row from that end, whatever the way of the sowing that captured,
    /// and the sowing goes on that way. With `far_for_north`, North's capture goes to the
    /// farther end instead (both sides read the nearer end from South's seat).
    RowEnd {
        /// The row.
        role: Role,
        /// How many holes in the middle of the row leave the end to the mover.
        middle: u8,
        /// North's captures go to the farther end.
        far_for_north: bool,
        /// From the middle holes the mover chooses only where no seed of the turn has been
        /// sown yet (a capture by a seed placed from the hand); a capture a lap made sends the
        /// seeds to the end that lap was heading for along the row.
        ahead: bool,
    },
}

/// A move of every seed of a hole into the next hole, beside sowing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WholeMove {
    /// The holes whose seeds may be moved.
    pub from: Choice,
    /// Not in a turn of moving again (`, except when moving again`).
    pub not_again: bool,
}

/// What happens to a player who cannot move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Blocked {
    /// They lose.
    Loses,
    /// Their turn passes.
    Passes,
    /// The game ends; the player with more seeds (on their side, in hand and in store) wins.
    Scores,
}

/// Most rows a board may have.
pub const MAX_ROWS: usize = 6;
/// Most holes a row may have (En Gehe: rows of 40 to 50 holes).
pub const MAX_COLUMNS: usize = 50;
/// Most holes a board may have: four rows of 40 holes (a board of two rows may have rows of
/// 50, one of six rows has rows of at most 26 holes).
pub const MAX_HOLES: usize = 160;
/// Slots of a position's count array: the holes, then a store for each player.
pub const MAX_SLOTS: usize = MAX_HOLES + 2;
/// Laps after which a sowing that has neither ended nor repeated its state counts as endless:
/// the engine's bound, which keeps every decision's work finite where seeds never leave a
/// circuit of many seeds and the sowing state takes astronomically long to repeat. A rules
/// file may state a lower one ([`Model::lap_limit`]).
pub const MAX_SOWING_LAPS: u32 = 100_000;
/// The least lap limit a rules file may state: a bound on sowings that do not end, not a
/// rule on how many laps a sowing has (and above the laps the engine's fast paths sow before
/// they hand a long sowing to the bounded one, so that every path agrees).
pub const MIN_LAP_LIMIT: u32 = 100;
/// Most decisions a position may offer: a sowing from each hole in each direction (320), or
/// a seed moved between any two of the 20 holes of a side of 4×10 (380, Makonn's
/// rearrangement), and a pass.
pub const MAX_CHOICES: usize = 20 * 19 + 1;
/// Most seeds a board may hold in all (counts are stored as `u16`).
pub const MAX_SEEDS: u32 = 20_000;

/// Most players a game may seat.
pub const MAX_SEATS: usize = 1 << SEAT_BITS;
/// Bits of a seat's number.
pub const SEAT_BITS: usize = 3;
/// The bits of a [`Player`] that hold the seat.
const SEAT_MASK: u8 = (MAX_SEATS - 1) as u8;

/// A player: a seat at a table of two or more. Seat 0 moves first, and turns go round the
/// seats in order.
///
/// A player knows how many sit at its table, so that the next player and its name need no
/// model: at two seats they are South (seat 0, rows a and b) and North (seat 1, the far
/// side); at four, South, East, North and West around the board anticlockwise, in turn order;
/// at other counts, Player 1, Player 2, …
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Player(u8);

#[allow(non_upper_case_globals)]
impl Player {
    /// Seat 0 of two: rows a (outer) and b (inner); moves first.
    pub const South: Player = Player::at(0, 2);
    /// Seat 1 of two, at the far side of the board.
    pub const North: Player = Player::at(1, 2);
    /// Both players of a two-seat game, South first.
    pub const BOTH: [Player; 2] = [Player::South, Player::North];

    /// Seat `seat` (from 0) of `seats`.
    pub const fn at(seat: usize, seats: usize) -> Player {
        assert!(seats >= 2 && seats <= MAX_SEATS && seat < seats);
        Player((seat | (seats - 1) << SEAT_BITS) as u8)
    }

    /// Every player of a table of `seats`, in turn order.
    #[inline]
    pub fn all(seats: usize) -> impl Iterator<Item = Player> + Clone {
        assert!((2..=MAX_SEATS).contains(&seats), "a table of {seats}");
        let table = ((seats - 1) << SEAT_BITS) as u8;
        (0..seats as u8).map(move |seat| Player(seat | table))
    }

    /// The players at this player's table, in turn order.
    pub fn table(self) -> impl Iterator<Item = Player> + Clone {
        Player::all(self.seats())
    }

    /// How many players sit at this player's table.
    pub fn seats(self) -> usize {
        usize::from(self.0 >> SEAT_BITS) + 1
    }

    /// The other player of a two-seat game. (At a larger table there is no one other
    /// player: see [`Player::next`].)
    #[inline]
    pub fn other(self) -> Player {
        debug_assert_eq!(self.seats(), 2, "the other player of a table of more than two");
        Player(self.0 ^ 1)
    }

    /// The player across the board: at two seats the other; at more, the seat halfway
    /// round the table (East's is West at four).
    #[inline]
    pub fn across(self) -> Player {
        let seats = self.seats();
        if seats == 2 { Player(self.0 ^ 1) } else { Player::at((self.index() + seats / 2) % seats, seats) }
    }

    /// The player whose turn comes before this player's.
    pub fn previous(self) -> Player {
        let seats = self.seats();
        Player::at((self.index() + seats - 1) % seats, seats)
    }

    /// The player whose turn comes after this player's.
    #[inline]
    pub fn next(self) -> Player {
        Player(if self.index() + 1 == self.seats() { self.0 & !SEAT_MASK } else { self.0 + 1 })
    }

    /// The seat, from 0 (South's is 0, North's 1).
    #[inline]
    pub fn index(self) -> usize {
        // Below MAX_SEATS by the mask, so that indexing a `ByPlayer` needs no bounds check.
        usize::from(self.0 & SEAT_MASK)
    }

    /// `South` or `North` at two seats; `South`, `East`, `North` or `West` at four; else
    /// `Player 1`, `Player 2`, …
    pub fn name(self) -> &'static str {
        const NUMBERED: [&str; MAX_SEATS] =
            ["Player 1", "Player 2", "Player 3", "Player 4", "Player 5", "Player 6", "Player 7", "Player 8"];
        match self.seats() {
            2 => ["South", "North"][self.index()],
            4 => ["South", "East", "North", "West"][self.index()],
            _ => NUMBERED[self.index()],
        }
    }
}

impl Player {
    /// The name in lower case, as a word of a command line or a file: `south`, `east`,
    /// `player3`.
    pub fn word(self) -> &'static str {
        const NUMBERED: [&str; MAX_SEATS] =
            ["player1", "player2", "player3", "player4", "player5", "player6", "player7", "player8"];
        match self.seats() {
            2 => ["south", "north"][self.index()],
            4 => ["south", "east", "north", "west"][self.index()],
            _ => NUMBERED[self.index()],
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A value for each seat (those past a game's seats hold their default).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct ByPlayer<T>([T; MAX_SEATS]);

impl<T: Default> ByPlayer<T> {
    /// South's and North's values, at a table of two.
    pub fn pair(south: T, north: T) -> ByPlayer<T> {
        let mut by = ByPlayer(std::array::from_fn(|_| T::default()));
        by.0[0] = south;
        by.0[1] = north;
        by
    }

    /// Build from a function of the player, for South and North.
    pub fn new_with(f: impl FnMut(Player) -> T) -> ByPlayer<T> {
        ByPlayer::for_seats(2, f)
    }

    /// Build from a function of the player, for every player of a table of `seats`.
    #[inline]
    pub fn for_seats(seats: usize, mut f: impl FnMut(Player) -> T) -> ByPlayer<T> {
        ByPlayer(std::array::from_fn(
            |seat| if seat < seats { f(Player::at(seat, seats)) } else { T::default() },
        ))
    }
}

impl<T> ByPlayer<T> {
    /// Every seat's value, in seat order (seats past a game's hold their default).
    pub fn values(&self) -> impl Iterator<Item = &T> {
        self.0.iter()
    }

    /// Apply a function to every seat's value.
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> ByPlayer<U> {
        ByPlayer(self.0.map(f))
    }

    /// Apply a function to every seat's value and another's of the same seat.
    pub fn zip_map<U, V>(self, other: ByPlayer<U>, mut f: impl FnMut(T, U) -> V) -> ByPlayer<V> {
        let mut other = other.0.into_iter();
        ByPlayer(self.0.map(|t| f(t, other.next().expect("a value for every seat"))))
    }
}

impl<T> Index<Player> for ByPlayer<T> {
    type Output = T;
    #[inline]
    fn index(&self, p: Player) -> &T {
        &self.0[p.index()]
    }
}

impl<T> IndexMut<Player> for ByPlayer<T> {
    #[inline]
    fn index_mut(&mut self, p: Player) -> &mut T {
        &mut self.0[p.index()]
    }
}

/// A row's role in a player's territory, as an index into [`Model::row_names`].
pub type Role = u8;

/// Metadata shown by `sow show`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Meta {
    /// The game's name.
    pub name: String,
    /// The ruleset compiled, if not the base game.
    pub ruleset: Option<String>,
    /// All ruleset names the file defines.
    pub rulesets: Vec<String>,
    /// Other names.
    pub aliases: Vec<String>,
    /// People and region.
    pub origin: Option<String>,
    /// The group of games it belongs to (`sow list` gathers games under it).
    pub family: Option<String>,
    /// Where the rules were recorded.
    pub sources: Vec<String>,
    /// Prose summary (whitespace collapsed).
    pub summary: Option<String>,
    /// The search the file names for its strongest computer player (`computer mcts`).
    pub computer: Option<Search>,
}

/// A search a rules file may name for its game's strongest computer player: the one that
/// wins at equal time on that game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Search {
    /// Alpha-beta search.
    AlphaBeta,
    /// Monte Carlo tree search.
    Mcts,
}

/// A parameter with the value it was compiled at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParamValue {
    /// Its name.
    pub name: String,
    /// The value used.
    pub value: u32,
    /// The value used when none is given.
    pub default: u32,
    /// Smallest allowed value.
    pub low: u32,
    /// Largest allowed value.
    pub high: u32,
    /// Allowed values go from `low` in steps of this size.
    pub step: u32,
    /// The allowed values where the file lists them (`in 6, 8, 12`), from the smallest;
    /// empty where they are a range.
    pub values: Vec<u32>,
    /// Description.
    pub doc: Option<String>,
}

/// The most holes a rule may count from the landing hole (`the 3rd hole after the landing
/// hole`).
pub const MAX_ALONG: i16 = 64;

/// Most kinds of marked hole a game may declare.
pub const MAX_MARKS: usize = 3;

/// A kind of mark, as an index into [`Model::marks`].
pub type MarkId = u8;

/// Words that describe a hole, from the mover's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HoleFilter {
    /// Empty or occupied (now).
    pub state: Option<HoleState>,
    /// Whose side.
    pub side: Option<Side>,
    /// Which row.
    pub role: Option<Role>,
    /// Which mark it must carry.
    pub mark: Option<MarkId>,
}

/// What a lap rule does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LapAction {
    /// Lift the landing hole and sow on.
    Relay,
    /// Lift the hole after the landing hole and sow on.
    RelayNext,
    /// Carry out capture number `n`; the sowing ends.
    Capture(u8),
    /// The mover decides: stop here, or relay.
    MayStop,
    /// The sowing ends and the same player may move again, or pass the turn on.
    MayMoveAgain,
    /// The sowing ends and the same player moves again.
    MoveAgain,
    /// The sowing ends, and the landing hole carries this mark, which leaves the mover's
    /// other holes (`mark the landing hole as pair`).
    MarkLanding(MarkId),
    /// The sowing ends, and some seeds of the landing hole go into another hole of the
    /// mover's: move number `n` of [`Model::landing_moves`].
    MoveLanding(u8),
    /// The landing hole or the hole before it carries a mark, which leaves the mover's other
    /// holes; the sowing then ends or relays (`mark the previous hole as nedf, then relay`).
    MarkHole(MarkHole),
    /// The sowing ends.
    Stop,
    /// Lift the landing hole and sow on the other way from the lap that just ended (`relay,
    /// turning back`). Played lap by lap. (Last, so that the fast path's matches on the
    /// others compile as they did.)
    RelayBack,
    /// The mover chooses one of the captures of choice number `n` of
    /// [`Model::capture_choices`] (`capture a or capture b [or stop]`). Played lap by lap.
    ChooseCapture(u8),
    /// The sowing ends and the same player moves again, that sowing going the other way
    /// (`move again, turning back`). Played lap by lap.
    MoveAgainBack,
}

/// `capture a or capture b [or stop]`: the captures a mover chooses among at a landing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaptureChoice {
    /// The captures, by index into [`Model::captures`], in the order written.
    pub captures: Vec<u8>,
    /// `or stop`: the mover may take nothing.
    pub stop: bool,
}

/// A lap rule's `mark the previous hole as nedf[, then relay]` (or `mark the landing hole as
/// nedf, then relay`), in one byte: the mark, whether the hole is the one before the landing
/// hole, whether the sowing relays the landing hole after.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MarkHole(u8);

impl MarkHole {
    /// The mark `mark` (below [`MAX_MARKS`]) on the landing hole, or with `previous` the hole
    /// before it; with `relay` the sowing goes on.
    pub fn new(mark: MarkId, previous: bool, relay: bool) -> Self {
        MarkHole((mark & 0x3f) | u8::from(previous) << 6 | u8::from(relay) << 7)
    }
    /// The mark.
    pub fn mark(self) -> MarkId {
        self.0 & 0x3f
    }
    /// Whether the hole marked is the one before the landing hole.
    pub fn previous(self) -> bool {
        self.0 & 0x40 != 0
    }
    /// Whether the sowing relays the landing hole after.
    pub fn relay(self) -> bool {
        self.0 & 0x80 != 0
    }
}

/// `move N seeds from the landing hole into HOLE`: seeds a lap rule moves on from where the
/// lap ended, at the end of the sowing. They stay on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LandingMove {
    /// How many seeds (all the landing hole holds, if fewer).
    pub count: u16,
    /// The row of the mover's hole they go into.
    pub role: Role,
    /// Its place in the row.
    pub column: Column,
    /// The hole is the opponent's (counted from their seat), else the mover's.
    pub opponent: bool,
}

/// A further condition of a lap rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fact {
    /// The opponent's hole of a row in the landing column is empty or occupied.
    Opposite(Role, HoleState),
    /// The opponent's hole of a row in the landing column holds between `min` and `max`
    /// seeds.
    OppositeHolds(Role, u16, u16),
    /// The opponent's hole of a row in the landing column (the hole across) is whose the
    /// side says, now (`the opposite hole is an opponent's hole`).
    OppositeSide(Role, Side),
    /// The opponent's hole of a row in the landing column carries a mark (`the opposite
    /// hole is a held hole`).
    OppositeMarked(Role, MarkId),
    /// The mover's own hole of a row in the landing column is empty or occupied.
    Column(Role, HoleState),
    /// The mover's own hole of a row in the landing column holds between `min` and `max`
    /// seeds.
    ColumnHolds(Role, u16, u16),
    /// The hole after the landing hole is empty or occupied.
    Next(HoleState),
    /// Every hole of that side's row of this role is empty, or some hole occupied.
    Row(Side, Role, HoleState),
    /// Some hole of that side's row of this role carries the mark (with `true`), or none
    /// does (`false`). Read lap by lap.
    RowMarked(Side, Role, MarkId, bool),
    /// The chosen hole held between `min` and `max` seeds.
    Origin(u16, u16),
    /// The landing hole holds between `min` and `max` seeds, the last one included.
    Holds(u16, u16),
    /// The hole before the landing hole along the circuit holds between `min` and `max`
    /// seeds.
    PreviousHolds(u16, u16),
    /// The hole so many holes after the landing hole along the circuit, in the direction of
    /// the lap (negative: before it, against the lap), holds between `min` and `max` seeds.
    /// Never 0, 1 or -1 (those are [`Fact::Next`] and [`Fact::PreviousHolds`]) where one of
    /// those says it.
    Along(i16, u16, u16),
    /// The hole so many holes from the landing hole (as [`Fact::Along`] counts) carries the
    /// mark.
    AlongMarked(i16, MarkId),
    /// A hole holds a count from `min` to `max` in steps of `step` (`2, 4 or 6 seeds`, `an
    /// even number of seeds`): the landing hole (the last seed included), the opposite hole of
    /// a row, or a hole counted from the landing hole. Read lap by lap.
    Stepped(CountAt, u16, u16, u16),
    /// The lap is the turn's first (the chosen hole's, or the hole a seed was placed in).
    FirstLap,
    /// The lap is the seeds of the mover's hand (a turn sowing the hand). Read lap by lap.
    HandLap,
    /// The lap's last seed went past a hole the sowing skips before it fell. Read lap by lap.
    LastSkipped,
    /// The mover's hole of a row at the landing hole's place from its owner's seat carries
    /// the mark (where one is given), else holds a count from `min` to `max` in steps of
    /// `step`. Read lap by lap.
    SameIndex(Role, Option<MarkId>, u16, u16, u16),
    /// The hole the turn began from carries the mark; never where the turn sows the hand.
    /// Read lap by lap.
    ChosenMarked(MarkId),
    /// A capture has been made earlier in the turn.
    TurnCaptured,
    /// The mover has made between so many captures so far in the game (or the round), by
    /// this step from the least (`7, 10, 13 …`; 1 for every count between).
    Made(u16, u16, u16),
    /// Between so many seeds are in the holes when the rule is read (`at most 8 seeds are on
    /// the board`), with `true` counting the seeds of the lap still to fall too (`… are in
    /// play`). Read lap by lap.
    OnBoard(u32, u32, bool),
    /// The mover (with `true`) or the opponent has between `min` and `max` holes, or with
    /// `occupied` holes holding seeds (stores aside). Read lap by lap.
    Holes {
        /// The mover's holes, else the opponent's.
        mover: bool,
        /// Only holes holding seeds.
        occupied: bool,
        /// The fewest holes.
        min: u16,
        /// The most holes.
        max: u16,
    },
    /// No lap of the turn so far (the one that just ended included) has dropped a seed into
    /// that side's row of this role; with `true`, no lap before the one that just ended has
    /// ended in that row.
    NotReached(Side, Role, bool),
}

impl Fact {
    /// Whether only the general interpreter reads the fact, lap by lap, from the model: a
    /// fact about the turn so far, the board, marks, the holes along the circuit or sets of
    /// counts. The rings' lap tables never decide such a fact, and take it as holding.
    pub fn lap_by_lap(self) -> bool {
        match self {
            Fact::FirstLap
            | Fact::HandLap
            | Fact::LastSkipped
            | Fact::SameIndex(..)
            | Fact::ChosenMarked(_)
            | Fact::TurnCaptured
            | Fact::Made(..)
            | Fact::OppositeSide(..)
            | Fact::OppositeMarked(..)
            | Fact::OnBoard(..)
            | Fact::Holes { .. }
            | Fact::Along(..)
            | Fact::AlongMarked(..)
            | Fact::RowMarked(..)
            | Fact::Stepped(..) => true,
            Fact::Opposite(..)
            | Fact::OppositeHolds(..)
            | Fact::Column(..)
            | Fact::ColumnHolds(..)
            | Fact::Next(_)
            | Fact::Row(..)
            | Fact::Origin(..)
            | Fact::Holds(..)
            | Fact::PreviousHolds(..)
            | Fact::NotReached(..) => false,
        }
    }
}

/// A hand sown as a turn's first lap (`a player may sow the seeds of their hand …`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandSow {
    /// The row of the hole its first seed goes into.
    pub role: Role,
    /// That hole's column, counted from the seat of its owner.
    pub column: Column,
    /// The hole is the opponent's (the next player's), not the mover's (`the opponent's
    /// leftmost house hole`).
    pub opponent: bool,
    /// The mover chooses how many of the hand's seeds to sow (`any number of the seeds`).
    pub any: bool,
    /// The lap goes round the row it starts in, never out of it (`, round own row`).
    pub round: bool,
}

/// The hole a [`Fact::Stepped`] reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CountAt {
    /// The landing hole.
    Landing,
    /// The opponent's hole of this row in the landing column.
    Opposite(Role),
    /// The mover's own hole of this row in the landing column.
    Column(Role),
    /// The hole so many holes from the landing hole, as [`Fact::Along`] counts.
    Along(i16),
}

/// Whether `n` is among the counts from `min` to `max` in steps of `step`.
#[inline]
pub fn in_counts(n: u16, min: u16, max: u16, step: u16) -> bool {
    (min..=max).contains(&n) && (n - min).is_multiple_of(step.max(1))
}

/// `when the last seed lands in …: ACTION`, compiled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LapRule {
    /// The landing place is the mover's store (the other fields then say nothing); a rule
    /// about holes never applies to a store.
    pub store: bool,
    /// The landing hole before the seed fell, if the rule says.
    pub landing: Option<HoleState>,
    /// Whose side the landing hole is on, if the rule says.
    pub side: Option<Side>,
    /// Which row role the landing hole has, if the rule says.
    pub role: Option<Role>,
    /// Which mark the landing hole carries, if the rule says.
    pub mark: Option<MarkId>,
    /// Further conditions.
    pub facts: Vec<Fact>,
    /// Conditions of which some fact must hold (`and A or B`), each fact with whether it is
    /// negated (`and not A`). Read lap by lap.
    pub either: Vec<Vec<(bool, Fact)>>,
    /// What happens.
    pub action: LapAction,
    /// Which seeds of a lap it is read at: its last (a lap rule), or each as it falls (a
    /// capture in passing).
    pub seeds: AtSeeds,
    /// The rule as the file words it.
    pub text: String,
}

/// Which seeds of a lap a lap rule is read at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AtSeeds {
    /// The last, where the lap ends.
    Last,
    /// Each seed as it falls, but the last.
    BeforeLast,
    /// Every seed as it falls, the last included (where it is a lap rule among the others).
    Every,
    /// Once, when the sowing is over (`when the sowing ends`).
    SowingEnd,
    /// Before each lap is lifted from a hole, at that hole (`when a lap starts from …`).
    LapStart,
}

impl LapRule {
    /// Whether it is read where a lap ends.
    #[inline]
    pub fn at_lap_end(&self) -> bool {
        matches!(self.seeds, AtSeeds::Last | AtSeeds::Every)
    }

    /// Whether it is read as the seeds of a lap before its last fall.
    #[inline]
    pub fn in_passing(&self) -> bool {
        matches!(self.seeds, AtSeeds::BeforeLast | AtSeeds::Every)
    }

    /// Whether it is read once, when the sowing is over.
    #[inline]
    pub fn at_sowing_end(&self) -> bool {
        self.seeds == AtSeeds::SowingEnd
    }

    /// Whether it is read before each lap is lifted from a hole.
    #[inline]
    pub fn at_lap_start(&self) -> bool {
        self.seeds == AtSeeds::LapStart
    }
}

/// A hole a capture takes at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// The landing hole itself.
    Landing,
    /// The opponent's hole of this row role in the landing column.
    Opposite(Role),
    /// Going back from the landing hole against the sowing, each hole while it is on the
    /// side said (the opponent's, the mover's, or either: `None`) and holds between `min` and
    /// `max` seeds, in steps of the last; or every second hole, the one between empty (see
    /// [`Run`]).
    HolesBefore(Run, u16, u16, u16),
    /// The same run on from the landing hole, in the direction of the sowing.
    HolesAfter(Run, u16, u16, u16),
    /// Every hole of the board (or of one side: the mover's, or their opponents') holding
    /// between `min` and `max` seeds (in steps of the last) when the capture is made; stores
    /// aside.
    Every(Option<Side>, u16, u16, u16),
    /// The same sweep over the holes a seed of the turn's laps has fallen into (`every hole
    /// sown this turn that holds …`). A variant of its own, not a flag of [`Target::Every`]:
    /// a target stays eight bytes.
    EverySown(Option<Side>, u16, u16, u16),
    /// The mover's own hole of this row role in the landing column.
    Column(Role),
    /// The hole so many holes after the landing hole along the circuit, in the direction of
    /// the lap (negative: before it), whoever's seeds it holds; a store is never taken.
    Along(i16),
    /// The opponent's hole of this row role in the column of the hole [`Target::Along`]
    /// counts (none where that is a store or has no opposite hole).
    OppositeAlong(Role, i16),
    /// The mover's own hole of this row role in the column of the hole [`Target::Along`]
    /// counts, whichever side that hole is on (none where it is a store).
    ColumnAlong(Role, i16),
}

/// Whose holes a run of holes keeps to (`None`: either side's), and whether it steps over an
/// empty hole between each two it takes (`every other one across an empty hole`): one byte,
/// so that a [`Target`] stays eight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Run(u8);

impl Run {
    /// A run over `side`'s holes, every other one across an empty hole with `gaps`.
    pub fn new(side: Option<Side>, gaps: bool) -> Run {
        let side = match side {
            None => 0,
            Some(Side::Own) => 1,
            Some(Side::Opponent) => 2,
        };
        Run(side | u8::from(gaps) << 2)
    }

    /// Whose holes the run keeps to (`None`: either side's).
    pub fn side(self) -> Option<Side> {
        match self.0 & 3 {
            1 => Some(Side::Own),
            2 => Some(Side::Opponent),
            _ => None,
        }
    }

    /// Whether the run takes every second hole, the one between empty.
    pub fn gaps(self) -> bool {
        self.0 & 4 != 0
    }

    /// The run, taking with each of its holes the hole opposite it (`, with their opposite
    /// holes`) where `across`.
    pub fn across(self, across: bool) -> Run {
        Run(self.0 | u8::from(across) << 3)
    }

    /// Whether the run takes the hole opposite each of its holes too.
    pub fn takes_across(self) -> bool {
        self.0 & 8 != 0
    }
}

// A capture's targets are read in the engine's capture loop: they stay eight bytes.
const _: () = assert!(std::mem::size_of::<Target>() == 8);

/// A capture: the holes taken at once, then the mover's follow-up choices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Capture {
    /// Its name in the file.
    pub name: String,
    /// Holes emptied at once.
    pub take: Vec<Target>,
    /// At most this many seeds are taken from each hole (else all it holds); none, where
    /// the holes are taken only to be claimed or marked (`take nothing from …`).
    pub each: Option<u16>,
    /// Opposite holes are those facing the hole the capturing lap was lifted from (else the
    /// landing hole).
    pub origin_column: bool,
    /// The seeds the sower still holds are taken too, and the lap ends (`and the seeds left
    /// to sow`): in a capture made as a seed falls; elsewhere the sower holds none.
    pub hand: bool,
    /// Holes carrying this mark are never taken (`, except store holes`).
    pub except: Option<MarkId>,
    /// Where the taken seeds go.
    pub destination: Destination,
    /// A capture that would take every seed on the opponent's side takes nothing.
    pub not_every_seed: bool,
    /// After the capture, the hole after the landing hole (or the landing hole itself) is
    /// lifted and sown on (under the lap rules) if it holds between these many seeds; else
    /// the turn ends.
    pub relay_after: Option<RelayAfter>,
    /// Choices that follow, in order.
    pub follow_ups: Vec<FollowUp>,
    /// When the capture is over (its picks made), the same player moves again.
    pub again: bool,
    /// … or may pass the turn on (`then may move again`).
    pub again_may: bool,
    /// Once its holes are taken, the landing hole is the mover's for the rest of the game
    /// (`then the landing hole becomes the mover's`).
    pub claim: bool,
    /// Once its holes are taken, the landing hole carries this mark (`then mark the landing
    /// hole as NAME`).
    pub mark: Option<MarkId>,
    /// The claim is of every hole the capture's `take` names, not the landing hole (`then
    /// the taken holes become the mover's`).
    pub claim_taken: bool,
    /// The mark goes on every hole the capture's `take` names (`then mark the taken holes as
    /// NAME`).
    pub mark_taken: bool,
}

impl Capture {
    /// Whether the capture claims or marks the holes it takes.
    #[inline]
    pub fn claims_taken(&self) -> bool {
        (self.claim && self.claim_taken) || (self.mark.is_some() && self.mark_taken)
    }
}

/// `then relay from the next hole if it holds …` (or `from the landing hole`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RelayAfter {
    /// The landing hole is lifted, not the hole after it.
    pub landing: bool,
    /// Fewest seeds it must hold.
    pub min: u16,
    /// Most seeds it may hold.
    pub max: u16,
}

/// A choice the mover makes after a capture, one decision at a time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FollowUp {
    /// Remove seeds one at a time from the region, in board order.
    Strip {
        /// Only if the capture took seeds from this opposite row's hole.
        condition: Option<Role>,
        /// Whether the mover may stop early.
        optional: bool,
        /// How many.
        amount: Amount,
        /// From where.
        region: Region,
    },
    /// Empty whole occupied holes of the region, in board order.
    ExtraHoles {
        /// Only if the capture took seeds from this opposite row's hole.
        condition: Option<Role>,
        /// Whether the mover may stop early.
        optional: bool,
        /// How many: by the mover's number of captures so far (1st, 2nd, …), the last
        /// repeating.
        counts: Vec<u16>,
        /// From where.
        region: Region,
        /// Holes with this mark may not be taken.
        except: Option<MarkId>,
    },
}

impl FollowUp {
    /// The region the follow-up takes from.
    pub fn region(&self) -> Region {
        match self {
            FollowUp::Strip { region, .. } | FollowUp::ExtraHoles { region, .. } => *region,
        }
    }

    /// The row whose opposite hole must have been taken for the follow-up to happen.
    pub fn condition(&self) -> Option<Role> {
        match self {
            FollowUp::Strip { condition, .. } | FollowUp::ExtraHoles { condition, .. } => *condition,
        }
    }

    /// The mark whose holes are protected.
    pub fn except(&self) -> Option<MarkId> {
        match self {
            FollowUp::Strip { .. } => None,
            FollowUp::ExtraHoles { except, .. } => *except,
        }
    }
}

/// How many seeds a strip removes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Amount {
    /// As many as the capture's `take` took.
    AsTaken,
    /// A fixed number.
    Seeds(u16),
}

/// A part of the opponent's side: the whole territory or one row role.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Region {
    /// `None` for the whole territory.
    pub role: Option<Role>,
}

impl Region {
    /// Index into the region tables: 0 for the territory, `1 + role` for a row.
    pub fn index(self) -> usize {
        self.role.map_or(0, |r| r as usize + 1)
    }
}

/// How the game ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EndRules {
    /// A player with no seeds on their side loses, or ends the game (scored), or wins.
    pub no_seeds: Option<Ending>,
    /// The most seeds on their side a player may have for `no_seeds` to apply: 0 (no seeds)
    /// unless the rule says `with at most N seeds`.
    pub no_seeds_most: u16,
    /// What happens to a player who has seeds but no legal move.
    pub blocked: Blocked,
    /// A blocked player who would lose draws instead, and the game ends, when they have
    /// captured at least this many seeds in the game (`, or draws if they have captured at
    /// least 50 seeds`).
    pub blocked_draw: Option<u16>,
    /// A repeated position (at a turn boundary) is a draw, or ends the game (scored).
    pub repetition: Option<Ending>,
    /// … only where the players agree to it (`a repeated position lets the players agree to
    /// a draw`): the player to move at a repeated position may offer it, the others accept or
    /// refuse.
    pub agreed: bool,
    /// A store holding this many seeds ends the game (scored).
    pub store_limit: Option<StoreLimit>,
    /// `a player who has captured every seed wins` (or `… at least N seeds …`): the seeds a
    /// player's captures of the game must come to for them to win, checked after every turn.
    pub captured_win: Option<StoreLimit>,
    /// A game that reaches this many turns is a draw.
    pub turn_limit: Option<u32>,
    /// A player whose row of this role is empty loses.
    pub row_empty: Option<Role>,
    /// … checked after every lap a sowing goes on from as well, for both players.
    pub row_empty_every_lap: bool,
    /// A player with all their seeds in one hole wins.
    pub one_hole: bool,
    /// … checked after every lap a sowing relays from as well, for the mover.
    pub one_hole_every_lap: bool,
    /// A pass answered by a pass is a draw.
    pub passes_draw: bool,
    /// … and ends it on the score rather than in a draw.
    pub passes_scored: bool,
    /// Passing is always on offer in the main game, and loses.
    pub pass_loses: bool,
    /// A player whose captures of one turn of the main game take both end holes of the
    /// opponent's row of this role wins.
    pub end_holes: Option<Role>,
    /// At most this many seeds in the holes (stores aside) at the end of a turn ends the game
    /// (scored).
    pub few_seeds: Option<u16>,
    /// A player to move with no seeds on their side is given seeds from the captures of the
    /// player who just moved.
    pub gift: Option<Gift>,
    /// … counted on each player's side: every player has at most that many (`on each side`).
    pub few_seeds_each: bool,
    /// `every hole holds at most 1 seed ends the game and …`: a fact about holes, read from the
    /// seat of the player to move at the end of every turn, ends the game (scored).
    pub every_holds: Option<SideFact>,
    /// No hole carrying this mark holding a seed (with some hole carrying it), at the end of
    /// a turn, ends the game (scored).
    pub marks_empty: Option<MarkId>,
    /// … read the other way round: every seed on the board lies in a hole carrying the mark
    /// (`every seed on the board is in a won hole …`).
    pub marks_hold_all: bool,
    /// The rules read only in one phase (`in the main game, …`): each rule's kind, and the
    /// phase (index into [`Model::phases`]) the player to move must be in.
    pub only_in: Vec<(EndKind, u8)>,
    /// What a game ended on scores counts.
    pub score: Score,
    /// At the end of the game the seeds left on the board count for the player who made the
    /// last move (`, the seeds left going to the player who moved last,`), not for the owners
    /// of their holes.
    pub left_to_last: bool,
    /// The game is played in rounds: every end rule but the turn limit ends a round, and
    /// the board is filled again from what each player has.
    pub rounds: Option<Rounds>,
    /// A player whose points from the rounds come to this many wins (`a player who has
    /// scored 60 points wins`).
    pub points_win: Option<u16>,
    /// The kinds of scored rule that end the game only after each player still in it has
    /// played one more turn (`ends the game after one more turn each …`).
    pub last_turns: Vec<EndKind>,
}

/// The kinds of end rule, as a rule scoped to a phase names its kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndKind {
    /// `a player with no seeds …`.
    NoSeeds,
    /// `a player who cannot move …`.
    Blocked,
    /// `a repeated position …`.
    Repetition,
    /// `a store with … seeds …`.
    StoreLimit,
    /// `a player who has captured … wins`.
    CapturedWin,
    /// `at most N seeds on the board …`.
    FewSeeds,
    /// `every hole holds at most 1 seed …`.
    EveryHolds,
    /// `after N turns the game is a draw`.
    TurnLimit,
    /// `a player whose ROW row is empty loses`.
    RowEmpty,
    /// `a player with all their seeds in one hole wins`.
    OneHole,
    /// `two passes in a row are a draw`.
    PassesDraw,
    /// `a player may pass and lose`.
    PassLoses,
    /// `a player who takes both end holes … wins`.
    EndHoles,
    /// `every MARK hole is empty …`.
    MarksEmpty,
    /// `a player with no seeds is given …`.
    Gift,
}

/// `a player with no seeds is given 1 seed from the opponent's captures into the leftmost
/// house hole`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gift {
    /// Seeds given.
    pub count: u16,
    /// The receiver's row they go into.
    pub role: Role,
    /// … and its hole, from the receiver's seat.
    pub column: Column,
}

/// How many seeds a store must hold to end the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StoreLimit {
    /// More than half the seeds of the game.
    MoreThanHalf,
    /// At least half the seeds of the game (half of an odd number rounded up).
    AtLeastHalf,
    /// At least this many.
    AtLeast(u16),
    /// Every seed of the game.
    Every,
}

impl StoreLimit {
    /// The fewest seeds a store must hold, in a game of `total` seeds.
    pub fn threshold(self, total: u32) -> u32 {
        match self {
            StoreLimit::MoreThanHalf => total / 2 + 1,
            StoreLimit::AtLeastHalf => total.div_ceil(2),
            StoreLimit::AtLeast(n) => u32::from(n),
            StoreLimit::Every => total,
        }
    }
}

/// How a game of rounds makes the board for the next round, what a round scores, and who
/// starts the next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rounds {
    /// How each player fills the board again from the seeds they have; `None` where each
    /// round starts as the game does.
    pub refill: Option<Refill>,
    /// What the winner of a round adds to their points.
    pub points: Option<RoundPoints>,
    /// Who moves first in the next round.
    pub starts: RoundStart,
    /// A round that ends with equal scores ends the game, drawn (`an equal round is a draw`).
    pub equal_draw: bool,
}

/// What the winner of a round scores, in points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoundPoints {
    /// Their score less the best of the others' (none where that is not more).
    Difference,
    /// So many points.
    Points(u16),
}

/// How a game of rounds fills the board again when a round ends, from the seeds each player
/// has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refill {
    /// Seeds put into each hole filled (`u16::MAX` with `as_setup`: read hole by hole).
    pub seeds: u16,
    /// Each hole filled takes its setup count (`as the setup does`).
    pub as_setup: bool,
    /// Each row is filled from the player's right (else from their left).
    pub from_right: bool,
    /// The holes are filled in the order the player sows them, from the first of theirs
    /// along their circuit (`along the circuit`), rather than row by row.
    pub along: bool,
    /// The own holes of this mark are left out of the refill: not cleared, not filled.
    pub except: Option<MarkId>,
    /// Every player fills only as many holes as the player with the fewest seeds can.
    pub fewest: bool,
    /// Seeds too few to fill a last hole go into it where they are at least this many (1,
    /// unless the file says `if there are at least N`); else they stay in the store or hand.
    pub rest: Option<u16>,
    /// Where no player's seeds left make a last hole but every player still in the game has at
    /// least this many left over, the players draw lots for it (`, or by lot if each has 2`):
    /// the one the lot falls to makes it as if they had enough. 0 where the rules say nothing.
    pub lot: u16,
    /// A last hole filled short is made up with the seeds the others have left over.
    pub made_up: bool,
    /// Seeds that fill no hole go one into each hole after the full ones (`, the seeds left
    /// one a hole`).
    pub spread: bool,
    /// A player with fewer seeds than this fills their holes one seed each (`, one seed a
    /// hole for a player with under 5 seeds`); 0 where the rules do not say so.
    pub few: u16,
    /// Only the player with fewer seeds (the loser) fills by the line; the other fills the
    /// holes facing those, as they were filled (`, the winner matching the loser's holes`).
    pub matching: bool,
    /// Before a round is filled, every hole won in play is its first owner's again.
    pub fresh: bool,
    /// A player with seeds over once their own holes are filled fills the holes the others
    /// leave empty, which become theirs.
    pub win: bool,
    /// The mark the own holes left empty carry for the round.
    pub closed: Option<MarkId>,
    /// A last hole filled with fewer seeds than the others carries the mark too.
    pub closed_short: bool,
    /// The board a round is played on shrinks with the loser's share of the seeds (`, the
    /// board smaller by 1 column while the loser has under 1/2 of the seeds, by 2 under 1/4,
    /// …`): the steps, in the order written (shares falling, columns rising).
    pub shrink: [Option<ShrinkStep>; MAX_SHRINK_STEPS],
    /// A player who cannot fill a hole ends the game on score, rather than losing (`, a
    /// player who cannot fill a hole ends the game and …`).
    pub unable_ends: bool,
}

/// The most steps a board that shrinks with the loser's share may have.
pub const MAX_SHRINK_STEPS: usize = 4;

/// A step of a board that shrinks with the loser's share: smaller by `columns` columns while
/// the loser has less than `share.0 / share.1` of all the seeds of the setup.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShrinkStep {
    /// The columns the board is smaller by.
    pub columns: u8,
    /// The share: numerator, denominator.
    pub share: (u16, u16),
}

/// Who moves first in the next round of a game of rounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoundStart {
    /// The player who would have moved next.
    Next,
    /// The winner of the round (the player with the most seeds), else the next player.
    Winner,
    /// The loser of the round (the player with the fewest seeds), else the next player.
    Loser,
    /// The rounds are started in turn round the table, from the game's first player: the
    /// player who moved second in a round starts the next.
    InTurn,
    /// The game's first player starts every round.
    First,
}

/// What a game ended on scores counts for each player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Seeds on their side, in hand and in their store.
    Seeds,
    /// Seeds their captures took (wherever they went), and those in their store.
    Captured,
    /// Seeds in their holes of a row or mark (`Territory`, `Row` or `Marked`), as they
    /// stand, and nothing else.
    Holes(HoleSet),
}

/// How an end rule settles the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The rule's own result: the player with no seeds loses; a repetition is a draw.
    Plain,
    /// The game ends and the player with more seeds (side, hand and store) wins.
    Scored,
    /// The player the rule names wins: `a player with no seeds wins` (a misère goal). A
    /// repeated position names no player: the model check refuses it there.
    Wins,
}
