//! Endgame databases built into a file within a memory bound, for databases larger than
//! memory.
//!
//! A level (the positions with n seeds in play) depends only on itself and on lower levels
//! (see [`endgame`](super::endgame)). The build goes level by level: the level under way is
//! held in memory while it is solved, written to the file and dropped; the lower levels it
//! needs are read back from the file by positioned reads into a small cache of blocks. A
//! level too large for the memory left is cut into slices of consecutive entries, solved in
//! passes: in each pass every slice not finished is read into memory, each of its unsolved
//! positions is solved if every position it leads to is known (its own slice's are solved on
//! the way; another slice's are read back from the file), and the slice is written back. A
//! position waiting for another slice is left for the next pass; a pass that solves nothing
//! while positions are left means play goes round in a cycle, refused as in memory.
//!
//! The file is the same, byte for byte, as a database built in memory and saved (format 1):
//! every position's value is the one perfect play gives, whatever the order it was found in.
//! It is written as `FILE.partial` and renamed when it is complete, so that a build stopped
//! half-way never leaves a file that reads as a database.
//!
//! Positioned reads (`pread`) rather than a memory map: the memory the build uses stays
//! within the bound it is given (a map of the file would count its pages in the process's
//! memory), and no crate is needed.

use std::fs::File;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicI8, AtomicU64, Ordering};
use std::time::Instant;

use crate::engine::Rules;

use super::endgame::{
    BuildProgress, Builder, Endgame, EndgameError, Index, LevelReport, UNKNOWN, cycle, describe, error,
    game_name, header, model_hash, plan, pool, tally,
};

/// Entries (bytes) in a block read back from the file, and the smallest slice.
pub const BLOCK: usize = 4096;

/// The fewest blocks the read-back cache holds.
const MIN_CACHE_BLOCKS: usize = 4;

/// The least memory a build slice by slice needs: one slice of a block, the smallest cache,
/// and a block's buffer for the file.
pub const MIN_MEMORY: usize = BLOCK * (MIN_CACHE_BLOCKS + 2);

/// How a build slice by slice uses its memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The most entries of a slice held in memory.
    pub slice: u64,
    /// Blocks of the read-back cache.
    pub cache_blocks: usize,
}

impl Layout {
    /// The layout within `memory` bytes for a database of `entries` entries: `None` if the
    /// whole database fits (it is then built in memory, the fastest way); an error if even
    /// one slice does not fit.
    pub fn new(entries: u64, memory: usize) -> Result<Option<Layout>, EndgameError> {
        if entries <= memory as u64 {
            return Ok(None);
        }
        if memory < MIN_MEMORY {
            return Err(error(format!(
                "--memory {} is too small for even one slice of the database ({entries} positions, one byte each): building it slice by slice needs at least {}: a slice of {BLOCK} positions, {} KiB to read back lower levels and a {} KiB buffer",
                bytes_text(memory as u64),
                bytes_text(MIN_MEMORY as u64),
                MIN_CACHE_BLOCKS * BLOCK / 1024,
                BLOCK / 1024
            )));
        }
        // A quarter for reading back, the rest for the slice.
        let cache_blocks = (memory / 4 / BLOCK).max(MIN_CACHE_BLOCKS);
        let slice = (memory - cache_blocks * BLOCK - BLOCK) as u64;
        Ok(Some(Layout { slice, cache_blocks }))
    }
}

/// A size in bytes for a message: `512 bytes`, `24.0 KiB`, `1.5 GiB`.
pub fn bytes_text(bytes: u64) -> String {
    const UNITS: [&str; 4] = ["KiB", "MiB", "GiB", "TiB"];
    if bytes < 1024 {
        return format!("{bytes} bytes");
    }
    let mut v = bytes as f64 / 1024.0;
    let mut unit = 0;
    while v >= 1024.0 && unit + 1 < UNITS.len() {
        v /= 1024.0;
        unit += 1;
    }
    format!("{v:.1} {}", UNITS[unit])
}

