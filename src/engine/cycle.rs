//! Brent's cycle detection, for the loops of the interpreter that a rules file can make go
//! round for ever: a sowing whose laps (and captures sown on) come back to a state they were
//! in never ends, whatever construct brought it back.

/// The states a deterministic process passes through, compared with one saved state that
/// moves on at powers of two (Brent): a repeat is found within twice the cycle's length plus
/// its start, holding one state.
#[derive(Debug)]
pub(crate) struct Brent<K> {
    saved: Option<K>,
    power: u32,
    steps: u32,
}

impl<K: PartialEq> Brent<K> {
    /// A detector that has seen nothing.
    pub(crate) fn new() -> Self {
        Self { saved: None, power: 1, steps: 0 }
    }

    /// Whether `state` repeats one the process was in before: if so it goes round for ever.
    pub(crate) fn repeats(&mut self, state: K) -> bool {
        if self.saved.as_ref() == Some(&state) {
            return true;
        }
        if self.saved.is_none() || self.steps == self.power {
            self.saved = Some(state);
            self.power = self.power.saturating_mul(2);
            self.steps = 0;
        }
        self.steps += 1;
        false
    }

    /// Forget the saved state: something outside the process changed it (a capture between
    /// relays), so the states before are not the states after.
    pub(crate) fn forget(&mut self) {
        self.saved = None;
    }
}

#[cfg(test)]
mod tests {
    use super::Brent;

    /// A walk into a cycle of length 5 after 7 steps is found; a walk that never repeats is not.
    #[test]
    fn a_cycle_is_found_and_a_line_is_not() {
        let mut brent = Brent::new();
        let walk = (0u32..).map(|i| if i < 7 { i } else { 7 + (i - 7) % 5 });
        let found = walk.take(100).position(|x| brent.repeats(x));
        assert!(found.is_some_and(|i| i < 30), "found at {found:?}");
        let mut brent = Brent::new();
        assert!((0u32..10_000).all(|x| !brent.repeats(x)));
    }
}
