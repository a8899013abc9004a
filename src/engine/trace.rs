//! A sowing lap by lap, seed by seed: what a front end needs to show a sowing as it
//! happens. Traced by the general interpreter, whatever plays the rules (one interpreter
//! for what is played and what is shown); slow and allocating, so never used by play or
//! search.

use super::rules::*;
use super::state::*;

/// One lap of a sowing: the hole its seeds were lifted from and the holes they fell in, in
/// order (a hand longer than the circuit goes round more than once).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SownLap {
    /// The hole emptied into the hand: the chosen hole for the first lap, then the hole a
    /// relay lifts, or the hole a capture's seeds were put into to be sown on.
    pub from: Hole,
    /// Where each seed fell, in order; the last is where the lap ended.
    pub drops: Vec<Hole>,
    /// The lap sows the seeds of a capture on (with the seeds of the hole they were put into,
    /// where the rules sow those too).
    pub captured: bool,
    /// Where the lap sows a capture's seeds on: the holes that capture took, and how many
    /// seeds from each, in the order taken.
    pub taken: Vec<(Hole, u16)>,
    /// The holes that took one of the file's marks (by its index) since the lap before
    /// ended, this lap included: for a lap sowing a capture's seeds on, the holes that
    /// capture marked, so that they are told where they were marked.
    pub marked: Vec<(u8, Hole)>,
}

impl Rules {
    /// The holes of `state` carrying one of the file's marks that `seen` did not, by the
    /// mark's index; `seen` becomes the state's marks.
    pub(super) fn newly_marked(&self, state: &State, seen: &mut [[u64; 3]; MAX_MARKS]) -> Vec<(u8, Hole)> {
        let mut out = Vec::new();
        let kinds = self.model.marks.len().min(MAX_MARKS);
        for (m, (now, before)) in state.marks.iter().zip(seen.iter()).take(kinds).enumerate() {
            for h in self.all_holes() {
                let (word, bit) = (h.index() / 64, 1u64 << (h.index() % 64));
                if now[word] & bit != 0 && before[word] & bit == 0 {
                    out.push((m as u8, h));
                }
            }
        }
        *seen = state.marks;
        out
    }
}

impl Rules {
    /// The laps that sowing decision `mv` makes from `state`, the laps of captured seeds
    /// sown on included, as the general interpreter plays them (which the fast paths agree
    /// with, decision by decision). Empty for a decision that sows nothing (a pick, a stop,
    /// a pass) or that is not legal there.
    pub fn sowing_laps(&self, state: &State, mv: Move) -> Vec<SownLap> {
        self.general_twin().step_laps(state, mv)
    }

    /// Whether sowing decision `mv` from `state` begins by putting a seed from the mover's hand
    /// into the chosen hole (`sow 1 seed from the mover's hand into the chosen hole, …`).
    pub fn places_from_hand(&self, state: &State, mv: Move) -> bool {
        let (Move::Sow(h) | Move::SowDirection(h, _) | Move::SowThrough(h)) = mv else { return false };
        state.phase == super::state::Phase::Sow
            && matches!(&self.phase_rules(state, state.to_move).turn, TurnKind::Sow(s) if self.placing(state, s, h).is_some())
    }

    /// These rules with every sowing played by the general interpreter: themselves where
    /// they are built so, else a twin with the same tables, built once.
    pub(crate) fn general_twin(&self) -> &Rules {
        if self.stepwise && self.flags.interpreted {
            return self;
        }
        self.general.get_or_init(|| {
            let mut twin = self.clone();
            twin.stepwise = true;
            twin.flags.interpreted = true;
            Box::new(twin)
        })
    }
}
