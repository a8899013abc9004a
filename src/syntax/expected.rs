//! Human phrases for grammar rules, used in "expected …" messages. The match is exhaustive,
//! so adding a rule to the grammar forces writing its phrase here.

use std::collections::HashSet;
use std::sync::LazyLock;

use pest::error::{ErrorVariant, InputLocation};

use super::error::SyntaxError;
use super::parser::Rule;
use crate::span::Span;

/// How a rule is named in an error message.
pub fn phrase(rule: Rule) -> &'static str {
    match rule {
        Rule::EOI => "the end of the file",
        Rule::WHITESPACE => "a space",
        Rule::COMMENT => "a comment",
        Rule::file => "a rules file",
        Rule::game => "`game \"Name\" { … }`",
        Rule::game_section | Rule::rule_section => "a section",
        Rule::ruleset => "`ruleset \"name\" { … }`",
        Rule::extends => "`extends \"ruleset\"`",
        Rule::lap_rule_first => "`after each lap, first: when …: ACTION`",
        Rule::end_restated => "`end, also: RULE` or `end, instead: RULE`",
        Rule::end_also => "`also`",
        Rule::end_instead => "`instead`",
        Rule::kw_also => "`also`",
        Rule::keep_turn => "`a player keeps the turn until they pass, at most N moves`",
        Rule::drop_capture => "`a seed moved into … captures NAME`",
        Rule::drop_until => "`, until the mover has captured`",
        Rule::pass_end => "`for a player when they pass`",
        Rule::capture_end => "`for a player when a capture leaves 1 seed in the hole it sows from`",
        Rule::opening_blocked => "`a player who cannot move in it loses`",
        Rule::kw_leaves => "`leaves`",
        Rule::kw_sows => "`sows`",
        Rule::kw_moved => "`moved`",
        Rule::kw_until => "`until`",
        Rule::kw_mover => "`mover`",
        Rule::kw_keeps => "`keeps`",
        Rule::kw_they => "`they`",
        Rule::kw_moves => "`moves`",
        Rule::kw_captures => "`captures`",
        Rule::choice_except => "`, except the 4th outer hole` or `, except ruma holes`",
        Rule::named_holes => "`NAME holes` (a row or a mark)",
        Rule::except_hole => "a hole such as `the 4th outer hole`, or `NAME holes`",
        Rule::turning => "`also the leftmost outer hole, clockwise, if the lap captures`",
        Rule::turn_condition => "`, if the lap captures` or `, if the last seed lands in …`",
        Rule::judged_whole => "`, as if the whole hole were sown`",
        Rule::lap_captures => "`the lap captures`",
        Rule::kw_extends => "`extends`",
        Rule::kw_first => "`first`",
        Rule::kw_instead => "`instead`",
        Rule::aliases => "`aliases \"…\"`",
        Rule::origin => "`origin \"…\"`",
        Rule::family => "`family \"…\"`",
        Rule::lap_limit => "`after N laps a sowing is endless`",
        Rule::kw_family => "`family`",
        Rule::kw_laps => "`laps`",
        Rule::kw_sowing => "`sowing`",
        Rule::kw_this => "`this`",
        Rule::transfer_not_opposite => "`, except the opposite hole`",
        Rule::every_hole_seeds => "`empty`",
        Rule::others_hole => "`opponent's hole`",
        Rule::any_players_hole => "`hole`",
        Rule::blocked_endless => "`, or whose every sowing is endless,`",
        Rule::kw_way => "`way`",
        Rule::kw_went => "`went`",
        Rule::resow_way => "`the way the lap went`",
        Rule::sown_this_turn => "`sown this turn`",
        Rule::sowing_ends => "`the sowing ends`",
        Rule::lap_starts => "`a lap starts from`",
        Rule::kw_both => "`both`",
        Rule::kw_players => "`players`",
        Rule::kw_any => "`any`",
        Rule::kw_other => "`other`",
        Rule::kw_captured => "`captured`",
        Rule::kw_hold => "`hold`",
        Rule::kw_its => "`its`",
        Rule::kw_turned => "`turned`",
        Rule::kw_be => "`be`",
        Rule::kw_another => "`another`",
        Rule::kw_unless => "`unless`",
        Rule::kw_takes => "`takes`",
        Rule::leave_turned => {
            "`the seeds a turned lap captures may be left in its hole for another turned lap`"
        }
        Rule::turned_once => "`turned laps capture once a turn, unless the first lap is turned`",
        Rule::first_hole_seeds => "`, 2 seeds into the first hole`",
        Rule::empty_hole_seeds => "`, 2 seeds into each empty hole`",
        Rule::skip_marked => "`, skipping out holes`",
        Rule::skip_when => "`when the chosen hole is a store hole`",
        Rule::hand_entry => "`a player may put one seed from their hand into each own hole`",
        Rule::opponents_place => "`the opponent's leftmost pit hole`",
        Rule::hand_sow => "`a player may sow the seeds of their hand starting with the leftmost pit hole`",
        Rule::end_holes_rule => {
            "`a player who takes both end holes of the opponent's inner row in one turn wins`"
        }
        Rule::every_lap_itself => "`, every lap starting with the hole it lifts`",
        Rule::kw_lifts => "`lifts`",
        Rule::parity_count => "`an even number of seeds` or `an odd number of seeds`",
        Rule::count_even => "`even`",
        Rule::count_odd => "`odd`",
        Rule::kw_number => "`number`",
        Rule::kw_odd => "`odd`",
        Rule::every_target => "`every hole that holds 2 to 3 seeds`",
        Rule::every_side => "`own` or `opponent's`",
        Rule::after_next => "`next hole`",
        Rule::relay_landing => "`landing hole`",
        Rule::or_choice => "`or own hole with 1 seed whose next hole is empty`",
        Rule::rounds_rule => {
            "`the game is played in rounds: each player fills own holes from the right with 4 seeds each`"
        }
        Rule::fill_side => "`left` or `right`",
        Rule::rounds_fewest => "`, as many as the player with the fewest seeds can`",
        Rule::rounds_rest => "`, the last with the seeds left`",
        Rule::capture_choice => "`capture previous or capture next`",
        Rule::rounds_from => "`it is played from the second round on`",
        Rule::later_rounds => "`from the second round on`",
        Rule::first_round_only => "`in the first round only`",
        Rule::first_matched => "`, the other matching their arrangement`",
        Rule::fill_as_setup => "`as the setup does`",
        Rule::again_back => "`, turning back`",
        Rule::rounds_spread => "`, the seeds left one a hole`",
        Rule::rounds_matching => "`, the winner matching the loser's holes`",
        Rule::rounds_few => "`, one seed a hole for a player with under 5 seeds`",
        Rule::rest_least => "`if there are at least 3`",
        Rule::rest_lot => "`, or by lot if each has 2`",
        Rule::rounds_closed => "`, marking the holes left empty as closed`",
        Rule::rounds_shrink => "`, the board smaller by 1 column while the loser has under 1/2 of the seeds`",
        Rule::shrink_more => "`, by 2 under 1/4`",
        Rule::share => "a share of the seeds, such as `1/2`",
        Rule::rounds_except => "`, except centre holes,`",
        Rule::rounds_unable => {
            "`, a player who cannot fill a hole ends the game and the player with more seeds wins`"
        }
        Rule::rounds_start => "`, and the winner of a round starts the next`",
        Rule::round_winner => "`winner`",
        Rule::round_loser => "`loser`",
        Rule::round_second => "`players start the rounds in turn`",
        Rule::round_first => "`first player starts every round`",
        Rule::rounds_again => "`each round starts as the game does`",
        Rule::rounds_points => "`, and the winner of a round scores the difference`",
        Rule::points_difference => "`the difference`",
        Rule::points_win_rule => "`a player who has scored 60 points wins`",
        Rule::kw_does => "`does`",
        Rule::kw_scores => "`scores`",
        Rule::kw_difference => "`difference`",
        Rule::kw_scored => "`scored`",
        Rule::kw_points => "`points`",
        Rule::kw_point => "`point`",
        Rule::opening_swap => "`a player may swap sides`",
        Rule::swap_instead => "`, instead of moving`",
        Rule::kw_swap => "`swap`",
        Rule::first_only => "`only the first player plays it`",
        Rule::kw_plays => "`plays`",
        Rule::kw_sides => "`sides`",
        Rule::feed_seeds => "`has no seeds`",
        Rule::before_side => "`opponent's` or `mover's`",
        Rule::run_after => "`after`",
        Rule::transfer_next => "`the next hole`",
        Rule::passing_seed => "`a seed` or `a seed before the last`",
        Rule::before_last => "`before the last`",
        Rule::feed_blocked => "`cannot move`",
        Rule::kw_played => "`played`",
        Rule::kw_rounds => "`rounds`",
        Rule::kw_round => "`round`",
        Rule::kw_fill => "`fill`",
        Rule::kw_fills => "`fills`",
        Rule::kw_fewest => "`fewest`",
        Rule::kw_smaller => "`smaller`",
        Rule::kw_under => "`under`",
        Rule::kw_can => "`can`",
        Rule::kw_marking => "`marking`",
        Rule::kw_winner => "`winner`",
        Rule::kw_loser => "`loser`",
        Rule::kw_losers => "`loser's`",
        Rule::kw_matching => "`matching`",
        Rule::kw_arrangement => "`arrangement`",
        Rule::second_word => "`second`",
        Rule::kw_starts => "`starts`",
        Rule::kw_left => "`left`",
        Rule::kw_endless => "`endless`",
        Rule::sources => "`sources \"…\"`",
        Rule::summary => "`summary \"…\"`",
        Rule::computer => "`computer mcts` or `computer alphabeta`",
        Rule::search_kind => "`alphabeta` or `mcts`",
        Rule::string_list => "a list of strings",
        Rule::param => "`param NAME = N in LOW..HIGH`",
        Rule::param_range => "a range such as `in 8..36`",
        Rule::board => "`board R rows of C holes`",
        Rule::opposite_holes => "`opposite holes { b1: inner c2, outer d3 }`",
        Rule::opposite_line => "a line `b1: inner c2, outer d3`",
        Rule::facing => {
            "a row and its opposite hole: `inner c2`, `outer the mover's side store`, `outer nothing`"
        }
        Rule::facing_side_store => "`the mover's side store` or `the opponent's side store`",
        Rule::hole_name => "a hole such as `b1`",
        Rule::stores => "`no stores` or `a store for each player`",
        Rule::territory => "`territory each player owns rows …`",
        Rule::name_list => "a list of names",
        Rule::setup => "`setup { … }`",
        Rule::setup_line => "a setup line such as `2 in every hole`",
        Rule::setup_lot => "`the first player is drawn by lot`",
        Rule::seed_count => "a number of seeds such as `2` or `2 × columns`",
        Rule::count_term => "a number of seeds such as `2 × columns`",
        Rule::add_op => "`+` or `-`",
        Rule::mul_op => "`×`, `*` or `/`",
        Rule::setup_when => "`, when columns is 8`",
        Rule::setup_only => "`, for South only` or `, for North only`",
        Rule::player_name => "`South` or `North`",
        Rule::hole_run => "a run of holes such as `the 5 rightmost inner holes`",
        Rule::run_end => "`leftmost` or `rightmost`",
        Rule::count_atom => "a number, a parameter or a bracketed count",
        Rule::kw_only => "`only`",
        Rule::kw_remove => "`remove`",
        Rule::kw_play => "`play`",
        Rule::empty_turn => {
            "`remove the seeds of an own … hole from play` (or `put the seeds of … in the mover's hand`)"
        }
        Rule::kw_even => "`even`",
        Rule::kw_between => "`between`",
        Rule::between_laps => "`, even between laps`",
        Rule::each_hand => "`each hand`",
        Rule::place_from_hand => {
            "`1 seed from the mover's hand into the chosen hole, then capture NAME if the opposite inner hole is occupied, else sow the hole`"
        }
        Rule::opposite_filter => "`whose opposite inner hole is occupied`",
        Rule::first_lap_fact => "`the lap is the first of the turn`",
        Rule::hand_lap_fact => "`the lap is sown from the hand`",
        Rule::skipped_fact => "`the last seed skipped a hole`",
        Rule::resow_run => "`first occupied hole after an empty hole before the landing hole`",
        Rule::same_index_fact => "`the own house hole of the same index is a tuzduk hole`",
        Rule::chosen_mark_fact => "`the chosen hole is a centre hole`",
        Rule::hand_any => "`any number of the seeds`",
        Rule::hand_round => "`, round own row`",
        Rule::captured_turn_fact => "`the turn has captured`",
        Rule::resow_end => {
            "`into the end of the own inner row nearer the capture, either end from the middle 4 holes, and sow the hole on inward`"
        }
        Rule::far_for_north => "`, the farther for North`",
        Rule::from_itself_comma => "`, starting with that hole`",
        Rule::kw_either => "`either`",
        Rule::kw_else => "`else`",
        Rule::kw_without => "`without`",
        Rule::kw_stay => "`stay`",
        Rule::overrun_stay => "`stay the opponent's`",
        Rule::place_keep => "`without the seed`",
        Rule::kw_farther => "`farther`",
        Rule::kw_inward => "`inward`",
        Rule::kw_middle => "`middle`",
        Rule::kw_nearer => "`nearer`",
        Rule::kw_south => "`South`",
        Rule::kw_north => "`North`",
        Rule::hole_set => "a set of holes",
        Rule::every_hole => "`every hole`",
        Rule::every_circuit_hole => "`every hole of the circuit`",
        Rule::whole_move => {
            "`a player may instead move all seeds of the rearmost own hole into the next hole`"
        }
        Rule::not_again => "`, except when moving again`",
        Rule::kw_moving => "`moving`",
        Rule::players => "`players N`",
        Rule::circuit_share => "`an equal part of the circuit`",
        Rule::board_half => "`the left half of the board`",
        Rule::rounds_fresh => "`every hole goes back to its first owner, then`",
        Rule::made_up => "`, made up with seeds the others have left`",
        Rule::middle_half => "`and the right half of row middle`",
        Rule::edge_ring => "`the edge`",
        Rule::kw_edge => "`edge`",
        Rule::kw_equal => "`equal`",
        Rule::kw_part => "`part`",
        Rule::every_row_hole => "`every ROW hole`",
        Rule::one_hole => "a hole such as `the rightmost inner hole`",
        Rule::hole_position => "`leftmost`, `rightmost` or an ordinal such as `3rd`",
        Rule::from_right => "`from the right`",
        Rule::circuit => "`circuit own rows anticlockwise` or `circuit all rows anticlockwise`",
        Rule::direction => "`anticlockwise` or `clockwise`",
        Rule::choose => "`choose { … }`",
        Rule::choice => "a hole description such as `own hole with at least 2 seeds`",
        Rule::choice_filter => "a condition such as `with 2 seeds`",
        Rule::seeds_filter => "`with N seeds`",
        Rule::count_bound => "`at least` or `at most`",
        Rule::at_least => "`at least`",
        Rule::at_most => "`at most`",
        Rule::neighbour_filter => "`whose next hole is empty`",
        Rule::hole_state => "`empty` or `occupied`",
        Rule::sow => "`sow all seeds from the next hole`",
        Rule::after_lap => "`after each lap { … }`",
        Rule::lap_rule => "`when the last seed lands in …: ACTION`",
        Rule::lap_otherwise => "`otherwise: ACTION`",
        Rule::landing => "`the last seed lands in …`",
        Rule::hole_description => "a hole description such as `an empty own inner hole`",
        Rule::hole_word => "`empty`, `occupied`, `own`, `opponent's` or a row name",
        Rule::side => "`own` or `opponent's`",
        Rule::lap_action => "`relay`, `capture NAME`, `move again` or `stop`",
        Rule::relay => "`relay`",
        Rule::capture_ref => "`capture NAME`",
        Rule::stop => "`stop`",
        Rule::capture => "`capture NAME { … }`",
        Rule::take => "`take the opposite ROW hole`",
        Rule::target => "`the opposite ROW hole`",
        Rule::follow_up => "`then …`",
        Rule::strip => "`strip … from …`",
        Rule::may => "`may`",
        Rule::strip_amount => "`as many seeds as were taken` or `N seeds`",
        Rule::as_many_as_taken => "`as many seeds as were taken`",
        Rule::fixed_seeds => "`N seeds`",
        Rule::extra_holes => "`take N more occupied holes from …`",
        Rule::region => "a region such as `the opponent's territory`",
        Rule::end_rules => "`end { … }`",
        Rule::end_rule => "an end rule",
        Rule::no_seeds_rule => "`a player with no seeds loses`",
        Rule::blocked_rule => "`a player who cannot move loses`",
        Rule::blocked_outcome => "`loses`, `passes` or `ends the game and the player with more seeds wins`",
        Rule::blocked_draw => "`, or draws if they have captured at least 50 seeds`",
        Rule::repetition_rule => "`a repeated position is a draw`",
        Rule::value => "a number or a parameter name",
        Rule::int => "a number",
        Rule::ordinal => "an ordinal such as `3rd`",
        Rule::string => "a string in double quotes",
        Rule::string_body => "the text of a string",
        Rule::name | Rule::row_name => "a name",
        Rule::param_name => "a parameter name",
        Rule::hole_word_reserved => "a word of a hole description",
        Rule::param_reserved => "a word that may follow a number or begin a section",
        Rule::number_follower => "a word that may follow a number",
        Rule::ident_char => "a letter or digit",
        Rule::article => "`a` or `an`",
        Rule::marks => "`marks NAME: …`",
        Rule::mark_holes => {
            "a hole or a run of holes to mark, such as `the 5th inner hole, when columns is 8`"
        }
        Rule::other_direction => "`or clockwise, chosen once` or `… chosen each turn`",
        Rule::each_turn => "`each turn`",
        Rule::each_round => "`each round`",
        Rule::for_all_players => "`for all players`",
        Rule::own_hole => "`own hole`",
        Rule::neighbour => "`next` or `previous`",
        Rule::opposite_fact => "`the opposite ROW hole is occupied`",
        Rule::column_fact => "`the own ROW hole in the landing column is occupied`",
        Rule::next_fact => "`the next hole is occupied`",
        Rule::previous_fact => "`the previous hole holds 2 seeds`",
        Rule::common_holes => "`every hole`",
        Rule::path_circuit => "`a path through neighbouring holes, chosen seed by seed`",
        Rule::kw_path => "`path`",
        Rule::kw_neighbouring => "`neighbouring`",
        Rule::kw_by => "`by`",
        Rule::kw_not => "`not`",
        Rule::kw_undo => "`undo`",
        Rule::kw_across => "`across`",
        Rule::run_gaps => "`every other one across an empty hole`",
        Rule::either_fact => "`FACT or FACT`",
        Rule::negated_fact => "`not FACT`",
        Rule::lap_condition => "`and` and a condition",
        Rule::fact_literal | Rule::fact_kind => "a condition, such as `the next hole is empty`",
        Rule::marked_hole => "`NAME hole` (a mark)",
        Rule::far_fact => "`the hole after the next hole is occupied`",
        Rule::far_hole => "`hole after the next hole` or `3rd hole after the landing hole`",
        Rule::far_way => "`after` or `before`",
        Rule::far_target => "`the next hole`, `the previous hole` or `the hole after the next hole`",
        Rule::next_target => "`next hole`",
        Rule::previous_target => "`previous hole`",
        Rule::hole_condition => "`is empty`, `is occupied` or `holds 2 seeds`",
        Rule::reached_fact => "`no seed of the turn has reached the own inner row`",
        Rule::by_colour => "`at the start, then the holes that hold their seeds`",
        Rule::role_rows => "`ROW rows` (both players' rows of that name, as one ring)",
        Rule::rearmost_hole => "`the rearmost own hole`",
        Rule::after_mark => "`the hole 2 holes after the own NAME hole`",
        Rule::mark_previous => "`previous hole`",
        Rule::mark_relay => "`, then relay`",
        Rule::mark_landing => "`mark the landing hole as NAME`",
        Rule::move_landing => "`move 1 seed from the landing hole into the rightmost inner hole`",
        Rule::lone_seed => "`a player with one seed may move it 2 holes on`",
        Rule::lone_place => "`whose next hole is empty` or `in a MARK hole`",
        Rule::lone_next_empty => "`whose next hole is empty`",
        Rule::lone_in_mark => "`in a MARK hole`",
        Rule::lone_must => "`must`",
        Rule::lone_target => {
            "`2 holes on`, `to the next MARK hole ahead` or `to the first MARK hole ahead that holds the opponent's seeds`"
        }
        Rule::lone_steps => "`2 holes on`",
        Rule::lone_next_mark => "`to the next MARK hole ahead`",
        Rule::lone_first_held => "`to the first MARK hole ahead that holds the opponent's seeds`",
        Rule::overrun => "`, and the opponent's seeds in each hole sown into …`",
        Rule::overrun_convert => "`become the mover's`",
        Rule::overrun_origin => "`go into the origin hole`",
        Rule::kw_start => "`start`",
        Rule::kw_rearmost => "`rearmost`",
        Rule::kw_ahead => "`ahead`",
        Rule::kw_sown => "`sown`",
        Rule::kw_become => "`become`",
        Rule::kw_go => "`go`",
        Rule::row_fact => "`the opponent's inner row is empty`",
        Rule::with_last => "`with the last seed`",
        Rule::origin_fact => "`the chosen hole held N seeds`",
        Rule::relay_next => "`relay from the next hole`",
        Rule::may_stop => "`may stop`",
        Rule::may_move_again => "`may move again`",
        Rule::may_again => "`may`",
        Rule::capture_line => "a capture line",
        Rule::destination => "`put the taken seeds …`",
        Rule::to_hand => "`in the mover's hand` or `in the owner's hand`",
        Rule::resow => "`into the origin hole and sow them on`",
        Rule::resow_hole => {
            "`landing hole`, `origin hole`, `own outer hole behind the landing hole` or `rightmost outer hole`"
        }
        Rule::resow_holes => "`leftmost inner hole or the rightmost inner hole`",
        Rule::resow_landing => "`landing hole`",
        Rule::resow_origin => "`origin hole`",
        Rule::resow_behind => "`own outer hole behind the landing hole`",
        Rule::resow_named => "`rightmost outer hole`",
        Rule::put_into => "`into the rightmost outer hole`",
        Rule::with_single => "`with its seed if it held one`",
        Rule::earlier_lap => "`earlier lap of the turn ended in`",
        Rule::with_all_if_one => "`with its seeds if only one seed was taken`",
        Rule::sow_count => "`4 seeds`",
        Rule::sow_any => "`any number of seeds`",
        Rule::leave_seeds => "`, leaving at least 1 seed`",
        Rule::sow_itself => "`starting with the chosen hole`",
        Rule::itself_unless => "`, unless it holds 1 seed`",
        Rule::taken_holes => "`taken holes`",
        Rule::each_side => "`each side`",
        Rule::gift_rule => {
            "`a player with no seeds is given 1 seed from the opponent's captures into the leftmost house hole`"
        }
        Rule::relay_back => "`, turning back`",
        Rule::row_has_no => "`no`",
        Rule::take_each => "`2 seeds from each of`",
        Rule::origin_column => "`, in the column of the origin hole`",
        Rule::hand_target => "`and the seeds left to sow`",
        Rule::closed_short => "`or short`",
        Rule::fill_along => "`along the circuit`",
        Rule::run_opposite => "`, with their opposite holes`",
        Rule::kw_short => "`short`",
        Rule::kw_column => "`column`",
        Rule::sow_whole => "`the hole`",
        Rule::from_itself => "`starting with that hole`",
        Rule::one_lap => "`, one lap`",
        Rule::landing_target => "`landing`",
        Rule::opposite_target => "`opposite ROW`",
        Rule::opposite_of_target => "`the opposite hole of the next hole`",
        Rule::column_target => "`own ROW hole in the landing column`",
        Rule::follow_condition => "`if the opposite ROW hole was taken,`",
        Rule::value_list => "a list of numbers",
        Rule::except => "`, except MARK holes`",
        Rule::opening => "`opening \"name\" { … }`",
        Rule::opening_section => "an opening section",
        Rule::lasts => "`lasts N turns`",
        Rule::take_turn => "`take N occupied holes from …`",
        Rule::transfer_turn => "`move N seeds from … to …`",
        Rule::transfer_count => "`N seeds` or `all seeds`",
        Rule::all_seeds => "`all seeds`",
        Rule::transfer_behind => "`the own outer hole behind it`",
        Rule::mark_turn => "`mark … hole as NAME`",
        Rule::opening_pass => "`a player may pass`",
        Rule::opening_end => "`it ends when both players pass in a row` or `it ends for a player when …`",
        Rule::both_pass => "`when both players pass in a row`",
        Rule::ends_for_player => "`for a player when …`",
        Rule::side_fact => "a fact about the player's holes, such as `every own inner hole holds 1 seed`",
        Rule::most_fact => "`the leftmost outer hole holds more seeds than any other own hole`",
        Rule::every_fact => "`every own inner hole holds 1 seed`",
        Rule::holes_count_fact => "`at most 2 own inner holes hold 1 seed`",
        Rule::left_fact => "`no own hole holds more seeds than the hole to its left`",
        Rule::captured_fact => "`the opponent has captured at least N seeds`",
        Rule::most_filter => "`with the most seeds`",
        Rule::furthest_filter => "`, the furthest along the circuit`",
        Rule::captures_filter => "`whose lap captures`",
        Rule::made_fact => "`the mover has made no capture`",
        Rule::holes_fact => "`the opponent has 1 hole`",
        Rule::holes_occupied => "`occupied`",
        Rule::made_cycle => "`7, 10, 13 …`",
        Rule::board_fact => "`at most 8 seeds are on the board`",
        Rule::in_play => "`in play`",
        Rule::ellipsis => "`…`",
        Rule::lap_ends_filter => "`whose lap ends in an empty own hole`",
        Rule::lap_reaches_filter => "`whose lap reaches the opponent's inner row`",
        Rule::facing_filter => "`whose last seed would fall in front of an occupied hole`",
        Rule::facing_row => "`an own inner hole`",
        Rule::none_filter => "`, if there is no own outer hole …`",
        Rule::opponents_choice => "`opponent's hole with at least 2 seeds`",
        Rule::opponents_hole => "`opponent's hole`",
        Rule::opponents_one => "a hole of the opponent's such as `the opponent's rightmost inner hole`",
        Rule::kw_there => "`there`",
        Rule::block => {
            "`after a turn that captures nothing, while the opponent cannot capture, mark as MARK the opponent's holes the mover would capture next`"
        }
        Rule::block_marked => "`house holes`",
        Rule::block_exempt => {
            "`house holes`, `the only occupied inner hole` or `the only inner hole with more than 1 seed`"
        }
        Rule::block_only_occupied => "`the only occupied inner hole`",
        Rule::block_only_more => "`the only inner hole with more than 1 seed`",
        Rule::prefer => "`prefer first laps if the lap captures, then if …`",
        Rule::prefer_if => "`if the lap captures` or `if the last seed lands in …`",
        Rule::end_ahead => "`before any seed is sown, else the end ahead of the sowing`",
        Rule::mark_while => "`, while it holds at least 6 seeds`",
        Rule::heavy_sow => "`, only 1 seed from a MARK hole with more than 6 seeds`",
        Rule::heavy_spent => "`, and one sown whole becomes MARK`",
        Rule::exit_start => {
            "`, never from an end of the ROW row out of it while another hole of it is occupied`"
        }
        Rule::exit_relay => {
            "`, and a relay from an end of the ROW row out of it while another hole of it is occupied loses`"
        }
        Rule::side_path => {
            "`, through the side store at the mover's choice if it then holds at most N seeds`"
        }
        Rule::row_exit => "`from an end of the ROW row out of it while another hole of it is occupied`",
        Rule::kw_whole => "`whole`",
        Rule::kw_becomes => "`becomes`",
        Rule::kw_never => "`never`",
        Rule::kw_out => "`out`",
        Rule::kw_fall => "`fall`",
        Rule::kw_front => "`front`",
        Rule::kw_leaving => "`leaving`",
        Rule::kw_prefer => "`prefer`",
        Rule::by_score => "`ends the game and the player with more seeds wins`",
        Rule::agreement => "`lets the players agree to a draw`",
        Rule::transfer_except => "`, except closed holes`",
        Rule::agreed_score => "`end the game and the player with more seeds wins`",
        Rule::few_seeds => "`at most 1 seed`",
        Rule::captured_score => "`who captured more seeds`",
        Rule::score_holes => "`in their won holes`",
        Rule::opposite_side => "`an opponent's hole`",
        Rule::equal_round_rule => "`an equal round is a draw`",
        Rule::every_holds_rule => {
            "`every hole holds at most 1 seed ends the game and the player with more seeds wins`"
        }
        Rule::few_seeds_rule => {
            "`at most 1 seed on the board ends the game and the player who captured more seeds wins`"
        }
        Rule::turn_limit_rule => "`after N turns the game is a draw`",
        Rule::kw_a => "`a`",
        Rule::kw_after => "`after`",
        Rule::kw_aliases => "`aliases`",
        Rule::kw_all => "`all`",
        Rule::kw_an => "`an`",
        Rule::kw_and => "`and`",
        Rule::kw_anticlockwise => "`anticlockwise`",
        Rule::kw_as => "`as`",
        Rule::kw_at => "`at`",
        Rule::kw_board => "`board`",
        Rule::kw_cannot => "`cannot`",
        Rule::kw_capture => "`capture`",
        Rule::kw_choose => "`choose`",
        Rule::kw_circuit => "`circuit`",
        Rule::kw_clockwise => "`clockwise`",
        Rule::kw_draw => "`draw`",
        Rule::kw_draws => "`draws`",
        Rule::kw_have => "`have`",
        Rule::kw_each => "`each`",
        Rule::kw_empty => "`empty`",
        Rule::kw_end => "`end`",
        Rule::kw_every => "`every`",
        Rule::kw_from => "`from`",
        Rule::kw_game => "`game`",
        Rule::kw_hole => "`hole`",
        Rule::kw_holes => "`holes`",
        Rule::kw_in => "`in`",
        Rule::kw_is => "`is`",
        Rule::kw_lands => "`lands`",
        Rule::kw_lap => "`lap`",
        Rule::kw_last => "`last`",
        Rule::kw_least => "`least`",
        Rule::kw_leftmost => "`leftmost`",
        Rule::kw_loses => "`loses`",
        Rule::kw_many => "`many`",
        Rule::kw_may => "`may`",
        Rule::kw_more => "`more`",
        Rule::kw_most => "`most`",
        Rule::kw_furthest => "`furthest`",
        Rule::kw_along => "`along`",
        Rule::kw_move => "`move`",
        Rule::kw_next => "`next`",
        Rule::kw_no => "`no`",
        Rule::kw_occupied => "`occupied`",
        Rule::kw_of => "`of`",
        Rule::kw_same => "`same`",
        Rule::kw_skipped => "`skipped`",
        Rule::kw_index => "`index`",
        Rule::kw_opponents => "`opponent's`",
        Rule::kw_opposite => "`opposite`",
        Rule::kw_origin => "`origin`",
        Rule::kw_otherwise => "`otherwise`",
        Rule::kw_own => "`own`",
        Rule::kw_owns => "`owns`",
        Rule::kw_param => "`param`",
        Rule::kw_passes => "`passes`",
        Rule::kw_player => "`player`",
        Rule::kw_position => "`position`",
        Rule::kw_relay => "`relay`",
        Rule::kw_repeated => "`repeated`",
        Rule::kw_lets => "`lets`",
        Rule::kw_lot => "`lot`",
        Rule::kw_drawn => "`drawn`",
        Rule::kw_agree => "`agree`",
        Rule::kw_right => "`right`",
        Rule::kw_rightmost => "`rightmost`",
        Rule::kw_row => "`row`",
        Rule::kw_rows => "`rows`",
        Rule::kw_ruleset => "`ruleset`",
        Rule::kw_seed => "`seed`",
        Rule::kw_seeds => "`seeds`",
        Rule::kw_setup => "`setup`",
        Rule::kw_sources => "`sources`",
        Rule::kw_sow => "`sow`",
        Rule::kw_step => "`step`",
        Rule::kw_stop => "`stop`",
        Rule::kw_stores => "`stores`",
        Rule::kw_strip => "`strip`",
        Rule::kw_summary => "`summary`",
        Rule::kw_computer => "`computer`",
        Rule::kw_alphabeta => "`alphabeta`",
        Rule::kw_mcts => "`mcts`",
        Rule::kw_take => "`take`",
        Rule::kw_taken => "`taken`",
        Rule::kw_turning => "`turning`",
        Rule::kw_given => "`given`",
        Rule::kw_back => "`back`",
        Rule::kw_territory => "`territory`",
        Rule::kw_the => "`the`",
        Rule::kw_then => "`then`",
        Rule::kw_were => "`were`",
        Rule::kw_when => "`when`",
        Rule::kw_who => "`who`",
        Rule::kw_whose => "`whose`",
        Rule::kw_with => "`with`",
        Rule::kw_chosen => "`chosen`",
        Rule::kw_ends => "`ends`",
        Rule::kw_except => "`except`",
        Rule::kw_hand => "`hand`",
        Rule::kw_held => "`held`",
        Rule::kw_if => "`if`",
        Rule::kw_into => "`into`",
        Rule::kw_landing => "`landing`",
        Rule::kw_lasts => "`lasts`",
        Rule::kw_mark => "`mark`",
        Rule::kw_marks => "`marks`",
        Rule::kw_movers => "`mover's`",
        Rule::kw_owners => "`owner's`",
        Rule::kw_on => "`on`",
        Rule::kw_once => "`once`",
        Rule::kw_one => "`one`",
        Rule::kw_opening => "`opening`",
        Rule::kw_or => "`or`",
        Rule::kw_previous => "`previous`",
        Rule::kw_put => "`put`",
        Rule::kw_them => "`them`",
        Rule::kw_to => "`to`",
        Rule::kw_turn => "`turn`",
        Rule::kw_turns => "`turns`",
        Rule::kw_was => "`was`",
        Rule::kw_wins => "`wins`",
        Rule::kw_again => "`again`",
        Rule::kw_before => "`before`",
        Rule::kw_behind => "`behind`",
        Rule::kw_are => "`are`",
        Rule::relay_after => "`then relay from the next hole if it holds at least 2 seeds`",
        Rule::kw_lose => "`lose`",
        Rule::kw_pass => "`pass`",
        Rule::kw_their => "`their`",
        Rule::kw_two => "`two`",
        Rule::row_empty_rule => "`a player whose inner row is empty loses`",
        Rule::one_hole_rule => "`a player with all their seeds in one hole wins`",
        Rule::passes_draw_rule => "`two passes in a row are a draw`",
        Rule::passes_score => "`end the game and the player with more seeds wins`",
        Rule::pass_loses_rule => "`a player may pass and lose`",
        Rule::kw_starting => "`starting`",
        Rule::kw_that => "`that`",
        Rule::kw_feed => "`feed`",
        Rule::kw_leave => "`leave`",
        Rule::kw_possible => "`possible`",
        Rule::kw_for => "`for`",
        Rule::kw_half => "`half`",
        Rule::kw_up => "`up`",
        Rule::kw_goes => "`goes`",
        Rule::kw_owner => "`owner`",
        Rule::kw_has => "`has`",
        Rule::kw_reached => "`reached`",
        Rule::kw_reaches => "`reaches`",
        Rule::kw_made => "`made`",
        Rule::kw_going => "`going`",
        Rule::kw_others => "`others`",
        Rule::kw_which => "`which`",
        Rule::kw_theirs => "`theirs`",
        Rule::skip_counted => "`, skipping opponent's holes with 3 seeds`",
        Rule::skip_spares_last => "`, except the last seed`",
        Rule::skip_only_last => "`, for the last seed only`",
        Rule::rounds_win => "`, then the empty holes of the others, which become theirs`",
        Rule::left_to_last => "`, the seeds left going to the player who moved last,`",
        Rule::kw_earlier => "`earlier`",
        Rule::kw_ended => "`ended`",
        Rule::kw_holds => "`holds`",
        Rule::kw_it => "`it`",
        Rule::kw_must => "`must`",
        Rule::kw_nothing => "`nothing`",
        Rule::kw_opponent => "`opponent`",
        Rule::kw_skipping => "`skipping`",
        Rule::kw_store => "`store`",
        Rule::kw_than => "`than`",
        Rule::kw_through => "`through`",
        Rule::kw_side => "`side`",
        Rule::kw_choice => "`choice`",
        Rule::kw_would => "`would`",
        Rule::kw_while => "`while`",
        Rule::no_stores => "`no stores`",
        Rule::a_store_each => "`a store for each player`",
        Rule::side_stores => "`, and a side store for each player in the middle of the ROW row`",
        Rule::circuit_rows => "`own rows` or `all rows`",
        Rule::own_rows => "`own rows`",
        Rule::all_rows => "`all rows`",
        Rule::circuit_option => "`, through the mover's store` or `, skipping the origin hole`",
        Rule::through_store => "`through the mover's store`",
        Rule::skip_origin => "`skipping the origin hole`",
        Rule::skip_chosen => "`skipping the chosen hole`",
        Rule::must_feed => "`must feed an opponent who has no seeds`",
        Rule::no_undo => "`must not undo the opponent's last turn`",
        Rule::no_wipe => "`must not take every seed of the opponent`",
        Rule::last_turns => "`after one more turn each`",
        Rule::again_after => "`then move again`",
        Rule::claim_after => "`then the landing hole becomes the mover's`",
        Rule::mark_after => "`then mark the landing hole as circle`",
        Rule::take_nothing => "`nothing`",
        Rule::feed_always => "`leave the opponent a move if possible`",
        Rule::movers_store => "`the mover's store`",
        Rule::holds_fact => "`the landing hole holds 2 or 3 seeds`",
        Rule::seed_range => "a count such as `2 or 3 seeds` or `at least 2 seeds`",
        Rule::move_again => "`move again`",
        Rule::not_every_seed => "`take nothing if it would take every seed of the opponent`",
        Rule::to_store => "`in the mover's store` or `in the owner's store`",
        Rule::holes_before => "`the holes before it, while each is the opponent's and holds 2 or 3 seeds`",
        Rule::scopable_end_rule => "an end rule such as `a repeated position is a draw`",
        Rule::scoped_end_rule => "`in the main game, a repeated position is a draw`",
        Rule::end_scope => "`in the main game` or `in opening \"arrange\"`",
        Rule::main_game => "`the main game`",
        Rule::opening_named => "`opening \"arrange\"`",
        Rule::kw_main => "`main`",
        Rule::marks_hold_all => "`seed on the board is in a won hole`",
        Rule::mark_until => "`until`",
        Rule::marks_empty_rule => {
            "`every quan hole is empty ends the game and the player with more seeds wins`"
        }
        Rule::more_than_half => "`more than half the seeds`",
        Rule::at_least_half => "`at least half the seeds`",
        Rule::store_at_least => "`at least 49 seeds`",
        Rule::captured_win_rule => "`a player who has captured every seed wins`",
        Rule::every_seed => "`every seed`",
        Rule::store_majority_rule => {
            "`a store with more than half the seeds ends the game and the player with more seeds wins`"
        }
    }
}

