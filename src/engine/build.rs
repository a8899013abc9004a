//! [`Rules::new`]: the engine's tables from a checked [`Model`].
//!
//! The engine stores the holes in the order of South's circuit then North's (or of the one
//! shared ring), so that a lap of an own-rows circuit is a run of consecutive slots; the
//! stores come after the holes.

use super::rules::*;
use super::sowing::Ring;
use crate::model::{self, Cell, HoleSet, Model, ModelError, Turn};

impl Rules {
    /// Build the engine's tables from a model, after checking that it is consistent.
    pub fn new(model: Model) -> Result<Rules, ModelError> {
        model.check()?;
        Ok(build(model))
    }

    /// The rules built with every sowing played lap by lap, seed by seed, the lap rules read
    /// from the model where each lap ends: no lap table, no fast path. What the fast paths of
    /// [`Rules::new`] must agree with, decision by decision.
    pub fn general(model: Model) -> Result<Rules, ModelError> {
        model.check()?;
        let mut rules = build(model);
        rules.stepwise = true;
        rules.flags.interpreted = true;
        Ok(rules)
    }
}

/// Where the holes are stored: the slot of each board cell and back, the stores, and each
/// player's circuit in slots.
struct Layout {
    slot_of: Vec<Hole>,
    board_of: Vec<u16>,
    store: Option<ByPlayer<Hole>>,
    circuit: ByPlayer<Vec<Hole>>,
}

/// Store the holes circuit by circuit (South's, then North's, or the one shared ring), so
/// that a lap of an own-rows circuit is a run of consecutive slots; the stores after them.
fn layout(model: &Model) -> Layout {
    let (board, c) = (model.board, model.circuit);
    let holes = board.holes();
    if c.path {
        // No ring: the holes in board order, and a ring through them in that order, which
        // only the tables built for rings read (no seed is sown along it).
        let slot_of: Vec<Hole> = (0..holes).map(|i| Hole(i as u8)).collect();
        let board_of: Vec<u16> = (0..holes).map(|i| i as u16).collect();
        let store = stores(model);
        let ring = slot_of.clone();
        return Layout {
            slot_of,
            board_of,
            store,
            circuit: ByPlayer::for_seats(model.seats, |_| ring.clone()),
        };
    }
    if c.shared && (c.ring_role.is_some() || c.edge) {
        return ring_layout(model);
    }
    let board_circuit = if c.shared {
        let mut ring = board.all_rows_ring(c.direction);
        start_at_part(model, &mut ring);
        ByPlayer::pair(ring, Vec::new())
    } else {
        ByPlayer::for_seats(model.seats, |player| board.own_rows_ring(player, c.direction))
    };
    let mut slot_of = vec![Hole(0); holes];
    let mut board_of = vec![0u16; holes];
    for (slot, &cell) in board_circuit[Player::South].iter().chain(&board_circuit[Player::North]).enumerate()
    {
        slot_of[board.index(cell)] = Hole(slot as u8);
        board_of[slot] = board.index(cell) as u16;
    }
    let store = stores(model);
    let circuit: ByPlayer<Vec<Hole>> = if c.shared {
        // The shared ring in slots (a ring through the stores is made once the holes' owners
        // are known: see `through_stores`).
        let ring: Vec<Hole> = (0..holes).map(|i| Hole(i as u8)).collect();
        ByPlayer::for_seats(model.seats, |_| ring.clone())
    } else {
        board_circuit.map(|ring| ring.into_iter().map(|cell| slot_of[board.index(cell)]).collect::<Vec<_>>())
    };
    Layout { slot_of, board_of, store, circuit }
}

/// A shared ring laid out from where a player's part begins, where the parts begin elsewhere
/// than the ring does (the halves of a board), so that each part is one run of slots.
fn start_at_part(model: &Model, ring: &mut [Cell]) {
    if !model.share || model.share_from == 0 {
        return;
    }
    let parts = model.share_parts();
    let seat_of = |cell: &Cell| parts.iter().position(|part| part.contains(cell));
    let n = ring.len();
    if let Some(start) = (0..n).find(|&i| seat_of(&ring[(i + n - 1) % n]) != seat_of(&ring[i])) {
        ring.rotate_left(start);
    }
}

/// Each player's store, where the board has stores: the slots after the holes, in seat order.
fn stores(model: &Model) -> Option<ByPlayer<Hole>> {
    let holes = model.board.holes();
    model.board.stores.then(|| ByPlayer::for_seats(model.seats, |p| Hole((holes + p.index()) as u8)))
}

/// Each player's ring through their store, where a shared ring passes through the mover's
/// store: the ring from the first hole of the player's run of holes along it (the hole after
/// one that is not theirs), the store after the last hole of that run, then the rest.
fn through_stores(ring: &[Hole], store: &ByPlayer<Hole>, hole_owner: &[Player], player: Player) -> Vec<Hole> {
    let n = ring.len();
    let own = |k: usize| hole_owner[ring[k % n].index()] == player;
    let Some(first) = (0..n).find(|&k| own(k) && !own(k + n - 1)) else { return ring.to_vec() };
    let run = (first..first + n).take_while(|&k| own(k)).count();
    let mut out: Vec<Hole> = (first..first + run).map(|k| ring[k % n]).collect();
    out.push(store[player]);
    out.extend((first + run..first + n).map(|k| ring[k % n]));
    out
}

