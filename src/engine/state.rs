//! Positions, decisions and outcomes.

use std::fmt;

pub use super::history::History;
use super::rules::{ByPlayer, Direction, Hole, MAX_MARKS, MAX_SLOTS, Player, SEAT_BITS};

/// One decision of a player: a ply.
///
/// A turn is a `Sow`, followed by the `Pick`s (and possibly a `Stop`) of any capture's
/// follow-up, all by the same player; or a `Pass` when the rules let a blocked player pass.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[repr(align(4))] // written as one word into move lists
pub enum Move {
    /// Lift the seeds of this own hole and sow them.
    Sow(Hole),
    /// Sow this hole in a direction chosen now: kept for the rest of the game or the turn
    /// where the circuit lets players choose; for one lap where the rules let a lap be
    /// turned (at the start of a turn, or where a sowing paused to let the mover turn it).
    SowDirection(Hole, Direction),
    /// Sow this hole with the lap going through the mover's side store rather than past it
    /// (at the start of a turn, the side store itself included, or where a sowing paused at
    /// a relay that may go either way): `b3+`.
    SowThrough(Hole),
    /// During a capture's follow-up (or a turn of taking): take one seed (a strip) or the
    /// whole hole (an extra hole) from this opponent's hole.
    Pick(Hole),
    /// End an optional strip early, or stop sowing where the rules let the mover stop.
    Stop,
    /// Where the rules let the mover stop sowing: relay instead.
    Relay,
    /// Move seeds from the first hole to the second (a turn of an opening).
    Transfer(Hole, Hole),
    /// Mark a hole (a turn of an opening).
    Mark(Hole),
    /// Empty an own hole, its seeds out of play or into the mover's hand (a turn of an
    /// opening).
    Empty(Hole),
    /// A blocked player's turn passes (only where the rules say so).
    Pass,
    /// Put one seed from the mover's hand into each of their holes, instead of sowing (only
    /// where the rules say so).
    Enter,
    /// Sow the seeds of the mover's hand from the hole the rules name, instead of sowing a
    /// hole (only where the rules say so): `hand`.
    SowHand,
    /// Lift this many seeds of the hole just chosen and sow them, where the mover chooses the
    /// count (`sow any number of seeds …`): written as the bare number, `b3 4`.
    Lift(u16),
    /// Swap sides with the other player, the board turned half a circle (only where an
    /// opening says so): `swap`.
    Swap,
    /// Offer to end the game, before playing the turn (only at a repeated position, where the
    /// rules let the players agree to end it there): `offer`.
    Offer,
    /// Agree to end the game, as another player offered: `agree`.
    Agree,
    /// Refuse to end the game, as another player offered, who then plays their turn: `refuse`.
    Refuse,
    /// The lot drawn between rounds fell to this player (a chance event, drawn by the program,
    /// not chosen by a player): `lot:south`.
    Lot(Player),
}

/// A list of decisions with room for any position (one per hole, and a `Stop` or `Pass`),
/// kept on the stack. Derefs to a slice of moves.
#[derive(Clone)]
pub struct MoveList {
    pub(crate) moves: [Move; MoveList::CAPACITY],
    pub(crate) len: usize,
}

impl MoveList {
    /// The most decisions any position can have: one per hole and a `Stop` or `Pass`, or
    /// in a turn of moving seeds one per pair of holes its words describe, which the compiler
    /// keeps within this room (`too_many_choices`).
    pub const CAPACITY: usize = crate::model::MAX_CHOICES;

    /// An empty list.
    pub fn new() -> MoveList {
        MoveList { moves: [Move::Pass; MoveList::CAPACITY], len: 0 }
    }

    /// Empty the list.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Add a decision at the end.
    #[inline]
    pub fn push(&mut self, mv: Move) {
        self.moves[self.len] = mv;
        self.len += 1;
    }

