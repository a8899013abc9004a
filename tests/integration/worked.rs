//! Hand-checked worked examples (to be written).
