//! The model as text: what `sow show` prints, what `sow diff` compares and what the
//! snapshot tests pin. Every rule the engine plays by appears here, with the tables the
//! board's geometry gives it (circuits, opposite holes), in words a player can check.

use std::fmt::{self, Write as _};

use super::*;

impl fmt::Display for Model {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let meta = &self.meta;
        let ruleset = meta.ruleset.as_deref().map_or("base game".to_string(), |r| format!("ruleset \"{r}\""));
        writeln!(f, "game \"{}\", {ruleset}", meta.name)?;
        self.fmt_params(f)?;
        self.fmt_board(f)?;
        self.fmt_circuits(f)?;
        if !self.marks.is_empty() {
            writeln!(f, "\nmarks")?;
            for mark in &self.marks {
                // A hole that starts with fewer seeds than the mark is held by does not hold it
                // (nor one that starts as full as the mark is closed until).
                let holds = |c: Cell| {
                    let n = self.setup.get(self.board.index(c)).copied().unwrap_or(0);
                    n >= mark.keep_min.unwrap_or(0) && n < mark.open_at.unwrap_or(u16::MAX)
                };
                let holes: Vec<String> =
                    mark.start.iter().filter(|&&c| holds(c)).map(|&c| self.board.name(c)).collect();
                let start = if holes.is_empty() { "none at the start".to_string() } else { holes.join(" ") };
                let mut kept = match mark.keep_min {
                    Some(1) => ", kept while the hole holds at least 1 seed".to_string(),
                    Some(n) => format!(", kept while the hole holds at least {n} seeds"),
                    None => String::new(),
                };
                if let Some(n) = mark.open_at {
                    let seeds = if n == 1 { "seed" } else { "seeds" };
                    kept.push_str(&format!(", kept until the hole holds at least {n} {seeds}"));
                }
                writeln!(f, "  {}: {start}{kept}", mark.name)?;
            }
        }
        let other = self.circuit.direction.other().word();
        match self.circuit.chosen {
            Chosen::Never => {}
            Chosen::Once => writeln!(
                f,
                "\n{} may sow {other} instead, chosen on their first free sowing and kept{}",
                if self.circuit.for_all { "the first player to sow" } else { "each player" },
                match (self.circuit.each_round, self.circuit.for_all) {
                    (true, true) => " for the round, for all players",
                    (true, false) => " for the round",
                    (false, true) => ", for all players",
                    (false, false) => "",
                }
            )?,
            Chosen::EachTurn => writeln!(f, "\nthe mover may sow {other} instead, chosen with each sowing")?,
        }
        match self.lap_limit {
            Some(laps) if self.circuit.path => {
                writeln!(f, "\na turn still sowing after {laps} laps ends there")?
            }
            Some(laps) => writeln!(
                f,
                "\na sowing that has not ended after {laps} laps is endless (its move is refused)"
            )?,
            None => {}
        }
        self.fmt_phases(f)?;
        self.fmt_captures(f)?;
        self.fmt_end(f)
    }
}

impl Model {
    /// The name of a row of the players' territories, by its index; `hole` where the rows
    /// have no names (territories that are parts of a shared circuit).
    fn row_word(&self, role: impl Into<usize>) -> &str {
        self.row_names.get(role.into()).map_or("hole", String::as_str)
    }