    /// Keep the first `len` decisions.
    #[inline]
    pub fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }

    /// Remove the decision at `index`, moving the last one into its place.
    pub fn swap_remove(&mut self, index: usize) -> Move {
        let mv = self.moves[index];
        self.moves[index] = self.moves[self.len - 1];
        self.len -= 1;
        mv
    }

    /// The decisions as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// The decisions as a mutable slice.
    #[inline]
    pub(crate) fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    #[inline]
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl PartialEq for MoveList {
    fn eq(&self, other: &MoveList) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for MoveList {}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl Extend<Move> for MoveList {
    fn extend<I: IntoIterator<Item = Move>>(&mut self, iter: I) {
        for mv in iter {
            self.push(mv);
        }
    }
}

/// Where the player to move stands within a turn.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Phase {
    /// Choosing a hole to sow (the start of a turn).
    Sow,
    /// Making the picks that follow a capture.
    Pick(Pick),
    /// Deciding whether to stop sowing at `at` or to relay from it, or which way to sow on
    /// from it.
    LapChoice(LapChoice),
    /// Choosing the end of a row a capture's seeds are sown from (`…, either end from the
    /// middle N holes, …`): the mover sows one end hole inward (`b1:cw` or `b8:acw`).
    EndChoice(EndChoice),
    /// Choosing the hole the next seed of a lap goes into, where each seed goes into a
    /// neighbouring hole of the mover's choosing (`circuit a path through neighbouring
    /// holes, …`): a `Sow` of one of them.
    Step(PathStep),
    /// Choosing how many seeds of the hole just chosen the turn's first lap lifts, where the
    /// mover chooses the count (`sow any number of seeds …`): a `Lift` of one of them.
    Lift(LiftChoice),
    /// Choosing the hole a capture's taken seeds are put into, where the capture names
    /// several (`put the taken seeds into the leftmost inner hole or the rightmost inner
    /// hole`): a `Sow` of one of them, written as the hole's name.
    PutChoice(PutChoice),
    /// Answering this player's offer to end the game (`a repeated position lets the players
    /// agree to a draw`): an `Agree` or a `Refuse`. The player to move is the one answering.
    Offer(Player),
    /// A chance event, not a player's decision: lots are drawn for a last hole between the
    /// rounds (`, or by lot if each has 2`), each of the `Lot` decisions with the same chance.
    /// Holds how the round ended, which the next round's filling reads.
    Lot(Outcome),
    /// A chance event at the start of a game whose first player is drawn by lot (`the first
    /// player is drawn by lot`): each `Lot` decision, one a player, with the same chance; the
    /// game then starts with that player to move.
    FirstLot,
}

/// A capture waiting for the mover to choose the hole its taken seeds are put into (see
/// [`Phase::PutChoice`]): it takes them once the hole is chosen, so that the position holds
/// every seed meanwhile. The way the capturing lap went and the rows the turn has reached are
/// kept in the turn's bits, as at a pause to stop.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct PutChoice {
    /// Which capture (index into the model's captures).
    pub capture: u8,
    /// The hole where the capturing lap ended.
    pub at: Hole,
    /// The hole the capturing lap was lifted from (`the origin hole`).
    pub from: Hole,
    /// Seeds the capture takes once the hole is chosen (it has taken nothing yet: the board
    /// is as the capturing lap left it).
    pub taken: u16,
    /// Seeds the chosen hole held (for conditions on it).
    pub origin: u16,
    /// Pauses made this turn (this one included), which bound the turn's pauses.
    pub pauses: u16,
    /// Where each seed goes into a neighbouring hole of the mover's choosing: the laps the
    /// turn has begun.
    pub laps: u16,
}

/// A turn whose hole (and way) is chosen, waiting for the mover to choose how many of its
/// seeds to lift (see [`Phase::Lift`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct LiftChoice {
    /// The hole chosen.
    pub hole: Hole,
    /// The lap goes against the circuit's stored order.
    pub rev: bool,
    /// The lap goes through the mover's side store.
    pub through: bool,
    /// The seeds are the mover's hand (`hand` chosen; `hole` is the hole the hand's first
    /// seed goes into), not the hole's.
    pub hand: bool,
}

