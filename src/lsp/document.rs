//! An open document: its text, edits applied to it, and the conversion between byte offsets
//! and the protocol's positions (lines, and columns counted in UTF-16 code units).

use lsp_types::{Position, Range, TextDocumentContentChangeEvent};

use crate::span::Span;

/// The most text a document may hold; an edit past it is refused (the parser refuses far
/// less: [`crate::source::MAX_RULES_BYTES`], with a diagnostic).
pub const MAX_DOCUMENT_BYTES: usize = 16 << 20;

/// An open document's text and version.
#[derive(Clone, Debug, Default)]
pub struct Document {
    text: String,
    /// The version the client gave with the last change.
    pub version: i32,
    /// Byte offsets at which lines begin.
    lines: Vec<usize>,
}

/// An edit that could not be applied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TooLarge;

impl Document {
    /// A document with this text.
    pub fn new(text: String, version: i32) -> Document {
        let mut document = Document { text, version, lines: Vec::new() };
        document.index();
        document
    }

    /// The text.
    pub fn text(&self) -> &str {
        &self.text
    }

    fn index(&mut self) {
        self.lines = std::iter::once(0).chain(self.text.match_indices('\n').map(|(i, _)| i + 1)).collect();
    }

    /// Apply the changes of one `didChange`, in order. A change without a range replaces the
    /// whole text; a range past the end is clamped to it. Nothing is applied if the text
    /// would grow past [`MAX_DOCUMENT_BYTES`].
    pub fn apply(
        &mut self,
        changes: &[TextDocumentContentChangeEvent],
        version: i32,
    ) -> Result<(), TooLarge> {
        let mut text = self.text.clone();
        let mut scratch = Document::default();
        for change in changes {
            match change.range {
                None => text.clone_from(&change.text),
                Some(range) => {
                    scratch.text = std::mem::take(&mut text);
                    scratch.index();
                    let (a, b) = (scratch.offset(range.start), scratch.offset(range.end));
                    let (start, end) = (a.min(b), a.max(b));
                    if scratch.text.len() - (end - start) + change.text.len() > MAX_DOCUMENT_BYTES {
                        return Err(TooLarge);
                    }
                    scratch.text.replace_range(start..end, &change.text);
                    text = std::mem::take(&mut scratch.text);
                }
            }
            if text.len() > MAX_DOCUMENT_BYTES {
                return Err(TooLarge);
            }
        }
        self.text = text;
        self.version = version;
        self.index();
        Ok(())
    }

    /// The byte offset of a position: a line past the end is the end of the text, a column
    /// past its line's end is the line's end, and a column inside a character (half of a
    /// UTF-16 surrogate pair) is that character's start.
    pub fn offset(&self, position: Position) -> usize {
        let Some(&start) = self.lines.get(position.line as usize) else { return self.text.len() };
        let end = self.lines.get(position.line as usize + 1).map_or(self.text.len(), |&next| next - 1);
        let line = &self.text[start..end];
        let mut units = 0u32;
        for (i, c) in line.char_indices() {
            let next = units + c.len_utf16() as u32;
            if next > position.character {
                return start + i;
            }
            units = next;
        }
        end
    }

    /// The position of a byte offset (clamped to the text, and to a character's start).
    pub fn position(&self, offset: usize) -> Position {
        let offset = offset.min(self.text.len());
        let offset = (0..=offset).rev().find(|&i| self.text.is_char_boundary(i)).unwrap_or(0);
        let line = self.lines.partition_point(|&s| s <= offset).saturating_sub(1);
        let start = self.lines[line];
        let character = self.text[start..offset].chars().map(char::len_utf16).sum::<usize>();
        Position::new(line as u32, character as u32)
    }

    /// The range of a span.
    pub fn range(&self, span: Span) -> Range {
        Range::new(self.position(span.start), self.position(span.end))
    }

    /// The range of the whole text.
    pub fn whole(&self) -> Range {
        self.range(Span::new(0, self.text.len()))
    }
}
