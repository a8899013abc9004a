//! Errors found while checking a parsed rules file, and the report that gathers every error
//! of one file with its source text.

use std::fmt;
use std::sync::Arc;

use miette::{Diagnostic, LabeledSpan, NamedSource, SourceCode, SourceSpan};
use thiserror::Error;

use crate::syntax::SyntaxError;

/// A rules file that parses but says something impossible or inconsistent.
#[derive(Clone, Debug, Error, Diagnostic, PartialEq, Eq)]
pub enum CheckError {
    /// A section that may appear once appears twice in the same game or ruleset.
    #[error("`{section}` is given twice")]
    #[diagnostic(code(sow::check::duplicate_section))]
    DuplicateSection {
        /// The section keyword.
        section: String,
        /// How to fix it: in a game, a variant belongs in a ruleset.
        #[help]
        help: String,
        /// The second occurrence.
        #[label("second `{section}` here")]
        span: SourceSpan,
        /// The first occurrence.
        #[label("first given here")]
        first: SourceSpan,
    },

    /// A section every game needs is missing.
    #[error("the game has no `{section}` section")]
    #[diagnostic(code(sow::check::missing_section), help("add {example}"))]
    MissingSection {
        /// The missing section.
        section: String,
        /// An example of the section.
        example: String,
        /// The game's name.
        #[label("this game needs `{section}`")]
        span: SourceSpan,
    },