/// A finished build.
#[derive(Clone, Debug)]
pub struct Built {
    /// Positions in the database.
    pub entries: u64,
    /// Its levels, from no seeds in play up.
    pub levels: Vec<LevelReport>,
    /// How memory was used: `None` when the whole database was built in memory.
    pub layout: Option<Layout>,
    /// Bytes written (the file's size).
    pub bytes: u64,
}

/// Build the database of every position with at most `max_seeds` seeds in play into the
/// file `path`, on `threads` threads, within `memory` bytes for its values (`None`: the
/// whole database in memory). `on_level` is told of each level as it is finished.
pub fn build_file(
    rules: &Rules,
    max_seeds: u32,
    threads: usize,
    memory: Option<usize>,
    path: &Path,
    progress: &BuildProgress,
    on_level: &mut dyn FnMut(&LevelReport),
) -> Result<Built, EndgameError> {
    let index = plan(rules, max_seeds)?;
    let layout = match memory {
        Some(memory) => Layout::new(index.entries(), memory)?,
        None => None,
    };
    let partial = partial_path(path)?;
    let mut levels = Vec::new();
    let mut report = |level: &LevelReport| {
        on_level(level);
        levels.push(level.clone());
    };
    let built = match layout {
        None => Endgame::build_reporting(rules, max_seeds, threads, progress, &mut report)
            .and_then(|db| db.save(&partial)),
        Some(layout) => build_slices(rules, &index, threads, layout, &partial, progress, &mut report),
    };
    if let Err(e) = built {
        let _ = std::fs::remove_file(&partial);
        return Err(e);
    }
    std::fs::rename(&partial, path).map_err(|e| {
        let _ = std::fs::remove_file(&partial);
        error(format!("cannot write {}: {e}", path.display()))
    })?;
    let bytes = std::fs::metadata(path).map_or(0, |m| m.len());
    Ok(Built { entries: index.entries(), levels, layout, bytes })
}

/// Where a build writes before the file is complete: `FILE.partial` beside it.
fn partial_path(path: &Path) -> Result<PathBuf, EndgameError> {
    let name = path
        .file_name()
        .ok_or_else(|| error(format!("{} is not a file name to write a database to", path.display())))?;
    let mut partial = name.to_os_string();
    partial.push(".partial");
    Ok(path.with_file_name(partial))
}