    fn fmt_params(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "\nparameters")?;
        if self.params.is_empty() {
            writeln!(f, "  (none)")?;
        }
        for p in &self.params {
            let step = if p.step > 1 { format!(" step {}", p.step) } else { String::new() };
            let allowed = match p.values.is_empty() {
                true => format!("{}..{}{step}", p.low, p.high),
                false => p.values.iter().map(u32::to_string).collect::<Vec<_>>().join(", "),
            };
            let doc = p.doc.as_deref().map(|d| format!(": {d}")).unwrap_or_default();
            writeln!(f, "  {} = {} (default {}, allowed {allowed}){doc}", p.name, p.value, p.default)?;
        }
        Ok(())
    }

    fn fmt_board(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let board = self.board;
        let total: u32 = self.setup.iter().map(|&c| u32::from(c)).sum();
        let stores = if board.stores { "a store for each player" } else { "no stores" };
        writeln!(f, "\nboard")?;
        writeln!(
            f,
            "  {} rows × {} columns = {} holes, {stores}; {total} seeds",
            board.rows,
            board.columns,
            board.holes()
        )?;
        if let Some(role) = board.side_stores {
            writeln!(
                f,
                "  and a side store for each player in the middle of their {} row (holes {}|{} from the owner's left)",
                self.row_names.get(usize::from(role)).map_or("?", String::as_str),
                board.columns / 2,
                board.columns / 2 + 1
            )?;
        }
        if self.hand.iter().any(|&n| n > 0) {
            let first = self.hand[0];
            if self.hand.iter().all(|&n| n == first) {
                writeln!(f, "  and {first} seeds in each player's hand")?;
            } else {
                let each: Vec<String> =
                    self.players().map(|p| format!("{} in {}'s", self.hand_of(p), p.name())).collect();
                writeln!(f, "  and seeds in hand: {}", each.join(", "))?;
            }
        }
        if self.seats != 2 {
            let names: Vec<&str> = self.players().map(Player::name).collect();
            writeln!(f, "  played by {}: {} (in turn order)", self.seats, names.join(", "))?;
        }
        if self.share {
            let parts = self.share_parts();
            let from = parts.first().and_then(|p| p.first()).map_or("a1".to_string(), |&c| board.name(c));
            if self.share_from == 0 {
                writeln!(
                    f,
                    "\nterritory (an equal part of the circuit each, round the board anticlockwise from {from})"
                )?;
            } else {
                let half = if self.share_from == board.columns / 2 { "right" } else { "left" };
                writeln!(f, "\nterritory (each player's {half} half of the board, seen from their seat)")?;
            }
            for (player, holes) in self.players().zip(&parts) {
                let names: Vec<String> = holes.iter().map(|&h| board.name(h)).collect();
                writeln!(f, "  {player}: {}", names.join(" "))?;
            }
        } else if self.common {
            writeln!(f, "\nterritory\n  every hole is every player's: any player may sow it")?;
        } else {
            writeln!(f, "\nterritory (rows named from the owner's seat inward)")?;
        }
        for player in Player::BOTH.into_iter().filter(|_| !self.share && !self.common) {
            let rows: Vec<String> = (self.row_names.iter().enumerate())
                .map(|(role, name)| {
                    let row = (b'a' + board.row(player, role) as u8) as char;
                    match board.role_cells(player, role).as_slice() {
                        // Half of a middle row shared in halves.
                        cells if cells.len() < board.columns => format!(
                            "{name} = {}–{} (half of row {row})",
                            board.name(cells[0]),
                            board.name(cells[cells.len() - 1])
                        ),
                        _ => format!("{name} = {row}"),
                    }
                })
                .collect();
            writeln!(f, "  {player}: {}", rows.join(", "))?;
        }
        if self.colours {
            writeln!(
                f,
                "  (there at the start; then each hole belongs to the player whose seeds it holds, an empty hole to nobody)"
            )?;
        }
        // The start position, North's outer row at the top, as a player at South's seat
        // sees it.
        writeln!(f, "\nstart position")?;
        let width = (self.setup.iter().max().copied().unwrap_or(0).to_string().len())
            .max(board.columns.to_string().len())
            .max(2)
            + 1;
        let mut line = String::from("    ");
        for c in 1..=board.columns {
            let _ = write!(line, "{c:>width$}");
        }
        writeln!(f, "{line}")?;
        for row in (0..board.rows).rev() {
            let mut line = format!("  {} ", (b'a' + row as u8) as char);
            for column in 0..board.columns {
                let _ = write!(line, "{:>width$}", self.setup[row * board.columns + column]);
            }
            writeln!(f, "{line}")?;
            if row == board.rows / 2 && board.rows.is_multiple_of(2) {
                writeln!(f, "     {}", "─".repeat(width * board.columns))?;
            }
        }
        if self.first_by_lot {
            writeln!(
                f,
                "  the first player is drawn by lot: each player with the same chance, drawn by the program"
            )?;
        }
        Ok(())
    }

    /// A player's circuit in board notation, from the player's first hole.
    pub fn circuit_names(&self, player: Player) -> Vec<String> {
        let board = self.board;
        let c = self.circuit;
        if !c.shared {
            return board.own_rows_ring(player, c.direction).into_iter().map(|h| board.name(h)).collect();
        }
        let ring = self.shared_ring();
        let (own, other): (Vec<Cell>, Vec<Cell>) =
            ring.into_iter().partition(|&h| board.owner_of(h).0 == player);
        let mut names: Vec<String> = own.iter().map(|&h| board.name(h)).collect();
        if c.through_store {
            names.push(format!("{player}'s store"));
        }
        names.extend(other.iter().map(|&h| board.name(h)));
        names
    }

    fn fmt_circuits(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = self.circuit;
        if c.path {
            writeln!(
                f,
                "\ncircuit (none: each seed of a lap into a hole next to the last along a row or column, \
                 the mover's choice, never one the lap has lifted or sown; a lap with nowhere to go \
                 drops its seeds where it stands and the turn ends; holes are counted straight on \
                 in the direction of the last step)"
            )?;
        }
        let ring_rows = c.ring_role.map(|r| format!("{} rows", self.row_word(r)));
        let rows = match ring_rows.as_deref() {
            _ if c.edge => "the edge",
            Some(rows) => rows,
            None if c.shared => "all rows",
            None => "own rows",
        };
        let store = if c.through_store { "; through the mover's store" } else { "" };
        let origin = match (c.skip_origin, c.skip_chosen) {
            (_, true) => "laps skip the turn's chosen hole",
            (true, false) => "laps skip the origin",
            (false, false) => "laps pass the origin",
        };
        if c.path {
        } else if self.share {
            writeln!(f, "\ncircuits ({rows}, {}{store}; {origin})", c.direction.word())?;
            // One ring for every player, from its first hole.
            let names: Vec<String> = self.shared_ring().iter().map(|&h| self.board.name(h)).collect();
            writeln!(f, "  every player: {}", names.join(" "))?;
            return Ok(());
        } else {
            writeln!(f, "\ncircuits ({rows}, {}{store}; {origin})", c.direction.word())?;
            for player in Player::BOTH {
                writeln!(f, "  {player}: {}", self.circuit_names(player).join(" "))?;
            }
            if c.through_store && self.sows_against_circuit() {
                // The other way, the store comes after the mover's last hole that way.
                let other = match c.direction {
                    Direction::Anticlockwise => Direction::Clockwise,
                    Direction::Clockwise => Direction::Anticlockwise,
                };
                for player in Player::BOTH {
                    let names = self.circuit_names(player);
                    let at = names.iter().position(|n| n.ends_with("store")).unwrap_or(names.len());
                    let (run, rest) = names.split_at(at);
                    let back: Vec<&str> = (run.iter().rev())
                        .chain(rest.first())
                        .chain(rest.iter().skip(1).rev())
                        .map(String::as_str)
                        .collect();
                    writeln!(f, "  {player}, {}: {}", other.word(), back.join(" "))?;
                }
            }
        }
        let board = self.board;
        if self.row_names.is_empty() {
            // No rows of a seat: nothing stands opposite anything.
            return Ok(());
        }
        if self.opposites.is_empty() {
            writeln!(f, "\nopposite holes (the opponent's hole of each row in the same column)")?;
        } else {
            writeln!(
                f,
                "\nopposite holes (the opponent's hole of each row in the same column, but where the table of opposite holes gives another; `-` is no hole)"
            )?;
        }
        let side_store = |p: Player| if p == Player::South { "s+" } else { "n+" };
        for player in Player::BOTH {
            for (role, name) in self.row_names.iter().enumerate() {
                // Every hole of the player's rows, each of which a rule may read across from.
                let listed = (0..board.per_side()).flat_map(|r| board.role_cells(player, r));
                let pairs: Vec<String> = listed
                    .map(|mine| {
                        let given =
                            self.opposites.iter().find(|o| o.hole == mine && usize::from(o.role) == role);
                        let facing = Cell::new(board.row(player.other(), role), usize::from(mine.column));
                        let theirs = match given.map(|o| o.facing) {
                            // Of a middle row shared in halves, a hole of the player's own half
                            // stands opposite no hole of the opponent's.
                            None if board.owner_of(facing) != (player.other(), role) => "-".to_string(),
                            None => board.name(facing),
                            Some(Facing::Hole(cell)) => board.name(cell),
                            Some(Facing::SideStore(Side::Own)) => side_store(player).to_string(),
                            Some(Facing::SideStore(Side::Opponent)) => side_store(player.other()).to_string(),
                            Some(Facing::Nothing) => "-".to_string(),
                        };
                        format!("{}>{theirs}", board.name(mine))
                    })
                    .collect();
                writeln!(f, "  {player}'s opposite {name}: {}", pairs.join(" "))?;
            }
        }
        Ok(())
    }

    fn fmt_phases(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let phases = &self.phases;
        for (i, phase) in phases.iter().enumerate() {
            let indent = if phases.len() > 1 { "  " } else { "" };
            if phases.len() > 1 {
                let lasts = phase
                    .lasts
                    .map(|n| format!(", at most {n} turn{}", if n == 1 { "" } else { "s" }))
                    .unwrap_or_default();
                let title = match &phase.name {
                    Some(name) => {
                        let mut ends = String::new();
                        if phase.ends_on_passes {
                            ends.push_str(", or until both players pass in a row");
                        }
                        if phase.ends_on_pass {
                            ends.push_str(", or for a player when they pass");
                        }
                        if !phase.ends_when.is_empty() {
                            ends.push_str(&format!(
                                ", or for a player when {}",
                                self.side_facts_text(&phase.ends_when)
                            ));
                        }
                        if let Some((min, max)) = phase.ends_at_capture {
                            ends.push_str(&format!(
                                ", or for the mover in the middle of a turn when a capture leaves {} \
                                 in the hole it sows from (the rest of the turn in the next phase)",
                                seed_range(min, max, "seed", "seeds")
                            ));
                        }
                        let until = if phase.blocked_loses {
                            ", until the player cannot move in it (and loses)"
                        } else {
                            ", until the player cannot move in it"
                        };
                        format!("opening {} \"{name}\"{lasts}{until}{ends}", i + 1)
                    }
                    None => "main game".to_string(),
                };
                writeln!(f, "\n{title}")?;
            }
            match &phase.turn {
                Turn::Sow(sowing) => self.fmt_sowing(f, sowing, indent)?,
                Turn::Take { capture } => {
                    writeln!(f, "{indent}  a turn takes holes:")?;
                    for follow_up in &self.captures[usize::from(*capture)].follow_ups {
                        writeln!(f, "{indent}    {}", self.follow_up_text(follow_up))?;
                    }
                }
                Turn::Transfer(ways) => {
                    if ways.len() > 1 {
                        writeln!(
                            f,
                            "{indent}  a turn moves seeds in one of these ways (the first that allows a move plays it):"
                        )?;
                    }
                    for way in ways {
                        let (from, to) = (self.filter_text(&way.from), self.filter_text(&way.to));
                        let count = way.count.map_or_else(|| "all the".to_owned(), |n| n.to_string());
                        let holds = match way.holds {
                            None => String::new(),
                            Some((lo, hi)) if lo == hi => format!(" holding {lo}"),
                            Some((lo, u16::MAX)) => format!(" holding at least {lo}"),
                            Some((lo, hi)) => format!(" holding {lo} to {hi}"),
                        };
                        let to = match way.place {
                            TransferTo::Any => to,
                            TransferTo::Behind => format!("{to} in its column"),
                            TransferTo::Next => "the next hole along the circuit".to_string(),
                            TransferTo::NotOpposite => format!("{to}, but not the hole across from it"),
                        };
                        let rows = (0..MAX_ROWS as Role)
                            .filter(|&r| way.except_rows >> r & 1 == 1)
                            .map(HoleSet::Row);
                        let marks = (0..MAX_MARKS as MarkId)
                            .filter(|&m| way.except_marks >> m & 1 == 1)
                            .map(HoleSet::Marked);
                        let words: Vec<String> =
                            rows.chain(marks).map(|set| self.their_holes_text(set)).collect();
                        let to = if words.is_empty() {
                            to
                        } else {
                            format!("{to}, but not into {}", words.join(" nor "))
                        };
                        writeln!(f, "{indent}  a turn moves {count} seed(s) from {from}{holds} to {to}")?;
                    }
                    if let Some(d) = &phase.drop_capture {
                        let opposite = d
                            .opposite
                            .map(|(role, state)| {
                                let state = if state == HoleState::Empty { "empty" } else { "occupied" };
                                format!(" whose opposite {} hole is {state}", self.row_word(role))
                            })
                            .unwrap_or_default();
                        let until = if d.until_captured { ", until the mover has captured" } else { "" };
                        writeln!(
                            f,
                            "{indent}  a seed moved into {}{opposite} captures {}{until}",
                            self.filter_text(&d.hole),
                            self.captures[usize::from(d.capture)].name
                        )?;
                    }
                }
                Turn::Empty { hole, to_hand } => {
                    let whither = if *to_hand { "into the mover's hand" } else { "out of play" };
                    writeln!(f, "{indent}  a turn empties {}, its seeds {whither}", self.filter_text(hole))?;
                }
                Turn::Mark { hole, mark } => {
                    let (hole, mark) = (self.filter_text(hole), &self.marks[usize::from(*mark)].name);
                    writeln!(f, "{indent}  a turn marks {hole} as {mark}")?;
                }
            }
            if let Some(n) = phase.keeps_turn {
                writeln!(f, "{indent}  a player keeps the turn until they pass, at most {n} moves")?;
            }
            if let Some(facts) = &phase.pass {
                if facts.is_empty() {
                    writeln!(f, "{indent}  a player may pass (no end of the game)")?;
                } else {
                    let facts = self.side_facts_text(facts);
                    writeln!(f, "{indent}  a player may pass when {facts} (no end of the game)")?;
                }
            }
            match phase.rounds {
                PhaseRounds::Every => {}
                PhaseRounds::From(n) => writeln!(
                    f,
                    "{indent}  it is played from round {n} on; before it, every player goes past it"
                )?,
                PhaseRounds::FirstOnly => writeln!(
                    f,
                    "{indent}  it is played in the first round only; later, every player goes past it"
                )?,
            }
            if phase.first_only {
                writeln!(
                    f,
                    "{indent}  only the first player of the game (or round) plays it; the others go past it"
                )?;
                if phase.first_matched {
                    writeln!(
                        f,
                        "{indent}  going past it, the other player fills each of their holes facing one of the first player's with as many seeds as it holds, from all the seeds they have, and keeps the rest"
                    )?;
                }
            }
            if let Some(swap) = phase.swap {
                let then = match swap.ends_turn {
                    true => "the swap is their turn",
                    false => "they then move from their new side",
                };
                writeln!(
                    f,
                    "{indent}  the first player to start a turn here may swap sides, once, before either player has moved here: each takes the other's side, the board turned half a circle, with the other's stores, seeds in hand and captures; {then}"
                )?;
            }
        }
        Ok(())
    }

    /// A set of a player's holes, in words: `own hole`, `own inner hole`, `own won hole`, ….
    pub(crate) fn hole_set_text(&self, h: HoleSet) -> String {
        let row = |role: Role| self.row_word(role);
        let place = column_words;
        match h {
            HoleSet::Territory => "own hole".to_string(),
            HoleSet::Row(role) => format!("own {} hole", row(role)),
            HoleSet::Marked(m) => format!("own {} hole", self.marks[usize::from(m)].name),
            HoleSet::One { role, column } => format!("{} own {} hole", place(column), row(role)),
            HoleSet::Rearmost => "rearmost own hole".to_string(),
            HoleSet::AfterMark { mark, steps } => {
                format!("hole {steps} after the own {} hole", self.marks[usize::from(mark)].name)
            }
        }
    }

    /// The holes a score counts, as `their …` goes on: `won holes`, `inner holes`.
    pub(crate) fn their_holes_text(&self, h: HoleSet) -> String {
        format!("{}s", self.hole_set_text(h).replacen("own ", "", 1))
    }

    /// Facts about a player's holes, joined by `and`.
    fn side_facts_text(&self, facts: &[SideFact]) -> String {
        let row = |role: Role| self.row_word(role);
        let place = column_words;
        let holes = |h: HoleSet| self.hole_set_text(h);
        let text = |fact: &SideFact| match *fact {
            SideFact::Most { role, column } => {
                format!("the {} {} hole holds more seeds than any other own hole", place(column), row(role))
            }
            SideFact::Every { side, holes: h, min, max } => {
                let holes = match side {
                    Some(Side::Own) => holes(h),
                    Some(Side::Opponent) => holes(h).replacen("own ", "opponent's ", 1),
                    None => holes(h).replacen("own ", "", 1),
                };
                format!("every {holes} holds {}", seed_range(min, max, "seed", "seeds"))
            }
            SideFact::AtMost { count, holes: h, min, max } => {
                format!("at most {count} {}s hold {}", holes(h), seed_range(min, max, "seed", "seeds"))
            }
            SideFact::NotMoreThanLeft => "no own hole holds more seeds than the hole to its left".to_string(),
            SideFact::OpponentCaptured(n) => format!("the opponent has captured at least {n} seeds"),
        };
        facts.iter().map(text).collect::<Vec<_>>().join(" and ")
    }

    /// The holes a choice description is about, for `player`, in board order; `None` when
    /// it is about the whole territory.
    pub fn choice_cells(&self, holes: HoleSet, player: Player) -> Option<Vec<Cell>> {
        let board = self.board;
        match holes {
            HoleSet::Territory | HoleSet::Marked(_) | HoleSet::Rearmost | HoleSet::AfterMark { .. } => None,
            HoleSet::Row(role) => Some(board.role_cells(player, usize::from(role))),
            HoleSet::One { role, column } => {
                let k = column.from_left(board.role_len(usize::from(role)))?;
                Some(board.counted(player, usize::from(role), k).into_iter().collect())
            }
        }
    }

    /// The shared ring, from South's first hole in the direction of sowing: every hole of
    /// a two-row board, or both players' rows of one role.
    pub fn shared_ring(&self) -> Vec<Cell> {
        self.ring_towards(self.circuit.direction)
    }

    /// The parts of a circuit shared in equal parts (`an equal part of the circuit`, `the
    /// left half of the board`), by seat: each a run of holes anticlockwise, the first from
    /// [`Model::share_from`] along the ring from South's leftmost hole.
    pub fn share_parts(&self) -> Vec<Vec<Cell>> {
        let ring = self.ring_towards(Direction::Anticlockwise);
        let (len, seats) = (ring.len(), self.seats.max(1));
        let part = (len / seats).max(1);
        (0..seats)
            .map(|seat| {
                // The last part takes any holes left over.
                let n = if seat + 1 == seats { len.saturating_sub(part * seat) } else { part };
                (0..n).map(|i| ring[(self.share_from + seat * part + i) % len.max(1)]).collect()
            })
            .collect()
    }

    /// The shared ring's holes walked in `direction`, from where it begins that way.
    pub fn ring_towards(&self, direction: Direction) -> Vec<Cell> {
        let (board, c) = (self.board, self.circuit);
        match c.ring_role {
            _ if c.edge => board.edge_ring(direction),
            Some(r) => board.rows_ring(
                board.row(Player::South, usize::from(r)),
                board.row(Player::North, usize::from(r)),
                direction,
            ),
            None => board.all_rows_ring(direction),
        }
    }

    fn fmt_sowing(&self, f: &mut fmt::Formatter<'_>, sowing: &Sowing, indent: &str) -> fmt::Result {
        if let Some(d) = sowing.direction {
            writeln!(f, "{indent}sowing {}", d.word())?;
        }
        let gap = if indent.is_empty() { "\n" } else { "" };
        writeln!(f, "{gap}{indent}choose (the first description that fits some hole is in force)")?;
        if let Some(feed) = sowing.must_feed {
            let text = match feed {
                Feed::NoSeeds => {
                    "an opponent with no seeds must be given some: other sowings are not allowed"
                }
                Feed::CannotMove => {
                    "an opponent who cannot move must be given a move: other turns are not allowed"
                }
                Feed::Always => {
                    "every turn must leave the opponent a move, where some turn does: other turns are not allowed"
                }
            };
            writeln!(f, "{indent}  ({text})")?;
        }
        if sowing.no_undo {
            writeln!(
                f,
                "{indent}  (a turn may not bring back the position from before the opponent's last turn)"
            )?;
        }
        if sowing.no_wipe {
            writeln!(
                f,
                "{indent}  (a turn may not take every seed of an opponent who has some, even where no other turn is left)"
            )?;
        }
        for (i, c) in sowing.choices.iter().enumerate() {
            writeln!(
                f,
                "{indent}  {}. {} [{}]{}",
                i + 1,
                c.text,
                self.choice_words(c).join(", "),
                self.either_words(c)
            )?;
        }
        if !sowing.turnings.is_empty() {
            writeln!(
                f,
                "{indent}  also (a lap that lifts one of these holes may be turned; every other lap goes the usual way)"
            )?;
        }
        for t in &sowing.turnings {
            let when = match &t.condition {
                None => "always".to_string(),
                Some(TurnCondition::Captures) => "if that lap ends in a capture".to_string(),
                Some(TurnCondition::Lands(rule)) => {
                    format!("if that lap's landing fits: {}", self.lap_conditions(rule))
                }
            };
            let when =
                if t.judged_whole { format!("{when}, judged on the whole hole's seeds") } else { when };
            let mut words = self.choice_words(&t.choice);
            words[0] = format!("first lap {}", words[0]);
            writeln!(
                f,
                "{indent}  - {} [{}]{} -> {}, {when}",
                t.choice.text,
                words.join(", "),
                self.either_words(&t.choice),
                t.direction.word()
            )?;
        }
        for (i, condition) in sowing.prefer.iter().enumerate() {
            let when = match condition {
                TurnCondition::Captures => "the first lap ends in a capture".to_string(),
                TurnCondition::Lands(rule) => {
                    format!("the first lap's landing fits: {}", self.lap_conditions(rule))
                }
            };
            let then = if i == 0 { "preferred: sowings where" } else { "then: where" };
            writeln!(f, "{indent}  {then} {when}")?;
        }
        if let Some(block) = &sowing.block {
            let mark = |m: MarkId| &self.marks[usize::from(m)].name;
            let row = |r: Role| self.row_word(r);
            let spared: Vec<String> = block
                .exempt
                .iter()
                .map(|e| match *e {
                    BlockExempt::Marked(m) => format!("{} holes", mark(m)),
                    BlockExempt::OnlyOccupied(r) => format!("the only occupied {} hole", row(r)),
                    BlockExempt::OnlyMoreThan(r, n) => {
                        format!(
                            "the only {} hole with more than {n} seed{}",
                            row(r),
                            if n == 1 { "" } else { "s" }
                        )
                    }
                })
                .collect();
            let spared =
                if spared.is_empty() { String::new() } else { format!(" (spared: {})", spared.join(", ")) };
            writeln!(
                f,
                "{indent}  at the end of each turn every {m} mark goes; after a turn that took nothing, where the \
                 opponent has no first lap that captures, the opponent's holes the mover's first laps would take \
                 (as if to move again) are marked {m}{spared}",
                m = mark(block.mark)
            )?;
        }
        if let Some(lone) = sowing.lone {
            let mark = |m: MarkId| &self.marks[usize::from(m)].name;
            let mut place = String::new();
            if lone.next_empty {
                place.push_str(" whose next hole is empty");
            }
            if let Some(m) = lone.on_mark {
                let _ = write!(place, " on {} hole", a_name(mark(m)));
            }
            let to = match lone.to {
                LoneTo::Steps(n) => format!("{n} holes on"),
                LoneTo::NextMarked(m) => format!("to the next {} hole ahead", mark(m)),
                LoneTo::FirstHeld(m) => {
                    let kind = m.map(|m| format!("{} ", mark(m))).unwrap_or_default();
                    format!("to the first {kind}hole ahead holding the opponent's seeds (no move if none)")
                }
            };
            let how = if lone.only { "must (no other move)" } else { "may (or sow)" };
            writeln!(
                f,
                "{indent}  also: a player with one seed{place} {how} move it {to}; the opponent's seeds there become the mover's"
            )?;
        }
        if let Some(whole) = &sowing.whole_move {
            let when = if whole.not_again { ", except in a turn of moving again" } else { "" };
            let colours = if self.colours { "; the opponent's seeds there become the mover's" } else { "" };
            writeln!(
                f,
                "{indent}  also: the mover may put every seed of a hole that fits `{}` [{}]{} into the next hole instead of sowing{when}{colours}, and the turn is over",
                whole.from.text,
                self.choice_words(&whole.from).join(", "),
                self.either_words(&whole.from)
            )?;
        }
        if sowing.leave_turned {
            writeln!(
                f,
                "{indent}  also: the seeds a turned lap captures into a hole it may be turned from may be left there, and another such hole sown turned instead (where its line allows)"
            )?;
        }
        if sowing.turned_once {
            writeln!(
                f,
                "{indent}  also: unless the turn's first lap was turned, no lap is turned after a turned lap has captured"
            )?;
        }
        if sowing.hand_entry {
            writeln!(
                f,
                "{indent}  also: while the mover's hand holds a seed for each of their holes, they may put one into each instead of sowing (`enter`; the turn is over)"
            )?;
        }
        if let Some(hand) = sowing.hand_sow {
            let place = match hand.column {
                Column::FromLeft(k) => format!("hole {} from their left", k + 1),
                Column::FromRight(k) => format!("hole {} from their right", k + 1),
            };
            let whose = if hand.opponent { "the opponent's" } else { "their" };
            let (them, how_many) = match hand.any {
                true => ("as many of them as they choose", ", then the count, `3`"),
                false => ("them", ""),
            };
            let round = match hand.round {
                true => ", going round that row and never out of it",
                false => "",
            };
            writeln!(
                f,
                "{indent}  also: while the mover holds seeds in hand, they may sow {them} instead, as the turn's first lap, the first into {whose} {} row's {place}{round} (`hand`{how_many})",
                self.row_word(hand.role)
            )?;
        }
        if let Some(n) = sowing.empty_hole {
            writeln!(
                f,
                "{gap}{indent}sowing: {n} seeds (or all that are left) into each hole that is empty when a lap reaches it, {} into an occupied one",
                sowing.each_hole.unwrap_or(1)
            )?;
        } else if let Some(n) = sowing.each_hole {
            writeln!(
                f,
                "{gap}{indent}sowing: {n} seeds (or all that are left) into each hole a lap reaches"
            )?;
        }
        if let Some(n) = sowing.first_hole {
            writeln!(
                f,
                "{gap}{indent}sowing: the first hole of a turn's first lap receives {n} seeds (or all that are left), each hole after it one"
            )?;
        }
        if !sowing.first_lap.is_plain() {
            let lift = match (sowing.first_lap.chosen, sowing.first_lap.lift) {
                (Some(0), _) => {
                    "as many seeds of the chosen hole as the mover chooses (1 to all), the rest left in it"
                        .to_string()
                }
                (Some(leave), _) => format!(
                    "as many seeds of the chosen hole as the mover chooses, leaving at least {} in it (a hole of {leave} or fewer cannot be chosen)",
                    if leave == 1 { "1 seed".to_string() } else { format!("{leave} seeds") }
                ),
                (None, Some(n)) => format!("{n} seeds of the chosen hole (all, if it holds fewer)"),
                (None, None) => "every seed of the chosen hole".to_string(),
            };
            let start = match (sowing.first_lap.itself, sowing.first_lap.unless) {
                (false, _) => "from the next hole".to_string(),
                (true, None) => "starting with that hole".to_string(),
                (true, Some(n)) => format!(
                    "starting with that hole (from the next hole where it holds {})",
                    if n == 1 { "1 seed".to_string() } else { format!("{n} seeds") }
                ),
            };
            writeln!(
                f,
                "{gap}{indent}first lap: lifts {lift}, sown {start}; a relay lifts the whole hole, sown from the next"
            )?;
        }
        if let Some(place) = sowing.place {
            let (role, state) = place.opposite;
            let (puts, elsewhere) = match place.keep {
                false => (
                    "each turn puts 1 seed from the mover's hand into the chosen hole (empty or not)",
                    "elsewhere the hole is sown",
                ),
                true => (
                    "a seed from the mover's hand is put into the chosen hole only where it captures",
                    "elsewhere no seed is put, and the hole is sown",
                ),
            };
            writeln!(
                f,
                "{gap}{indent}{puts}: where the opposite {} hole is {}, capture {} there; {elsewhere} as the turn's first lap",
                self.row_word(role),
                state_word(state),
                self.captures[usize::from(place.capture)].name
            )?;
        }
        if let Some(h) = sowing.heavy {
            let spent = match h.spent {
                Some(m) => {
                    format!(
                        "; one lifted whole becomes {} hole instead",
                        a_name(&self.marks[usize::from(m)].name)
                    )
                }
                None => String::new(),
            };
            writeln!(
                f,
                "{gap}{indent}sowing: a lap from {} hole holding more than {} seeds lifts only {} of them{spent}",
                a_name(&self.marks[usize::from(h.mark)].name),
                h.more_than,
                h.lift
            )?;
        }
        if let Some(role) = sowing.exit_start {
            writeln!(
                f,
                "{gap}{indent}sowing: a turn's first lap may not leave the {} row from an end hole at once while another hole of it is occupied",
                self.row_word(role)
            )?;
        }
        if let Some(max) = sowing.side_path {
            writeln!(
                f,
                "{gap}{indent}sowing: each lap goes past the mover's side store or, at their choice, through it, if it then holds at most {max} seed{}",
                if max == 1 { "" } else { "s" }
            )?;
        }
        if let Some(role) = sowing.exit_relay {
            writeln!(
                f,
                "{gap}{indent}sowing: a relay that would leave the {} row from an end hole at once while another hole of it is occupied cannot be sown, and the mover loses",
                self.row_word(role)
            )?;
        }
        if let Some(m) = sowing.skip {
            let whose = match sowing.skip_side {
                None => "",
                Some(Side::Own) => "sower's own ",
                Some(Side::Opponent) => "others' ",
            };
            let when = match sowing.skip_when {
                Some(c) => format!(
                    " in a turn whose chosen hole is {} hole",
                    a_name(&self.marks[usize::from(c)].name)
                ),
                None => String::new(),
            };
            writeln!(
                f,
                "{gap}{indent}sowing: laps{when} skip the {whose}{} holes (they receive no seed, though they may be lifted)",
                self.marks[usize::from(m)].name
            )?;
        }
        if let Some(SkipCount { side, min, max, step, spares_last, only_last }) = sowing.skip_count {
            let side = match side {
                Some(Side::Own) => "the mover's ",
                Some(Side::Opponent) => "the opponent's ",
                None => "",
            };
            let (who, reach) = if only_last {
                ("a lap's last seed skips", "it reaches")
            } else {
                ("laps skip", "they reach")
            };
            writeln!(
                f,
                "{gap}{indent}sowing: {who} {side}holes holding {} when {reach} them{}",
                count_set(min, max, step, "seeds"),
                if spares_last { ", though a lap's last seed may fall into one" } else { "" }
            )?;
        }
        match sowing.overrun {
            Some(Overrun::Convert) => writeln!(
                f,
                "{gap}{indent}sowing: the opponent's seeds in a hole sown into become the mover's"
            )?,
            Some(Overrun::Stay) => writeln!(
                f,
                "{gap}{indent}sowing: a hole of the opponent's seeds sown into stays the opponent's, the seed joining them"
            )?,
            Some(Overrun::ToOrigin) => writeln!(
                f,
                "{gap}{indent}sowing: the opponent's seeds in a hole sown into are taken out and, after the lap, put into the hole it was lifted from"
            )?,
            None => {}
        }
        writeln!(f, "{gap}{indent}after each lap (the first rule that applies)")?;
        for (i, rule) in sowing.lap_rules.iter().enumerate() {
            writeln!(
                f,
                "{indent}  {}. {} -> {}",
                i + 1,
                self.lap_conditions(rule),
                self.action_text(rule.action)
            )?;
        }
        writeln!(f, "{indent}  otherwise -> {}", self.action_text(sowing.otherwise))
    }

    /// What a choice description asks of a hole, and its holes where they are not the whole
    /// territory.
    fn choice_words(&self, c: &Choice) -> Vec<String> {
        let mut words = vec![seed_range(c.min, c.max, "seed", "seeds")];
        if let Some(only) = c.only {
            words.push(format!("for {only} only"));
        }
        if c.most {
            words.push("one of the mover's fullest".to_string());
        }
        if c.furthest {
            words.push("of those that fit, the one furthest along the mover's circuit".to_string());
        }
        if c.captures {
            words.push("whose first lap captures".to_string());
        }
        if c.facing {
            words.push(
                "whose last seed, counted on in the direction sown, would fall in front of an occupied hole"
                    .to_string(),
            );
        }
        if let Some(role) = c.lands_in {
            words.push(format!(
                "whose last seed, counted on in the direction sown, would fall in an own {} hole in front of an occupied hole",
                self.row_word(role)
            ));
        }
        if let Some(rule) = &c.lap_ends {
            words.push(format!("whose first lap's landing fits: {}", self.lap_conditions(rule)));
        }
        if let Some((side, role)) = c.reaches {
            let whose = if side == Side::Own { "own" } else { "opponent's" };
            words.push(format!("whose first lap drops a seed into the {whose} {} row", self.row_word(role)));
        }
        for (which, state) in [("next", c.next), ("previous", c.previous)] {
            if let Some(state) = state {
                words.push(format!("{which} hole {}", state_word(state)));
            }
        }
        if let Some(other) = &c.none_fits {
            let whose = if c.none_theirs { "no opponent's hole" } else { "no hole" };
            words.push(format!(
                "while {whose} fits: {} [{}]{}",
                other.text,
                self.choice_words(other).join(", "),
                self.either_words(other)
            ));
        }
        if let Some((role, state)) = c.opposite {
            words.push(format!("opposite {} {}", self.row_word(role), state_word(state)));
        }
        if let HoleSet::Marked(m) = c.holes {
            words.push(format!("marked {}", self.marks[usize::from(m)].name));
        }
        if c.holes == HoleSet::Rearmost {
            words.push("the rearmost hole of the mover's seeds".to_string());
        }
        for &e in &c.except {
            if let HoleSet::Marked(m) = e {
                words.push(format!("not marked {}", self.marks[usize::from(m)].name));
            }
        }
        let territory = (0..self.board.per_side()).map(|r| self.board.role_len(r)).sum::<usize>();
        // A description of one player's alone names no hole of the other's.
        for player in Player::BOTH.into_iter().filter(|&p| c.only.is_none_or(|only| only == p)) {
            let left_out: Vec<Cell> =
                c.except.iter().flat_map(|&e| self.choice_cells(e, player).unwrap_or_default()).collect();
            let cells = match self.choice_cells(c.holes, player) {
                Some(cells) => cells,
                None if left_out.is_empty() || matches!(c.holes, HoleSet::Marked(_)) => continue,
                None => self.board.cells().filter(|&h| self.board.owner_of(h).0 == player).collect(),
            };
            let cells: Vec<Cell> = cells.into_iter().filter(|h| !left_out.contains(h)).collect();
            if cells.len() < territory {
                let names: Vec<String> = cells.iter().map(|&h| self.board.name(h)).collect();
                words.push(format!("{player}'s {}", names.join(" ")));
            }
        }
        words
    }

    /// The descriptions joined to a choice's first with `or`, each with its details, after
    /// the first's brackets (blind test 31, fault 2: they were printed inside them):
    /// `, or: the leftmost inner hole [1 or more seeds, …]`.
    fn either_words(&self, c: &Choice) -> String {
        (c.either.iter())
            .map(|other| format!(", or: {} [{}]", other.text, self.choice_words(other).join(", ")))
            .collect()
    }

    /// Whether capture `c` is made by a rule read before a lap is lifted, and whether by
    /// any other rule.
    fn capture_moments(&self, c: u8) -> (bool, bool) {
        let rules = self.phases.iter().filter_map(|p| match &p.turn {
            Turn::Sow(s) => Some(&s.lap_rules),
            _ => None,
        });
        let makes = rules.flatten().filter(|r| r.action == LapAction::Capture(c));
        let (mut before, mut other) = (false, false);
        for r in makes {
            if r.at_lap_start() {
                before = true;
            } else {
                other = true;
            }
        }
        (before, other || !before)
    }

    fn lap_conditions(&self, rule: &LapRule) -> String {
        let mut conditions = Vec::new();
        // Which seeds of a lap the rule is read at: where the lap ends unless it says.
        match rule.seeds {
            AtSeeds::Last => {}
            AtSeeds::BeforeLast => conditions.push("as a seed before the last falls".to_string()),
            AtSeeds::Every => conditions.push("as any seed falls, the last included".to_string()),
            AtSeeds::SowingEnd => conditions.push("once the sowing is over".to_string()),
            AtSeeds::LapStart => conditions.push("before a lap is lifted from it".to_string()),
        }
        if rule.store {
            conditions.push("landing in the mover's store".to_string());
        }
        if let Some(state) = rule.landing {
            conditions.push(format!("landing hole was {}", state_word(state)));
        }
        match rule.side {
            Some(Side::Own) => conditions.push("on the mover's side".to_string()),
            Some(Side::Opponent) => conditions.push("on the opponent's side".to_string()),
            None => {}
        }
        if let Some(role) = rule.role {
            conditions.push(format!("in row {}", self.row_word(role)));
        }
        if let Some(mark) = rule.mark {
            conditions.push(format!("marked {}", self.marks[usize::from(mark)].name));
        }
        for &fact in &rule.facts {
            conditions.push(self.fact_words(fact));
        }
        for clause in &rule.either {
            let words: Vec<String> = (clause.iter())
                .map(
                    |&(not, fact)| {
                        if not { format!("not {}", self.fact_words(fact)) } else { self.fact_words(fact) }
                    },
                )
                .collect();
            conditions.push(if words.len() > 1 {
                format!("({})", words.join(" or "))
            } else {
                words.join("")
            });
        }
        if conditions.is_empty() {
            conditions.push("any landing".to_string());
        }
        conditions.join(", ")
    }

    /// A further condition of a lap rule, in the words of the dump.
    fn fact_words(&self, fact: Fact) -> String {
        match fact {
            Fact::Opposite(role, state) => {
                format!("opposite {} {}", self.row_word(role), state_word(state))
            }
            Fact::OppositeMarked(role, mark) => {
                format!(
                    "opposite {} is {} hole",
                    self.row_word(role),
                    a_name(&self.marks[usize::from(mark)].name)
                )
            }
            Fact::OppositeSide(role, side) => {
                let whose = if side == Side::Own { "own" } else { "opponent's" };
                format!("opposite {} is an {whose} hole", self.row_word(role))
            }
            Fact::OppositeHolds(role, min, max) => {
                format!("opposite {} holds {}", self.row_word(role), seed_range(min, max, "", ""))
            }
            Fact::Column(role, state) => {
                format!("own {} in the landing column {}", self.row_word(role), state_word(state))
            }
            Fact::ColumnHolds(role, min, max) => {
                format!(
                    "own {} in the landing column holds {}",
                    self.row_word(role),
                    seed_range(min, max, "", "")
                )
            }
            Fact::Next(state) => format!("next hole {}", state_word(state)),
            Fact::Row(side, role, state) => {
                let whose = if side == Side::Own { "the mover's" } else { "the opponent's" };
                let row = self.row_word(role);
                match state {
                    HoleState::Empty => format!("{whose} {row} row all empty"),
                    HoleState::Occupied => format!("{whose} {row} row not all empty"),
                }
            }
            Fact::RowMarked(side, role, m, some) => {
                let whose = if side == Side::Own { "the mover's" } else { "the opponent's" };
                let row = self.row_word(role);
                let mark = &self.marks[usize::from(m)].name;
                if some {
                    format!("{whose} {row} row has a {mark} hole")
                } else {
                    format!("{whose} {row} row has no {mark} hole")
                }
            }
            Fact::Origin(min, max) => format!("chosen hole held {}", seed_range(min, max, "", "")),
            Fact::Holds(min, max) => format!("landing hole now holds {}", seed_range(min, max, "", "")),
            Fact::PreviousHolds(min, max) => {
                format!("previous hole now holds {}", seed_range(min, max, "", ""))
            }
            Fact::Along(steps, min, max) => {
                let holds = match (min, max) {
                    (0, 0) => "empty".to_string(),
                    (1, u16::MAX) => "occupied".to_string(),
                    _ => format!("holds {}", seed_range(min, max, "", "")),
                };
                format!("{} {holds}", along_hole(steps))
            }
            Fact::AlongMarked(0, m) => {
                format!("landing hole {} hole", a_name(&self.marks[usize::from(m)].name))
            }
            Fact::AlongMarked(steps, m) => {
                format!("{} {} hole", along_hole(steps), a_name(&self.marks[usize::from(m)].name))
            }
            Fact::Stepped(at, min, max, step) => {
                let hole = match at {
                    CountAt::Landing => "landing hole now".to_string(),
                    CountAt::Opposite(r) => format!("opposite {}", self.row_word(r)),
                    CountAt::Column(r) => {
                        format!("own {} in the landing column", self.row_word(r))
                    }
                    CountAt::Along(steps) => along_hole(steps),
                };
                format!("{hole} holds {}", count_set(min, max, step, "seeds"))
            }
            Fact::FirstLap => "the turn's first lap".to_string(),
            Fact::HandLap => "the lap of the mover's hand".to_string(),
            Fact::LastSkipped => "the last seed skipped a hole".to_string(),
            Fact::SameIndex(r, mark, min, max, step) => {
                let hole = format!("own {} hole of the landing hole's index", self.row_word(r));
                match mark {
                    Some(m) => format!("{hole} {} hole", a_name(&self.marks[usize::from(m)].name)),
                    None => format!("{hole} holds {}", count_set(min, max, step, "seeds")),
                }
            }
            Fact::ChosenMarked(m) => {
                format!("chosen hole {} hole", a_name(&self.marks[usize::from(m)].name))
            }
            Fact::TurnCaptured => "after a capture this turn".to_string(),
            Fact::Holes { mover, occupied, min, max } => format!(
                "the {} has {}",
                if mover { "mover" } else { "opponent" },
                seed_range(
                    min,
                    max,
                    if occupied { "occupied hole" } else { "hole" },
                    if occupied { "occupied holes" } else { "holes" }
                )
            ),
            Fact::OnBoard(min, max, in_play) => {
                let where_ =
                    if in_play { "in play (in the holes or still to be sown)" } else { "in the holes" };
                match (min, max) {
                    (0, max) => format!("at most {max} seeds {where_}"),
                    (min, u32::MAX) => format!("at least {min} seeds {where_}"),
                    (min, max) if min == max => format!("{min} seeds {where_}"),
                    (min, max) => format!("{min} to {max} seeds {where_}"),
                }
            }
            Fact::Made(min, max, step) if step > 1 => {
                format!("the mover has made {} so far", count_set(min, max, step, "captures"))
            }
            Fact::Made(min, max, _) => {
                format!("the mover has made {} so far", seed_range(min, max, "capture", "captures"))
            }
            Fact::NotReached(side, role, ended) => {
                let whose = if side == Side::Own { "the mover's" } else { "the opponent's" };
                let row = self.row_word(role);
                if ended {
                    format!("no earlier lap of the turn ended in {whose} {row} row")
                } else {
                    format!("no seed of the turn yet in {whose} {row} row")
                }
            }
        }
    }

    fn fmt_captures(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "\ncaptures")?;
        if self.captures.is_empty() {
            writeln!(f, "  (none)")?;
        }
        for (i, c) in self.captures.iter().enumerate() {
            let take: Vec<String> = c
                .take
                .iter()
                .map(|t| match t {
                    Target::Landing => "the landing hole".to_string(),
                    Target::Opposite(r) => format!("opposite {}", self.row_word(*r)),
                    Target::Column(r) => {
                        format!("own {} in the landing column", self.row_word(*r))
                    }
                    Target::HolesBefore(run, min, max, step) | Target::HolesAfter(run, min, max, step) => {
                        let (side, gaps) = (run.side(), run.gaps());
                        let count = count_set(*min, *max, *step, "seeds");
                        let way = if matches!(t, Target::HolesAfter(..)) { "after" } else { "before" };
                        let (each, across) = if gaps {
                            ("every other hole", ", across an empty one,")
                        } else {
                            ("each hole", "")
                        };
                        let run_text = match side {
                            Some(Side::Own) => {
                                format!("{each} {way} it{across} while the mover's with {count}")
                            }
                            Some(Side::Opponent) => {
                                format!("{each} {way} it{across} while the opponent's with {count}")
                            }
                            None => format!("{each} {way} it{across} while it holds {count}, on either side"),
                        };
                        if run.takes_across() {
                            format!("{run_text}, each hole of the run with the hole opposite it")
                        } else {
                            run_text
                        }
                    }
                    Target::Along(steps) => along_hole(*steps),
                    Target::ColumnAlong(r, steps) => {
                        format!("own {} in the column of {}", self.row_word(*r), along_hole(*steps))
                    }
                    Target::OppositeAlong(r, steps) => {
                        format!("opposite {} of {}", self.row_word(*r), along_hole(*steps))
                    }
                    Target::Every(side, min, max, step) | Target::EverySown(side, min, max, step) => {
                        let sown = matches!(t, Target::EverySown(..));
                        let side = match side {
                            Some(Side::Own) => "own ",
                            Some(Side::Opponent) => "opponent's ",
                            None => "",
                        };
                        let sown = if sown { " sown into this turn" } else { "" };
                        format!("every {side}hole{sown} with {}", count_set(*min, *max, *step, "seeds"))
                    }
                })
                .collect();
            let mut take = if take.is_empty() { "nothing at once".to_string() } else { take.join(" and ") };
            if let Some(n) = c.each {
                let seeds = if n == 1 { "seed" } else { "seeds" };
                take = format!("at most {n} {seeds} from each of {take}");
            }
            if c.origin_column {
                take.push_str(" (opposite the origin hole of the capturing lap)");
            }
            if c.hand {
                take.push_str(" and the seeds left to sow (the lap ends there)");
            }
            if let Some(m) = c.except {
                take.push_str(&format!(", but no {} hole", self.marks[usize::from(m)].name));
            }
            let goes = match c.destination {
                Destination::OutOfPlay => "taken seeds leave play".to_string(),
                Destination::Hand => "taken seeds go to the mover's hand".to_string(),
                Destination::Sow(r) => self.resow_text(r),
                Destination::Store => "taken seeds go to the mover's store".to_string(),
                Destination::OwnersHand => {
                    "the seeds of each hole taken go to the hand of the player it belongs to".to_string()
                }
                Destination::OwnersStore => {
                    "the seeds of each hole taken go to the store of the player it belongs to".to_string()
                }
                Destination::Put(into) => {
                    // Made before a lap (`a lap starts from …`), the lap follows.
                    let (before, after) = self.capture_moments(i as u8);
                    let then = match (before, after) {
                        (true, false) => "then the lap is lifted and sown",
                        (true, true) => {
                            "the sowing ends (made before a lap, the lap is then lifted and sown)"
                        }
                        _ => "the sowing ends",
                    };
                    format!("taken seeds are put into {} and stay there; {then}", self.holes_into_text(into))
                }
            };
            if c.take.is_empty() && !c.hand && c.follow_ups.is_empty() {
                // Nothing is taken, now or later: nowhere for taken seeds to go.
                writeln!(f, "  {}: take nothing", c.name)?;
            } else {
                writeln!(f, "  {}: take {take}; {goes}", c.name)?;
            }
            if c.not_every_seed {
                writeln!(f, "    nothing is taken if it would take every seed of the opponent")?;
            }
            if let Some(RelayAfter { landing, min, max }) = c.relay_after {
                let holds =
                    if max == u16::MAX { format!("{min} or more") } else { format!("{min} to {max}") };
                let hole = if landing { "the landing hole" } else { "the hole after the landing hole" };
                writeln!(f, "    then, if {hole} holds {holds} seeds, it is lifted and sown on as a lap")?;
            }
            for follow_up in &c.follow_ups {
                writeln!(f, "    {}", self.follow_up_text(follow_up))?;
            }
            let which = |taken: bool| if taken { "each hole taken" } else { "the landing hole" };
            if c.claim {
                writeln!(f, "    then {} is the mover's for the rest of the game", which(c.claim_taken))?;
            }
            if let Some(m) = c.mark {
                writeln!(
                    f,
                    "    then {} carries the mark {}",
                    which(c.mark_taken),
                    self.marks[usize::from(m)].name
                )?;
            }
            if c.again_may {
                writeln!(f, "    then the same player may move again, or pass the turn on")?;
            } else if c.again {
                writeln!(f, "    then the same player moves again")?;
            }
        }
        Ok(())
    }

    fn fmt_end(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "\nend")?;
        let end = &self.end;
        let in_holes;
        let scored = match (end.score, self.board.stores) {
            (Score::Holes(holes), _) => {
                in_holes = format!(
                    "ends the game, won by the player with more seeds in their {}",
                    self.their_holes_text(holes)
                );
                in_holes.as_str()
            }
            (Score::Seeds, true) => {
                "ends the game, won by the player with more seeds on their side, in hand and in store"
            }
            (Score::Seeds, false) => {
                "ends the game, won by the player with more seeds on their side and in hand"
            }
            (Score::Captured, true) => {
                "ends the game, won by the player who captured more seeds (store included)"
            }
            (Score::Captured, false) => "ends the game, won by the player who captured more seeds",
        };
        let with_left;
        let scored = if end.left_to_last {
            with_left =
                format!("{scored}, the seeds left on the board counting for the player who moved last");
            with_left.as_str()
        } else {
            scored
        };
        let with = match end.no_seeds_most {
            0 => "no seeds".to_string(),
            1 => "at most 1 seed".to_string(),
            n => format!("at most {n} seeds"),
        };
        match end.no_seeds {
            Some(Ending::Plain) => writeln!(f, "  a player with {with} loses (checked after every turn)")?,
            Some(Ending::Wins) => writeln!(
                f,
                "  a player with {with} wins (checked after every turn, the player to move first)"
            )?,
            Some(Ending::Scored) => {
                writeln!(f, "  a player with {with} {scored} (checked after every turn)")?
            }
            None => {}
        }
        match end.store_limit {
            Some(StoreLimit::MoreThanHalf) => {
                writeln!(f, "  a store with more than half the seeds {scored} (checked after every turn)")?
            }
            Some(StoreLimit::AtLeastHalf) => {
                writeln!(f, "  a store with at least half the seeds {scored} (checked after every turn)")?
            }
            Some(StoreLimit::AtLeast(n)) => {
                writeln!(f, "  a store with at least {n} seeds {scored} (checked after every turn)")?
            }
            Some(StoreLimit::Every) => {
                writeln!(f, "  a store with every seed {scored} (checked after every turn)")?
            }
            None => {}
        }
        if let Some(limit) = end.captured_win {
            let share = match limit {
                StoreLimit::MoreThanHalf => "more than half the seeds".to_string(),
                StoreLimit::AtLeastHalf => "at least half the seeds".to_string(),
                StoreLimit::AtLeast(n) => format!("at least {n} seeds"),
                StoreLimit::Every => "every seed".to_string(),
            };
            writeln!(
                f,
                "  a player whose captures of the game (store included) come to {share} wins (checked after every turn, the mover first)"
            )?;
        }
        if let Some(mark) = end.marks_empty {
            let name = &self.marks[usize::from(mark)].name;
            if end.marks_hold_all {
                writeln!(
                    f,
                    "  every seed on the board in {} hole (every hole without the mark empty) {scored} (checked after every turn)",
                    a_name(name)
                )?;
            } else {
                writeln!(
                    f,
                    "  every {name} hole empty (and some hole marked {name}) {scored} (checked after every turn)"
                )?;
            }
        }
        if let Some(gift) = end.gift {
            let seeds = if gift.count == 1 { "seed" } else { "seeds" };
            let column = match gift.column {
                Column::FromLeft(k) => format!("hole {} from the left", k + 1),
                Column::FromRight(k) => format!("hole {} from the right", k + 1),
            };
            writeln!(
                f,
                "  a player to move with no seeds is given {} {seeds} from the captures of the player who just moved, into their {} {column} (checked after every turn)",
                gift.count,
                self.row_word(gift.role)
            )?;
        }
        if let Some(few) = end.few_seeds {
            let seeds = if few == 1 { "seed" } else { "seeds" };
            let place = if end.few_seeds_each { "on each player's side" } else { "in the holes" };
            writeln!(f, "  at most {few} {seeds} {place} {scored} (checked after every turn)")?;
        }
        if let Some(fact) = &end.every_holds {
            let fact = self.side_facts_text(std::slice::from_ref(fact));
            writeln!(f, "  {fact} (for the player to move) {scored} (checked after every turn)")?;
        }
        let blocked = match end.blocked {
            Blocked::Loses => "loses",
            Blocked::Passes => "passes",
            Blocked::Scores => scored,
        };
        match end.blocked_draw {
            Some(n) => writeln!(
                f,
                "  a player who cannot move {blocked}, or draws if they have captured at least {n} {} (the game ends)",
                if n == 1 { "seed" } else { "seeds" }
            )?,
            None => writeln!(f, "  a player who cannot move {blocked}")?,
        }
        if self.seats > 2 {
            writeln!(
                f,
                "  (a player who loses drops out, and turns pass over them; the last player left wins)"
            )?;
        }
        let repeated = if self.colours {
            "a repeated position (counts, colours and player to move, at turn boundaries)"
        } else {
            "a repeated position (counts and player to move, at turn boundaries)"
        };
        match end.repetition {
            Some(Ending::Plain) if end.agreed => writeln!(
                f,
                "  {repeated} lets the player to move offer a draw before their turn; it is a draw if every other player agrees, else the turn is played"
            )?,
            Some(Ending::Scored) if end.agreed => writeln!(
                f,
                "  {repeated} lets the player to move offer to end the game before their turn; if every other player agrees, it {scored}, else the turn is played"
            )?,
            Some(Ending::Plain) => writeln!(f, "  {repeated} is a draw")?,
            Some(Ending::Scored) => writeln!(f, "  {repeated} {scored}")?,
            Some(Ending::Wins) => writeln!(f, "  {repeated} wins for no one (the model check refuses it)")?,
            None => {}
        }
        if let Some(limit) = end.turn_limit {
            writeln!(f, "  a game that reaches {limit} turns is a draw")?;
        }
        if let Some(role) = end.row_empty {
            let row = self.row_word(role);
            let when = if end.row_empty_every_lap {
                "every lap a sowing goes on from, and every turn"
            } else {
                "every turn"
            };
            writeln!(f, "  a player whose {row} row is empty loses (checked after {when})")?;
        }
        if end.one_hole {
            let when = if end.one_hole_every_lap {
                "every lap, for the mover, and every turn"
            } else {
                "every turn"
            };
            writeln!(f, "  a player with all their seeds in one hole wins (checked after {when})")?;
        }
        if end.passes_draw && end.passes_scored {
            writeln!(f, "  a pass answered by a pass ends the game, won by the higher score")?;
        } else if end.passes_draw {
            writeln!(f, "  a pass answered by a pass is a draw")?;
        }
        if end.pass_loses {
            writeln!(f, "  a player may pass at any turn of the main game, and loses by it")?;
        }
        if let Some(role) = end.end_holes {
            let row = self.row_word(role);
            writeln!(
                f,
                "  a player whose captures of one turn of the main game take both end holes of the opponent's {row} row wins"
            )?;
        }
        if self.seats == 2 {
            writeln!(f, "  a player may resign at any turn")?;
        }
        for &(kind, phase) in &end.only_in {
            let phase = match &self.phases.get(usize::from(phase)).and_then(|p| p.name.as_ref()) {
                Some(name) => format!("the opening \"{name}\""),
                None => "the main game".to_string(),
            };
            writeln!(f, "  ({} is read only while the player to move is in {phase})", end_kind_words(kind))?;
        }
        for &kind in &end.last_turns {
            writeln!(
                f,
                "  ({} ends the game only after each player still in it has played one more turn, from the next player on; then the score decides)",
                end_kind_words(kind)
            )?;
        }
        if let Some(rounds) = end.rounds {
            self.fmt_rounds(f, &rounds)?;
        }
        Ok(())
    }

    fn fmt_rounds(&self, f: &mut fmt::Formatter<'_>, rounds: &Rounds) -> fmt::Result {
        writeln!(f, "\nrounds")?;
        match &rounds.refill {
            Some(refill) => self.fmt_refill(f, refill)?,
            None => writeln!(
                f,
                "  every end rule but the turn limit ends a round; the next round starts as the game does: the setup again, nothing captured, in hand or in the stores"
            )?,
        }
        match rounds.points {
            Some(RoundPoints::Difference) => writeln!(
                f,
                "  the winner of a round scores as many points as their score is more than the best of the others'"
            )?,
            Some(RoundPoints::Points(n)) => {
                let points = if n == 1 { "point" } else { "points" };
                writeln!(f, "  the winner of a round scores {n} {points}")?
            }
            None => {}
        }
        if let Some(target) = self.end.points_win {
            writeln!(f, "  a player whose points come to {target} wins the game, and no round follows")?;
        }
        if rounds.equal_draw {
            writeln!(f, "  a round that ends with equal scores ends the game, drawn")?;
        }
        let starts = match rounds.starts {
            RoundStart::Next => "the player who would have moved next starts the next round",
            RoundStart::Winner => {
                "the winner of a round starts the next (after an equal round, the player who would have moved next)"
            }
            RoundStart::Loser => {
                "the loser of a round starts the next (after an equal round, the player who would have moved next)"
            }
            RoundStart::InTurn => {
                "the rounds are started in turn: the player who moved second in a round starts the next"
            }
            RoundStart::First => "the game's first player starts every round",
        };
        writeln!(f, "  {starts}; the next round starts from the first opening")
    }

    /// How a game of rounds fills the board again from the seeds each player has.
    fn fmt_refill(&self, f: &mut fmt::Formatter<'_>, rounds: &Refill) -> fmt::Result {
        writeln!(
            f,
            "  every end rule but the turn limit ends a round; each player then has the seeds on their side, in hand and in their store"
        )?;
        if rounds.fresh {
            writeln!(f, "  every hole won in play goes back to its first owner before the board is filled")?;
        }
        let side = if rounds.from_right { "right" } else { "left" };
        let order = if rounds.along {
            "their own holes in the order they sow them, from the first along their circuit".to_string()
        } else {
            format!("their own holes row by row, each row from their {side}")
        };
        let seeds = if rounds.seeds == 1 { "seed" } else { "seeds" };
        let how_many = if rounds.fewest {
            "as many holes as the player with the fewest seeds can"
        } else {
            "as many holes as their seeds fill"
        };
        let each = match rounds.as_setup {
            true => "each as many seeds as the setup puts there".to_string(),
            false => format!("{} {seeds} each", rounds.seeds),
        };
        writeln!(f, "  the board is cleared and each player fills {how_many}, {each}: {order}")?;
        if rounds.matching {
            writeln!(
                f,
                "  only the player with fewer seeds (the loser) fills so; the other fills each of their holes facing a hole the loser filled with as many seeds as it got, and keeps the rest (on equal seeds the player who did not win the round fills; after a drawn round, its first player)"
            )?;
        }
        if let Some(mark) = rounds.except {
            writeln!(
                f,
                "  the holes marked {} are left out: not cleared, not filled, their seeds not counted in what a player fills with",
                self.marks[usize::from(mark)].name
            )?;
        }
        let kept = if self.board.stores { "in their store" } else { "in hand" };
        if rounds.win {
            writeln!(
                f,
                "  a player with seeds over then fills the holes the others left empty, in their filling order, and each is theirs from then on"
            )?;
        }
        if rounds.spread {
            writeln!(
                f,
                "  the seeds too few to fill a hole go one into each hole after the full ones; any others stay {kept}"
            )?;
        } else if let Some(least) = rounds.rest {
            let many = if least > 1 { format!(" if they are at least {least}") } else { String::new() };
            writeln!(f, "  the seeds too few to fill a last hole go into it{many}; any others stay {kept}")?;
            if rounds.lot > 0 {
                writeln!(
                    f,
                    "  where no one has so many but each player has at least {} left, lots are drawn for the last hole, each player with the same chance, and the one it falls to makes it with their seeds left",
                    rounds.lot
                )?;
            }
            if rounds.made_up {
                writeln!(
                    f,
                    "  a last hole filled short is made up with the seeds the others have left over, from the next player on"
                )?;
            }
        } else {
            writeln!(f, "  the seeds left over stay {kept}")?;
        }
        if rounds.few > 0 {
            writeln!(
                f,
                "  a player with fewer than {} seeds fills their holes one seed each instead, in the same order, as far as their seeds go",
                rounds.few
            )?;
        }
        if let Some(mark) = rounds.closed {
            let short = if rounds.closed_short { ", and a last hole filled short," } else { "" };
            writeln!(
                f,
                "  the own holes left empty{short} are marked {} for the round",
                self.marks[usize::from(mark)].name
            )?;
        }
        let steps: Vec<String> = (rounds.shrink.iter().flatten())
            .map(|step| {
                let (num, den) = step.share;
                let columns = if step.columns == 1 {
                    "1 column".to_string()
                } else {
                    format!("{} columns", step.columns)
                };
                format!("by {columns} while the loser has less than {num}/{den} of the setup's seeds")
            })
            .collect();
        if !steps.is_empty() {
            writeln!(
                f,
                "  the board is smaller {} (the loser: the player with the fewest seeds as the round ends; the most columns that apply): every player leaves empty their holes in the columns the loser's filling order reaches last in each row",
                steps.join(", ")
            )?;
        }
        let unable = match (rounds.unable_ends, self.seats) {
            (true, _) => "ends the game, won on score as the end rules count it",
            (false, 2) => "loses the game",
            (false, _) => "drops out, the others playing on (the last player left wins)",
        };
        writeln!(f, "  a player who cannot fill a single hole {unable}")?;
        Ok(())
    }

    /// The holes a capture's seeds are put into: one, or several of which the mover chooses.
    fn holes_into_text(&self, into: IntoHoles) -> String {
        let holes: Vec<String> = into.as_slice().iter().map(|&h| self.hole_into_text(h)).collect();
        match holes.as_slice() {
            [one] => one.clone(),
            [first @ .., last] => {
                format!(
                    "{} or {last} (the mover chooses which, where they are not the same hole)",
                    first.join(", ")
                )
            }
            [] => String::new(),
        }
    }

    /// The hole a capture's seeds are put into.
    fn hole_into_text(&self, into: SowInto) -> String {
        match into {
            SowInto::Landing => "the landing hole".to_string(),
            SowInto::Origin => "the origin hole of the capturing lap".to_string(),
            SowInto::RunStart => {
                "the first hole of the occupied run ending at the landing hole (searching back to an empty hole)"
                    .to_string()
            }
            SowInto::Behind(role) => {
                format!("the mover's {} hole behind the landing hole", self.row_word(role))
            }
            SowInto::Hole { role, column } => {
                let place = match column {
                    Column::FromLeft(0) => "leftmost".to_string(),
                    Column::FromRight(0) => "rightmost".to_string(),
                    Column::FromLeft(k) => format!("{} from the left", k + 1),
                    Column::FromRight(k) => format!("{} from the right", k + 1),
                };
                format!("the mover's {place} {} hole", self.row_word(role))
            }
            SowInto::RowEnd { role, middle, far_for_north, ahead } => {
                let row = self.row_word(role);
                let end = if far_for_north { " (North: the farther end)" } else { "" };
                if ahead {
                    format!(
                        "the end of the mover's {row} row nearer the landing column{end}; from its \
                         middle {middle} holes the end the sowing was heading for, the mover's \
                         choice before any seed of the turn is sown"
                    )
                } else {
                    format!(
                        "the end of the mover's {row} row nearer the landing column{end}, the mover's \
                         choice from its middle {middle} holes"
                    )
                }
            }
        }
    }

    fn resow_text(&self, r: Resow) -> String {
        let hole = self.holes_into_text(r.into);
        let what = match (r.whole, r.with_last, r.single) {
            (true, _, _) => "that whole hole is",
            _ if r.whole_if_one => "they are (with what the hole held, where only one seed was taken)",
            (false, true, _) => "they are, with the last seed of the lap,",
            (false, false, true) => "they are, with the hole's seed if it held exactly one,",
            (false, false, false) => "they are",
        };
        let start = match (r.itself, r.into.first()) {
            (true, SowInto::RowEnd { .. }) => "inward along the row, starting with that hole",
            (false, SowInto::RowEnd { .. }) => "inward along the row, from the next hole",
            (true, _) => "starting with that hole",
            (false, _) => "from the next hole",
        };
        let way = if r.keep_way { " the way the capturing lap went" } else { "" };
        let then = if r.one_lap {
            "one lap, then the turn ends"
        } else {
            "as a lap under the lap rules (it may relay or capture again)"
        };
        format!("taken seeds are put into {hole}, and {what} sown on {start}{way}, {then}")
    }

    fn follow_up_text(&self, follow_up: &FollowUp) -> String {
        let region = |r: Region| match r.role {
            None => "the opponent's territory".to_string(),
            Some(role) => format!("the opponent's {} row", self.row_word(role)),
        };
        let condition = |c: Option<Role>| {
            c.map(|role| format!("if the opposite {} hole was taken, ", self.row_word(role)))
                .unwrap_or_default()
        };
        match follow_up {
            FollowUp::Strip { condition: c, optional, amount, region: r } => {
                let amount = match amount {
                    Amount::AsTaken => "as many seeds as were taken".to_string(),
                    Amount::Seeds(n) => format!("{n} seeds"),
                };
                let how = if *optional { "may strip" } else { "strip" };
                format!(
                    "then {}{how} {amount} from {}, one seed per decision in board order",
                    condition(*c),
                    region(*r)
                )
            }
            FollowUp::ExtraHoles { condition: c, optional, counts, region: r, except } => {
                let counts: Vec<String> = counts.iter().map(u16::to_string).collect();
                let by =
                    if counts.len() > 1 { " (by the mover's capture count, the last repeating)" } else { "" };
                let except = except
                    .map(|m| format!(", except {} holes", self.marks[usize::from(m)].name))
                    .unwrap_or_default();
                let how = if *optional { "may take" } else { "take" };
                format!(
                    "then {}{how} {} more occupied hole(s){by} from {}{except}, one hole per decision in board order",
                    condition(*c),
                    counts.join(", "),
                    region(*r)
                )
            }
        }
    }

    fn filter_text(&self, filter: &HoleFilter) -> String {
        let mut words = Vec::new();
        if let Some(state) = filter.state {
            words.push(state_word(state).to_string());
        }
        match filter.side {
            Some(Side::Own) => words.push("own".to_string()),
            Some(Side::Opponent) => words.push("opponent's".to_string()),
            None => {}
        }
        if let Some(role) = filter.role {
            words.push(self.row_word(role).to_string());
        }
        if let Some(mark) = filter.mark {
            words.push(self.marks[usize::from(mark)].name.clone());
        }
        words.push("hole".to_string());
        let words = words.join(" ");
        let article = if words.starts_with(['a', 'e', 'i', 'o', 'u']) { "an" } else { "a" };
        format!("{article} {words}")
    }

    fn action_text(&self, action: LapAction) -> String {
        match action {
            LapAction::Relay => "relay".to_string(),
            LapAction::RelayBack => "relay, turning back".to_string(),
            LapAction::RelayNext => "relay from the next hole".to_string(),
            LapAction::MayStop => "the mover may stop, or relay".to_string(),
            LapAction::MayMoveAgain => "the mover may move again, or pass the turn on".to_string(),
            LapAction::MoveAgain => "the mover moves again".to_string(),
            LapAction::MoveAgainBack => {
                "the mover moves again, that sowing going the other way from this one's".to_string()
            }
            LapAction::Stop => "stop".to_string(),
            LapAction::Capture(i) => format!("capture {}", self.captures[usize::from(i)].name),
            LapAction::ChooseCapture(k) => {
                let choice = &self.capture_choices[usize::from(k)];
                let names: Vec<String> = choice
                    .captures
                    .iter()
                    .map(|&c| format!("capture {}", self.captures[usize::from(c)].name))
                    .collect();
                let stop = if choice.stop { ", or take nothing" } else { "" };
                format!(
                    "the mover chooses: {}{stop} (among the captures that would take seeds here; one alone is made without asking)",
                    names.join(" or ")
                )
            }
            LapAction::MarkLanding(m) => {
                format!("stop, and mark the landing hole as {}", self.marks[usize::from(m)].name)
            }
            LapAction::MarkHole(h) => format!(
                "mark the {} as {}, then {}",
                if h.previous() {
                    "previous hole (the one before the landing hole along the lap)"
                } else {
                    "landing hole"
                },
                self.marks[usize::from(h.mark())].name,
                if h.relay() { "relay the landing hole" } else { "stop" }
            ),
            LapAction::MoveLanding(i) => match self.landing_moves.get(usize::from(i)) {
                Some(m) => {
                    let place = match m.column {
                        Column::FromLeft(0) => "leftmost".to_string(),
                        Column::FromRight(0) => "rightmost".to_string(),
                        Column::FromLeft(k) => format!("{} from the left", k + 1),
                        Column::FromRight(k) => format!("{} from the right", k + 1),
                    };
                    let row = self.row_word(m.role);
                    let hole = match m.opponent {
                        true => format!("the opponent's {place} {row} hole"),
                        false => format!("the {place} own {row} hole"),
                    };
                    format!(
                        "stop, and move {} from the landing hole into {hole}",
                        seed_range(m.count, m.count, "seed", "seeds")
                    )
                }
                None => format!("stop, and move seeds by move {i}"),
            },
        }
    }
}

