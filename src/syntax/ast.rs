//! The typed syntax tree of a rules file. Every node carries the span it was written at;
//! nothing here is checked beyond the grammar (names are unresolved, numbers unbounded).

use crate::span::{Span, Spanned};

/// A parsed rules file.
#[derive(Clone, Debug, PartialEq)]
pub struct File {
    /// The one game the file describes.
    pub game: Game,
}

/// `game "Name" { … }`.
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    /// The game's name.
    pub name: Spanned<String>,
    /// The sections of the base game, in the order written.
    pub sections: Vec<Section>,
    /// The named rulesets, in the order written.
    pub rulesets: Vec<Ruleset>,
}

/// `ruleset "name" [extends "parent"] { … }`: sections that replace those of the game it
/// starts from (the base game, or the ruleset it extends).
#[derive(Clone, Debug, PartialEq)]
pub struct Ruleset {
    /// The ruleset's name.
    pub name: Spanned<String>,
    /// `extends "parent"`: the name of the ruleset it starts from.
    pub extends: Option<Spanned<String>>,
    /// The sections it restates.
    pub sections: Vec<Section>,
}

/// One section, with the span of its leading keyword and of the whole section.
#[derive(Clone, Debug, PartialEq)]
pub struct Section {
    /// The leading keyword (`setup`, `param`, …).
    pub keyword: Span,
    /// The whole section.
    pub span: Span,
    /// What it says.
    pub kind: SectionKind,
}

/// The sections a game or ruleset may contain.
#[derive(Clone, Debug, PartialEq)]
pub enum SectionKind {
    /// `aliases "…", "…"`.
    Aliases(Vec<Spanned<String>>),
    /// `origin "…"`.
    Origin(Spanned<String>),
    /// `family "…"`: the group of games it belongs to.
    Family(Spanned<String>),
    /// `sources "…", "…"`.
    Sources(Vec<Spanned<String>>),
    /// `summary "…"`.
    Summary(Spanned<String>),
    /// `computer mcts`: the search of the game's strongest computer player.
    Computer(Spanned<SearchKind>),
    /// `param name = default in low..high step n "doc"`.
    Param(Param),
    /// `players N`: how many play.
    Players(Spanned<u64>),
    /// `board R rows of C holes, no stores`.
    Board(Board),
    /// `opposite holes[, when PARAM is N] { HOLE: ROW HOLE, … }`.
    OppositeHoles(OppositeHoles),
    /// `territory each player owns rows …`.
    Territory(Territory),
    /// `setup { … }`.
    Setup(Setup),
    /// `circuit own rows DIRECTION`.
    Circuit(Circuit),
    /// `choose { … }`.
    Choose(Choose),
    /// `sow all seeds from the next hole[, DIRECTION]`.
    Sow(Box<Sow>),
    /// `after each lap { … }`.
    AfterLap(AfterLap),
    /// `after each lap, first: when …` (in a ruleset): one lap rule put in front.
    LapRuleFirst(LapRule),
    /// `after N laps a sowing is endless`: the number of laps.
    LapLimit(Spanned<Value>),
    /// `capture NAME { … }`.
    Capture(Capture),
    /// `end { … }`.
    End(EndRules),
    /// `end, also: …` or `end, instead: …` (in a ruleset): one end rule restated.
    EndRestated(EndRestated),
    /// `marks NAME: …`.
    Marks(Marks),
    /// `opening "name" { … }`.
    Opening(Opening),
    /// `lasts N turns` (in an opening).
    Lasts(Spanned<Value>),
    /// `take N occupied holes from …` (a turn of an opening).
    TakeTurn(TakeTurn),
    /// `move N seeds from … to …` (a turn of an opening).
    TransferTurn(TransferTurn),
    /// `mark … hole as NAME` (a turn of an opening).
    MarkTurn(MarkTurn),
    /// `remove the seeds of … from play`, `put the seeds of … in the mover's hand`.
    EmptyTurn(EmptyTurn),
    /// `a player may pass [when FACT and …]` (in an opening): the facts, if any.
    OpeningPass(Vec<Spanned<SideFact>>),
    /// `it ends …` (in an opening).
    OpeningEnd(OpeningEnd),
    /// `a player keeps the turn until they pass, at most N moves` (in an opening).
    KeepTurn(Spanned<Value>),
    /// `a seed moved into … captures NAME` (in an opening).
    DropCapture(DropCapture),
    /// `a player who cannot move in it loses` (in an opening).
    OpeningBlocked,
    /// `a player may swap sides[, instead of moving]` (in an opening): `true` with the
    /// clause.
    OpeningSwap(bool),
    /// `only the first player plays it` (in an opening), and where written, `, the other
    /// matching their arrangement`; then `, from the second round on`, as [`SectionKind::Rounds`].
    FirstOnly(Option<Span>, Option<Spanned<PlayedRounds>>),
    /// `it is played from the second round on` or `… in the first round only` (in an opening).
    Rounds(Spanned<PlayedRounds>),
}

impl SectionKind {
    /// The keyword that opens this section, as written in a file.
    pub fn keyword(&self) -> &'static str {
        match self {
            SectionKind::Aliases(_) => "aliases",
            SectionKind::Origin(_) => "origin",
            SectionKind::Family(_) => "family",
            SectionKind::Sources(_) => "sources",
            SectionKind::Summary(_) => "summary",
            SectionKind::Computer(_) => "computer",
            SectionKind::Param(_) => "param",
            SectionKind::Players(_) => "players",
            SectionKind::Board(_) => "board",
            SectionKind::OppositeHoles(_) => "opposite holes",
            SectionKind::Territory(_) => "territory",
            SectionKind::Setup(_) => "setup",
            SectionKind::Circuit(_) => "circuit",
            SectionKind::Choose(_) => "choose",
            SectionKind::Sow(_) => "sow",
            SectionKind::AfterLap(_) => "after each lap",
            SectionKind::LapRuleFirst(_) => "after each lap, first:",
            SectionKind::LapLimit(_) => "after N laps",
            SectionKind::Capture(_) => "capture",
            SectionKind::End(_) => "end",
            SectionKind::EndRestated(r) if r.instead => "end, instead:",
            SectionKind::EndRestated(_) => "end, also:",
            SectionKind::Marks(_) => "marks",
            SectionKind::Opening(_) => "opening",
            SectionKind::Lasts(_) => "lasts",
            SectionKind::TakeTurn(_) => "take",
            SectionKind::TransferTurn(_) => "move",
            SectionKind::MarkTurn(_) => "mark",
            SectionKind::EmptyTurn(_) => "remove",
            SectionKind::OpeningPass(_) => "a player may pass",
            SectionKind::OpeningEnd(OpeningEnd::BothPass) => "it ends when both players pass",
            SectionKind::OpeningEnd(OpeningEnd::ForPlayer(_)) => "it ends for a player",
            SectionKind::OpeningEnd(OpeningEnd::OwnPass) => "it ends for a player when they pass",
            SectionKind::OpeningEnd(OpeningEnd::AtCapture(_)) => "it ends for a player when a capture leaves",
            SectionKind::OpeningBlocked => "a player who cannot move in it loses",
            SectionKind::OpeningSwap(_) => "a player may swap sides",
            SectionKind::FirstOnly(..) => "only the first player plays it",
            SectionKind::Rounds(_) => "it is played from the second round on",
            SectionKind::KeepTurn(_) => "a player keeps the turn",
            SectionKind::DropCapture(_) => "a seed moved into",
        }
    }
}

/// A number written in the file, or the name of a parameter standing for one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// A literal number.
    Int(u64),
    /// A parameter reference.
    Param(String),
}

/// `param columns = 8 in 8..36 "holes per row"`.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    /// The parameter's name.
    pub name: Spanned<String>,
    /// Its default value.
    pub default: Spanned<u64>,
    /// Its range, if given.
    pub range: Option<ParamRange>,
    /// A description.
    pub doc: Option<Spanned<String>>,
}