/// Where a ring through the mover's store is sown against its direction: for each slot of
/// `player`'s ring, the slot after it that way, the store after the last hole of the player's
/// run of holes going that way (its first hole going the usual way): the run backwards, the
/// store, then the rest backwards. `u8::MAX` off the ring.
fn back_through_store(
    ring: &[Hole],
    store: &ByPlayer<Hole>,
    hole_owner: &[Player],
    player: Player,
    slots: usize,
) -> Vec<Hole> {
    let forward = through_stores(ring, store, hole_owner, player);
    let mut order: Vec<Hole> = match forward.iter().position(|&h| h == store[player]) {
        Some(at) => {
            let (run, rest) = (&forward[..at], &forward[at + 1..]);
            run.iter().rev().copied().chain([store[player]]).chain(rest.iter().rev().copied()).collect()
        }
        None => forward.iter().rev().copied().collect(),
    };
    let mut after = vec![Hole(u8::MAX); slots];
    order.push(order[0]);
    for pair in order.windows(2) {
        after[pair[0].index()] = pair[1];
    }
    after
}

/// The layout of a ring through both players' rows of one role: South's other rows, then the
/// ring (South's half, then North's), then North's other rows, so that each territory and the
/// ring are each a run of slots; the stores after the holes.
///
/// Where the players share the ring by equal parts, the ring comes first and the holes off it
/// after, so that each player's part is a run of slots (the holes off the ring are the last
/// player's: see [`owners`]).
fn ring_layout(model: &Model) -> Layout {
    let board = model.board;
    let holes = board.holes();
    let mut ring = model.shared_ring();
    start_at_part(model, &mut ring);
    let others = |player: Player| -> Vec<Cell> {
        (0..board.per_side())
            .flat_map(|r| board.role_cells(player, r))
            .filter(|cell| !ring.contains(cell))
            .collect()
    };
    let (south, north) = (others(Player::South), others(Player::North));
    let mut slot_of = vec![Hole(0); holes];
    let mut board_of = vec![0u16; holes];
    let order: Vec<&Cell> = if model.share {
        ring.iter().chain(&south).chain(&north).collect()
    } else {
        south.iter().chain(&ring).chain(&north).collect()
    };
    for (slot, &&cell) in order.iter().enumerate() {
        slot_of[board.index(cell)] = Hole(slot as u8);
        board_of[slot] = board.index(cell) as u16;
    }
    let store = stores(model);
    let first = if model.share { 0 } else { south.len() };
    let ring: Vec<Hole> = (first..first + ring.len()).map(|i| Hole(i as u8)).collect();
    Layout { slot_of, board_of, store, circuit: ByPlayer::for_seats(model.seats, |_| ring.clone()) }
}

/// Whose each slot is, its row role and column; and each player's holes by role, in order
/// and by column.
struct Owners {
    hole_owner: Vec<Player>,
    hole_role: Vec<Role>,
    hole_column: Vec<u8>,
    role_hole: ByPlayer<Vec<Vec<Hole>>>,
    column_hole: ByPlayer<Vec<Vec<Option<Hole>>>>,
}

fn owners(model: &Model, slot_of: &[Hole], layout: &Layout, slots: usize) -> Owners {
    let (board, store) = (model.board, layout.store);
    let at = |cell: Cell| slot_of[board.index(cell)];
    let mut hole_owner = vec![model.first_player(); slots];
    let mut hole_role = vec![0 as Role; slots];
    let mut hole_column = vec![0u8; slots];
    // The board's two sides: South's rows and North's, each from its seat (of a middle row
    // shared in halves, each side's half).
    let side_cells = ByPlayer::new_with(|side| {
        (0..board.per_side()).map(|role| board.role_cells(side, role)).collect::<Vec<_>>()
    });
    let sides = side_cells.clone().map(|rows| {
        rows.into_iter().map(|row| row.into_iter().map(at).collect::<Vec<_>>()).collect::<Vec<_>>()
    });
    for side in Player::BOTH {
        for (role, row) in side_cells[side].iter().enumerate() {
            for &cell in row {
                let h = at(cell);
                hole_owner[h.index()] = side;
                hole_role[h.index()] = role as Role;
                hole_column[h.index()] = cell.column;
            }
        }
    }
    // Each side's hole of a row in a column, if the side owns one there.
    let column_sides = side_cells.map(|rows| {
        rows.iter()
            .map(|row| {
                let mut by_column = vec![None; board.columns];
                for &cell in row {
                    by_column[usize::from(cell.column)] = Some(at(cell));
                }
                by_column
            })
            .collect::<Vec<_>>()
    });
    if let Some(store) = store {
        for player in model.players() {
            hole_owner[store[player].index()] = player;
            hole_role[store[player].index()] = Role::MAX;
        }
    }
    // At a table of more than two no one owns a side: each reads the board from South's seat
    // (the holes are theirs by the colour of the seeds, from their part of the circuit).
    let side_of = |p: Player| if model.seats == 2 { p } else { Player::South };
    let role_hole = ByPlayer::for_seats(model.seats, |p| sides[side_of(p)].clone());
    let column_hole = ByPlayer::for_seats(model.seats, |p| column_sides[side_of(p)].clone());
    if model.share {
        // Equal parts of the shared ring, from its first hole; the holes off it the last
        // player's (they hold no seeds).
        // Laid round the board anticlockwise from its first hole, in the seats' order, whichever
        // way the circuit runs.
        for (seat, part) in model.share_parts().iter().enumerate() {
            for &cell in part {
                hole_owner[slot_of[board.index(cell)].index()] = Player::at(seat, model.seats);
            }
        }
        let ring = model.ring_towards(model::Direction::Anticlockwise);
        // The holes off the ring (after it in slot order) go with the part in the ring's last
        // slot, so that every territory is one run of slots.
        let last = hole_owner[ring.len() - 1];
        for h in slot_of {
            if h.index() >= ring.len() {
                hole_owner[h.index()] = last;
            }
        }
    }
    Owners { hole_owner, hole_role, hole_column, role_hole, column_hole }
}

