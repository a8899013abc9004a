//! The transposition table: two fixed arrays of buckets shared by every search thread
//! without locks, bounded by a memory budget.
//!
//! Each entry is two words: the position's check (the fingerprint's high half) XOR the data,
//! and the data (a lower and an upper bound, a priority and the best decision's index). A
//! reader accepts an entry only if the two words agree, so a write torn by another thread
//! reads as a miss, never as another position's bounds (Hyatt and Mann's lockless hashing).
//! Buckets of four entries.
//!
//! Proven bounds (bounds on the game-theoretic value, reached without cutting a line off)
//! and bounds of a search to a depth live in two arrays of half the budget each, so that the
//! many depth-bounded entries of a long search never push a proven one out: in one array
//! depth-bounded bounds, a new position taking the shallowest entry of its bucket; in the
//! other, proven bounds, their priority the work they cost (the base-2 logarithm of the
//! nodes searched under them), a new position taking the entry that cost least. Proven
//! bounds of one position are intersected whatever searches found them, so a proven lower
//! bound and a proven upper bound make an exact value.

use std::sync::atomic::{AtomicU64, Ordering};

/// Entries in a bucket.
const WAYS: usize = 4;

/// Bytes per entry.
pub const ENTRY_BYTES: usize = 16;

/// What an entry holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The value is at least this.
    pub lower: i16,
    /// The value is at most this.
    pub upper: i16,
    /// The depth the bounds hold for (a depth-bounded entry), or the base-2 logarithm of
    /// the nodes searched to prove them (a proven entry): what decides which entry of a
    /// bucket a new position takes.
    pub depth: u8,
    /// The best decision's index in the position's list of legal decisions, or `u8::MAX`.
    pub best: u8,
}

impl Entry {
    fn pack(self) -> u64 {
        u64::from(self.lower as u16)
            | u64::from(self.upper as u16) << 16
            | u64::from(self.depth) << 32
            | u64::from(self.best) << 40
            | 1 << 63
    }

    fn unpack(data: u64) -> Entry {
        Entry {
            lower: data as u16 as i16,
            upper: (data >> 16) as u16 as i16,
            depth: (data >> 32) as u8,
            best: (data >> 40) as u8,
        }
    }
}

/// What the table knows of a position: its proven bounds and its depth-bounded ones.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Found {
    /// Bounds on the game-theoretic value.
    pub proven: Option<Entry>,
    /// Bounds of a search to `depth` plies.
    pub bounded: Option<Entry>,
}

impl Found {
    /// The decision to try first: the one that proved a lower bound, else the one of the
    /// deepest search, else the proven entry's; `u8::MAX` if none.
    pub fn best(&self) -> u8 {
        match (self.proven, self.bounded) {
            (Some(p), _) if p.lower > i16::MIN / 2 && p.best != u8::MAX => p.best,
            (_, Some(b)) if b.best != u8::MAX => b.best,
            (Some(p), _) => p.best,
            _ => u8::MAX,
        }
    }
}

/// One array of buckets.
struct Slots {
    slots: Vec<[AtomicU64; 2]>,
    mask: usize,
}

impl Slots {
    /// At most `bytes` (at least one bucket; a power of two buckets).
    fn new(bytes: usize) -> Slots {
        let buckets = (bytes / (ENTRY_BYTES * WAYS)).max(1);
        let buckets = if buckets.is_power_of_two() { buckets } else { buckets.next_power_of_two() / 2 };
        let slots = (0..buckets * WAYS).map(|_| [AtomicU64::new(0), AtomicU64::new(0)]).collect();
        Slots { slots, mask: buckets - 1 }
    }

    fn bucket(&self, key: u128) -> &[[AtomicU64; 2]] {
        let start = (key as usize & self.mask) * WAYS;
        &self.slots[start..start + WAYS]
    }

    fn used(&self) -> usize {
        self.slots.iter().filter(|s| s[1].load(Ordering::Relaxed) != 0).count()
    }

    fn probe(&self, key: u128, check: u64) -> Option<Entry> {
        for slot in self.bucket(key) {
            let word = slot[0].load(Ordering::Relaxed);
            let data = slot[1].load(Ordering::Relaxed);
            if data != 0 && word ^ data == check {
                return Some(Entry::unpack(data));
            }
        }
        None
    }

    /// Store `entry`, merged by `merge` with the position's entry if the bucket holds one
    /// (`None`: keep the old one), else in the entry of lowest priority.
    fn store(&self, key: u128, check: u64, entry: Entry, merge: impl Fn(Entry, Entry) -> Option<Entry>) {
        let bucket = self.bucket(key);
        let mut victim = 0;
        let mut victim_priority = u16::MAX;
        let mut entry = entry;
        for (i, slot) in bucket.iter().enumerate() {
            let word = slot[0].load(Ordering::Relaxed);
            let data = slot[1].load(Ordering::Relaxed);
            if data != 0 && word ^ data == check {
                match merge(Entry::unpack(data), entry) {
                    Some(merged) => entry = merged,
                    None => return,
                }
                victim = i;
                break;
            }
            let priority = if data == 0 { 0 } else { u16::from(Entry::unpack(data).depth) + 1 };
            if priority < victim_priority {
                victim = i;
                victim_priority = priority;
            }
        }
        let data = entry.pack();
        bucket[victim][0].store(check ^ data, Ordering::Relaxed);
        bucket[victim][1].store(data, Ordering::Relaxed);
    }
}

/// A lock-free transposition table: proven bounds and depth-bounded ones apart.
pub struct Table {
    proven: Slots,
    bounded: Slots,
    probes: AtomicU64,
    hits: AtomicU64,
}

