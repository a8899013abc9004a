//! Board notation: holes `b8`, turns `b3` or `b3 x d1 d1 c4`, and board pictures.

use std::fmt::{self, Write as _};

use super::rules::*;
use super::state::*;

/// A word that is not a hole of the board, with the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    /// The word as given.
    pub word: String,
    /// Why it is not a hole or a decision.
    pub reason: String,
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.reason)
    }
}

impl std::error::Error for NotationError {}

/// Which kinds of decision a game's rules can ask of a player, so that a front end explains
/// only the notation it needs (see [`Rules::decision_kinds`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DecisionKinds {
    /// Picks after a capture, or a turn of taking holes: `d1`.
    pub picks: bool,
    /// A direction chosen with a sowing (for good, or for that sowing): `b3:cw`.
    pub directions: Option<Chosen>,
    /// Seeds moved from one hole to another (a turn of an opening): `b2-a4`, with the
    /// openings that have such turns.
    pub transfers: Vec<String>,
    /// Holes marked (a turn of an opening): `+a1`, with the openings and the marks' names.
    pub marks: Vec<(String, String)>,
    /// Holes emptied (a turn of an opening): `b7`, with the openings that have such turns.
    pub empties: Vec<String>,
    /// A lap that may stop or relay at the mover's choice: `stop`, `relay`.
    pub lap_choice: bool,
    /// A blocked player passes, or an opening lets players pass: `pass`.
    pub pass: bool,
    /// The mover chooses how many seeds of the chosen hole to lift: `b3 4`.
    pub lift: bool,
    /// The mover chooses the hole a capture's seeds go into: `a3 b8`.
    pub put: bool,
    /// A last seed in some place gives the same player another sowing.
    pub move_again: bool,
}

impl Rules {
    /// Which kinds of decision these rules can ask for, in any phase.
    pub fn decision_kinds(&self) -> DecisionKinds {
        let mut kinds = DecisionKinds {
            picks: self.model.captures.iter().any(|c| !c.follow_ups.is_empty()),
            put: self.model.captures.iter().any(|c| match c.destination {
                Destination::Put(into) | Destination::Sow(Resow { into, .. }) => into.is_choice(),
                _ => false,
            }),
            directions: (self.chosen != Chosen::Never).then_some(self.chosen),
            pass: self.model.end.blocked == Blocked::Passes
                || self.model.end.only_in.iter().any(|&(k, _)| k == crate::model::EndKind::Blocked)
                || self.model.phases.iter().any(|p| p.pass.is_some())
                || self.model.may_move_again(),
            ..DecisionKinds::default()
        };
        for phase in &self.phases {
            let name = phase.name.clone().unwrap_or_else(|| "the main game".to_string());
            match &phase.turn {
                TurnKind::Sow(sow) => {
                    kinds.lift |= sow.first_lap.chosen.is_some();
                    let actions =
                        sow.lap_rules.iter().map(|r| r.action).chain(std::iter::once(sow.lap_otherwise));
                    for action in actions {
                        kinds.lap_choice |= action == LapAction::MayStop;
                        kinds.move_again |= matches!(action, LapAction::MoveAgain | LapAction::MayMoveAgain);
                    }
                }
                TurnKind::Take { .. } => kinds.picks = true,
                TurnKind::Empty { .. } => kinds.empties.push(name),
                TurnKind::Transfer(_) => kinds.transfers.push(name),
                TurnKind::Mark { mark, .. } => {
                    let mark =
                        self.marks.get(usize::from(*mark)).map_or_else(String::new, |m| m.name.clone());
                    kinds.marks.push((name, mark));
                }
            }
        }
        kinds
    }

