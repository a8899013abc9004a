//! Game records: a small text format with header tags and numbered turns, written by
//! `sow play --record` and read back by `sow replay` and `sow play --load`.
//!
//! ```text
//! [Game "Mancala"]
//! [Rules "rules/mancala.sow"]
//! [Params "columns=8"]
//! [South "human"]
//! [North "random"]
//! [Result "1-0"]
//!
//! 1. a1 x c8 d7
//! 2. c5
//! ```
//!
//! A numbered turn is everything one player does before the other moves: a sowing and the
//! picks of its capture, and where the rules let a player move again, the next sowings too
//! (`1. a3 a1`). Records that give each of those sowings a numbered line of its own (`1. a3`,
//! `2. a1`), as older versions wrote them, read the same.
//!
//! Tags may be in any order; `Rules`, `Ruleset` and `Params` say which rules to replay on.
//! `Result` is `1-0` (South won), `0-1`, `1/2-1/2` or `*` (unfinished). Lines starting
//! with `;` are comments.

use std::fmt::Write as _;

use miette::{Diagnostic, SourceSpan};
use thiserror::Error;

use crate::engine::{Game, Move, Outcome, Phase, Rules, WinReason};
use crate::span::{Span, Spanned};

/// A record as read: its tags and its turns, not yet replayed. The turns are kept compactly
/// (a few numbers each, and their decisions' text in one string), so that a record of a
/// million turns costs a few times its size in memory, not hundreds of bytes a turn.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// Header tags in the order written.
    pub tags: Vec<(Spanned<String>, Spanned<String>)>,
    /// Each turn, in order.
    turns: Vec<TurnLine>,
    /// The decisions of every turn as written, one turn's after another's.
    decisions: String,
}

/// One numbered turn of a record, as kept: offsets in the record's text (at most
/// [`crate::source::MAX_RECORD_BYTES`], so they fit 32 bits) and in [`Record::decisions`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct TurnLine {
    number: u32,
    /// The line (without its indentation and line end).
    start: u32,
    end: u32,
    /// The number as written ends here.
    number_end: u32,
    /// Its decisions: `decisions[from..to]`, which stand at `at` in the text.
    from: u32,
    to: u32,
    at: u32,
}

/// One numbered turn of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordTurn {
    /// The number as written.
    pub number: Spanned<u32>,
    /// The decisions, in notation.
    pub words: Vec<Spanned<String>>,
    /// The whole line.
    pub span: Span,
}

/// What is wrong with a record.
#[derive(Clone, Debug, Error, Diagnostic, PartialEq, Eq)]
pub enum RecordProblem {
    /// A line that is neither a tag, a turn, a comment nor blank.
    #[error("line {line} is not a tag or a turn")]
    #[diagnostic(
        code(sow::record::syntax),
        help("tags look like `[Result \"1-0\"]` and turns like `12. b3 x d1 d1`; comments start with `;`")
    )]
    Syntax {
        /// The line.
        #[label("{reason}")]
        span: SourceSpan,
        /// Its number.
        line: usize,
        /// What is wrong with it.
        reason: String,
    },
    /// A record with nothing in it: no tags, no turns.
    #[error("the record is empty: it has no tags and no turns")]
    #[diagnostic(
        code(sow::record::empty),
        help("a record has tags such as `[Rules \"nsolo\"]` and numbered turns such as `1. b3`")
    )]
    Empty {
        /// The start of the file.
        #[label("nothing here")]
        span: SourceSpan,
    },
    /// A record longer than any game needs.
    #[error("the record is larger than the {max} bytes sow reads")]
    #[diagnostic(
        code(sow::record::too_large),
        help("a record has a line a turn, and no game needs a million turns; remove what is not the game")
    )]
    TooLarge {
        /// The limit.
        max: usize,
        /// Where the limit falls.
        #[label("the limit is reached here")]
        span: SourceSpan,
    },
    /// A turn numbered out of sequence.
    #[error("expected turn {expected}, found turn {found}")]
    #[diagnostic(code(sow::record::turn_number), help("number the turns 1, 2, 3, … without gaps"))]
    TurnNumber {
        /// The number wanted.
        expected: usize,
        /// The number written.
        found: u32,
        /// Where.
        #[label("should be {expected}")]
        span: SourceSpan,
    },
    /// A tag that names rules or parameters badly.
    #[error("bad `{tag}` tag: {reason}")]
    #[diagnostic(code(sow::record::tag), help("{help}"))]
    Tag {
        /// The tag.
        tag: String,
        /// What is wrong.
        reason: String,
        /// How to fix it.
        help: String,
        /// Where.
        #[label("here")]
        span: SourceSpan,
    },
    /// A decision that is not legal (or not a decision) at that point of the game.
    #[error("turn {turn}: {reason}")]
    #[diagnostic(code(sow::record::illegal), help("{help}"))]
    Illegal {
        /// The turn number.
        turn: usize,
        /// Why.
        reason: String,
        /// The legal decisions there.
        help: String,
        /// The word.
        #[label("not legal here")]
        span: SourceSpan,
    },
    /// A turn with words left after it ended.
    #[error("turn {turn} is over before `{word}`")]
    #[diagnostic(
        code(sow::record::too_long),
        help(
            "a turn is one sowing and the picks of its capture, if any; start a new numbered line for the next turn"
        )
    )]
    TooLong {
        /// The turn number.
        turn: usize,
        /// The extra word.
        word: String,
        /// Where.
        #[label("the turn has already ended")]
        span: SourceSpan,
    },
    /// A turn that stops while picks are still owed.
    #[error("turn {turn} is unfinished: {owed} still owed")]
    #[diagnostic(
        code(sow::record::unfinished),
        help("write every pick of the capture after an `x`, e.g. `b3 x d1 d1`")
    )]
    Unfinished {
        /// The turn number.
        turn: usize,
        /// What is owed.
        owed: String,
        /// The turn.
        #[label("ends here")]
        span: SourceSpan,
    },
    /// Turns recorded after the game was over.
    #[error("the game was already over after turn {after}: {outcome}")]
    #[diagnostic(code(sow::record::after_end), help("remove the turns after the end of the game"))]
    AfterEnd {
        /// The last turn.
        after: usize,
        /// How it ended.
        outcome: String,
        /// The first extra turn.
        #[label("no turn can follow")]
        span: SourceSpan,
    },
    /// A `Result` tag that the replay contradicts.
    #[error("the record says {claimed} but the replay gives {actual}")]
    #[diagnostic(code(sow::record::result), help("correct the `Result` tag, or check the turns"))]
    Result {
        /// The tag's value.
        claimed: String,
        /// The replay's result.
        actual: String,
        /// The tag.
        #[label("claimed here")]
        span: SourceSpan,
    },
}

