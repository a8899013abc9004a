//! The compiled rules: flat tables the engine runs on. `Rules` come only from
//! [`crate::compile`]; after that the engine trusts them.

use std::fmt;
use std::ops::{Index, IndexMut};

/// Most rows a board may have.
pub const MAX_ROWS: usize = 4;
/// Most holes a row may have.
pub const MAX_COLUMNS: usize = 40;
/// Most holes a board may have.
pub const MAX_HOLES: usize = MAX_ROWS * MAX_COLUMNS;
/// Slots of a position's count array: the holes, then a store for each player.
pub const MAX_SLOTS: usize = MAX_HOLES + 2;
/// Most seeds a board may hold in all (counts are stored as `u16`).
pub const MAX_SEEDS: u32 = 20_000;

/// One of the two players. South moves first.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Player {
    /// Player 1, seated at rows a (outer) and b (inner); moves first.
    South,
    /// Player 2, seated at the far side of the board.
    North,
}

impl Player {
    /// Both players, South first.
    pub const BOTH: [Player; 2] = [Player::South, Player::North];

    /// The other player.
    pub fn other(self) -> Player {
        match self {
            Player::South => Player::North,
            Player::North => Player::South,
        }
    }

    /// 0 for South, 1 for North.
    pub fn index(self) -> usize {
        self as usize
    }

    /// `South` or `North`.
    pub fn name(self) -> &'static str {
        match self {
            Player::South => "South",
            Player::North => "North",
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A value for each player.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct ByPlayer<T> {
    /// South's value.
    pub south: T,
    /// North's value.
    pub north: T,
}

impl<T> ByPlayer<T> {
    /// Build from a function of the player.
    pub fn new_with(mut f: impl FnMut(Player) -> T) -> ByPlayer<T> {
        ByPlayer { south: f(Player::South), north: f(Player::North) }
    }

    /// Apply a function to both values.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> ByPlayer<U> {
        ByPlayer { south: f(self.south), north: f(self.north) }
    }
}

impl<T> Index<Player> for ByPlayer<T> {
    type Output = T;
    fn index(&self, p: Player) -> &T {
        match p {
            Player::South => &self.south,
            Player::North => &self.north,
        }
    }
}

impl<T> IndexMut<Player> for ByPlayer<T> {
    fn index_mut(&mut self, p: Player) -> &mut T {
        match p {
            Player::South => &mut self.south,
            Player::North => &mut self.north,
        }
    }
}

/// A hole of the board (or a store). Its number is the hole's slot in the engine's count
/// array, where each player's own-rows circuit (or the one shared circuit) is stored
/// contiguously in sowing order (so that a lap is a run of consecutive slots), and the
/// stores come after the holes; use [`Rules::hole`], [`Rules::row_of`] and [`Rules::column_of`] to
/// go between holes and board coordinates.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Hole(pub(crate) u8);

impl Hole {
    /// The index into a count array.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// What happens to a player who cannot move.
pub use crate::syntax::ast::Blocked;
/// A direction of sowing, seen from above.
pub use crate::syntax::ast::Direction;
/// Whether a hole holds seeds.
pub use crate::syntax::ast::HoleState;
/// Whose side, from the mover's point of view.
pub use crate::syntax::ast::Side;

/// A row's role in a player's territory, as an index into [`Rules::row_names`].
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
    /// Description.
    pub doc: Option<String>,
}

/// Most kinds of marked hole a game may declare.
pub const MAX_MARKS: usize = 2;

/// A kind of mark, as an index into [`Rules::marks`].
pub type MarkId = u8;

/// A declared kind of special hole.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MarkDef {
    /// Its name in the file.
    pub name: String,
    /// Holes marked from the start.
    pub start: Vec<Hole>,
}

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

/// One description of holes that may be chosen to sow from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The holes it is about, for each player, in board order.
    pub holes: ByPlayer<Vec<Hole>>,
    /// A mark the hole must carry.
    pub mark: Option<MarkId>,
    /// Fewest seeds (always at least 1).
    pub min: u16,
    /// Most seeds.
    pub max: u16,
    /// What the next hole along the circuit must be, if anything.
    pub next: Option<HoleState>,
    /// What the previous hole along the circuit must be, if anything.
    pub previous: Option<HoleState>,
    /// The description as the file words it.
    pub text: String,
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
    /// The sowing ends and the same player moves again.
    MoveAgain,
    /// The sowing ends.
    Stop,
}