/// Whether a rule is a single reserved word, which carries no meaning once parsed.
pub fn is_keyword(rule: Rule) -> bool {
    static KEYWORDS: LazyLock<HashSet<Rule>> = LazyLock::new(|| {
        Rule::all_rules().iter().copied().filter(|r| format!("{r:?}").starts_with("kw_")).collect()
    });
    KEYWORDS.contains(&rule)
}

/// Section keywords: when all of them are expected, they are named as one group.
const SECTION_WORDS: [&str; 20] = [
    "`aliases`",
    "`origin`",
    "`family`",
    "`sources`",
    "`summary`",
    "`computer`",
    "`param`",
    "`players`",
    "`board`",
    "`territory`",
    "`opposite`",
    "`marks`",
    "`opening`",
    "`setup`",
    "`circuit`",
    "`choose`",
    "`sow`",
    "`after`",
    "`capture`",
    "`end`",
];

/// Turn a pest error into a diagnostic that names what was expected in words.
pub fn syntax_error(source: &str, error: pest::error::Error<Rule>) -> SyntaxError {
    let mut pos = match error.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    let mut wanted: Vec<String> = Vec::new();
    let mut push = |s: String| {
        if !wanted.contains(&s) {
            wanted.push(s);
        }
    };
    let mut positives = Vec::new();
    if let ErrorVariant::ParsingError { positives: p, .. } = &error.variant {
        positives.clone_from(p);
    }
    // Literal tokens (`{`, `=`, `..`) come from the parse attempts; rules from the positives.
    if let Some(attempts) = error.parse_attempts() {
        let tokens = meaningful_tokens(&attempts.expected_tokens());
        if attempts.max_position > pos && !tokens.is_empty() {
            // pest places the error after the last *rule* that matched, but its token
            // tracking may have got further: `choose: {` fails at the `:`, where `{` was
            // expected, not at `choose`. The rules in `positives` belong to the earlier spot.
            pos = attempts.max_position;
            positives.clear();
            tokens.into_iter().for_each(&mut push);
        } else if attempts.max_position == pos {
            // Single words are named by the keyword rules among the positives.
            tokens.into_iter().filter(|t| !is_word(t)).for_each(&mut push);
        }
    }
    // `A or B` begins as a fact does: the words of the fact name it.
    for rule in positives.iter().filter(|&&r| r != Rule::either_fact) {
        push(phrase(*rule).to_string());
    }
    if wanted.len() > 1 {
        // A phrase that is itself a choice of words (`anticlockwise` or `clockwise`) is
        // listed word by word among others, so that the list reads as one choice.
        wanted = wanted
            .iter()
            .flat_map(|w| match w.split_once("` or `") {
                Some((a, b)) if is_word_choice(w) => vec![format!("{a}`"), format!("`{b}")],
                _ => vec![w.clone()],
            })
            .fold(Vec::new(), |mut all, w| {
                if !all.contains(&w) {
                    all.push(w);
                }
                all
            });
    }
    if wanted.len() > 1 && !source.get(pos..).is_some_and(|rest| rest.starts_with(',')) {
        // Optional clauses that begin with a comma (`, when columns is 8`, `, except …`)
        // only clutter the list where no comma was written and the word found is not the
        // clause's own (`except` without its comma is worth pointing to).
        let found_word = word_at(source, pos);
        let clutter =
            |w: &String| w.starts_with("`, ") && w[3..].split([' ', '`']).next() != Some(found_word);
        if wanted.iter().any(|w| !clutter(w)) {
            wanted.retain(|w| !clutter(w));
        }
    }
    // An operator of a count (`+`, `×`, …) is named once, in its rule's phrase (blind test
    // 13, fault 3: each was listed twice).
    for (rule, marks) in
        [(Rule::add_op, &["`+`", "`-`", "`−`"][..]), (Rule::mul_op, &["`×`", "`*`", "`/`"][..])]
    {
        if wanted.iter().any(|w| w == phrase(rule)) {
            wanted.retain(|w| !marks.contains(&w.as_str()));
        }
    }
    if positives.contains(&Rule::string) {
        // The opening quote is part of "a string in double quotes".
        wanted.retain(|w| w != "`\"`");
    }
    let found = describe_found(source, pos);
    let word = word_at(source, pos);
    let at_end = source.get(pos..).is_none_or(|rest| rest.trim().is_empty());
    let mut help = None;
    {
        // Every single word that would fit, including those inside phrases such as
        // "`anticlockwise` or `clockwise`".
        let words: Vec<&str> = wanted
            .iter()
            .flat_map(|w| w.split('`').skip(1).step_by(2))
            .filter(|w| !w.is_empty() && !w.contains(' '))
            .collect();
        if let Some(best) = crate::suggest::did_you_mean(word, words) {
            // Offered as it is only where the word in its place lets the line be read (blind
            // test 23, fault 6: `a` for `an` in `an equal round is a draw` led nowhere).
            let instead = format!("{}{best}{}", &source[..pos], &source[pos + word.len()..]);
            help = Some(match source.len() > 256 * 1024 || word.is_empty() {
                true => format!("did you mean `{best}`?"),
                false => match reads_to(&instead, pos + best.len()) {
                    Reads::Line => format!("did you mean `{best}`?"),
                    Reads::Past(_) => format!(
                        "did you mean `{best}`? Then more of the line must change, as the next error will say (the language may have no phrase for what it means: see the grammar's phrases in grammar/sow.pest)"
                    ),
                },
            });
        }
    }
    if let Some(cut) = section_mid_line(source, pos) {
        // A phrase complete before a section's word in the middle of its line (blind test
        // 19, fault 3: `…, through the mover's store after their last hole` was read as a
        // lap limit, and `did you mean laps?` led nowhere).
        help = Some(cut);
    }
    let sections_expected = SECTION_WORDS.iter().all(|w| wanted.iter().any(|x| x == w));
    if sections_expected {
        wanted.retain(|w| !SECTION_WORDS.contains(&w.as_str()) && w != "`ruleset`");
        wanted.insert(0, "a section (`param`, `board`, `territory`, `setup`, `circuit`, `choose`, `sow`, `after each lap`, `capture`, `end`, …)".to_string());
    }
    let starts_section = (SECTION_WORDS.contains(&format!("`{word}`").as_str()) || word == "ruleset")
        && begins_section(source, pos);
    let expects_name = [Rule::name, Rule::row_name, Rule::param_name].iter().any(|r| positives.contains(r));
    let expects_param = positives.contains(&Rule::param_name) || positives.contains(&Rule::value);
    let edge = super::edge::help((line_at(source, pos), line_through(source, pos, word)), word, &wanted);
    if let Some(edge) = edge {
        // The writer's own words show a phrase the language has under other words, or a
        // mechanic it lacks: say so, rather than guess at a slip.
        help = Some(edge.to_string());
    } else if starts_section && !sections_expected && !expects_name {
        // A section keyword where no section may start: most often the section before it
        // was left unfinished or unclosed, rather than the word being misused.
        help = Some(format!(
            "`{word}` begins a new section, so what comes before it is unfinished: look for a missing word above, or a missing `}}` closing the section before it"
        ));
    } else if expects_param && !word.is_empty() && reserved_in(Rule::param_reserved, word) {
        let why = if reserved_in(Rule::number_follower, word) {
            "it may follow a number"
        } else {
            "it begins a section"
        };
        help = Some(format!(
            "`{word}` cannot name a parameter, since {why}: if a name is missing before it, add one; otherwise choose another name"
        ));
    } else if positives.contains(&Rule::row_name)
        && !word.is_empty()
        && reserved_in(Rule::hole_word_reserved, word)
    {
        help = Some(format!(
            "`{word}` cannot name a row or a mark, since it describes a hole: if a name is missing before it, add one; otherwise choose another name"
        ));
    } else if positives.contains(&Rule::name) && matches!(word, "when" | "otherwise") {
        help = Some(format!(
            "`{word}` cannot name a capture, since it begins the next lap rule: if the capture's name is missing before it, add one; otherwise choose another name"
        ));
    } else if (found == "`{`" || found == "`\"`") && !wanted.contains(&found) {
        // A name may be any word, so a section's word after a stray `,` or an unfinished
        // line is read as a name, and the error comes only at the `{` or `"` after it.
        let before = source.get(..pos).unwrap_or("").trim_end();
        // The word's first byte: just after the last character that is no part of a word
        // (which may be wider than a byte: a byte-order mark, a non-breaking space).
        let start = (before.char_indices().rev())
            .find(|&(_, c)| !(c.is_alphanumeric() || c == '_' || c == '-'))
            .map_or(0, |(i, c)| i + c.len_utf8());
        let previous = &before[start..];
        if SECTION_WORDS.contains(&format!("`{previous}`").as_str()) || previous == "ruleset" {
            help = Some(format!(
                "`{previous}` was read as a name, so what comes before it is unfinished: look for a stray `,` or a missing word above, or a missing `}}` closing the section before it"
            ));
        }
    }
    if help.is_none()
        && found == "`,`"
        && source.get(..pos).is_some_and(|s| s.trim_end().ends_with("after each lap"))
    {
        // `after each lap, first:` where only a whole section may stand: inside an opening,
        // most often one left unclosed.
        help = Some(
            "`after each lap, first: …` restates one lap rule in a ruleset; it cannot stand inside an opening: look for a missing `}` closing the opening above".to_string(),
        );
    }
    if help.is_none() && !word.is_empty() && source.get(..pos).is_some_and(|s| s.ends_with('"')) {
        // Text straight after a quote that the parser took as closing a string: the string
        // it closes most likely began at an earlier quote that was never closed.
        help = Some(format!(
            "the `\"` just before `{word}` was read as the end of a string that began earlier: a string above is probably missing its closing `\"`"
        ));
    }
    // A word read as a count's parameter, or a word of the language the phrase cannot go on
    // from: said before a punctuation mark is suggested, which would only lead on to a count.
    let counted = wanted
        .iter()
        .any(|w| matches!(w.as_str(), "`seeds`" | "`seed`" | "`captures`" | "`capture`" | "`more`"));
    if help.is_none() && !sections_expected && counted {
        help = undeclared_count(source, pos, &wanted);
    }
    if help.is_none() && !sections_expected {
        help = punctuation_help(source, pos, &wanted);
    }
    if help.is_none() && !sections_expected {
        help = stray_words_above(source, pos);
    }
    if at_end && wanted.iter().any(|w| w == "`game`") {
        help = Some(
            "the file has no game in it: a rules file is one `game \"Name\" { … }` holding its sections, as in the bundled files under rules/".to_string(),
        );
    } else if at_end {
        help = Some(
            "the file ends too early: finish the last section, and close every `{` with a `}`".to_string(),
        );
    }
    let expected = join_or(&flat_phrases(&wanted));
    if help.is_none() && !sections_expected && expected.len() <= 48 && found.starts_with('`') {
        // A short list of what fits: most often a word was left out or mistyped here. Only
        // the ways of writing one that let the whole line be read are offered (blind test 18,
        // fault 3: a word that was read past, only to fail further on, led nowhere).
        help = Some(match word_fixes(source, pos, &wanted) {
            Fixes::Some(fixes) => fixes,
            Fixes::Partly(fixes) => format!(
                "{fixes}; then more of the line must change, as the next error will say (the language may have no phrase for what it means: see the grammar's phrases in grammar/sow.pest)"
            ),
            Fixes::None => format!(
                "{}, written here before {found} or in its place, {} this line a phrase of the language: see the grammar's phrases in grammar/sow.pest, or a bundled file under rules/",
                if wanted.len() == 1 { expected.clone() } else { format!("none of {expected}") },
                if wanted.len() == 1 { "does not make" } else { "makes" }
            ),
            Fixes::Untried => format!("write {expected} here, before {found} or in its place"),
        });
    }
    let help = help.unwrap_or_else(|| {
        "see the grammar in grammar/sow.pest, or a bundled file under rules/, for the phrases a rules file can use".to_string()
    });
    let len = found_len(source, pos);
    let label = if at_end {
        format!("the file ends here, but {expected} should follow")
    } else if expected.len() <= 48 {
        format!("expected {expected}")
    } else if sections_expected {
        "expected a section".to_string()
    } else {
        "not expected here".to_string()
    };
    let label = if at_end && label.len() > 60 { "the file ends here".to_string() } else { label };
    // At the end of the file, point just after the last word rather than past the end.
    let pos = if pos >= source.len() { source.trim_end().len() } else { pos };
    SyntaxError::Unexpected { expected, found, label, span: Span::new(pos, pos + len).into(), help }
}

