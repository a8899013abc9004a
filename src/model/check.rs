//! Whether a model is consistent: every index names something that exists, every count is
//! within the engine's limits, every construct has what it needs (stores, a shared ring).
//! The compiler never emits an inconsistent model (its checks come first, with diagnostics
//! on the file's text); this is for whoever else builds one, and a guard for the engine.

use super::*;

/// Why a model cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ModelError {
    /// The board's rows are not 2 or 4 (or 3 with the middle row shared in halves, of an even
    /// number of holes), or its columns not 1 to [`MAX_COLUMNS`], or it has more than
    /// [`MAX_HOLES`] holes.
    #[error(
        "a board of {rows} rows of {columns} holes: boards have 2, 3 or 4 rows of 1 to {MAX_COLUMNS} holes, {MAX_HOLES} holes at most"
    )]
    Board {
        /// Rows.
        rows: usize,
        /// Columns.
        columns: usize,
    },
    /// The territory names a number of rows other than half the board's.
    #[error("the territory names {named} rows, but each player owns {per_side}")]
    Territory {
        /// Rows named.
        named: usize,
        /// Rows each player owns.
        per_side: usize,
    },
    /// The setup has a count for a number of holes other than the board's.
    #[error("the setup gives {given} counts for a board of {holes} holes")]
    SetupLength {
        /// Counts given.
        given: usize,
        /// Holes on the board.
        holes: usize,
    },
    /// The setup holds no seeds (on the board and in the hands), or more than [`MAX_SEEDS`].
    #[error("the setup holds {total} seeds: a game needs 1 to {MAX_SEEDS}")]
    Seeds {
        /// Seeds in the setup.
        total: u64,
    },
    /// The circuit needs a board it does not have.
    #[error("{0}")]
    Circuit(&'static str),
    /// More kinds of mark than [`MAX_MARKS`], or a mark's start hole off the board.
    #[error("mark `{name}`: {problem}")]
    Mark {
        /// The mark.
        name: String,
        /// What is wrong.
        problem: String,
    },
    /// The phases are not openings (named) followed by the main game (unnamed, sowing).
    #[error("{0}")]
    Phases(String),
    /// A row role, mark, capture or hole that does not exist, or a construct that needs
    /// something the game lacks.
    #[error("{place}: {problem}")]
    Reference {
        /// Where: `phase 1, choice 2`, `capture "frontal"`, `the end rules`.
        place: String,
        /// What is wrong.
        problem: String,
    },
}

impl Model {
    /// The constructs of rules played lap by lap: what each needs.
    fn check_stepwise(&self) -> Result<(), ModelError> {
        let needs = |problem: &str| ModelError::Reference {
            place: "rules played lap by lap (seeds placed from the hand, captures sown from a row end, \
                    facts about the turn so far, or an empty row read between laps)"
                .to_string(),
            problem: problem.to_string(),
        };
        if self.end.row_empty_every_lap && self.end.row_empty.is_none() {
            return Err(needs("an empty row read between laps needs the row's end rule"));
        }
        for phase in &self.phases {
            if let Turn::Sow(s) = &phase.turn
                && s.place.is_some_and(|p| usize::from(p.capture) >= self.captures.len())
            {
                return Err(needs("a seed placed from the hand names a capture the rules lack"));
            }
            if let Turn::Sow(s) = &phase.turn
                && s.first_lap.chosen.is_some()
            {
                if s.first_lap.lift.is_some() || s.place.is_some() {
                    return Err(needs("a count the mover chooses is the first lap's only count"));
                }
                // Each count is a decision: a hole holding every seed of the game offers one
                // for each, within the room of a position's list of decisions.
                let total = self.setup.iter().chain(&self.hand).map(|&c| usize::from(c)).sum::<usize>();
                if total > MAX_CHOICES {
                    return Err(needs(&format!(
                        "a count the mover chooses needs a game of at most {MAX_CHOICES} seeds"
                    )));
                }
            }
        }
        Ok(())
    }

