//! A hand-written Nsolo: the base game of DESIGN.md §4 on any board from 4×8 to 4×36, in
//! plain Rust for this one game. It is the speed limit the rules-file engine is measured
//! against, and an independent oracle for the differential test. It shares no code with the
//! library.
//!
//! Each player's two rows are stored in sowing order (their circuit), starting at the
//! owner's outer-row leftmost hole: index `0..n` is the outer row from the owner's left,
//! `n..2n` the inner row from the owner's right. So South's `a1…an, bn…b1` and North's
//! `dn…d1, c1…cn`. A seed never leaves its owner's side, so a count fits a byte.

#![allow(dead_code)]

/// Most holes per row.
pub const MAX_N: usize = 36;
const MAX_LEN: usize = 2 * MAX_N;
/// Laps before the (exact) check for endless sowing starts.
const CHECK_AFTER: u32 = 8;

/// A decision: sow from a circuit index of the mover, or pick one seed from a circuit index
/// of the opponent.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Decision {
    /// Sow from this index of the mover's circuit.
    Sow(u8),
    /// Take one seed from this index of the opponent's circuit.
    Pick(u8),
}

/// How a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Ending {
    /// The winner (0 South, 1 North) and whether the loser was blocked (else out of seeds).
    Win { winner: usize, blocked: bool },
    /// A position repeated.
    Draw,
}

/// A game of Nsolo in progress.
#[derive(Clone)]
pub struct Nsolo {
    n: usize,
    len: usize,
    /// `order[p][k]`: the circuit index of `p`'s `k`-th hole in board order (a1…an, b1…bn for
    /// South; c1…cn, d1…dn for North): the order of decisions.
    order: [[u8; MAX_LEN]; 2],
    /// Seeds per hole, in circuit order.
    pub holes: [[u8; MAX_LEN]; 2],
    /// Seeds on each side.
    pub seeds: [u32; 2],
    /// The player to decide (0 South, 1 North).
    pub to_move: usize,
    /// Strip picks still owed (0: none, the mover chooses a hole to sow).
    pub strip: u32,
    /// Board-order position of the previous pick (picks never go back).
    strip_from: usize,
    /// Hashes of the positions at turn boundaries since seeds last left the board.
    history: Vec<u64>,
    keys: [[u64; MAX_LEN]; 2],
    /// `prefix[p][i]`: the sum of the first `i` keys of `p`'s circuit.
    prefix: [[u64; MAX_LEN + 1]; 2],
    /// The position's hash, kept up to date (an additive hash: Σ key × count, plus the
    /// player to move).
    hash: u64,
    /// The result, once the game is over.
    pub ending: Option<Ending>,
    /// Plies played.
    pub plies: u32,
}

impl Nsolo {
    /// The start position on a 4×n board: 2 seeds everywhere but each inner row's rightmost
    /// hole from its owner's seat (bn and c1: circuit index n for both).
    pub fn new(n: usize) -> Nsolo {
        assert!((1..=MAX_N).contains(&n));
        let len = 2 * n;
        let mut order = [[0u8; MAX_LEN]; 2];
        for k in 0..n {
            order[0][k] = k as u8; // a(k+1)
            order[0][n + k] = (2 * n - 1 - k) as u8; // b(k+1)
            order[1][k] = (n + k) as u8; // c(k+1)
            order[1][n + k] = (n - 1 - k) as u8; // d(k+1)
        }
        let mut holes = [[0u8; MAX_LEN]; 2];
        for side in &mut holes {
            side[..len].fill(2);
            side[n] = 0;
        }
        let mut keys = [[0u64; MAX_LEN]; 2];
        let mut x = 0x1234_5678_9abc_def1u64;
        for side in &mut keys {
            for k in side.iter_mut() {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                *k = x | 1;
            }
        }
        let mut prefix = [[0u64; MAX_LEN + 1]; 2];
        for p in 0..2 {
            for i in 0..len {
                prefix[p][i + 1] = prefix[p][i].wrapping_add(keys[p][i]);
            }
        }
        let seeds = [2 * len as u32 - 2; 2];
        let mut game = Nsolo {
            n,
            len,
            order,
            holes,
            seeds,
            to_move: 0,
            strip: 0,
            strip_from: 0,
            history: Vec::with_capacity(256),
            keys,
            prefix,
            hash: 0,
            ending: None,
            plies: 0,
        };
        game.hash = game.full_hash();
        game.history.push(game.hash);
        game
    }

