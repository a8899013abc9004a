//! The engine's rules: flat tables built from a [`Model`] by [`Rules::new`], which checks
//! the model first; after that the engine trusts them.

use crate::model::Model;
pub use crate::model::{
    Amount, Blocked, ByPlayer, Capture, Chosen, Destination, Direction, EndRules, Ending, Fact, FollowUp,
    HoleFilter, HoleState, IntoHoles, LapAction, LapRule, MAX_COLUMNS, MAX_HOLES, MAX_MARKS, MAX_ROWS,
    MAX_SEATS, MAX_SEEDS, MAX_SLOTS, MarkId, Meta, ParamValue, Player, Region, Resow, Role, SEAT_BITS,
    Search, Side, SowInto, Target, TurnCondition,
};

/// A hole of the board (or a store). Its number is the hole's slot in the engine's count
/// array, where each player's own-rows circuit (or the one shared circuit) is stored
/// contiguously in sowing order (so that a lap is a run of consecutive slots), and the
/// stores come after the holes; use [`Rules::hole`], [`Rules::row_of`] and [`Rules::column_of`] to
/// go between holes and board coordinates.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Hole(pub(crate) u8);

impl Hole {
    /// The index into a count array.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A declared kind of special hole.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MarkDef {
    /// Its name in the file.
    pub name: String,
    /// Holes marked from the start.
    pub start: Vec<Hole>,
}

/// One description of holes that may be chosen to sow from, resolved onto the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The holes it is about, for each player, in board order.
    pub holes: ByPlayer<Vec<Hole>>,
    /// The holes `except` leaves out by place or row, for each player: where holes belong
    /// by colour or change owner, a description of every own hole is about any hole the
    /// mover holds but these.
    pub left_out: ByPlayer<Vec<Hole>>,
    /// A mark the hole must carry.
    pub mark: Option<MarkId>,
    /// The marks the hole must not carry (`except fixed holes and centre holes`): the
    /// declared marks, each left out of the description.
    pub except_marks: Vec<MarkId>,
    /// The hole must be this many holes after the mover's hole carrying this mark, along
    /// their circuit (`the hole 2 holes after the own pair hole`).
    pub after_mark: Option<(MarkId, u8)>,
    /// Only the count decides (no mark, no neighbour): the plain count test applies.
    pub counts_only: bool,
    /// Only the counts and the neighbours decide: no mark, no most, no opposite hole, no
    /// prediction of the lap ([`Rules::fits`](super::Rules) skips those tests in one).
    pub plain: bool,
    /// The description in the model: the counts, the neighbours, the file's words.
    pub rule: crate::model::Choice,
    /// The description no hole may fit for this one to fit any (`, if there is no …`).
    pub none_fits: Option<Box<Choice>>,
    /// Descriptions joined with `or`, the first included: the hole must fit one of them
    /// (this description asks nothing else). Empty for a single description.
    pub either: Vec<Choice>,
}

impl Choice {
    /// Whether hole `h` is among the holes this description is about for `me`, where the
    /// holes `me` holds are theirs whatever their row (holes by colour, or changing owner):
    /// a description of every own hole is about each of them but those `except` leaves out.
    #[inline]
    pub(crate) fn among_held(&self, me: Player, h: Hole) -> bool {
        match self.rule.holes {
            crate::model::HoleSet::Territory => !self.left_out[me].contains(&h),
            _ => self.holes[me].contains(&h),
        }
    }
}

/// A lap that may be sown another way (`also …`), resolved onto the board.
#[derive(Clone, Debug)]
pub struct TurnRule {
    /// The holes, and what the hole a turn's first lap lifts must hold.
    pub choice: Choice,
    /// The way the lap may go.
    pub direction: Direction,
    /// When it may.
    pub(crate) condition: TurnCheck,
    /// The condition is asked of the whole hole's seeds, whatever the lap lifts.
    pub(crate) whole: bool,
    /// The condition's rule where it is one (`if the last seed lands in …`), read from the
    /// model by the general interpreter where the lap sown that way ends.
    pub(crate) lands: Option<LapRule>,
}

