//! Checked play: a decision is applied only if it is legal; otherwise the error says why,
//! in the words of the rules file.

use std::fmt;

use super::rules::*;
use super::state::*;

/// Why a decision was refused. The state it was tried on is left untouched.
///
/// Each variant carries what the explanation needs (holes in board notation such as `b8`,
/// players, counts, the choice descriptions of the rules file); `Display` gives the words
/// for the player, and [`PlayError::kind`] the broad kind of problem.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The game is over.
    #[error("the game is over ({outcome})")]
    GameOver {
        /// How it ended.
        outcome: Outcome,
    },
    /// A sowing paused at the end of a lap: only `stop` (or `relay`) may be played.
    #[error(
        "{player}'s sowing paused at {at}: type `stop` to stop there{}",
        if *.can_relay { " or `relay` to sow on" } else { " (relaying from it would never end)" }
    )]
    LapPaused {
        /// The player to move.
        player: Player,
        /// Where the sowing paused.
        at: String,
        /// Whether relaying is legal (it is not when it would never end).
        can_relay: bool,
    },
    /// A sowing paused before a relay that may go past the side store or through it, met
    /// with another decision.
    #[error(
        "{player}'s sowing paused at {at}: type {}",
        .ways.iter().map(|w| format!("`{w}`")).collect::<Vec<_>>().join(" or ")
    )]
    PathPaused {
        /// The player to move.
        player: Player,
        /// Where the sowing paused.
        at: String,
        /// The ways on that are legal (`relay`, `relay+`).
        ways: Vec<String>,
    },
    /// A sowing paused where the mover may turn the next lap: only `relay` or the turned
    /// sowing may be played.
    #[error(
        "{player}'s sowing paused at {at}: {}",
        match (.can_relay, .turn) {
            (true, Some(t)) => format!("type `relay` to sow on the usual way or `{t}` to turn the next lap"),
            (true, None) => "type `relay` to sow on".to_string(),
            (false, Some(t)) => format!("type `{t}` to turn the next lap (sowing on the usual way would never end)"),
            (false, None) => "no way on from it ends".to_string(),
        }
    )]
    TurnPaused {
        /// The player to move.
        player: Player,
        /// Where the sowing paused.
        at: String,
        /// Whether relaying the usual way is legal.
        can_relay: bool,
        /// The turned sowing, if legal (`b2:cw`).
        turn: Option<String>,
    },
    /// A sowing turned where the rules do not let a lap go that way.
    #[error("{hole} cannot be sown {direction} now: {}", .lines.join("; "))]
    CannotTurn {
        /// The hole.
        hole: String,
        /// The direction asked for.
        direction: &'static str,
        /// The rules that let a lap be turned, as the file words them (or why none applies).
        lines: Vec<String>,
    },
    /// A `stop` while the picks of a compulsory follow-up are owed.
    #[error("this follow-up is not optional: every pick must be made")]
    PicksCompulsory,
    /// Another decision than a pick while picks are owed.
    #[error("{player} must first finish the capture: {owed}")]
    CaptureUnfinished {
        /// The player to move.
        player: Player,
        /// The picks owed.
        owed: PicksOwed,
    },
    /// A pick, `stop` or `relay` while nothing is pending.
    #[error("no capture or paused sowing is pending; {expected}")]
    NothingPending {
        /// What the player to move does instead.
        expected: Expected,
    },
    /// A pass while a legal decision exists.
    #[error("{player} has a legal move and cannot pass")]
    CannotPass {
        /// The player to move.
        player: Player,
    },
    /// A swap of sides that is not on offer.
    #[error("{player} cannot swap sides {why}")]
    CannotSwap {
        /// The player to move.
        player: Player,
        /// Why: the rules have no swap, or it is not on offer now.
        why: &'static str,
    },
    /// An offer to end the game that is not on offer.
    #[error("{player} cannot offer to end the game {why}")]
    CannotOffer {
        /// The player to move.
        player: Player,
        /// Why: the rules have no end by agreement, or it is not on offer now.
        why: &'static str,
    },
    /// `agree` or `refuse` where no one has offered to end the game.
    #[error("{player} has no offer to {answer}: no one has offered to end the game; {expected}")]
    NoOffer {
        /// The player to move.
        player: Player,
        /// `agree` or `refuse`.
        answer: &'static str,
        /// What the player to move does instead.
        expected: Expected,
    },
    /// A decision other than an answer, where another player has offered to end the game.
    #[error("{by} offers to end the game: {player} answers first, `agree` or `refuse`")]
    OfferOwed {
        /// The player to answer.
        player: Player,
        /// The player who offered.
        by: Player,
    },
    /// A decision of a player's where lots are being drawn (between rounds, or for the first
    /// player).
    #[error(
        "lots are being drawn for {what}: the program draws them, not a player (written {} in a record)",
        .outcomes.join(" or ")
    )]
    LotOwed {
        /// What the lot decides: `the last hole before the next round`, `the first player`.
        what: &'static str,
        /// The lot's outcomes, in notation (`lot:south`).
        outcomes: Vec<String>,
    },
    /// A lot's outcome where none is being drawn.
    #[error(
        "no lot is being drawn now: lots are drawn only where the rules say so, for the first player or between rounds"
    )]
    NoLot,
    /// A pass by a blocked player where the rules have no passing.
    #[error("{player} has no legal move; passing is not in these rules")]
    NoPassing {
        /// The player to move.
        player: Player,
    },
    /// A sowing without a direction where the direction is chosen with it.
    #[error(
        "{player} chooses a direction now, {kept}: write `{hole}:ccw` (anticlockwise) or `{hole}:cw` (clockwise)"
    )]
    DirectionOwed {
        /// The player to move.
        player: Player,
        /// The hole sown.
        hole: String,
        /// How long the choice holds: `for good`, or `for this sowing`.
        kept: &'static str,
    },
    /// A sowing from a hole of the opponent's.
    #[error("{hole} is {owner}'s hole; {player} sows from rows {}", and_list(.rows))]
    NotYours {
        /// The hole sown.
        hole: String,
        /// Whose hole it is.
        owner: Player,
        /// The player to move.
        player: Player,
        /// The mover's rows in board notation, from the seat inward: a row's letter, or the
        /// holes of their half of a middle row shared in halves (`a`, `b4–b6`).
        rows: Vec<String>,
    },
    /// A sowing from, or a pick of, an empty hole.
    #[error("{hole} is empty")]
    Empty {
        /// The hole.
        hole: String,
    },
    /// A hole that fits a choice description, while a hole fits an earlier one in force.
    #[error(
        "{hole} holds {}; `{chosen}` may be chosen only when no hole fits `{preferred}`{}",
        seeds(u32::from(*.count)),
        .example.as_ref().map(|x| format!(" ({x} does)")).unwrap_or_default()
    )]
    Outranked {
        /// The hole sown.
        hole: String,
        /// Seeds in it.
        count: u16,
        /// The text of the description it fits.
        chosen: String,
        /// The text of the description in force.
        preferred: String,
        /// A hole that fits the description in force, if any does.
        example: Option<String>,
    },
    /// A sowing whose relay laps would repeat forever.
    #[error("sowing from {hole} would never end: its relay laps repeat forever, so the move is not allowed")]
    Endless {
        /// The hole sown.
        hole: String,
    },
    /// A sowing that would leave an opponent the mover must feed without seeds (or a move),
    /// or leave the opponent no move where the rules say every turn must leave one.
    #[error("sowing from {hole} would leave {opponent} {without}, and the rules say {duty}")]
    Starves {
        /// The hole sown.
        hole: String,
        /// The opponent left unfed (at a larger table, the next one).
        opponent: Player,
        /// `without seeds` or `without a move`.
        without: &'static str,
        /// What the rules say the mover must do: feed them, or leave them a move.
        duty: &'static str,
    },
    /// A sowing that would take every seed of an opponent, where the rules forbid it.
    #[error("sowing from {hole} would take every seed of {opponent}'s, and the rules say a turn must not")]
    Wipes {
        /// The hole sown.
        hole: String,
        /// The opponent left with none.
        opponent: Player,
    },
    /// A sowing that would bring back the position from before the opponent's last turn,
    /// where the rules forbid it.
    #[error(
        "sowing from {hole} would undo {opponent}'s last turn, bringing back the position before it, and the rules forbid that"
    )]
    Undoes {
        /// The hole sown.
        hole: String,
        /// The opponent whose turn it would undo.
        opponent: Player,
    },
    /// A hole that does not fit the choice description in force.
    #[error("{hole} does not fit `{choice}`: {why}")]
    DoesNotFit {
        /// The hole sown.
        hole: String,
        /// The text of the description in force.
        choice: String,
        /// The first condition of the description it fails.
        why: Misfit,
    },
    /// Where holes belong by colour: a hole holding the opponent's seeds.
    #[error("{hole} holds {holder}'s seeds; {player} sows only holes holding their own")]
    NotTheirSeeds {
        /// The hole sown.
        hole: String,
        /// Whose seeds it holds.
        holder: Player,
        /// The player to move.
        player: Player,
    },
    /// Where holes belong by colour: a hole of the mover's that is not their rearmost.
    #[error("{hole} is not the rearmost hole of the mover's seeds: sow {rearmost}")]
    NotRearmost {
        /// The hole sown.
        hole: String,
        /// The rearmost hole.
        rearmost: String,
    },
    /// A sowing when no choice description is in force.
    #[error("{hole} cannot be sown now")]
    CannotSow {
        /// The hole sown.
        hole: String,
    },
    /// A pick outside the follow-up's region.
    #[error("{hole} is not one of the holes to pick from: {owed}")]
    NotInRegion {
        /// The hole picked.
        hole: String,
        /// The picks owed.
        owed: PicksOwed,
    },
    /// A pick of a hole whose mark protects it from this follow-up.
    #[error("{hole} is a {mark} hole, and {mark} holes cannot be taken by these picks")]
    Protected {
        /// The hole picked.
        hole: String,
        /// The name of the mark.
        mark: String,
    },
    /// A pick before the last one in board order.
    #[error("picks are written in board order: the next pick is at {from} or after, not {hole}")]
    PickBefore {
        /// The hole picked.
        hole: String,
        /// The first hole the next pick may be.
        from: String,
    },
    /// A pick that leaves too few seeds (or holes) after it to make the picks owed.
    #[error("picking {hole} would leave too few seeds after it to finish: {owed}")]
    TooFewAfter {
        /// The hole picked.
        hole: String,
        /// The picks owed.
        owed: PicksOwed,
    },
    /// A decision other than the choice of row end a capture waits for.
    #[error(
        "{player}'s capture at {at} waits for the end its seeds are sown from: type {}",
        .ends.iter().map(|e| format!("`{e}`")).collect::<Vec<_>>().join(" or ")
    )]
    EndOwed {
        /// The player to move.
        player: Player,
        /// Where the capturing lap ended.
        at: String,
        /// The legal choices (`b1:cw`).
        ends: Vec<String>,
    },
    /// A decision other than the hole a capture's seeds are put into, where the mover chooses
    /// it.
    #[error(
        "{player}'s capture at {at} waits for the hole its {} taken seeds go into: type {}",
        .taken,
        .holes.iter().map(|e| format!("`{e}`")).collect::<Vec<_>>().join(" or ")
    )]
    PutOwed {
        /// The player to move.
        player: Player,
        /// Where the capturing lap ended.
        at: String,
        /// Seeds the capture takes.
        taken: u16,
        /// The holes they may go into.
        holes: Vec<String>,
    },
    /// A decision other than a capture the mover may choose, where a sowing ended at a choice
    /// among captures (`capture a or capture b`).
    #[error(
        "{player}'s sowing ended at {at} with a choice of capture: type {}, the first hole the capture takes",
        .holes.iter().map(|e| format!("`{e}`")).collect::<Vec<_>>().join(" or ")
    )]
    CaptureOwed {
        /// The player to move.
        player: Player,
        /// Where the lap ended.
        at: String,
        /// The decisions on offer (holes, and `stop` where the mover may take nothing).
        holes: Vec<String>,
    },
    /// Not one of the holes the next seed of a lap under way may go into, where each seed
    /// goes into a neighbouring hole of the mover's choosing.
    #[error(
        "{player}'s lap stands at {at} with {hand} seeds to sow: the next goes into {}",
        .holes.iter().map(|e| format!("`{e}`")).collect::<Vec<_>>().join(" or ")
    )]
    StepOwed {
        /// The player to move.
        player: Player,
        /// Where the last seed fell (or the lifted hole).
        at: String,
        /// Seeds still to sow.
        hand: u16,
        /// The holes the next seed may go into.
        holes: Vec<String>,
    },
    /// A decision other than a count of seeds to lift, where the mover chose a hole and
    /// chooses how many of its seeds to lift.
    #[error(
        "{player} chose {hole} and now chooses how many of its seeds to lift: type {}",
        match .counts.as_slice() {
            [] => "nothing (no count's sowing ends)".to_string(),
            [one] => format!("`{one}`"),
            [first, .., last] if .counts.len() > 2 => format!("a number from `{first}` to `{last}` ({} of them)", .counts.len()),
            more => more.iter().map(|c| format!("`{c}`")).collect::<Vec<_>>().join(" or "),
        }
    )]
    LiftOwed {
        /// The player to move.
        player: Player,
        /// The hole chosen.
        hole: String,
        /// The counts that are legal.
        counts: Vec<u16>,
    },
    /// A hole too small to lift from where the mover chooses the count and must leave seeds.
    #[error("{hole} holds {}, and a sowing must leave at least {} in it", seeds(u32::from(*.count)), seeds(u32::from(*.leave)))]
    TooFewToLift {
        /// The hole sown.
        hole: String,
        /// Seeds in it.
        count: u16,
        /// Seeds a sowing leaves in it.
        leave: u16,
    },
    /// A count of seeds to lift where no hole waits for one.
    #[error("a number is the count of seeds to lift from the hole just chosen; {expected}")]
    NoLiftPending {
        /// What the player to move does instead.
        expected: Expected,
    },
    /// A decision of another kind than the turn asks for.
    #[error("{expected}")]
    WrongTurn {
        /// What the player to move does instead.
        expected: Expected,
    },
    /// Seeds moved from one hole to another where the rules offer other moves of seeds.
    #[error(
        "{from}-{to} is not a move {player} may make now: {}",
        match (.to_holes.as_slice(), .from_holes.as_slice()) {
            ([], []) => "no move of seeds is on offer".to_string(),
            ([], starts) => format!("no move starts at {from}; moves start at {}", starts.join(", ")),
            (ends, _) => format!("from {from}, seeds may be moved to {} only", ends.join(", ")),
        }
    )]
    CannotMove {
        /// The player to move.
        player: Player,
        /// The hole moved from.
        from: String,
        /// The hole moved to.
        to: String,
        /// The holes a move may start at now.
        from_holes: Vec<String>,
        /// The holes a move from `from` may end at now.
        to_holes: Vec<String>,
    },
}

