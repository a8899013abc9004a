//! A hand-written Nsolo: the base game of DESIGN.md §4 on any board from 4×8 to 4×36, in
//! plain Rust for this one game. It is the speed limit the rules-file engine is measured
//! against, and an independent oracle for the differential test. It shares no code with the
//! library.
//!
//! Each player's two rows are stored in sowing order (their circuit), starting at the
//! owner's outer-row leftmost hole: index `0..n` is the outer row from the owner's left,
//! `n..2n` the inner row from the owner's right. So South's `a1…an, bn…b1` and North's
//! `dn…d1, c1…cn`. A seed never leaves its owner's side, so a count fits a byte.
//!
//! Written for speed, the way careful hand-written code would be, with one rule: no code
//! path is chosen by the board's size (every size runs the same code; the size is data).
//! - A side is a byte array in chunks of 16, and only the chunks a board uses are copied or
//!   compared (the lanes past the circuit stay empty).
//! - Which holes are occupied, or hold two seeds or more, is a bit mask built 16 holes at a
//!   time (SSE2 compare and movemask); candidates and strip picks are read off masks in
//!   board order, so picks need no scan of the opponent's holes.
//! - A legality check first finds, without a branch per candidate, the sowings whose first
//!   lap ends in an empty hole (about half of them); only the others are sown, on a copy.
//! - The hash keys and their prefix sums are tables built at compile time, so a game is
//!   small and cheap to start, and the repetition history has a one-word filter in front.
//!
//! Tried and measured no faster, so left out: adding a lap's seeds to the circuit with
//! vector instructions (whole board, or one 16-byte window), following a check's first laps
//! without a copy, keeping the checked sowings to play the chosen one without sowing it
//! again, and a second copy of the decision routines compiled for `popcnt`/`bmi2`/`lzcnt`
//! chosen at run time (worth 2–8% while the masks were gathered with `pext`, nothing once
//! they came from SSE2).

#![allow(dead_code)]

/// Most holes per row.
pub const MAX_N: usize = 36;
const MAX_LEN: usize = 2 * MAX_N;
/// Bytes per chunk of a side: one vector register.
const CHUNK: usize = 16;
/// Bytes per side: the longest circuit in whole chunks.
const ROW: usize = MAX_LEN.div_ceil(CHUNK) * CHUNK;
/// Laps before the (exact) check for endless sowing starts.
const CHECK_AFTER: u32 = 8;

/// The hash keys of each player's holes, in circuit order (the same on every board).
static KEYS: [[u64; MAX_LEN]; 2] = keys();
/// `PREFIX[p][i]`: the sum of the first `i` keys of `p`'s circuit.
static PREFIX: [[u64; MAX_LEN + 1]; 2] = prefixes();

const fn keys() -> [[u64; MAX_LEN]; 2] {
    let mut keys = [[0u64; MAX_LEN]; 2];
    let mut x = 0x1234_5678_9abc_def1u64;
    let mut p = 0;
    while p < 2 {
        let mut i = 0;
        while i < MAX_LEN {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            keys[p][i] = x | 1;
            i += 1;
        }
        p += 1;
    }
    keys
}

const fn prefixes() -> [[u64; MAX_LEN + 1]; 2] {
    let keys = keys();
    let mut prefix = [[0u64; MAX_LEN + 1]; 2];
    let mut p = 0;
    while p < 2 {
        let mut i = 0;
        while i < MAX_LEN {
            prefix[p][i + 1] = prefix[p][i].wrapping_add(keys[p][i]);
            i += 1;
        }
        p += 1;
    }
    prefix
}

/// One side's counts, in circuit order, then empty lanes up to a whole chunk.
type Side = [u8; ROW];

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

/// The board's size, as the sowing routines need it.
#[derive(Clone)]
struct Geometry {
    /// Holes per row.
    n: usize,
    /// Holes per circuit (2n).
    len: usize,
    /// Chunks of a side the circuit uses.
    chunks: usize,
}