/// Whether word `w` (in backquotes), written at `pos` after the word of the language at
/// `span`, goes on from it only as from a count: the parser expects the same after it as
/// where a number stands in that word's place (`an seed` is `2 seed`; `no seed` goes on with
/// `of`, as `2 seed` does not).
fn follows_as_count(source: &str, (start, end): (usize, usize), pos: usize, w: &str) -> bool {
    use pest::Parser as _;
    let w = w.trim_matches('`');
    // What the parser expects, and how far before the end of `text` it fails.
    let expected_after = |text: String| match super::parser::SowParser::parse(Rule::file, &text) {
        Ok(_) => None,
        Err(e) => {
            let (InputLocation::Pos(p) | InputLocation::Span((p, _))) = e.location;
            match e.variant {
                ErrorVariant::ParsingError { mut positives, .. } => {
                    positives.sort_by_key(|r| *r as usize);
                    Some((text.len().saturating_sub(p), positives))
                }
                ErrorVariant::CustomError { .. } => None,
            }
        }
    };
    let (Some(before), Some(between)) = (source.get(..start), source.get(end..pos)) else { return false };
    let as_word = expected_after(format!("{before}{}{between}{w} ", &source[start..end]));
    let as_count = expected_after(format!("{before}2{between}{w} "));
    as_word.is_some() && as_word == as_count
}