    /// Check that the model is consistent, before the engine builds its tables from it.
    pub fn check(&self) -> Result<(), ModelError> {
        let board = self.board;
        // Three rows share the middle one in halves (rows then of an even length).
        // (or is laid out in a ring every player shares: round its edge, or through each
        // player's row and half).
        let three = board.rows == 3
            && ((board.middle.is_some() && board.columns.is_multiple_of(2)) || (self.share || self.common));
        if !(2..=MAX_ROWS).contains(&board.rows)
            || !(board.rows.is_multiple_of(2) || three)
            || (board.middle.is_some() && !three)
            || !(1..=MAX_COLUMNS).contains(&board.columns)
            || board.holes() > MAX_HOLES
        {
            return Err(ModelError::Board { rows: board.rows, columns: board.columns });
        }
        if !self.share && !self.common && self.row_names.len() != board.per_side() {
            return Err(ModelError::Territory { named: self.row_names.len(), per_side: board.per_side() });
        }
        if self.setup.len() != board.holes() {
            return Err(ModelError::SetupLength { given: self.setup.len(), holes: board.holes() });
        }
        // Seeds the setup puts in the hands count too (a game may start with every seed in hand).
        let total: u64 = self.setup.iter().chain(&self.hand).map(|&c| u64::from(c)).sum();
        if total == 0 || total > u64::from(MAX_SEEDS) {
            return Err(ModelError::Seeds { total });
        }
        let c = self.circuit;
        if c.ring_role.is_some_and(|r| usize::from(r) >= board.per_side())
            || (c.ring_role.is_some() && !c.shared)
        {
            return Err(ModelError::Circuit(
                "a ring of one row role is shared and names a row of the territory",
            ));
        }
        if c.shared && c.ring_role.is_none() && !c.edge && !c.path && board.rows != 2 && board.rows != 3 {
            return Err(ModelError::Circuit("a circuit of all rows needs a board of two rows, or of three"));
        }
        if !c.shared && !(2..=3).contains(&board.per_side()) {
            return Err(ModelError::Circuit(
                "a circuit of each player's own rows needs two or three rows a player",
            ));
        }
        if let Some(role) = board.side_stores
            && (c.shared || usize::from(role) >= board.per_side() || !board.columns.is_multiple_of(2))
        {
            return Err(ModelError::Circuit(
                "side stores need each player's own circuit, a row of theirs and rows of an even number of holes",
            ));
        }
        if board.side_stores.is_some() && board.holes() + 4 > MAX_SLOTS {
            return Err(ModelError::Circuit("too many holes for side stores"));
        }
        let side_path = self.phases.iter().any(|p| matches!(&p.turn, Turn::Sow(s) if s.side_path.is_some()));
        if side_path && board.side_stores.is_none() {
            return Err(ModelError::Circuit("a lap through the side store needs side stores"));
        }
        if c.through_store && !(c.shared && board.stores) {
            return Err(ModelError::Circuit(
                "a circuit through the stores needs stores and a shared circuit",
            ));
        }
        if self.marks.len() > MAX_MARKS {
            let name = self.marks[MAX_MARKS].name.clone();
            return Err(ModelError::Mark {
                name,
                problem: format!("a game has at most {MAX_MARKS} kinds of mark"),
            });
        }
        // `skipping the chosen hole`, a path of neighbouring holes and `sown this turn` each
        // keep a kind of mark of their own, after the file's.
        let kept = [
            (self.keeps_chosen(), "`skipping the chosen hole` or `the chosen hole is …`"),
            (self.circuit.path, "a path of neighbouring holes"),
            (self.tracks_sown(), "`sown this turn`"),
        ];
        if self.marks.len() + kept.iter().filter(|k| k.0).count() > MAX_MARKS {
            let by: Vec<&str> = kept.iter().filter(|k| k.0).map(|k| k.1).collect();
            return Err(ModelError::Mark {
                name: self.marks.last().map(|m| m.name.clone()).unwrap_or_default(),
                problem: format!(
                    "a game has at most {MAX_MARKS} kinds of mark, and {} keep one each",
                    by.join(" and ")
                ),
            });
        }
        for mark in &self.marks {
            if let Some(cell) = mark.start.iter().find(|c| !board.contains(**c)) {
                let problem = format!("starts on row {} column {}, off the board", cell.row, cell.column);
                return Err(ModelError::Mark { name: mark.name.clone(), problem });
            }
        }
        for o in &self.opposites {
            let off = |cell: Cell| !board.contains(cell);
            if off(o.hole)
                || matches!(o.facing, Facing::Hole(cell) if off(cell))
                || usize::from(o.role) >= board.per_side()
                || (matches!(o.facing, Facing::SideStore(_)) && board.side_stores.is_none())
            {
                return Err(ModelError::Circuit(
                    "a table of opposite holes names holes on the board, rows of the territory and side stores the board has",
                ));
            }
        }
        self.check_phases()?;
        self.check_colours()?;
        self.check_stepwise()?;
        for (i, capture) in self.captures.iter().enumerate() {
            self.check_capture(i, capture)?;
        }
        if self.lap_limit.is_some_and(|laps| !(MIN_LAP_LIMIT..=MAX_SOWING_LAPS).contains(&laps)) {
            let problem = format!("a lap limit is {MIN_LAP_LIMIT} to {MAX_SOWING_LAPS} laps");
            return Err(self.wrong("the lap limit", problem));
        }
        let end = &self.end;
        if [end.row_empty, end.end_holes].into_iter().flatten().any(|r| usize::from(r) >= board.per_side()) {
            return Err(
                self.wrong("the end rules", "a row named by an end rule is not a row of the territory")
            );
        }
        if self.seats > 2 && board.side_stores.is_some() {
            return Err(
                self.wrong("the board", "side stores are set into rows a player owns, at a table of two")
            );
        }
        if board.stores && board.holes() + self.seats > MAX_SLOTS {
            return Err(self.wrong("the board", "too many holes for a store for each player"));
        }
        if end.repetition == Some(Ending::Wins) {
            return Err(self.wrong("the end rules", "a repeated position names no player to win"));
        }
        if end.store_limit.is_some() && !board.stores {
            return Err(self.wrong("the end rules", "a store majority needs stores"));
        }
        if self.passes_forever() {
            return Err(self.wrong(
                "the end rules",
                "a player who cannot move passes, and nothing ends a game of passes",
            ));
        }
        Ok(())
    }