/// A record that cannot be read or replayed, with its text for rendering.
pub type RecordError = crate::source::InSource<RecordProblem>;

impl Record {
    /// Read the text of a record. A record with tags and no turns is a game not yet begun; one
    /// with neither (an empty file, or only comments) is refused.
    pub fn parse(text: &str) -> Result<Record, RecordProblem> {
        let max = crate::source::MAX_RECORD_BYTES;
        if text.len() > max {
            let at = (0..=max).rev().find(|&i| text.is_char_boundary(i)).unwrap_or(0);
            return Err(RecordProblem::TooLarge { max, span: (at, 0).into() });
        }
        let mut record = Record::default();
        let mut offset = 0;
        for (index, raw) in text.split_inclusive('\n').enumerate() {
            let start = offset;
            offset += raw.len();
            let line = raw.trim_end_matches(['\n', '\r']);
            // A byte-order mark (which some editors write first) is space, as in rules files.
            let trimmed = line.trim_start_matches(|c: char| c.is_whitespace() || c == '\u{FEFF}');
            let lead = line.len() - trimmed.len();
            let at = |from: usize, len: usize| Span::new(start + lead + from, start + lead + from + len);
            let trimmed = trimmed.trim_end();
            if trimmed.is_empty() || trimmed.starts_with(';') {
                continue;
            }
            let bad = || {
                let reason = if trimmed.starts_with('[') {
                    "a tag is a name and a value in double quotes, in brackets"
                } else {
                    "a turn is its number, a dot, then the decisions"
                };
                RecordProblem::Syntax {
                    span: at(0, trimmed.len()).into(),
                    line: index + 1,
                    reason: reason.into(),
                }
            };
            if let Some(inner) = trimmed.strip_prefix('[') {
                let inner = inner.strip_suffix(']').ok_or_else(bad)?;
                let (key, value) = inner.split_once(char::is_whitespace).ok_or_else(bad)?;
                let value = value.trim();
                let value = value.strip_prefix('"').and_then(|v| v.strip_suffix('"')).ok_or_else(bad)?;
                let key_span = at(1, key.len());
                let value_from = trimmed.find('"').unwrap_or(0) + 1;
                record.tags.push((
                    Spanned::new(key.to_string(), key_span),
                    Spanned::new(value.to_string(), at(value_from, value.len())),
                ));
                continue;
            }
            let (number, rest) = trimmed.split_once('.').ok_or_else(bad)?;
            let n: u32 = number.trim().parse().map_err(|_| bad())?;
            // A turn has at least one decision: `x` only separates the picks.
            if rest.split_whitespace().all(|w| w.eq_ignore_ascii_case("x")) {
                return Err(bad());
            }
            let from = record.decisions.len();
            record.decisions.push_str(rest);
            // Offsets fit 32 bits: the text is at most `MAX_RECORD_BYTES`, and the decisions
            // are part of it.
            let narrow = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
            let line = at(0, trimmed.len());
            record.turns.push(TurnLine {
                number: n,
                start: narrow(line.start),
                end: narrow(line.end),
                number_end: narrow(line.start + number.len()),
                from: narrow(from),
                to: narrow(record.decisions.len()),
                at: narrow(line.start + number.len() + 1),
            });
        }
        // Tags and no turns are a game not begun; nothing at all is not a record.
        if record.tags.is_empty() && record.turns.is_empty() {
            return Err(RecordProblem::Empty { span: (0, 0).into() });
        }
        Ok(record)
    }