impl PlayError {
    /// The broad kind of problem.
    pub fn kind(&self) -> PlayErrorKind {
        use PlayErrorKind as K;
        match self {
            PlayError::GameOver { .. } => K::GameOver,
            PlayError::LapPaused { .. }
            | PlayError::TurnPaused { .. }
            | PlayError::PathPaused { .. }
            | PlayError::EndOwed { .. }
            | PlayError::PutOwed { .. }
            | PlayError::OfferOwed { .. }
            | PlayError::NoOffer { .. }
            | PlayError::LotOwed { .. }
            | PlayError::NoLot
            | PlayError::CaptureOwed { .. }
            | PlayError::StepOwed { .. }
            | PlayError::LiftOwed { .. }
            | PlayError::NoLiftPending { .. }
            | PlayError::CaptureUnfinished { .. }
            | PlayError::NothingPending { .. }
            | PlayError::DirectionOwed { .. }
            | PlayError::WrongTurn { .. } => K::WrongPhase,
            PlayError::NotYours { .. } | PlayError::NotInRegion { .. } | PlayError::NotTheirSeeds { .. } => {
                K::NotYours
            }
            PlayError::Empty { .. } | PlayError::TooFewToLift { .. } => K::Empty,
            PlayError::Outranked { .. }
            | PlayError::DoesNotFit { .. }
            | PlayError::CannotSow { .. }
            | PlayError::CannotMove { .. }
            | PlayError::NotRearmost { .. }
            | PlayError::Starves { .. }
            | PlayError::Wipes { .. }
            | PlayError::Undoes { .. }
            | PlayError::CannotTurn { .. }
            | PlayError::CannotSwap { .. }
            | PlayError::CannotOffer { .. } => K::NotAllowed,
            PlayError::Endless { .. } => K::Endless,
            PlayError::PicksCompulsory | PlayError::PickBefore { .. } | PlayError::TooFewAfter { .. } => {
                K::OutOfOrder
            }
            PlayError::CannotPass { .. } | PlayError::NoPassing { .. } => K::NoPass,
            PlayError::Protected { .. } => K::Protected,
        }
    }
}