impl LiftChoice {
    /// The counts the mover may choose at this pause: from 1 to all of the hand's seeds, or
    /// those the rules let a lap lift from the hole (see [`crate::model::FirstLap::counts`]).
    pub fn counts(
        self,
        state: &State,
        first_lap: crate::model::FirstLap,
    ) -> Option<std::ops::RangeInclusive<u16>> {
        match self.hand {
            true => {
                let hand = state.hand[state.to_move];
                (hand > 0).then_some(1..=hand)
            }
            false => first_lap.counts(state.counts[self.hole.index()]),
        }
    }
}

/// A capture waiting for the mover to choose the row end its seeds are sown from.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct EndChoice {
    /// Which capture (index into the model's captures).
    pub capture: u8,
    /// The hole where the capturing lap ended (or the seed was placed).
    pub at: Hole,
    /// Seeds the chosen hole held (for conditions on it).
    pub origin: u16,
}

/// A lap of a path sowing under way (see [`Phase::Step`]). The holes the lap has lifted or
/// sown into carry the rules' path mark.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct PathStep {
    /// The hole the last seed fell in (before the lap's first seed, the lifted hole).
    pub at: Hole,
    /// The hole the step into `at` came from (`at` itself before the lap's first seed):
    /// the heading of the lap is from it to `at`.
    pub from: Hole,
    /// Seeds still to sow.
    pub hand: u16,
    /// Seeds the chosen hole held (for conditions on it).
    pub origin: u16,
    /// Laps begun this turn.
    pub laps: u16,
    /// The hole the lap was lifted from (where the opponent's seeds a lap overruns go, where
    /// holes belong by colour).
    pub lifted: Hole,
    /// What else the lap knows (`PATH_*` bits): whether it is the turn's first, whether the
    /// turn has captured, whether it is one lap of captured seeds after which the turn ends,
    /// whether its first hole has been sown.
    pub bits: u8,
}

impl PathStep {
    /// The lap is the turn's first.
    pub fn first(&self) -> bool {
        self.bits & PATH_FIRST != 0
    }

    /// A capture has been made earlier in the turn.
    pub fn captured(&self) -> bool {
        self.bits & PATH_CAPTURED != 0
    }
}

/// [`PathStep::bits`]: the lap is the turn's first.
pub(crate) const PATH_FIRST: u8 = 1;
/// [`PathStep::bits`]: a capture has been made earlier in the turn.
pub(crate) const PATH_CAPTURED: u8 = 2;
/// [`PathStep::bits`]: the lap sows a capture's seeds on, one lap, and then the turn ends
/// (`sow them on, one lap`): no lap rule is read where it ends.
pub(crate) const PATH_ONE_LAP: u8 = 4;
/// [`PathStep::bits`]: the lap's first hole has had its seeds (the lifted hole itself, for a
/// lap starting with it), so the next seed goes one to a hole.
pub(crate) const PATH_STARTED: u8 = 8;

/// A sowing paused where the rules let the mover stop.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct LapChoice {
    /// The hole where the lap ended.
    pub at: Hole,
    /// Seeds the chosen hole held (for conditions on it).
    pub origin: u16,
    /// Relay decisions already made this turn.
    pub relays: u16,
    /// The choice is which way the next lap goes (`relay` the usual way, or a direction the
    /// rules let it be turned), not whether to stop.
    pub turn: bool,
    /// Seeds the next lap lifts from `at`: 0 for the whole hole, else a capture's seeds sown
    /// on without the rest of the hole (`sow them on`).
    pub hand: u16,
    /// The choice is whether the next lap goes past the mover's side store (`relay`) or
    /// through it (`relay+`): the lap from `at` is not sown yet (`engine::stepwise`).
    pub through: bool,
    /// The choice is among the captures of [`crate::model::Model::capture_choices`] number
    /// `capture - 1` (`capture a or capture b`), each named by the first hole it takes; 0 for
    /// another choice.
    pub capture: u8,
}

impl LapChoice {
    /// Seeds a lap from hole `h` lifts at this pause (0: the whole hole): the seeds waiting
    /// at the pause's hole, or a whole other hole.
    pub fn hand_at(&self, h: Hole) -> u16 {
        if h == self.at { self.hand } else { 0 }
    }
}

