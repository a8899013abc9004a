//! A game of rounds (`the game is played in rounds: …`): when an end rule ends a round, each
//! player fills their own holes again from the seeds they have, and a player who cannot fill
//! a single hole loses the game.

use super::rules::*;
use super::state::*;
use crate::model::{EndKind, Refill, RoundPoints, RoundStart, Rounds};

/// What follows a game that an end rule has just ended.
enum NextRound {
    /// The game is not played in rounds, or ended in a way no round follows.
    None,
    /// The next round, set up and ready to play.
    Starts(Box<State>),
    /// No round follows: the game ends so, with the players' points so.
    Ends(Outcome, ByPlayer<u16>),
    /// The next round's first player would have no move: the game ends as the last round did.
    Unplayable,
    /// Lots are to be drawn for a last hole before the next round can be filled (`, or by lot
    /// if each has 2`).
    Lot,
}

/// A board filled for the next round, or why it is not.
enum Refilled {
    /// The next round's board.
    Next(Box<State>),
    /// No round follows: a player cannot fill a hole.
    Ends(Outcome),
    /// Lots are to be drawn first.
    Lot,
}

impl Rules {
    /// The game has just ended by an end rule (`state.outcome` is set): where it is played in
    /// rounds, score the round and start the next, unless the points won the game, a player
    /// cannot fill a hole (or the turn limit was reached), which ends the game. `history` is
    /// the game's, at the turn boundary the round ended on: the new round's start is
    /// remembered there for the repetition rule.
    #[cold]
    pub(super) fn end_round(&self, state: &mut State, history: Option<&mut History>) {
        self.begin_round(state, history, None);
    }

    /// [`Rules::end_round`], where the lot for a last hole (`, or by lot if each has 2`), if
    /// one is drawn, fell to `lot`.
    fn begin_round(&self, state: &mut State, history: Option<&mut History>, lot: Option<Player>) {
        match self.next_round(state, lot) {
            NextRound::Starts(next) => {
                *state = *next;
                if let Some(history) = history {
                    history.record(self, state);
                }
            }
            NextRound::Ends(outcome, points) => {
                state.outcome = Some(outcome);
                state.points = points;
            }
            NextRound::Lot => {
                // A chance event: the round's end is kept in the phase until the lot is drawn.
                if let Some(ended) = state.outcome.take() {
                    state.phase = Phase::Lot(ended);
                }
            }
            NextRound::None | NextRound::Unplayable => {}
        }
    }

    /// The lot drawn between rounds fell to `winner` (a [`Move::Lot`]): the next round is
    /// filled so and starts.
    #[cold]
    pub(super) fn apply_lot(&self, state: &mut State, history: &mut History, winner: Player) {
        if state.phase == Phase::FirstLot {
            // The game starts, with the lot's winner to move.
            *state = self.start_with(winner);
            history.reset(self, state);
            return;
        }
        let Phase::Lot(ended) = state.phase else { return };
        state.phase = Phase::Sow;
        state.outcome = Some(ended);
        self.begin_round(state, Some(history), Some(winner));
    }

    /// The players who may win the lot being drawn: every player still in the game.
    pub(super) fn lot_moves(&self, state: &State, out: &mut MoveList) {
        out.extend(self.players().filter(|&p| !state.is_out(p)).map(Move::Lot));
    }

    /// Whether a game of rounds ended, as its last round did, because the next round could
    /// not be played: once filled, its first player would have no move (a round that ended
    /// there would be followed by the same round for ever).
    pub fn next_round_unplayable(&self, state: &State) -> bool {
        matches!(self.next_round(state, None), NextRound::Unplayable)
    }