    /// Holes per row.
    pub fn columns(&self) -> usize {
        self.n
    }

    fn full_hash(&self) -> u64 {
        let mut h = self.to_move as u64;
        for p in 0..2 {
            for i in 0..self.len {
                h = h.wrapping_add(self.keys[p][i].wrapping_mul(u64::from(self.holes[p][i])));
            }
        }
        h
    }

    /// Sow from `from` on `holes` (a circuit of `len`), relaying on occupied holes. Returns
    /// the index where the last seed fell (into an empty hole) and the change of the hash
    /// (with `HASH`), or `None` if it never ends.
    #[inline(always)]
    fn sow<const HASH: bool>(
        holes: &mut [u8; MAX_LEN],
        prefix: &[u64; MAX_LEN + 1],
        len: usize,
        from: usize,
    ) -> Option<(usize, u64)> {
        let mut at = from;
        let mut hand = holes[at] as usize;
        holes[at] = 0;
        let mut hash = if HASH {
            0u64.wrapping_sub(prefix[at + 1].wrapping_sub(prefix[at]).wrapping_mul(hand as u64))
        } else {
            0
        };
        let mut laps = 0;
        loop {
            let last = Self::lap::<HASH>(holes, prefix, len, at, hand, &mut hash);
            if holes[last] == 1 {
                return Some((last, hash));
            }
            hand = holes[last] as usize;
            holes[last] = 0;
            if HASH {
                hash =
                    hash.wrapping_sub(prefix[last + 1].wrapping_sub(prefix[last]).wrapping_mul(hand as u64));
            }
            at = last;
            laps += 1;
            if laps == CHECK_AFTER {
                return Self::sow_checked::<HASH>(holes, prefix, len, at, hand, hash);
            }
        }
    }

    /// One lap: `hand` seeds from the hole after `at`; returns the last hole.
    #[inline(always)]
    fn lap<const HASH: bool>(
        holes: &mut [u8; MAX_LEN],
        prefix: &[u64; MAX_LEN + 1],
        len: usize,
        at: usize,
        hand: usize,
        hash: &mut u64,
    ) -> usize {
        let full = if hand < len { 0 } else { hand / len };
        let rem = hand - full * len;
        if full > 0 {
            for x in &mut holes[..len] {
                *x += full as u8;
            }
            if HASH {
                *hash = hash.wrapping_add(prefix[len].wrapping_mul(full as u64));
            }
        }
        let mut i = at;
        for _ in 0..rem {
            i += 1;
            if i == len {
                i = 0;
            }
            holes[i] += 1;
        }
        if HASH && rem > 0 {
            *hash = if i > at {
                hash.wrapping_add(prefix[i + 1].wrapping_sub(prefix[at + 1]))
            } else {
                hash.wrapping_add(prefix[len].wrapping_sub(prefix[at + 1])).wrapping_add(prefix[i + 1])
            };
        }
        i
    }

    /// The rest of a long sowing, with Brent's cycle detection on (counts, lap start).
    #[cold]
    #[inline(never)]
    fn sow_checked<const HASH: bool>(
        holes: &mut [u8; MAX_LEN],
        prefix: &[u64; MAX_LEN + 1],
        len: usize,
        mut at: usize,
        mut hand: usize,
        mut hash: u64,
    ) -> Option<(usize, u64)> {
        let mut saved = [0u8; MAX_LEN];
        let mut saved_at = usize::MAX;
        let mut power = 1u64;
        let mut steps = 0u64;
        loop {
            if at == saved_at && holes[..len] == saved[..len] {
                return None;
            }
            if steps == power || saved_at == usize::MAX {
                saved[..len].copy_from_slice(&holes[..len]);
                saved_at = at;
                power *= 2;
                steps = 0;
            }
            steps += 1;
            let last = Self::lap::<HASH>(holes, prefix, len, at, hand, &mut hash);
            if holes[last] == 1 {
                return Some((last, hash));
            }
            hand = holes[last] as usize;
            holes[last] = 0;
            if HASH {
                hash =
                    hash.wrapping_sub(prefix[last + 1].wrapping_sub(prefix[last]).wrapping_mul(hand as u64));
            }
            at = last;
        }
    }