/// The kinds of illegal decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlayErrorKind {
    /// The game is over.
    GameOver,
    /// A sowing was given while picks are owed, or a pick while none are.
    WrongPhase,
    /// The hole is not the mover's (for a sowing) or not in the region (for a pick).
    NotYours,
    /// The hole is empty.
    Empty,
    /// The hole does not fit the choice description in force.
    NotAllowed,
    /// The sowing would never end.
    Endless,
    /// A pick out of canonical order, or one that leaves the follow-up impossible to finish.
    OutOfOrder,
    /// A pass while a legal decision exists, or where the rules have no passing.
    NoPass,
    /// The hole carries a mark that protects it from this capture's picks.
    Protected,
}

/// The picks a capture's follow-up still owes, for explaining a refused decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PicksOwed {
    /// Seeds to strip from the opponent's holes.
    Strip {
        /// Seeds still owed.
        seeds: u16,
        /// Whose holes they come from: `North's`, or at a larger table `the other players'`.
        whose: String,
        /// The first hole the next pick may be.
        from: String,
        /// Whether the mover may stop instead.
        optional: bool,
    },
    /// Whole holes to take from the opponent.
    Holes {
        /// Holes still owed.
        holes: u16,
        /// Whose holes they are (as [`PicksOwed::Strip`]'s).
        whose: String,
        /// The mark whose holes may not be taken, if any.
        except: Option<String>,
        /// The first hole the next pick may be.
        from: String,
        /// Whether the mover may stop instead.
        optional: bool,
    },
}