/// A pending follow-up of a capture: what remains to pick and from where.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Pick {
    /// Which capture (index into [`Rules::captures`]).
    pub capture: u8,
    /// Which follow-up of that capture.
    pub step: u8,
    /// Picks still owed (seeds for a strip, holes for extra holes).
    pub remaining: u16,
    /// Canonical lower bound: picks are made in board order, each from this position of the
    /// region's hole list or later.
    pub lower: u8,
    /// Seeds the capture's `take` took (the size of an "as many as were taken" strip).
    pub taken: u16,
    /// The opposite rows whose holes held seeds when taken (bit per row role).
    pub taken_roles: u8,
}

/// Why a game was won.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum WinReason {
    /// The loser had no seeds left on their side.
    NoSeeds,
    /// The winner had no seeds left on their side, the game's goal (`a player with no seeds
    /// wins`).
    Emptied,
    /// The loser had as few seeds on their side as `a player with at most N seeds loses` says.
    FewSeeds,
    /// The winner had as few seeds on their side as `a player with at most N seeds wins` says.
    LastSeeds,
    /// The loser had seeds but no legal move.
    Blocked,
    /// The game ended on scores, and the winner had more seeds.
    Score,
    /// The loser resigned.
    Resigned,
    /// The loser's row named by the rules was empty.
    RowEmpty,
    /// The winner had all their seeds in one hole.
    OneHole,
    /// The winner's captures of one turn took both end holes of the loser's row named by the
    /// rules.
    EndHoles,
    /// The loser passed, which the rules let a player do at the cost of the game.
    Passed,
    /// In a game of rounds, the loser could not fill a single hole for the next round.
    CannotFill,
    /// In a game of rounds, the winner's points came to what the rules ask for (`a player
    /// who has scored 60 points wins`).
    Points,
    /// The winner's captures of the game came to the seeds the rules ask for (`a player who
    /// has captured every seed wins`).
    Captured,
}

/// Why a game was drawn.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum DrawReason {
    /// A position repeated.
    Repetition,
    /// The game reached the turn limit.
    TurnLimit,
    /// The game ended on equal scores.
    EqualScores,
    /// A pass was answered by a pass.
    Passes,
    /// The player to move could not move, and had captured enough seeds to draw
    /// (`, or draws if they have captured at least 50 seeds`).
    Blocked,
    /// The players agreed to a draw at a repeated position (`a repeated position lets the
    /// players agree to a draw`).
    Agreed,
}

/// How a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Outcome {
    /// One player won.
    Win {
        /// The winner.
        winner: Player,
        /// Why.
        reason: WinReason,
    },
    /// Nobody won.
    Draw(DrawReason),
}