/// `1st`, `2nd`, `3rd`, `4th`, …
pub(crate) fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// A name with its indefinite article, as a rules file writes it: `a jen`, `an end` (blind
/// test 29: "landing hole a end hole").
fn a_name(name: &str) -> String {
    let an = name.starts_with(['a', 'e', 'i', 'o', 'u', 'A', 'E', 'I', 'O', 'U']);
    format!("{} {name}", if an { "an" } else { "a" })
}

/// `the next hole`, `the hole after the next hole`, `the 3rd hole after the landing hole`,
/// `the 2nd hole before the landing hole`: a hole counted from the landing hole.
fn along_hole(steps: i16) -> String {
    match steps {
        1 => "the next hole".to_string(),
        -1 => "the previous hole".to_string(),
        2 => "the hole after the next hole".to_string(),
        n if n > 0 => format!("the {} hole after the landing hole", ordinal(n as usize)),
        n => format!("the {} hole before the landing hole", ordinal(n.unsigned_abs() as usize)),
    }
}

fn state_word(state: HoleState) -> &'static str {
    match state {
        HoleState::Empty => "empty",
        HoleState::Occupied => "occupied",
    }
}

/// `2 seeds`, `1 seed`, `2 or more seeds`, `2 to 5 seeds` (or without the noun).
/// A set of counts in words: a run as [`seed_range`] says it, else `2, 4 or 6 seeds`, `an even
/// number of seeds`, `3, 5, 7, … seeds`.
fn count_set(min: u16, max: u16, step: u16, many: &str) -> String {
    if step <= 1 {
        return seed_range(min, max, "seed", many);
    }
    match (min, max) {
        (2, u16::MAX) if step == 2 => format!("an even number of {many}"),
        (1, u16::MAX) if step == 2 => format!("an odd number of {many}"),
        (lo, u16::MAX) => format!("{lo}, {}, {}, … {many}", lo + step, lo + 2 * step),
        (lo, hi) => {
            let counts: Vec<String> = (lo..=hi).step_by(usize::from(step)).map(|c| c.to_string()).collect();
            match counts.split_last() {
                Some((last, rest)) if !rest.is_empty() => format!("{} or {last} {many}", rest.join(", ")),
                _ => format!("{lo} {many}"),
            }
        }
    }
}