/// The phases' rules, with the holes of each choice description in slots (the rings are
/// attached once the rest of the rules exist).
fn phase_rules(model: &Model, slot_of: &[Hole], territory: &ByPlayer<Vec<Hole>>) -> Vec<PhaseRules> {
    let choice = |c: &model::Choice| engine_choice(model, slot_of, territory, c);
    (model.phases.iter())
        .map(|phase| {
            let turn = match &phase.turn {
                Turn::Sow(sowing) => TurnKind::Sow(SowRules {
                    choices: sowing.choices.iter().map(choice).collect(),
                    direction: sowing.direction,
                    // The rules read where a lap ends; those read as its seeds fall apart.
                    lap_rules: sowing.lap_rules.iter().filter(|r| r.at_lap_end()).cloned().collect(),
                    lap_otherwise: sowing.otherwise,
                    reach: sowing.reached_rows(),
                    must_feed: sowing.must_feed,
                    no_undo: sowing.no_undo,
                    no_wipe: sowing.no_wipe,
                    overrun: sowing.overrun,
                    lone: sowing.lone,
                    whole_move: sowing.whole_move.as_ref().map(|w| (w.not_again, choice(&w.from))),
                    first_lap: sowing.first_lap,
                    first_hole: sowing.first_hole,
                    empty_hole: sowing.empty_hole.or(sowing.each_hole).unwrap_or(1),
                    each_hole: sowing.each_hole.unwrap_or(1),
                    skip_in_play: sowing
                        .skip
                        .filter(|&m| model.mark_set_in_play(m) || sowing.skip_when.is_some()),
                    skip_side: sowing.skip_side,
                    skip_when: sowing.skip_when,
                    skip_count: sowing.skip_count,
                    every_lap_itself: sowing.every_lap_itself,
                    passing: sowing.lap_rules.iter().filter(|r| r.in_passing()).cloned().collect(),
                    at_end: sowing.lap_rules.iter().filter(|r| r.at_sowing_end()).cloned().collect(),
                    at_start: sowing.lap_rules.iter().filter(|r| r.at_lap_start()).cloned().collect(),
                    leave_turned: sowing.leave_turned,
                    turned_once: sowing.turned_once,
                    hand_entry: sowing.hand_entry,
                    hand_sow: sowing.hand_sow,
                    special_first: !sowing.turnings.is_empty()
                        || sowing.first_hole.is_some()
                        || !sowing.first_lap.is_plain(),
                    extra_moves: !sowing.turnings.is_empty()
                        || sowing.hand_entry
                        || sowing.hand_sow.is_some()
                        || sowing.must_feed.is_some()
                        || sowing.no_undo
                        || sowing.no_wipe,
                    place: sowing.place,
                    heavy: sowing.heavy,
                    exit_start: sowing.exit_start,
                    exit_relay: sowing.exit_relay,
                    side_path: sowing.side_path,
                    prefer: sowing.prefer.clone(),
                    block: sowing.block.clone(),
                    turnings: (sowing.turnings.iter())
                        .map(|t| TurnRule {
                            choice: choice(&t.choice),
                            direction: t.direction,
                            // The condition, with its rings, is attached with the phase's.
                            condition: TurnCheck::Always,
                            whole: t.judged_whole,
                            lands: match &t.condition {
                                Some(model::TurnCondition::Lands(rule)) => Some(rule.clone()),
                                _ => None,
                            },
                        })
                        .collect(),
                    rings: ByPlayer::default(),
                }),
                Turn::Take { capture } => TurnKind::Take { capture: *capture },
                Turn::Transfer(ways) => TurnKind::Transfer(ways.clone()),
                Turn::Mark { hole, mark } => TurnKind::Mark { hole: *hole, mark: *mark },
                Turn::Empty { hole, to_hand } => TurnKind::Empty { hole: *hole, to_hand: *to_hand },
            };
            PhaseRules { name: phase.name.clone(), lasts: phase.lasts, turn }
        })
        .collect()
}

/// A description of an opponent's holes (`opponent's hole …`) keeps those on the mover's
/// circuit only: a lap of the mover's starts nowhere else (a circuit of some rows passes the
/// others by).
fn keep_on_circuit(choice: &mut Choice, circuit_pos: &ByPlayer<Vec<u8>>, seats: usize) {
    for alt in &mut choice.either {
        keep_on_circuit(alt, circuit_pos, seats);
    }
    for p in (0..seats).map(|i| Player::at(i, seats)) {
        if choice.rule.theirs {
            choice.holes[p].retain(|h| circuit_pos[p][h.index()] != u8::MAX);
        } else if !choice.either.is_empty() {
            // Descriptions joined with `or`: the holes of one of them.
            let either = &choice.either;
            choice.holes[p].retain(|h| either.iter().any(|alt| alt.holes[p].contains(h)));
        }
    }
}