/// `in low..high step n`.
#[derive(Clone, Debug, PartialEq)]
pub struct ParamRange {
    /// Smallest value.
    pub low: Spanned<u64>,
    /// Largest value.
    pub high: Spanned<u64>,
    /// Values go from `low` in steps of this size.
    pub step: Option<Spanned<u64>>,
    /// The values listed (`in 6, 8, 12`), in the order written; empty for a range.
    pub values: Vec<Spanned<u64>>,
    /// The whole range text.
    pub span: Span,
}

/// `board R rows of C holes, no stores`.
#[derive(Clone, Debug, PartialEq)]
pub struct Board {
    /// Number of rows.
    pub rows: Spanned<Value>,
    /// Holes per row.
    pub columns: Spanned<Value>,
    /// `no stores`, if written.
    pub no_stores: Option<Span>,
    /// `a store for each player`, if written.
    pub stores: Option<Span>,
    /// `, and a side store for each player in the middle of the ROW row`: the row named.
    pub side_stores: Option<Spanned<String>>,
}

/// `opposite holes[, when PARAM is N] { b1: inner c2, outer d3 … }`: holes that stand
/// opposite a hole in place of the board's own.
#[derive(Clone, Debug, PartialEq)]
pub struct OppositeHoles {
    /// `, when PARAM is N`: the table holds only where it does.
    pub when: Option<Spanned<SetupWhen>>,
    /// One line per hole.
    pub lines: Vec<OppositeLine>,
}

/// `b1: inner c2, outer d3`.
#[derive(Clone, Debug, PartialEq)]
pub struct OppositeLine {
    /// The hole whose opposite holes the line gives.
    pub hole: Spanned<HoleName>,
    /// For each row named, what stands opposite.
    pub faces: Vec<(Spanned<String>, Spanned<Facing>)>,
}

/// A hole in board notation (`b1`): its row letter's index from `a` and its column from 1,
/// as written (checked against the board when compiled).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HoleName {
    /// `a` is 0.
    pub row: u8,
    /// `1` is South's leftmost column.
    pub column: u64,
}

/// What stands opposite a hole in an [`OppositeLine`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Facing {
    /// A hole of the board.
    Hole(HoleName),
    /// The mover's (`Own`) or the opponent's side store.
    SideStore(Side),
    /// `nothing`: no hole.
    Nothing,
}

/// `territory each player owns rows outer, inner`.
#[derive(Clone, Debug, PartialEq)]
pub struct Territory {
    /// Row names, from the owner's seat inward (none with `share`).
    pub rows: Vec<Spanned<String>>,
    /// `an equal part of the circuit` (or `the left half of the board`), if written, instead
    /// of rows.
    pub share: Option<Span>,
    /// `the left half of the board` (or `right`), if written: the parts of the circuit are
    /// the halves of the board.
    pub half: Option<Spanned<crate::model::Half>>,
    /// `every hole`, if written, instead of rows: every hole is every player's.
    pub common: Option<Span>,
    /// `at the start, then the holes that hold their seeds`, if written: holes belong by the
    /// colour of their seeds.
    pub by_colour: Option<Span>,
    /// `and the right half of row middle`, if written: the half of a board's middle row each
    /// player owns (its name is the last of `rows`), and where it is written.
    pub middle: Option<Spanned<crate::model::Half>>,
}

/// `setup { … }`.
#[derive(Clone, Debug, PartialEq)]
pub struct Setup {
    /// Lines in order; later lines override earlier ones.
    pub lines: Vec<SetupLine>,
    /// `the first player is drawn by lot`.
    pub first_by_lot: Option<Span>,
}

/// `COUNT in HOLES[, when PARAM is N][, for PLAYER only]`.
#[derive(Clone, Debug, PartialEq)]
pub struct SetupLine {
    /// Seeds per hole.
    pub count: Spanned<Count>,
    /// Which holes.
    pub holes: Spanned<HoleSet>,
    /// `when columns is at least 3`: the boards the line holds on.
    pub when: Option<Spanned<SetupWhen>>,
    /// `for North only`: the one player whose holes the line fills.
    pub only: Option<Spanned<SeatName>>,
}

/// A number worked out from numbers and parameters: `2 × columns`, `(columns - 1) / 2`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Count {
    /// A number or a parameter.
    Value(Value),
    /// Two counts joined by an operator.
    Op(Box<Spanned<Count>>, CountOp, Box<Spanned<Count>>),
}

/// An operator of a [`Count`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CountOp {
    /// `+`.
    Add,
    /// `-`.
    Sub,
    /// `×` or `*`.
    Mul,
    /// `/`, rounding down.
    Div,
}

/// `when columns is at least 3`.
#[derive(Clone, Debug, PartialEq)]
pub struct SetupWhen {
    /// The parameter.
    pub param: Spanned<String>,
    /// How its value compares.
    pub bound: Bound,
    /// With what.
    pub value: u64,
}

/// A player named in a rules file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatName {
    /// `South`, the first player.
    South,
    /// `North`.
    North,
}

/// The holes a setup line fills, on both sides.
#[derive(Clone, Debug, PartialEq)]
pub enum HoleSet {
    /// `every hole`.
    Every,
    /// `every hole of the circuit`.
    EveryOnCircuit,
    /// `every ROW hole`.
    EveryInRow(Spanned<String>),
    /// `the COUNT leftmost|rightmost ROW holes`: a run at one end of a row.
    Run {
        /// How many holes.
        count: Spanned<Count>,
        /// Which end: [`HolePosition::Leftmost`] or [`HolePosition::Rightmost`].
        end: HolePosition,
        /// The row.
        row: Spanned<String>,
    },
    /// `the POSITION ROW hole [from the right]`.
    One {
        /// Which hole of the row.
        position: Spanned<HolePosition>,
        /// The row.
        row: Spanned<String>,
        /// Whether an ordinal counts from the owner's right.
        from_right: bool,
    },
    /// `each hand`: seeds each player holds in hand at the start (in a setup only).
    Hand,
    /// `b3`: one hole of the board, in board notation (in marks and setup lines).
    Named(HoleName),
}

/// Which hole of a row, from the owner's seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HolePosition {
    /// `leftmost`.
    Leftmost,
    /// `rightmost`.
    Rightmost,
    /// `3rd`: 1-based.
    Nth(u64),
}

/// `circuit own rows DIRECTION [or DIRECTION, chosen once | each turn]`.
#[derive(Clone, Debug, PartialEq)]
pub struct Circuit {
    /// `all rows` (the whole board, shared), rather than `own rows`.
    pub all_rows: Option<Span>,
    /// `ROW rows`: both players' rows of that name as one shared ring.
    pub rows_of: Option<Spanned<String>>,
    /// `the edge`: the ring of the board's edge, shared.
    pub edge: Option<Span>,
    /// `a path through neighbouring holes, chosen seed by seed`: no ring (the direction is
    /// then anticlockwise, unread).
    pub path: Option<Span>,
    /// Which way, seen from above.
    pub direction: Spanned<Direction>,
    /// The other direction, if players may choose it, and whether with every sowing (else
    /// once for good).
    pub other: Option<(Spanned<Direction>, bool)>,
    /// `chosen each round`, if written: the other direction is chosen once in each round.
    pub each_round: Option<Span>,
    /// `for all players`, if written: the first choice of direction is everyone's.
    pub for_all: Option<Span>,
    /// `through the mover's store`, if written.
    pub through_store: Option<Span>,
    /// `skipping the origin hole`, if written.
    pub skip_origin: Option<Span>,
    /// `skipping the chosen hole`, if written.
    pub skip_chosen: Option<Span>,
}