fn build_slices(
    rules: &Rules,
    index: &Index,
    threads: usize,
    layout: Layout,
    path: &Path,
    progress: &BuildProgress,
    on_level: &mut dyn FnMut(&LevelReport),
) -> Result<(), EndgameError> {
    let io = |e: std::io::Error| error(format!("cannot write {}: {e}", path.display()));
    let file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(true)
        .open(path)
        .map_err(io)?;
    let head = header(model_hash(rules.model()), rules.holes(), index.max_seeds(), &game_name(rules));
    write_at(&file, &head, 0).map_err(io)?;
    let reader = Reader::new(file, head.len() as u64, layout.cache_blocks, path);
    let pool = pool(threads)?;
    let mut slice: Vec<AtomicI8> = Vec::new();
    let mut buffer = vec![0u8; BLOCK];
    for n in 0..=index.max_seeds() {
        let begun = Instant::now();
        progress.level.store(u64::from(n), Ordering::Relaxed);
        let level = index.level_start(n)..index.level_start(n + 1);
        let count = (level.end - level.start).div_ceil(layout.slice).max(1);
        let size = (level.end - level.start).div_ceil(count);
        let slices: Vec<Range<u64>> = (0..count)
            .map(|i| level.start + i * size..(level.start + (i + 1) * size).min(level.end))
            .collect();
        progress.slices.store(count, Ordering::Relaxed);
        if count > 1 {
            // The other slices of the level read back as not solved until they are.
            buffer.fill(UNKNOWN as u8);
            let mut at = level.start;
            while at < level.end {
                let len = (level.end - at).min(BLOCK as u64) as usize;
                write_at(&reader.file, &buffer[..len], reader.offset + at).map_err(io)?;
                at += len as u64;
            }
            reader.written(level.clone());
        }
        let mut finished = vec![false; slices.len()];
        let mut results = [0u64; 3];
        let mut passes = 0;
        while finished.contains(&false) {
            passes += 1;
            progress.pass.store(u64::from(passes), Ordering::Relaxed);
            let mut solved_in_pass = 0u64;
            let waiting = AtomicU64::new(u64::MAX);
            for (i, range) in slices.iter().enumerate() {
                if finished[i] {
                    continue;
                }
                progress.slice.store(i as u64 + 1, Ordering::Relaxed);
                let len = (range.end - range.start) as usize;
                slice.clear();
                if passes == 1 {
                    slice.extend((0..len).map(|_| AtomicI8::new(UNKNOWN)));
                } else {
                    let mut at = range.start;
                    while at < range.end {
                        let part = (range.end - at).min(BLOCK as u64) as usize;
                        read_at(&reader.file, &mut buffer[..part], reader.offset + at)
                            .map_err(|e| error(format!("cannot read {}: {e}", path.display())))?;
                        slice.extend(buffer[..part].iter().map(|&b| AtomicI8::new(b as i8)));
                        at += part as u64;
                    }
                }
                let unknown_before =
                    slice.iter().filter(|v| v.load(Ordering::Relaxed) == UNKNOWN).count() as u64;
                let builder = Builder {
                    rules,
                    index,
                    slice: &slice,
                    start: range.start,
                    file: Some(&reader),
                    progress,
                };
                let left = AtomicU64::new(0);
                pool.install(|| {
                    use rayon::prelude::*;
                    (range.start as usize..range.end as usize)
                        .into_par_iter()
                        .with_min_len(256)
                        .try_for_each_init(Vec::new, |path, at| {
                            let at = at as u64;
                            if builder.entry(n, at, path)?.is_none() {
                                left.fetch_add(1, Ordering::Relaxed);
                                waiting.fetch_min(at, Ordering::Relaxed);
                            }
                            Ok::<(), EndgameError>(())
                        })
                })?;
                let left = left.into_inner();
                solved_in_pass += unknown_before - left;
                let mut at = range.start;
                for part in slice.chunks(BLOCK) {
                    for (b, v) in buffer.iter_mut().zip(part) {
                        *b = v.load(Ordering::Relaxed) as u8;
                    }
                    write_at(&reader.file, &buffer[..part.len()], reader.offset + at).map_err(io)?;
                    at += part.len() as u64;
                }
                reader.written(range.clone());
                if left == 0 {
                    finished[i] = true;
                    tally(slice.iter().map(|v| v.load(Ordering::Relaxed)), &mut results);
                }
            }
            if solved_in_pass == 0 && finished.contains(&false) {
                // Every position left waits for another one left: a cycle.
                let at = waiting.into_inner();
                let builder = Builder { rules, index, slice: &[], start: 0, file: Some(&reader), progress };
                return Err(cycle(n, &describe(rules, &builder.state(n, at)?)));
            }
        }
        on_level(&LevelReport { seeds: n, results, slices: count, passes, elapsed: begun.elapsed() });
    }
    drop(slice);
    Ok(())
}

/// The file being built, read back by blocks through a cache: the finished levels, and what
/// the level under way has written so far.
pub(crate) struct Reader {
    file: File,
    /// Where the values begin (after the header).
    offset: u64,
    /// Entries written so far: the end of what can be read.
    limit: AtomicU64,
    slots: Vec<Mutex<Slot>>,
    path: PathBuf,
}

/// A block of the cache: `block` (`u64::MAX`: none), its first `len` bytes read.
struct Slot {
    block: u64,
    len: usize,
    bytes: Box<[u8]>,
}

impl Reader {
    fn new(file: File, offset: u64, blocks: usize, path: &Path) -> Reader {
        let slots = (0..blocks.max(1))
            .map(|_| Mutex::new(Slot { block: u64::MAX, len: 0, bytes: vec![0u8; BLOCK].into_boxed_slice() }))
            .collect();
        Reader { file, offset, limit: AtomicU64::new(0), slots, path: path.to_path_buf() }
    }