/// A game of Nsolo in progress.
#[derive(Clone)]
pub struct Nsolo {
    geo: Geometry,
    /// Seeds per hole, in circuit order.
    holes: [Side; 2],
    /// Seeds on each side.
    seeds: [u32; 2],
    /// The player to decide (0 South, 1 North).
    pub to_move: usize,
    /// Strip picks still owed (0: none, the mover chooses a hole to sow).
    pub strip: u32,
    /// Board-order position of the previous pick (picks never go back).
    strip_from: usize,
    /// Hashes of the positions at turn boundaries since seeds last left the board.
    history: Vec<u64>,
    /// A filter over `history`: bit `h >> 58` is set for each hash `h` in it, so that most
    /// new positions are known new without a search.
    seen: u64,
    /// The position's hash, kept up to date (an additive hash: Σ key × count, plus the
    /// player to move).
    hash: u64,
    /// The result, once the game is over.
    pub ending: Option<Ending>,
    /// Plies played.
    pub plies: u32,
}

/// Copy the chunks of a side the circuit uses.
#[inline(always)]
fn copy_used(to: &mut Side, from: &Side, chunks: usize) {
    for (t, f) in to.as_chunks_mut::<CHUNK>().0.iter_mut().zip(from.as_chunks::<CHUNK>().0).take(chunks) {
        *t = *f;
    }
}

/// Whether two sides agree on the chunks the circuit uses.
#[inline(always)]
fn same_used(a: &Side, b: &Side, chunks: usize) -> bool {
    a.as_chunks::<CHUNK>().0.iter().zip(b.as_chunks::<CHUNK>().0).take(chunks).all(|(x, y)| x == y)
}

/// Bit masks over a side's circuit: the occupied holes, and those with two seeds or more.
#[inline(always)]
fn masks(side: &Side, chunks: usize) -> (u128, u128) {
    let (mut occupied, mut big) = (0u128, 0u128);
    #[cfg(target_arch = "x86_64")]
    for (w, chunk) in side.as_chunks::<CHUNK>().0.iter().take(chunks).enumerate() {
        use std::arch::x86_64::{
            _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_set1_epi8, _mm_setzero_si128,
        };
        // SAFETY: SSE2 is part of x86_64, and the load reads the 16 bytes of `chunk`.
        let (empty, single) = unsafe {
            let x = _mm_loadu_si128(chunk.as_ptr().cast());
            (
                _mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_setzero_si128())) as u16,
                _mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_set1_epi8(1))) as u16,
            )
        };
        occupied |= u128::from(!empty) << (CHUNK * w);
        big |= u128::from(!(empty | single)) << (CHUNK * w);
    }
    #[cfg(not(target_arch = "x86_64"))]
    for (w, bytes) in side.chunks_exact(8).take(2 * chunks).enumerate() {
        // A word at a time: the high bit of each byte that is not zero, gathered into a byte.
        const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
        const HIGH: u64 = 0x8080_8080_8080_8080;
        let nonzero = |x: u64| (((x & LOW7).wrapping_add(LOW7) | x) & HIGH) >> 7;
        let gather = |h: u64| u128::from(h.wrapping_mul(0x0102_0408_1020_4080) >> 56);
        let x = u64::from_le_bytes(bytes.try_into().expect("8 bytes"));
        occupied |= gather(nonzero(x)) << (8 * w);
        big |= gather(nonzero(x & !0x0101_0101_0101_0101)) << (8 * w);
    }
    (occupied, big)
}

/// Call `f` with each circuit index of `mask` (a mask over `player`'s circuit) in board order:
/// the outer row from the left, then the inner row from the left for South (a, b); the inner
/// row, then the outer one for North (c, d).
#[inline(always)]
fn in_board_order(mask: u128, player: usize, n: usize, mut f: impl FnMut(usize)) {
    let half = (1u64 << n) - 1;
    // Circuit indices that go left to right (`up`), and right to left (`down`).
    let (up, down) = if player == 0 { (0, n) } else { (n, 0) };
    let mut m = (mask >> up) as u64 & half;
    while m != 0 {
        f(up + m.trailing_zeros() as usize);
        m &= m - 1;
    }
    let mut m = (mask >> down) as u64 & half;
    while m != 0 {
        let top = 63 - m.leading_zeros() as usize;
        f(down + top);
        m ^= 1 << top;
    }
}