    /// The game never ends.
    #[error("the game has no end rule")]
    #[diagnostic(
        code(sow::check::no_end_rule),
        help(
            "say how the game ends, e.g. `end {{ a player with no seeds loses  a player who cannot move loses }}`"
        )
    )]
    NoEndRule {
        /// The empty `end` section, or the game's name.
        #[label("nothing here says how the game ends")]
        span: SourceSpan,
    },

    /// The end rules do not say what happens to a player who cannot move.
    #[error("the end rules do not say what happens to a player who cannot move")]
    #[diagnostic(
        code(sow::check::blocked_unstated),
        help(
            "add `a player who cannot move loses`, `a player who cannot move passes`, or `a player who \
             cannot move ends the game and the player with more seeds wins` (or `… the player who captured \
             more seeds wins`); where the rules never leave a player without a move, the rule is \
             harmless and never applies"
        )
    )]
    BlockedUnstated {
        /// The `end` section.
        #[label("no rule here for a player left without a move")]
        span: SourceSpan,
    },

    /// Passing when blocked, with nothing to stop two blocked players passing forever.
    #[error("blocked players pass, but nothing ends a game of passes")]
    #[diagnostic(
        code(sow::check::endless_passing),
        help(
            "a game in which every player passes in turn must end for certain, whatever the other end rules: \
             add `two passes in a row are a draw` (or `… end the game and the player who captured more seeds \
             wins`) or `a repeated position is a draw`, or make a blocked player lose"
        )
    )]
    EndlessPassing {
        /// The `passes` rule.
        #[label("the players could pass forever")]
        span: SourceSpan,
    },

    /// A name used as a number is not a declared parameter.
    #[error("unknown parameter `{name}`")]
    #[diagnostic(code(sow::check::unknown_param))]
    UnknownParam {
        /// The name.
        name: String,
        /// Where it is used.
        #[label("no parameter of this name")]
        span: SourceSpan,
        /// A suggestion.
        #[help]
        help: String,
    },

    /// A row name that the territory does not declare (nor any `marks`).
    #[error("unknown row `{name}`")]
    #[diagnostic(code(sow::check::unknown_row))]
    UnknownRow {
        /// The name.
        name: String,
        /// Where it is used.
        #[label("{label}")]
        span: SourceSpan,
        /// What the label says.
        label: String,
        /// A suggestion.
        #[help]
        help: String,
    },

    /// A lap rule refers to a capture that is not defined.
    #[error("unknown capture `{name}`")]
    #[diagnostic(code(sow::check::unknown_capture))]
    UnknownCapture {
        /// The name.
        name: String,
        /// Where it is used.
        #[label("no `capture {name} {{ … }}` section")]
        span: SourceSpan,
        /// A suggestion.
        #[help]
        help: String,
    },

    /// Two things of one kind share a name.
    #[error("{what} `{name}` is defined twice")]
    #[diagnostic(code(sow::check::duplicate_name), help("give each {what} its own name"))]
    DuplicateName {
        /// What kind of thing.
        what: String,
        /// The name.
        name: String,
        /// The second definition.
        #[label("defined again here")]
        span: SourceSpan,
        /// The first definition.
        #[label("first defined here")]
        first: SourceSpan,
    },

    /// A parameter's default lies outside its range.
    #[error("the default {default} of `{name}` is outside its range {low}..{high}")]
    #[diagnostic(
        code(sow::check::default_out_of_range),
        help("make the default one of the values the range allows, or widen the range")
    )]
    DefaultOutOfRange {
        /// The parameter.
        name: String,
        /// Its default.
        default: u64,
        /// Range start.
        low: u64,
        /// Range end.
        high: u64,
        /// The default.
        #[label("default {default}")]
        span: SourceSpan,
        /// The range.
        #[label("allowed values")]
        range: SourceSpan,
    },

    /// A default that the range's step skips.
    #[error("the default {default} of `{name}` is not one of {low}, {next}, … (step {step})")]
    #[diagnostic(code(sow::check::off_step), help("make the default {low} plus a multiple of {step}"))]
    OffStep {
        /// The parameter.
        name: String,
        /// Its default.
        default: u64,
        /// Range start.
        low: u64,
        /// The value after `low`.
        next: u64,
        /// The step.
        step: u64,
        /// The default.
        #[label("not on the step")]
        span: SourceSpan,
    },

    /// A parameter's list of values out of order, or without its default.
    #[error("{message}")]
    #[diagnostic(code(sow::check::param_list), help("{help}"))]
    ParamList {
        /// What is wrong: `the values 6, 12, 8 of `columns` do not rise`.
        message: String,
        /// The list, or the default.
        #[label("{label}")]
        span: SourceSpan,
        /// What the label says.
        label: &'static str,
        /// How to fix it.
        help: &'static str,
    },

    /// A range whose end is before its start, or with a step of zero.
    #[error("the range {low}..{high} {problem}")]
    #[diagnostic(code(sow::check::empty_range), help("{help}"))]
    EmptyRange {
        /// Range start.
        low: u64,
        /// Range end.
        high: u64,
        /// What is wrong with it, as the end of a sentence.
        problem: String,
        /// The range.
        #[label("{reason}")]
        span: SourceSpan,
        /// What the label says is wrong with the range.
        reason: String,
        /// How to fix it.
        help: String,
    },

    /// A parameter value given on the command line is outside the range.
    #[error("`{name}` cannot be {value}")]
    #[diagnostic(code(sow::check::param_out_of_range), help("{help}"))]
    ParamOutOfRange {
        /// The parameter.
        name: String,
        /// The value given.
        value: u64,
        /// The values allowed, as the file gives them: `6..12`, `6, 8, 12`.
        allowed: String,
        /// The range in the file.
        #[label("`{name}` may be {allowed}")]
        span: SourceSpan,
        /// Allowed values.
        help: String,
    },

    /// A parameter set on the command line that the file does not declare.
    #[error("the rules have no parameter `{name}`")]
    #[diagnostic(code(sow::check::unknown_param_arg))]
    UnknownParamArg {
        /// The name given.
        name: String,
        /// A suggestion or the list of parameters.
        #[help]
        help: String,
    },

    /// A `--param` argument that is not `name=number`.
    #[error("`{text}` is not a parameter setting")]
    #[diagnostic(
        code(sow::check::param_syntax),
        help("write `--param name=value` with a whole number, e.g. `--param columns=12`")
    )]
    ParamSyntax {
        /// The argument.
        text: String,
    },

    /// The compiler emitted a model the engine refuses: a fault of the compiler, not of the
    /// file.
    #[error("the compiled rules are inconsistent: {0}")]
    #[diagnostic(
        code(sow::check::inconsistent),
        help("this is a fault in sow, not in the file: please report it with the file")
    )]
    Inconsistent(crate::model::ModelError),

    /// Lowering missed something the checks passed: a fault of the compiler, not of the
    /// file.
    #[error("the rules pass every check but could not be compiled")]
    #[diagnostic(
        code(sow::check::unlowered),
        help("this is a fault in sow, not in the file: please report it with the file")
    )]
    Unlowered,

    /// A ruleset asked for that the file does not define.
    #[error("the file defines no ruleset `{name}`")]
    #[diagnostic(code(sow::check::unknown_ruleset))]
    UnknownRuleset {
        /// The name given.
        name: String,
        /// A suggestion or the list of rulesets.
        #[help]
        help: String,
    },

    /// `extends` names a ruleset the file does not define.
    #[error("ruleset \"{ruleset}\" extends \"{parent}\", which the file does not define")]
    #[diagnostic(code(sow::check::unknown_parent))]
    UnknownParent {
        /// The ruleset that extends.
        ruleset: String,
        /// The name after `extends`.
        parent: String,
        /// The name after `extends`.
        #[label("no ruleset of this name")]
        span: SourceSpan,
        /// A suggestion or the list of rulesets.
        #[help]
        help: String,
    },

    /// A ruleset that extends itself.
    #[error("ruleset \"{ruleset}\" extends itself")]
    #[diagnostic(
        code(sow::check::extends_itself),
        help(
            "a ruleset starts from the base game, or from another ruleset it names with `extends`; remove `extends \"{ruleset}\"`"
        )
    )]
    ExtendsItself {
        /// The ruleset.
        ruleset: String,
        /// The name after `extends`.
        #[label("the ruleset's own name")]
        span: SourceSpan,
    },

    /// Rulesets that extend each other in a circle.
    #[error("rulesets extend each other in a circle: {chain}")]
    #[diagnostic(
        code(sow::check::extends_cycle),
        help(
            "one ruleset of the circle must start from the base game: remove its `extends`, or name a ruleset outside the circle"
        )
    )]
    ExtendsCycle {
        /// The circle, as `"a" extends "b" extends "a"`.
        chain: String,
        /// The `extends` of the ruleset compiled.
        #[label("this leads back to \"{first}\"")]
        span: SourceSpan,
        /// The ruleset compiled.
        first: String,
    },

    /// A single rule restated outside a ruleset.
    #[error("`{restatement}` belongs in a ruleset")]
    #[diagnostic(code(sow::check::restatement_in_base), help("{help}"))]
    RestatementInBase {
        /// `after each lap, first:` or `end, also:` …
        restatement: String,
        /// Where.
        #[label("the base game has no rules to restate")]
        span: SourceSpan,
        /// How to say it in the base game.
        help: String,
    },

    /// A single rule restated in a ruleset that restates the whole section too.
    #[error("`{restatement}` in a ruleset that restates the whole `{section}` section")]
    #[diagnostic(
        code(sow::check::restatement_and_section),
        help(
            "write the rule inside the ruleset's `{section}` section, which replaces the whole section anyway"
        )
    )]
    RestatementAndSection {
        /// `after each lap, first:` or `end, also:` …
        restatement: String,
        /// `after each lap` or `end`.
        section: String,
        /// The single rule.
        #[label("restates a single rule")]
        span: SourceSpan,
        /// The whole section in the same ruleset.
        #[label("while this replaces the whole section")]
        whole: SourceSpan,
    },

    /// A restated rule identical to the one it would add to or replace.
    #[error("this restatement changes nothing")]
    #[diagnostic(code(sow::check::restatement_unchanged), help("{help}"))]
    RestatementUnchanged {
        /// The restatement.
        #[label("the same rule as before")]
        span: SourceSpan,
        /// The rule it repeats.
        #[label("already stated here")]
        first: SourceSpan,
        /// What to do.
        help: String,
    },

    /// `end, also:` for a kind of end rule the game already has.
    #[error("ruleset \"{ruleset}\" adds a rule for {kind}, but it already has one")]
    #[diagnostic(
        code(sow::check::end_rule_exists),
        help(
            "write `end, instead: …` to replace the rule it starts from; a game has one end rule of each kind"
        )
    )]
    EndRuleExists {
        /// The ruleset.
        ruleset: String,
        /// The kind of end rule.
        kind: String,
        /// The restatement.
        #[label("a second rule for {kind}")]
        span: SourceSpan,
        /// The rule it starts from.
        #[label("the rule it starts from")]
        first: SourceSpan,
    },

    /// `end, instead:` for a kind of end rule the game does not have.
    #[error("ruleset \"{ruleset}\" replaces the rule for {kind}, but it starts from none")]
    #[diagnostic(
        code(sow::check::no_end_rule_to_replace),
        help("write `end, also: …` to add a rule of a new kind")
    )]
    NoEndRuleToReplace {
        /// The ruleset.
        ruleset: String,
        /// The kind of end rule.
        kind: String,
        /// The restatement.
        #[label("nothing to replace")]
        span: SourceSpan,
    },

    /// A board with an unsupported number of rows.
    #[error("a board of {rows} row{} is not supported", if *rows == 1 { "" } else { "s" })]
    #[diagnostic(code(sow::check::board_rows))]
    BoardRows {
        /// Rows given.
        rows: u64,
        /// Where.
        #[label("{what}")]
        span: SourceSpan,
        /// What is wrong.
        what: String,
        /// What to write instead.
        #[help]
        help: String,
    },

    /// A board with too many holes per row.
    #[error("rows of {columns} holes are longer than sow supports")]
    #[diagnostic(
        code(sow::check::board_columns),
        help(
            "rows may have at most 50 holes, and a board at most 160 (rows of at most 40 holes on four rows, 26 on six)"
        )
    )]
    BoardColumns {
        /// Holes per row given.
        columns: u64,
        /// Where.
        #[label("{columns} holes per row")]
        span: SourceSpan,
    },

    /// A side store in the middle of a row with an odd number of holes.
    #[error("a row of {columns} holes has no middle between two halves for a side store")]
    #[diagnostic(
        code(sow::check::side_store_columns),
        help("give the rows an even number of holes (the side store sits between the two halves)")
    )]
    SideStoreColumns {
        /// Holes per row.
        columns: u64,
        /// Where.
        #[label("the side store of this row")]
        span: SourceSpan,
    },

    /// A middle row shared in halves on a board of other than three rows.
    #[error("a middle row shared in halves needs a board of 3 rows")]
    #[diagnostic(
        code(sow::check::middle_rows),
        help(
            "write `board 3 rows of …`; on 2 or 4 rows, each player owns half of the rows: \
             `territory each player owns rows outer, inner`"
        )
    )]
    MiddleRows {
        /// Rows of the board.
        rows: u64,
        /// The middle row's half.
        #[label("half of the middle row")]
        span: SourceSpan,
        /// The board's rows.
        #[label("a board of {rows} rows")]
        board: SourceSpan,
    },

    /// A middle row shared in halves, of an odd number of holes.
    #[error("a middle row of {columns} holes cannot be shared in halves")]
    #[diagnostic(
        code(sow::check::middle_columns),
        help("give the rows an even number of holes (each player owns half of the middle row)")
    )]
    MiddleColumns {
        /// Holes per row.
        columns: u64,
        /// Where.
        #[label("{what}")]
        span: SourceSpan,
        /// What needs the halves.
        what: String,
    },

    /// A sowing through the side store on a board without side stores, or round a circuit
    /// that is not each player's own rows.
    #[error("a lap through the side store needs {what}")]
    #[diagnostic(code(sow::check::side_path))]
    SidePath {
        /// What is missing.
        what: String,
        /// Where.
        #[label("a lap through the side store")]
        span: SourceSpan,
        /// What to write.
        #[help]
        help: String,
    },

    /// A circuit with no holes in it.
    #[error("the circuit is empty: rows have no holes")]
    #[diagnostic(
        code(sow::check::empty_circuit),
        help("give rows at least one hole; most games have 6 to 36")
    )]
    EmptyCircuit {
        /// The number of holes per row.
        #[label("0 holes per row")]
        span: SourceSpan,
        /// The circuit.
        #[label("so this circuit has no holes to sow into")]
        circuit: SourceSpan,
    },

    /// A circuit the board cannot form.
    #[error("a circuit around a player's own rows needs two rows per player")]
    #[diagnostic(
        code(sow::check::circuit_rows),
        help("use a board of 4 rows, where each player owns an outer and an inner row")
    )]
    CircuitRows {
        /// The circuit.
        #[label("each player owns {} here", count(*.per_side, "row"))]
        span: SourceSpan,
        /// Rows per player.
        per_side: usize,
    },

    /// A circuit of all rows on a board of four rows.
    #[error("a circuit of all rows needs a board of 2 rows, or of 3")]
    #[diagnostic(
        code(sow::check::shared_circuit_rows),
        help("on a board of 4 rows, write `circuit own rows …`: each player sows round their own two rows")
    )]
    SharedCircuitRows {
        /// `all rows`.
        #[label("the board has {rows} rows")]
        span: SourceSpan,
        /// Rows of the board.
        rows: usize,
    },

    /// A phrase about stores on a board without them.
    #[error("`{what}` needs a board with stores")]
    #[diagnostic(
        code(sow::check::needs_stores),
        help("give the board its stores: `board 2 rows of 6 holes, a store for each player`")
    )]
    NeedsStores {
        /// The phrase.
        what: String,
        /// Where it is.
        #[label("the board has no stores")]
        span: SourceSpan,
    },

    /// `an equal round is a draw` in a game not played in rounds.
    #[error("`an equal round is a draw` needs a game played in rounds")]
    #[diagnostic(
        code(sow::check::needs_rounds),
        help(
            "a round is a game of a match played in rounds: say how the board is filled again, `the game is played in rounds: each player fills own holes from the left with 4 seeds each`; for one game ended on equal scores, the scored rules already make it a draw"
        )
    )]
    NeedsRounds {
        /// Where it is.
        #[label("this game is not played in rounds")]
        span: SourceSpan,
    },

    /// `it is played from the second round on` (an opening) in a game not played in rounds.
    #[error("an opening played in some rounds needs a game played in rounds")]
    #[diagnostic(
        code(sow::check::needs_rounds),
        help(
            "say how the board is filled again for a new round, `the game is played in rounds: each player fills own holes from the left with 4 seeds each`, or leave the line out: in a game of one round the opening is played as the game starts"
        )
    )]
    OpeningNeedsRounds {
        /// Where it is.
        #[label("this game is not played in rounds")]
        span: SourceSpan,
    },

    /// `a player who has scored N points wins` where no round scores points.
    #[error("`a player who has scored {target} points wins` needs rounds that score points")]
    #[diagnostic(
        code(sow::check::needs_points),
        help(
            "points are what the winner of a round scores: say so in the rounds rule, `the game is played in rounds: each round starts as the game does, and the winner of a round scores the difference` (or `scores 1 point`)"
        )
    )]
    NeedsPoints {
        /// Where it is.
        #[label("{why}")]
        span: SourceSpan,
        /// The points asked for.
        target: u16,
        /// Why no points are scored.
        why: &'static str,
    },

    /// Rounds that score points no rule reads.
    #[error("the points the rounds score decide nothing")]
    #[diagnostic(
        code(sow::check::points_unread),
        help(
            "say what the points win: `a player who has scored 60 points wins` in the end rules; or leave out `, and the winner of a round scores …`"
        )
    )]
    PointsUnread {
        /// The points clause.
        #[label("the winner of a round scores points, but no end rule reads them")]
        span: SourceSpan,
    },

    /// A phrase about a shared circuit on an own-rows circuit.
    #[error("`{what}` needs a circuit of all rows")]
    #[diagnostic(
        code(sow::check::needs_shared_circuit),
        help(
            "a store lies between the two sides of the board: write `circuit all rows anticlockwise, {what}`"
        )
    )]
    NeedsSharedCircuit {
        /// The phrase.
        what: String,
        /// Where it is.
        #[label("a circuit of own rows never reaches a store")]
        span: SourceSpan,
    },

    /// `the opposite hole` where each player owns several rows.
    #[error("which opposite hole? Each player owns {rows} rows")]
    #[diagnostic(code(sow::check::which_row))]
    WhichRow {
        /// The phrase.
        #[label("name the row here")]
        span: SourceSpan,
        /// Rows per player.
        rows: usize,
        /// An example.
        #[help]
        help: String,
    },

    /// A board that shrinks with the loser's share, its steps out of order or out of range,
    /// or its holes cut off left in play.
    #[error("this board cannot shrink so")]
    #[diagnostic(code(sow::check::board_shrink))]
    BoardShrink {
        /// The phrase.
        #[label("{reason}")]
        span: SourceSpan,
        /// What is wrong.
        reason: String,
        /// How to fix it.
        #[help]
        help: String,
    },

    /// A count range that is empty or leaves out counts.
    #[error("this count of seeds does not say what it seems to")]
    #[diagnostic(code(sow::check::seed_range))]
    SeedRange {
        /// The phrase.
        #[label("{reason}")]
        span: SourceSpan,
        /// What is wrong.
        reason: String,
        /// How to fix it.
        #[help]
        help: String,
    },

    /// A rule read as the seeds of a lap fall (`a seed lands in …`, `a seed before the last
    /// lands in …`) where only a lap's end can be meant, or with another action than a
    /// capture.
    #[error("{reason}")]
    #[diagnostic(code(sow::check::passing_rule))]
    PassingRule {
        /// What is wrong.
        reason: String,
        /// The words.
        #[label("{label}")]
        span: SourceSpan,
        /// When the rule is read (`read as each seed falls`, `read once the sowing is over`).
        label: &'static str,
        /// How to fix it.
        #[help]
        help: String,
    },

    /// A rule about the mover's store with a condition on the landing hole's column or marks.
    #[error("a rule about the mover's store cannot look at the holes across from it")]
    #[diagnostic(
        code(sow::check::store_rule_facts),
        help(
            "a store has no column, no opposite hole and no marks; a rule about it may look along the circuit, at rows, the turn or the board: `when the last seed lands in the mover's store and the next hole is occupied: relay from the next hole`"
        )
    )]
    StoreRuleFacts {
        /// The condition.
        #[label("this condition is about the landing hole's column or marks")]
        span: SourceSpan,
        /// The store.
        #[label("the landing place is the store")]
        store: SourceSpan,
    },

    /// A phrase about holes that belong by the colour of their seeds, in a game whose holes
    /// belong to fixed rows.
    #[error("{what} needs holes that belong by the colour of their seeds")]
    #[diagnostic(
        code(sow::check::needs_colours),
        help(
            "say in the territory that a hole belongs to the player whose seeds it holds: end the territory line with `at the start, then the holes that hold their seeds` (`territory each player owns rows outer, inner at the start, then the holes that hold their seeds`, or `… owns an equal part of the circuit at the start, then …`)"
        )
    )]
    NeedsColours {
        /// The phrase.
        what: String,
        /// Where.
        #[label("only where holes belong by colour")]
        span: SourceSpan,
    },

    /// A line about turned laps in a `choose` section that turns no lap.
    #[error("{what} needs a lap that may be turned")]
    #[diagnostic(
        code(sow::check::needs_turning),
        help(
            "add a line that lets a lap be turned, e.g. `also the leftmost outer hole with at least 2 seeds, clockwise, if the lap captures`, or leave this line out"
        )
    )]
    NeedsTurning {
        /// The phrase.
        what: String,
        /// Where.
        #[label("no `also …` line in this `choose` section")]
        span: SourceSpan,
    },

    /// Where holes belong by colour, a lap rule asks for an empty hole of a side: an empty
    /// hole holds no one's seeds, so the rule can never apply.
    #[error("where holes belong by colour an empty hole is no one's, so this lap rule never applies")]
    #[diagnostic(
        code(sow::check::empty_and_owned),
        help(
            "leave out the side to ask for an empty hole of a row (`an empty inner hole`), or ask for an occupied {side} hole"
        )
    )]
    EmptyAndOwned {
        /// `own` or `opponent's`.
        side: String,
        /// The landing words.
        #[label("`empty` and `{side}` never meet")]
        span: SourceSpan,
        /// The territory's words that make holes belong by colour.
        #[label("holes belong by colour here")]
        colours: SourceSpan,
    },

    /// Holes that belong by colour, with a `sow` line that does not say what sowing does to
    /// the opponent's seeds.
    #[error("the sowing does not say what becomes of the opponent's seeds in a hole it sows into")]
    #[diagnostic(
        code(sow::check::overrun_missing),
        help(
            "add it to the `sow` line: `sow all seeds from the next hole, and the opponent's seeds in each hole sown into become the mover's` (or `… go into the origin hole`)"
        )
    )]
    OverrunMissing {
        /// The `sow` line (or the game's name, without one).
        #[label("a hole holds one colour at a time")]
        span: SourceSpan,
    },

    /// The territory names a different number of rows than each player owns.
    #[error("the territory names {}, but each player owns {per_side}", count(*.named, "row"))]
    #[diagnostic(
        code(sow::check::territory_rows),
        help(
            "name each of a player's rows once, from the owner's seat inward, e.g. `territory each player owns rows outer, inner`"
        )
    )]
    TerritoryRows {
        /// Names given.
        named: usize,
        /// Rows per player.
        per_side: usize,
        /// The names.
        #[label("{}", count(*.named, "name"))]
        span: SourceSpan,
    },

    /// A hole and row given twice in a table of opposite holes.
    #[error("the opposite {row} hole of {hole} is given twice")]
    #[diagnostic(code(sow::check::opposite_twice), help("give each hole's opposite hole in a row once"))]
    OppositeTwice {
        /// The hole.
        hole: String,
        /// The row.
        row: String,
        /// The second time.
        #[label("given again here")]
        span: SourceSpan,
        /// The first time.
        #[label("first given here")]
        first: SourceSpan,
    },

    /// A hole named twice among the holes a capture's seeds may be put into.
    #[error("the {hole} is named twice among the holes the taken seeds go into")]
    #[diagnostic(
        code(sow::check::put_hole_twice),
        help(
            "name each hole once: the mover chooses among the holes named (`into the leftmost inner hole or the rightmost inner hole`)"
        )
    )]
    PutHoleTwice {
        /// The hole, as written.
        hole: String,
        /// The second time.
        #[label("named again here")]
        span: SourceSpan,
        /// The first time.
        #[label("first named here")]
        first: SourceSpan,
    },

    /// More holes for a capture's seeds, at the mover's choice, than a choice holds.
    #[error("the taken seeds go into one of {count} holes, more than the {max} a choice holds")]
    #[diagnostic(code(sow::check::too_many_put_holes), help("name at most {max} holes joined by `or`"))]
    TooManyPutHoles {
        /// Holes named.
        count: usize,
        /// The most there may be.
        max: usize,
        /// The destination.
        #[label("{count} holes")]
        span: SourceSpan,
    },

    /// A side store named on a board without side stores.
    #[error("this board has no side stores")]
    #[diagnostic(
        code(sow::check::no_side_stores),
        help(
            "give the board side stores (`board 4 rows of 8 holes, a store for each player, and a side \
             store for each player in the middle of the inner row`), or name a hole"
        )
    )]
    NoSideStores {
        /// Where one is named.
        #[label("a side store")]
        span: SourceSpan,
    },

    /// A hole that is not on the board.
    #[error("{what} is not on the board")]
    #[diagnostic(code(sow::check::off_board))]
    OffBoard {
        /// The hole as described.
        what: String,
        /// Where.
        #[label("off the board")]
        span: SourceSpan,
        /// How the board is.
        #[help]
        help: String,
    },

    /// A capture that would take from the mover's own side.
    #[error("a capture cannot take from the mover's own side")]
    #[diagnostic(
        code(sow::check::own_side_target),
        help(
            "captures take from the opponent: write `the opponent's territory` or `the opponent's ROW row`"
        )
    )]
    OwnSideTarget {
        /// Where.
        #[label("this is the mover's own side")]
        span: SourceSpan,
    },

    /// A parameter new in a ruleset, without its range.
    #[error("parameter `{name}` is new in ruleset \"{ruleset}\" and needs its range")]
    #[diagnostic(code(sow::check::param_needs_range), help("{help}"))]
    ParamNeedsRange {
        /// The ruleset.
        ruleset: String,
        /// The parameter.
        name: String,
        /// Where.
        #[label("give its values: `in LOW..HIGH`")]
        span: SourceSpan,
        /// What to do.
        help: String,
    },

    /// A ruleset restates something the base game does not have.
    #[error("ruleset \"{ruleset}\" overrides {what} `{name}`, which the base game does not define")]
    #[diagnostic(code(sow::check::unknown_override))]
    UnknownOverride {
        /// The ruleset.
        ruleset: String,
        /// What kind of thing.
        what: String,
        /// Its name.
        name: String,
        /// Where.
        #[label("nothing to override")]
        span: SourceSpan,
        /// A suggestion.
        #[help]
        help: String,
    },

    /// A mark name that no `marks` section declares.
    #[error("unknown mark `{name}`")]
    #[diagnostic(code(sow::check::unknown_mark), help("{help}"))]
    UnknownMark {
        /// The name used.
        name: String,
        /// Where.
        #[label("{label}")]
        span: SourceSpan,
        /// What the label says.
        label: String,
        /// What to do.
        help: String,
    },

    /// An opening name that no `opening` section declares.
    #[error("unknown opening \"{name}\"")]
    #[diagnostic(code(sow::check::unknown_opening), help("{help}"))]
    UnknownOpening {
        /// The name used.
        name: String,
        /// Where.
        #[label("no opening of this name")]
        span: SourceSpan,
        /// What to do.
        help: String,
    },

    /// More kinds of mark than the engine keeps.
    #[error("a game may declare at most {max} kinds of marked hole")]
    #[diagnostic(code(sow::check::too_many_marks), help("use fewer `marks` sections"))]
    TooManyMarks {
        /// The limit.
        max: usize,
        /// The first mark over the limit.
        #[label("one too many")]
        span: SourceSpan,
    },

    /// More of something than a file may have.
    #[error("a game may have at most {max} {what}")]
    #[diagnostic(code(sow::check::too_many), help("no game needs more: {help}"))]
    TooMany {
        /// What, in the plural.
        what: String,
        /// The limit.
        max: usize,
        /// The first one too many.
        #[label("one too many")]
        span: SourceSpan,
        /// What to do instead.
        help: String,
    },

    /// A turn that could offer more decisions than a position has room for.
    #[error("this turn could offer {bound} moves; a position has room for {max}")]
    #[diagnostic(
        code(sow::check::too_many_choices),
        help(
            "describe the holes more narrowly, by row or state: e.g. `move 2 seeds from an own inner hole to an empty own outer hole`"
        )
    )]
    TooManyChoices {
        /// The most moves the turn can offer.
        bound: usize,
        /// Room in a position.
        max: usize,
        /// The turn.
        #[label("up to {bound} pairs of holes")]
        span: SourceSpan,
    },

    /// An opening that says two kinds of turn.
    #[error("an opening's turns are of one kind")]
    #[diagnostic(
        code(sow::check::conflicting_turns),
        help(
            "keep one of `choose` (sowing), `take …`, `move …` and `mark …` in this opening; use two openings for two kinds of turn"
        )
    )]
    ConflictingTurns {
        /// The second kind.
        #[label("a second kind of turn")]
        span: SourceSpan,
        /// The first kind.
        #[label("the first")]
        first: SourceSpan,
    },

    /// An opening that ends when both players pass in a row, where no one may pass.
    #[error("opening \"{opening}\" ends on two passes, but no one may pass in it")]
    #[diagnostic(
        code(sow::check::no_pass_to_end),
        help(
            "let players pass in this opening, for example `a player may pass` or `a player may pass \
             when every own inner hole holds 1 seed`, or end it another way (`lasts 4 turns`)"
        )
    )]
    EndsOnPassesWithoutPass {
        /// The end.
        #[label("no pass can come in this opening")]
        span: SourceSpan,
        /// The opening's name.
        opening: String,
    },

    /// An opening that waits for a player's pass (`it ends for a player when they pass`, `a
    /// player keeps the turn until they pass`), where no one may pass.
    #[error("opening \"{opening}\" waits for a pass, but no one may pass in it")]
    #[diagnostic(
        code(sow::check::no_pass_to_wait_for),
        help("let players pass in this opening: `a player may pass`")
    )]
    WaitsForPassWithoutPass {
        /// The line that waits for the pass.
        #[label("no pass can come in this opening")]
        span: SourceSpan,
        /// The opening's name.
        opening: String,
    },

    /// A line about moved seeds in an opening whose turns do not move seeds.
    #[error("opening \"{opening}\" has no `move` turn for this line")]
    #[diagnostic(
        code(sow::check::needs_move_turn),
        help(
            "`a player keeps the turn …` and `a seed moved into …` go with a turn that moves seeds, \
             such as `move 1 seed from an occupied own hole to an own hole`"
        )
    )]
    NeedsMoveTurn {
        /// The line.
        #[label("this opening's turns move no seeds")]
        span: SourceSpan,
        /// The opening's name.
        opening: String,
    },

    /// An opening that ends at a capture none of its captures can make.
    #[error("opening \"{opening}\" ends at a capture whose hole is sown on whole, but makes none")]
    #[diagnostic(
        code(sow::check::capture_end_never_comes),
        help(
            "the line reads the hole a capture's seeds are put into and sown on from, lifted whole: \
             give the opening a lap rule whose capture ends `put the taken seeds into the origin \
             hole and sow the hole on`, or leave the line out"
        )
    )]
    CaptureEndNeverComes {
        /// The line.
        #[label("no capture of this opening sows its seeds on with the whole hole")]
        span: SourceSpan,
        /// The opening's name.
        opening: String,
    },

    /// An opening that ends at a capture, handing the rest of the turn to a phase that cannot
    /// take it up.
    #[error("opening \"{opening}\" hands the rest of a turn to a phase that {reason}")]
    #[diagnostic(
        code(sow::check::capture_end_next_phase),
        help(
            "the rest of the turn is sown under the next phase's rules, the same way: the next \
             phase must be a sowing, with the same direction on its `sow` line"
        )
    )]
    CaptureEndNextPhase {
        /// The line.
        #[label("the rest of the turn goes to the next phase here")]
        span: SourceSpan,
        /// The opening's name.
        opening: String,
        /// What is wrong with the next phase.
        reason: String,
    },

    /// A capture made by a moved seed that does more than take holes.
    #[error("capture `{capture}` does more than take holes, which a moved seed cannot do")]
    #[diagnostic(
        code(sow::check::drop_capture_not_plain),
        help(
            "a seed moved into a hole captures with a capture that takes the landing, opposite or \
             own column holes and puts their seeds out of play or in the mover's hand, with no \
             `then` line: write such a capture for it, e.g. `capture frontal {{ take the opposite \
             inner hole and the opposite outer hole }}`"
        )
    )]
    DropCaptureNotPlain {
        /// The capture's name where the moved seed makes it.
        #[label("made by a moved seed")]
        span: SourceSpan,
        /// Its name.
        capture: String,
        /// The capture.
        #[label("this capture")]
        at: SourceSpan,
    },

    /// A lap limit outside what the engine allows.
    #[error("a lap limit of {laps} laps is outside {min}..{max}")]
    #[diagnostic(
        code(sow::check::lap_limit),
        help(
            "state {min} to {max} laps, for example `after 10000 laps a sowing is endless`: the limit \
             bounds sowings that go on for very long without repeating (the engine's own bound is \
             {max} laps)"
        )
    )]
    LapLimit {
        /// The laps stated.
        laps: u64,
        /// The least allowed.
        min: u64,
        /// The most allowed.
        max: u64,
        /// Where.
        #[label("{laps} laps")]
        span: SourceSpan,
    },

    /// A section a ruleset may not restate.
    #[error("a ruleset cannot restate `{section}`")]
    #[diagnostic(
        code(sow::check::not_in_ruleset),
        help("`{section}` describes the game as a whole; give it in the base game only")
    )]
    NotInRuleset {
        /// The section.
        section: String,
        /// Where.
        #[label("not allowed in a ruleset")]
        span: SourceSpan,
    },

    /// Lap rules that can never end a sowing.
    #[error("the sowing can never end")]
    #[diagnostic(
        code(sow::check::never_ends),
        help(
            "let some lap end the sowing: add `otherwise: stop`, or a rule whose action is `stop` or a capture"
        )
    )]
    NeverEnds {
        /// The `after each lap` section.
        #[label("every lap relays")]
        span: SourceSpan,
    },

    /// A lap rule that an earlier rule always pre-empts.
    #[error("a later lap rule is never used: an earlier one applies to every landing")]
    #[diagnostic(
        code(sow::check::unreachable_rule),
        help("put the more specific rule first, or remove the one never reached")
    )]
    UnreachableRule {
        /// The rule never used.
        #[label("never reached")]
        span: SourceSpan,
        /// The rule that always applies.
        #[label("this rule applies to every landing")]
        by: SourceSpan,
    },

    /// A hole description no hole can fit.
    #[error("no hole can fit this description")]
    #[diagnostic(code(sow::check::impossible_choice), help("{help}"))]
    ImpossibleChoice {
        /// Where.
        #[label("{reason}")]
        span: SourceSpan,
        /// Why.
        reason: String,
        /// How to fix it.
        help: String,
    },

    /// A hole description that names one hole by its place (`the rightmost own hole`), where
    /// a hole is described by what it is.
    #[error("`{word}` names a hole by its place, where this description says what the hole is")]
    #[diagnostic(code(sow::check::hole_by_place))]
    HoleByPlace {
        /// The word.
        word: String,
        /// Where.
        #[label("names a hole by its place")]
        span: SourceSpan,
        /// How to say it.
        #[help]
        help: String,
    },

    /// Two words of a description contradict each other or say the same thing twice.
    #[error("`{word}` conflicts with `{other}`")]
    #[diagnostic(code(sow::check::conflicting_words))]
    ConflictingWords {
        /// The later word.
        word: String,
        /// The earlier word.
        other: String,
        /// The later word.
        #[label("conflicts")]
        span: SourceSpan,
        /// The earlier word.
        #[label("with this")]
        first: SourceSpan,
        /// How to fix it, for the kind of words in conflict.
        #[help]
        help: String,
    },

    /// `take nothing` whose later lines speak of the taken holes, or `take nothing from …`
    /// whose holes nothing is done with.
    #[error("{message}")]
    #[diagnostic(code(sow::check::nothing_taken))]
    NothingTaken {
        /// What is wrong.
        message: String,
        /// Where.
        #[label("{label}")]
        span: SourceSpan,
        /// What the label says.
        label: String,
        /// How to say it.
        #[help]
        help: String,
    },

    /// A count of zero where a number of at least 1 is needed (a follow-up, turns, a first
    /// lap's seeds).
    #[error("a count of zero does nothing here")]
    #[diagnostic(code(sow::check::zero_amount), help("remove the line, or give a number of at least 1"))]
    ZeroAmount {
        /// Where.
        #[label("0 here does nothing")]
        span: SourceSpan,
    },

    /// `, leaving at least 0 seeds`: a count the mover chooses may always take every seed.
    #[error("leaving at least 0 seeds leaves the mover's choice as it was")]
    #[diagnostic(
        code(sow::check::leave_zero),
        help(
            "remove the clause (the mover may then lift every seed of the hole), or give a number of at least 1"
        )
    )]
    LeaveZero {
        /// The clause.
        #[label("any count already leaves at least 0 seeds")]
        span: SourceSpan,
    },

    /// `, leaving at least N seeds` on a sowing whose count the rules fix.
    #[error("only a count the mover chooses can leave seeds in the hole")]
    #[diagnostic(
        code(sow::check::leave_without_choice),
        help(
            "let the mover choose the count: `sow any number of seeds from the next hole, leaving at least 1 seed`"
        )
    )]
    LeaveWithoutChoice {
        /// The clause.
        #[label("said of this sowing")]
        span: SourceSpan,
        /// The count the rules fix, where it is a number (`4 seeds`).
        #[label("the rules fix the count here")]
        count: Option<SourceSpan>,
    },

    /// A count the mover chooses in a game of more seeds than a position has room to offer
    /// counts for.
    #[error("a hole could offer {seeds} counts to lift; a position has room for {max}")]
    #[diagnostic(
        code(sow::check::too_many_counts),
        help("a count the mover chooses needs a game of at most {max} seeds: put fewer seeds in the setup")
    )]
    TooManyCounts {
        /// Seeds in the game.
        seeds: usize,
        /// Room in a position.
        max: usize,
        /// The clause.
        #[label("one decision per count")]
        span: SourceSpan,
    },

    /// A count larger than the engine keeps (turns, picks, seeds to strip).
    #[error("{value} is more than sow can count here")]
    #[diagnostic(code(sow::check::too_large), help("give at most {max}; no game needs more"))]
    TooLarge {
        /// The number given.
        value: u64,
        /// The largest allowed.
        max: u64,
        /// Where.
        #[label("at most {max}")]
        span: SourceSpan,
    },

    /// A count that works out below zero, or divides by zero.
    #[error("{what}")]
    #[diagnostic(
        code(sow::check::bad_count),
        help(
            "a number of seeds or holes is a whole number of at least 0; check the sum with the smallest board of the parameter's range"
        )
    )]
    BadCount {
        /// What went wrong: "2 - columns is below zero" or "… divides by zero".
        what: String,
        /// Where.
        #[label("here")]
        span: SourceSpan,
    },

    /// A run of holes longer than the row.
    #[error("a row has {columns} holes, so it holds no run of {count}")]
    #[diagnostic(
        code(sow::check::run_too_long),
        help("give at most {columns} holes, or a count that follows the board, e.g. `(columns - 1) / 2`")
    )]
    RunTooLong {
        /// The run's length.
        count: u64,
        /// Holes in a row.
        columns: usize,
        /// Where.
        #[label("{count} holes")]
        span: SourceSpan,
    },

    /// `players N` out of range.
    #[error("a game is played by 2 to 8 players, not {count}")]
    #[diagnostic(
        code(sow::check::players),
        help("write `players 2` (or leave the line out) up to `players 8`")
    )]
    Players {
        /// The count written.
        count: u64,
        /// Where.
        #[label("{count} players")]
        span: SourceSpan,
    },

    /// A choice of an opponent's hole where the mover's circuit does not pass it.
    #[error("the mover's circuit does not pass the opponent's holes")]
    #[diagnostic(
        code(sow::check::theirs_off_circuit),
        help(
            "a hole of the opponent's is sown along the mover's circuit, from where it lies; where each player sows round their own rows, no lap of the mover's starts there. Let the players share a circuit (`circuit all rows anticlockwise`), or describe the mover's own holes"
        )
    )]
    TheirsOffCircuit {
        /// The description.
        #[label("an opponent's hole, off the mover's circuit")]
        span: SourceSpan,
    },

    /// `after one more turn each` where no turn can be played.
    #[error("no turn can follow this end: {why}")]
    #[diagnostic(
        code(sow::check::no_last_turns),
        help(
            "`after one more turn each` is for a rule that ends the game while the players can still move (few seeds left, a store with enough seeds, a repeated position): leave it out here"
        )
    )]
    NoLastTurns {
        /// Why no turn can be played.
        why: &'static str,
        /// Where.
        #[label("one more turn each, after this end")]
        span: SourceSpan,
    },

    /// `a player may swap sides` at a table of more than two.
    #[error("{seats} players cannot swap sides: a swap is between two")]
    #[diagnostic(
        code(sow::check::swap_seats),
        help(
            "a swap gives each of two players the other's side of the board; at a larger table whose side a player would take is not said. Leave the swap out, or play the game with `players 2`"
        )
    )]
    SwapSeats {
        /// The players.
        seats: usize,
        /// Where.
        #[label("a swap between {seats} players")]
        span: SourceSpan,
    },

    /// More than two players with rows owned by seat.
    #[error("{seats} players cannot own rows by seat: a board has two sides")]
    #[diagnostic(
        code(sow::check::seats_without_share),
        help(
            "let the players share a circuit in equal parts: `territory each player owns an equal part of the \
             circuit` (for good), or `… at the start, then the holes that hold their seeds` (by the colour of \
             their seeds); or share every hole: `territory each player owns every hole`"
        )
    )]
    SeatsWithoutShare {
        /// The players.
        seats: usize,
        /// Where.
        #[label("{seats} players")]
        span: SourceSpan,
        /// The rows named by seat.
        #[label("rows owned by seat")]
        territory: Option<SourceSpan>,
    },

    /// A phrase that reads a ring's way, or foresees a lap, where each seed goes into a
    /// neighbouring hole of the mover's choosing: no ring, and no lap before the mover sows it.
    #[error("`{what}` reads a way round a ring, and a path of neighbouring holes has none")]
    #[diagnostic(
        code(sow::check::ring_on_path),
        help(
            "where each seed goes into a neighbouring hole of the mover's choosing, no lap goes round a \
             ring (no direction, no hole ahead of another, no row end sown inward, no side store passed) \
             and no hole's lap is known before the mover sows it: leave this out, or sow along a ring \
             (`circuit own rows anticlockwise`)"
        )
    )]
    RingOnPath {
        /// The words.
        what: String,
        /// Where.
        #[label("no ring where seeds go to neighbouring holes")]
        span: SourceSpan,
    },

    /// `an equal part of the circuit` without a shared ring.
    #[error("an equal part of the circuit needs a circuit shared by every player")]
    #[diagnostic(
        code(sow::check::share_without_ring),
        help("share a ring: `circuit the edge anticlockwise` or `circuit outer rows anticlockwise`")
    )]
    ShareWithoutRing {
        /// Where.
        #[label("each player's part of the circuit")]
        span: SourceSpan,
    },

    /// `, the winner matching the loser's holes` (a refill) or `, the other matching their
    /// arrangement` (an opening) where the players' holes do not face each other.
    #[error("one player's holes cannot match the other's: {why}")]
    #[diagnostic(
        code(sow::check::matching),
        help(
            "matching fills the holes facing the other player's, for two players who own the rows of their own sides \
             (`territory each player owns rows …`); else let each player fill or arrange their own holes, leaving the matching out"
        )
    )]
    Matching {
        /// What stands in the way.
        why: String,
        /// Where.
        #[label("matched here")]
        span: SourceSpan,
    },

    /// `the left half of the board` where the board has no two halves of a circuit through
    /// both rows for two players.
    #[error("the halves of the board are two players' parts of a board of two rows: {why}")]
    #[diagnostic(
        code(sow::check::board_half),
        help(
            "`territory each player owns the left half of the board` is for two players on two rows, with `circuit all rows …`; \
             on a board of more rows, or for more players, share the circuit in equal parts: `territory each player owns an equal part of the circuit`"
        )
    )]
    BoardHalf {
        /// What stands in the way.
        why: String,
        /// Where.
        #[label("each player's half of the board")]
        span: SourceSpan,
    },

    /// The players do not divide the circuit.
    #[error("{seats} players cannot have equal parts of a circuit of {length} holes")]
    #[diagnostic(
        code(sow::check::unequal_share),
        help("choose a board whose circuit the players divide, or another number of players")
    )]
    UnequalShare {
        /// Holes of the circuit.
        length: usize,
        /// The players.
        seats: usize,
        /// Where.
        #[label("{length} holes for {seats} players")]
        span: SourceSpan,
    },

    /// `, if there is no …` inside the description it names.
    #[error("one `if there is no …` inside another")]
    #[diagnostic(
        code(sow::check::nested_none_fits),
        help(
            "name the holes that must not fit in one description, without another `if there is no …` in it"
        )
    )]
    NestedNoneFits {
        /// The inner condition.
        #[label("a second `if there is no …`")]
        span: SourceSpan,
        /// The outer one.
        #[label("inside this one")]
        outer: SourceSpan,
    },

    /// Middle holes of a row that leave no end, or ends of unequal size.
    #[error("the middle {middle} holes of a row of {columns} do not leave an equal run at each end")]
    #[diagnostic(
        code(sow::check::row_end_middle),
        help(
            "name fewer middle holes than the row has, leaving as many at each end: on rows of {columns}, e.g. `either end from the middle {example} holes`"
        )
    )]
    RowEndMiddle {
        /// The middle holes named.
        middle: u64,
        /// Holes in a row.
        columns: usize,
        /// A count that fits.
        example: usize,
        /// Where.
        #[label("{middle} middle holes")]
        span: SourceSpan,
    },

    /// A setup that leaves the board empty.
    #[error("the setup puts no seeds on the board")]
    #[diagnostic(code(sow::check::no_seeds), help("give at least one hole a seed, e.g. `2 in every hole`"))]
    NoSeeds {
        /// The setup.
        #[label("every hole starts empty")]
        span: SourceSpan,
    },

    /// A setup with more seeds than counts can hold.
    #[error("the setup puts {total} seeds on the board; sow supports at most 20000")]
    #[diagnostic(code(sow::check::too_many_seeds), help("use fewer seeds per hole"))]
    TooManySeeds {
        /// Seeds in all.
        total: u64,
        /// The setup.
        #[label("{total} seeds in all")]
        span: SourceSpan,
    },
}