    /// What follows a game that an end rule has just ended, where it is played in rounds;
    /// `lot`, the player a lot drawn for a last hole fell to, if it was drawn.
    fn next_round(&self, state: &State, lot: Option<Player>) -> NextRound {
        let (Some(rounds), Some(ended)) = (self.model.end.rounds, state.outcome) else {
            return NextRound::None;
        };
        if matches!(
            ended,
            Outcome::Draw(DrawReason::TurnLimit)
                | Outcome::Win {
                    reason: WinReason::CannotFill | WinReason::Resigned | WinReason::Points,
                    ..
                }
        ) || (rounds.equal_draw && ended == Outcome::Draw(DrawReason::EqualScores))
        {
            return NextRound::None;
        }
        let points = self.round_points(state, ended, rounds);
        // The turn limit ends the game even where another rule ended the round at the same
        // turn (a round that ends at every turn would otherwise be followed by rounds for
        // ever: blind test 37's Kiuthi with `every hole holds at most 1 seed ends the game …`).
        if self.model.end.turn_limit.is_some_and(|limit| state.turn >= limit)
            && self.end_in_force(state, EndKind::TurnLimit)
        {
            return NextRound::Ends(Outcome::Draw(DrawReason::TurnLimit), points);
        }
        if let Some(target) = self.model.end.points_win
            && let Some(winner) = self.players().find(|&p| points[p] >= target)
        {
            return NextRound::Ends(Outcome::Win { winner, reason: WinReason::Points }, points);
        }
        let starter = self.round_starter(state, ended, rounds.starts);
        let mut next = match rounds.refill {
            Some(refill) => match self.refilled(state, &refill, lot) {
                Refilled::Next(next) => *next,
                Refilled::Ends(outcome) => return NextRound::Ends(outcome, points),
                Refilled::Lot => return NextRound::Lot,
            },
            None => self.afresh(state, starter),
        };
        next.points = points;
        next.to_move = starter;
        while next.is_out(next.to_move) {
            next.to_move = next.to_move.next();
        }
        next.first = next.to_move;
        next.hash = self.position_hash(&next);
        self.begin_turn(&mut next);
        self.remember_start(&mut next);
        let mut moves = MoveList::new();
        self.legal_moves(&next, &mut moves);
        if next.outcome.is_some() || moves.is_empty() {
            // A round no one can play ends the game as the last round ended.
            return NextRound::Unplayable;
        }
        NextRound::Starts(Box::new(next))
    }

    /// The players' points once the round that ended so is scored.
    fn round_points(&self, state: &State, ended: Outcome, rounds: Rounds) -> ByPlayer<u16> {
        let mut points = state.points;
        if let (Some(scoring), Outcome::Win { winner, .. }) = (rounds.points, ended) {
            let won = match scoring {
                RoundPoints::Points(n) => n,
                // The winner's lead on the best of the others, none where they do not lead.
                RoundPoints::Difference => self.margin(state, winner).clamp(0, i32::from(u16::MAX)) as u16,
            };
            points[winner] = points[winner].saturating_add(won);
        }
        points
    }

    /// The next round of a game whose rounds start as the game does: the setup again, with
    /// `starter` to move and the round's number and the turns played carried on.
    fn afresh(&self, before: &State, starter: Player) -> State {
        let mut next = self.start_with(starter);
        next.turn = before.turn;
        next.since = before.turn;
        next.round = before.round.saturating_add(1);
        next
    }

    /// The next round of a game whose rounds refill the board from the seeds each player has,
    /// or how the game ends where a player cannot fill a hole, or that lots are to be drawn
    /// for a last hole (and `lot`, the player the lot fell to, once it is drawn).
    fn refilled(&self, state: &State, rounds: &Refill, lot: Option<Player>) -> Refilled {
        if lot.is_none() && rounds.lot > 0 {
            // Lots are drawn where no player's seeds over make a last hole but every player
            // still in the game has so many over: found by filling as the rules say with every
            // player kept in, a player who fills no hole too (the lot may give them one).
            let (_, left) = self.fill_round(state, rounds, None, true);
            let each = u32::from(rounds.lot);
            if self.players().filter(|&p| !state.is_out(p)).all(|p| left[p] >= each) {
                return Refilled::Lot;
            }
        }
        self.fill_round(state, rounds, lot, false).0
    }