    /// Read a hole name such as `b8` (row letter from South's outer row, column from South's
    /// left, both from 1).
    pub fn parse_hole(&self, word: &str) -> Result<Hole, NotationError> {
        let fail = |reason: String| NotationError { word: word.to_string(), reason };
        let last_row = (b'a' + self.rows as u8 - 1) as char;
        let shape = format!(
            "holes are named by a row letter a–{last_row} and a column 1–{}, e.g. `b{}`",
            self.columns, self.columns
        );
        let mut chars = word.chars();
        let Some(letter) = chars.next() else { return Err(fail(format!("expected a hole; {shape}"))) };
        let letter = letter.to_ascii_lowercase();
        let digits = chars.as_str();
        if !letter.is_ascii_lowercase() || digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(fail(format!("`{word}` is not a hole; {shape}")));
        }
        let row = (letter as u8 - b'a') as usize;
        let column: usize = digits.parse().unwrap_or(usize::MAX);
        if row >= self.rows {
            return Err(fail(format!("there is no row `{letter}`; {shape}")));
        }
        if column == 0 || column > self.columns {
            return Err(fail(format!("there is no column {digits}; {shape}")));
        }
        self.hole(row, column - 1).ok_or_else(|| fail(shape))
    }

    /// Read one decision in the context of `state`: a hole is a sowing at the start of a turn
    /// and a pick during a capture's follow-up; `b3:cw` / `b3:ccw` sow in a direction chosen
    /// for good; `b3-a5` moves seeds; `+a3` marks a hole; a bare number `4` is the count of
    /// seeds to lift from the hole just chosen; `stop`, `relay`, `pass` and `enter` (a seed
    /// from hand into each own hole) are themselves.
    pub fn parse_move(&self, state: &State, word: &str) -> Result<Move, NotationError> {
        let lower = word.to_ascii_lowercase();
        match lower.as_str() {
            "stop" => return Ok(Move::Stop),
            "relay" => return Ok(Move::Relay),
            "relay+" => {
                if let Phase::LapChoice(c) = state.phase
                    && c.through
                {
                    return Ok(Move::SowThrough(c.at));
                }
                return Err(NotationError {
                    word: word.to_string(),
                    reason: "`relay+` sows on through the side store where a sowing paused to ask which way"
                        .into(),
                });
            }
            "pass" => return Ok(Move::Pass),
            "swap" => return Ok(Move::Swap),
            "offer" => return Ok(Move::Offer),
            "agree" => return Ok(Move::Agree),
            "refuse" => return Ok(Move::Refuse),
            "enter" => return Ok(Move::Enter),
            "hand" => return Ok(Move::SowHand),
            _ => {}
        }
        // The outcome of a lot: the seat it fell to.
        if let Some(seat) = lower.strip_prefix("lot:") {
            return match self.players().find(|p| p.word() == seat) {
                Some(p) => Ok(Move::Lot(p)),
                None => Err(NotationError {
                    word: word.to_string(),
                    reason: format!(
                        "`{seat}` is no seat at this table: a lot falls to {}",
                        self.players().map(|p| format!("`lot:{}`", p.word())).collect::<Vec<_>>().join(", ")
                    ),
                }),
            };
        }
        // A bare number: how many seeds of the hole just chosen to lift.
        if !lower.is_empty() && lower.bytes().all(|b| b.is_ascii_digit()) {
            return match lower.parse::<u16>() {
                Ok(k) if k > 0 => Ok(Move::Lift(k)),
                _ => Err(NotationError {
                    word: word.to_string(),
                    reason: format!("`{word}` is not a number of seeds to lift: write a count from 1"),
                }),
            };
        }
        if let Some(hole) = lower.strip_suffix('+') {
            let side = |p: Player| {
                self.side_store(p).ok_or_else(|| NotationError {
                    word: word.to_string(),
                    reason: "this board has no side stores".into(),
                })
            };
            return Ok(Move::SowThrough(match hole {
                "s" => side(Player::South)?,
                "n" => side(Player::North)?,
                _ => self.parse_hole(hole)?,
            }));
        }
        if let Some(hole) = lower.strip_prefix('+') {
            return Ok(Move::Mark(self.parse_hole(hole)?));
        }
        if let Some((from, to)) = lower.split_once('-') {
            return Ok(Move::Transfer(self.parse_hole(from)?, self.parse_hole(to)?));
        }
        if let Some((hole, direction)) = lower.split_once(':') {
            return Ok(Move::SowDirection(self.parse_hole(hole)?, parse_direction(word, direction)?));
        }
        let hole = self.parse_hole(word)?;
        Ok(match state.phase {
            Phase::Sow => match self.phases[state.phase_of(state.to_move)].turn {
                TurnKind::Mark { .. } => Move::Mark(hole),
                TurnKind::Empty { .. } => Move::Empty(hole),
                _ => Move::Sow(hole),
            },
            Phase::Pick(_) => Move::Pick(hole),
            Phase::LapChoice(c) if c.capture > 0 => Move::Pick(hole),
            Phase::LapChoice(_)
            | Phase::EndChoice(_)
            | Phase::Step(_)
            | Phase::Lift(_)
            | Phase::PutChoice(_)
            | Phase::Offer(_)
            | Phase::Lot(_)
            | Phase::FirstLot => Move::Sow(hole),
        })
    }

    /// Split a turn such as `b3 x d1 d1 c4` into its words: the sowing, then the picks.
    /// The `x` is optional when reading.
    pub fn turn_words(text: &str) -> Vec<&str> {
        text.split_whitespace().filter(|w| !w.eq_ignore_ascii_case("x")).collect()
    }

    /// Write a decision: `b3`, `d1`, `stop` or `pass`.
    pub fn move_text(&self, mv: Move) -> String {
        match mv {
            Move::Sow(h) | Move::Pick(h) | Move::Empty(h) => self.hole_name(h),
            Move::SowDirection(h, d) => {
                format!("{}:{}", self.hole_name(h), if d == Direction::Clockwise { "cw" } else { "ccw" })
            }
            Move::Transfer(a, b) => format!("{}-{}", self.hole_name(a), self.hole_name(b)),
            Move::Mark(h) => format!("+{}", self.hole_name(h)),
            Move::SowThrough(h) => format!("{}+", self.hole_name(h)),
            Move::Stop => "stop".to_string(),
            Move::Relay => "relay".to_string(),
            Move::Pass => "pass".to_string(),
            Move::Enter => "enter".to_string(),
            Move::SowHand => "hand".to_string(),
            Move::Lift(k) => k.to_string(),
            Move::Swap => "swap".to_string(),
            Move::Offer => "offer".to_string(),
            Move::Agree => "agree".to_string(),
            Move::Refuse => "refuse".to_string(),
            Move::Lot(p) => format!("lot:{}", p.word()),
        }
    }

    /// Write a turn: `b3`, or `b3 x d1 d1 c4` when picks follow, or `a3 a1` for a player who
    /// moved again.
    pub fn turn_text(&self, moves: &[Move]) -> String {
        let mut out = String::new();
        for (i, &mv) in moves.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            let first_pick =
                matches!(mv, Move::Pick(_)) && !matches!(moves.get(i.wrapping_sub(1)), Some(Move::Pick(_)));
            let stop_after_sowing = mv == Move::Stop
                && i > 0
                && matches!(
                    moves[i - 1],
                    Move::Sow(_) | Move::SowDirection(..) | Move::SowThrough(_) | Move::Lift(_)
                );
            if first_pick || stop_after_sowing {
                out.push_str("x ");
            }
            out.push_str(&self.move_text(mv));
        }
        out
    }

    /// A picture of the board: North's rows on top, row letters on the left, column numbers
    /// above and below, the stores (if any) at the ends with their seeds, each side's seeds,
    /// the marked holes with a legend, and whose turn it is.
    pub fn picture(&self, state: &State) -> String {
        self.picture_marked(state, &[])
    }

    /// [`Rules::picture`] with some holes marked by `*` (e.g. the last turn's).
    pub fn picture_marked(&self, state: &State, marked: &[Hole]) -> String {
        let mut out = self.board_picture(state, marked);
        out.push_str(&self.status(state));
        out.push('\n');
        out
    }

    /// Whose turn it is and where the turn stands (`South to move (2 more to pick)`), or how
    /// the game ended: the last line of [`Rules::picture`].
    pub fn status(&self, state: &State) -> String {
        let mut out = String::new();
        match state.outcome {
            Some(outcome) => {
                let _ = write!(out, "Game over: {outcome}.");
            }
            None => {
                let _ = write!(out, "{} to move", state.to_move);
                if let Some(name) = &self.phases[state.phase_of(state.to_move)].name {
                    let _ = write!(out, ", opening \"{name}\"");
                }
                match state.phase {
                    Phase::Pick(p) => {
                        let _ = write!(out, " ({} more to pick)", p.remaining);
                    }
                    Phase::LapChoice(c) if c.through => {
                        let at = self.hole_name(c.at);
                        let _ =
                            write!(out, " (sowing paused at {at}: relay past the side store, or through it)");
                    }
                    Phase::LapChoice(c) if c.turn => {
                        let at = self.hole_name(c.at);
                        let _ = write!(out, " (sowing paused at {at}: relay, or turn the next lap)");
                    }
                    Phase::LapChoice(c) if c.capture > 0 => {
                        let at = self.hole_name(c.at);
                        let _ = write!(
                            out,
                            " (sowing ended at {at}: choose the capture, by the first hole it takes)"
                        );
                    }
                    Phase::LapChoice(c) => {
                        let _ = write!(out, " (sowing paused at {}: stop or relay)", self.hole_name(c.at));
                    }
                    Phase::EndChoice(c) => {
                        let at = self.hole_name(c.at);
                        let _ = write!(out, " (capture at {at}: choose the row end to sow it from)");
                    }
                    Phase::Step(p) => {
                        let at = self.hole_name(p.at);
                        let _ = write!(out, " (sowing at {at}, {} to sow: choose the next hole)", p.hand);
                    }
                    Phase::Lift(c) if c.hand => {
                        let _ = write!(out, " (hand chosen: how many of its seeds to sow)");
                    }
                    Phase::Lift(c) => {
                        let at = self.hole_name(c.hole);
                        let _ = write!(out, " ({at} chosen: how many of its seeds to lift)");
                    }
                    Phase::PutChoice(c) => {
                        let at = self.hole_name(c.at);
                        let _ =
                            write!(out, " (capture at {at}: choose the hole its {} seeds go into)", c.taken);
                    }
                    Phase::Offer(by) => {
                        let _ = write!(out, " ({by} offers to end the game: agree or refuse)");
                    }
                    Phase::Lot(_) => {
                        let _ = write!(out, " (lots are being drawn for the last hole of the next round)");
                    }
                    Phase::FirstLot => {
                        let _ = write!(out, " (lots are being drawn for the first player)");
                    }
                    Phase::Sow if state.offer == OFFER_OPEN => {
                        let _ = write!(out, " (the position has repeated: they may offer to end the game)");
                    }
                    Phase::Sow => {}
                }
            }
        }
        out
    }

    /// The symbol written after the count of a hole carrying the mark of kind `kind`.
    pub fn mark_symbol(kind: usize) -> char {
        ['°', '^', '~'].get(kind).copied().unwrap_or('°')
    }

    /// Which player's store is drawn at the left end of the board and which at the right: a
    /// store follows its owner's last hole along the circuit that passes through it, and where
    /// no circuit does, each player's store is on their right (South's at the right-hand end).
    pub fn store_ends(&self) -> Option<(Player, Player)> {
        // At a larger table the stores are listed below the board, with their owners.
        let store = self.store.filter(|_| self.seats() == 2)?;
        let right_of = |p: Player| {
            let circuit = &self.circuit[p];
            let at = circuit.iter().position(|&h| h == store[p])?;
            let before = circuit[at.checked_sub(1)?];
            let column = self.column_of(before);
            if column + 1 == self.columns {
                Some(true)
            } else if column == 0 {
                Some(false)
            } else {
                None
            }
        };
        let south_right = match (right_of(Player::South), right_of(Player::North)) {
            (Some(right), _) => right,
            (None, Some(north_right)) => !north_right,
            (None, None) => true,
        };
        Some(if south_right { (Player::North, Player::South) } else { (Player::South, Player::North) })
    }

    /// The board of [`Rules::picture_marked`] without its last line (whose turn it is): for a
    /// front end whose prompt says that already.
    pub fn board_picture(&self, state: &State, marked: &[Hole]) -> String {
        let widest = self.all_holes().map(|h| state.count(h)).max().unwrap_or(0);
        let width = widest.to_string().len().max(self.columns.to_string().len()).max(2) + 1;
        let has_marks = !self.marks.is_empty();
        // Each hole: its count, whose seeds they are (where holes belong by colour: `s` or
        // `n`), the symbol of its mark (if the rules have marks), and `*` if it is among
        // `marked`.
        let cell = width + 1 + usize::from(has_marks) + usize::from(self.colours);
        let cells = cell * self.columns;
        let stores = self.picture_stores(state);
        let (left_pad, right_pad) =
            stores.as_ref().map_or((0, 0), |(l, r)| (l.chars().count(), r.chars().count()));
        let mut out = String::new();
        let numbers = {
            let mut s = format!("   {}", " ".repeat(left_pad));
            for c in 1..=self.columns {
                let _ = write!(s, "{c:>width$}{}", " ".repeat(cell - width));
            }
            s.trim_end().to_string()
        };
        let _ = writeln!(out, "{numbers}");
        // The kinds of mark shown, and (last) whether a hole showed several at once.
        let mut kinds_shown = vec![false; self.marks.len() + 1];
        for row in (0..self.rows).rev() {
            let mut line = format!(" {} {}", (b'a' + row as u8) as char, " ".repeat(left_pad));
            self.picture_row(state, (row, width), marked, &mut kinds_shown, &mut line);
            let side = if self.seats() > 2 || self.common {
                // No one sits at a side (or every hole is everyone's): the players are listed
                // below the board.
                None
            } else if row == self.rows - 1 {
                Some(Player::North)
            } else if row == 0 {
                Some(Player::South)
            } else {
                None
            };
            let line = match side {
                // The row's cells in full, so that a `*` (or mark) in the last column does not
                // push the label out of line with the other side's: past the store where there
                // is one, else two spaces past the last cell's trailing column.
                Some(p) => {
                    let mut line = line;
                    let gap = if stores.is_some() { right_pad + 3 } else { 2 };
                    line.push_str(&" ".repeat(gap));
                    self.picture_side(state, p, &mut line);
                    line
                }
                None => line.trim_end().to_string(),
            };
            let _ = writeln!(out, "{line}");
            // Between the players' sides (a middle row shared in halves is both's).
            if row == self.rows / 2 && self.rows.is_multiple_of(2) {
                let rule = "─".repeat(cells);
                match &stores {
                    Some((left, right)) => {
                        let _ = writeln!(out, "   {left}{rule}{right}");
                    }
                    None => {
                        let _ = writeln!(out, "   {rule}");
                    }
                }
            }
        }
        let _ = writeln!(out, "{numbers}");
        self.picture_legends(state, &kinds_shown, &mut out);
        out
    }

    /// The stores of a picture, drawn at the two ends between the rows: `North [ 0]` …
    /// `[ 1] South`. `None` where the stores are not at the ends.
    fn picture_stores(&self, state: &State) -> Option<(String, String)> {
        self.store_ends().map(|(left, right)| {
            let digits = Player::BOTH.map(|p| self.store_seeds(state, p).to_string().len()).into_iter().max();
            let digits = digits.unwrap_or(1).max(2);
            let count = |p: Player| format!("[{:>digits$}]", self.store_seeds(state, p));
            (format!("{left} {}  ", count(left)), format!("  {} {right}", count(right)))
        })
    }

    /// The holes of `row` in a picture, added to `line`, `width` characters for each count:
    /// its count, whose seeds they are (where holes belong by colour: `s` or `n`), the symbol
    /// of its mark (if the rules have marks, noting the kinds shown; `+` for a hole carrying
    /// several), and `*` if it is among `marked`.
    fn picture_row(
        &self,
        state: &State,
        (row, width): (usize, usize),
        marked: &[Hole],
        kinds_shown: &mut [bool],
        line: &mut String,
    ) {
        for c in 0..self.columns {
            let Some(h) = self.hole(row, c) else { continue };
            let _ = write!(line, "{:>width$}", state.count(h));
            if self.colours {
                line.push(self.holder(state, h).map_or(' ', seat_letter));
            }
            if !self.marks.is_empty() {
                let mut kinds = (0..self.marks.len()).filter(|&k| state.is_marked(k as u8, h));
                let symbol = match (kinds.next(), kinds.next()) {
                    (None, _) => ' ',
                    (Some(k), None) => {
                        kinds_shown[k] = true;
                        Rules::mark_symbol(k)
                    }
                    // A hole carrying several marks shows `+`; the legend names them.
                    (Some(_), Some(_)) => {
                        for k in (0..self.marks.len()).filter(|&k| state.is_marked(k as u8, h)) {
                            kinds_shown[k] = true;
                        }
                        kinds_shown[self.marks.len()] = true;
                        '+'
                    }
                };
                line.push(symbol);
            }
            line.push(if marked.contains(&h) { '*' } else { ' ' });
        }
    }

    /// What a picture says beside the row at `p`'s side (after the gap): their seeds on the
    /// board, in their side store, in their store or captured, and in hand.
    fn picture_side(&self, state: &State, p: Player, line: &mut String) {
        let _ = write!(line, "{p}: {} on board", seeds(self.seeds_of(state, p)));
        if let Some(side) = self.side_store(p) {
            let _ = write!(line, " ({} in the side store)", state.count(side));
        }
        if self.store.is_some() {
            let _ = write!(line, ", {} in store", self.store_seeds(state, p));
        } else if self.captured_by(state, p) > 0 {
            let _ = write!(line, ", {} captured", self.captured_by(state, p));
        }
        if state.hand[p] > 0 {
            let _ = write!(line, ", {} in hand", state.hand[p]);
        }
    }

    /// The lines below a picture's board: the players where no one sits at a side (or every
    /// hole is everyone's), what `s` and `n` mean where holes belong by colour, and the
    /// symbols of the kinds of mark shown.
    fn picture_legends(&self, state: &State, kinds_shown: &[bool], out: &mut String) {
        if self.seats() > 2 || self.common {
            let players: Vec<String> = (self.players())
                .map(|p| {
                    let out = if state.is_out(p) { ", out" } else { "" };
                    // Every seed on the board is everyone's where every hole is: what sets
                    // players apart is what they have taken.
                    let mut held = match self.common {
                        true => String::new(),
                        false => format!(" ({}): {}", seat_letter(p), seeds(u32::from(state.seeds[p]))),
                    };
                    let sep = if self.common { ": " } else { ", " };
                    if self.store.is_some() {
                        let _ = write!(held, "{sep}{} in store", self.store_seeds(state, p));
                    } else if self.common || self.captured_by(state, p) > 0 {
                        let _ = write!(held, "{sep}{} captured", self.captured_by(state, p));
                    }
                    if state.hand[p] > 0 {
                        let _ = write!(held, ", {} in hand", state.hand[p]);
                    }
                    format!("{p}{held}{out}")
                })
                .collect();
            let _ = writeln!(out, "   {}", players.join("   "));
        } else if self.seed_colours {
            let _ = writeln!(out, "   s: South's seeds   n: North's seeds");
        } else if self.colours {
            let _ = writeln!(out, "   s: South's hole   n: North's hole");
        }
        let mut legend: Vec<String> = self
            .marks
            .iter()
            .enumerate()
            .filter(|&(k, _)| kinds_shown[k])
            .map(|(k, mark)| format!("{} {} hole", Rules::mark_symbol(k), mark.name))
            .collect();
        if kinds_shown.last() == Some(&true) {
            legend.push("+ a hole with several of these marks".to_string());
        }
        if !legend.is_empty() {
            let _ = writeln!(out, "   {}", legend.join("   "));
        }
    }
}

fn seeds(n: u32) -> String {
    if n == 1 { "1 seed".to_string() } else { format!("{n} seeds") }
}

/// The letter that marks a player's seeds in a picture: the initial of their name at two or
/// four seats (`s`, `e`, `n`, `w`), else the seat's number (`1`, `2`, …).
fn seat_letter(p: Player) -> char {
    match p.seats() {
        2 | 4 => p.word().chars().next().unwrap_or(' '),
        _ => char::from(b'1' + p.index() as u8),
    }
}

/// The direction `direction` of the decision `word` (`b3:cw`).
fn parse_direction(word: &str, direction: &str) -> Result<Direction, NotationError> {
    match direction {
        "ccw" | "anticlockwise" => Ok(Direction::Anticlockwise),
        "cw" | "clockwise" => Ok(Direction::Clockwise),
        _ => Err(NotationError {
            word: word.to_string(),
            reason: format!(
                "`{direction}` is not a direction; write `cw` (clockwise) or `ccw` (anticlockwise)"
            ),
        }),
    }
}