/// `sow all seeds from the next hole[, DIRECTION]`.
#[derive(Clone, Debug, PartialEq)]
pub struct Sow {
    /// `N seeds`: how many seeds a turn's first lap lifts (all, if not said).
    pub count: Option<Spanned<Value>>,
    /// `any number of seeds`: the mover chooses how many seeds the first lap lifts.
    pub any: Option<Span>,
    /// `, leaving at least N seeds`: N, spanned as the whole clause.
    pub leave: Option<Spanned<u64>>,
    /// `starting with the chosen hole`: the first lap's first seed goes back into it.
    pub itself: Option<Span>,
    /// `, unless it holds N seeds`: a chosen hole of that many seeds is sown from the next
    /// hole all the same.
    pub itself_unless: Option<Spanned<u64>>,
    /// A direction that overrides the circuit's.
    pub direction: Option<Spanned<Direction>>,
    /// What a seed sown into a hole of the opponent's colour does, if said.
    pub overrun: Option<Spanned<Overrun>>,
    /// `, N seeds into the first hole`: what the first hole sown receives, if said.
    pub first_hole: Option<Spanned<Value>>,
    /// `, N seeds into each empty hole`: what each hole empty when a lap reaches it receives.
    pub empty_hole: Option<Spanned<Value>>,
    /// `, N seeds into each hole`: what every hole a lap reaches receives.
    pub each_hole: Option<Spanned<Value>>,
    /// `1 seed from the mover's hand into the chosen hole, then …`, if that is the line.
    pub place: Option<Spanned<Place>>,
    /// `, skipping NAME holes`: the mark whose holes no lap drops a seed into, if said.
    pub skip: Option<Spanned<String>>,
    /// `, skipping own NAME holes` (or `opponent's`): only that side's holes of the mark.
    pub skip_side: Option<Side>,
    /// `… when the chosen hole is a NAME hole`: only turns from a hole of that mark skip.
    pub skip_when: Option<Spanned<String>>,
    /// `, skipping [own|opponent's] holes with N seeds`: the holes no lap drops a seed into
    /// by what they hold, if said.
    /// The bool: `, except the last seed`.
    pub skip_count: Option<Spanned<SkipCounted>>,
    /// `, every lap starting with the hole it lifts`, if said.
    pub every_lap_itself: Option<Span>,
    /// `, only N seed from a MARK hole with more than M seeds[, and one sown whole becomes
    /// MARK]`, if said.
    pub heavy: Option<Box<Spanned<Heavy>>>,
    /// `, never from an end of the ROW row out of it while another hole of it is occupied`:
    /// the row, if said.
    pub exit_start: Option<Spanned<String>>,
    /// `, and a relay from an end of the ROW row out of it … loses`: the row, if said.
    pub exit_relay: Option<Spanned<String>>,
    /// `, through the side store at the mover's choice if it then holds at most N seeds`: N.
    pub side_path: Option<Spanned<u16>>,
}

/// `only N seed from a MARK hole with more than M seeds[, and one sown whole becomes MARK]`.
#[derive(Clone, Debug, PartialEq)]
pub struct Heavy {
    /// Seeds a lap lifts from such a hole.
    pub lift: Spanned<u64>,
    /// The mark.
    pub mark: Spanned<String>,
    /// More seeds than this make the hole heavy.
    pub more_than: Spanned<u64>,
    /// The mark a hole of it lifted whole takes instead, if said.
    pub spent: Option<Spanned<String>>,
}

/// `sow N seed from the mover's hand into the chosen hole, then capture NAME if the opposite
/// ROW hole is STATE, else sow the hole`.
#[derive(Clone, Debug, PartialEq)]
pub struct Place {
    /// Seeds put from the hand (the language allows 1).
    pub count: Spanned<u64>,
    /// The capture made where the condition holds.
    pub capture: Spanned<String>,
    /// The condition (an [`Fact::Opposite`]).
    pub condition: Spanned<Fact>,
    /// `without the seed`: where the condition fails, no seed is put.
    pub keep: bool,
}

/// What sowing does to the opponent's seeds in a hole it sows into.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Overrun {
    /// `become the mover's`.
    Convert,
    /// `go into the origin hole`.
    ToOrigin,
    /// `stay the opponent's`.
    Stay,
}

/// `a player with one seed [PLACE] may|must move it TARGET`.
#[derive(Clone, Debug, PartialEq)]
pub struct LoneSeed {
    /// Where the seed must be, if anywhere in particular.
    pub place: Option<Spanned<LonePlace>>,
    /// `must` (the only move) rather than `may` (besides sowing).
    pub must: bool,
    /// Where it goes.
    pub target: Spanned<LoneTarget>,
}

/// Where a lone seed must be for its move.
#[derive(Clone, Debug, PartialEq)]
pub enum LonePlace {
    /// `whose next hole is empty`.
    NextEmpty,
    /// `in a MARK hole`.
    Marked(Spanned<String>),
}

/// Where a lone seed goes.
#[derive(Clone, Debug, PartialEq)]
pub enum LoneTarget {
    /// `N holes on`.
    Steps(Spanned<Value>),
    /// `to the next MARK hole ahead`.
    NextMarked(Spanned<String>),
    /// `to the first MARK hole ahead that holds the opponent's seeds`.
    FirstHeld(Option<Spanned<String>>),
}

/// `marks NAME: HOLE, …`.
#[derive(Clone, Debug, PartialEq)]
pub struct Marks {
    /// The kind of mark.
    pub name: Spanned<String>,
    /// Holes marked from the start, on both sides, each with the boards it holds on.
    pub holes: Vec<MarkHoles>,
    /// `, while it holds at least N seeds`: the fewest seeds a hole keeps the mark with.
    pub keep_min: Option<Spanned<Count>>,
    /// `, until it holds at least N seeds`: the count at which a hole loses the mark.
    pub open_at: Option<Spanned<Count>>,
}

/// `the 5th inner hole, when columns is 8`: holes of a `marks` line.
#[derive(Clone, Debug, PartialEq)]
pub struct MarkHoles {
    /// One hole or a run of holes of each player.
    pub holes: Spanned<HoleSet>,
    /// `when columns is 8`: the boards they are marked on.
    pub when: Option<Spanned<SetupWhen>>,
}

/// `opening "name" { … }`.
#[derive(Clone, Debug, PartialEq)]
pub struct Opening {
    /// Its name.
    pub name: Spanned<String>,
    /// Its sections.
    pub sections: Vec<Section>,
}

/// `take N occupied holes from REGION[, except MARK holes]`.
#[derive(Clone, Debug, PartialEq)]
pub struct TakeTurn {
    /// How many holes.
    pub count: Spanned<Value>,
    /// From where.
    pub region: Spanned<Region>,
    /// Holes of this mark are protected.
    pub except: Option<Spanned<String>>,
}

/// `move N seeds from HOLE [with N seeds] to HOLE`, `move all seeds …`, `… to the HOLE
/// behind it`.
#[derive(Clone, Debug, PartialEq)]
pub struct TransferTurn {
    /// Seeds moved (`None`: `all seeds`, every seed of the hole).
    pub count: Option<Spanned<Value>>,
    /// Words describing the hole they come from.
    pub from: Spanned<Vec<Spanned<HoleWord>>>,
    /// `with [at least|at most] N seeds`: what the hole they come from must hold
    /// ([`Filter::Seeds`]).
    pub holds: Option<Spanned<Filter>>,
    /// Words describing the hole they go to (none for `the next hole`).
    pub to: Spanned<Vec<Spanned<HoleWord>>>,
    /// Which of the holes so described they go to.
    pub place: TransferPlace,
    /// `, except closed holes`: the rows and marks whose holes they never go to.
    pub except: Vec<Spanned<String>>,
}

/// Which hole a turn moving seeds carries them to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TransferPlace {
    /// Any hole the words describe.
    Described,
    /// `the … hole behind it`: the one in the column of the hole they come from.
    Behind,
    /// `the next hole`: the hole after the one they come from, along the mover's circuit.
    Next,
    /// `…, except the opposite hole`: any hole the words describe but those across from the
    /// hole they come from.
    NotOpposite,
}

/// `it ends …`: how an opening ends, besides its `lasts`.
#[derive(Clone, Debug, PartialEq)]
pub enum OpeningEnd {
    /// `when both players pass in a row`.
    BothPass,
    /// `for a player when FACT and …`.
    ForPlayer(Vec<Spanned<SideFact>>),
    /// `for a player when they pass`.
    OwnPass,
    /// `for a player when a capture leaves N seeds in the hole it sows from`: the seeds.
    AtCapture(Spanned<SeedRange>),
}