fn seed_range(min: u16, max: u16, one: &str, many: &str) -> String {
    let noun = |n: u16| if n == 1 { one } else { many };
    let text = match (min, max) {
        (lo, hi) if lo == hi => format!("{lo} {}", noun(lo)),
        (lo, u16::MAX) => format!("{lo} or more {many}"),
        (lo, hi) => format!("{lo} to {hi} {many}"),
    };
    text.trim_end().to_string()
}

/// The words of a kind of end rule, as `sow show` names it.
fn end_kind_words(kind: EndKind) -> &'static str {
    match kind {
        EndKind::NoSeeds => "the rule for a player with no seeds",
        EndKind::Blocked => "the rule for a player who cannot move",
        EndKind::Repetition => "the rule for a repeated position",
        EndKind::StoreLimit => "the rule for a store's seeds",
        EndKind::CapturedWin => "the rule for a player's captures",
        EndKind::FewSeeds => "the rule for few seeds on the board",
        EndKind::EveryHolds => "the rule for what every hole holds",
        EndKind::TurnLimit => "the turn limit",
        EndKind::RowEmpty => "the rule for an empty row",
        EndKind::OneHole => "the rule for all seeds in one hole",
        EndKind::PassesDraw => "the rule for two passes in a row",
        EndKind::PassLoses => "the rule for passing",
        EndKind::EndHoles => "the rule for both end holes taken",
        EndKind::MarksEmpty => "the rule for marked holes emptied",
        EndKind::Gift => "the gift to a player with no seeds",
    }
}

/// A hole's place in its row, in words: `leftmost`, `3 from the right`.
fn column_words(column: Column) -> String {
    match column {
        Column::FromLeft(0) => "leftmost".to_string(),
        Column::FromRight(0) => "rightmost".to_string(),
        Column::FromLeft(k) => format!("{} from the left", k + 1),
        Column::FromRight(k) => format!("{} from the right", k + 1),
    }
}