/// Where what follows a count (`seeds`, `captures`) is expected just after a word that is no
/// declared parameter (`holds an even …`, `…, starting in …`): the word was read as a
/// parameter standing for a count, which the writer hardly meant. Says so, instead of asking
/// for `seeds` after it. A word of the language there may also begin a phrase of its own
/// (`no seed of the turn …`, `made no capture`): then what may follow it is said.
fn undeclared_count(source: &str, pos: usize, wanted: &[String]) -> Option<String> {
    let before = source.get(..pos)?.trim_end();
    let start = (before.char_indices().rev())
        .find(|&(_, c)| !(c.is_alphanumeric() || c == '_' || c == '-'))
        .map_or(0, |(i, c)| i + c.len_utf8());
    let word = &before[start..];
    if !word.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return None;
    }
    // A word of the language, read here as a parameter's name all the same.
    let keyword = Rule::all_rules().iter().any(|r| format!("{r:?}").strip_prefix("kw_") == Some(word));
    let declared = source.lines().any(|line| {
        let mut words = line.split_whitespace();
        words.next() == Some("param") && words.next() == Some(word)
    });
    if declared {
        return None;
    }
    // Words that follow a count only: where nothing else may follow, the word was read as one.
    let after_count = |w: &String| matches!(w.as_str(), "`seeds`" | "`seed`" | "`captures`" | "`more`");
    let words: Vec<String> = wanted.iter().filter(|w| is_word(w)).cloned().collect();
    if keyword && !words.iter().all(after_count) {
        let next = word_at(source, pos);
        // Words that go on from a count (`3 seeds`, `3 or 5 seeds`, `3 to 5 seeds`) are said
        // apart: they go on from the word only as a parameter's name (blind test 18, fault 4:
        // `an` "goes on with `seed` or `to`", which read `an` as a parameter).
        let counting = |w: &String| follows_as_count(source, (start, start + word.len()), pos, w);
        let (counts, own): (Vec<String>, Vec<String>) = words.iter().cloned().partition(counting);
        // Where every word also goes on from a count, both readings may be phrases (`made
        // no capture`, `made 2 captures`): they are listed as one.
        let (own, counts) = match (own.is_empty(), counts.is_empty()) {
            (false, false) => (
                join_or(&own),
                format!(", or, read as a parameter's name standing for a count, with {}", join_or(&counts)),
            ),
            _ => (format!("{} only", join_or(&words)), String::new()),
        };
        return (!next.is_empty()).then(|| {
            format!(
                "here `{word}` goes on with {own}{counts}: the language has no phrase that goes on from `{word}` with `{next}` (a count in its place is a number or a declared parameter); see the grammar's phrases in grammar/sow.pest"
            )
        });
    }
    let what =
        if keyword { "a word of the language, but here it" } else { "no parameter of the file, but it" };
    Some(()).map(|()| {
        format!(
            "`{word}` is {what} stands where a count goes, so it was read as a parameter's name: a count here is a number (`2 seeds`) or a declared parameter (`param …`); if the words are meant otherwise, the language has no phrase for them here: see the grammar's phrases in grammar/sow.pest"
        )
    })
}