    /// The byte of entry `at` (`UNKNOWN`: not solved yet).
    pub(crate) fn get(&self, at: u64) -> Result<i8, EndgameError> {
        let limit = self.limit.load(Ordering::Relaxed);
        if at >= limit {
            return Err(error(format!("entry {at} read back before it was written: a fault in sow")));
        }
        let block = at / BLOCK as u64;
        let slot = &self.slots[(block % self.slots.len() as u64) as usize];
        let mut slot = slot.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if slot.block != block {
            let begin = block * BLOCK as u64;
            let len = (limit - begin).min(BLOCK as u64) as usize;
            slot.block = u64::MAX;
            read_at(&self.file, &mut slot.bytes[..len], self.offset + begin)
                .map_err(|e| error(format!("cannot read back {}: {e}", self.path.display())))?;
            slot.block = block;
            slot.len = len;
        }
        let i = (at % BLOCK as u64) as usize;
        debug_assert!(i < slot.len);
        Ok(slot.bytes[i] as i8)
    }

    /// Entries `range` were written: the blocks cached of them are stale.
    fn written(&self, range: Range<u64>) {
        self.limit.fetch_max(range.end, Ordering::Relaxed);
        let (first, last) = (range.start / BLOCK as u64, (range.end.max(1) - 1) / BLOCK as u64);
        for block in first..=last {
            let slot = &self.slots[(block % self.slots.len() as u64) as usize];
            let mut slot = slot.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            if slot.block == block {
                slot.block = u64::MAX;
            }
        }
    }
}

#[cfg(unix)]
fn read_at(file: &File, buf: &mut [u8], offset: u64) -> std::io::Result<()> {
    std::os::unix::fs::FileExt::read_exact_at(file, buf, offset)
}

#[cfg(unix)]
fn write_at(file: &File, buf: &[u8], offset: u64) -> std::io::Result<()> {
    std::os::unix::fs::FileExt::write_all_at(file, buf, offset)
}

#[cfg(windows)]
fn read_at(file: &File, mut buf: &mut [u8], mut offset: u64) -> std::io::Result<()> {
    use std::os::windows::fs::FileExt;
    while !buf.is_empty() {
        match file.seek_read(buf, offset) {
            Ok(0) => return Err(std::io::ErrorKind::UnexpectedEof.into()),
            Ok(n) => {
                buf = &mut buf[n..];
                offset += n as u64;
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

#[cfg(windows)]
fn write_at(file: &File, mut buf: &[u8], mut offset: u64) -> std::io::Result<()> {
    use std::os::windows::fs::FileExt;
    while !buf.is_empty() {
        match file.seek_write(buf, offset) {
            Ok(0) => return Err(std::io::ErrorKind::WriteZero.into()),
            Ok(n) => {
                buf = &buf[n..];
                offset += n as u64;
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

#[cfg(not(any(unix, windows)))]
fn read_at(_: &File, _: &mut [u8], _: u64) -> std::io::Result<()> {
    Err(std::io::Error::new(std::io::ErrorKind::Unsupported, "no positioned reads on this platform"))
}

#[cfg(not(any(unix, windows)))]
fn write_at(_: &File, _: &[u8], _: u64) -> std::io::Result<()> {
    Err(std::io::Error::new(std::io::ErrorKind::Unsupported, "no positioned writes on this platform"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts() {
        // The whole database fits: built in memory.
        assert_eq!(Layout::new(1000, 4096), Ok(None));
        // The least memory: one block's slice.
        let least = Layout::new(1 << 20, MIN_MEMORY).unwrap().unwrap();
        assert_eq!(least, Layout { slice: BLOCK as u64, cache_blocks: MIN_CACHE_BLOCKS });
        // A quarter for the cache, the rest (less a buffer) for the slice.
        let big = Layout::new(1 << 40, 1 << 30).unwrap().unwrap();
        assert_eq!(big.cache_blocks * BLOCK, 1 << 28);
        assert_eq!(big.slice, (1 << 30) - (1 << 28) - BLOCK as u64);
        let too_small = Layout::new(1 << 20, MIN_MEMORY - 1).unwrap_err();
        assert!(too_small.0.contains("too small for even one slice"), "{too_small}");
        assert_eq!(bytes_text(MIN_MEMORY as u64), "24.0 KiB");
    }
}