/// When a lap may be turned, as a test on where the lap sown that way ends.
#[derive(Clone, Debug)]
pub(crate) enum TurnCheck {
    /// Always.
    Always,
    /// Where the phase's lap rules capture.
    Captures,
    /// Where the condition's rule applies: each player's ring of that one rule, whose
    /// verdict is `MoveAgain` where it applies.
    Lands(Box<ByPlayer<super::sowing::Ring>>),
}

/// What a turn of a phase consists of: the model's turns, a sowing with the engine's tables.
pub type TurnKind = crate::model::Turn<SowRules>;

/// How a phase's sowings go.
#[derive(Clone, Debug)]
pub struct SowRules {
    /// The holes that may be chosen, most preferred description first.
    pub choices: Vec<Choice>,
    /// A direction fixed for this phase (else the circuit's, or the player's choice).
    pub direction: Option<Direction>,
    /// The rules applied after each lap, in order (those read at its last seed).
    pub lap_rules: Vec<LapRule>,
    /// What happens after a lap when no lap rule applies.
    pub lap_otherwise: LapAction,
    /// The rows the lap rules ask whether a seed of the turn has reached (`no seed of the
    /// turn has reached …`), each once, in the order first asked; whether only the ends of
    /// laps count. The turn keeps one bit for each, at most 8.
    pub reach: Vec<(Side, Role, bool)>,
    /// When the opponent has no seeds (or cannot move), only turns that give them some (or a
    /// move) may be chosen.
    pub must_feed: Option<crate::model::Feed>,
    /// `must not undo the opponent's last turn`.
    pub no_undo: bool,
    /// `must not take every seed of the opponent`.
    pub no_wipe: bool,
    /// Laps that may be sown another way.
    pub turnings: Vec<TurnRule>,
    /// Where holes belong by colour: what a seed sown into a hole of the opponent's does.
    pub overrun: Option<crate::model::Overrun>,
    /// Where holes belong by colour: the move of a player with one seed left.
    pub lone: Option<crate::model::LoneSeed>,
    /// The move of all the seeds of a hole the description fits into the next hole, and
    /// whether it is barred in a turn of moving again.
    pub whole_move: Option<(bool, Choice)>,
    /// How a turn's first lap is lifted and where its first seed goes.
    pub first_lap: crate::model::FirstLap,
    /// Seeds the first hole of a turn's first lap receives, if not one.
    pub first_hole: Option<u16>,
    /// Seeds each hole empty when a lap reaches it receives (`each_hole` where the rules say
    /// nothing).
    pub empty_hole: u16,
    /// Seeds every other hole a lap reaches receives (1 where the rules say nothing).
    pub each_hole: u16,
    /// The mark whose holes laps skip, where play sets it (a new round's closed holes, a
    /// landing marked): read from the position, lap by lap. A mark only the setup sets is
    /// skipped by the ring itself.
    pub skip_in_play: Option<u8>,
    /// … only the sower's own holes of that mark, or only the others' (`, skipping own
    /// covered holes`).
    pub skip_side: Option<crate::model::Side>,
    /// Only a turn whose chosen hole carries this mark skips them (`… when the chosen hole is
    /// a store hole`): read from the turn's chosen hole ([`Rules::chosen_mark`]).
    pub skip_when: Option<u8>,
    /// Holes skipped by what they hold when a lap reaches them (see
    /// [`crate::model::Sowing::skip_count`]): read lap by lap.
    pub skip_count: Option<crate::model::SkipCount>,
    /// Every lap lifted from a hole drops its first seed back into it (played lap by lap).
    pub every_lap_itself: bool,
    /// The lap rules read as each seed but a lap's last falls (`a seed lands in …`), in
    /// order: captures in passing, played lap by lap.
    pub passing: Vec<LapRule>,
    /// The lap rules read once, when the sowing is over (`when the sowing ends`), in order:
    /// captures, played lap by lap.
    pub at_end: Vec<LapRule>,
    /// The lap rules read before each lap is lifted from a hole (`when a lap starts from …`),
    /// in order: captures, played lap by lap.
    pub at_start: Vec<LapRule>,
    /// A turned lap's captured seeds may be left for another turned lap.
    pub leave_turned: bool,
    /// Turned laps capture once a turn, unless the turn's first lap was turned.
    pub turned_once: bool,
    /// While the mover's hand holds a seed for each of their holes, they may put one into
    /// each instead of sowing ([`Move::Enter`](super::Move)).
    pub hand_entry: bool,
    /// While the mover holds seeds in hand, they may sow them instead, from this hole of
    /// theirs ([`Move::SowHand`](super::Move)).
    pub hand_sow: Option<crate::model::HandSow>,
    /// A turn's first lap may be sown otherwise than the rest: turned, with seeds by rule
    /// into its first hole, or lifting a number of seeds or starting in the chosen hole.
    pub special_first: bool,
    /// Moves beyond the sowings of the holes chosen may be on offer, or taken away: turned
    /// laps, entering the hand, or sowings that must feed the opponent.
    pub extra_moves: bool,
    /// Each turn puts a seed from the mover's hand into the chosen hole (played by
    /// `engine::stepwise`).
    pub place: Option<crate::model::Place>,
    /// Laps from a hole of a mark holding more than so many seeds lift only some (played by
    /// `engine::stepwise`).
    pub heavy: Option<crate::model::Heavy>,
    /// A turn's first lap may not leave this row at once from an end hole while another hole
    /// of it is occupied (played by `engine::stepwise`).
    pub exit_start: Option<Role>,
    /// A relay that would leave this row so cannot be sown: the mover loses (played by
    /// `engine::stepwise`).
    pub exit_relay: Option<Role>,
    /// A lap may go through the mover's side store at their choice, if it then holds at most
    /// so many seeds (played by `engine::stepwise`).
    pub side_path: Option<u16>,
    /// First laps preferred, most first (played by `engine::stepwise`).
    pub prefer: Vec<crate::model::TurnCondition>,
    /// The blocking rule, worked out at the end of each turn (played by `engine::stepwise`).
    pub block: Option<crate::model::Block>,
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

/// The compiled rules of one game (one ruleset, one set of parameter values).
#[derive(Clone, Debug)]
pub struct Rules {
    /// What the tables were built from.
    pub(crate) model: Model,
    pub(crate) rows: usize,
    pub(crate) columns: usize,
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
    /// The fewest seeds a store must hold to end the game (`a store with … seeds …`), read
    /// once: `u32::MAX` where no such rule is.
    pub(crate) store_least: u32,
    /// Seeds a player's captures must come to for them to win (`a player who has captured
    /// every seed wins`); `u32::MAX` where no rule says so.
    pub(crate) captured_least: u32,
    /// Each player's holes in board order (a1…an, b1…bn, …).
    pub(crate) territory: ByPlayer<Vec<Hole>>,
    /// The slots of each player's territory: always a run of consecutive slots, since each
    /// player's own-rows circuit (or their half of a shared one) is stored in one run.
    pub(crate) territory_slots: ByPlayer<std::ops::Range<usize>>,
    /// Each player's store, if the board has stores: the slots after the holes.
    pub(crate) store: Option<ByPlayer<Hole>>,
    /// Each player's side store, if the board has them: the slots after the stores.
    pub(crate) side_store: Option<ByPlayer<Hole>>,
    /// Each player's circuit through their side store, in its place in the middle of its row
    /// (empty without side stores), and each slot's position in it (`u8::MAX` if off it):
    /// read by `engine::stepwise` alone, for laps through the side store.
    pub(crate) through: ByPlayer<Vec<Hole>>,
    pub(crate) through_pos: ByPlayer<Vec<u8>>,
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
    /// Where a ring through the mover's store may be sown against its direction:
    /// `back_ring[p][slot]`, the slot after it that way (the store after the player's last
    /// hole that way). Such rules are played by the general interpreter.
    pub(crate) back_ring: Option<ByPlayer<Vec<Hole>>>,
    /// For each player and hole: the next hole along that player's circuit (only own holes).
    pub(crate) next: ByPlayer<Vec<Hole>>,
    /// `role_hole[player][role]`: the holes of that player's row role, from South's left (a
    /// whole row, or the player's half of a middle row shared in halves).
    pub(crate) role_hole: ByPlayer<Vec<Vec<Hole>>>,
    /// `column_hole[player][role][column]`: the hole of that player's row role in a column
    /// (from South's left), if they own one there (of a middle row shared in halves, only in
    /// their half's columns).
    pub(crate) column_hole: ByPlayer<Vec<Vec<Option<Hole>>>>,
    /// `opposite[mover][slot][role]`: what stands opposite a slot in the opponent's row
    /// `role`, for that mover (see [`Rules::opposite`]).
    pub(crate) opposite: ByPlayer<Vec<[Option<Hole>; MAX_ROWS / 2]>>,
    /// `regions[player][i]`: the holes of a region in board order; `i` is 0 for the whole
    /// territory and `1 + role` for one row.
    pub(crate) regions: ByPlayer<Vec<Vec<Hole>>>,
    /// `opponents_regions[player][i]`: the holes of region `i` of `player`'s opponents (see
    /// [`Rules::opponents_region`]).
    pub(crate) opponents_regions: ByPlayer<Vec<Vec<Hole>>>,
    /// Kinds of marked hole.
    pub(crate) marks: Vec<MarkDef>,
    /// When players choose their sowing direction.
    pub(crate) chosen: Chosen,
    /// The phases: openings in order, then the main game.
    pub(crate) phases: Vec<PhaseRules>,
    /// Per-hole hashing keys for repetition detection.
    pub(crate) keys: Vec<u64>,
    /// `a player with no seeds …` at a table of two (a larger table's is a rare end).
    pub(crate) no_seeds_two: Option<crate::model::Ending>,
    /// Whether a turn of moving again is told from another (a move barred then).
    pub(crate) tracks_again: bool,
    /// Hashing key added for the player to move, by seat (0 for seat 0).
    pub(crate) seat_keys: [u64; MAX_SEATS],
    /// What a turn passing from each seat to the next adds to the hash: the next seat's key
    /// less this one's.
    pub(crate) pass_keys: [u64; MAX_SEATS],
    /// Who owns a hole is part of the position, in [`State`](super::State)'s colour planes:
    /// where holes belong by the colour of their seeds ([`Rules::seed_colours`]), or where a
    /// capture may give a hole to the mover (`then the landing hole becomes the mover's`).
    /// Sowings are then played by the general interpreter (`engine::stepwise`), which with
    /// `engine::colour` alone reads the planes.
    pub(crate) colours: bool,
    /// Holes belong by the colour of their seeds: each seed sown makes its hole the mover's,
    /// and an empty hole is no one's. Else, where [`Rules::colours`] holds, the planes hold the
    /// owner of every hole, changed only by a capture that claims one.
    pub(crate) seed_colours: bool,
    /// Every hole is every player's (`territory each player owns every hole`): the holes are
    /// kept as seat 0's, whose count of seeds on their side is the board's, which every
    /// player's count is set to at the end of each turn.
    pub(crate) common: bool,
    /// Each seed goes into a neighbouring hole of the mover's choosing (`circuit a path
    /// through neighbouring holes, …`): the laps are played by `engine::path`, the holes a
    /// lap has lifted or sown into carrying mark `path_mark` (the one after the file's own).
    pub(crate) path: bool,
    /// See [`Rules::path`].
    pub(crate) path_mark: u8,
    /// No lap of a turn drops a seed in the hole the turn began from (`skipping the chosen
    /// hole`): the hole carries this mark (the one after the file's own) until the turn ends.
    pub(crate) chosen_mark: Option<u8>,
    /// A capture keeps to the holes the turn has sown into (`every hole sown this turn …`):
    /// each hole a seed of the turn's laps falls into carries this mark (one after the file's
    /// own and those kept above) until the sowing is over.
    pub(crate) sown_mark: Option<u8>,
    /// Players' seeds are counted again at the end of each turn: holes belong by colour
    /// ([`Rules::colours`]) or are everyone's ([`Rules::common`]).
    pub(crate) settles_seeds: bool,
    /// Facts about the rules that every turn would otherwise work out again.
    pub(crate) flags: Flags,
    /// The rules look at what a turn's captures did ([`State`](super::State)'s `turn_bits`):
    /// turned laps are counted, or a turn that takes both end holes of a row wins.
    pub(crate) turn_record: bool,
    /// Sowings are played lap by lap by the general interpreter (`engine::stepwise`): the
    /// fast path does not cover the rules ([`Model::fast_path_covers`]), or `Rules::general`
    /// built them.
    pub(crate) stepwise: bool,
    /// These rules with every sowing played by the general interpreter, built once where a
    /// front end first asks to show a sowing ([`Rules::general_twin`]).
    pub(crate) general: std::sync::OnceLock<Box<Rules>>,
}

/// Facts about the rules read on every turn, worked out once: each says whether a
/// mechanic most games lack is in play, so that the common path tests one flag for it.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Flags {
    /// The repetition key holds more than the counts and the player to move: phases,
    /// directions chosen for good, marks, colours or seeds in hand from the setup.
    pub keyed_extra: bool,
    /// A pass may be on offer: a blocked player passes, passing loses, or an opening lets
    /// players pass.
    pub may_pass: bool,
    /// The players may agree to end the game at a repeated position (`a repeated position
    /// lets the players agree to a draw`): an offer to end it may be on offer.
    /// Lots may be drawn between rounds (`, or by lot if each has 2`): a chance event.
    pub lots: bool,
    pub agreed: bool,
    /// A decision besides the turn's may be on offer at its start: a pass, a swap
    /// ([`Flags::may_pass`]) or an offer to end the game ([`Flags::agreed`]).
    pub offers: bool,
    /// An opening lets a player swap sides (`a player may swap sides`): offered where a pass
    /// is ([`Flags::may_pass`] holds too).
    pub swaps: bool,
    /// An opening is the first player's alone (`only the first player plays it`): the
    /// position's key holds who that is.
    pub first_only: bool,
    /// A sowing may not undo the opponent's last turn (`must not undo …`): each state keeps
    /// the positions at its last two turn boundaries ([`State::before`]).
    pub no_undo: bool,
    /// A mark is held until a hole is full (`, until it holds at least 8 seeds`): read at the
    /// end of every turn as well.
    pub marks_open: bool,
    /// A scored end rule gives each player one more turn first (`after one more turn each`).
    pub last_turns: bool,
    /// A choice describes an opponent's holes (`opponent's hole …`): the mover may sow a
    /// hole that is not theirs.
    pub sows_theirs: bool,
    /// An end rule other than "a player with no seeds" at a table of two is checked on the
    /// position after every turn: an empty row, one occupied hole, a store majority, and at a
    /// larger table, a player with no seeds.
    pub rare_ends: bool,
    /// … and of them only a store majority, at a table of two: read inline at each turn
    /// boundary (`Rules::store_majority`), not through `Rules::check_rare_ends`.
    pub store_end_alone: bool,
    /// … among them, a player with no seeds under a rule scoped to a phase, or every marked
    /// hole emptied (`Rules::check_scarce_ends`).
    pub scarce_ends: bool,
    /// … and first of them, a gift of seeds to a player with none (`Rules::give_seeds`).
    pub gift: bool,
    /// … a gift, or a table of more than two (`Rules::check_first_ends`).
    pub first_ends: bool,
    /// Sowings are played by the general interpreter (`engine::stepwise`), lap by lap, seed
    /// by seed, not by the fast paths.
    pub interpreted: bool,
    /// An opening may end for the mover at a capture, in the middle of a turn
    /// (`it ends for a player when a capture leaves …`).
    pub capture_ends_phase: bool,
    /// A rule reads what a player has captured, wherever the seeds went (a score of
    /// captures, a blocked player's draw, `the opponent has captured …`): the seeds captures
    /// put back on the board are counted ([`State::took`]).
    pub counts_took: bool,
    /// An end rule is checked when a turn ends, whatever the position: passes in a row, a
    /// turn limit.
    pub turn_ends: bool,
    /// Some phase has turning lines: a lap may go the other way than the last one went.
    pub turnings: bool,
}