/// One lap: `hand` seeds into the holes after `at`, round the circuit; returns the last
/// hole. (A hand is a few seeds: a plain loop over them measured faster than adding a run
/// of ones to the whole circuit with vector instructions.)
#[inline(always)]
fn lap<const HASH: bool>(
    holes: &mut Side,
    geo: &Geometry,
    prefix: &[u64; MAX_LEN + 1],
    at: usize,
    hand: usize,
    hash: &mut u64,
) -> usize {
    let len = geo.len;
    let rem = if hand < len { hand } else { whole_laps::<HASH>(holes, len, prefix, hand, hash) };
    let mut last = at;
    for _ in 0..rem {
        last = if last + 1 == len { 0 } else { last + 1 };
        holes[last] += 1;
    }
    if HASH && rem > 0 {
        *hash = if last > at {
            hash.wrapping_add(prefix[last + 1].wrapping_sub(prefix[at + 1]))
        } else {
            hash.wrapping_add(prefix[len].wrapping_sub(prefix[at + 1])).wrapping_add(prefix[last + 1])
        };
    }
    last
}

/// Whole laps of a hand as long as the circuit or longer; returns the seeds left over.
#[cold]
#[inline(never)]
fn whole_laps<const HASH: bool>(
    holes: &mut Side,
    len: usize,
    prefix: &[u64; MAX_LEN + 1],
    hand: usize,
    hash: &mut u64,
) -> usize {
    let full = hand / len;
    for x in &mut holes[..len] {
        *x += full as u8;
    }
    if HASH {
        *hash = hash.wrapping_add(prefix[len].wrapping_mul(full as u64));
    }
    hand - full * len
}

/// Sow from `from` on `holes`, relaying on occupied holes. Returns the index where the last
/// seed fell (into an empty hole) and the change of the hash (with `HASH`), or `None` if it
/// never ends (with `holes` unspecified).
#[inline(always)]
fn sow<const HASH: bool>(
    holes: &mut Side,
    geo: &Geometry,
    prefix: &[u64; MAX_LEN + 1],
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
    for _ in 0..CHECK_AFTER {
        match relay::<HASH>(holes, geo, prefix, at, hand, &mut hash) {
            Ok(last) => return Some((last, hash)),
            Err(next) => (at, hand) = next,
        }
    }
    sow_checked::<HASH>(holes, geo, prefix, at, hand, hash)
}

/// One lap from `at`; `Ok` with where it ended if that hole was empty, else `Err` with the
/// landing hole lifted: where the next lap starts and its hand.
#[inline(always)]
fn relay<const HASH: bool>(
    holes: &mut Side,
    geo: &Geometry,
    prefix: &[u64; MAX_LEN + 1],
    at: usize,
    hand: usize,
    hash: &mut u64,
) -> Result<usize, (usize, usize)> {
    let last = lap::<HASH>(holes, geo, prefix, at, hand, hash);
    if holes[last] == 1 {
        return Ok(last);
    }
    let hand = holes[last] as usize;
    holes[last] = 0;
    if HASH {
        *hash = hash.wrapping_sub(prefix[last + 1].wrapping_sub(prefix[last]).wrapping_mul(hand as u64));
    }
    Err((last, hand))
}

/// The rest of a long sowing, with Brent's cycle detection on (counts, lap start).
#[cold]
#[inline(never)]
fn sow_checked<const HASH: bool>(
    holes: &mut Side,
    geo: &Geometry,
    prefix: &[u64; MAX_LEN + 1],
    mut at: usize,
    mut hand: usize,
    mut hash: u64,
) -> Option<(usize, u64)> {
    let mut saved = [0u8; ROW];
    let mut saved_at = usize::MAX;
    let mut power = 1u64;
    let mut steps = 0u64;
    loop {
        if at == saved_at && same_used(holes, &saved, geo.chunks) {
            return None;
        }
        if steps == power || saved_at == usize::MAX {
            copy_used(&mut saved, holes, geo.chunks);
            saved_at = at;
            power *= 2;
            steps = 0;
        }
        steps += 1;
        match relay::<HASH>(holes, geo, prefix, at, hand, &mut hash) {
            Ok(last) => return Some((last, hash)),
            Err(next) => (at, hand) = next,
        }
    }
}