/// `a seed moved into HOLE [whose opposite ROW hole is STATE] captures NAME [, until the
/// mover has captured]`.
#[derive(Clone, Debug, PartialEq)]
pub struct DropCapture {
    /// Words describing the hole the seed is moved into.
    pub hole: Spanned<Vec<Spanned<HoleWord>>>,
    /// `whose opposite ROW hole is STATE`.
    pub opposite: Option<(Spanned<String>, HoleState)>,
    /// The capture's name.
    pub capture: Spanned<String>,
    /// `, until the mover has captured`.
    pub until_captured: bool,
}

/// `a player may instead move all seeds of DESCRIPTION into the next hole[, except when
/// moving again]`.
#[derive(Clone, Debug, PartialEq)]
pub struct WholeMove {
    /// The holes whose seeds may be moved.
    pub from: Spanned<Choice>,
    /// `, except when moving again`.
    pub not_again: bool,
}

/// A fact about a player's holes, from that player's seat.
#[derive(Clone, Debug, PartialEq)]
pub enum SideFact {
    /// `the POSITION ROW hole holds more seeds than any other own hole` (a [`HoleSet::One`]).
    Most(Spanned<HoleSet>),
    /// `every own [ROW] hole holds RANGE` (or `opponent's`, or every player's).
    Every {
        /// Whose holes: the player's (`Some(true)`), the others' (`Some(false)`), everyone's.
        own: Option<bool>,
        /// The row or mark, if named.
        row: Option<Spanned<String>>,
        /// The seeds each must hold.
        range: SeedRange,
    },
    /// `at most N own [ROW] holes hold RANGE`.
    AtMost {
        /// How many holes at most.
        count: Spanned<Value>,
        /// The row or mark, if named.
        row: Option<Spanned<String>>,
        /// The seeds counted.
        range: SeedRange,
    },
    /// `no own hole holds more seeds than the hole to its left`.
    NotMoreThanLeft,
    /// `the opponent has captured at least N seeds`.
    OpponentCaptured(Spanned<Value>),
}

/// `mark HOLE as NAME`.
#[derive(Clone, Debug, PartialEq)]
pub struct EmptyTurn {
    /// Words describing the hole that may be emptied.
    pub hole: Spanned<Vec<Spanned<HoleWord>>>,
    /// Its seeds go to the mover's hand (else out of play).
    pub to_hand: bool,
}

/// `mark … hole as NAME`.
#[derive(Clone, Debug, PartialEq)]
pub struct MarkTurn {
    /// Words describing the hole that may be marked.
    pub hole: Spanned<Vec<Spanned<HoleWord>>>,
    /// The mark.
    pub mark: Spanned<String>,
}

/// A direction of sowing, seen from above.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Anticlockwise (counter-clockwise).
    Anticlockwise,
    /// Clockwise.
    Clockwise,
}

/// Whom the mover must feed (see [`Choose::must_feed`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Feed {
    /// `must feed an opponent who has no seeds`.
    NoSeeds,
    /// `must feed an opponent who cannot move`.
    CannotMove,
    /// `must leave the opponent a move if possible`: on every turn, where some turn does.
    Always,
}

/// `choose { CHOICE otherwise CHOICE … }`.
#[derive(Clone, Debug, PartialEq)]
pub struct Choose {
    /// The descriptions, most preferred first.
    pub choices: Vec<Spanned<Choice>>,
    /// `also …, clockwise, if …`: laps that may be sown the other way.
    pub turnings: Vec<Spanned<Turning>>,
    /// `must feed an opponent who has no seeds`, `… who cannot move` or `must leave the
    /// opponent a move if possible`, if written.
    pub must_feed: Option<Spanned<Feed>>,
    /// `must not undo the opponent's last turn`, if written.
    pub no_undo: Option<Span>,
    /// `must not take every seed of the opponent`, if written.
    pub no_wipe: Option<Span>,
    /// `a player with one seed … move it …`, if written.
    pub lone: Option<Spanned<LoneSeed>>,
    /// `a player may instead move all seeds of the rearmost own hole into the next hole` (or
    /// of any hole a description fits), if written.
    pub whole_move: Option<Spanned<WholeMove>>,
    /// `the seeds a turned lap captures may be left in its hole for another turned lap`, if
    /// written.
    pub leave_turned: Option<Span>,
    /// `turned laps capture once a turn, unless the first lap is turned`, if written.
    pub turned_once: Option<Span>,
    /// `a player may put one seed from their hand into each own hole`, if written.
    pub hand_entry: Option<Span>,
    /// `a player may sow the seeds of their hand starting with HOLE`.
    pub hand_sow: Option<HandSow>,
    /// `prefer first laps if …, then if …`: the conditions, most preferred first.
    pub prefer: Vec<Spanned<TurnCondition>>,
    /// `after a turn that captures nothing, …, mark as MARK the opponent's holes the mover
    /// would capture next[, except …]`, if written.
    pub block: Option<Spanned<Block>>,
}

/// `, skipping [own|opponent's] holes with N seeds[, except the last seed | , for the last
/// seed only]`: the side, the counts, and whether the last seed is spared or alone turned away.
pub type SkipCounted = (Option<Side>, SeedRange, bool, bool);

/// `a player may sow [any number of] the seeds of their hand starting with HOLE[, round own
/// row]`.
#[derive(Debug, Clone, PartialEq)]
pub struct HandSow {
    /// The hole the hand's first seed goes into.
    pub hole: Spanned<HoleSet>,
    /// `the opponent's …`: the hole is the opponent's, counted from their seat.
    pub opponent: bool,
    /// `any number of the seeds`: the mover chooses how many.
    pub any: bool,
    /// `, round own row`: the lap goes round the row it starts in.
    pub round: bool,
}

/// The blocking rule's mark and the holes it spares.
#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    /// The mark the blocked holes carry.
    pub mark: Spanned<String>,
    /// The holes spared.
    pub exempt: Vec<Spanned<BlockExempt>>,
}

/// A hole the blocking rule spares.
#[derive(Clone, Debug, PartialEq)]
pub enum BlockExempt {
    /// `house holes`.
    Marked(Spanned<String>),
    /// `the only occupied inner hole`.
    OnlyOccupied(Spanned<String>),
    /// `the only inner hole with more than 1 seed`.
    OnlyMoreThan(Spanned<String>, Spanned<u64>),
}

/// `also CHOICE, DIRECTION[, if CONDITION]`: a lap from these holes may go this way.
#[derive(Clone, Debug, PartialEq)]
pub struct Turning {
    /// The holes, and what the first lap's hole must hold.
    pub choice: Spanned<Choice>,
    /// The direction the lap may go.
    pub direction: Spanned<Direction>,
    /// When it may, if not always.
    pub condition: Option<Spanned<TurnCondition>>,
    /// `, as if the whole hole were sown`, if written: the condition is asked of the whole
    /// hole's seeds.
    pub judged_whole: Option<Span>,
}

/// When a lap may be turned.
#[derive(Clone, Debug, PartialEq)]
#[allow(clippy::large_enum_variant, reason = "a syntax node, built once per file")]
pub enum TurnCondition {
    /// `the lap captures`.
    Captures,
    /// `the last seed lands in …`, as a lap rule (its action unused).
    Lands(LapRule),
}

/// `own hole with … whose …` or `the 3rd inner hole with …`.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    /// Which holes are meant before the conditions.
    pub holes: Spanned<ChoiceHoles>,
    /// Conditions the hole must meet.
    pub filters: Vec<Spanned<Filter>>,
    /// `or …`: other descriptions a hole may fit instead, at the same rank.
    pub or: Vec<Spanned<Choice>>,
}

/// The holes a choice description is about.
#[derive(Clone, Debug, PartialEq)]
pub enum ChoiceHoles {
    /// `own hole`, or `own ROW hole` / `own MARK hole`.
    Own(Option<Spanned<String>>),
    /// `opponent's hole` (or of a row or mark), as the opponent would describe their own: a
    /// hole of the opponent's that the mover sows.
    Theirs(Option<Spanned<String>>),
    /// One hole by position: `the 3rd inner hole`.
    One(HoleSet),
    /// One hole of the opponent's by position, as they would name it, that the mover sows:
    /// `the opponent's rightmost home hole`.
    TheirOne(HoleSet),
    /// `the rearmost own hole`.
    Rearmost,
    /// `the hole 2 holes after the own pair hole`: that many holes after the mover's hole
    /// carrying the mark, along their circuit.
    AfterMark {
        /// How many holes after it.
        steps: Spanned<Value>,
        /// The mark's name.
        mark: Spanned<String>,
    },
}