    /// The legal decisions, in board order of their holes.
    pub fn decisions(&self, out: &mut Vec<Decision>) {
        out.clear();
        if self.ending.is_some() {
            return;
        }
        let me = self.to_move;
        if self.strip > 0 {
            let opp = &self.holes[1 - me];
            let order = &self.order[1 - me];
            let mut suffix = 0u32;
            let start = out.len();
            for k in (self.strip_from..self.len).rev() {
                let c = u32::from(opp[order[k] as usize]);
                suffix += c;
                if c > 0 && suffix >= self.strip {
                    out.push(Decision::Pick(order[k]));
                }
            }
            out[start..].reverse();
            return;
        }
        let holes = &self.holes[me];
        let order = &self.order[me];
        let any_big = holes[..self.len].iter().any(|&c| c >= 2);
        let mut scratch = [0u8; MAX_LEN];
        for &i in &order[..self.len] {
            let i = i as usize;
            let c = holes[i];
            let candidate = if any_big {
                c >= 2
            } else {
                c == 1 && holes[if i + 1 == self.len { 0 } else { i + 1 }] == 0
            };
            if candidate {
                scratch[..self.len].copy_from_slice(&holes[..self.len]);
                if Self::sow::<false>(&mut scratch, &self.prefix[me], self.len, i).is_some() {
                    out.push(Decision::Sow(i as u8));
                }
            }
        }
    }

    /// The candidate holes (before endless ones are refused), in board order.
    pub fn candidates(&self, out: &mut Vec<u8>) {
        out.clear();
        let holes = &self.holes[self.to_move];
        let any_big = holes[..self.len].iter().any(|&c| c >= 2);
        for &i in &self.order[self.to_move][..self.len] {
            let i = i as usize;
            let c = holes[i];
            let ok = if any_big {
                c >= 2
            } else {
                c == 1 && holes[if i + 1 == self.len { 0 } else { i + 1 }] == 0
            };
            if ok {
                out.push(i as u8);
            }
        }
    }

    /// Try to sow candidate `i`: plays it and returns true, or returns false (changing
    /// nothing) if its sowing never ends.
    pub fn try_sow(&mut self, i: u8) -> bool {
        let me = self.to_move;
        let mut scratch = self.holes[me];
        match Self::sow::<true>(&mut scratch, &self.prefix[me], self.len, i as usize) {
            Some((last, hash)) => {
                self.holes[me] = scratch;
                self.hash = self.hash.wrapping_add(hash);
                self.after_sowing(last);
                true
            }
            None => false,
        }
    }

    /// Play a legal decision.
    pub fn play(&mut self, d: Decision) {
        self.plies += 1;
        let me = self.to_move;
        match d {
            Decision::Sow(i) => {
                let (last, hash) =
                    Self::sow::<true>(&mut self.holes[me], &self.prefix[me], self.len, i as usize)
                        .expect("a legal sowing ends");
                self.hash = self.hash.wrapping_add(hash);
                self.after_sowing(last);
            }
            Decision::Pick(i) => {
                let opp = 1 - me;
                self.holes[opp][i as usize] -= 1;
                self.seeds[opp] -= 1;
                self.hash = self.hash.wrapping_sub(self.keys[opp][i as usize]);
                self.strip -= 1;
                self.strip_from = self.order[opp][..self.len].iter().position(|&x| x == i).unwrap_or(0);
                if self.strip == 0 {
                    self.end_turn();
                }
            }
        }
    }

