//! What learning environments need of the engine (the Python package's games and
//! environments are built on it): every decision numbered densely, as OpenSpiel and
//! PettingZoo number actions, and a position written as a flat tensor.
//!
//! The numbering is worked out once per rules from the kinds of decision they can ask for:
//! a game that never asks for a direction has no numbers for one, so a Kalah-like game's
//! actions are its holes and stores and little else.

use super::rules::{Direction, Hole, Player, Rules, TurnKind};
use super::state::{Move, State};

/// The kinds of decision a numbering holds besides sowing a hole, each a block of numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Block {
    /// `Move::Sow(h)`.
    Sow,
    /// `Move::SowDirection(h, Clockwise)`.
    Clockwise,
    /// `Move::SowDirection(h, Anticlockwise)`.
    Anticlockwise,
    /// `Move::SowThrough(h)`.
    Through,
    /// `Move::Pick(h)`.
    Pick,
    /// `Move::Mark(h)`.
    Mark,
    /// `Move::Empty(h)`.
    Empty,
    /// `Move::Stop`, one number.
    Stop,
    /// `Move::Relay`, one number.
    Relay,
    /// `Move::Pass`, one number.
    Pass,
    /// `Move::Enter`, one number.
    Enter,
    /// `Move::SowHand`, one number.
    Hand,
    /// `Move::Transfer(a, b)`: one number per pair of slots, `a` major.
    Transfer,
    /// `Move::Lift(k)`: one number per count, from 1 to the seeds of the game.
    Lift,
    /// `Move::Swap`, one number.
    Swap,
    /// `Move::Offer`, one number.
    Offer,
    /// `Move::Agree`, one number.
    Agree,
    /// `Move::Refuse`, one number.
    Refuse,
    /// `Move::Lot(p)`: a chance event's outcome (OpenSpiel's chance outcomes), one number per
    /// seat.
    Lot,
}

/// How many kinds of [`Block`] there are.
const BLOCKS: usize = Block::Lot as usize + 1;

/// How a game's decisions and positions are written as numbers for learning environments.
///
/// Decisions are numbered densely, `0..size()`, in blocks (each
/// present only if the rules can ask for that kind of decision), in this order: sow a slot;
/// sow it clockwise; sow it anticlockwise; sow it through the side store; pick it; mark it;
/// empty it (one number per slot each, slots in board order then the stores); `stop`;
/// `relay`; `pass`; `enter`; `hand` (one number each); move seeds from one slot to another (one
/// number per pair, the hole they leave major); lift so many seeds of the hole just chosen
/// (one number per count from 1 to the seeds of the game, where the mover chooses it); swap
/// sides; offer to end the game; agree; refuse (one number each).
///
/// ```
/// # let text = sow::bundled::bundled("kalah").unwrap();
/// # let rules = sow::compile("kalah", text, &sow::Options::new(None, &[])).unwrap();
/// use sow::engine::{Encoding, MoveList, Position};
///
/// let encoding = Encoding::new(&rules);
/// let position = Position::new(&rules);
/// let mut moves = MoveList::new();
/// position.legal_moves(&mut moves);
/// for &mv in moves.iter() {
///     let action = encoding.encode(mv).unwrap();
///     assert_eq!(encoding.decode(action), Some(mv));
/// }
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Encoding {
    /// Slots numbered (board holes, then stores).
    slots: usize,
    /// The slots in the order their numbers go (board order, then the stores).
    order: Vec<Hole>,
    /// For each slot (by index), its place in `order`.
    place: Vec<u32>,
    /// The blocks present, each with the first number it takes.
    blocks: Vec<(Block, u32)>,
    /// The first number of each block (by `Block as usize`), if present.
    starts: [Option<u32>; BLOCKS],
    /// Numbers in all.
    size: u32,
    /// Counts of seeds to lift numbered (1 to this), where the mover chooses them.
    lifts: u32,
    /// Seats at the table (the outcomes of a lot).
    seats: u32,
}