impl Outcome {
    /// The winner, if any.
    pub fn winner(self) -> Option<Player> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw(_) => None,
        }
    }

    /// The result as in game records: `1-0` (South won), `0-1` or `1/2-1/2`.
    pub fn result_tag(self) -> &'static str {
        match self.winner() {
            Some(p) if p == Player::South => "1-0",
            Some(p) if p == Player::North => "0-1",
            // Four or more seats: the winner's seat, from 1.
            Some(p) => ["1-0-0-0", "0-1-0-0", "0-0-1-0", "0-0-0-1"].get(p.index()).copied().unwrap_or("*"),
            None => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            // The score the rules count: seeds, or seeds captured (`Rules::score`).
            Outcome::Win { winner, reason: WinReason::Score } => write!(f, "{winner} wins on score"),
            // At a larger table the others dropped out, unless the winner won by their own seeds.
            Outcome::Win { winner, reason }
                if winner.seats() > 2
                    && !matches!(
                        reason,
                        WinReason::Emptied | WinReason::LastSeeds | WinReason::OneHole | WinReason::Captured
                    ) =>
            {
                write!(f, "{winner} wins: the last player left")
            }
            Outcome::Win { winner, reason } => {
                // Named only at a table of two.
                let loser = || winner.other();
                match reason {
                    // Seeds in hand or in a store do not count (blind test 29: "North has no
                    // seeds left" with 28 in hand).
                    WinReason::NoSeeds => {
                        write!(f, "{winner} wins: {} has no seeds left on their side", loser())
                    }
                    WinReason::Emptied => write!(f, "{winner} wins: they have no seeds left"),
                    WinReason::LastSeeds => write!(f, "{winner} wins: they are down to their last seeds"),
                    WinReason::FewSeeds => write!(f, "{winner} wins: {} has too few seeds left", loser()),
                    WinReason::Blocked => write!(f, "{winner} wins: {} has no legal move", loser()),
                    WinReason::Score => write!(f, "{winner} wins on score"),
                    WinReason::Resigned => write!(f, "{winner} wins: {} resigned", loser()),
                    WinReason::RowEmpty => write!(f, "{winner} wins: {}'s row is empty", loser()),
                    WinReason::OneHole => write!(f, "{winner} wins: all their seeds are in one hole"),
                    WinReason::EndHoles => {
                        write!(f, "{winner} wins: they took both end holes of {}'s row in one turn", loser())
                    }
                    WinReason::Passed => write!(f, "{winner} wins: {} passed", loser()),
                    WinReason::CannotFill => {
                        write!(f, "{winner} wins: {} cannot fill a hole for another round", loser())
                    }
                    WinReason::Captured => {
                        write!(f, "{winner} wins: they have captured the seeds the rules ask for")
                    }
                    WinReason::Points => {
                        write!(f, "{winner} wins: they have scored the points the rules ask for")
                    }
                }
            }
            Outcome::Draw(DrawReason::Repetition) => write!(f, "draw: the position repeated"),
            Outcome::Draw(DrawReason::TurnLimit) => write!(f, "draw: the turn limit was reached"),
            Outcome::Draw(DrawReason::EqualScores) => write!(f, "draw: equal scores"),
            Outcome::Draw(DrawReason::Passes) => write!(f, "draw: both players passed"),
            Outcome::Draw(DrawReason::Blocked) => {
                write!(f, "draw: the player who could not move had captured enough seeds")
            }
            Outcome::Draw(DrawReason::Agreed) => {
                write!(f, "draw: the players agreed, the position having repeated")
            }
        }
    }
}

/// A position beyond its counts, for analysis and tests ([`Rules::state_from_setup`]).
///
/// ```
/// # use sow::engine::{Setup, Player};
/// # let rules = sow::compile("t.sow", sow::bundled::bundled("nsolo").unwrap(), &Default::default()).unwrap();
/// let mut setup = Setup::new(rules.start_counts(), Player::North);
/// setup.captured[Player::South] = 4;
/// let state = rules.state_from_setup(&setup).unwrap();
/// assert_eq!(state.to_move(), Player::North);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Counts in board order (a1…an, b1…bn, …).
    pub counts: Vec<u16>,
    /// The player to move.
    pub to_move: Player,
    /// The opening both players are in (at its first turn), or `None` for the main game.
    pub opening: Option<String>,
    /// Seeds each player holds in hand.
    pub hand: ByPlayer<u16>,
    /// Seeds each player has captured.
    pub captured: ByPlayer<u16>,
    /// Seeds in each player's store (on a board with stores).
    pub stores: ByPlayer<u16>,
    /// Seeds in each player's side store (on a board with side stores).
    pub side_stores: ByPlayer<u16>,
    /// Captures each player has made so far.
    pub captures_made: ByPlayer<u16>,
    /// The direction each player has chosen for good.
    pub direction: ByPlayer<Option<Direction>>,
    /// Marked holes, by the mark's name.
    pub marks: Vec<(String, Hole)>,
    /// Where holes belong by colour: whose seeds each hole holds, in board order (`None`:
    /// the seeds in each player's rows are theirs); where holes change owner in play (won by
    /// a capture or a refill), whose each hole is (`None`: each its first owner's).
    pub colours: Option<Vec<Player>>,
}

impl Setup {
    /// A main-game position with these counts and nothing else.
    pub fn new(counts: Vec<u16>, to_move: Player) -> Setup {
        Setup {
            counts,
            to_move,
            opening: None,
            hand: ByPlayer::default(),
            captured: ByPlayer::default(),
            stores: ByPlayer::default(),
            side_stores: ByPlayer::default(),
            captures_made: ByPlayer::default(),
            direction: ByPlayer::default(),
            marks: Vec::new(),
            colours: None,
        }
    }
}