    /// Holes that belong by colour: every sowing says what it does to the opponent's seeds;
    /// the constructs about colours only with them.
    fn check_colours(&self) -> Result<(), ModelError> {
        let c = self.circuit;
        for phase in &self.phases {
            let Turn::Sow(sowing) = &phase.turn else { continue };
            let rearmost = sowing.choices.iter().any(|ch| ch.holes == HoleSet::Rearmost);
            let coloured = rearmost || sowing.overrun.is_some() || sowing.lone.is_some();
            if coloured && !self.colours {
                return Err(self.wrong(
                    "the sowing",
                    "the rearmost hole, an overrun or a lone seed's move needs holes that belong by colour",
                ));
            }
            if (sowing.leave_turned || sowing.turned_once) && sowing.turnings.is_empty() {
                return Err(self.wrong("the sowing", "a rule on turned laps needs a lap that may be turned"));
            }
            if let Some(m) = sowing.skip {
                let marked_in_play =
                    self.phases.iter().any(|p| matches!(p.turn, Turn::Mark { mark, .. } if mark == m));
                if usize::from(m) >= self.marks.len() || marked_in_play || sowing.first_hole.is_some() {
                    return Err(self.wrong(
                        "the sowing",
                        "holes skipped by a sowing are those its mark lists from the start (no turn may mark more), and its first lap sows one seed a hole",
                    ));
                }
            }
            if let Some(h) = sowing.heavy
                && (h.lift == 0
                    || h.lift > h.more_than
                    || [Some(h.mark), h.spent]
                        .into_iter()
                        .flatten()
                        .any(|m| usize::from(m) >= self.marks.len()))
            {
                return Err(self.wrong(
                    "the sowing",
                    "a heavy hole names marks the game has and lifts at least 1 seed, at most as many as make it heavy",
                ));
            }
            if sowing.first_hole == Some(0) || sowing.empty_hole == Some(0) || sowing.each_hole == Some(0) {
                return Err(self.wrong("the sowing", "the first hole of a lap receives at least one seed"));
            }
            if let Some(lone) = sowing.lone {
                let marks = [
                    lone.on_mark,
                    match lone.to {
                        LoneTo::NextMarked(m) | LoneTo::FirstHeld(Some(m)) => Some(m),
                        LoneTo::Steps(_) | LoneTo::FirstHeld(None) => None,
                    },
                ];
                if marks.into_iter().flatten().any(|m| usize::from(m) >= self.marks.len()) {
                    return Err(self.wrong("a lone seed's move", "names a mark the game does not have"));
                }
            }
            if self.colours && sowing.overrun.is_none() {
                return Err(self.wrong(
                    "the sowing",
                    "where holes belong by colour, a sowing says what it does to the opponent's seeds",
                ));
            }
        }
        if c.ring_role.is_some() && !self.colours {
            return Err(
                self.wrong("the circuit", "a ring through one row role needs holes that belong by colour")
            );
        }
        Ok(())
    }