/// A choice description with its holes in slots, and the description it names (`, if there
/// is no …`) likewise. Descriptions joined with `or` make one that holds each of them
/// (`Choice::either`) and fits a hole where one of them does; it asks nothing itself but
/// that, among the tests its `plain` flag leaves to [`Rules::fits`]'s rare ones.
fn engine_choice(
    model: &Model,
    slot_of: &[Hole],
    territory: &ByPlayer<Vec<Hole>>,
    c: &model::Choice,
) -> Choice {
    if c.either.is_empty() {
        return one_choice(model, slot_of, territory, c);
    }
    let first = model::Choice { either: Vec::new(), ..c.clone() };
    let either: Vec<Choice> = std::iter::once(&first)
        .chain(&c.either)
        .map(|alt| one_choice(model, slot_of, territory, alt))
        .collect();
    let holes = ByPlayer::for_seats(model.seats, |p| {
        let mut holes: Vec<Hole> = either.iter().flat_map(|alt| alt.holes[p].iter().copied()).collect();
        holes.sort_by_key(|h| slot_of.iter().position(|s| s == h));
        holes.dedup();
        holes
    });
    let texts: Vec<&str> = std::iter::once(&first).chain(&c.either).map(|alt| alt.text.as_str()).collect();
    let rule = model::Choice {
        holes: HoleSet::Territory,
        min: either.iter().map(|alt| alt.rule.min).min().unwrap_or(1),
        max: either.iter().map(|alt| alt.rule.max).max().unwrap_or(u16::MAX),
        next: None,
        previous: None,
        except: Vec::new(),
        most: false,
        furthest: false,
        opposite: None,
        captures: false,
        facing: false,
        lands_in: None,
        lap_ends: None,
        reaches: None,
        none_fits: None,
        none_theirs: false,
        theirs: false,
        only: None,
        either: c.either.clone(),
        text: texts.join(" or "),
    };
    Choice {
        holes,
        left_out: ByPlayer::for_seats(model.seats, |_| Vec::new()),
        mark: None,
        except_marks: Vec::new(),
        after_mark: None,
        counts_only: false,
        plain: false,
        rule,
        none_fits: None,
        either,
    }
}

/// [`engine_choice`] of a description without `or`.
fn one_choice(model: &Model, slot_of: &[Hole], territory: &ByPlayer<Vec<Hole>>, c: &model::Choice) -> Choice {
    let cells = |holes: HoleSet, player: Player| -> Vec<Hole> {
        match model.choice_cells(holes, player) {
            Some(cells) => cells.into_iter().map(|cell| slot_of[model.board.index(cell)]).collect(),
            None => territory[player].clone(),
        }
    };
    // Holes left out by position or row go at once; marked ones as play goes. The holes are
    // read from their owner's seat: the mover's, or for a description of an opponent's holes,
    // each other player's.
    let owners = |player: Player| -> Vec<Player> {
        match c.theirs {
            false => vec![player],
            true => model.players().filter(|&q| q != player).collect(),
        }
    };
    let left_out = ByPlayer::for_seats(model.seats, |player| {
        (owners(player).into_iter())
            .flat_map(|owner| {
                (c.except.iter())
                    .filter(|e| !matches!(e, HoleSet::Marked(_)))
                    .flat_map(move |&e| cells(e, owner))
            })
            .collect::<Vec<Hole>>()
    });
    let holes = ByPlayer::for_seats(model.seats, |player| {
        // A description of one player's fits no hole of the others.
        if c.only.is_some_and(|only| only != player) {
            return Vec::new();
        }
        let mut holes: Vec<Hole> = (owners(player).into_iter())
            .flat_map(|owner| cells(c.holes, owner))
            .filter(|h| !left_out[player].contains(h))
            .collect();
        holes.sort_by_key(|h| slot_of.iter().position(|s| s == h));
        holes.dedup();
        holes
    });
    let mark = match c.holes {
        HoleSet::Marked(m) => Some(m),
        _ => None,
    };
    // Every mark left out, not only the first (blind test 13, fault 1).
    let except_marks: Vec<MarkId> = (c.except.iter())
        .filter_map(|e| match e {
            HoleSet::Marked(m) => Some(*m),
            _ => None,
        })
        .collect();
    let after_mark = match c.holes {
        HoleSet::AfterMark { mark, steps } => Some((mark, steps)),
        _ => None,
    };
    let none_fits = c.none_fits.as_ref().map(|o| Box::new(engine_choice(model, slot_of, territory, o)));
    // Read from the counts and the holes' places alone, or the counts alone.
    let plain = mark.is_none()
        && except_marks.is_empty()
        && after_mark.is_none()
        && !c.most
        && !c.furthest
        && c.opposite.is_none()
        && !c.captures
        && c.lands_in.is_none()
        && c.lap_ends.is_none()
        && c.reaches.is_none()
        && none_fits.is_none();
    let counts_only = plain && c.next.is_none() && c.previous.is_none();
    Choice {
        holes,
        left_out,
        mark,
        except_marks,
        after_mark,
        counts_only,
        plain,
        rule: c.clone(),
        none_fits,
        either: Vec::new(),
    }
}