/// A condition on a hole that may be chosen.
#[derive(Clone, Debug, PartialEq)]
pub enum Filter {
    /// `with [at least|at most] N seeds`.
    Seeds {
        /// How the count compares.
        bound: Bound,
        /// The count.
        count: Spanned<Value>,
    },
    /// `whose next|previous hole is empty|occupied`.
    Neighbour(Neighbour, HoleState),
    /// `whose opposite ROW hole is empty|occupied`.
    Opposite(Spanned<String>, HoleState),
    /// `with the most seeds`: one of the mover's fullest holes.
    Most,
    /// `, the furthest along the circuit`.
    Furthest,
    /// `whose lap captures`: the sowing's first lap ends where a lap rule captures.
    Captures,
    /// `whose last seed would fall in front of an occupied hole`.
    Facing,
    /// `whose last seed would fall in an own ROW hole in front of an occupied hole`.
    LandsIn(Spanned<String>),
    /// `whose lap ends in HOLE [and FACT …]`: the first lap ends where a lap rule so worded
    /// would apply (its action unused).
    LapEnds(Box<LapRule>),
    /// `whose lap reaches the SIDE ROW row`: the first lap drops a seed into that row.
    LapReaches(Side, Spanned<String>),
    /// `, if there is no CHOICE`: no hole of the mover fits that description (with `true`,
    /// `, if there is no opponent's hole …`: no hole of the opponent's).
    NoneFits(Box<Spanned<Choice>>, bool),
    /// `, except …`: holes left out, each one hole or a row's or mark's holes
    /// ([`ChoiceHoles::One`] or [`ChoiceHoles::Own`]).
    Except(Vec<Spanned<ChoiceHoles>>),
    /// `, for North only`: the description is that player's alone.
    Only(SeatName),
}

/// The hole after or before a hole along the circuit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Neighbour {
    /// The hole after it.
    Next,
    /// The hole before it.
    Previous,
}

/// How a count compares with a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bound {
    /// Exactly.
    Exactly,
    /// At least.
    AtLeast,
    /// At most.
    AtMost,
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

/// `after each lap { RULE… otherwise: ACTION }`.
#[derive(Clone, Debug, PartialEq)]
pub struct AfterLap {
    /// The rules, tried in order.
    pub rules: Vec<LapRule>,
    /// The action when none applies.
    pub otherwise: Option<Spanned<LapAction>>,
}

/// `when the last seed lands in … and …: ACTION`.
#[derive(Clone, Debug, PartialEq)]
pub struct LapRule {
    /// The whole rule.
    pub span: Span,
    /// Words describing the landing hole.
    pub landing: Spanned<Vec<Spanned<HoleWord>>>,
    /// `the mover's store` instead of a hole (then `landing` is empty).
    pub store: Option<Span>,
    /// Which seeds of a lap it is read at: `the last seed`, `a seed before the last` or `a
    /// seed` (with the span of those words where not the last).
    pub seeds: Spanned<Seeds>,
    /// Conditions on facing holes.
    pub facts: Vec<Spanned<Fact>>,
    /// `and A or B`, `and not A`: conditions of which one fact must hold, each fact with
    /// whether it is negated.
    pub either: Vec<Spanned<Clause>>,
    /// What happens.
    pub action: Spanned<LapAction>,
}

/// Which seeds of a lap a rule is read at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seeds {
    /// `the last seed`: where the lap ends.
    Last,
    /// `a seed before the last`: each seed as it falls, but the last.
    BeforeLast,
    /// `a seed`: every seed as it falls, the last included.
    Every,
    /// `the sowing ends`: once, when the sowing is over.
    SowingEnd,
    /// `a lap starts from`: before each lap is lifted, at its hole.
    LapStart,
}

/// `A or not B`: facts of which one must hold, each with whether it is negated (`not`).
pub type Clause = Vec<(bool, Spanned<Fact>)>;

/// A word describing the landing hole.
#[derive(Clone, Debug, PartialEq)]
pub enum HoleWord {
    /// `empty` or `occupied`, before the seed fell.
    State(HoleState),
    /// `own` or `opponent's`.
    Side(Side),
    /// A row name.
    Row(String),
}

/// A further condition of a lap rule.
#[derive(Clone, Debug, PartialEq)]
pub enum Fact {
    /// `the opposite ROW hole is STATE`: the opponent's hole of that row, in the landing
    /// hole's column.
    Opposite {
        /// The row (`None`: the only row of a side).
        row: Option<Spanned<String>>,
        /// What it must be.
        state: HoleState,
    },
    /// `the opposite ROW hole is a NAME hole`: it carries the mark.
    OppositeMarked {
        /// The row (`None`: the only row of a side).
        row: Option<Spanned<String>>,
        /// The mark.
        mark: Spanned<String>,
    },
    /// `the opposite ROW hole is an opponent's hole` (`true`) or `an own hole`.
    OppositeSide {
        /// The row (`None`: the only row of a side).
        row: Option<Spanned<String>>,
        /// Whether it is an opponent's.
        opponents: bool,
    },
    /// `the opposite ROW hole holds N to M seeds`.
    OppositeHolds {
        /// The row (`None`: the only row of a side).
        row: Option<Spanned<String>>,
        /// How many seeds it must hold.
        range: SeedRange,
    },
    /// `the own ROW hole in the landing column is STATE`: the mover's own hole of that row,
    /// in the landing hole's column.
    Column {
        /// The row.
        row: Spanned<String>,
        /// What it must be.
        state: HoleState,
    },
    /// `the own ROW hole of the same index is …`: the mover's hole of that row at the landing
    /// hole's place from its owner's seat.
    SameIndex {
        /// The row.
        row: Spanned<String>,
        /// What it must be, hold or carry.
        condition: HoleCondition,
    },
    /// `the own ROW hole in the landing column holds N to M seeds`.
    ColumnHolds {
        /// The row.
        row: Spanned<String>,
        /// How many seeds it must hold.
        range: SeedRange,
    },
    /// `the SIDE ROW row is STATE`: every hole of it empty, or some hole occupied.
    Row {
        /// Whose row.
        side: Side,
        /// Which row.
        row: Spanned<String>,
        /// Empty (all) or occupied (some).
        state: HoleState,
    },
    /// `the SIDE ROW row has a MARK hole` (`true`) or `… has no MARK hole` (`false`).
    RowMarked {
        /// Whose row.
        side: Side,
        /// Which row.
        row: Spanned<String>,
        /// The mark.
        mark: Spanned<String>,
        /// Some hole carries it (else none does).
        some: bool,
    },
    /// `the landing hole holds N to M seeds`, the last seed included.
    Holds(SeedRange),
    /// `the next hole is STATE`: the hole after the landing hole along the circuit.
    Next(HoleState),
    /// `the previous hole holds N to M seeds`: the hole before the landing hole along the
    /// circuit.
    PreviousHolds(SeedRange),
    /// `no seed of the turn has reached the SIDE ROW row`: no lap of the turn so far has
    /// dropped a seed into that row.
    NotReached {
        /// Whose row.
        side: Side,
        /// Which row.
        row: Spanned<String>,
        /// `no earlier lap of the turn ended in …`: only where earlier laps ended counts.
        ended: bool,
    },
    /// `the hole after the next hole is STATE`, `the 3rd hole before the landing hole holds N
    /// seeds`, `the next hole holds N seeds`: a hole counted from the landing hole along the
    /// circuit.
    Along {
        /// Holes after the landing hole (negative: before it).
        steps: Spanned<i64>,
        /// What it must hold.
        condition: HoleCondition,
    },
    /// `the chosen hole held [at least|at most] N seeds`.
    Origin {
        /// How the count compares.
        bound: Bound,
        /// The count.
        count: Spanned<Value>,
    },
    /// `the chosen hole is a NAME hole`: the mark's name.
    ChosenMarked(Spanned<String>),
    /// `the lap is the first of the turn`.
    FirstLap,
    /// `the lap is sown from the hand`.
    HandLap,
    /// `the last seed skipped a hole`.
    LastSkipped,
    /// `the turn has captured`.
    TurnCaptured,
    /// `the mover has made no capture`, `… has made [at least|at most] N captures`.
    Made {
        /// How the count compares (`no capture` is exactly 0).
        bound: Bound,
        /// The count.
        count: Spanned<Value>,
    },
    /// `the mover has made 7, 10, 13 … captures`: the counts written, going on by the step
    /// between them.
    MadeEvery(Vec<Spanned<Value>>),
    /// `at most 8 seeds are on the board`, or `… in play`.
    OnBoard {
        /// How the count compares.
        bound: Bound,
        /// The count.
        count: Spanned<Value>,
        /// `in play`: the seeds of the lap still to fall count too.
        in_play: bool,
    },
    /// `the opponent has 1 hole`, `the mover has at most 2 occupied holes`.
    Holes {
        /// The mover's holes (else the opponent's).
        mover: bool,
        /// Only holes holding seeds.
        occupied: bool,
        /// How the count compares.
        bound: Bound,
        /// The count.
        count: Spanned<Value>,
    },
}