/// The tokens pest tried at its furthest position, in backticks, without the ones never
/// worth suggesting: spaces, comments, character ranges and the characters of a name.
fn meaningful_tokens(tokens: &[impl std::fmt::Display]) -> Vec<String> {
    let mut out = Vec::new();
    for token in tokens {
        // `ParsingToken` is not exported by pest; its Display is the literal itself.
        let token = token.to_string();
        let is_range = token.len() > 2 && token.contains("..");
        let is_noise = token.starts_with("//")
            || token.trim_matches(|c: char| c.is_whitespace() || c == '\u{FEFF}').is_empty()
            || token == "-"
            || token == "_";
        if token != "BUILTIN_RULE" && !is_range && !is_noise {
            out.push(format!("`{token}`"));
        }
    }
    out
}

/// Whether an expected item is a choice of two single words: `` `a` or `b` ``.
fn is_word_choice(item: &str) -> bool {
    item.split_once(" or ").is_some_and(|(a, b)| is_word(a) && is_word(b))
}

/// Whether an expected item is a single word such as `` `of` ``.
fn is_word(item: &str) -> bool {
    item.trim_matches('`').chars().all(|c| c.is_ascii_alphabetic() || c == '\'')
}

/// When exactly one punctuation mark would fit, say where it goes.
fn punctuation_help(source: &str, pos: usize, wanted: &[String]) -> Option<String> {
    let marks: Vec<&str> = wanted
        .iter()
        .filter_map(|w| w.strip_prefix('`')?.strip_suffix('`'))
        .filter(|w| !w.is_empty() && w.chars().all(|c| c.is_ascii_punctuation()))
        .collect();
    let [mark] = marks.as_slice() else { return None };
    // A closing brace among other choices, or a quote, is rarely what was left out.
    if (*mark == "}" && wanted.len() > 1) || *mark == "\"" {
        return None;
    }
    let rest = source.get(pos..)?;
    let word = word_at(source, pos);
    if !word.is_empty() {
        // Only where the whole line then reads (blind test 18, fault 3).
        let edited = format!("{}{mark} {}", &source[..pos], &source[pos..]);
        return matches!(reads_to(&edited, pos + mark.len() + 1), Reads::Line)
            .then(|| format!("add `{mark}` before `{word}`"));
    }
    let here = rest.chars().next()?;
    if rest[here.len_utf8()..].trim_start().starts_with(mark) {
        return Some(format!("remove `{here}`"));
    }
    Some(format!("write `{mark}` here"))
}