/// `1 row`, `3 rows`.
fn count(n: usize, word: &str) -> String {
    if n == 1 { format!("1 {word}") } else { format!("{n} {word}s") }
}

/// One problem in a rules file: a syntax error or a check error.
#[derive(Clone, Debug, Error, Diagnostic, PartialEq, Eq)]
pub enum Problem {
    /// The text does not follow the grammar.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Syntax(#[from] SyntaxError),
    /// The rules are inconsistent or impossible.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Check(#[from] CheckError),
    /// The rules are inconsistent or impossible at a value a parameter's range allows.
    #[error(transparent)]
    #[diagnostic(transparent)]
    AtRangeEnd(#[from] AtRangeEnd),
    /// A problem of one ruleset's rules (not of the base game's), at the words it comes from,
    /// which may be the base game's.
    #[error(transparent)]
    #[diagnostic(transparent)]
    InRuleset(#[from] InRuleset),
}

/// A problem that appears only in a ruleset: its words may stand in the base game (a section
/// the ruleset keeps), so the ruleset is named and pointed at (blind test 22, fault 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InRuleset {
    /// The ruleset.
    pub name: String,
    /// Its name in the file.
    pub at: SourceSpan,
    /// The problem in it.
    pub inner: Box<CheckError>,
}

impl fmt::Display for InRuleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "in ruleset \"{}\": {}", self.name, self.inner)
    }
}