/// What a hole must hold: `is empty`, `is occupied`, `holds 2 to 4 seeds`.
#[derive(Clone, Debug, PartialEq)]
pub enum HoleCondition {
    /// `is STATE`.
    Is(HoleState),
    /// `holds N to M seeds`.
    Holds(SeedRange),
    /// `is a MARK hole`.
    Marked(Spanned<String>),
}

/// `2 or 3 seeds`, `2 to 4 seeds`, `at least 2 seeds`, `1 seed`.
#[derive(Clone, Debug, PartialEq)]
pub struct SeedRange {
    /// How the first count compares (`Exactly` when a second count follows).
    pub bound: Bound,
    /// The first count.
    pub low: Spanned<Value>,
    /// The second count of `N or M` / `N to M`, and whether it was `or`.
    pub high: Option<(Spanned<Value>, bool)>,
    /// The counts between the first and the last of `N, M or K` (empty otherwise).
    pub between: Vec<Spanned<Value>>,
    /// `an even number of seeds` (`Some(true)`) or `an odd number of seeds`; `low` is then 0
    /// or 1.
    pub parity: Option<bool>,
}

/// What a lap rule does.
#[derive(Clone, Debug, PartialEq)]
pub enum LapAction {
    /// Lift the landing hole and sow on.
    Relay,
    /// Lift the landing hole and sow on the other way (`relay, turning back`).
    RelayBack,
    /// Lift the hole after the landing hole and sow on.
    RelayNext,
    /// Carry out the named capture; the sowing ends.
    Capture(Spanned<String>),
    /// `capture A or capture B [or stop]`: the mover chooses one of the named captures (or,
    /// with `stop`, none).
    CaptureChoice(Vec<Spanned<String>>, bool),
    /// The mover chooses: stop, or relay.
    MayStop,
    /// `may move again`.
    MayMoveAgain,
    /// The sowing ends and the same player moves again.
    MoveAgain,
    /// `move again, turning back`: and that turn's sowing goes the other way.
    MoveAgainBack,
    /// The sowing ends and the landing hole carries the named mark, which leaves the
    /// mover's other holes.
    MarkLanding(Spanned<String>),
    /// `mark the previous hole as NAME[, then relay]` or `mark the landing hole as NAME, then
    /// relay`: the mark, whether the hole is the previous one, whether the sowing relays.
    MarkHole(Spanned<String>, bool, bool),
    /// `move N seeds from the landing hole into HOLE`: the sowing ends, and that many seeds
    /// of the landing hole go into the mover's hole so named.
    MoveLanding {
        /// How many seeds.
        count: Spanned<Value>,
        /// The hole's place in its row.
        position: Spanned<HolePosition>,
        /// Its row.
        row: Spanned<String>,
        /// The place is counted from the owner's right.
        from_right: bool,
        /// The hole is the opponent's (`the opponent's leftmost pit hole`), else the mover's.
        opponent: bool,
        /// The words naming the hole.
        to: Span,
    },
    /// The sowing ends.
    Stop,
}

/// `capture NAME { take …  then … }`.
#[derive(Clone, Debug, PartialEq)]
pub struct Capture {
    /// Its name.
    pub name: Spanned<String>,
    /// The holes taken at once.
    pub take: Vec<Spanned<Target>>,
    /// `N seeds from each of`: at most that many seeds of each hole taken.
    pub each: Option<Spanned<Value>>,
    /// `take nothing` (with `from …`, the holes named keep their seeds), if written.
    pub nothing: Option<Span>,
    /// `, in the column of the origin hole`: opposite holes face the origin hole.
    pub origin_column: Option<Span>,
    /// `, except NAME holes`: holes of the mark are never taken.
    pub take_except: Option<Spanned<String>>,
    /// `and the seeds left to sow`, if written: the sower's seeds still to fall are taken too.
    pub take_hand: Option<Span>,
    /// Where the taken seeds go, if said.
    pub destination: Option<Spanned<Destination>>,
    /// `take nothing if it would take every seed of the opponent`, if written.
    pub not_every_seed: Option<Span>,
    /// `then relay from the next hole if it holds N seeds` (or `from the landing hole`, with
    /// `true`; the count may be left out there), if written.
    pub relay_after: Option<Spanned<(bool, Option<SeedRange>)>>,
    /// The choices that follow, in order.
    pub follow_ups: Vec<Spanned<FollowUp>>,
    /// `then move again`, if written.
    pub again: Option<Span>,
    /// … `then may move again`: the mover may pass the turn on.
    pub again_may: bool,
    /// `then the landing hole becomes the mover's`, if written.
    pub claim: Option<Span>,
    /// `then mark the landing hole as NAME`, if written.
    pub mark: Option<Spanned<String>>,
    /// `then the taken holes become the mover's` (rather than the landing hole).
    pub claim_taken: bool,
    /// Lines that say again what an earlier line of the capture said (where the seeds go,
    /// which holes become the mover's, a mark, a relay, a move again), each with that earlier
    /// line: a capture says each once.
    pub repeated: Vec<(Span, Span)>,
    /// `then mark the taken holes as NAME` (rather than the landing hole).
    pub mark_taken: bool,
}

/// A hole a capture takes at once.
#[derive(Clone, Debug, PartialEq)]
pub enum Target {
    /// `the landing hole`.
    Landing,
    /// `the opposite ROW hole` (`None`: the only row of a side).
    Opposite(Option<Spanned<String>>),
    /// `the opposite ROW hole of HOLE`: the opposite hole of a hole counted from the landing
    /// hole (steps as [`Target::Along`]'s).
    OppositeAlong(Option<Spanned<String>>, Spanned<i64>),
    /// `the holes before it, [every other one across an empty hole,] while each [is the
    /// opponent's and] holds N to M seeds` (`Some(true)`: `is the mover's`; `None`: either
    /// side's; `true`: every second hole, across an empty one; `, with their opposite holes`:
    /// the last `true`).
    HolesBefore(Option<bool>, SeedRange, bool, bool),
    /// `the holes after it, while …`: the same run, on from the landing hole.
    HolesAfter(Option<bool>, SeedRange, bool, bool),
    /// `every [own|opponent's] hole [sown this turn] that holds N to M seeds` (`Some(true)`:
    /// own; `true`: only the holes the turn has sown into).
    Every(Option<bool>, SeedRange, bool),
    /// `the own ROW hole in the landing column`.
    Column(Spanned<String>),
    /// `the own ROW hole in the column of the next hole`: in the column of a hole counted
    /// from the landing hole (as [`Target::Along`] counts it).
    ColumnAlong(Spanned<String>, Spanned<i64>),
    /// `the next hole`, `the hole after the next hole`, `the 2nd hole before the landing
    /// hole`: holes after the landing hole along the circuit (negative: before it).
    Along(Spanned<i64>),
}