/// Where the line holding `pos` reads as a whole up to a section's word in its middle
/// (`…, through the mover's store after their last hole`), which began a section the rest of
/// the line is not: says so, naming the words the language has no phrase for there.
fn section_mid_line(source: &str, pos: usize) -> Option<String> {
    let start = source[..pos.min(source.len())].rfind('\n').map_or(0, |i| i + 1);
    let end = source[pos.min(source.len())..].find('\n').map_or(source.len(), |i| pos + i);
    let line = &source[start..end];
    let first = line.len() - line.trim_start().len();
    let mut at = first;
    let mut found = None;
    // Each word of the line after the first, before `pos`: the last that would do is the
    // one the parser began a section at.
    while let Some(gap) = line[at..].find(' ') {
        at += gap + 1;
        if start + at >= pos {
            break;
        }
        let word = line[at..].split(|c: char| !(c.is_alphanumeric() || c == '\'')).next().unwrap_or("");
        if !SECTION_WORDS.contains(&format!("`{word}`").as_str()) {
            continue;
        }
        let kept = line[..at].trim_end();
        let edited = format!("{}{kept}{}", &source[..start], &source[end..]);
        if whole_line(&edited, start + kept.len()) && section_fails_at(source, start + at, pos) {
            let rest = line[at..].trim_end();
            found = Some(format!(
                "the line is a whole phrase up to `{}`; the `{word}` that follows was read as beginning a new section, which `{rest}` is not: the language has no phrase that goes on with `{rest}` there (see the grammar's phrases in grammar/sow.pest)",
                kept.split_whitespace().last().unwrap_or(kept)
            ));
        }
    }
    found
}