/// For each mover and slot, what stands opposite it in each of the opponent's rows: the
/// opponent's hole of that row in its column, or what the rules' table gives in its place for
/// a hole's owner.
fn opposite_table(
    model: &Model,
    slot_of: &[Hole],
    hole_column: &[u8],
    column_hole: &ByPlayer<Vec<Vec<Option<Hole>>>>,
    side_store: Option<ByPlayer<Hole>>,
    slots: usize,
) -> ByPlayer<Vec<[Option<Hole>; MAX_ROWS / 2]>> {
    let board = model.board;
    let mut table = ByPlayer::for_seats(model.seats, |me| {
        (0..slots)
            .map(|slot| {
                let mut facing = [None; MAX_ROWS / 2];
                for (role, row) in column_hole[me.across()].iter().enumerate() {
                    facing[role] = row[usize::from(hole_column[slot])];
                }
                facing
            })
            .collect::<Vec<_>>()
    });
    if model.row_names.is_empty() {
        // Rows without names (every hole everyone's, or the circuit in equal parts): a hole's
        // opposite is the hole across the board in its column (none in a middle row).
        for cell in board.cells() {
            let across = model::Cell::new(board.rows - 1 - usize::from(cell.row), usize::from(cell.column));
            if across != cell {
                let (slot, facing) = (slot_of[board.index(cell)], slot_of[board.index(across)]);
                for p in model.players() {
                    table[p][slot.index()][0] = Some(facing);
                }
            }
        }
    }
    for o in &model.opposites {
        let me = board.owner_of(o.hole).0;
        let facing = match o.facing {
            model::Facing::Hole(cell) => Some(slot_of[board.index(cell)]),
            model::Facing::SideStore(side) => {
                side_store.map(|s| s[if side == model::Side::Own { me } else { me.other() }])
            }
            model::Facing::Nothing => None,
        };
        table[me][slot_of[board.index(o.hole)].index()][usize::from(o.role)] = facing;
    }
    table
}

/// Per-slot hashing keys (odd, so that counts never cancel out), and a key for each seat to
/// move (seat 0's is 0), the same for every game with this many holes.
fn hash_keys(holes: usize, slots: usize) -> (Vec<u64>, [u64; MAX_SEATS]) {
    use rand_core::SeedableRng as _;
    let mut rng = rand_xoshiro::SplitMix64::seed_from_u64(0x5eed_0f50_u64 ^ (holes as u64) << 32);
    let mut next_key = || rand_core::Rng::next_u64(&mut rng);
    let keys: Vec<u64> = (0..slots).map(|_| next_key() | 1).collect();
    (keys, std::array::from_fn(|seat| if seat == 0 { 0 } else { next_key() }))
}

/// The engine's rules for `model`: its tables laid out, then its rings.
///
/// Long for a reason: it names every field of `Rules` once, each beside what it is made of.
fn build(model: Model) -> Rules {
    let board = model.board;
    let holes = board.holes();
    let stores_end = holes + if board.stores { model.seats } else { 0 };
    let slots = stores_end + if board.side_stores.is_some() { 2 } else { 0 };
    let layout = layout(&model);
    let Owners { mut hole_owner, mut hole_role, hole_column, role_hole, column_hole } =
        owners(&model, &layout.slot_of, &layout, slots);
    let Layout { slot_of, board_of, store, mut circuit } = layout;
    // Sown the other way, a ring through the mover's store passes it after their last hole
    // that way (blind test 19, fault 1): each player's ring backwards, as a table.
    let mut back_ring = None;
    if let Some(store) = store.filter(|_| model.circuit.through_store) {
        if model.sows_against_circuit() {
            back_ring = Some(ByPlayer::for_seats(model.seats, |p| {
                back_through_store(&circuit[p], &store, &hole_owner, p, slots)
            }));
        }
        circuit = ByPlayer::for_seats(model.seats, |p| through_stores(&circuit[p], &store, &hole_owner, p));
    }
    let side_store = side_stores(&model, stores_end, (&mut hole_owner, &mut hole_role));
    let through = through_circuits(&model, side_store, &circuit, &role_hole);
    let (through_pos, circuit_pos) = (positions(&through, slots), positions(&circuit, slots));
    if model.common {
        // Every hole is everyone's, kept as seat 0's (see `Rules::common`).
        for &h in &slot_of {
            hole_owner[h.index()] = model.first_player();
        }
    }
    let (territory, territory_slots) = territories(&model, &slot_of, &hole_owner);
    let next = next_holes(&model, &circuit, slots);
    let regions = regions(&model, &territory, &hole_role);
    let opponents_regions = opponents_regions(&model, &regions);
    let (start, marks) = start_and_marks(&model, &slot_of);
    // Seeds the setup puts in the players' hands count too.
    let total_seeds = start.iter().map(|&c| u32::from(c)).sum::<u32>()
        + model.hand.iter().map(|&n| u32::from(n)).sum::<u32>();
    let opposite = opposite_table(&model, &slot_of, &hole_column, &column_hole, side_store, slots);
    let (keys, seat_keys) = hash_keys(holes, slots);
    let mut phases = phase_rules(&model, &slot_of, &territory);
    for phase in &mut phases {
        if let TurnKind::Sow(sow) = &mut phase.turn {
            for choice in sow.choices.iter_mut().chain(sow.turnings.iter_mut().map(|t| &mut t.choice)) {
                keep_on_circuit(choice, &circuit_pos, model.seats);
            }
        }
    }
    let c = model.circuit;
    let mut rules = Rules {
        rows: board.rows,
        columns: board.columns,
        direction: c.direction,
        slot_of,
        board_of,
        hole_column,
        hole_owner,
        hole_role,
        start,
        total_seeds,
        store_least: model.end.store_limit.map_or(u32::MAX, |limit| limit.threshold(total_seeds)),
        captured_least: model.end.captured_win.map_or(u32::MAX, |limit| limit.threshold(total_seeds)),
        territory,
        territory_slots,
        store,
        side_store,
        through,
        through_pos,
        shared_circuit: c.shared,
        skip_origin: c.skip_origin,
        circuit,
        circuit_pos,
        back_ring,
        next,
        role_hole,
        column_hole,
        opposite,
        regions,
        opponents_regions,
        marks,
        chosen: c.chosen,
        phases,
        keys,
        seat_keys,
        no_seeds_two: no_seeds_two(&model),
        // Who moved last is asked where a rule bars a move after moving again, or gives the
        // seeds left to the player who moved last.
        tracks_again: model.end.left_to_last
            || model.may_move_again()
            || model.moves_again_back()
            || model.phases.iter().any(
                |p| matches!(&p.turn, Turn::Sow(s) if s.whole_move.as_ref().is_some_and(|w| w.not_again)),
            ),
        pass_keys: pass_keys(&model, &seat_keys),
        colours: model.colours || model.owners_move(),
        seed_colours: model.colours,
        common: model.common,
        path: model.circuit.path,
        settles_seeds: model.colours || model.common,
        path_mark: (model.marks.len() + usize::from(model.keeps_chosen())).min(crate::model::MAX_MARKS - 1)
            as u8,
        chosen_mark: model.keeps_chosen().then_some(model.marks.len() as u8),
        sown_mark: model.tracks_sown().then_some(
            (model.marks.len() + usize::from(model.keeps_chosen()) + usize::from(model.circuit.path)) as u8,
        ),
        flags: Flags::default(),
        turn_record: records_turn(&model),
        stepwise: !model.fast_path_covers(),
        general: std::sync::OnceLock::new(),
        model,
    };
    rules.flags = flags(&rules);
    attach_rings(&mut rules);
    rules
}