    /// [`Rules::refilled`] once it is known whether lots are drawn (`lot`, the player the lot
    /// fell to); and the seeds each player has over. A `trial` fills for the count alone: a
    /// player who fills no hole is neither dropped nor the end of the game.
    fn fill_round(
        &self,
        state: &State,
        rounds: &Refill,
        lot: Option<Player>,
        trial: bool,
    ) -> (Refilled, ByPlayer<u32>) {
        let mut next = state.clone();
        if rounds.fresh && self.colours && !self.seed_colours {
            // `the holes go back to their first owners`: the holes won are given back before
            // the filling order is read.
            self.paint(&mut next, None);
        }
        let active: Vec<Player> = self.players().filter(|&p| !state.is_out(p)).collect();
        // The holes left out of the refill, and the seeds they keep on each player's side.
        let left_out = |h: Hole| rounds.except.is_some_and(|m| state.is_marked(m, h));
        let kept = ByPlayer::for_seats(self.seats(), |p| {
            (self.all_holes())
                .filter(|&h| left_out(h) && self.holder(state, h) == Some(p))
                .map(|h| u32::from(state.counts[h.index()]))
                .sum::<u32>()
        });
        // What each player has: the seeds on their side, in hand and in their store.
        let have = ByPlayer::for_seats(self.seats(), |p| match state.is_out(p) {
            true => 0,
            false => {
                u32::from(state.seeds[p]) + u32::from(state.hand[p]) + self.store_seeds(state, p) - kept[p]
            }
        });
        let mut order = ByPlayer::for_seats(self.seats(), |p| {
            let mut order = if rounds.along {
                self.fill_along(&next, p)
            } else {
                self.fill_order(&next, p, rounds.from_right)
            };
            order.retain(|&h| !left_out(h));
            order
        });
        let setup = self.setup_shares(rounds);
        // A board that shrinks with the loser's share: the holes cut off, last in each order.
        let cut = self.shrink(rounds, &active, &have, &mut order);
        // The fewest seeds left that make a last hole, for each player: as the rules say, or as
        // the lot says for the player it fell to.
        let least = ByPlayer::for_seats(self.seats(), |p| match lot {
            Some(winner) if winner == p && rounds.lot > 0 => Some(rounds.lot),
            _ => rounds.rest,
        });
        let mut fill = ByPlayer::for_seats(self.seats(), |p| {
            Self::holes_filled(rounds, &setup, &order[p][..order[p].len() - cut[p]], have[p], least[p])
        });
        // A player who cannot fill a hole loses; at a larger table, drops out and the others
        // play on.
        let (able, unable): (Vec<Player>, Vec<Player>) = active.iter().partition(|&&p| fill[p] > 0);
        let none = ByPlayer::for_seats(self.seats(), |_| 0);
        if rounds.unable_ends && !unable.is_empty() && !trial {
            return (Refilled::Ends(self.by_score(state)), none);
        }
        match able[..] {
            _ if trial => {}
            [] => return (Refilled::Ends(self.by_score(state)), none),
            [winner] => {
                return (Refilled::Ends(Outcome::Win { winner, reason: WinReason::CannotFill }), none);
            }
            _ => {
                for p in unable {
                    next.out |= 1 << p.index();
                    fill[p] = 0;
                }
            }
        }
        if rounds.fewest {
            let fewest = able.iter().map(|&p| fill[p]).min().unwrap_or(0);
            for &p in &able {
                fill[p] = fewest;
            }
        }
        let matched = if rounds.matching { self.matching_pair(state, &able, &have) } else { None };
        if let Some(pair) = matched {
            self.face_loser(&mut order, &mut fill, pair);
        }
        let left = self.refill(
            &mut next,
            (rounds, &least),
            (&have, matched.map(|(_, winner)| winner)),
            (&order, &cut),
            &fill,
        );
        (Refilled::Next(Box::new(next)), left)
    }

    /// How many holes of `open` (a player's filling order, the holes cut off left out) a
    /// player with `have` seeds fills: as many as their seeds fill, then a last one
    /// part-filled where they have at least `least` left, or one seed in each hole after, as
    /// the rules say.
    fn holes_filled(
        rounds: &Refill,
        setup: &[u16; MAX_SLOTS],
        open: &[Hole],
        have: u32,
        least: Option<u16>,
    ) -> usize {
        let mut left = have;
        let full = open.iter().take_while(|&&h| {
            let share = Self::full_for(rounds, setup, h, have);
            let fills = left >= share;
            if fills {
                left -= share;
            }
            fills
        });
        let full = full.count();
        let rest = open.len() - full;
        full + match least {
            _ if rounds.spread => (left as usize).min(rest),
            Some(least) => usize::from(left > 0 && left >= u32::from(least)).min(rest),
            None => 0,
        }
    }

    /// `the winner matching the loser's holes`: the winner fills the holes of theirs facing
    /// those the loser fills, first and in the loser's order; the others after them stay
    /// empty.
    fn face_loser(
        &self,
        order: &mut ByPlayer<Vec<Hole>>,
        fill: &mut ByPlayer<usize>,
        (loser, winner): (Player, Player),
    ) {
        let facing: Vec<Hole> = (order[loser][..fill[loser]].iter())
            .filter_map(|&h| self.facing(h))
            .filter(|m| order[winner].contains(m))
            .collect();
        let rest: Vec<Hole> = order[winner].iter().filter(|h| !facing.contains(h)).copied().collect();
        fill[winner] = facing.len();
        order[winner] = facing.into_iter().chain(rest).collect();
    }