impl fmt::Display for PicksOwed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let more = |optional: bool| if optional { " (or stop)" } else { "" };
        match self {
            PicksOwed::Strip { seeds: n, whose, from, optional } => write!(
                f,
                "strip {} more from {whose} holes, at {from} or after in board order{}",
                seeds(u32::from(*n)),
                more(*optional)
            ),
            PicksOwed::Holes { holes, whose, except, from, optional } => {
                f.write_str("take ")?;
                if *holes == 1 {
                    f.write_str("hole")?;
                } else {
                    write!(f, "{holes} holes")?;
                }
                write!(f, " more from {whose} occupied holes")?;
                if let Some(mark) = except {
                    write!(f, " except {mark} holes")?;
                }
                write!(f, ", at {from} or after in board order{}", more(*optional))
            }
        }
    }
}

/// What the player to move does now, for explaining a decision of the wrong kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expected {
    /// The player to move.
    pub player: Player,
    /// The kind of turn.
    pub turn: ExpectedTurn,
    /// The opening being played, if it has a name.
    pub opening: Option<String>,
    /// A decision of that kind legal now, written as the player would type it, if known.
    pub example: Option<String>,
}

/// The kinds of turn, as [`Expected`] names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ExpectedTurn {
    /// A sowing.
    Sow,
    /// Taking holes of the opponent's.
    Take,
    /// Moving seeds from one hole to another.
    Transfer,
    /// Marking a hole.
    Mark,
    /// Emptying an own hole.
    Empty,
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let me = self.player;
        match self.turn {
            ExpectedTurn::Sow => write!(f, "{me} chooses a hole to sow from")?,
            ExpectedTurn::Take => write!(f, "{me} takes holes of {}", opponents_word(me))?,
            ExpectedTurn::Transfer => match &self.example {
                Some(example) => write!(f, "{me} moves seeds from one hole to another, such as `{example}`")?,
                None => {
                    write!(f, "{me} moves seeds from one hole to another, written as the two holes: `a3-a4`")?
                }
            },
            ExpectedTurn::Mark => match &self.example {
                Some(example) => write!(f, "{me} marks a hole, such as `{example}`")?,
                None => write!(f, "{me} marks a hole, written `+` and the hole: `+a3`")?,
            },
            ExpectedTurn::Empty => write!(f, "{me} chooses an own hole to empty")?,
        }
        match &self.opening {
            Some(name) => write!(f, " (opening \"{name}\")"),
            None => Ok(()),
        }
    }
}

