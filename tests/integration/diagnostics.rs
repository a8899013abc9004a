//! Rendered diagnostics for every error fixture (to be written).