/// Where taken seeds go.
#[derive(Clone, Debug, PartialEq)]
pub enum Destination {
    /// They leave play (the default).
    OutOfPlay,
    /// They go to the mover's hand and count for the mover.
    Hand,
    /// They are put into a hole of the mover's and sown on.
    Resow(Resow),
    /// They are kept in the mover's store.
    Store,
    /// `in the owner's hand`: each hole's seeds go to the hand of the player it belongs to.
    OwnersHand,
    /// `in the owner's store`: each hole's seeds go to the store of the player it belongs to.
    OwnersStore,
    /// `into HOLE [or the HOLE …]`: they are put into a hole of the mover's (of those named,
    /// the mover's choice) and stay there.
    Put(Vec<Spanned<ResowInto>>),
    /// `into the end of the own ROW row nearer the capture[, the farther for North], either
    /// end from the middle N holes, and sow the hole on inward`.
    RowEnd {
        /// The row.
        row: Spanned<String>,
        /// North's captures go to the farther end.
        far_for_north: bool,
        /// How many middle holes leave the end to the mover.
        middle: Spanned<Value>,
        /// `before any seed is sown, else the end ahead of the sowing`.
        ahead: bool,
        /// `sow the hole on`: the whole end hole is sown (else the taken seeds alone).
        whole: bool,
        /// `, starting with that hole`: the first seed goes into the end hole itself.
        itself: bool,
    },
}

/// `into HOLE and sow them on[, one lap]`.
#[derive(Clone, Debug, PartialEq)]
pub struct Resow {
    /// The hole they are put into, or the holes joined by `or` of which the mover chooses.
    pub into: Vec<Spanned<ResowInto>>,
    /// `sow the hole on`: the whole hole is lifted (else only the taken seeds).
    pub whole: bool,
    /// `with the last seed`: the seed that ended the lap is sown with them.
    pub with_last: bool,
    /// `starting with that hole`: the first seed goes into the hole itself.
    pub itself: bool,
    /// `with its seed if it held one`: a lone seed of the hole is sown with them.
    pub single: bool,
    /// `with its seeds if only one seed was taken`: a lone taken seed is sown with the
    /// whole hole.
    pub whole_if_one: bool,
    /// `, one lap`: one lap, then the turn ends (else a lap under the lap rules).
    pub one_lap: bool,
    /// `the way the lap went`: sown on in the capturing lap's direction.
    pub keep_way: bool,
}

/// The hole taken seeds are put into.
#[derive(Clone, Debug, PartialEq)]
pub enum ResowInto {
    /// `landing hole`.
    Landing,
    /// `origin hole`: where the capturing lap was lifted from.
    Origin,
    /// `own ROW hole behind the landing hole`.
    Behind(Spanned<String>),
    /// `first occupied hole after an empty hole before the landing hole`.
    RunStart,
    /// `POSITION ROW hole [from the right]`: one hole of the mover's (a [`HoleSet::One`]).
    Named(Box<Spanned<HoleSet>>),
}

/// A choice after a capture.
#[derive(Clone, Debug, PartialEq)]
pub enum FollowUp {
    /// `[may] strip AMOUNT from REGION`, possibly only if a hole was taken.
    Strip {
        /// Only if this opposite row's hole held seeds when taken.
        condition: Option<Spanned<String>>,
        /// Whether the mover may stop early.
        optional: bool,
        /// How many seeds.
        amount: Spanned<Amount>,
        /// From where.
        region: Spanned<Region>,
    },
    /// `[may] take N more occupied holes from REGION`, possibly only if a hole was taken.
    ExtraHoles {
        /// Only if this opposite row's hole held seeds when taken.
        condition: Option<Spanned<String>>,
        /// Whether the mover may stop early.
        optional: bool,
        /// How many holes: by the mover's capture count, the last repeating.
        counts: Vec<Spanned<Value>>,
        /// From where.
        region: Spanned<Region>,
        /// Holes of this mark are protected.
        except: Option<Spanned<String>>,
    },
}

/// How many seeds a strip removes.
#[derive(Clone, Debug, PartialEq)]
pub enum Amount {
    /// As many as the `take` line captured.
    AsTaken,
    /// A fixed number.
    Seeds(Spanned<Value>),
}

/// `the opponent's territory`, `own outer row`.
#[derive(Clone, Debug, PartialEq)]
pub struct Region {
    /// Whose side.
    pub side: Spanned<Side>,
    /// One row of it, or the whole territory.
    pub row: Option<Spanned<String>>,
}

/// `end { … }`.
#[derive(Clone, Debug, PartialEq)]
pub struct EndRules {
    /// The rules, in the order written.
    pub rules: Vec<Spanned<EndRule>>,
}

/// `end, also: RULE` or `end, instead: RULE`: one end rule restated in a ruleset.
#[derive(Clone, Debug, PartialEq)]
pub struct EndRestated {
    /// `instead` (replace the rule of its kind) rather than `also` (add a kind).
    pub instead: bool,
    /// The rule.
    pub rule: Spanned<EndRule>,
}

/// One way a game ends.
#[derive(Clone, Debug, PartialEq)]
pub enum EndRule {
    /// `a player with no seeds loses` (`None`) or `… ends the game and the player with more
    /// seeds wins` (with the score counted).
    /// The count is the most seeds the player may have (`at most 1 seed`; `None` for `no
    /// seeds`).
    NoSeeds(Option<Scoring>, Option<Spanned<u64>>),
    /// `a player with no seeds wins` (or `with at most N seeds`): a misère goal.
    NoSeedsWins(Option<Spanned<u64>>),
    /// `a player with no seeds is given N seeds from the opponent's captures into HOLE`.
    Gift(Spanned<u64>, Spanned<HoleSet>),
    /// `a player who cannot move loses|passes`, and the captured seeds with which a blocked
    /// player draws instead (`, or draws if they have captured at least 50 seeds`); `true`
    /// with `, or whose every sowing is endless,` (meant: no warning of it).
    Blocked(Blocked, Option<Spanned<Value>>, bool),
    /// `a repeated position is a draw` (`None`) or `… ends the game and the player with
    /// more seeds wins` (with the score counted); `true` where the players may agree to it
    /// (`a repeated position lets the players agree to a draw`).
    Repetition(Option<Scoring>, bool),
    /// `a store with more than half the seeds ends the game and the player with more seeds
    /// wins` (or `at least half the seeds`, `at least N seeds`).
    StoreMajority(StoreLimit, Scoring),
    /// `a player who has captured every seed wins` (or `… at least N seeds …`).
    CapturedWin(StoreLimit),
    /// `every MARK hole is empty ends the game and the player with more seeds wins`; with
    /// `true`, `every seed on the board is in a MARK hole …`.
    MarksEmpty(Spanned<String>, Scoring, bool),
    /// `in the main game, RULE` or `in opening "NAME", RULE`: a rule read only in that phase.
    Scoped(Spanned<EndScope>, Box<Spanned<EndRule>>),
    /// `at most N seeds on the board ends the game and the player who captured more seeds
    /// wins` (with `true`: `on each side`).
    FewSeeds(Spanned<Value>, Scoring, bool),
    /// `every hole holds at most 1 seed ends the game and …`: a fact about every hole (of a
    /// row or mark, or a player's) ends the game on the score.
    EveryHolds(Spanned<SideFact>, Scoring),
    /// `after N turns the game is a draw`.
    TurnLimit(Spanned<Value>),
    /// `a player whose ROW row is empty loses[, even between laps]` (`true` with the clause).
    RowEmpty(Spanned<String>, bool),
    /// `a player with all their seeds in one hole wins[, even between laps]` (`true` with
    /// the clause).
    OneHole(bool),
    /// `two passes in a row are a draw`, or `… end the game and …` (the score).
    PassesDraw(Option<Scoring>),
    /// `a player may pass and lose`.
    PassLoses,
    /// `a player who takes both end holes of the opponent's ROW row in one turn wins`.
    EndHoles(Spanned<String>),
    /// `the game is played in rounds: each player fills own holes from the right with N
    /// seeds each[, …]`.
    Rounds(Rounds),
    /// `an equal round is a draw`.
    EqualRound,
    /// `a player who has scored N points wins`.
    PointsWin(Spanned<Value>),
}

