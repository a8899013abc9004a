//! The transposition table: a fixed array of buckets shared by every search thread without
//! locks, bounded by a memory budget.
//!
//! Each entry is two words: the position's check (the fingerprint's high half) XOR the data,
//! and the data (a lower and an upper bound, the depth they hold for and the best decision's
//! index). A reader accepts an entry only if the two words agree, so a write torn by another
//! thread reads as a miss, never as another position's bounds (Hyatt and Mann's lockless
//! hashing). Buckets of four entries; a new position takes the shallowest entry of its
//! bucket, and proven entries (depth [`PROVEN`]) are kept longest.

use std::sync::atomic::{AtomicU64, Ordering};

/// The depth of an entry whose bounds are proven: they hold whatever the depth.
pub const PROVEN: u8 = u8::MAX;

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
    /// The depth the bounds hold for, or [`PROVEN`].
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

/// A lock-free transposition table.
pub struct Table {
    slots: Vec<[AtomicU64; 2]>,
    mask: usize,
    probes: AtomicU64,
    hits: AtomicU64,
}

impl Table {
    /// A table of at most `bytes` (at least one bucket; a power of two buckets).
    pub fn new(bytes: usize) -> Table {
        let buckets = (bytes / (ENTRY_BYTES * WAYS)).max(1);
        let buckets = if buckets.is_power_of_two() { buckets } else { buckets.next_power_of_two() / 2 };
        let slots = (0..buckets * WAYS).map(|_| [AtomicU64::new(0), AtomicU64::new(0)]).collect();
        Table { slots, mask: buckets - 1, probes: AtomicU64::new(0), hits: AtomicU64::new(0) }
    }

    /// The table's size in bytes.
    pub fn bytes(&self) -> usize {
        self.slots.len() * ENTRY_BYTES
    }

    /// Entries in the table.
    pub fn capacity(&self) -> usize {
        self.slots.len()
    }

    /// Entries in use (counted by a walk over the table).
    pub fn used(&self) -> usize {
        self.slots.iter().filter(|s| s[1].load(Ordering::Relaxed) != 0).count()
    }

    /// Lookups made and lookups that found their position.
    pub fn hit_rate(&self) -> (u64, u64) {
        (self.probes.load(Ordering::Relaxed), self.hits.load(Ordering::Relaxed))
    }

    fn bucket(&self, key: u128) -> &[[AtomicU64; 2]] {
        let start = (key as usize & self.mask) * WAYS;
        &self.slots[start..start + WAYS]
    }

    fn check(key: u128) -> u64 {
        // Never 0, so that an empty entry (both words 0) matches nothing.
        (key >> 64) as u64 | 1
    }

    /// The entry of a position, if the table holds it.
    pub fn probe(&self, key: u128) -> Option<Entry> {
        self.probes.fetch_add(1, Ordering::Relaxed);
        let check = Table::check(key);
        for slot in self.bucket(key) {
            let word = slot[0].load(Ordering::Relaxed);
            let data = slot[1].load(Ordering::Relaxed);
            if data != 0 && word ^ data == check {
                self.hits.fetch_add(1, Ordering::Relaxed);
                return Some(Entry::unpack(data));
            }
        }
        None
    }

    /// Remember bounds of a position. Bounds of the same depth as those held are
    /// intersected with them; deeper (or proven) bounds replace shallower ones, and
    /// shallower ones are dropped.
    pub fn store(&self, key: u128, mut entry: Entry) {
        let check = Table::check(key);
        let bucket = self.bucket(key);
        let mut victim = 0;
        let mut victim_depth = u16::MAX;
        for (i, slot) in bucket.iter().enumerate() {
            let word = slot[0].load(Ordering::Relaxed);
            let data = slot[1].load(Ordering::Relaxed);
            if data != 0 && word ^ data == check {
                let old = Entry::unpack(data);
                if old.depth > entry.depth {
                    return;
                }
                if old.depth == entry.depth {
                    entry.lower = entry.lower.max(old.lower);
                    entry.upper = entry.upper.min(old.upper);
                    if entry.best == u8::MAX {
                        entry.best = old.best;
                    }
                }
                victim = i;
                break;
            }
            let depth = if data == 0 { 0 } else { u16::from(Entry::unpack(data).depth) + 1 };
            if depth < victim_depth {
                victim = i;
                victim_depth = depth;
            }
        }
        let data = entry.pack();
        bucket[victim][0].store(check ^ data, Ordering::Relaxed);
        bucket[victim][1].store(data, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_and_intersects() {
        let table = Table::new(1 << 12);
        let key = 0x1234_5678_9abc_def0_0fed_cba9_8765_4321u128;
        assert_eq!(table.probe(key), None);
        table.store(key, Entry { lower: -3, upper: 100, depth: 4, best: 2 });
        table.store(key, Entry { lower: -100, upper: 7, depth: 4, best: u8::MAX });
        assert_eq!(table.probe(key), Some(Entry { lower: -3, upper: 7, depth: 4, best: 2 }));
        // Shallower bounds do not replace deeper ones; proven ones replace all.
        table.store(key, Entry { lower: 50, upper: 50, depth: 2, best: 0 });
        assert_eq!(table.probe(key).unwrap().lower, -3);
        table.store(key, Entry { lower: 5, upper: 5, depth: PROVEN, best: 1 });
        assert_eq!(table.probe(key), Some(Entry { lower: 5, upper: 5, depth: PROVEN, best: 1 }));
        // Another position with the same bucket is not mistaken for it.
        assert_eq!(table.probe(key ^ 1 << 100), None);
        assert!(table.bytes() <= 1 << 12);
    }
}
