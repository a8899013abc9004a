//! Hand-written Kalah(6,4) and Oware (Abapa), straight from the rules text of issue 7: plain
//! arrays, no tables. They are the oracle of a differential test (the rules-file engine must
//! offer the same decisions, reach the same boards and end the same way) and the yardstick of
//! the two-row line of the performance table.
//!
//! Holes are numbered round the board anticlockwise: 0…5 are South's a1…a6, then North's
//! b6…b1 (Kalah puts South's store between them and North's store after b1). Decisions are
//! listed in board order, as the engine lists them: a1…a6 for South, b1…b6 for North.

#![allow(dead_code)]

/// A random game's length in decisions and its result: 1 South won, -1 North won, 0 drawn.
pub type Playout = (u32, i32);

/// South's store and North's store in Kalah's ring.
const SOUTH_STORE: usize = 6;
const NORTH_STORE: usize = 13;

/// Kalah(6,4): pits and stores in ring order.
#[derive(Clone, Debug)]
pub struct Kalah {
    pub ring: [u8; 14],
    pub mover: usize,
    pub over: bool,
}

impl Default for Kalah {
    fn default() -> Kalah {
        let mut ring = [4u8; 14];
        ring[SOUTH_STORE] = 0;
        ring[NORTH_STORE] = 0;
        Kalah { ring, mover: 0, over: false }
    }
}

impl Kalah {
    /// The ring index of the `k`-th pit of the mover in board order (a1…a6 or b1…b6).
    fn pit(player: usize, k: usize) -> usize {
        if player == 0 { k } else { 12 - k }
    }

    /// The legal sowings, as board-order indexes 0…5.
    pub fn moves(&self, out: &mut Vec<usize>) {
        out.clear();
        if self.over {
            return;
        }
        out.extend((0..6).filter(|&k| self.ring[Kalah::pit(self.mover, k)] > 0));
    }

    /// Sow the mover's `k`-th pit (board order).
    pub fn play(&mut self, k: usize) {
        let me = self.mover;
        let (own_store, other_store) =
            if me == 0 { (SOUTH_STORE, NORTH_STORE) } else { (NORTH_STORE, SOUTH_STORE) };
        let from = Kalah::pit(me, k);
        let mut hand = self.ring[from];
        self.ring[from] = 0;
        let mut pos = from;
        while hand > 0 {
            pos = (pos + 1) % 14;
            if pos != other_store {
                self.ring[pos] += 1;
                hand -= 1;
            }
        }
        let own_side = if me == 0 { pos < 6 } else { (7..13).contains(&pos) };
        if own_side && self.ring[pos] == 1 && self.ring[12 - pos] > 0 {
            self.ring[own_store] += self.ring[12 - pos] + 1;
            self.ring[12 - pos] = 0;
            self.ring[pos] = 0;
        }
        if pos != own_store {
            self.mover = 1 - me;
        }
        let south: u32 = self.ring[0..6].iter().map(|&c| u32::from(c)).sum();
        let north: u32 = self.ring[7..13].iter().map(|&c| u32::from(c)).sum();
        self.over = south == 0 || north == 0;
    }

    /// The result of a finished game: seeds in store and on the own side.
    pub fn result(&self) -> i32 {
        let south: u32 = self.ring[0..7].iter().map(|&c| u32::from(c)).sum();
        let north: u32 = self.ring[7..14].iter().map(|&c| u32::from(c)).sum();
        (south as i32 - north as i32).signum()
    }

    /// Counts in board order (a1…a6, b1…b6), then South's and North's stores.
    pub fn board(&self) -> Vec<u16> {
        let mut out: Vec<u16> = (0..6).map(|k| u16::from(self.ring[k])).collect();
        out.extend((0..6).map(|k| u16::from(self.ring[12 - k])));
        out.extend([u16::from(self.ring[SOUTH_STORE]), u16::from(self.ring[NORTH_STORE])]);
        out
    }
}

/// A random Kalah game, choosing with `below(n)`.
pub fn kalah_playout(below: &mut impl FnMut(usize) -> usize) -> Playout {
    let mut game = Kalah::default();
    let mut moves = Vec::with_capacity(6);
    let mut plies = 0;
    loop {
        game.moves(&mut moves);
        if moves.is_empty() {
            return (plies, game.result());
        }
        game.play(moves[below(moves.len())]);
        plies += 1;
    }
}

