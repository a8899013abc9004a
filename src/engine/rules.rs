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

/// A hole of the board. Its number is the hole's slot in the engine's count array, where
/// each player's circuit is stored contiguously in sowing order (so that a lap is a run of
/// consecutive slots); use [`Rules::hole`], [`Rules::row_of`] and [`Rules::column_of`] to
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

/// One description of holes that may be chosen to sow from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// Fewest seeds (always at least 1).
    pub min: u16,
    /// Most seeds.
    pub max: u16,
    /// What the next hole along the circuit must be, if anything.
    pub next: Option<HoleState>,
    /// The description as the file words it.
    pub text: String,
}

/// What a lap rule does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LapAction {
    /// Lift the landing hole and sow on.
    Relay,
    /// Carry out capture number `n`; the sowing ends.
    Capture(u8),
    /// The sowing ends.
    Stop,
}

/// `when the last seed lands in …: ACTION`, compiled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LapRule {
    /// The landing hole before the seed fell, if the rule says.
    pub landing: Option<HoleState>,
    /// Whose side the landing hole is on, if the rule says.
    pub side: Option<Side>,
    /// Which row role the landing hole has, if the rule says.
    pub role: Option<Role>,
    /// Conditions on the opponent's holes in the landing column: (row role, state).
    pub facts: Vec<(Role, HoleState)>,
    /// What happens.
    pub action: LapAction,
    /// The rule as the file words it.
    pub text: String,
}

/// A capture: the holes taken at once, then the mover's follow-up choices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Capture {
    /// Its name in the file.
    pub name: String,
    /// Row roles of the opponent's holes in the landing column that are emptied.
    pub take: Vec<Role>,
    /// Choices that follow, in order.
    pub follow_ups: Vec<FollowUp>,
}

/// A choice the mover makes after a capture, one decision at a time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FollowUp {
    /// Remove seeds one at a time from the region, in board order.
    Strip {
        /// Whether the mover may stop early.
        optional: bool,
        /// How many.
        amount: Amount,
        /// From where.
        region: Region,
    },
    /// Empty whole occupied holes of the region, in board order.
    ExtraHoles {
        /// How many.
        count: u16,
        /// From where.
        region: Region,
    },
}

impl FollowUp {
    /// The region the follow-up takes from.
    pub fn region(&self) -> Region {
        match self {
            FollowUp::Strip { region, .. } | FollowUp::ExtraHoles { region, .. } => *region,
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
    /// A player with no seeds on their side loses.
    pub no_seeds_loses: bool,
    /// What happens to a player who has seeds but no legal move.
    pub blocked: Blocked,
    /// A repeated position (at a turn boundary) is a draw.
    pub repetition_draws: bool,
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
    /// Each player's circuit, starting at the owner's outer-row leftmost hole. It occupies
    /// the slots `circuit_base[p] .. circuit_base[p] + len`, in this order.
    pub(crate) circuit: ByPlayer<Vec<Hole>>,
    /// The first slot of each player's circuit.
    pub(crate) circuit_base: ByPlayer<usize>,
    /// `key_prefix[p][i]`: the sum of the hashing keys of the first `i` holes of `p`'s circuit.
    pub(crate) key_prefix: ByPlayer<Vec<u64>>,
    /// For each player and hole: the next hole along that player's circuit (only own holes).
    pub(crate) next: ByPlayer<Vec<Hole>>,
    /// `role_hole[player][role][column]`: the hole of that player's row role in a column.
    pub(crate) role_hole: ByPlayer<Vec<Vec<Hole>>>,
    /// `regions[player][i]`: the holes of a region in board order; `i` is 0 for the whole
    /// territory and `1 + role` for one row.
    pub(crate) regions: ByPlayer<Vec<Vec<Hole>>>,
    pub(crate) choices: Vec<Choice>,
    pub(crate) lap_rules: Vec<LapRule>,
    pub(crate) lap_otherwise: LapAction,
    /// `lap_table[player][slot * 2 + was_occupied]`: the lap rules' verdict where the
    /// landing hole decides it (built by the engine from the rules above).
    pub(crate) lap_table: ByPlayer<Vec<u8>>,
    /// What sowing reads of each player's circuit, gathered in one place.
    pub(crate) rings: ByPlayer<super::play::Ring>,
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

    /// A player's holes in board order.
    pub fn territory(&self, player: Player) -> &[Hole] {
        &self.territory[player]
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

    /// The descriptions of holes that may be chosen, most preferred first.
    pub fn choices(&self) -> &[Choice] {
        &self.choices
    }

    /// The rules applied after each lap, in order.
    pub fn lap_rules(&self) -> &[LapRule] {
        &self.lap_rules
    }

    /// What happens after a lap when no lap rule applies.
    pub fn lap_otherwise(&self) -> LapAction {
        self.lap_otherwise
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
