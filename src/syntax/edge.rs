//! The edge of the language: phrases a rules writer reaches for that `sow` does not have.
//!
//! When the text stops fitting the grammar, "expected X" says what would fit but not why
//! the writer's phrase does not. For the mechanics and wordings writers of mancala rules
//! most often reach for, this table says plainly either what the language calls the same
//! thing, or that it has no phrase for it yet and which phrase comes closest. Each entry is
//! matched against the line the error is on (its words, lower-cased), so it speaks only
//! where the writer's own words show what they meant.

/// One phrase at the edge of the language.
struct Edge {
    /// The line's first word must be one of these (any word, if empty).
    starts: &'static [&'static str],
    /// The line must hold one of these runs of words (each written with single spaces).
    any: &'static [&'static str],
    /// The word the error is at must not be one of these (the line is then only
    /// unfinished, not reaching for something else).
    found_not: &'static [&'static str],
    /// This phrase must be among those expected (any, if empty).
    expected: &'static str,
    /// The words just before the one the error is at must end with one of these runs (any
    /// words, if empty): the phrase went wrong right there, not further on.
    right_after: &'static [&'static str],
    /// What to tell the writer.
    help: &'static str,
}

/// An entry matched on runs of words alone.
const fn words(any: &'static [&'static str], help: &'static str) -> Edge {
    Edge { starts: &[], any, found_not: &[], expected: "", right_after: &[], help }
}