impl Nsolo {
    /// The start position on a 4×n board: 2 seeds everywhere but each inner row's rightmost
    /// hole from its owner's seat (bn and c1: circuit index n for both).
    pub fn new(n: usize) -> Nsolo {
        assert!((1..=MAX_N).contains(&n));
        let len = 2 * n;
        let mut holes = [[0u8; ROW]; 2];
        for side in &mut holes {
            side[..len].fill(2);
            side[n] = 0;
        }
        let seeds = [2 * len as u32 - 2; 2];
        let mut game = Nsolo {
            geo: Geometry { n, len, chunks: len.div_ceil(CHUNK) },
            holes,
            seeds,
            to_move: 0,
            strip: 0,
            strip_from: 0,
            history: Vec::with_capacity(256),
            seen: 0,
            hash: 0,
            ending: None,
            plies: 0,
        };
        game.hash = game.full_hash();
        game.history.push(game.hash);
        game.seen = 1 << (game.hash >> 58);
        game
    }

    /// Holes per row.
    pub fn columns(&self) -> usize {
        self.geo.n
    }

    fn full_hash(&self) -> u64 {
        let mut h = self.to_move as u64;
        for (keys, holes) in KEYS.iter().zip(&self.holes) {
            for (&k, &c) in keys.iter().zip(holes).take(self.geo.len) {
                h = h.wrapping_add(k.wrapping_mul(u64::from(c)));
            }
        }
        h
    }

