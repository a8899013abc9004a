//! One shard of a run of many games: `I/N`, the I-th of N contiguous slices of the game
//! numbers, counted from 1 as cargo-nextest's `--partition count:I/N` and Slurm's array
//! indices are.
//!
//! Each game depends only on its number and the run's seed, so the shards of a run can be
//! played anywhere (a Slurm array job, Ray tasks, another day) and their games put back
//! together in game order give the very games of the run played whole.

use std::fmt;
use std::ops::Range;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// The `index`-th of `count` shards of a run (1-based: `1/4` … `4/4`).
///
/// Shard `I/N` of a run of `total` games plays games `(I-1)·total/N .. I·total/N`
/// ([`Shard::games`]): contiguous slices whose sizes differ by at most one, which cover the
/// run exactly once. A shard may be empty when there are more shards than games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "RawShard")]
pub struct Shard {
    /// Which shard, from 1 to `count`.
    pub index: u32,
    /// How many shards the run is split into (at least 1).
    pub count: u32,
}

/// A shard as read, checked by [`Shard::new`] before it becomes one.
#[derive(Deserialize)]
struct RawShard {
    index: u32,
    count: u32,
}

impl TryFrom<RawShard> for Shard {
    type Error = ShardError;

    fn try_from(raw: RawShard) -> Result<Shard, ShardError> {
        Shard::new(raw.index, raw.count)
    }
}

impl Shard {
    /// The whole run as one shard: `1/1`.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// Shard `index` of `count`, if `1 <= index <= count`.
    pub fn new(index: u32, count: u32) -> Result<Shard, ShardError> {
        if count == 0 {
            Err(ShardError::NoShards)
        } else if index == 0 {
            Err(ShardError::FromZero { count })
        } else if index > count {
            Err(ShardError::PastCount { index, count })
        } else {
            Ok(Shard { index, count })
        }
    }

    /// Every shard of a run split into `count` (none for 0), in order.
    pub fn all(count: u32) -> impl Iterator<Item = Shard> {
        (1..=count).map(move |index| Shard { index, count })
    }

    /// The game numbers (from 0) of this shard of a run of `total` games: contiguous,
    /// `(index-1)·total/count .. index·total/count`, computed without overflow.
    ///
    /// ```
    /// use sow::analysis::shard::Shard;
    /// let ranges: Vec<_> = Shard::all(4).map(|s| s.games(10)).collect();
    /// assert_eq!(ranges, [0..2, 2..5, 5..7, 7..10]);
    /// ```
    pub fn games(&self, total: u32) -> Range<u32> {
        let at = |i: u32| (u64::from(i) * u64::from(total) / u64::from(self.count.max(1))) as u32;
        at(self.index.saturating_sub(1))..at(self.index)
    }

    /// Whether this is the whole run (`1/1`).
    pub fn is_whole(&self) -> bool {
        self.count == 1
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// Why a text or a pair of numbers is not a shard.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShardError {
    /// Not `I/N` with two whole numbers.
    #[error("`{0}` is not a shard: write I/N, e.g. 2/4 for the second of four shards")]
    Syntax(String),
    /// `I/0`.
    #[error("a run is split into at least 1 shard, not 0")]
    NoShards,
    /// `0/N`.
    #[error("shards count from 1: the shards of {count} are 1/{count} to {count}/{count}")]
    FromZero {
        /// N.
        count: u32,
    },
    /// `I/N` with I > N.
    #[error("there is no shard {index} of {count}: the shards are 1/{count} to {count}/{count}")]
    PastCount {
        /// I.
        index: u32,
        /// N.
        count: u32,
    },
}

impl FromStr for Shard {
    type Err = ShardError;

    fn from_str(text: &str) -> Result<Shard, ShardError> {
        let syntax = || ShardError::Syntax(text.to_string());
        let (index, count) = text.trim().split_once('/').ok_or_else(syntax)?;
        let number = |s: &str| {
            let s = s.trim();
            if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
                return Err(syntax());
            }
            s.parse::<u32>().map_err(|_| syntax())
        };
        Shard::new(number(index)?, number(count)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_read_and_print_as_i_of_n() {
        assert_eq!("2/4".parse::<Shard>(), Ok(Shard { index: 2, count: 4 }));
        assert_eq!(" 1/1 ".parse::<Shard>(), Ok(Shard::WHOLE));
        assert_eq!(Shard { index: 3, count: 8 }.to_string(), "3/8");
        assert_eq!(Shard::WHOLE.to_string(), "1/1");
    }

    #[test]
    fn mistakes_are_explained() {
        let err = |text: &str| text.parse::<Shard>().unwrap_err().to_string();
        assert_eq!(err("0/4"), "shards count from 1: the shards of 4 are 1/4 to 4/4");
        assert_eq!(err("5/4"), "there is no shard 5 of 4: the shards are 1/4 to 4/4");
        assert_eq!(err("1/0"), "a run is split into at least 1 shard, not 0");
        for bad in ["x", "1", "1/", "/4", "a/4", "1/b", "-1/4", "+1/4", "1/4/2", "1.5/4", "99999999999/1"] {
            assert_eq!(
                err(bad),
                format!("`{bad}` is not a shard: write I/N, e.g. 2/4 for the second of four shards")
            );
        }
    }

    #[test]
    fn shards_slice_the_games_contiguously() {
        let ranges = |n: u32, total: u32| Shard::all(n).map(|s| s.games(total)).collect::<Vec<_>>();
        assert_eq!(ranges(4, 10), [0..2, 2..5, 5..7, 7..10]);
        assert_eq!(Shard::WHOLE.games(10), 0..10);
        assert_eq!(ranges(2, 3), [0..1, 1..3]);
        // More shards than games: some are empty, and every game is in one.
        assert_eq!(ranges(5, 2), [0..0, 0..0, 0..1, 1..1, 1..2]);
        assert_eq!(ranges(3, 0), [0..0, 0..0, 0..0]);
        // Large runs do not overflow.
        assert_eq!(Shard { index: 3, count: 3 }.games(u32::MAX), 2_863_311_530..u32::MAX);
        for (n, total) in [(7, 100), (13, 5), (4, 10_000), (1000, 999)] {
            let r = ranges(n, total);
            assert_eq!(r[0].start, 0);
            assert_eq!(r.last().map(|r| r.end), Some(total));
            assert!(r.windows(2).all(|w| w[0].end == w[1].start));
            assert!(r.iter().all(|g| g.len() as u32 <= total.div_ceil(n)));
        }
    }

    #[test]
    fn a_shard_read_from_json_is_checked() {
        let shard: Shard = serde_json::from_str(r#"{"index": 2, "count": 4}"#).expect("a shard");
        assert_eq!(shard, Shard { index: 2, count: 4 });
        let err = serde_json::from_str::<Shard>(r#"{"index": 0, "count": 4}"#).unwrap_err().to_string();
        assert!(err.starts_with("shards count from 1"), "{err}");
    }
}