/// The table, most specific first: the first entry that matches speaks.
const EDGES: &[Edge] = &[
    // ─── After a capture ───
    words(
        &[
            "move the last seed",
            "the capturing seed",
            "the seed that captured",
            "last seed into the next hole",
        ],
        "the capturing seed sown on from where it landed is `then relay from the landing hole` (a line of the capture, after the line that puts the taken seeds): the lap rules are read again where it falls",
    ),
    Edge {
        starts: &["take", "put"],
        any: &["end of the round", "end of a round", "end of the game", "at the end"],
        found_not: &[],
        expected: "",
        right_after: &[],
        help: "a capture takes its seeds at once, where its rule is read; sow has no phrase yet for a capture kept back until a round or the game ends: write it as taken at once (`take the opposite hole`), and say in a comment how the rules differ",
    },
    Edge {
        starts: &["then"],
        any: &["take every", "take all", "take each"],
        found_not: &[],
        expected: "",
        right_after: &[],
        help: "a sweep of the board is a capture's own take line, before the line that puts the taken seeds: `take every hole that holds 4 seeds` (or `every opponent's hole that holds 4 seeds`); a follow-up such as `then take 2 more occupied holes from the opponent's outer row` takes further holes the mover picks",
    },
    words(
        &[
            "through both",
            "through the stores",
            "through both stores",
            "through all stores",
            "through the opponent's store",
        ],
        "a circuit passes the store of the player sowing, and only that one: `through the mover's store`; sow has no phrase yet for a ring through every store",
    ),
    Edge {
        starts: &["circuit"],
        any: &["chosen once", "chosen each round", "chosen each turn"],
        found_not: &[],
        expected: "",
        right_after: &["chosen once", "chosen each round", "chosen each turn", "for all players"],
        help: "a direction the players choose is chosen once by each player for the game (`circuit all rows anticlockwise or clockwise, chosen once`), anew in each round (`circuit all rows anticlockwise or clockwise, chosen each round`), or with each sowing (`circuit all rows anticlockwise or clockwise, chosen each turn`); with for all players after it, the first player to sow chooses for everyone (`circuit all rows anticlockwise or clockwise, chosen each round for all players`). sow has no phrase yet for a choice made by one player named otherwise (the winner or loser of a round)",
    },
    words(
        &[
            "flip the board",
            "turn the board",
            "swap the rows",
            "swap the board",
            "change sides",
            "exchange sides",
            "switch sides",
            "swap places",
        ],
        "a player who may take the other's side of the board, the board turned round, swaps sides, in an opening: `a player may swap sides` (the player then moves from their new side), or `a player may swap sides, instead of moving` (the swap is their turn)",
    ),
    // ─── Endings ───
    words(
        &[
            "by lot",
            "by lots",
            "draw lots",
            "draws lots",
            "drawing lots",
            "lots are drawn",
            "by chance",
            "at random",
            "randomly",
        ],
        "a last hole drawn by lot between rounds follows the fewest seeds that make one: `the game is played in rounds: each player fills own holes from the left with 4 seeds each, the last with the seeds left if there are at least 3, or by lot if each has 2, made up with seeds the others have left` (where no player has 3 over but each has 2, the program draws the lot, each player with the same chance, and the one it falls to makes the hole); the first player drawn by lot is a setup line: `setup { 4 in every hole  the first player is drawn by lot }`; sow has no phrase yet for chance anywhere else",
    ),
    words(
        &[
            "the round",
            "a round",
            "new round",
            "next round",
            "rounds until",
            "each round",
            "in rounds",
            "scores the",
            "scoring the",
            "the difference",
            "points",
        ],
        "a game of rounds is one end rule, `the game is played in rounds: each player fills own holes from the right with 4 seeds each` (it may go on `the game is played in rounds: each player fills own holes from the right with 4 seeds each, as many as the player with the fewest seeds can, marking the holes left empty as closed, and the loser of a round starts the next`): every other end rule but the turn limit then ends a round, and a player who cannot fill a hole loses the game. Rounds played afresh, each from the setup, with points to a target: `the game is played in rounds: each round starts as the game does, and the winner of a round scores the difference, and the first player starts every round` with `a player who has scored 60 points wins`",
    ),
    words(
        &["no legal move", "no legal moves", "no valid move", "no valid moves", "no moves", "no move"],
        "a player without a legal move is `a player who cannot move`: write `a player who cannot move loses` (or `passes`, or `ends the game and the player with more seeds wins`)",
    ),
    words(
        &["who passes", "passing loses", "pass loses", "passes loses", "who passes loses"],
        "a pass that is always on offer and loses is `a player may pass and lose`; a player who passes only when blocked is `a player who cannot move passes`",
    ),
    words(
        &[
            "more captures",
            "most captures",
            "captured more",
            "more captured",
            "most seeds captured",
            "more seeds captured",
        ],
        "a game settled on what players hold is `… ends the game and the player with more seeds wins`: the seeds on a player's side, in their hand and in their store count (keep captured seeds with `put the taken seeds in the mover's hand` or `… in the mover's store`)",
    ),
    Edge {
        starts: &["it"],
        any: &["it ends", "it is over"],
        found_not: &[],
        expected: "",
        right_after: &[],
        help: "an opening's own end is `it ends when both players pass in a row` (where `a player may pass`), or a fact about the holes of the player whose turn starts: `it ends for a player when every own hole holds at most 1 seed`, `it ends for a player when the opponent has captured at least 2 seeds`",
    },
    words(
        &[
            "players may agree",
            "players can agree",
            "players agree",
            "by agreement",
            "a repeated position may",
            "a repeated position can",
        ],
        "an end the players agree to, at a repeated position, is `a repeated position lets the players agree to end the game and the player with more seeds wins` (or `a repeated position lets the players agree to a draw`): the player to move there may offer to end it, and the others agree or refuse in play; sow has no phrase yet for an agreement anywhere else",
    ),
    words(
        &["ends when", "game ends if", "is over when"],
        "end rules are phrases about a player or the game, such as `a player with no seeds loses`, `a player whose inner row is empty loses`, `a player who cannot move loses`, `a repeated position is a draw` or `after 2500 turns the game is a draw`",
    ),
    // ─── Counts ───
    words(
        &["or more", "or fewer", "or less"],
        "write `at least 2 seeds` for 2 or more, and `at most 2 seeds` for 2 or fewer",
    ),
    words(
        &["holding"],
        "a condition on the landing hole's count is `and the landing hole holds 2 seeds` (or `2 or 3 seeds`, `at least 2 seeds`), after the hole's description",
    ),
    words(
        &["most seeds", "fullest", "largest", "biggest", "the most"],
        "one of the mover's fullest holes is `own hole with the most seeds` (no other own hole holds more); a count is bounded with `own hole with at least 2 seeds`",
    ),
    // ─── Directions ───
    words(
        &["counterclockwise", "counter-clockwise", "anti-clockwise", "anticlock-wise"],
        "write `anticlockwise` (or `clockwise`)",
    ),
    words(
        &[
            "if it captures",
            "only if it captures",
            "if the sowing captures",
            "when it captures",
            "if that captures",
            "if it would capture",
        ],
        "a lap that may go the other way only where it captures is a line of `choose`: `also the leftmost outer hole with at least 2 seeds, clockwise, if the lap captures`",
    ),
    words(
        &[
            "may choose",
            "chooses the direction",
            "choose the direction",
            "choose a direction",
            "either direction",
        ],
        "the direction is chosen in the circuit: `circuit own rows anticlockwise or clockwise, chosen each turn` (or `, chosen once`, to keep the first choice for the game)",
    ),
    Edge {
        starts: &["sow"],
        any: &["anticlockwise", "clockwise"],
        found_not: &[],
        expected: "",
        right_after: &[],
        help: "a sowing's direction follows a comma: `sow all seeds from the next hole, anticlockwise`; the usual place for it is the circuit: `circuit own rows anticlockwise`",
    },
    // ─── Sowing ───
    words(
        &["skip", "skips", "skipped", "skipping"],
        "a lap skips the hole it was lifted from with `circuit own rows anticlockwise, skipping the origin hole`, and holes carrying a mark with `sow all seeds from the next hole, skipping closed holes` (a mark declared `marks closed`, set by a lap rule such as `when the last seed lands in an empty hole: mark the landing hole as closed`, or by a new round); holes by what they hold with `sow all seeds from the next hole, skipping opponent's holes with 3 seeds`",
    ),
    Edge {
        starts: &["sow"],
        any: &["two seeds", "2 seeds", "seeds into", "into an empty", "into each", "into every", "per hole"],
        found_not: &[],
        expected: "",
        right_after: &[],
        help: "a sowing drops one seed into each hole it passes; a rule may change that for every hole, `sow all seeds from the next hole, 4 seeds into each hole`, for empty holes, `sow all seeds from the next hole, 2 seeds into each empty hole`, and for the first hole, `sow all seeds from the next hole, 2 seeds into the first hole`",
    },
    Edge {
        starts: &["sow"],
        any: &[],
        found_not: &["all"],
        expected: "`all`",
        right_after: &[],
        help: "the sowing is `sow all seeds from the next hole`, optionally with `, anticlockwise` or `, clockwise`: every seed of the chosen hole is lifted and dropped one by one from the hole after it; a first lap of some seeds, the first back into the chosen hole, is `sow 4 seeds starting with the chosen hole`",
    },
    // ─── Setup and placement ───
    words(
        &[
            "start in hand",
            "start in the hand",
            "start in their hand",
            "begin in hand",
            "seeds in hand",
            "in hand at the start",
        ],
        "seeds that start in hand are a setup line, `24 in each hand`; turns put them on the board with the `sow` line `sow 1 seed from the mover's hand into the chosen hole, then capture NAME if the opposite inner hole is occupied, else sow the hole`",
    ),
    words(
        &[
            "arrange",
            "arranges",
            "arrangement",
            "rearrange",
            "distribute",
            "distributes",
            "place their seeds",
            "places their seeds",
        ],
        "players arranging their seeds before play is an opening whose turns move one seed, with a pass, that ends when both pass: `opening \"arrangement\" { move 1 seed from an occupied own hole to an own hole  a player may pass  it ends when both players pass in a row }`",
    ),
    // ─── Choosing ───
    Edge {
        starts: &["sow"],
        any: &["hole except", "except the last seed"],
        found_not: &[],
        expected: "",
        right_after: &[],
        help: "every seed of a lap falls into a hole; the last seed is spared only from a skip, falling even into a hole the lap skips (`sow all seeds from the next hole, skipping opponent's holes with 3 seeds, except the last seed`); sow has no phrase yet for a seed set aside from a lap, off the board",
    },
    Edge {
        starts: &["move"],
        any: &["except"],
        found_not: &[],
        expected: "",
        right_after: &[],
        help: "the hole a turn that moves seeds goes to may leave out the hole across from the one they leave (`move all seeds from an own hole with at least 1 seed to a hole, except the opposite hole`) and the holes of rows or marks, named without an article (`move 1 seed from an occupied own hole to an own hole, except closed holes`, where closed is a row or a mark)",
    },
    Edge {
        starts: &[],
        any: &["hole except", "holes except"],
        found_not: &[],
        expected: "",
        right_after: &[],
        help: "holes are left out of a choice's description after a comma: `own hole with at least 1 seed, except ruma holes` (a row or a mark), `own outer hole, except the 4th outer hole and the 5th outer hole`; a turn that moves seeds leaves holes out of where they go the same way: `move 1 seed from an occupied own hole to an own hole, except closed holes`",
    },
    words(
        &[
            "leave the opponent",
            "let the opponent",
            "allow the opponent",
            "allows the opponent",
            "opponent a move",
            "opponent can move",
            "opponent can play",
        ],
        "a mover made to leave the opponent a move is a line of `choose`: on every turn, `must leave the opponent a move if possible`; only once the opponent cannot move, `must feed an opponent who cannot move` (or `must feed an opponent who has no seeds`, once their holes are empty)",
    ),
    words(
        &["then mark"],
        "a capture marks its landing hole with a line of its own after its `take`: `then mark the landing hole as NAME` (and `then the landing hole becomes the mover's` gives it to the mover); a lap rule may mark it instead, `when the last seed lands in an empty own hole: mark the landing hole as NAME` (the sowing then ends)",
    ),
    words(
        &[
            "priority",
            "compulsory",
            "obligatory",
            "must capture",
            "has to capture",
            "if there is one",
            "if possible",
        ],
        "sow has no phrase yet for captures that have priority (a sowing that captures must be chosen when there is one): any hole the `choose` section allows may be sown",
    ),
    // ─── Lap rules ───
    words(
        &["any landing", "every landing", "lands anywhere", "each landing", "on landing"],
        "a lap rule that says nothing about the hole applies to every landing: `when the last seed lands in a hole: capture NAME`",
    ),
    words(
        &["both opposite", "both holes", "both the opposite", "either opposite", "either hole", "either of"],
        "name each hole in a condition of its own: both are `and the opposite inner hole is occupied and the opposite outer hole is occupied`, either is `and the opposite inner hole is occupied or the opposite outer hole is occupied`",
    ),
    Edge {
        starts: &["take"],
        any: &["or the"],
        found_not: &[],
        expected: "",
        right_after: &[],
        help: "a capture takes every hole its `take` names, joined by `and`; sow has no `or` here yet: to take one hole or another, write a capture for each and a lap rule that leads to each",
    },
    words(
        &["or the"],
        "`or` joins the facts after `and` (`and the next hole is empty or the opposite inner hole is occupied`) and choice descriptions (`own hole with 1 seed or own hole with at least 3 seeds`); where a lap ends is one place a rule: for several, write a lap rule for each, in order (the first that applies is carried out)",
    ),
    Edge {
        starts: &["otherwise"],
        any: &["if", "when", "unless"],
        found_not: &[],
        expected: "`}`",
        right_after: &[],
        help: "`otherwise` takes no condition: write a `when` rule for the case before it, as in `when the last seed lands in a MARK hole: move again`",
    },
    // ─── Captures ───
    Edge {
        starts: &["capture"],
        any: &[],
        found_not: &[],
        expected: "`take`",
        right_after: &[],
        help: "inside a capture, the holes it takes are named with `take`: `take the opposite inner hole`",
    },
    Edge {
        starts: &["put"],
        any: &["house", "nyumba"],
        found_not: &[],
        expected: "",
        right_after: &[],
        help: "a special hole with rules of its own is a mark (`marks house: the 5th inner hole`), read by choices, lap rules and sowings (`own house hole with at least 1 seed`, `when the last seed lands in an own house hole: stop`, `sow all seeds from the next hole, only 1 seed from a house hole with more than 6 seeds`); taken seeds may go `in the mover's hand`, `in the mover's store`, or `into the landing hole and sow them on` (or the `origin hole`, or an `own ROW hole behind the landing hole`)",
    },
    Edge {
        starts: &["put"],
        any: &["seeds into"],
        found_not: &["landing", "origin", "own", "the", "end"],
        expected: "",
        right_after: &["seeds into", "seeds into the"],
        help: "taken seeds can be put into the `landing hole`, the `origin hole`, an `own ROW hole behind the landing hole`, a hole of the mover's named from their seat (`put the taken seeds into the leftmost inner hole`), several of these joined by `or` of which the mover chooses one (`put the taken seeds into the leftmost inner hole or the rightmost inner hole`), or a row's end (a kichwa): `into the end of the own inner row nearer the capture, either end from the middle 4 holes, and sow them on inward`; sow has no phrase yet for another hole (such as a hole of the opponent's, or one the mover picks anywhere)",
    },
];