    /// Where the board shrinks with the loser's share (`, the board smaller by 1 column while
    /// the loser has under 1/2 of the seeds, …`): the columns it is smaller by this round, read
    /// from the player with the fewest seeds (the first such in seat order) against all the
    /// seeds of the setup. The holes in those columns (the ones the loser's filling order
    /// reaches last in each of their rows) are moved to the end of every player's order;
    /// returns how many each player's order ends with, to be left empty.
    fn shrink(
        &self,
        rounds: &Refill,
        active: &[Player],
        have: &ByPlayer<u32>,
        order: &mut ByPlayer<Vec<Hole>>,
    ) -> ByPlayer<usize> {
        let mut cut = ByPlayer::for_seats(self.seats(), |_| 0);
        let Some(&loser) = active.iter().min_by_key(|&&p| have[p]) else { return cut };
        let total = u64::from(self.total_seeds);
        let under =
            |&(num, den): &(u16, u16)| u64::from(have[loser]) * u64::from(den) < u64::from(num) * total;
        let columns = (rounds.shrink.iter().flatten())
            .filter(|step| under(&step.share))
            .map(|step| usize::from(step.columns))
            .max()
            .unwrap_or(0);
        if columns == 0 {
            return cut;
        }
        // The loser's columns in each row, in their filling order; the last ones go.
        let mut rows: Vec<(usize, Vec<usize>)> = Vec::new();
        for &h in &order[loser] {
            let row = self.row_of(h);
            match rows.iter_mut().find(|(r, _)| *r == row) {
                Some((_, columns)) => columns.push(self.column_of(h)),
                None => rows.push((row, vec![self.column_of(h)])),
            }
        }
        let gone: Vec<usize> = rows
            .iter()
            .flat_map(|(_, row)| row[row.len().saturating_sub(columns)..].iter().copied())
            .collect();
        for p in self.players() {
            let (kept, off): (Vec<Hole>, Vec<Hole>) =
                order[p].iter().partition(|&&h| !gone.contains(&self.column_of(h)));
            cut[p] = off.len();
            order[p] = kept.into_iter().chain(off).collect();
        }
        cut
    }

    /// Where the winner matches the loser's holes (`, the winner matching the loser's
    /// holes`): the player with fewer seeds to fill with, and the other. On equal seeds, the
    /// player who did not win the round fills, and after a drawn round, its first player.
    fn matching_pair(
        &self,
        state: &State,
        able: &[Player],
        have: &ByPlayer<u32>,
    ) -> Option<(Player, Player)> {
        let [a, b] = *able else { return None };
        let loser = match have[a].cmp(&have[b]) {
            std::cmp::Ordering::Less => a,
            std::cmp::Ordering::Greater => b,
            std::cmp::Ordering::Equal => match state.outcome {
                Some(Outcome::Win { winner, .. }) if winner == a => b,
                Some(Outcome::Win { winner, .. }) if winner == b => a,
                _ if state.first == b => b,
                _ => a,
            },
        };
        Some((loser, if loser == a { b } else { a }))
    }

    /// The hole facing hole `h` across the board: in the same column, the rows counted from
    /// the other side (a board's rows mirrored).
    pub(super) fn facing(&self, h: Hole) -> Option<Hole> {
        self.hole(self.rows.checked_sub(1 + self.row_of(h))?, self.column_of(h))
    }

    /// The setup's counts, where a refill fills each hole as the setup does (else nothing is
    /// read from them).
    fn setup_shares(&self, rounds: &Refill) -> [u16; MAX_SLOTS] {
        if rounds.as_setup { self.start().counts } else { [0; MAX_SLOTS] }
    }

    /// The seeds a full hole `h` takes at a new round: the refill's count, or with `as the
    /// setup does`, the setup's (`setup`, from [`Rules::setup_shares`]).
    fn full_hole(rounds: &Refill, setup: &[u16; MAX_SLOTS], h: Hole) -> u32 {
        if rounds.as_setup { u32::from(setup[h.index()]) } else { u32::from(rounds.seeds) }
    }