/// Whether the line of `edited` ending at byte `end` reads as a whole: the parse goes past it
/// and on past the first word of the next line (an unfinished phrase fails right there,
/// where the words after it were wanted: `a player may` before a `}`, blind test 21).
fn whole_line(edited: &str, end: usize) -> bool {
    use pest::Parser as _;
    let end = end.min(edited.len());
    let next = edited[end..].find(|c: char| !c.is_whitespace()).map_or(edited.len(), |i| end + i);
    match super::parser::SowParser::parse(Rule::file, edited) {
        Ok(_) => true,
        Err(e) => match e.location {
            InputLocation::Pos(p) | InputLocation::Span((p, _)) => p > next,
        },
    }
}

/// Whether a section read from byte `from` of `source` stops exactly at `pos`: only then was
/// the word at `from` read as beginning one (and not as part of a phrase the parser went on
/// reading past it: `… into the origin hole and sow them on backwards`, blind test 20).
fn section_fails_at(source: &str, from: usize, pos: usize) -> bool {
    use pest::Parser as _;
    match super::parser::SowParser::parse(Rule::rule_section, &source[from..]) {
        Ok(_) => false,
        Err(e) => match e.location {
            InputLocation::Pos(p) | InputLocation::Span((p, _)) => from + p == pos,
        },
    }
}

/// What [`word_fixes`] found.
enum Fixes {
    /// The ways of writing a word that let the line be read, in words (`write `each` in
    /// place of `both``).
    Some(String),
    /// No way lets the whole line be read; these let the file be read past the word found
    /// there, to a later error.
    Partly(String),
    /// Every item expected is a word, and none written before the word found, or in its
    /// place, lets the line be read, nor even the word found.
    None,
    /// Not tried: something other than words is expected (a number, a name), or the file is
    /// too large to try edits on.
    Untried,
}

/// Where words are expected at `pos`: which of them, written before the word found there or
/// in its place, let the whole line be read (and the file past it, as far as the line goes).
fn word_fixes(source: &str, pos: usize, wanted: &[String]) -> Fixes {
    // Words and punctuation marks: what can be written and tried.
    let literal = |w: &str| {
        w.chars().all(|c| c.is_ascii_alphabetic() || c == '\'')
            || w.chars().all(|c| c.is_ascii_punctuation() && c != '"')
    };
    let words: Vec<&str> = wanted
        .iter()
        .filter_map(|w| w.strip_prefix('`')?.strip_suffix('`'))
        .filter(|w| !w.is_empty() && literal(w))
        .collect();
    let found = word_at(source, pos);
    if words.len() != wanted.len() || found.is_empty() || source.len() > 256 * 1024 {
        return Fixes::Untried;
    }
    let (mut whole, mut partly) = (Vec::new(), Vec::new());
    for word in words {
        let before = format!("{}{word} {}", &source[..pos], &source[pos..]);
        let instead = format!("{}{word}{}", &source[..pos], &source[pos + found.len()..]);
        // A word for its opposite reads, but says the other thing (blind test 21: `until` for
        // `while`): told as such, not offered as a repair.
        let instead_fix = if opposites(found, word) {
            format!(
                "`{found}` means the opposite of `{word}`, the word the language has here: the rule must be said the other way round, with `{word}`, or it cannot be said here"
            )
        } else {
            format!("write `{word}` in place of `{found}`")
        };
        let tries = [
            (before, word.len() + 1, found.len(), format!("write `{word}` here, before `{found}`")),
            (instead, word.len(), 0, instead_fix),
        ];
        for (edited, written, kept, fix) in tries {
            match reads_to(&edited, pos + written) {
                Reads::Line => whole.push(fix),
                Reads::Past(p) if p > pos + written + kept => partly.push(fix),
                Reads::Past(_) => {}
            }
        }
    }
    match (whole.is_empty(), partly.is_empty()) {
        (false, _) => Fixes::Some(whole.join("; or ")),
        (true, false) => Fixes::Partly(partly.join("; or ")),
        (true, true) => Fixes::None,
    }
}