/// The first condition of a choice description that a hole fails.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Misfit {
    /// It holds another number of seeds than the one the description asks for.
    NotExactly {
        /// Seeds in the hole.
        holds: u16,
        /// Seeds asked for.
        want: u16,
    },
    /// It holds fewer seeds than the description asks for.
    TooFew {
        /// Seeds in the hole.
        holds: u16,
        /// The least asked for.
        min: u16,
    },
    /// It holds more seeds than the description allows.
    TooMany {
        /// Seeds in the hole.
        holds: u16,
        /// The most allowed.
        max: u16,
    },
    /// It is not among the holes the description is about.
    NotAmong,
    /// It does not carry the mark the description asks for.
    NotMarked {
        /// The name of the mark.
        mark: String,
    },
    /// Another hole that fits the description lies further along the mover's circuit (`, the
    /// furthest along the circuit`).
    NotFurthest {
        /// That hole.
        further: String,
    },
    /// Its next (or previous) hole is not as the description asks.
    Neighbour {
        /// Seeds in the hole.
        holds: u16,
        /// Whether the neighbour is the next hole (else the previous one).
        next: bool,
        /// The neighbour.
        hole: String,
        /// Whether the neighbour is empty.
        empty: bool,
    },
}

impl fmt::Display for Misfit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Misfit::NotExactly { holds, want } => {
                write!(f, "it holds {}, not {}", seeds(u32::from(*holds)), seeds(u32::from(*want)))
            }
            Misfit::TooFew { holds, min } => {
                write!(f, "it holds {}, not at least {min}", seeds(u32::from(*holds)))
            }
            Misfit::TooMany { holds, max } => {
                write!(f, "it holds {}, not at most {max}", seeds(u32::from(*holds)))
            }
            Misfit::NotAmong => f.write_str("it is not one of the holes that description is about"),
            Misfit::NotMarked { mark } => write!(f, "it is not a {mark} hole"),
            Misfit::NotFurthest { further } => {
                write!(f, "{further} fits too and lies further along the circuit")
            }
            Misfit::Neighbour { holds, next, hole, empty } => write!(
                f,
                "it holds {} and its {} hole, {hole}, is {}",
                seeds(u32::from(*holds)),
                if *next { "next" } else { "previous" },
                if *empty { "empty" } else { "occupied" }
            ),
        }
    }
}