/// What to tell a writer whose line `line` stopped fitting the grammar at the word `found`
/// (empty at punctuation), where `expected` would have fitted; `None` when the line does not
/// show a phrase of the table. `through` is the line up to the end of that word: an entry
/// whose words begin there speaks first; one whose words come only later in the line speaks
/// where none does (the error may be at the start of the phrase that shows the intent).
pub(super) fn help((line, through): (&str, &str), found: &str, expected: &[String]) -> Option<&'static str> {
    let split = |text: &str| -> Vec<String> {
        text.split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '-'))
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .collect()
    };
    let words = split(line);
    let first = words.first().map(String::as_str).unwrap_or("");
    // Where a run of words is first found in the line.
    let at = |run: &str| {
        let run: Vec<&str> = run.split(' ').collect();
        words.windows(run.len()).position(|w| w.iter().zip(&run).all(|(a, b)| a == b))
    };
    // The words of the line before the one the error is at end with a run of words.
    let before = split(through);
    let before = &before[..before.len().saturating_sub(usize::from(!found.is_empty()))];
    let ends_with = |run: &str| {
        let run: Vec<&str> = run.split(' ').collect();
        before.len() >= run.len() && before[before.len() - run.len()..].iter().zip(&run).all(|(a, b)| a == b)
    };
    // Each entry that speaks for the line, with where its words begin (0 for an entry of
    // no words), in the table's order.
    let speaking: Vec<(usize, &'static str)> = EDGES
        .iter()
        .filter_map(|e| {
            let fits = (e.starts.is_empty() || e.starts.contains(&first))
                && !e.found_not.contains(&found)
                && (e.expected.is_empty() || expected.iter().any(|x| x == e.expected))
                && (e.right_after.is_empty() || e.right_after.iter().any(|run| ends_with(run)));
            let begins =
                if e.any.is_empty() { Some(0) } else { e.any.iter().filter_map(|run| at(run)).min() };
            begins.filter(|_| fits).map(|begins| (begins, e.help))
        })
        .collect();
    // The first whose words begin by the word the error is at; else the first whose words
    // begin in the rest of its clause (up to the next comma: blind test 23, fault 4, a skip
    // in a later clause spoke for a count of seeds wrong before it); else any.
    let upto = split(through).len().max(1);
    let clause =
        line.get(through.len()..).map_or(0, |rest| split(rest.split(',').next().unwrap_or("")).len());
    let within = |limit: usize| speaking.iter().find(|&&(begins, _)| begins < limit).map(|&(_, help)| help);
    within(upto).or_else(|| within(upto + clause)).or_else(|| within(usize::MAX))
}