    fn wrong(&self, place: impl Into<String>, problem: impl Into<String>) -> ModelError {
        ModelError::Reference { place: place.into(), problem: problem.into() }
    }

    fn role_ok(&self, role: Role) -> bool {
        usize::from(role) < self.row_names.len()
    }

    /// Whether the opposite holes of row `role` are known: a row of the territory, or where
    /// rows have no names (every hole everyone's, or the circuit in equal parts), row 0, the
    /// hole across the board in the same column.
    fn facing_ok(&self, role: Role) -> bool {
        self.role_ok(role) || (role == 0 && self.row_names.is_empty())
    }

    fn mark_ok(&self, mark: MarkId) -> bool {
        usize::from(mark) < self.marks.len()
    }

    fn check_phases(&self) -> Result<(), ModelError> {
        let Some((main, openings)) = self.phases.split_last() else {
            return Err(ModelError::Phases("a game needs a main phase".into()));
        };
        if main.name.is_some() || !matches!(main.turn, Turn::Sow(_)) {
            return Err(ModelError::Phases(
                "the last phase must be the main game: unnamed, and sowing".into(),
            ));
        }
        if let Some(i) = openings.iter().position(|p| p.name.is_none()) {
            return Err(ModelError::Phases(format!("opening {} has no name", i + 1)));
        }
        for (i, phase) in self.phases.iter().enumerate() {
            let place = |what: String| format!("phase {}{what}", i + 1);
            let main_phase = i + 1 == self.phases.len();
            if main_phase && (phase.pass.is_some() || phase.ends_on_passes || !phase.ends_when.is_empty()) {
                return Err(self.wrong(
                    place(String::new()),
                    "the main game has no passes nor ends of an opening (its passes are the end rules')",
                ));
            }
            if main_phase && (phase.ends_at_capture.is_some() || phase.blocked_loses) {
                return Err(self.wrong(
                    place(String::new()),
                    "the main game has no ends of an opening (a blocked player is the end rules')",
                ));
            }
            if phase.ends_at_capture.is_some()
                && !(matches!(phase.turn, Turn::Sow(_))
                    && self.phases.get(i + 1).is_some_and(|p| matches!(p.turn, Turn::Sow(_))))
            {
                return Err(self.wrong(
                    place(String::new()),
                    "it ends at a capture, but it or the phase after it is no sowing",
                ));
            }
            if phase.ends_on_passes && phase.pass.is_none() {
                return Err(
                    self.wrong(place(String::new()), "it ends on two passes, but no one may pass in it")
                );
            }
            for fact in phase.pass.iter().flatten().chain(&phase.ends_when) {
                self.check_side_fact(&place(String::new()), fact)?;
            }
            match &phase.turn {
                Turn::Sow(sowing) => {
                    if sowing.choices.is_empty() && sowing.hand_sow.is_none() {
                        return Err(self.wrong(place(String::new()), "no choice rule"));
                    }
                    for (k, choice) in sowing.choices.iter().enumerate() {
                        let place = place(format!(", choice {}", k + 1));
                        self.check_choice(&place, choice, sowing.place.is_some())?;
                    }
                    for (k, rule) in sowing.lap_rules.iter().enumerate() {
                        let place = place(format!(", lap rule {}", k + 1));
                        self.check_lap_rule(&place, rule)?;
                    }
                    self.check_action(&place(", otherwise".into()), sowing.otherwise)?;
                    for (k, t) in sowing.turnings.iter().enumerate() {
                        let place = place(format!(", turning line {}", k + 1));
                        self.check_choice(&place, &t.choice, false)?;
                        if self.circuit.chosen != Chosen::Never || t.direction == self.circuit.direction {
                            return Err(self.wrong(
                                place,
                                "a lap may be turned only the other way than the circuit's, which players do not choose",
                            ));
                        }
                        if let Some(TurnCondition::Lands(rule)) = &t.condition {
                            self.check_lap_rule(&place, rule)?;
                        }
                    }
                }
                Turn::Take { capture } => match self.captures.get(usize::from(*capture)) {
                    Some(c) if c.take.is_empty() && !c.follow_ups.is_empty() => {}
                    Some(_) => {
                        return Err(self.wrong(
                            place(String::new()),
                            "a turn of taking names a capture that takes at once, or chooses nothing",
                        ));
                    }
                    None => {
                        return Err(self.wrong(place(String::new()), format!("no capture number {capture}")));
                    }
                },
                Turn::Transfer(ways) => {
                    if ways.is_empty() {
                        return Err(self.wrong(place(String::new()), "a turn that moves seeds in no way"));
                    }
                    for way in ways {
                        if way.count == Some(0) {
                            return Err(self.wrong(place(String::new()), "a turn that moves no seeds"));
                        }
                        if let Some((lo, hi)) = way.holds
                            && (lo > hi || hi == 0)
                        {
                            return Err(
                                self.wrong(place(String::new()), "a turn that moves seeds from no hole")
                            );
                        }
                        self.check_filter(&place(String::new()), &way.from)?;
                        self.check_filter(&place(String::new()), &way.to)?;
                    }
                }
                Turn::Empty { hole, .. } => self.check_filter(&place(String::new()), hole)?,
                Turn::Mark { hole, mark } => {
                    self.check_filter(&place(String::new()), hole)?;
                    if !self.mark_ok(*mark) {
                        return Err(self.wrong(place(String::new()), format!("no mark number {mark}")));
                    }
                }
            }
        }
        Ok(())
    }

