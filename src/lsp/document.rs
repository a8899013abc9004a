//! An open document: its text, edits applied to it, and the conversion between byte offsets
//! and the protocol's positions (lines, and columns counted in UTF-16 code units).
//!
//! The text is a rope ([`ropey::Rope`]): an edit costs time logarithmic in the document's
//! size (plus the length of the text it inserts), and so does each conversion between a
//! position and an offset, so a change of many edits to a large document costs no more than
//! its edits. A copy of the document (for the checking thread) shares the rope's chunks; the
//! text as one string is made only when something reads it, once per version.

use std::sync::{Arc, OnceLock};

use lsp_types::{Position, Range, TextDocumentContentChangeEvent};
use ropey::Rope;

use crate::span::Span;

/// The most text a document may hold; an edit past it is refused (the parser refuses far
/// less: [`crate::source::MAX_RULES_BYTES`], with a diagnostic).
pub const MAX_DOCUMENT_BYTES: usize = 16 << 20;

/// An open document's text and version.
#[derive(Clone, Debug, Default)]
pub struct Document {
    rope: Rope,
    /// The version the client gave with the last change.
    pub version: i32,
    /// The text as one string, made when first read (and shared by copies).
    text: OnceLock<Arc<str>>,
}

/// An edit that could not be applied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TooLarge;

impl Document {
    /// A document with this text.
    pub fn new(text: String, version: i32) -> Document {
        Document { rope: Rope::from_str(&text), version, text: OnceLock::from(Arc::from(text)) }
    }

    /// The text.
    pub fn text(&self) -> &str {
        self.text.get_or_init(|| Arc::from(self.rope.to_string()))
    }

    /// The text's length in bytes.
    pub fn len(&self) -> usize {
        self.rope.len_bytes()
    }

    /// Whether the text is empty.
    pub fn is_empty(&self) -> bool {
        self.rope.len_bytes() == 0
    }

    /// Apply the changes of one `didChange`, in order. A change without a range replaces the
    /// whole text; a range past the end is clamped to it, and one whose end comes before its
    /// start is taken the right way round. Nothing is applied if the text would grow past
    /// [`MAX_DOCUMENT_BYTES`].
    pub fn apply(
        &mut self,
        changes: &[TextDocumentContentChangeEvent],
        version: i32,
    ) -> Result<(), TooLarge> {
        // Edits go to a copy (which shares the rope's chunks), kept only if all fit.
        let mut edited = Document { rope: self.rope.clone(), version, text: OnceLock::new() };
        for change in changes {
            if change.text.len() > MAX_DOCUMENT_BYTES {
                return Err(TooLarge);
            }
            match change.range {
                None => edited.rope = Rope::from_str(&change.text),
                Some(range) => {
                    let (a, b) = (edited.char_at(range.start), edited.char_at(range.end));
                    let (start, end) = (a.min(b), a.max(b));
                    let removed = edited.rope.char_to_byte(end) - edited.rope.char_to_byte(start);
                    if edited.rope.len_bytes() - removed + change.text.len() > MAX_DOCUMENT_BYTES {
                        return Err(TooLarge);
                    }
                    edited.rope.remove(start..end);
                    edited.rope.insert(start, &change.text);
                }
            }
        }
        *self = edited;
        Ok(())
    }

    /// The char index of a position: a line past the end is the end of the text, a column
    /// past its line's end is the line's end (before its `\n`), and a column inside a
    /// character (half of a UTF-16 surrogate pair) is that character's start.
    fn char_at(&self, position: Position) -> usize {
        let rope = &self.rope;
        let line = position.line as usize;
        if line >= rope.len_lines() {
            return rope.len_chars();
        }
        let start = rope.line_to_char(line);
        let mut end = rope.line_to_char(line + 1);
        if end > start && rope.char(end - 1) == '\n' {
            end -= 1;
        }
        let (first, last) = (rope.char_to_utf16_cu(start), rope.char_to_utf16_cu(end));
        let unit = first + (position.character as usize).min(last - first);
        rope.utf16_cu_to_char(unit).clamp(start, end)
    }