/// A position of a game: every count, the player to move, the phase of the turn, and the
/// outcome once the game is over.
///
/// A `State` is plain data of fixed size (no heap), so copying one is cheap. It comes
/// from [`Rules::start`] or [`Rules::state_from_counts`] and is only changed by play.
#[derive(Clone, PartialEq, Eq, Hash)]
// The fields in a fixed order: those a sowing touches on every lap (the side's seeds, the
// hash, the counts) share cache lines; a field added later goes at the end (an order left to
// the compiler moved them apart when three fields were added, and the default rules' playouts measured
// 2-4% slower).
#[repr(C)]
pub struct State {
    /// The direction each player has chosen for good, if the rules let them choose.
    pub(crate) direction: ByPlayer<Option<Direction>>,
    pub(crate) captured: ByPlayer<u16>,
    /// Seeds each player's captures put back on the board (into a hole, or sown on): theirs
    /// by capture though on the board, counted where a rule reads what a player has captured
    /// (`Flags::counts_took`; else always 0).
    pub(crate) took: ByPlayer<u16>,
    /// Seeds each player keeps in hand: captured seeds that count for them, and seeds the
    /// setup put in hand that turns of placing put on the board.
    pub(crate) hand: ByPlayer<u16>,
    /// Captures each player has made.
    pub(crate) captures_made: ByPlayer<u16>,
    /// Each player's phase (index into [`Rules::phases`]).
    pub(crate) phase_of: ByPlayer<u8>,
    /// Turns each player has taken in their current phase.
    pub(crate) phase_turns: ByPlayer<u16>,
    /// Moves each player has made in their current phase, where a turn goes on until its
    /// player passes (`a player keeps the turn until they pass, at most N moves`): many moves
    /// to one turn. Else 0.
    pub(crate) phase_moves: ByPlayer<u16>,
    /// Marked holes: one bit per slot, per kind of mark.
    pub(crate) marks: [[u64; 3]; MAX_MARKS],
    /// Where holes belong by colour: the seat whose seeds each hole holds, in binary, one
    /// plane per bit of the seat (bit 0 in plane 0), one bit per slot in each: all clear
    /// where seat 0's (South's), or empty. Always clear elsewhere.
    pub(crate) colour: [[u64; 3]; SEAT_BITS],
    /// Seeds on each player's side.
    pub(crate) seeds: ByPlayer<u16>,
    /// The position's hash (counts and player to move), kept up to date by play.
    pub(crate) hash: u64,
    pub(crate) counts: [u16; MAX_SLOTS],
    /// Turns completed.
    pub(crate) turn: u32,
    /// The first turn boundary whose position can recur: seeds left the board just before it.
    pub(crate) since: u32,
    pub(crate) phase: Phase,
    pub(crate) outcome: Option<Outcome>,
    /// Rounds completed, in a game of rounds.
    pub(crate) round: u16,
    /// What the turn under way has done, where the rules look at it (`TURN_*` bits): cleared
    /// when a turn ends.
    pub(crate) turn_bits: u16,
    pub(crate) to_move: Player,
    /// Passes in a row, up to the last turn.
    pub(crate) passes: u8,
    /// At a table of more than two, the players who have lost and dropped out: one bit per
    /// seat. Always 0 at two.
    pub(crate) out: u8,
    /// The turn under way is one of moving again ([`AGAIN`]), one the mover may pass on
    /// ([`AGAIN_MAY`]: `may move again`), or neither (0); kept only where a rule asks (see
    /// `Rules::tracks_again`).
    pub(crate) again: u8,
    /// Each player's points from the rounds scored so far (where rounds score points).
    pub(crate) points: ByPlayer<u16>,
    /// The player who moved first in the game (or in a game of rounds, in the round).
    pub(crate) first: Player,
    /// A player has swapped sides in this game (or round): the swap is on offer no more.
    pub(crate) swapped: bool,
    /// Where the players may agree to end the game at a repeated position: the turn under way
    /// started at one ([`OFFER_OPEN`]), and an offer made in it was refused
    /// ([`OFFER_REFUSED`]). Set at each turn boundary; always 0 elsewhere. (Kept in the room
    /// before `before`'s alignment, so that a state is no larger for it.)
    pub(crate) offer: u8,
    /// Where a sowing may not undo the opponent's last turn: the position keys
    /// ([`Rules::history_key`]) at the last turn boundary and at the one before it (0: none).
    pub(crate) before: [u64; 2],
    /// The turns still to be played before the game ends on the score, where a rule that
    /// holds gives each player one more (`after one more turn each`); 0 where none is counted.
    pub(crate) last_turns: u8,
    /// Of the seeds counted in `captured`, those a turn of an opening emptied (out of play, or
    /// into the hand) and no capture took: they are not captured for the score (blind test
    /// 24, fault 1). Those in hand go back on the board first.
    pub(crate) aside: ByPlayer<u16>,
}