    /// How many turns the record has.
    pub fn turn_count(&self) -> usize {
        self.turns.len()
    }

    /// The turns, each read out of the record as it is wanted.
    pub fn turns(&self) -> impl ExactSizeIterator<Item = RecordTurn> + '_ {
        self.turns.iter().map(|t| {
            let u = |n: u32| n as usize;
            let rest = &self.decisions[u(t.from)..u(t.to)];
            let mut words = Vec::new();
            let mut pos = 0;
            for word in rest.split_whitespace() {
                let found = rest[pos..].find(word).unwrap_or(0) + pos;
                pos = found + word.len();
                let start = u(t.at) + found;
                words.push(Spanned::new(word.to_string(), Span::new(start, start + word.len())));
            }
            RecordTurn {
                number: Spanned::new(t.number, Span::new(u(t.start), u(t.number_end))),
                words,
                span: Span::new(u(t.start), u(t.end)),
            }
        })
    }

    /// The value of a tag.
    pub fn tag(&self, key: &str) -> Option<&Spanned<String>> {
        self.tags.iter().find(|(k, _)| k.node.eq_ignore_ascii_case(key)).map(|(_, v)| v)
    }

    /// Parameter settings from the `Params` tag (`columns=8, seeds=2`).
    pub fn params(&self) -> Vec<String> {
        self.tag("Params")
            .map(|v| v.node.split([',', ' ']).filter(|s| !s.is_empty()).map(str::to_string).collect())
            .unwrap_or_default()
    }

    /// Replay the turns on `rules`, checking each decision and the `Result` tag.
    pub fn replay<'r>(&self, rules: &'r Rules) -> Result<Game<'r>, RecordProblem> {
        let mut game = Game::new(rules);
        let count = self.turns.len();
        for (i, turn) in self.turns().enumerate() {
            let number = i + 1;
            if turn.number.node as usize != number {
                return Err(RecordProblem::TurnNumber {
                    expected: number,
                    found: turn.number.node,
                    span: turn.number.span.into(),
                });
            }
            if let Some(outcome) = game.outcome() {
                return Err(RecordProblem::AfterEnd {
                    after: i,
                    outcome: outcome.to_string(),
                    span: turn.span.into(),
                });
            }
            // A line is one player's: their sowing and its picks, and the sowings of a player
            // who moves again (records written before those were grouped have them on lines of
            // their own, which read as well); an offer to end the game, with the answers of the
            // others.
            let mut player = game.state().to_move();
            let mut last_turn = None;
            for (j, word) in turn.words.iter().enumerate() {
                if word.node.eq_ignore_ascii_case("x") {
                    continue;
                }
                // The answers to an offer, and a lot drawn as the turn ended a round.
                let answering = matches!(game.state().phase(), Phase::Offer(_) | Phase::Lot(_));
                if j > 0 && (game.outcome().is_some() || (game.state().to_move() != player && !answering)) {
                    return Err(RecordProblem::TooLong {
                        turn: number,
                        word: word.node.clone(),
                        span: word.span.into(),
                    });
                }
                let legal = |game: &Game<'_>| {
                    let moves: Vec<String> = game.legal_moves().iter().map(|&m| rules.move_text(m)).collect();
                    if moves.is_empty() {
                        "no decision is legal here".to_string()
                    } else {
                        format!("legal here: {}", moves.join(" "))
                    }
                };
                let mv: Move =
                    rules.parse_move(game.state(), &word.node).map_err(|e| RecordProblem::Illegal {
                        turn: number,
                        reason: e.reason.clone(),
                        help: legal(&game),
                        span: word.span.into(),
                    })?;
                last_turn = Some(game.state().turn());
                let first_lot = game.state().phase() == Phase::FirstLot;
                if let Err(e) = game.play(mv) {
                    return Err(RecordProblem::Illegal {
                        turn: number,
                        reason: e.to_string(),
                        help: legal(&game),
                        span: word.span.into(),
                    });
                }
                // The lot for the first player opens the line of the player it falls to.
                if first_lot {
                    player = game.state().to_move();
                }
            }
            // Decisions are owed only if the last sowing's turn goes on: the next turn may open
            // with picks of its own (a take turn of an opening), and a player who moves again
            // may have the next sowing on the next line.
            let owed = match game.state().phase() {
                _ if last_turn != Some(game.state().turn()) => None,
                Phase::Pick(p) if p.remaining == 1 => Some("1 pick".to_string()),
                Phase::Pick(p) => Some(format!("{} picks", p.remaining)),
                Phase::LapChoice(c) if c.through => {
                    Some("a choice to `relay` past the side store or through it (`relay+`)".to_string())
                }
                Phase::LapChoice(c) if c.turn => Some("a choice to `relay` or turn the next lap".to_string()),
                Phase::LapChoice(_) => Some("a choice to `stop` or `relay`".to_string()),
                Phase::EndChoice(_) => Some("the choice of the row end to sow the capture from".to_string()),
                Phase::Step(p) => Some(format!("the holes of the lap's {} more seeds", p.hand)),
                Phase::Lift(_) => Some("the number of seeds to lift (`4`)".to_string()),
                Phase::PutChoice(_) => Some("the choice of the hole the taken seeds go into".to_string()),
                Phase::Offer(_) => {
                    Some("the answer to the offer to end the game (`agree` or `refuse`)".to_string())
                }
                Phase::Lot(_) => {
                    Some("the lot drawn for the last hole (`lot:south` or the like)".to_string())
                }
                Phase::FirstLot => {
                    Some("the lot drawn for the first player (`lot:south` or the like)".to_string())
                }
                Phase::Sow => None,
            };
            if let Some(owed) = owed {
                let last = number == count && self.tag("Result").is_none_or(|r| r.node == "*");
                if !last && game.outcome().is_none() {
                    return Err(RecordProblem::Unfinished { turn: number, owed, span: turn.span.into() });
                }
            }
        }
        if let Some(claimed) = self.tag("Result") {
            let actual = game.outcome().map_or("*", |o| o.result_tag());
            let describe = |tag: &str| match tag {
                "1-0" => "1-0 (South won)".to_string(),
                "0-1" => "0-1 (North won)".to_string(),
                "1/2-1/2" => "1/2-1/2 (a draw)".to_string(),
                "*" => "* (unfinished)".to_string(),
                other => format!("`{other}`"),
            };
            let resigned = game.outcome().is_none() && (claimed.node == "1-0" || claimed.node == "0-1");
            if claimed.node != actual && !resigned {
                return Err(RecordProblem::Result {
                    claimed: describe(&claimed.node),
                    actual: describe(actual),
                    span: claimed.span.into(),
                });
            }
            // A decisive result on an unfinished replay is a resignation: the player to move
            // resigned if the result names the other as winner.
            if resigned {
                let won = Outcome::Win { winner: game.state().to_move(), reason: WinReason::Resigned };
                let to_move_lost = claimed.node != won.result_tag();
                if !to_move_lost {
                    return Err(RecordProblem::Result {
                        claimed: describe(&claimed.node),
                        actual: "* (unfinished; the result is not a resignation of the player to move)"
                            .into(),
                        span: claimed.span.into(),
                    });
                }
                game.resign();
            }
        }
        Ok(game)
    }
}