    /// The legal decisions, in board order of their holes.
    pub fn decisions(&self, out: &mut Vec<Decision>) {
        out.clear();
        if self.ending.is_some() {
            return;
        }
        if self.strip > 0 {
            self.picks(out);
            return;
        }
        let me = self.to_move;
        let geo = &self.geo;
        let holes = &self.holes[me];
        let len = geo.len;
        let candidates = self.candidate_mask();
        // First without a branch per candidate (its outcome would be mispredicted half the
        // time): the sowings whose first lap ends in an empty hole.
        let mut legal = 0u128;
        let mut m = candidates;
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            let c = holes[i] as usize;
            let last = if i + c >= len { i + c - len } else { i + c };
            let ends = c < len && holes[last.min(ROW - 1)] == 0;
            legal |= u128::from(ends) << i;
        }
        // Then the others, lap by lap.
        let mut m = candidates & !legal;
        let mut scratch = [0u8; ROW];
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            copy_used(&mut scratch, holes, geo.chunks);
            legal |= u128::from(sow::<false>(&mut scratch, geo, &PREFIX[me], i).is_some()) << i;
        }
        in_board_order(legal, me, geo.n, |i| out.push(Decision::Sow(i as u8)));
    }

    /// The mover's candidate holes (before endless ones are refused), as a circuit mask: the
    /// holes with two seeds or more, or if there are none, the singletons before an empty
    /// hole.
    #[inline(always)]
    fn candidate_mask(&self) -> u128 {
        let (occupied, big) = masks(&self.holes[self.to_move], self.geo.chunks);
        if big != 0 {
            return big;
        }
        let len = self.geo.len;
        let next_occupied = (occupied >> 1) | ((occupied & 1) << (len - 1));
        occupied & !next_occupied
    }

    /// The strip picks open to the mover: the opponent's occupied holes from the previous
    /// pick on, up to the last one from which the strip can still be completed.
    #[inline(always)]
    fn picks(&self, out: &mut Vec<Decision>) {
        let n = self.geo.n;
        let opp = 1 - self.to_move;
        let holes = &self.holes[opp];
        let (occupied, _) = masks(holes, self.geo.chunks);
        // The occupied holes in board order: bit k for board position k.
        let half = (1u64 << n) - 1;
        let (up, down) = if opp == 0 { (0, n) } else { (n, 0) };
        let left = (occupied >> up) as u64 & half;
        let right = ((occupied >> down) as u64 & half).reverse_bits() >> (64 - n);
        let board = (u128::from(left) | (u128::from(right) << n)) & (u128::MAX << self.strip_from);
        let circuit = |k: usize| if k < n { up + k } else { down + 2 * n - 1 - k };
        // The last position from which the picks still owed can be made.
        let mut rest = board;
        let mut suffix = 0u32;
        let last = loop {
            let k = 127 - rest.leading_zeros() as usize;
            suffix += u32::from(holes[circuit(k)]);
            if suffix >= self.strip {
                break k;
            }
            rest ^= 1 << k;
        };
        let mut open = board & (u128::MAX >> (127 - last));
        while open != 0 {
            let k = open.trailing_zeros() as usize;
            out.push(Decision::Pick(circuit(k) as u8));
            open &= open - 1;
        }
    }

    /// The candidate holes (before endless ones are refused), in board order.
    pub fn candidates(&self, out: &mut Vec<u8>) {
        out.clear();
        in_board_order(self.candidate_mask(), self.to_move, self.geo.n, |i| out.push(i as u8));
    }

    /// Try to sow candidate `i`: plays it and returns true, or returns false (changing
    /// nothing) if its sowing never ends.
    pub fn try_sow(&mut self, i: u8) -> bool {
        let me = self.to_move;
        let mut backup = [0u8; ROW];
        copy_used(&mut backup, &self.holes[me], self.geo.chunks);
        match sow::<true>(&mut self.holes[me], &self.geo, &PREFIX[me], i as usize) {
            Some((last, hash)) => {
                self.hash = self.hash.wrapping_add(hash);
                self.after_sowing(last);
                true
            }
            None => {
                copy_used(&mut self.holes[me], &backup, self.geo.chunks);
                false
            }
        }
    }

    /// Play a legal decision.
    pub fn play(&mut self, d: Decision) {
        self.plies += 1;
        let me = self.to_move;
        match d {
            Decision::Sow(i) => {
                let (last, hash) = sow::<true>(&mut self.holes[me], &self.geo, &PREFIX[me], i as usize)
                    .expect("a legal sowing ends");
                self.hash = self.hash.wrapping_add(hash);
                self.after_sowing(last);
            }
            Decision::Pick(i) => {
                let (opp, n, i) = (1 - me, self.geo.n, i as usize);
                self.holes[opp][i] -= 1;
                self.seeds[opp] -= 1;
                self.hash = self.hash.wrapping_sub(KEYS[opp][i]);
                self.strip -= 1;
                // The board-order position of circuit index `i`.
                let (up, down) = if opp == 0 { (0, n) } else { (n, 0) };
                self.strip_from = if (up..up + n).contains(&i) { i - up } else { 2 * n - 1 - (i - down) };
                if self.strip == 0 {
                    self.end_turn();
                }
            }
        }
    }

    fn after_sowing(&mut self, last: usize) {
        let me = self.to_move;
        let opp = 1 - me;
        let n = self.geo.n;
        if last >= n {
            let facing = 3 * n - 1 - last;
            let k = u32::from(self.holes[opp][facing]);
            if k > 0 {
                self.holes[opp][facing] = 0;
                self.seeds[opp] -= k;
                self.hash = self.hash.wrapping_sub(KEYS[opp][facing].wrapping_mul(u64::from(k)));
                self.history.clear();
                self.seen = 0;
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
        let bit = 1 << (h >> 58);
        if self.seen & bit != 0 && self.history.contains(&h) {
            self.ending = Some(Ending::Draw);
            return;
        }
        self.seen |= bit;
        self.history.push(h);
    }

    /// The player to move has no legal decision: they lose.
    pub fn blocked(&mut self) {
        self.ending = Some(Ending::Win { winner: 1 - self.to_move, blocked: true });
    }

    /// The board in the engine's board order (a1…an, b1…bn, c1…cn, d1…dn).
    pub fn board(&self) -> Vec<u16> {
        let n = self.geo.n;
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
        let (n, i) = (self.geo.n, i as usize);
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