impl Encoding {
    /// The numbering of `rules`' decisions.
    pub fn new(rules: &Rules) -> Encoding {
        let kinds = rules.decision_kinds();
        let sows = rules.phases.iter().filter_map(|p| match &p.turn {
            TurnKind::Sow(sow) => Some(sow),
            _ => None,
        });
        let (mut turnings, mut through, mut enter, mut hand, mut lift) = (false, false, false, false, false);
        for sow in sows {
            lift |= sow.first_lap.chosen.is_some();
            turnings |= !sow.turnings.is_empty();
            through |= sow.side_path.is_some();
            enter |= sow.hand_entry;
            hand |= sow.hand_sow.is_some();
        }
        // A direction is chosen with a sowing where the circuit lets players choose it, where
        // a lap may be turned, and (lap by lap) where a capture is sown from the row end the
        // mover picks.
        let directions = kinds.directions.is_some() || turnings || rules.stepwise;
        let lap_choice = kinds.lap_choice || rules.stepwise;
        let present = [
            // First: a chance event's outcomes are numbered from 0, below OpenSpiel's
            // `max_chance_outcomes` (the seats), as it asks of chance outcomes.
            (Block::Lot, rules.flags.lots),
            (Block::Sow, true),
            (Block::Clockwise, directions),
            (Block::Anticlockwise, directions),
            (Block::Through, through),
            (Block::Pick, kinds.picks),
            (Block::Mark, !kinds.marks.is_empty()),
            (Block::Empty, !kinds.empties.is_empty()),
            (Block::Stop, kinds.picks || lap_choice),
            (Block::Relay, lap_choice || through || turnings),
            (Block::Pass, kinds.pass || rules.flags.may_pass),
            (Block::Enter, enter),
            (Block::Hand, hand),
            (Block::Transfer, !kinds.transfers.is_empty() || rules.seed_colours),
            (Block::Lift, lift),
            (Block::Swap, rules.flags.swaps),
            (Block::Offer, rules.flags.agreed),
            (Block::Agree, rules.flags.agreed),
            (Block::Refuse, rules.flags.agreed),
        ];
        // A hole holds at most every seed of the game (and no list of decisions offers more
        // counts than it has room for).
        let lifts = rules.total_seeds().min(super::MoveList::CAPACITY as u32);
        let order = rules.slots_in_order();
        let slots = order.len();
        let mut place = vec![0; slots];
        for (i, h) in order.iter().enumerate() {
            place[h.index()] = i as u32;
        }
        let mut blocks = Vec::new();
        let mut starts = [None; BLOCKS];
        let mut size = 0u32;
        for (block, on) in present {
            if on {
                blocks.push((block, size));
                starts[block as usize] = Some(size);
                size += Self::width(block, slots, lifts, rules.seats() as u32);
            }
        }
        Encoding { slots, order, place, blocks, starts, size, lifts, seats: rules.seats() as u32 }
    }

    /// The length of [`Encoding::observation`]'s tensor: one value per slot and five more.
    pub fn observation_size(&self) -> usize {
        self.slots + 5
    }

    /// Write the position `state` as `player` sees it into `out` (of
    /// [`Encoding::observation_size`]): the seeds of every slot in the order of
    /// [`Rules::slots_in_order`]; the seeds `player` has taken out of play, the opponent's;
    /// the seeds in `player`'s hand, the opponent's; 1 if `player` is to move, else 0.
    /// Everything is open in these games, so both players see the same seeds.
    pub fn observation(&self, state: &State, player: Player, out: &mut [f32]) {
        let (counts, rest) = out.split_at_mut(self.slots);
        for (value, hole) in counts.iter_mut().zip(&self.order) {
            *value = f32::from(state.counts[hole.index()]);
        }
        let other = player.other();
        // What each player's captures took, wherever the seeds went (see `Rules::captured_by`),
        // and the seeds an opening set aside.
        rest[0] = f32::from(state.captured[player].saturating_add(state.took[player]));
        rest[1] = f32::from(state.captured[other].saturating_add(state.took[other]));
        rest[2] = f32::from(state.hand[player]);
        rest[3] = f32::from(state.hand[other]);
        rest[4] = if state.to_move == player { 1.0 } else { 0.0 };
    }

    fn width(block: Block, slots: usize, lifts: u32, seats: u32) -> u32 {
        match block {
            Block::Stop
            | Block::Relay
            | Block::Pass
            | Block::Enter
            | Block::Hand
            | Block::Swap
            | Block::Offer
            | Block::Agree
            | Block::Refuse => 1,
            Block::Transfer => (slots * slots) as u32,
            Block::Lift => lifts,
            Block::Lot => seats,
            _ => slots as u32,
        }
    }

    /// How many numbers there are: OpenSpiel's `num_distinct_actions`.
    pub fn size(&self) -> usize {
        self.size as usize
    }