/// [`State::offer`]: the turn under way started at a repeated position; its player may offer
/// to end the game.
pub(crate) const OFFER_OPEN: u8 = 1;
/// [`State::offer`]: … and an offer made in it was refused: it is not made again in the turn.
pub(crate) const OFFER_REFUSED: u8 = 2;

/// [`State::again`]: the turn under way is one of moving again.
pub(crate) const AGAIN: u8 = 1;
/// [`State::again`]: … which the mover may pass on (`may move again`).
pub(crate) const AGAIN_MAY: u8 = 2;
/// [`State::again`]: … whose sowing goes the way [`State::direction`] says, the other way
/// from the turn before (`move again, turning back`).
pub(crate) const AGAIN_BACK: u8 = 4;

/// [`State::turn_bits`]: the turn's first lap was turned.
pub(crate) const TURN_FIRST_TURNED: u16 = 1;
/// [`State::turn_bits`]: a turned lap of the turn has captured.
pub(crate) const TURN_TURNED_CAPTURED: u16 = 2;
/// [`State::turn_bits`]: the sowing is paused where a turned lap's captured seeds were put, and
/// the rules let them be left there for another turned lap.
pub(crate) const TURN_LEAVE: u16 = 4;
/// [`State::turn_bits`]: the turn's captures took the opponent's end hole of the named row on
/// South's left.
pub(crate) const TURN_END_LEFT: u16 = 8;
/// [`State::turn_bits`]: … on South's right.
pub(crate) const TURN_END_RIGHT: u16 = 16;
/// [`State::turn_bits`]: a sowing played lap by lap, paused for the mover to stop or relay,
/// goes against the circuit's stored order.
pub(crate) const TURN_STEP_REV: u16 = 32;
/// [`State::turn_bits`]: … and has captured earlier in the turn.
pub(crate) const TURN_STEP_CAPTURED: u16 = 64;
/// [`State::turn_bits`]: a sowing played lap by lap has taken seeds this turn.
pub(crate) const TURN_STEP_TOOK: u16 = 128;
/// [`State::turn_bits`]: the rows a sowing played lap by lap, paused for the mover, has
/// reached of those its lap rules ask about (`no seed of the turn has reached …`): one bit
/// for each of `SowRules::reach`, at most 8.
pub(crate) const TURN_STEP_REACHED: u16 = 0xff00;

impl State {
    /// Seeds in a hole.
    pub fn count(&self, hole: Hole) -> u16 {
        self.counts[hole.index()]
    }

    /// Seeds on a player's side.
    pub fn seeds(&self, player: Player) -> u16 {
        self.seeds[player]
    }

    /// The hash of the counts and the player to move: equal positions have equal hashes.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Whether two states hold the same position: counts, player to move and phase (not the
    /// turn number or history).
    pub fn same_position(&self, other: &State) -> bool {
        self.counts == other.counts
            && self.to_move == other.to_move
            && self.phase == other.phase
            && self.phase_of == other.phase_of
            && self.direction == other.direction
            && self.marks == other.marks
            && self.colour == other.colour
            && self.passes == other.passes
            && self.out == other.out
            && self.again == other.again
            && self.offer == other.offer
    }