/// The players' side stores, in the two slots from `stores_end`, where the board has them:
/// each its owner's, in no row.
fn side_stores(
    model: &Model,
    stores_end: usize,
    (hole_owner, hole_role): (&mut [Player], &mut [Role]),
) -> Option<ByPlayer<Hole>> {
    let side_store =
        model.board.side_stores.map(|_| ByPlayer::pair(Hole(stores_end as u8), Hole(stores_end as u8 + 1)));
    if let Some(side) = side_store {
        for player in model.players() {
            hole_owner[side[player].index()] = player;
            hole_role[side[player].index()] = Role::MAX;
        }
    }
    side_store
}

/// Each player's circuit through their side store (see [`through_circuit`]), empty where the
/// board has none.
fn through_circuits(
    model: &Model,
    side_store: Option<ByPlayer<Hole>>,
    circuit: &ByPlayer<Vec<Hole>>,
    role_hole: &ByPlayer<Vec<Vec<Hole>>>,
) -> ByPlayer<Vec<Hole>> {
    match (side_store, model.board.side_stores) {
        (Some(side), Some(role)) => ByPlayer::for_seats(model.seats, |player| {
            through_circuit(
                model.board,
                &circuit[player],
                &role_hole[player][usize::from(role)],
                side[player],
            )
        }),
        _ => ByPlayer::for_seats(model.seats, |_| Vec::new()),
    }
}

/// The position of each slot on each player's circuit (`u8::MAX` off it).
fn positions(circuits: &ByPlayer<Vec<Hole>>, slots: usize) -> ByPlayer<Vec<u8>> {
    circuits.clone().map(|c| {
        let mut pos = vec![u8::MAX; slots];
        for (i, h) in c.iter().enumerate() {
            pos[h.index()] = i as u8;
        }
        pos
    })
}

/// Each player's holes (every hole, where every hole is everyone's), and the run of slots
/// they make.
fn territories(
    model: &Model,
    slot_of: &[Hole],
    hole_owner: &[Player],
) -> (ByPlayer<Vec<Hole>>, ByPlayer<std::ops::Range<usize>>) {
    let territory = ByPlayer::for_seats(model.seats, |player| {
        slot_of
            .iter()
            .copied()
            .filter(|h| model.common || hole_owner[h.index()] == player)
            .collect::<Vec<_>>()
    });
    let territory_slots = territory.clone().map(|t| {
        let first = t.iter().map(|h| h.index()).min().unwrap_or(0);
        let end = first + t.len();
        debug_assert!(t.iter().all(|h| (first..end).contains(&h.index())), "a territory is one run of slots");
        first..end
    });
    (territory, territory_slots)
}

/// The hole after each slot along each player's circuit (a slot off it is its own).
fn next_holes(model: &Model, circuit: &ByPlayer<Vec<Hole>>, slots: usize) -> ByPlayer<Vec<Hole>> {
    ByPlayer::for_seats(model.seats, |player| {
        let mut next: Vec<Hole> = (0..slots).map(|i| Hole(i as u8)).collect();
        let c = &circuit[player];
        for (i, h) in c.iter().enumerate() {
            next[h.index()] = c[(i + 1) % c.len()];
        }
        next
    })
}

/// Each player's regions: their whole territory, then their holes of each row role.
fn regions(model: &Model, territory: &ByPlayer<Vec<Hole>>, hole_role: &[Role]) -> ByPlayer<Vec<Vec<Hole>>> {
    ByPlayer::for_seats(model.seats, |player| {
        let own = &territory[player];
        // Where holes belong by colour, a player's territory is any hole holding their seeds:
        // every hole, theirs first (the picks read whose seeds each holds).
        let whole = if model.colours {
            let others = player.table().filter(|&p| p != player);
            own.iter().chain(others.flat_map(|p| &territory[p])).copied().collect()
        } else {
            own.clone()
        };
        let mut regions = vec![whole];
        for role in 0..model.board.per_side() {
            regions.push(own.iter().copied().filter(|h| hole_role[h.index()] == role as Role).collect());
        }
        regions
    })
}