impl Rules {
    /// The model these rules were built from: what `sow show` prints.
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// Every player, in turn order (South and North in a two-player game).
    pub fn players(&self) -> impl Iterator<Item = Player> + Clone + use<> {
        self.model.players()
    }

    /// How many players sit at the board.
    pub fn seats(&self) -> usize {
        self.model.seats
    }

    /// The game has chance events: lots drawn between rounds (`, or by lot if each has 2`;
    /// see [`State::is_chance`](super::State::is_chance)).
    pub fn has_chance(&self) -> bool {
        self.flags.lots
    }

    /// The lots the rules draw, in words with the phrases that say them (`lots for the first
    /// player (…)`), for a message that refuses a game of chance; `None` without them.
    pub fn lots_drawn(&self) -> Option<&'static str> {
        let rounds = self.model.end.rounds.and_then(|r| r.refill).is_some_and(|r| r.lot > 0);
        match (self.model.first_by_lot, rounds) {
            (true, true) => Some(
                "lots for the first player and between rounds (`the first player is drawn by lot`, `, or by lot if each has 2`)",
            ),
            (true, false) => Some("lots for the first player (`the first player is drawn by lot`)"),
            (false, true) => Some("lots between rounds (`, or by lot if each has 2`)"),
            (false, false) => None,
        }
    }

    /// Metadata: name, aliases, origin, sources, summary.
    pub fn meta(&self) -> &Meta {
        &self.model.meta
    }

    /// Parameters and the values these rules were compiled with.
    pub fn params(&self) -> &[ParamValue] {
        &self.model.params
    }

    /// The value of a parameter, by name.
    pub fn param(&self, name: &str) -> Option<u32> {
        self.model.params.iter().find(|p| p.name == name).map(|p| p.value)
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
        &self.model.row_names
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
        // A store is in no column: 0.
        self.board_of.get(hole.index()).map_or(0, |&at| usize::from(at) % self.columns)
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

    /// The hole opposite `h` in the opponent's row `role`, for `me` as the mover: the
    /// opponent's hole of that row in `h`'s column, unless the rules' table of opposite holes
    /// gives another (or `None`, no hole at all).
    #[inline(always)]
    pub(crate) fn opposite(&self, me: Player, h: Hole, role: Role) -> Option<Hole> {
        self.opposite[me][h.index()][usize::from(role)]
    }

    /// The seeds in [`Rules::opposite`] (none where no hole stands opposite).
    #[inline(always)]
    pub(crate) fn opposite_count(&self, state: &super::State, me: Player, h: Hole, role: Role) -> u16 {
        self.opposite(me, h, role).map_or(0, |o| state.counts[o.index()])
    }

    /// A player's side store, if the board has them.
    pub fn side_store(&self, player: Player) -> Option<Hole> {
        self.side_store.map(|s| s[player])
    }

    /// Whether a slot is a side store.
    pub fn is_side_store(&self, slot: Hole) -> bool {
        self.side_store.is_some_and(|s| s[Player::South] == slot || s[Player::North] == slot)
    }

    /// Whether a slot is a store (or a side store) rather than a hole.
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

    /// `player`'s hole of row `role` in the column of hole `h`, if they own one there (of a
    /// middle row shared in halves, only in their half's columns).
    #[inline]
    pub(crate) fn in_column(&self, player: Player, role: usize, h: Hole) -> Option<Hole> {
        self.column_hole[player][role][usize::from(self.hole_column[h.index()])]
    }

    /// The hole of `player`'s row `role` in `column` (from South's left), if they own one
    /// there.
    pub fn role_hole(&self, player: Player, role: Role, column: usize) -> Option<Hole> {
        self.column_hole[player][role as usize].get(column).copied().flatten()
    }

    /// Seeds in each hole at the start, in board order.
    pub fn start_counts(&self) -> Vec<u16> {
        self.all_holes().map(|h| self.start[h.index()]).collect()
    }

    /// Seeds in the game: on the board at the start, and in the players' hands.
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

    /// When players choose their sowing direction.
    pub fn direction_chosen(&self) -> Chosen {
        self.chosen
    }

    /// The captures.
    pub fn captures(&self) -> &[Capture] {
        &self.model.captures
    }

    /// How the game ends.
    pub fn end_rules(&self) -> &EndRules {
        &self.model.end
    }

    /// The holes of a region of `player`'s side, in board order.
    pub fn region_holes(&self, player: Player, region: Region) -> &[Hole] {
        &self.regions[player][region.index()]
    }

    /// The holes of `region` that are `me`'s opponents': at a table of two, the opponent's
    /// region; at a larger table, every other player's, from the next player on.
    pub fn opponents_region(&self, me: Player, region: Region) -> &[Hole] {
        &self.opponents_regions[me][region.index()]
    }

    /// Whether hole `h` is one of `me`'s opponents' now (by row, or by the colour of the
    /// seeds it holds).
    pub(super) fn held_by_opponent(&self, state: &super::State, h: Hole, me: Player) -> bool {
        match self.seats() {
            2 => self.holds(state, h, me.other()),
            _ if self.colours => self.holder(state, h).is_some_and(|p| p != me),
            _ => self.common || self.hole_owner[h.index()] != me,
        }
    }

    /// The seeds `me`'s opponents have on the board (at a larger table, those still in the
    /// game; where every hole is everyone's, the board's).
    pub(super) fn opponents_seeds(&self, state: &super::State, me: Player) -> u32 {
        match self.seats() {
            2 => u32::from(state.seeds[me.other()]),
            _ if self.common => u32::from(state.seeds[me]),
            _ => (self.players())
                .filter(|&p| p != me && !state.is_out(p))
                .map(|p| u32::from(state.seeds[p]))
                .sum(),
        }
    }

    /// The name of a hole in board notation: `b8`, `c1`.
    pub fn hole_name(&self, hole: Hole) -> String {
        if self.is_side_store(hole) {
            // `s+` (South's) or `n+` (North's): a side store is lifted only through it.
            return if self.hole_owner[hole.index()] == Player::South { "s" } else { "n" }.to_string();
        }
        if self.is_store(hole) {
            return format!("{}'s store", self.hole_owner[hole.index()]);
        }
        let row = (b'a' + self.row_of(hole) as u8) as char;
        format!("{row}{}", self.column_of(hole) + 1)
    }

    /// The rows of a player in board notation, from the seat inward: a row's letter, or the
    /// player's half of a middle row shared in halves as its holes (`a`, `b4–b6`).
    pub fn row_words(&self, player: Player) -> Vec<String> {
        (self.role_hole[player].iter().take(self.model.row_names.len()))
            .map(|row| match (row.first(), row.last()) {
                (Some(&first), Some(&last)) if row.len() < self.columns => {
                    format!("{}–{}", self.hole_name(first), self.hole_name(last))
                }
                (Some(&first), _) => ((b'a' + self.row_of(first) as u8) as char).to_string(),
                _ => String::new(),
            })
            .collect()
    }

    /// The rows of a player, as letters in board notation, from the seat inward (`a, b`).
    pub fn row_letters(&self, player: Player) -> Vec<char> {
        (0..self.model.row_names.len())
            .map(|role| {
                let hole = self.role_hole[player][role][0];
                (b'a' + self.row_of(hole) as u8) as char
            })
            .collect()
    }
}