    fn after_sowing(&mut self, last: usize) {
        let me = self.to_move;
        let opp = 1 - me;
        if last >= self.n {
            let facing = 3 * self.n - 1 - last;
            let k = u32::from(self.holes[opp][facing]);
            if k > 0 {
                self.holes[opp][facing] = 0;
                self.seeds[opp] -= k;
                self.hash = self.hash.wrapping_sub(self.keys[opp][facing].wrapping_mul(u64::from(k)));
                self.history.clear();
                if self.seeds[opp] > 0 {
                    self.strip = k.min(self.seeds[opp]);
                    self.strip_from = 0;
                    return;
                }
            }
        }
        self.end_turn();
    }

    fn end_turn(&mut self) {
        let me = self.to_move;
        self.to_move = 1 - me;
        // The player to move counts 1 in the hash.
        self.hash = if me == 0 { self.hash.wrapping_add(1) } else { self.hash.wrapping_sub(1) };
        if self.seeds[1 - me] == 0 {
            self.ending = Some(Ending::Win { winner: me, blocked: false });
            return;
        }
        let h = self.hash;
        debug_assert_eq!(h, self.full_hash());
        if self.history.contains(&h) {
            self.ending = Some(Ending::Draw);
            return;
        }
        self.history.push(h);
    }

    /// The player to move has no legal decision: they lose.
    pub fn blocked(&mut self) {
        self.ending = Some(Ending::Win { winner: 1 - self.to_move, blocked: true });
    }

    /// The board in the engine's board order (a1…an, b1…bn, c1…cn, d1…dn).
    pub fn board(&self) -> Vec<u16> {
        let n = self.n;
        let mut out = vec![0u16; 4 * n];
        for col in 0..n {
            out[col] = u16::from(self.holes[0][col]); // a
            out[n + col] = u16::from(self.holes[0][2 * n - 1 - col]); // b
            out[2 * n + col] = u16::from(self.holes[1][n + col]); // c
            out[3 * n + col] = u16::from(self.holes[1][n - 1 - col]); // d
        }
        out
    }

    /// The engine's board index (row × n + column) of circuit index `i` of `player`.
    pub fn board_index(&self, player: usize, i: u8) -> usize {
        let (n, i) = (self.n, i as usize);
        match (player, i < n) {
            (0, true) => i,
            (0, false) => n + (2 * n - 1 - i),
            (_, true) => 3 * n + (n - 1 - i),
            (_, false) => 2 * n + (i - n),
        }
    }
}

/// A small deterministic generator (xorshift64*) for playouts.
pub struct Rand(pub u64);

impl Rand {
    /// A uniform index below `n`.
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let x = self.0.wrapping_mul(0x2545_f491_4f6c_dd1d);
        ((u128::from(x) * n as u128) >> 64) as usize
    }
}

/// Play a random game building every legal decision list; returns the plies played.
pub fn playout_lists(n: usize, seed: u64) -> (Option<Ending>, u32) {
    let mut g = Nsolo::new(n);
    let mut rng = Rand(seed | 1);
    let mut list = Vec::with_capacity(MAX_LEN);
    loop {
        g.decisions(&mut list);
        if list.is_empty() {
            if g.ending.is_none() {
                g.blocked();
            }
            return (g.ending, g.plies);
        }
        let d = list[rng.below(list.len())];
        g.play(d);
    }
}

/// Play a random game drawing one candidate at a time and sowing only that one (drawing
/// again if it is endless); returns the plies played.
pub fn playout_sampled(n: usize, seed: u64) -> (Option<Ending>, u32) {
    let mut g = Nsolo::new(n);
    let mut rng = Rand(seed | 1);
    let mut list = Vec::with_capacity(MAX_LEN);
    let mut candidates = Vec::with_capacity(MAX_LEN);
    loop {
        if g.ending.is_some() {
            return (g.ending, g.plies);
        }
        if g.strip > 0 {
            g.decisions(&mut list);
            let d = list[rng.below(list.len())];
            g.play(d);
            continue;
        }
        g.candidates(&mut candidates);
        loop {
            if candidates.is_empty() {
                g.blocked();
                return (g.ending, g.plies);
            }
            let k = rng.below(candidates.len());
            if g.try_sow(candidates[k]) {
                g.plies += 1;
                break;
            }
            candidates.swap_remove(k);
        }
    }
}