/// The phase an end rule is scoped to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EndScope {
    /// `the main game`.
    Main,
    /// `opening "NAME"`.
    Opening(String),
}

/// How full a store must be to end the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoreLimit {
    /// `more than half the seeds`.
    MoreThanHalf,
    /// `at least half the seeds`.
    AtLeastHalf,
    /// `at least N seeds`.
    AtLeast(Spanned<Value>),
    /// `every seed` (`a player who has captured every seed wins`).
    Every,
}

/// How a game of rounds makes the board for a new round, and what a round scores.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rounds {
    /// How the board is filled from the seeds each player has; `None` where each round
    /// starts as the game does (`each round starts as the game does`).
    pub refill: Option<Box<Refill>>,
    /// `, and the winner of a round scores …`.
    pub points: Option<Spanned<RoundPoints>>,
    /// `, and the winner of a round starts the next` (or the loser, or the player who moved
    /// second, or the first player).
    pub starts: Option<RoundStarter>,
}

/// What the winner of a round scores.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoundPoints {
    /// `the difference`.
    Difference,
    /// `N points`.
    Points(Spanned<Value>),
}

/// How a game of rounds refills the board between rounds, from the seeds each player has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refill {
    /// Seeds put into each hole filled (a count, as a setup line's: `columns * 2`); `None`
    /// for `as the setup does` (each hole its setup count).
    pub seeds: Option<Spanned<Count>>,
    /// Each row is filled from the player's right (else from their left).
    pub from_right: bool,
    /// `along the circuit`: the holes are filled in the order the player sows them.
    pub along: bool,
    /// `, except MARK holes,`: the own holes of that mark are left out of the refill.
    pub except: Option<Spanned<String>>,
    /// `, as many as the player with the fewest seeds can`.
    pub fewest: Option<Span>,
    /// `, the last with the seeds left`, and the fewest seeds that make that last hole
    /// (`if there are at least 3`; else any).
    pub rest: Option<Option<Spanned<Value>>>,
    /// `, or by lot if each has 2` (after `if there are at least 3`): the seeds each player
    /// must have left for the lots to be drawn.
    pub lot: Option<Spanned<Value>>,
    /// `, made up with seeds the others have left` (after `rest`).
    pub made_up: Option<Span>,
    /// `, the winner matching the loser's holes`.
    pub matching: Option<Span>,
    /// `, the seeds left one a hole`.
    pub spread: bool,
    /// `, one seed a hole for a player with under N seeds`: N.
    pub few: Option<Spanned<Value>>,
    /// `every hole goes back to its first owner, then` (before `each player fills`).
    pub fresh: Option<Span>,
    /// `, then the empty holes of the others, which become theirs`.
    pub win: Option<Span>,
    /// `, marking the holes left empty as MARK`.
    pub closed: Option<Spanned<String>>,
    /// `… left empty or short as MARK`: a last hole part-filled is marked too.
    pub closed_short: bool,
    /// `, the board smaller by 1 column while the loser has under 1/2 of the seeds, by 2 under
    /// 1/4, …`: each step's columns and share, in the order written, and the whole option.
    pub shrink: Option<Spanned<Vec<ShrinkStep>>>,
    /// `, a player who cannot fill a hole ends the game and …`: how the game is scored there.
    pub unable: Option<Scoring>,
}

/// A step of a board that shrinks with the loser's share: `by 2 under 1/4`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShrinkStep {
    /// The columns the board is smaller by.
    pub columns: Spanned<u64>,
    /// The share of all the seeds the loser has less than: numerator, denominator.
    pub share: Spanned<(u64, u64)>,
}

/// The rounds an opening is played in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayedRounds {
    /// `from the Nth round on` (the number, from 1).
    From(u32),
    /// `in the first round only`.
    FirstOnly,
}

/// Who starts the next round, as a game of rounds says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoundStarter {
    /// `the winner of a round`.
    Winner,
    /// `the loser of a round`.
    Loser,
    /// `the player who moved second in a round`.
    Second,
    /// `the first player starts every round`.
    First,
}

impl EndRule {
    /// The kind of the rule, in words: a game has at most one rule of each kind.
    pub fn kind(&self) -> &'static str {
        match self {
            EndRule::NoSeeds(..) | EndRule::NoSeedsWins(_) => "a player with no seeds",
            EndRule::Gift(..) => "a gift of seeds to a player with none",
            EndRule::Blocked(..) => "a player who cannot move",
            EndRule::Repetition(..) => "a repeated position",
            EndRule::StoreMajority(..) => "a store holding enough seeds",
            EndRule::CapturedWin(_) => "a player having captured enough seeds",
            EndRule::FewSeeds(..) => "few seeds on the board",
            EndRule::EveryHolds(..) => "every hole holding so many seeds",
            EndRule::MarksEmpty(..) => "every marked hole empty",
            EndRule::Scoped(_, rule) => rule.node.kind(),
            EndRule::TurnLimit(_) => "the number of turns",
            EndRule::RowEmpty(..) => "a player whose row is empty",
            EndRule::OneHole(_) => "a player with all their seeds in one hole",
            EndRule::PassesDraw(_) => "two passes in a row",
            EndRule::PassLoses => "a player who passes",
            EndRule::EndHoles(_) => "a player who takes both end holes of a row",
            EndRule::Rounds(_) => "rounds",
            EndRule::EqualRound => "an equal round",
            EndRule::PointsWin(_) => "a player having scored enough points",
        }
    }

    /// Whether two rules say the same, wherever they are written.
    pub fn same_as(&self, other: &EndRule) -> bool {
        match (self, other) {
            (EndRule::TurnLimit(a), EndRule::TurnLimit(b)) => a.node == b.node,
            (EndRule::RowEmpty(a, x), EndRule::RowEmpty(b, y)) => a.node == b.node && x == y,
            (EndRule::EndHoles(a), EndRule::EndHoles(b)) => a.node == b.node,
            (EndRule::MarksEmpty(a, x, p), EndRule::MarksEmpty(b, y, q)) => {
                a.node == b.node && x == y && p == q
            }
            (EndRule::Scoped(a, x), EndRule::Scoped(b, y)) => a.node == b.node && x.node.same_as(&y.node),
            (EndRule::Rounds(a), EndRule::Rounds(b)) => {
                let points = |r: &Rounds| r.points.as_ref().map(|p| p.node.clone());
                let refill = |r: &Rounds| {
                    (r.refill.as_ref()).map(|f| {
                        (
                            f.seeds.as_ref().map(|s| s.node.clone()),
                            f.from_right,
                            f.fewest.is_some(),
                            f.matching.is_some(),
                            f.closed.as_ref().map(|m| m.node.clone()),
                        )
                    })
                };
                a.starts == b.starts && points(a) == points(b) && refill(a) == refill(b)
            }
            _ => self == other,
        }
    }
}

/// What happens to a player who cannot move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Blocked {
    /// They lose.
    Loses,
    /// Their turn passes.
    Passes,
    /// The game ends; the player with more seeds (on their side, in hand and in store) wins.
    Scores(Scoring),
}

/// How a scored end rule counts: the score, and where the seeds left on the board go.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Scoring {
    /// What a player's score is.
    pub score: Score,
    /// `, the seeds left going to the player who moved last,`.
    pub left_to_last: bool,
    /// `after one more turn each`, if written.
    pub last_turns: Option<Span>,
}

/// What a game ended on scores counts for each player.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// `the player with more seeds wins`: seeds on their side, in hand and in their store.
    Seeds,
    /// `the player who captured more seeds wins`: seeds their captures took, and those in
    /// their store.
    Captured,
    /// `the player with more seeds in their won holes wins`: seeds in the player's holes of
    /// that row or mark, and nothing else.
    Holes(Spanned<String>),
}

impl Score {
    /// Whether two scores count alike, wherever each was written.
    pub fn counts_as(&self, other: &Score) -> bool {
        match (self, other) {
            (Score::Holes(a), Score::Holes(b)) => a.node == b.node,
            _ => self == other,
        }
    }
}

/// A search a rules file may name for its game's strongest computer player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchKind {
    /// `alphabeta`.
    AlphaBeta,
    /// `mcts`.
    Mcts,
}
