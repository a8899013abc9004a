"""The game API in OpenSpiel's shape."""

import copy
import pickle
import random

import numpy as np
import pytest

import sow


def test_a_random_game_of_kalah_plays_to_its_end_through_pyspiel_names():
    game = sow.load_game("kalah")
    assert game.num_players() == 2
    assert game.num_distinct_actions() == 14  # 12 holes and 2 stores
    state = game.new_initial_state()
    assert state.current_player() == 0
    assert state.legal_actions() == [0, 1, 2, 3, 4, 5]  # a1..a6, South's holes
    assert [state.action_to_string(a) for a in state.legal_actions()][:2] == ["a1", "a2"]
    rng = random.Random(7)
    while not state.is_terminal():
        assert state.current_player() in (0, 1)
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.current_player() == -4
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])
    assert state.legal_actions() == []


def test_kalah_opening_sows_four_seeds_and_the_observation_shows_them():
    game = sow.load_game("kalah")
    state = game.new_initial_state()
    # a3 holds 4 seeds: a4 a5 a6 and South's store, the last seed in the store: South again.
    state.apply_action(state.string_to_action("a3"))
    obs = state.observation_tensor(0)
    assert obs.dtype == np.float32 and obs.shape == (game.observation_tensor_size(),)
    assert list(obs[:6]) == [4, 4, 0, 5, 5, 5]
    assert state.current_player() == 0
    assert state.history() == [2]


def test_an_illegal_action_raises_value_error_with_the_engines_reason_and_changes_nothing():
    game = sow.load_game("kalah")
    state = game.new_initial_state()
    before = state.observation_tensor()
    with pytest.raises(ValueError, match="a7|North"):
        state.apply_action(6)  # b1 is North's
    with pytest.raises(ValueError, match="not a decision of this game"):
        state.apply_action(10_000)
    assert (state.observation_tensor() == before).all()
    assert state.history() == []


def test_a_bad_rules_file_raises_rules_error_carrying_the_rendered_diagnostic():
    bad = 'game "Broken" {\n  board 2 x 6\n  seeds 4 in each hole\n  sow from any own hole antclockwise\n}\n'
    with pytest.raises(sow.RulesError) as info:
        sow.load_game(bad)
    message = str(info.value)
    assert "<rules text>" in message
    assert issubclass(sow.RulesError, ValueError)
    with pytest.raises(ValueError, match="did you mean `nsolo`"):
        sow.load_game("nslo")


def test_params_rulesets_and_paths_load_as_on_the_command_line(tmp_path, monkeypatch):
    g16 = sow.load_game("nsolo", params={"columns": 16})
    assert g16.board == (4, 16) and g16.params["columns"] == 16
    assert sow.load_game("nsolo", params=["columns=16"]).board == (4, 16)
    assert "sanderson-1913" in sow.load_game("nsolo").rulesets
    assert "sanderson-1913" in sow.load_game("nsolo", ruleset="sanderson-1913").name()
    path = tmp_path / "k.sow"
    import pathlib

    source = pathlib.Path(__file__).resolve().parents[2] / "rules" / "kalah.sow"
    path.write_text(source.read_text())
    assert sow.load_game(str(path)).num_distinct_actions() == 14
    # A relative path that begins as rules text does (`game…`) is still a path.
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "kalah.sow").write_text(source.read_text())
    monkeypatch.chdir(tmp_path)
    assert sow.load_game("games/kalah.sow").num_distinct_actions() == 14


def test_clones_are_independent_and_games_pickle_for_other_processes():
    game = sow.load_game("nsolo", params={"columns": 8})
    state = game.new_initial_state()
    other = state.clone()
    other.apply_action(other.legal_actions()[0])
    assert state.history() == [] and len(other.history()) == 1
    assert copy.deepcopy(other).history() == other.history()
    again = pickle.loads(pickle.dumps(game))
    assert again.name() == game.name() and again.num_distinct_actions() == game.num_distinct_actions()


def test_nsolo_captures_then_picks_a_strip_with_the_same_player_to_move():
    # The README's first example: a1 relays twice and ends in the empty b8 facing c8, whose
    # 2 seeds are taken; then a strip of 2 picks from North's holes, South still to move.
    game = sow.load_game("nsolo", params={"columns": 8})
    state = game.new_initial_state()
    state.apply_action(state.string_to_action("a1"))
    assert state.current_player() == 0
    picks = [state.action_to_string(a) for a in state.legal_actions()]
    assert picks and all(p[0] in "cd" for p in picks)
    assert "c8" not in picks and "c1" not in picks  # emptied: the capture and nothing sown there
    state.apply_action(state.string_to_action("d1"))
    assert state.current_player() == 0
    state.apply_action(state.string_to_action("d2"))
    assert state.current_player() == 1
    assert list(state.observation_tensor(0)[-6:-4]) == [4.0, 0.0]  # 2 + 2 seeds out of play


def test_position_keys_are_equal_for_one_position_reached_by_two_lines():
    start = sow.load_game("makonn").new_initial_state()

    def after(*moves):
        state = start
        for text in moves:
            state = state.child(state.string_to_action(text))
        return state

    one, other = after("a1-a2", "a3-a4"), after("a3-a4", "a1-a2")
    assert one.history() != other.history()
    assert one.position_key() == other.position_key()
    assert isinstance(one.position_key(), bytes)
    assert after("a1-a2", "a3-a5").position_key() != one.position_key()
    # South passes: the same seeds, but North to move.
    assert after("pass").position_key() != start.position_key()