/// Each player's opponents' regions: at a table of two, the opponent's; at a larger one, the
/// other players' holes of each region, from the next player round the table (a hole once).
fn opponents_regions(model: &Model, regions: &ByPlayer<Vec<Vec<Hole>>>) -> ByPlayer<Vec<Vec<Hole>>> {
    ByPlayer::for_seats(model.seats, |me| {
        let others: Vec<Player> =
            std::iter::successors(Some(me.next()), |p| Some(p.next())).take_while(|&p| p != me).collect();
        (0..regions[me].len())
            .map(|i| {
                let mut holes: Vec<Hole> = Vec::new();
                for h in others.iter().flat_map(|&p| &regions[p][i]) {
                    if !holes.contains(h) {
                        holes.push(*h);
                    }
                }
                holes
            })
            .collect()
    })
}

/// The setup's counts by slot, and the marks with the holes they start on.
fn start_and_marks(model: &Model, slot_of: &[Hole]) -> (Vec<u16>, Vec<MarkDef>) {
    let mut start = vec![0u16; model.board.holes()];
    for (index, &count) in model.setup.iter().enumerate() {
        start[slot_of[index].index()] = count;
    }
    let marks: Vec<MarkDef> = (model.marks.iter())
        .map(|mark| MarkDef {
            name: mark.name.clone(),
            start: mark.start.iter().map(|&cell| slot_of[model.board.index(cell)]).collect(),
        })
        .collect();
    (start, marks)
}

/// The end `a player with no seeds …` at a table of two, where it is not read in one phase
/// alone.
fn no_seeds_two(model: &Model) -> Option<model::Ending> {
    model
        .end
        .no_seeds
        .filter(|_| model.seats == 2 && !model.end.only_in.iter().any(|&(k, _)| k == model::EndKind::NoSeeds))
        // A gift to a player with no seeds comes first, and a rule for a player with a few
        // seeds counts them: both read with the rare ends.
        .filter(|_| model.end.gift.is_none() && model.end.no_seeds_most == 0)
}

/// The change of the position hash when `seat` passes the turn on, for each seat.
fn pass_keys(model: &Model, seat_keys: &[u64; MAX_SEATS]) -> [u64; MAX_SEATS] {
    std::array::from_fn(|seat| {
        let next = Player::at(seat.min(model.seats - 1), model.seats).next();
        seat_keys[next.index()].wrapping_sub(seat_keys[seat])
    })
}

/// Whether play keeps a record of the turn: where the end reads the end holes, or a sowing
/// may leave a turned lap's seeds or turn only once.
fn records_turn(model: &Model) -> bool {
    model.end.end_holes.is_some()
        || model.phases.iter().any(|p| match &p.turn {
            Turn::Sow(sowing) => sowing.leave_turned || sowing.turned_once,
            _ => false,
        })
}

/// A player's circuit with their side store put in the middle of their row `row` (by column
/// from South's left): between the two holes of the row, next to each other along the
/// circuit, of which one is in the row's first half from the owner's left and the other in
/// its second half.
fn through_circuit(board: model::Board, circuit: &[Hole], row: &[Hole], side: Hole) -> Vec<Hole> {
    let half = board.columns / 2;
    // The row's holes by column from South's left; the owner's left half is a run of columns
    // at one end, so one half is the columns below `half` and the other the rest.
    let first_half = |h: Hole| row.iter().position(|&x| x == h).map(|c| c < half);
    let n = circuit.len();
    let at = (0..n).find(|&i| {
        let (a, b) = (circuit[(i + n - 1) % n], circuit[i]);
        matches!((first_half(a), first_half(b)), (Some(x), Some(y)) if x != y)
    });
    let mut ring = circuit.to_vec();
    ring.insert(at.unwrap_or(n), side);
    ring
}