    /// A choice description; with `placing`, of holes a seed from the hand goes into, which
    /// may be empty.
    fn check_choice(&self, place: &str, choice: &Choice, placing: bool) -> Result<(), ModelError> {
        if (choice.min == 0 && !placing) || choice.min > choice.max {
            return Err(self.wrong(
                place,
                format!("{} to {} seeds: a chosen hole holds at least 1", choice.min, choice.max),
            ));
        }
        if matches!(choice.except.first(), Some(HoleSet::Territory)) {
            return Err(self.wrong(place, "a description that leaves out every hole"));
        }
        std::iter::once(choice.holes)
            .chain(choice.except.iter().copied())
            .try_for_each(|holes| self.check_holes(place, holes))
    }

    fn check_side_fact(&self, place: &str, fact: &SideFact) -> Result<(), ModelError> {
        match *fact {
            SideFact::Most { role, column } => self.check_holes(place, HoleSet::One { role, column }),
            SideFact::Every { holes, min, max, .. } | SideFact::AtMost { holes, min, max, .. } => {
                if min > max {
                    return Err(self.wrong(place, format!("no count is at least {min} and at most {max}")));
                }
                self.check_holes(place, holes)
            }
            SideFact::NotMoreThanLeft | SideFact::OpponentCaptured(_) => Ok(()),
        }
    }

    fn check_holes(&self, place: &str, holes: HoleSet) -> Result<(), ModelError> {
        match holes {
            HoleSet::Territory => Ok(()),
            HoleSet::Row(role) | HoleSet::One { role, .. } if !self.role_ok(role) => {
                Err(self.wrong(place, format!("no row number {role}")))
            }
            HoleSet::One { column, .. } if column.from_left(self.board.columns).is_none() => {
                Err(self.wrong(place, format!("{column:?} is off a row of {} holes", self.board.columns)))
            }
            HoleSet::Marked(mark) | HoleSet::AfterMark { mark, .. } if !self.mark_ok(mark) => {
                Err(self.wrong(place, format!("no mark number {mark}")))
            }
            _ => Ok(()),
        }
    }

    fn check_filter(&self, place: &str, filter: &HoleFilter) -> Result<(), ModelError> {
        if filter.role.is_some_and(|r| !self.role_ok(r)) || filter.mark.is_some_and(|m| !self.mark_ok(m)) {
            return Err(self.wrong(place, "a hole description names a row or mark that does not exist"));
        }
        Ok(())
    }