/// Oware (Abapa): houses in ring order, captured seeds, and the positions seen since the
/// last capture (for the repetition rule).
#[derive(Clone, Debug)]
pub struct Oware {
    pub houses: [u8; 12],
    pub stores: [u8; 2],
    pub mover: usize,
    pub over: bool,
    seen: Vec<([u8; 12], [u8; 2], usize)>,
}

impl Default for Oware {
    fn default() -> Oware {
        let mut game = Oware { houses: [4; 12], stores: [0; 2], mover: 0, over: false, seen: Vec::new() };
        game.seen.push((game.houses, game.stores, game.mover));
        game
    }
}

impl Oware {
    fn house(player: usize, k: usize) -> usize {
        if player == 0 { k } else { 11 - k }
    }

    fn side(player: usize) -> std::ops::Range<usize> {
        if player == 0 { 0..6 } else { 6..12 }
    }

    fn seeds(&self, player: usize) -> u32 {
        self.houses[Oware::side(player)].iter().map(|&c| u32::from(c)).sum()
    }

    /// The houses a sowing from `from` leaves, and whether it captured.
    fn sown(&self, from: usize) -> ([u8; 12], u8) {
        let mut houses = self.houses;
        let mut hand = houses[from];
        houses[from] = 0;
        let mut pos = from;
        while hand > 0 {
            pos = (pos + 1) % 12;
            if pos != from {
                houses[pos] += 1;
                hand -= 1;
            }
        }
        let theirs = Oware::side(1 - self.mover);
        let mut run = Vec::new();
        let mut p = pos;
        while theirs.contains(&p) && (2..=3).contains(&houses[p]) {
            run.push(p);
            p = (p + 11) % 12;
        }
        let taken: u32 = run.iter().map(|&q| u32::from(houses[q])).sum();
        let all: u32 = houses[theirs].iter().map(|&c| u32::from(c)).sum();
        if taken == 0 || taken == all {
            return (houses, 0);
        }
        for q in run {
            houses[q] = 0;
        }
        (houses, taken as u8)
    }

    /// The legal sowings, as board-order indexes 0…5.
    pub fn moves(&self, out: &mut Vec<usize>) {
        out.clear();
        if self.over {
            return;
        }
        let starving = self.seeds(1 - self.mover) == 0;
        for k in 0..6 {
            let from = Oware::house(self.mover, k);
            if self.houses[from] == 0 {
                continue;
            }
            if starving {
                let (after, _) = self.sown(from);
                if after[Oware::side(1 - self.mover)].iter().all(|&c| c == 0) {
                    continue;
                }
            }
            out.push(k);
        }
    }

    /// Sow the mover's `k`-th house (board order).
    pub fn play(&mut self, k: usize) {
        let (houses, taken) = self.sown(Oware::house(self.mover, k));
        self.houses = houses;
        self.stores[self.mover] += taken;
        self.mover = 1 - self.mover;
        if taken > 0 {
            self.seen.clear();
        }
        let position = (self.houses, self.stores, self.mover);
        if self.seen.contains(&position) || self.stores.iter().any(|&s| s > 24) {
            self.over = true;
        }
        self.seen.push(position);
    }

    /// The result of a finished game: captured seeds and the seeds on the own row.
    pub fn result(&self) -> i32 {
        let south = u32::from(self.stores[0]) + self.seeds(0);
        let north = u32::from(self.stores[1]) + self.seeds(1);
        (south as i32 - north as i32).signum()
    }

    /// Counts in board order (a1…a6, b1…b6), then South's and North's stores.
    pub fn board(&self) -> Vec<u16> {
        let mut out: Vec<u16> = (0..6).map(|k| u16::from(self.houses[k])).collect();
        out.extend((0..6).map(|k| u16::from(self.houses[11 - k])));
        out.extend([u16::from(self.stores[0]), u16::from(self.stores[1])]);
        out
    }
}

/// A random Oware game, choosing with `below(n)`.
pub fn oware_playout(below: &mut impl FnMut(usize) -> usize) -> Playout {
    let mut game = Oware::default();
    let mut moves = Vec::with_capacity(6);
    let mut plies = 0;
    loop {
        game.moves(&mut moves);
        if moves.is_empty() {
            return (plies, game.result());
        }
        game.play(moves[below(moves.len())]);
        plies += 1;
    }
}