/// The facts of [`Flags`], read off the finished rules.
fn flags(rules: &Rules) -> Flags {
    let (model, end) = (&rules.model, &rules.model.end);
    let may_pass = end.blocked == Blocked::Passes
        || end.pass_loses
        || end.only_in.iter().any(|&(k, _)| k == model::EndKind::Blocked)
        || model.phases.iter().any(|p| p.pass.is_some() || p.swap.is_some());
    // The end rules read after every turn but a store's majority (see `Flags::rare_ends`).
    let rare_besides_store = end.row_empty.is_some()
        || end.one_hole
        || end.captured_win.is_some()
        || end.few_seeds.is_some()
        || end.every_holds.is_some()
        || end.marks_empty.is_some()
        || !end.only_in.is_empty()
        || (rules.seats() > 2 && end.no_seeds.is_some())
        || end.no_seeds_most > 0
        || end.gift.is_some();
    Flags {
        keyed_extra: rules.phases.len() > 1
            || rules.chosen == Chosen::Once
            || !rules.marks.is_empty()
            || rules.colours
            || model.hand.iter().any(|&n| n > 0),
        may_pass,
        agreed: end.agreed,
        lots: end.rounds.and_then(|r| r.refill).is_some_and(|r| r.lot > 0) || model.first_by_lot,
        offers: may_pass || end.agreed,
        swaps: model.phases.iter().any(|p| p.swap.is_some()),
        first_only: model.phases.iter().any(|p| p.first_only),
        last_turns: !model.end.last_turns.is_empty(),
        marks_open: model.marks.iter().any(|m| m.open_at.is_some()),
        no_undo: model.phases.iter().any(|p| matches!(&p.turn, model::Turn::Sow(s) if s.no_undo)),
        sows_theirs: model.phases.iter().any(|p| match &p.turn {
            model::Turn::Sow(s) => (s.choices.iter().chain(s.turnings.iter().map(|t| &t.choice)))
                .flat_map(|c| c.descriptions())
                .any(|c| c.theirs),
            _ => false,
        }),
        rare_ends: rare_besides_store || end.store_limit.is_some(),
        store_end_alone: end.store_limit.is_some() && rules.seats() == 2 && !rare_besides_store,
        scarce_ends: end.marks_empty.is_some()
            || !end.only_in.is_empty()
            || end.gift.is_some()
            || end.no_seeds_most > 0,
        gift: end.gift.is_some(),
        first_ends: end.gift.is_some() || rules.seats() > 2,
        interpreted: rules.stepwise,
        capture_ends_phase: model.phases.iter().any(|p| p.ends_at_capture.is_some()),
        counts_took: end.score == model::Score::Captured
            || end.blocked_draw.is_some()
            || end.captured_win.is_some()
            || (model.phases.iter()).any(|p| {
                (p.pass.iter().flatten().chain(&p.ends_when))
                    .any(|f| matches!(f, model::SideFact::OpponentCaptured(_)))
            }),
        turn_ends: end.passes_draw
            || end.turn_limit.is_some()
            || rules.tracks_again
            || rules.chosen_mark.is_some(),
        turnings: (rules.phases.iter())
            .any(|p| matches!(&p.turn, TurnKind::Sow(sow) if !sow.turnings.is_empty())),
    }
}

/// Build each sowing phase's rings, which read the finished rules, and the rings of its
/// turning lines' conditions.
fn attach_rings(rules: &mut Rules) {
    let model_phases = rules.model.phases.clone();
    let rings: Vec<Option<(ByPlayer<Ring>, Vec<TurnCheck>)>> = (rules.phases.iter().zip(&model_phases))
        .map(|(phase, model_phase)| match (&phase.turn, &model_phase.turn) {
            (TurnKind::Sow(sow), Turn::Sow(sowing)) => {
                // The holes whose relays the interpreter follows lap by lap: those a lap may be
                // turned from, or every hole where the end is read between laps.
                let every_lap = rules.model.end.one_hole_every_lap;
                let turn_holes = ByPlayer::for_seats(rules.model.seats, |me| {
                    let turning = sow.turnings.iter().flat_map(|t| t.choice.holes[me].iter().copied());
                    if every_lap { rules.territory[me].clone() } else { turning.collect::<Vec<_>>() }
                });
                // Holes of a mark the sowing skips, where only the setup marks them (where play
                // marks holes, laps read the position's marks: `SowRules::skip_in_play`).
                let skipped: Vec<Hole> = match sowing.skip {
                    Some(m) if !rules.model.mark_set_in_play(m) && sowing.skip_when.is_none() => {
                        rules.marks[usize::from(m)].start.clone()
                    }
                    _ => Vec::new(),
                };
                // … only the sower's own, or only the others', where the sowing says so.
                let skipped_by = |me: Player| -> Vec<Hole> {
                    let owner = |h: &&Hole| rules.hole_owner[h.index()] == me;
                    match sowing.skip_side {
                        None => skipped.clone(),
                        Some(model::Side::Own) => skipped.iter().filter(owner).copied().collect(),
                        Some(model::Side::Opponent) => {
                            skipped.iter().filter(|h| !owner(h)).copied().collect()
                        }
                    }
                };
                let rings = ByPlayer::for_seats(rules.model.seats, |me| {
                    let mut ring = Ring::build(rules, me, &sow.lap_rules, sow.lap_otherwise, &turn_holes[me]);
                    if !sow.first_lap.is_plain() {
                        // A first lap of its own kind is sown, and checked to end, by the
                        // interpreter's general path.
                        ring.capture_sows = true;
                        ring.never_relays = false;
                    }
                    ring.skip_holes(&skipped_by(me));
                    ring
                });
                let checks = (sowing.turnings.iter())
                    .map(|t| match &t.condition {
                        None => TurnCheck::Always,
                        Some(TurnCondition::Captures) => TurnCheck::Captures,
                        Some(TurnCondition::Lands(rule)) => {
                            let rule = LapRule { action: LapAction::MoveAgain, ..rule.clone() };
                            let rule = std::slice::from_ref(&rule);
                            TurnCheck::Lands(Box::new(ByPlayer::for_seats(rules.model.seats, |me| {
                                let mut ring = Ring::build(rules, me, rule, LapAction::Stop, &[]);
                                ring.skip_holes(&skipped_by(me));
                                ring
                            })))
                        }
                    })
                    .collect();
                Some((rings, checks))
            }
            _ => None,
        })
        .collect();
    for (phase, ring) in rules.phases.iter_mut().zip(rings) {
        if let (TurnKind::Sow(sow), Some((mut ring, checks))) = (&mut phase.turn, ring) {
            if sow.first_hole.is_some() {
                // A first lap with seeds by rule into its first hole: whether the sowing ends is
                // found by playing the turn out (`Rules::turn_ends`), never by the ring alone.
                for me in rules.model.players() {
                    ring[me].capture_sows = true;
                    ring[me].never_relays = false;
                }
            }
            sow.rings = ring;
            for (t, check) in sow.turnings.iter_mut().zip(checks) {
                t.condition = check;
            }
        }
    }
}