/// A further condition of a lap rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fact {
    /// The opponent's hole of a row in the landing column is empty or occupied.
    Opposite(Role, HoleState),
    /// The hole after the landing hole is empty or occupied.
    Next(HoleState),
    /// The chosen hole held between `min` and `max` seeds.
    Origin(u16, u16),
    /// The landing hole holds between `min` and `max` seeds, the last one included.
    Holds(u16, u16),
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
    /// What happens.
    pub action: LapAction,
    /// The rule as the file words it.
    pub text: String,
}

/// A hole a capture takes at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// The landing hole itself.
    Landing,
    /// The opponent's hole of this row role in the landing column.
    Opposite(Role),
    /// Going back from the landing hole against the sowing, each hole while it is the
    /// opponent's and holds between `min` and `max` seeds.
    HolesBefore(u16, u16),
}

/// Where taken seeds go.
pub use crate::syntax::ast::Destination;

/// A capture: the holes taken at once, then the mover's follow-up choices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Capture {
    /// Its name in the file.
    pub name: String,
    /// Holes emptied at once.
    pub take: Vec<Target>,
    /// Where the taken seeds go.
    pub destination: Destination,
    /// A capture that would take every seed on the opponent's side takes nothing.
    pub not_every_seed: bool,
    /// Choices that follow, in order.
    pub follow_ups: Vec<FollowUp>,
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

/// What a turn of a phase consists of.
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant, reason = "read on every move; a box would add a pointer chase")]
pub enum TurnKind {
    /// Choose a hole and sow it.
    Sow(SowRules),
    /// Take whole occupied holes of the opponent (the picks of capture number `capture`,
    /// which has no `take` of its own).
    Take {
        /// The capture whose follow-up these picks are.
        capture: u8,
    },
    /// Move seeds from one own hole to another.
    Transfer {
        /// Seeds moved.
        count: u16,
        /// Where from.
        from: HoleFilter,
        /// Where to.
        to: HoleFilter,
    },
    /// Mark one hole.
    Mark {
        /// Which holes may be marked.
        hole: HoleFilter,
        /// With what.
        mark: MarkId,
    },
}

/// How a phase's sowings go.
#[derive(Clone, Debug)]
pub struct SowRules {
    /// The holes that may be chosen, most preferred description first.
    pub choices: Vec<Choice>,
    /// A direction fixed for this phase (else the circuit's, or the player's choice).
    pub direction: Option<Direction>,
    /// The rules applied after each lap, in order.
    pub lap_rules: Vec<LapRule>,
    /// What happens after a lap when no lap rule applies.
    pub lap_otherwise: LapAction,
    /// When the opponent has no seeds, only sowings that give them some may be chosen.
    pub must_feed: bool,
    /// What sowing reads, per player (see [`super::sowing::Ring`]).
    pub(crate) rings: ByPlayer<super::sowing::Ring>,
}

/// A phase of the game: an opening, or the main game (the last).
#[derive(Clone, Debug)]
pub struct PhaseRules {
    /// The opening's name (`None` for the main game).
    pub name: Option<String>,
    /// The most turns a player spends in it.
    pub lasts: Option<u16>,
    /// What its turns are.
    pub turn: TurnKind,
}

/// How the game ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EndRules {
    /// A player with no seeds on their side loses, or ends the game (scored).
    pub no_seeds: Option<Ending>,
    /// What happens to a player who has seeds but no legal move.
    pub blocked: Blocked,
    /// A repeated position (at a turn boundary) is a draw, or ends the game (scored).
    pub repetition: Option<Ending>,
    /// A store holding more than half the seeds ends the game (scored).
    pub store_majority: bool,
    /// A game that reaches this many turns is a draw.
    pub turn_limit: Option<u32>,
}

/// How an end rule settles the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The rule's own result: the player with no seeds loses; a repetition is a draw.
    Plain,
    /// The game ends and the player with more seeds (side, hand and store) wins.
    Scored,
}

