"""Rule data is checked against a schema of every key before any game starts (issue 17, item 8).

Each bad file gets one RulesError naming the file and the key, and saying what
to change; nothing else escapes (no KeyError, TypeError, RecursionError).
"""
import json
import os

import pytest

from game.engine import RulesError, load_rules
from game.engine.rules import Rules
from game.engine.rules_schema import MAX_AMOUNT, MAX_DICE


def refusal(tmp_path, text, mode="normal", raw: bytes | None = None) -> str:
    path = tmp_path / "mine.toml"
    path.write_bytes(raw if raw is not None else text.encode())
    with pytest.raises(RulesError) as info:
        load_rules(mode, overlay=path)
    message = str(info.value)
    assert "mine.toml" in message, message
    return message


@pytest.mark.parametrize("text, key, says", [
    ("units = 5", "key 'units'", "expected a table"),
    ("[setup]\nscatter_per_player = 3", "setup.scatter_per_player", "expected a table"),
    ("[buildings.ramparts]\nrequires = 5", "buildings.ramparts.requires", "expected a list"),
    ("[buildings.ramparts]\nrequires = [5]", "buildings.ramparts.requires[0]", "expected a name"),
    ("[buildings]\nramparts = 5", "buildings.ramparts", "expected a table"),
    ('[hero]\nfaint_keep_fraction = "half"', "hero.faint_keep_fraction", "from 0 to 1"),
    ("[mines]\nresource_types = []", "mines.resource_types", "1 to 8 entries"),
    ('[units]\nmercenary = "0dP"', "units.mercenary", "at least 1 die"),
    ('[units]\nmercenary = "1d6-100"', "units.mercenary", "from 0 to"),
    ('[setup]\ncapital_buildings = ["nonexistent"]', "setup.capital_buildings", "unknown building 'nonexistent'"),
    ("[cities]\nneutral_defender_squads = -1", "cities.neutral_defender_squads", "expected 1 to 10"),
    ('[monsters]\nbounty = "halves"', "monsters.bounty", "did you mean 'half'"),
    ('[cities]\nneutral_defender_unit = "dragon"', "cities.neutral_defender_unit", "unknown unit kind 'dragon'"),
    ("[daybreak]\nbuilds_per_city_per_day = true", "daybreak.builds_per_city_per_day", "whole number"),
    ('[mines]\nresource_type_die = "1d6"', "mines.resource_type_die", "must roll 1 to 1"),
    ('[daybreak]\ntoken_kind_die = "1d6"', "daybreak.token_kind_table", "rows must end at 6"),
    ('[items]\nrarities = ["common"]', "items.power", "one per rarity"),
    ('[meta]\nmode = "campaign"', "meta.mode", "--mode"),
])
def test_a_wrong_value_names_the_file_the_key_and_what_to_change(tmp_path, text, key, says):
    message = refusal(tmp_path, text)
    assert key in message and says in message, message


@pytest.mark.parametrize("text, typo, meant", [
    ('[movment]\nroll = "1d6"', "movment", "movement"),
    ('[movement]\nrol = "1d6"', "movement.rol", "roll"),
    ("[buildings.ramparts]\ncoast = { coin = 3 }", "buildings.ramparts.coast", "cost"),
    ("[options]\nday_limits = true", "options.day_limits", "day_limit"),
])
def test_an_unknown_key_is_refused_with_a_did_you_mean(tmp_path, text, typo, meant):
    message = refusal(tmp_path, text)
    assert f"'{typo}'" in message and f"did you mean '{meant}'" in message, message


def test_every_slip_of_a_file_is_told_at_once_one_line_each(tmp_path):
    """A playtester with three slips heard of the first only, mended it, restarted, heard of the next."""
    message = refusal(tmp_path, '[movement]\nroll = "1d1+"\npickup_cots = 2\n[hero]\narmy_slots = 99\n'
                                '[daybreak]\nmine_income = -3\n')
    lines = message.splitlines()
    assert [line.split("key ")[1].split(":")[0] for line in lines] == [
        "'movement.roll'", "'movement.pickup_cots'", "'hero.army_slots'", "'daybreak.mine_income'"], lines
    assert all(line.startswith(str(tmp_path / "mine.toml")) for line in lines)


def test_a_file_wrong_everywhere_is_told_in_a_dozen_lines_and_a_count(tmp_path):
    from game.engine.rules_schema import MAX_PROBLEMS
    text = "[movement]\n" + "".join(f"nokey{i} = 1\n" for i in range(MAX_PROBLEMS + 5))
    lines = refusal(tmp_path, text).splitlines()
    assert len(lines) == MAX_PROBLEMS + 1 and lines[-1].endswith("and 5 more")


def test_a_campaign_overlay_is_checked_against_campaign_names(tmp_path):
    message = refusal(tmp_path, "[setup]\nstart_purse = { coin = 5, gems = 3 }", mode="campaign")
    assert "setup.start_purse.gems" in message and "coin, wood, food, stone" in message


@pytest.mark.parametrize("text, bound", [
    ("[setup]\nstart_purse = { coin = 1000000 }", str(MAX_AMOUNT)),
    ('[units]\nmercenary = "999999d999999"', f"at most {MAX_DICE} dice"),
    ('[movement]\nroll = "60d6"', f"at most {MAX_DICE} dice"),
    ("[setup]\nscatter_per_player = { monster = 100000 }", "0 to 50"),
    ("[options]\nday_limit_days = 10000000", "1 to 1000"),
])
def test_numbers_above_their_bound_are_refused_with_the_bound(tmp_path, text, bound):
    assert bound in refusal(tmp_path, text)


def test_files_that_are_not_rules_text_are_refused_with_a_reason(tmp_path):
    assert "UTF-8" in refusal(tmp_path, "", raw=b"\xff\xfe[movement]\n")
    assert "nested too deeply" in refusal(tmp_path, "x = " + "[" * 3000 + "]" * 3000)
    assert "not valid TOML" in refusal(tmp_path, "[movement\n")
    folder = tmp_path / "folder.toml"
    folder.mkdir()
    with pytest.raises(RulesError, match="folder.toml: is a folder"):
        load_rules("normal", overlay=folder)
    with pytest.raises(RulesError, match="missing.toml: rules file not found"):
        load_rules("normal", overlay=tmp_path / "missing.toml")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    with pytest.raises(RulesError, match="not a regular file"):
        load_rules("normal", overlay=fifo)


def test_a_retired_key_in_a_playtester_file_says_why_it_went(tmp_path):
    message = refusal(tmp_path, "[battle]\nattacker_first = false")
    assert "battle.attacker_first" in message and "R-BAT-4" in message


def test_rule_data_stored_by_an_older_save_still_loads_without_the_retired_keys():
    data = json.loads(load_rules("campaign").to_json())
    data["movement"].update(default_move_cost=1, square_diagonal_default=False)
    data["battle"].update(attacker_first=True, ties_to_attacked=True)
    rules = Rules(data, "save field 'rules'")
    assert "default_move_cost" not in rules["movement"] and "attacker_first" not in rules["battle"]


def test_shipped_rule_files_pass_their_own_schema():
    for mode in ("normal", "campaign"):
        assert load_rules(mode).mode == mode