    fn check_lap_rule(&self, place: &str, rule: &LapRule) -> Result<(), ModelError> {
        if rule.store && !self.board.stores {
            return Err(self.wrong(place, "a rule about landing in the store needs stores"));
        }
        if rule.role.is_some_and(|r| !self.role_ok(r)) || rule.mark.is_some_and(|m| !self.mark_ok(m)) {
            return Err(self.wrong(place, "the landing hole's row or mark does not exist"));
        }
        for fact in rule.facts.iter().chain(rule.either.iter().flatten().map(|(_, f)| f)) {
            match *fact {
                Fact::Opposite(role, _)
                | Fact::OppositeHolds(role, ..)
                | Fact::OppositeSide(role, _)
                | Fact::OppositeMarked(role, _)
                | Fact::Stepped(CountAt::Opposite(role), ..)
                    if !self.facing_ok(role) =>
                {
                    return Err(self.wrong(place, format!("no row number {role}")));
                }
                Fact::Row(_, role, _)
                | Fact::RowMarked(_, role, ..)
                | Fact::Column(role, _)
                | Fact::ColumnHolds(role, ..)
                | Fact::Stepped(CountAt::Column(role), ..)
                    if !self.role_ok(role) =>
                {
                    return Err(self.wrong(place, format!("no row number {role}")));
                }
                Fact::AlongMarked(_, m) | Fact::RowMarked(_, _, m, _) if !self.mark_ok(m) => {
                    return Err(self.wrong(place, format!("no mark number {m}")));
                }
                Fact::Along(steps, ..) | Fact::AlongMarked(steps, _)
                    if (steps == 0 && !matches!(fact, Fact::AlongMarked(..))) || steps.abs() > MAX_ALONG =>
                {
                    return Err(
                        self.wrong(place, format!("a hole counted {steps} holes from the landing hole"))
                    );
                }
                Fact::Origin(min, max)
                | Fact::Holds(min, max)
                | Fact::OppositeHolds(_, min, max)
                | Fact::ColumnHolds(_, min, max)
                | Fact::Along(_, min, max)
                    if min > max =>
                {
                    return Err(self.wrong(place, format!("no count is {min} to {max}")));
                }
                _ => {}
            }
        }
        self.check_action(place, rule.action)
    }

    fn check_action(&self, place: &str, action: LapAction) -> Result<(), ModelError> {
        match action {
            LapAction::Capture(i) if usize::from(i) >= self.captures.len() => {
                Err(self.wrong(place, format!("no capture number {i}")))
            }
            LapAction::MoveLanding(i) => match self.landing_moves.get(usize::from(i)) {
                None => Err(self.wrong(place, format!("no move of seeds number {i}"))),
                Some(m) if !self.role_ok(m.role) || m.column.from_left(self.board.columns).is_none() => {
                    Err(self.wrong(place, "seeds are moved into a hole off the board"))
                }
                Some(_) => Ok(()),
            },
            _ => Ok(()),
        }
    }

    fn check_capture(&self, i: usize, capture: &Capture) -> Result<(), ModelError> {
        let place = format!("capture {} \"{}\"", i + 1, capture.name);
        if capture.destination.in_store() && !self.board.stores {
            return Err(self.wrong(place, "taken seeds go to a store, but the board has none"));
        }
        if capture.each == Some(0) && !capture.claims_taken() {
            return Err(
                self.wrong(place, "it takes 0 seeds from each hole, and neither claims nor marks them")
            );
        }
        let into = match capture.destination {
            Destination::Put(into) | Destination::Sow(Resow { into, .. }) => into.as_slice().to_vec(),
            _ => Vec::new(),
        };
        for hole in &into {
            if let SowInto::Hole { role, column } = *hole
                && (!self.role_ok(role) || column.from_left(self.board.columns).is_none())
            {
                return Err(self.wrong(place, "taken seeds go into a hole that is not on the board"));
            }
            if let SowInto::Behind(role) = *hole
                && !self.role_ok(role)
            {
                return Err(self.wrong(place, format!("no row number {role}")));
            }
        }
        if into.len() > 1 && into.iter().any(|h| matches!(h, SowInto::RowEnd { .. })) {
            return Err(
                self.wrong(place, "taken seeds go to a row end or a hole of the mover's choice at once")
            );
        }
        for target in &capture.take {
            match *target {
                Target::Opposite(role) | Target::OppositeAlong(role, _) if !self.facing_ok(role) => {
                    return Err(self.wrong(place, format!("no row number {role}")));
                }
                Target::Column(role) | Target::ColumnAlong(role, _) if !self.role_ok(role) => {
                    return Err(self.wrong(place, format!("no row number {role}")));
                }
                Target::HolesBefore(_, min, max, _)
                | Target::HolesAfter(_, min, max, _)
                | Target::Every(_, min, max, _)
                | Target::EverySown(_, min, max, _)
                    if min > max =>
                {
                    return Err(self.wrong(place, format!("no count is {min} to {max}")));
                }
                _ => {}
            }
        }
        for f in &capture.follow_ups {
            let bad_role = [f.region().role, f.condition()].into_iter().flatten().any(|r| !self.role_ok(r));
            if bad_role || f.except().is_some_and(|m| !self.mark_ok(m)) {
                return Err(self.wrong(place, "a follow-up names a row or mark that does not exist"));
            }
            if let FollowUp::ExtraHoles { counts, .. } = f
                && counts.is_empty()
            {
                return Err(self.wrong(place, "a follow-up that takes no holes"));
            }
        }
        Ok(())
    }
}