/// What a decision did, for showing to players: recorded while it was played, by the
/// engine's own sowing, capture and pick code.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Effect {
    /// Laps sown (for a sowing).
    pub laps: u32,
    /// Seeds dropped (for a sowing).
    pub sown: u32,
    /// Where the last seed fell (for a sowing).
    pub last: Option<Hole>,
    /// The holes a capture emptied, or a pick took from, and the seeds taken from each: the
    /// mover's own side first (a captured landing hole), then the opponent's, each in board
    /// order. Only what captures and picks took: seeds moved otherwise (a transfer of an
    /// opening) are not in it.
    pub taken: Vec<(Hole, u16)>,
    /// Whether the turn is over (no picks owed).
    pub turn_over: bool,
    /// Whether the decision was a pass.
    pub passed: bool,
    /// Of the holes in `taken`, those whose seeds went to another player than the mover (a
    /// capture whose seeds go to their owner), with that player.
    pub given: Vec<(Hole, Player)>,
    /// Seeds a lap rule moved from the landing hole into another hole (`move 1 seed from the
    /// landing hole into …`): from, to and how many.
    pub moved: Vec<(Hole, Hole, u16)>,
}

/// What a decision did, as the engine played it (see [`super::play::Log`]).
#[derive(Default)]
struct Told {
    /// What captures and picks took, in the order they took it.
    taken: Vec<(Hole, u16)>,
    /// A last lap of a capture's seeds sown on: the seeds, and where the last fell.
    resown: Option<(u32, Hole)>,
    /// The holes whose taken seeds went to another player than the mover.
    given: Vec<(Hole, Player)>,
    /// Seeds a lap rule moved from the landing hole into another.
    moved: Vec<(Hole, Hole, u16)>,
}