impl std::error::Error for InRuleset {}

impl Diagnostic for InRuleset {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.inner.code()
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.inner.help()
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let ruleset = LabeledSpan::new_with_span(Some("the rules of this ruleset".to_string()), self.at);
        let inner: Vec<LabeledSpan> = self.inner.labels().map(|l| l.collect()).unwrap_or_default();
        Some(Box::new(inner.into_iter().chain(std::iter::once(ruleset))))
    }
}

/// A problem that appears only when a parameter takes the lowest or highest value its range
/// allows (the file is checked at both ends of every range, not only at the defaults).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AtRangeEnd {
    /// The parameter.
    pub name: String,
    /// The value at which the problem appears.
    pub value: u64,
    /// The range that allows the value.
    pub range: SourceSpan,
    /// The problem at that value.
    pub inner: Box<CheckError>,
}

impl fmt::Display for AtRangeEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "with {} = {}, which its range allows: {}", self.name, self.value, self.inner)
    }
}

impl std::error::Error for AtRangeEnd {}

impl Diagnostic for AtRangeEnd {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.inner.code()
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        let inner = self.inner.help().map(|h| h.to_string());
        let narrow = format!("or narrow the range of `{}` to values that work", self.name);
        Some(Box::new(match inner {
            Some(h) => format!("{h}; {narrow}"),
            None => narrow,
        }))
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let range =
            LabeledSpan::new_with_span(Some(format!("allows {} = {}", self.name, self.value)), self.range);
        let inner: Vec<LabeledSpan> = self.inner.labels().map(|l| l.collect()).unwrap_or_default();
        Some(Box::new(inner.into_iter().chain(std::iter::once(range))))
    }
}

/// Every problem found in one rules file, with its source for rendering.
#[derive(Clone, Debug)]
pub struct RulesError {
    /// The file's name and text.
    pub src: NamedSource<Arc<str>>,
    /// The problems, in the order found.
    pub problems: Vec<Problem>,
}

impl RulesError {
    /// A report for `problems` in the named source.
    pub fn new(name: &str, text: Arc<str>, problems: Vec<Problem>) -> RulesError {
        RulesError { src: NamedSource::new(name, text), problems }
    }

    fn single(&self) -> Option<&Problem> {
        match self.problems.as_slice() {
            [one] => Some(one),
            _ => None,
        }
    }
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.single() {
            Some(one) => one.fmt(f),
            None => write!(f, "{} errors in {}", self.problems.len(), self.src.name()),
        }
    }
}

impl std::error::Error for RulesError {}

impl Diagnostic for RulesError {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.single().and_then(|p| p.code())
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.single().and_then(|p| p.help())
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        self.single().and_then(|p| p.labels())
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        Some(&self.src)
    }

    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn Diagnostic> + 'a>> {
        match self.single() {
            Some(_) => None,
            None => Some(Box::new(self.problems.iter().map(|p| p as &dyn Diagnostic))),
        }
    }
}