#[cfg(test)]
mod tests {
    use pest::Parser;

    use super::*;
    use crate::syntax::parser::{Rule, SowParser};

    /// Parts of phrases that helps name on their own, and two facts of a lap rule in a row.
    const FRAGMENTS: [&str; 3] = [
        "a player who cannot move",
        "chosen once",
        "and the opposite inner hole is occupied and the opposite outer hole is occupied",
    ];

    /// Every phrase a help offers in backticks is one the language has: it reads whole as
    /// one of the grammar's phrases (a placeholder such as `NAME` or `ROW` stands for a name).
    #[test]
    fn every_phrase_offered_parses() {
        let rules = [
            Rule::rule_section,
            Rule::end_rule,
            Rule::lap_rule,
            Rule::lap_condition,
            Rule::destination,
            Rule::to_hand,
            Rule::to_store,
            Rule::resow_hole,
            Rule::resow,
            Rule::resow_end,
            Rule::take,
            Rule::relay_after,
            Rule::claim_after,
            Rule::mark_after,
            Rule::choice,
            Rule::turning,
            Rule::seed_range,
            Rule::setup_line,
            Rule::direction,
            Rule::blocked_outcome,
            Rule::by_score,
            Rule::agreement,
            Rule::agreed_score,
            Rule::other_direction,
            Rule::opening,
            Rule::transfer_turn,
            Rule::opening_pass,
            Rule::opening_swap,
            Rule::opening_end,
            Rule::must_feed,
            Rule::mark_turn,
            Rule::follow_up,
            Rule::every_target,
            Rule::through_store,
        ];
        let names = [("NAME", "frontal"), ("ROW", "inner"), ("MARK", "ruma")];
        let mut checked = 0;
        let mut bad = Vec::new();
        for edge in EDGES {
            for phrase in edge.help.split('`').skip(1).step_by(2) {
                let mut phrase = phrase.trim_start_matches(", ").trim_start_matches("… ").to_string();
                for (placeholder, name) in names {
                    phrase = phrase.replace(placeholder, name);
                }
                if ["or", "and", "otherwise", "choose", "take", "all", "sow", "when"]
                    .contains(&phrase.as_str())
                {
                    continue;
                }
                let whole = |rule: Rule| SowParser::parse(rule, &phrase).is_ok_and(|p| p.as_str() == phrase);
                if !rules.iter().any(|&r| whole(r)) && !FRAGMENTS.contains(&phrase.as_str()) {
                    bad.push(format!("`{phrase}`, offered by \"{}\"", edge.help));
                }
                checked += 1;
            }
        }
        assert!(bad.is_empty(), "phrases of no grammar rule:\n{}", bad.join("\n"));
        assert!(checked > 30, "only {checked} phrases checked");
    }
}