    /// [`Rules::full_hole`] for a player who has `have` seeds to fill with: one seed, where
    /// they have fewer than `, one seed a hole for a player with under N seeds` says.
    fn full_for(rounds: &Refill, setup: &[u16; MAX_SLOTS], h: Hole, have: u32) -> u32 {
        if have < u32::from(rounds.few) { 1 } else { Self::full_hole(rounds, setup, h) }
    }

    /// `, the other matching their arrangement`: player `me`, going past an opening that only
    /// the first player plays, fills each of their holes facing a hole of the first player's
    /// with as many seeds as it holds, from all the seeds they have (on their side, in hand and
    /// in their store), as far as they go; the rest stay in their store (or hand).
    #[cold]
    pub(super) fn match_first(&self, state: &mut State, me: Player) {
        let first = state.first;
        let own: Vec<Hole> = self.all_holes().filter(|&h| self.fills_as_own(state, h, me)).collect();
        let mut have = u32::from(state.hand[me]) + self.store_seeds(state, me);
        for &h in &own {
            have += u32::from(state.counts[h.index()]);
            state.counts[h.index()] = 0;
        }
        for h in self.all_holes().filter(|&h| self.fills_as_own(state, h, first)).collect::<Vec<_>>() {
            if let Some(facing) = self.facing(h).filter(|f| own.contains(f)) {
                let n = u32::from(state.counts[h.index()]).min(have);
                state.counts[facing.index()] = n as u16;
                have -= n;
            }
        }
        match self.store {
            Some(store) => {
                state.counts[store[me].index()] = have as u16;
                state.hand[me] = 0;
            }
            None => state.hand[me] = have as u16,
        }
        state.seeds[me] = self.count_seeds(state, me);
        if self.seed_colours {
            self.paint(state, None);
        } else if self.colours {
            self.recount(state);
        }
        state.hash = self.position_hash(state);
    }

    /// Clear the board and fill each player's first `fill[p]` holes of `order[p]` (the last
    /// with fewer where their seeds run out), the rest of their seeds kept in their store (or
    /// hand); the holes left empty closed where the rules mark them; everything else as at the
    /// start of a game. `least`: the fewest seeds left that make each player a last hole.
    /// Returns the seeds each player has left over.
    fn refill(
        &self,
        state: &mut State,
        (rounds, least): (&Refill, &ByPlayer<Option<u16>>),
        (have, matching): (&ByPlayer<u32>, Option<Player>),
        (order, cut): (&ByPlayer<Vec<Hole>>, &ByPlayer<usize>),
        fill: &ByPlayer<usize>,
    ) -> ByPlayer<u32> {
        let setup = self.setup_shares(rounds);
        self.clear_board(state, rounds);
        let mut left = ByPlayer::for_seats(self.seats(), |_| 0u32);
        // Each player's hole filled short, if any (made up where the rules say so).
        let mut short = ByPlayer::for_seats(self.seats(), |_| None);
        for p in self.players() {
            self.clear_player(state, p);
        }
        // The player who matches another's holes fills last, once those are filled.
        let players = self.players().filter(|&p| Some(p) != matching).chain(matching);
        for p in players.filter(|&p| !state.is_out(p)).collect::<Vec<_>>() {
            // Each hole its share (fewer in a last part-filled hole; where matching, what the
            // hole it faces got), the rest kept.
            left[p] = have[p];
            for &h in &order[p][..fill[p]] {
                let full = Self::full_for(rounds, &setup, h, have[p]);
                let share = match (matching, self.facing(h)) {
                    (Some(q), Some(faced)) if q == p => u32::from(state.counts[faced.index()]),
                    // With `the seeds left one a hole`, the holes after the full ones get one
                    // each.
                    _ if rounds.spread && left[p] < full => 1,
                    _ => full,
                };
                let n = left[p].min(share);
                state.counts[h.index()] = n as u16;
                left[p] -= n;
                if n < full {
                    short[p] = Some(h);
                }
            }
        }
        if rounds.win {
            self.win_holes(state, (rounds, &setup, least), (order, cut, fill), &mut left, &mut short);
        }
        if rounds.made_up {
            self.make_up(state, (rounds, &setup), &short, &mut left);
        }
        let active: Vec<Player> = self.players().filter(|&p| !state.is_out(p)).collect();
        for p in active {
            let left = left[p] as u16;
            match self.store {
                Some(store) => state.counts[store[p].index()] = left,
                None => state.hand[p] = left,
            }
        }
        if let Some(mark) = rounds.closed {
            for p in self.players() {
                let from = if state.is_out(p) { 0 } else { fill[p] };
                // The holes left empty that are still the player's (none won by another).
                for &h in order[p][from..].iter().filter(|&&h| state.counts[h.index()] == 0) {
                    state.marks[usize::from(mark)][h.index() / 64] |= 1 << (h.index() % 64);
                }
                // The last hole filled short, if the rules close it too (and nothing made it
                // up).
                if let Some(h) = short[p].filter(|&h| {
                    rounds.closed_short
                        && u32::from(state.counts[h.index()]) < Self::full_for(rounds, &setup, h, have[p])
                }) {
                    state.marks[usize::from(mark)][h.index() / 64] |= 1 << (h.index() % 64);
                }
            }
        }
        state.phase = Phase::Sow;
        state.passes = 0;
        state.again = 0;
        state.turn_bits = 0;
        state.swapped = false;
        state.last_turns = 0;
        state.since = state.turn;
        state.round = state.round.saturating_add(1);
        state.outcome = None;
        state.seeds = ByPlayer::for_seats(self.seats(), |p| self.count_seeds(state, p));
        // Marks held while a hole holds so many seeds, read on the board as filled.
        self.thin_marks(state);
        // Seeds of a colour are their owner's again; holes claimed keep their owners.
        if self.seed_colours {
            self.paint(state, None);
        } else if self.colours {
            self.recount(state);
        }
        left
    }