/// The compiled rules of one game (one ruleset, one set of parameter values).
#[derive(Clone, Debug)]
pub struct Rules {
    pub(crate) meta: Meta,
    pub(crate) params: Vec<ParamValue>,
    pub(crate) rows: usize,
    pub(crate) columns: usize,
    pub(crate) row_names: Vec<String>,
    pub(crate) direction: Direction,
    /// Board index (`row * columns + column`) → hole.
    pub(crate) slot_of: Vec<Hole>,
    /// Hole → board index.
    pub(crate) board_of: Vec<u16>,
    /// Hole → column (0 = South's left).
    pub(crate) hole_column: Vec<u8>,
    pub(crate) hole_owner: Vec<Player>,
    pub(crate) hole_role: Vec<Role>,
    pub(crate) start: Vec<u16>,
    pub(crate) total_seeds: u32,
    /// Each player's holes in board order (a1…an, b1…bn, …).
    pub(crate) territory: ByPlayer<Vec<Hole>>,
    /// The slots of each player's territory: always a run of consecutive slots, since each
    /// player's own-rows circuit (or their half of a shared one) is stored in one run.
    pub(crate) territory_slots: ByPlayer<std::ops::Range<usize>>,
    /// Each player's store, if the board has stores: the slots after the holes.
    pub(crate) store: Option<ByPlayer<Hole>>,
    /// Whether the circuit is the whole board, shared by both players.
    pub(crate) shared_circuit: bool,
    /// Whether a lap skips the hole it was lifted from.
    pub(crate) skip_origin: bool,
    /// Each player's circuit as slots in sowing order: an own-rows circuit starts at the
    /// owner's outer-row leftmost hole and occupies consecutive slots; a shared circuit
    /// starts at South's first hole, and passes through the mover's store if it says so.
    pub(crate) circuit: ByPlayer<Vec<Hole>>,
    /// `circuit_pos[p][slot]`: the slot's position in `p`'s circuit (`u8::MAX` if off it).
    pub(crate) circuit_pos: ByPlayer<Vec<u8>>,
    /// For each player and hole: the next hole along that player's circuit (only own holes).
    pub(crate) next: ByPlayer<Vec<Hole>>,
    /// `role_hole[player][role][column]`: the hole of that player's row role in a column.
    pub(crate) role_hole: ByPlayer<Vec<Vec<Hole>>>,
    /// `regions[player][i]`: the holes of a region in board order; `i` is 0 for the whole
    /// territory and `1 + role` for one row.
    pub(crate) regions: ByPlayer<Vec<Vec<Hole>>>,
    /// Kinds of marked hole.
    pub(crate) marks: Vec<MarkDef>,
    /// Whether each player chooses their sowing direction once.
    pub(crate) chosen_once: bool,
    /// The phases: openings in order, then the main game.
    pub(crate) phases: Vec<PhaseRules>,
    pub(crate) captures: Vec<Capture>,
    pub(crate) end: EndRules,
    /// Per-hole hashing keys for repetition detection.
    pub(crate) keys: Vec<u64>,
    /// Hashing key added when North is to move.
    pub(crate) north_key: u64,
}

impl Rules {
    /// Metadata: name, aliases, origin, sources, summary.
    pub fn meta(&self) -> &Meta {
        &self.meta
    }

    /// Parameters and the values these rules were compiled with.
    pub fn params(&self) -> &[ParamValue] {
        &self.params
    }

    /// The value of a parameter, by name.
    pub fn param(&self, name: &str) -> Option<u32> {
        self.params.iter().find(|p| p.name == name).map(|p| p.value)
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Holes per row.
    pub fn columns(&self) -> usize {
        self.columns
    }

    /// Number of holes on the board.
    pub fn holes(&self) -> usize {
        self.rows * self.columns
    }

    /// All holes, in board order (a1…an, b1…bn, …).
    pub fn all_holes(&self) -> impl Iterator<Item = Hole> + '_ {
        self.slot_of.iter().copied()
    }

    /// The names of a player's rows, from the seat inward.
    pub fn row_names(&self) -> &[String] {
        &self.row_names
    }

    /// The hole in `row` (0 = South's outer row) and `column` (0 = South's left).
    pub fn hole(&self, row: usize, column: usize) -> Option<Hole> {
        (row < self.rows && column < self.columns).then(|| self.slot_of[row * self.columns + column])
    }