    /// The byte offset of a position (see [`Document::char_at`] for positions outside the
    /// text or inside a character).
    pub fn offset(&self, position: Position) -> usize {
        self.rope.char_to_byte(self.char_at(position))
    }

    /// The position of a byte offset (clamped to the text, and to a character's start).
    pub fn position(&self, offset: usize) -> Position {
        let rope = &self.rope;
        let at = rope.byte_to_char(offset.min(rope.len_bytes()));
        let line = rope.char_to_line(at);
        let start = rope.line_to_char(line);
        let character = rope.char_to_utf16_cu(at) - rope.char_to_utf16_cu(start);
        Position::new(line as u32, character as u32)
    }

    /// The range of a span.
    pub fn range(&self, span: Span) -> Range {
        Range::new(self.position(span.start), self.position(span.end))
    }

    /// The range of the whole text.
    pub fn whole(&self) -> Range {
        self.range(Span::new(0, self.rope.len_bytes()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The edit as the old, plain-string way applied it: every position found by walking
    /// the text.
    fn naive(text: &str, range: Range, insert: &str) -> String {
        let offset = |p: Position| {
            let mut lines = text.split_inclusive('\n');
            let mut at = 0;
            for _ in 0..p.line {
                match lines.next() {
                    Some(l) if l.ends_with('\n') => at += l.len(),
                    _ => return text.len(),
                }
            }
            let line = text[at..].split('\n').next().unwrap_or("");
            let mut units = 0;
            for (i, c) in line.char_indices() {
                units += c.len_utf16() as u32;
                if units > p.character {
                    return at + i;
                }
            }
            at + line.len()
        };
        let (a, b) = (offset(range.start), offset(range.end));
        let (a, b) = (a.min(b), a.max(b));
        format!("{}{insert}{}", &text[..a], &text[b..])
    }

    #[test]
    fn edits_land_where_the_protocol_says() {
        let mut text = "game \"é😀\" {\r\n  x\n\nlast".to_string();
        let mut document = Document::new(text.clone(), 1);
        let mut x = 7u32;
        let inserts = ["", "a", "😀\n", "é", "\n\n", "b😀c"];
        for step in 0..2_000 {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            let position = |k: u32| Position::new((x >> k) % 7, (x >> (k + 8)) % 9);
            let range = Range::new(position(0), position(3));
            let insert = inserts[(x >> 20) as usize % inserts.len()];
            let change = TextDocumentContentChangeEvent {
                range: Some(range),
                range_length: None,
                text: insert.into(),
            };
            document.apply(&[change], step).unwrap();
            text = naive(&text, range, insert);
            assert_eq!(document.text(), text, "after edit {step}: {range:?} {insert:?}");
            let end = document.position(text.len());
            assert_eq!(document.offset(end), text.len());
        }
    }

    #[test]
    fn positions_and_offsets() {
        let document = Document::new("ab\n😀x\r\n".to_string(), 1);
        assert_eq!(document.position(3), Position::new(1, 0));
        assert_eq!(document.position(5), Position::new(1, 0), "inside 😀: its start");
        assert_eq!(document.position(7), Position::new(1, 2));
        assert_eq!(document.position(8), Position::new(1, 3));
        assert_eq!(document.offset(Position::new(1, 1)), 3, "half of a surrogate pair: the char's start");
        assert_eq!(document.offset(Position::new(1, 2)), 7);
        assert_eq!(document.offset(Position::new(1, 99)), 9, "past the line: before its \\n");
        assert_eq!(document.offset(Position::new(9, 0)), 10);
        assert_eq!(document.position(99), Position::new(2, 0));
    }

    #[test]
    fn a_change_past_the_limit_is_not_applied() {
        let mut document = Document::new("abc".to_string(), 1);
        let grow = |text: String| TextDocumentContentChangeEvent {
            range: Some(Range::new(Position::new(0, 0), Position::new(0, 0))),
            range_length: None,
            text,
        };
        let big = "x".repeat(MAX_DOCUMENT_BYTES / 2);
        let result = document.apply(&[grow("y".into()), grow(big.clone()), grow(big)], 2);
        assert_eq!(result, Err(TooLarge));
        assert_eq!((document.text(), document.version), ("abc", 1));
    }
}