    /// The number of a decision; `None` if these rules' numbering has none for it (a
    /// decision their rules never ask for).
    #[inline]
    pub fn encode(&self, mv: Move) -> Option<u32> {
        let slot = |h: Hole| self.place.get(h.index()).copied();
        let (block, offset) = match mv {
            Move::Sow(h) => (Block::Sow, slot(h)?),
            Move::SowDirection(h, Direction::Clockwise) => (Block::Clockwise, slot(h)?),
            Move::SowDirection(h, Direction::Anticlockwise) => (Block::Anticlockwise, slot(h)?),
            Move::SowThrough(h) => (Block::Through, slot(h)?),
            Move::Pick(h) => (Block::Pick, slot(h)?),
            Move::Mark(h) => (Block::Mark, slot(h)?),
            Move::Empty(h) => (Block::Empty, slot(h)?),
            Move::Stop => (Block::Stop, 0),
            Move::Relay => (Block::Relay, 0),
            Move::Pass => (Block::Pass, 0),
            Move::Enter => (Block::Enter, 0),
            Move::SowHand => (Block::Hand, 0),
            Move::Transfer(a, b) => (Block::Transfer, slot(a)? * self.slots as u32 + slot(b)?),
            // A count beyond the seeds of the game (a position set up with more) has no number.
            Move::Lift(k) if (1..=self.lifts).contains(&u32::from(k)) => (Block::Lift, u32::from(k) - 1),
            Move::Lift(_) => return None,
            Move::Swap => (Block::Swap, 0),
            Move::Offer => (Block::Offer, 0),
            Move::Agree => (Block::Agree, 0),
            Move::Refuse => (Block::Refuse, 0),
            Move::Lot(p) => (Block::Lot, p.index() as u32),
        };
        Some(self.starts[block as usize]? + offset)
    }

    /// The numbers of `moves`, ascending, into `out` (emptied first); the first decision
    /// without a number (see [`Encoding::encode`]) is the error.
    pub fn encode_ascending(&self, moves: &[Move], out: &mut Vec<u32>) -> Result<(), Move> {
        out.clear();
        out.reserve(moves.len());
        // A bit per number, read back in order: linear where a sort is not.
        let mut bits = vec![0u64; self.size().div_ceil(64)];
        for &mv in moves {
            let n = self.encode(mv).ok_or(mv)?;
            bits[n as usize / 64] |= 1 << (n % 64);
        }
        for (i, &word) in bits.iter().enumerate() {
            let mut word = word;
            while word != 0 {
                out.push(i as u32 * 64 + word.trailing_zeros());
                word &= word - 1;
            }
        }
        Ok(())
    }

    /// The decision a number stands for; `None` past [`Encoding::size`].
    pub fn decode(&self, action: u32) -> Option<Move> {
        let &(block, start) = self.blocks.iter().rev().find(|(_, start)| *start <= action)?;
        let offset = action - start;
        if offset >= Self::width(block, self.slots, self.lifts, self.seats) {
            return None;
        }
        let hole = self.order.get(offset as usize).copied().unwrap_or(Hole(0));
        Some(match block {
            Block::Sow => Move::Sow(hole),
            Block::Clockwise => Move::SowDirection(hole, Direction::Clockwise),
            Block::Anticlockwise => Move::SowDirection(hole, Direction::Anticlockwise),
            Block::Through => Move::SowThrough(hole),
            Block::Pick => Move::Pick(hole),
            Block::Mark => Move::Mark(hole),
            Block::Empty => Move::Empty(hole),
            Block::Stop => Move::Stop,
            Block::Relay => Move::Relay,
            Block::Pass => Move::Pass,
            Block::Enter => Move::Enter,
            Block::Hand => Move::SowHand,
            Block::Transfer => {
                let slots = self.slots as u32;
                Move::Transfer(self.order[(offset / slots) as usize], self.order[(offset % slots) as usize])
            }
            Block::Lift => Move::Lift(offset as u16 + 1),
            Block::Swap => Move::Swap,
            Block::Offer => Move::Offer,
            Block::Agree => Move::Agree,
            Block::Refuse => Move::Refuse,
            Block::Lot => Move::Lot(Player::at(offset as usize, self.seats as usize)),
        })
    }
}

impl Rules {
    /// Every slot: the board's holes in board order (a1…an, b1…, as [`Rules::all_holes`]),
    /// then the stores.
    pub fn slots_in_order(&self) -> Vec<Hole> {
        let mut order: Vec<Hole> = self.all_holes().collect();
        let mut on_board = vec![false; self.keys.len()];
        for h in &order {
            on_board[h.index()] = true;
        }
        order.extend((0..self.keys.len()).filter(|&i| !on_board[i]).map(|i| Hole(i as u8)));
        order
    }
}