    /// The row of a hole, 0 = South's outer row.
    pub fn row_of(&self, hole: Hole) -> usize {
        usize::from(self.board_of[hole.index()]) / self.columns
    }

    /// The column of a hole, 0 = South's left.
    pub fn column_of(&self, hole: Hole) -> usize {
        usize::from(self.hole_column[hole.index()])
    }

    /// The counts of a position in board order (a1…an, b1…bn, …).
    pub fn board_counts(&self, state: &super::State) -> Vec<u16> {
        self.all_holes().map(|h| state.count(h)).collect()
    }

    /// Who owns a hole.
    pub fn owner(&self, hole: Hole) -> Player {
        self.hole_owner[hole.index()]
    }

    /// A hole's row role in its owner's territory.
    pub fn role(&self, hole: Hole) -> Role {
        self.hole_role[hole.index()]
    }

    /// The row (as an index into the territory's row names) of a hole, from its owner's
    /// seat.
    pub fn hole_role(&self, hole: Hole) -> Role {
        self.hole_role[hole.index()]
    }

    /// A player's holes in board order.
    pub fn territory(&self, player: Player) -> &[Hole] {
        &self.territory[player]
    }

    /// A player's store, if the board has stores.
    pub fn store(&self, player: Player) -> Option<Hole> {
        self.store.map(|s| s[player])
    }

    /// Whether a slot is a store rather than a hole.
    pub fn is_store(&self, slot: Hole) -> bool {
        slot.index() >= self.holes()
    }

    /// A player's sowing circuit, from the owner's outer-row leftmost hole.
    pub fn circuit(&self, player: Player) -> &[Hole] {
        &self.circuit[player]
    }

    /// The next hole after `hole` along `player`'s circuit.
    pub fn next_hole(&self, player: Player, hole: Hole) -> Hole {
        self.next[player][hole.index()]
    }

    /// The hole of `player`'s row `role` in `column`.
    pub fn role_hole(&self, player: Player, role: Role, column: usize) -> Hole {
        self.role_hole[player][role as usize][column]
    }

    /// Seeds in each hole at the start, in board order.
    pub fn start_counts(&self) -> Vec<u16> {
        self.all_holes().map(|h| self.start[h.index()]).collect()
    }

    /// Seeds on the board at the start.
    pub fn total_seeds(&self) -> u32 {
        self.total_seeds
    }

    /// The circuit direction.
    pub fn direction(&self) -> Direction {
        self.direction
    }

    /// The phases of the game: openings in order, then the main game (the last).
    pub fn phases(&self) -> &[PhaseRules] {
        &self.phases
    }

    /// The main game's phase.
    pub fn main_phase(&self) -> &PhaseRules {
        &self.phases[self.phases.len() - 1]
    }

    /// The kinds of marked hole.
    pub fn marks(&self) -> &[MarkDef] {
        &self.marks
    }

    /// Whether each player chooses their sowing direction once.
    pub fn direction_chosen_once(&self) -> bool {
        self.chosen_once
    }

    /// The captures.
    pub fn captures(&self) -> &[Capture] {
        &self.captures
    }

    /// How the game ends.
    pub fn end_rules(&self) -> &EndRules {
        &self.end
    }

    /// The holes of a region of `player`'s side, in board order.
    pub fn region_holes(&self, player: Player, region: Region) -> &[Hole] {
        &self.regions[player][region.index()]
    }

    /// The name of a hole in board notation: `b8`, `c1`.
    pub fn hole_name(&self, hole: Hole) -> String {
        if self.is_store(hole) {
            return format!("{}'s store", self.hole_owner[hole.index()]);
        }
        let row = (b'a' + self.row_of(hole) as u8) as char;
        format!("{row}{}", self.column_of(hole) + 1)
    }

    /// The rows of a player, as letters in board notation, from the seat inward (`a, b`).
    pub fn row_letters(&self, player: Player) -> Vec<char> {
        (0..self.row_names.len())
            .map(|role| {
                let hole = self.role_hole(player, role as Role, 0);
                (b'a' + self.row_of(hole) as u8) as char
            })
            .collect()
    }
}