    /// Empty the board for a new round, its marks as at the start, but for the holes the
    /// rounds leave out, which keep their seeds and marks.
    fn clear_board(&self, state: &mut State, rounds: &Refill) {
        let keep: Vec<(Hole, u16)> = match rounds.except {
            Some(m) => (self.all_holes())
                .filter(|&h| state.is_marked(m, h))
                .map(|h| (h, state.counts[h.index()]))
                .collect(),
            None => Vec::new(),
        };
        state.counts = [0; MAX_SLOTS];
        state.marks = self.start().marks;
        for &(h, n) in &keep {
            state.counts[h.index()] = n;
            if let Some(m) = rounds.except {
                super::stepwise::set_mark(state, m, h, true);
            }
        }
    }

    /// What player `p` has and has done, cleared for a new round.
    fn clear_player(&self, state: &mut State, p: Player) {
        state.hand[p] = 0;
        state.captured[p] = 0;
        state.took[p] = 0;
        state.aside[p] = 0;
        state.captures_made[p] = 0;
        state.phase_of[p] = 0;
        state.phase_turns[p] = 0;
        state.phase_moves[p] = 0;
        // A direction chosen once is kept for the game, unless chosen anew each round.
        if self.model.circuit.each_round {
            state.direction[p] = None;
        }
    }