    /// Whether a player has lost and dropped out (at a table of more than two).
    pub fn is_out(&self, player: Player) -> bool {
        self.out >> player.index() & 1 == 1
    }

    /// The player who decides next.
    pub fn to_move(&self) -> Player {
        self.to_move
    }

    /// The position is a chance event, not a player's decision: lots are being drawn between
    /// rounds ([`Phase::Lot`]) or for the first player ([`Phase::FirstLot`]). Its decisions
    /// (`Move::Lot`) each have the same chance, and are drawn by the program: a player is
    /// never asked.
    #[inline]
    pub fn is_chance(&self) -> bool {
        matches!(self.phase, Phase::Lot(_) | Phase::FirstLot)
    }

    /// Where the turn stands.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Seeds each player has captured (whether they left play or went to hand); not those
    /// a turn of an opening emptied, which no capture took (see [`State::aside`]).
    pub fn captured(&self) -> ByPlayer<u16> {
        self.captured.zip_map(self.aside, |c, a| c - a)
    }

    /// Seeds each player's turns of an opening emptied (`remove the seeds of … from play`,
    /// `put the seeds of … in the mover's hand`) that are still off the board: out of play,
    /// or in hand.
    pub fn aside(&self) -> ByPlayer<u16> {
        self.aside
    }

    /// Seeds each player keeps in hand.
    pub fn hand(&self) -> ByPlayer<u16> {
        self.hand
    }

    /// The index of a player's phase in [`Rules::phases`].
    pub fn phase_of(&self, player: Player) -> usize {
        usize::from(self.phase_of[player])
    }

    /// Whether a hole carries a mark.
    pub fn is_marked(&self, mark: u8, hole: Hole) -> bool {
        let i = hole.index();
        self.marks[usize::from(mark)][i / 64] >> (i % 64) & 1 == 1
    }

    /// The direction a player chose for good, if any.
    pub fn chosen_direction(&self, player: Player) -> Option<Direction> {
        self.direction[player]
    }

    /// Turns completed so far.
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// Rounds completed so far, in a game of rounds (0 in the first round).
    pub fn round(&self) -> u32 {
        u32::from(self.round)
    }

    /// The turns still to be played before the game ends on the score, where an end rule
    /// that holds gives each player one more (`after one more turn each`); 0 where none is
    /// counted.
    pub fn last_turns(&self) -> u32 {
        u32::from(self.last_turns)
    }

    /// A player's points from the rounds scored so far (0 where rounds score no points).
    pub fn points(&self, player: Player) -> u32 {
        u32::from(self.points[player])
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }
}

impl fmt::Debug for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let last = self.counts.iter().rposition(|&c| c != 0).map_or(0, |i| i + 1);
        if f.alternate() {
            // Every field, for a test that finds two states unequal.
            return f
                .debug_struct("State")
                .field("counts", &&self.counts[..last])
                .field("to_move", &self.to_move)
                .field("phase", &self.phase)
                .field("captured", &self.captured)
                .field("took", &self.took)
                .field("aside", &self.aside)
                .field("hand", &self.hand)
                .field("captures_made", &self.captures_made)
                .field("phase_of", &self.phase_of)
                .field("phase_turns", &self.phase_turns)
                .field("phase_moves", &self.phase_moves)
                .field("direction", &self.direction)
                .field("marks", &self.marks)
                .field("colour", &self.colour)
                .field("seeds", &self.seeds)
                .field("hash", &self.hash)
                .field("turn", &self.turn)
                .field("since", &self.since)
                .field("passes", &self.passes)
                .field("turn_bits", &self.turn_bits)
                .field("outcome", &self.outcome)
                .field("offer", &self.offer)
                .finish();
        }
        f.debug_struct("State")
            .field("counts", &&self.counts[..last])
            .field("to_move", &self.to_move)
            .field("phase", &self.phase)
            .field("captured", &self.captured)
            .field("turn", &self.turn)
            .field("outcome", &self.outcome)
            .finish()
    }
}