impl super::play::Log for Told {
    fn took(&mut self, h: Hole, n: u16) {
        self.taken.push((h, n));
    }

    fn gave(&mut self, h: Hole, to: Player) {
        self.given.push((h, to));
    }

    fn moved(&mut self, from: Hole, to: Hole, n: u16) {
        self.moved.push((from, to, n));
    }

    fn resown(&mut self, sown: u32, last: Hole) {
        self.resown = Some((sown, last));
    }
}

fn seeds(n: u32) -> String {
    if n == 1 { "1 seed".to_string() } else { format!("{n} seeds") }
}

/// Rows joined with "and": `a and b`.
fn and_list(rows: &[String]) -> String {
    rows.join(" and ")
}
impl Rules {
    /// Play a decision if it is legal; otherwise explain why not, leaving the state as it was.
    ///
    /// Unlike [`Rules::play_unchecked`], this also settles the outcome when the next player
    /// has no legal decision, so the state always says whether the game is over.
    pub fn play(&self, state: &mut State, history: &mut History, mv: Move) -> Result<Effect, PlayError> {
        let mut moves = MoveList::new();
        self.legal_moves(state, &mut moves);
        if !moves.contains(&mv) {
            return Err(self.explain(state, mv, &moves));
        }
        let (me, turn) = (state.to_move, state.turn);
        let mut told = Told::default();
        let end = self.apply_logged(state, history, mv, &mut told);
        let Told { mut taken, resown, given, moved } = told;
        self.legal_moves(state, &mut moves);
        self.settle(state, &moves);
        // A new turn number means the turn is over, even when the next turn opens with picks.
        let turn_over = state.turn != turn || state.outcome.is_some();
        // The mover's own side first (a captured landing hole), then the opponent's, each in
        // board order.
        taken.sort_by_key(|&(h, _)| (self.owner(h) != me, self.board_of.get(h.index()).copied()));
        let mut effect =
            Effect { taken, turn_over, passed: mv == Move::Pass, given, moved, ..Effect::default() };
        if let Some(end) = end {
            effect.laps = end.laps;
            effect.sown = end.sown;
            effect.last = Some(end.last);
        }
        if let Some((sown, last)) = resown {
            // The seeds a capture sowed on for a last lap of its own.
            effect.laps += 1;
            effect.sown += sown;
            effect.last = Some(last);
        }
        Ok(effect)
    }
}

/// Whose holes `me`'s picks come from: `North's`, or at a larger table `the other players'`.
pub(super) fn opponents_word(me: Player) -> String {
    match me.seats() {
        2 => format!("{}'s", me.other()),
        _ => "the other players'".to_string(),
    }
}