    /// `, then the empty holes of the others, which become theirs`: each player with seeds
    /// `left` once their own holes are filled fills the holes the others leave empty (each
    /// other's in their filling order, from the next player on), as many as the seeds fill
    /// (a last one part-filled where the rules say so), and each is theirs from then on.
    fn win_holes(
        &self,
        state: &mut State,
        (rounds, setup, least): (&Refill, &[u16; MAX_SLOTS], &ByPlayer<Option<u16>>),
        (order, cut, fill): (&ByPlayer<Vec<Hole>>, &ByPlayer<usize>, &ByPlayer<usize>),
        left: &mut ByPlayer<u32>,
        short: &mut ByPlayer<Option<Hole>>,
    ) {
        let active: Vec<Player> = self.players().filter(|&p| !state.is_out(p)).collect();
        for p in active {
            'filling: for q in self.others(p) {
                let from = if state.is_out(q) { 0 } else { fill[q] };
                // Not the holes a shrunk board cuts off.
                for &h in &order[q][from..order[q].len() - cut[q]] {
                    let each = Self::full_hole(rounds, setup, h);
                    if left[p] < least[p].map_or(each, u32::from) {
                        break 'filling;
                    }
                    if state.counts[h.index()] == 0 {
                        let n = left[p].min(each);
                        state.counts[h.index()] = n as u16;
                        left[p] -= n;
                        self.set_holder(state, h, p);
                        if n < each {
                            short[p] = Some(h);
                        }
                    }
                }
            }
        }
    }

    /// `, made up with seeds the others have left`: each player's hole filled short gets the
    /// seeds it lacks from the seeds the others have `left` over (from the next player on),
    /// as far as they go.
    fn make_up(
        &self,
        state: &mut State,
        (rounds, setup): (&Refill, &[u16; MAX_SLOTS]),
        short: &ByPlayer<Option<Hole>>,
        left: &mut ByPlayer<u32>,
    ) {
        let active: Vec<Player> = self.players().filter(|&p| !state.is_out(p)).collect();
        for p in active {
            let Some(h) = short[p] else { continue };
            let givers: Vec<Player> = self.others(p).filter(|&q| !state.is_out(q)).collect();
            for q in givers {
                let lacking =
                    Self::full_hole(rounds, setup, h).saturating_sub(u32::from(state.counts[h.index()]));
                let given = lacking.min(left[q]);
                state.counts[h.index()] += given as u16;
                left[q] -= given;
            }
        }
    }

    /// The holes a player fills, in order: row by row in the order the board names the rows,
    /// each from the player's right (or left); where the players share a circuit, their part
    /// of it in the circuit's order (or against it). Where holes change owner in play, the
    /// holes that are the player's now: those of their side first, then those they have won
    /// elsewhere, in board order.
    pub(crate) fn fill_order(&self, state: &State, player: Player, from_right: bool) -> Vec<Hole> {
        let own = &self.territory[player];
        if self.model.share {
            let mut order = own.clone();
            if from_right {
                order.reverse();
            }
            return order;
        }
        let moving = self.colours && !self.seed_colours;
        let mine = |h: &Hole| self.fills_as_own(state, *h, player);
        let rows = &self.role_hole[player];
        let mut order: Vec<Hole> = (0..rows.len())
            .flat_map(|role| {
                let n = rows[role].len();
                (0..n).map(move |k| (role, if from_right { n - 1 - k } else { k }))
            })
            .map(|(role, k)| self.hole_from_owners_left(player, role as Role, k))
            .filter(mine)
            .collect();
        if moving {
            let won: Vec<Hole> = (self.all_holes()).filter(|h| mine(h) && !order.contains(h)).collect();
            order.extend(won);
        }
        order
    }

    /// Whether hole `h` is player `p`'s as a new round reads it: by who holds it now where
    /// holes change hands in play, else by the territory.
    fn fills_as_own(&self, state: &State, h: Hole, p: Player) -> bool {
        if self.colours && !self.seed_colours {
            self.holds(state, h, p)
        } else {
            self.territory[p].contains(&h)
        }
    }

    /// The holes player `player` fills along their circuit (`along the circuit`): theirs now,
    /// in the order they sow them, from the first after a hole of another player's (or the
    /// circuit's first, where it is all theirs).
    fn fill_along(&self, state: &State, player: Player) -> Vec<Hole> {
        let ring: Vec<Hole> = self.circuit[player].iter().copied().filter(|&h| !self.is_store(h)).collect();
        let moving = self.colours && !self.seed_colours;
        let mine =
            |h: Hole| if moving { self.holds(state, h, player) } else { self.territory[player].contains(&h) };
        let n = ring.len();
        let start = (0..n).find(|&k| mine(ring[k]) && !mine(ring[(k + n - 1) % n])).unwrap_or(0);
        (0..n).map(|k| ring[(start + k) % n]).filter(|&h| mine(h)).collect()
    }

    /// Who moves first in the next round: as the rules say, else (and after an equal round)
    /// the player who would have moved next.
    fn round_starter(&self, before: &State, ended: Outcome, starts: RoundStart) -> Player {
        let next = before.to_move;
        let active = || self.players().filter(|&p| !before.is_out(p));
        let score = |p: Player| self.score(before, p);
        match (starts, ended) {
            // The seat after the one that started the round ending: round by round from the
            // game's first player (South's seat, or the lot's winner).
            (RoundStart::InTurn, _) => before.first.next(),
            // The round's first player is the game's.
            (RoundStart::First, _) => before.first,
            (RoundStart::Next, _) | (_, Outcome::Draw(_)) => next,
            (RoundStart::Winner, Outcome::Win { winner, .. }) => winner,
            (RoundStart::Loser, Outcome::Win { winner, .. }) if self.seats() == 2 => winner.other(),
            (RoundStart::Loser, Outcome::Win { .. }) => {
                let least = active().map(score).min().unwrap_or(0);
                let mut losers = active().filter(|&p| score(p) == least);
                match (losers.next(), losers.next()) {
                    (Some(p), None) => p,
                    _ => next,
                }
            }
        }
    }
}