/// Write a record of `game` with the given tags (before the `Result` tag, which is added
/// from the game).
pub fn write_record(game: &Game<'_>, tags: &[(&str, String)]) -> String {
    write_record_annotated(game, tags, |_, _| None)
}

/// [`write_record`] with a comment line before any turn `note` has something to say about
/// (given the turn's index from 0 and its player): who of a team played it, for example.
pub fn write_record_annotated(
    game: &Game<'_>,
    tags: &[(&str, String)],
    note: impl Fn(usize, crate::engine::Player) -> Option<String>,
) -> String {
    let rules = game.rules();
    let mut out = String::new();
    for (key, value) in tags {
        let _ = writeln!(out, "[{key} \"{}\"]", value.replace('"', "'"));
    }
    let result = game.outcome().map_or("*", |o| o.result_tag());
    let _ = writeln!(out, "[Result \"{result}\"]");
    if let Some(outcome) = game.outcome() {
        let _ = writeln!(out, "[Termination \"{outcome}\"]");
    }
    out.push('\n');
    for (i, turn) in game.turns().iter().enumerate() {
        if let Some(note) = note(i, turn.player) {
            let _ = writeln!(out, "; {note}");
        }
        let _ = writeln!(out, "{}. {}", i + 1, rules.turn_text(&turn.moves));
    }
    out
}