impl Table {
    /// A table of at most `bytes`: half for proven bounds, half for depth-bounded ones.
    pub fn new(bytes: usize) -> Table {
        Table {
            proven: Slots::new(bytes / 2),
            bounded: Slots::new(bytes / 2),
            probes: AtomicU64::new(0),
            hits: AtomicU64::new(0),
        }
    }

    /// The table's size in bytes.
    pub fn bytes(&self) -> usize {
        self.capacity() * ENTRY_BYTES
    }

    /// Entries in the table (both arrays).
    pub fn capacity(&self) -> usize {
        self.proven.slots.len() + self.bounded.slots.len()
    }

    /// Entries in use (counted by a walk over the table): proven ones and depth-bounded ones.
    pub fn used(&self) -> (usize, usize) {
        (self.proven.used(), self.bounded.used())
    }

    /// Lookups made and lookups that found their position.
    pub fn hit_rate(&self) -> (u64, u64) {
        (self.probes.load(Ordering::Relaxed), self.hits.load(Ordering::Relaxed))
    }

    fn check(key: u128) -> u64 {
        // Never 0, so that an empty entry (both words 0) matches nothing.
        (key >> 64) as u64 | 1
    }

    /// What the table holds of a position.
    pub fn probe(&self, key: u128) -> Found {
        self.probes.fetch_add(1, Ordering::Relaxed);
        let check = Table::check(key);
        let found = Found { proven: self.proven.probe(key, check), bounded: self.bounded.probe(key, check) };
        if found.proven.is_some() || found.bounded.is_some() {
            self.hits.fetch_add(1, Ordering::Relaxed);
        }
        found
    }

    /// Remember proven bounds of a position, `entry.depth` the base-2 logarithm of the
    /// nodes they cost: intersected with the proven bounds held.
    pub fn store_proven(&self, key: u128, entry: Entry) {
        self.proven.store(key, Table::check(key), entry, |old, mut new| {
            new.lower = new.lower.max(old.lower);
            new.upper = new.upper.min(old.upper);
            new.depth = new.depth.max(old.depth);
            if new.best == u8::MAX || (old.lower > i16::MIN / 2 && new.lower == old.lower) {
                new.best = if old.best == u8::MAX { new.best } else { old.best };
            }
            Some(new)
        });
    }

    /// Remember bounds of a search to `entry.depth` plies. Bounds of the same depth as those
    /// held are intersected with them; deeper bounds replace shallower ones, and shallower
    /// ones are dropped.
    pub fn store_bounded(&self, key: u128, entry: Entry) {
        self.bounded.store(key, Table::check(key), entry, |old, mut new| {
            if old.depth > new.depth {
                return None;
            }
            if old.depth == new.depth {
                new.lower = new.lower.max(old.lower);
                new.upper = new.upper.min(old.upper);
                if new.best == u8::MAX {
                    new.best = old.best;
                }
            }
            Some(new)
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_and_intersects() {
        let table = Table::new(1 << 13);
        let key = 0x1234_5678_9abc_def0_0fed_cba9_8765_4321u128;
        assert_eq!(table.probe(key), Found::default());
        table.store_bounded(key, Entry { lower: -3, upper: 100, depth: 4, best: 2 });
        table.store_bounded(key, Entry { lower: -100, upper: 7, depth: 4, best: u8::MAX });
        assert_eq!(table.probe(key).bounded, Some(Entry { lower: -3, upper: 7, depth: 4, best: 2 }));
        // Shallower bounds do not replace deeper ones.
        table.store_bounded(key, Entry { lower: 50, upper: 50, depth: 2, best: 0 });
        assert_eq!(table.probe(key).bounded.unwrap().lower, -3);
        // Proven bounds are kept apart, intersected, and give the best decision.
        table.store_proven(key, Entry { lower: 5, upper: 100, depth: 10, best: 1 });
        table.store_proven(key, Entry { lower: -100, upper: 5, depth: 3, best: 3 });
        let found = table.probe(key);
        assert_eq!(found.proven, Some(Entry { lower: 5, upper: 5, depth: 10, best: 1 }));
        assert_eq!(found.bounded.unwrap().depth, 4);
        assert_eq!(found.best(), 1);
        // Another position with the same bucket is not mistaken for it.
        assert_eq!(table.probe(key ^ 1 << 100), Found::default());
        assert!(table.bytes() <= 1 << 13);
    }

    #[test]
    fn depth_bounded_entries_never_push_out_proven_ones() {
        // One bucket in each half: many deep depth-bounded entries leave the proven one.
        let table = Table::new(2 * WAYS * ENTRY_BYTES);
        table.store_proven(14 << 64, Entry { lower: 1, upper: 1, depth: 0, best: 0 });
        for key in 8..100u128 {
            table.store_bounded((key * 2) << 64, Entry { lower: 0, upper: 0, depth: 200, best: 0 });
        }
        assert_eq!(table.probe(14 << 64).proven, Some(Entry { lower: 1, upper: 1, depth: 0, best: 0 }));
        // A proven entry that cost more stays when the bucket is full.
        for key in 1..4u128 {
            table.store_proven((key * 2) << 64, Entry { lower: 2, upper: 2, depth: 5, best: 0 });
        }
        table.store_proven(18 << 64, Entry { lower: 3, upper: 3, depth: 1, best: 0 });
        assert!(table.probe(14 << 64).proven.is_none(), "the cheapest entry made room");
        assert!((1..4u128).all(|k| table.probe((k * 2) << 64).proven.is_some()));
    }
}