/// Where the error is at the first word of a line, the line above may end with stray words
/// that were read as the start of a phrase going on into this one (blind test 39, fault 1:
/// `a player with no seeds loses the game`, whose `the game` began `the game is played in
/// rounds`, so that the next line's `a` was "expected `is`"). If without its last one to four
/// words the line above reads whole and this line too, those words are named.
fn stray_words_above(source: &str, pos: usize) -> Option<String> {
    let line_start = source[..pos.min(source.len())].rfind('\n')? + 1;
    if !source[line_start..pos].trim().is_empty() || source.len() > 256 * 1024 {
        return None;
    }
    let above = source[..line_start].trim_end();
    let above_start = above.rfind('\n').map_or(0, |i| i + 1);
    let words: Vec<(usize, &str)> = (above[above_start..].split_whitespace())
        .map(|w| (w.as_ptr() as usize - source.as_ptr() as usize, w))
        .collect();
    for k in 1..=4.min(words.len().saturating_sub(1)) {
        let cut = words[words.len() - k].0;
        let edited = format!("{}{}", &source[..cut], &source[above.len()..]);
        // The line above, shortened, then this line: both read.
        let here = pos - (above.len() - cut);
        if matches!(reads_to(&edited, here), Reads::Line) {
            let stray: Vec<&str> = words[words.len() - k..].iter().map(|&(_, w)| w).collect();
            return Some(format!(
                "the words `{}` at the end of the line above were read as the start of a phrase that goes on into this line; without them both lines read: if they are stray, remove them",
                stray.join(" ")
            ));
        }
    }
    None
}

/// Whether two words of the language mean the opposite of each other, so that one written
/// for the other would read but say the other thing.
fn opposites(a: &str, b: &str) -> bool {
    const PAIRS: [(&str, &str); 9] = [
        ("until", "while"),
        ("most", "least"),
        ("before", "after"),
        ("first", "last"),
        ("leftmost", "rightmost"),
        ("clockwise", "anticlockwise"),
        ("empty", "occupied"),
        ("own", "opponent's"),
        ("more", "fewer"),
    ];
    let (a, b) = (a.to_lowercase(), b.to_lowercase());
    PAIRS.iter().any(|&(x, y)| (a == x && b == y) || (a == y && b == x))
}

/// How far an edited source is read from byte `from` on.
enum Reads {
    /// Past the end of the line holding `from`: the edit made that line a phrase.
    Line,
    /// To this byte of the line, where it fails.
    Past(usize),
}

/// How far `edited` is read, from the end `from` of an edit.
fn reads_to(edited: &str, from: usize) -> Reads {
    use pest::Parser as _;
    let from = from.min(edited.len());
    let line_end = edited[from..].find('\n').map_or(edited.len(), |i| from + i);
    match super::parser::SowParser::parse(Rule::file, edited) {
        Ok(_) => Reads::Line,
        Err(e) => match e.location {
            InputLocation::Pos(p) | InputLocation::Span((p, _)) if p > line_end => Reads::Line,
            InputLocation::Pos(p) | InputLocation::Span((p, _)) => Reads::Past(p),
        },
    }
}

/// Whether a whole section (or ruleset) can be read from `pos`: only then is a section's
/// word there the start of the next section, rather than a word used where it does not fit
/// (`capture on any landing` inside `after each lap`).
fn begins_section(source: &str, pos: usize) -> bool {
    use pest::Parser as _;
    let rest = source.get(pos..).unwrap_or("");
    [Rule::rule_section, Rule::ruleset]
        .into_iter()
        .any(|rule| super::parser::SowParser::parse(rule, rest).is_ok())
}

/// The line of `source` that holds byte `pos`.
/// The line holding byte `pos`, up to the end of `word` (the word there).
fn line_through<'s>(source: &'s str, pos: usize, word: &str) -> &'s str {
    let line = line_at(source, pos);
    let start = source[..pos.min(source.len())].rfind('\n').map_or(0, |i| i + 1);
    let end = (pos.min(source.len()) - start + word.len()).min(line.len());
    line.get(..end).unwrap_or(line)
}

fn line_at(source: &str, pos: usize) -> &str {
    let pos = pos.min(source.len());
    let start = source[..pos].rfind('\n').map_or(0, |i| i + 1);
    let end = source[pos..].find('\n').map_or(source.len(), |i| pos + i);
    &source[start..end]
}

/// Whether `word` is one of the words `rule` (a choice of keywords) matches.
fn reserved_in(rule: Rule, word: &str) -> bool {
    use pest::Parser as _;
    super::parser::SowParser::parse(rule, word).map(|p| p.as_str().len() == word.len()).unwrap_or(false)
}

fn word_at(source: &str, pos: usize) -> &str {
    let rest = source.get(pos..).unwrap_or("");
    let end = rest
        .char_indices()
        .find(|(_, c)| !(c.is_alphanumeric() || *c == '_' || *c == '-' || *c == '\''))
        .map(|(i, _)| i)
        .unwrap_or(rest.len());
    &rest[..end]
}

fn found_len(source: &str, pos: usize) -> usize {
    let word = word_at(source, pos);
    if !word.is_empty() {
        return word.len();
    }
    source.get(pos..).and_then(|r| r.chars().next()).map(char::len_utf8).unwrap_or(0)
}

fn describe_found(source: &str, pos: usize) -> String {
    let word = word_at(source, pos);
    if !word.is_empty() {
        return format!("`{word}`");
    }
    match source.get(pos..).and_then(|r| r.chars().next()) {
        None => "the end of the file".to_string(),
        Some('\n') | Some('\r') => "the end of the line".to_string(),
        Some(c) => format!("`{c}`"),
    }
}

/// The phrases of `items` one by one, where an item lists several (`` `leftmost`, `rightmost`
/// or an ordinal such as `3rd` ``) and others stand beside it: the words first, the phrases
/// described in words last, so that a word is never read as an example of a description
/// (blind test 31, fault 1: "an ordinal such as `3rd` or `opponent's`").
fn flat_phrases(items: &[String]) -> Vec<String> {
    if items.len() < 2 || !items.iter().any(|i| split_listed(i).len() > 1) {
        return items.to_vec();
    }
    let mut out: Vec<String> = Vec::new();
    for part in items.iter().flat_map(|i| split_listed(i)) {
        if !out.contains(&part) {
            out.push(part);
        }
    }
    // A stable sort: the words in their order, then the described phrases in theirs.
    out.sort_by_key(|p| !p.starts_with('`'));
    out
}

/// An item's phrases, split at each `, ` and ` or ` outside backticks and brackets.
fn split_listed(item: &str) -> Vec<String> {
    let (mut parts, mut current, mut quoted, mut depth) = (Vec::new(), String::new(), false, 0u32);
    let mut rest = item;
    while let Some(c) = rest.chars().next() {
        if !quoted
            && depth == 0
            && let Some(after) = rest.strip_prefix(", ").or_else(|| rest.strip_prefix(" or "))
        {
            parts.push(std::mem::take(&mut current));
            rest = after;
            continue;
        }
        match c {
            '`' => quoted = !quoted,
            '(' if !quoted => depth += 1,
            ')' if !quoted => depth = depth.saturating_sub(1),
            _ => {}
        }
        current.push(c);
        rest = &rest[c.len_utf8()..];
    }
    parts.push(current);
    parts.retain(|p| !p.is_empty());
    parts
}

/// `a`, `a or b`, `a, b or c`.
fn join_or(items: &[String]) -> String {
    match items {
        [] => "something else".to_string(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {}", init.join(", "), last),
    }
}

#[cfg(test)]
mod tests {
    use pest::Parser;

    use super::*;
    use crate::syntax::parser::SowParser;

    /// The words of hole descriptions, which a row or mark cannot be named.
    const ROW_RESERVED: [&str; 7] = ["hole", "holes", "own", "empty", "occupied", "a", "an"];

    /// Every `kw_*` rule parses its word and is skipped by the lowering as a keyword token.
    /// Keywords are contextual: every word but `when` and `otherwise` is a capture name; every word but the few of
    /// hole descriptions is a row or mark name; every word but those that may follow a number
    /// or begin a section is a parameter name.
    #[test]
    fn keywords_are_contextual() {
        let keywords: Vec<Rule> =
            Rule::all_rules().iter().copied().filter(|r| format!("{r:?}").starts_with("kw_")).collect();
        assert!(keywords.len() > 80, "only {} keywords found", keywords.len());
        let mut param_reserved = Vec::new();
        for rule in keywords {
            let word = format!("{rule:?}")["kw_".len()..].to_string();
            let word = match word.as_str() {
                "opponents" => "opponent's".to_string(),
                "movers" => "mover's".to_string(),
                "owners" => "owner's".to_string(),
                "losers" => "loser's".to_string(),
                _ => word,
            };
            assert!(SowParser::parse(rule, &word).is_ok(), "`{word}` does not parse as {rule:?}");
            assert!(is_keyword(rule));
            if word.contains('\'') {
                continue;
            }
            let whole = |r: Rule| SowParser::parse(r, &word).is_ok_and(|p| p.as_str() == word);
            assert_eq!(
                whole(Rule::name),
                !["when", "otherwise"].contains(&word.as_str()),
                "`{word}` as a capture"
            );
            assert_eq!(
                whole(Rule::row_name),
                !ROW_RESERVED.contains(&word.as_str()),
                "`{word}` as a row name"
            );
            assert_eq!(whole(Rule::param_name), !reserved_in(Rule::param_reserved, &word));
            if !whole(Rule::param_name) {
                param_reserved.push(word);
            }
        }
        param_reserved.sort();
        assert_eq!(
            param_reserved.join(" "),
            "after aliases board capture choose circuit computer end family hole holes in lasts leftmost \
             mark marks more move occupied opening opposite or origin param players rightmost rows ruleset seed seeds \
             setup sources sow summary take territory to turn turns"
        );
    }
}
