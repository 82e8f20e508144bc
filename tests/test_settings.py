"""The player's settings file: human-readable, survives a restart, never crashes the game when broken."""
import tomllib

from hypothesis import given, settings, strategies as st

from game import settings as S


def test_defaults_when_there_is_no_file(tmp_path):
    loaded, problems = S.load(tmp_path / "settings.toml")
    assert loaded == S.Settings() and problems == []


def test_settings_survive_a_restart(tmp_path):
    path = tmp_path / "settings.toml"
    chosen = S.Settings(fullscreen=True, ui_scale=1.25, battle_speed="Instant", computer_speed="fast",
                        hints=False, sound_volume=0.3, music_volume=0.0, mute=True, hints_seen=["roll"])
    S.save(chosen, path)
    loaded, problems = S.load(path)
    assert loaded == chosen and problems == []


def test_the_file_is_human_readable_toml_with_comments(tmp_path):
    path = tmp_path / "settings.toml"
    S.save(S.Settings(ui_scale=1.1), path)
    text = path.read_text()
    assert "ui_scale = 1.1" in text and "# size of text and panels" in text
    assert tomllib.loads(text)["battle_speed"] == "Normal"


def test_a_corrupt_file_gives_defaults_a_message_and_is_replaced(tmp_path):
    path = tmp_path / "settings.toml"
    path.write_text("ui_scale = = 2\n[[[")
    loaded, problems = S.load(path)
    assert loaded == S.Settings()
    assert len(problems) == 1 and "settings.toml" in problems[0] and "not valid TOML" in problems[0]
    assert (tmp_path / "settings.toml.broken").read_text().startswith("ui_scale = = 2")
    assert S.load(path) == (S.Settings(), [])       # the replacement is a good file


def test_a_wrong_value_names_the_key_and_keeps_the_others(tmp_path):
    path = tmp_path / "settings.toml"
    path.write_text('ui_scale = "huge"\nmute = true\nsound_volume = 7\nspeed = 1\n')
    loaded, problems = S.load(path)
    assert loaded.mute is True
    assert loaded.ui_scale == 1.0 and loaded.sound_volume == S.Settings().sound_volume
    text = "\n".join(problems)
    assert "'ui_scale' must be a number" in text and "'sound_volume'" in text and "unknown key 'speed'" in text


def test_a_binary_file_is_not_a_crash(tmp_path):
    path = tmp_path / "settings.toml"
    path.write_bytes(b"\xff\xfe\x00garbage")
    loaded, problems = S.load(path)
    assert loaded == S.Settings() and problems


def test_update_writes_the_players_file_and_current_reads_it_back(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    S.reset_for_tests()
    try:
        S.update(computer_speed="fast", hints_seen=["roll"])
        S.reset_for_tests()                       # a restart
        assert S.current().computer_speed == "fast" and S.current().hints_seen == ["roll"]
        assert (tmp_path / "fuzzyknights" / "settings.toml").exists()
    finally:
        S.reset_for_tests()


def test_mute_silences_effects():
    assert S.Settings(sound_volume=0.7, mute=True).effects_gain == 0.0
    assert S.Settings(sound_volume=0.7).effects_gain == 0.7


def test_a_second_broken_file_is_kept_beside_the_first_not_over_it(tmp_path):
    path = tmp_path / "settings.toml"
    for text in ("first = = broken", "second = = broken"):
        path.write_text(text)
        loaded, problems = S.load(path)
    assert "kept as settings.toml.broken2" in problems[0]
    assert (tmp_path / "settings.toml.broken").read_text() == "first = = broken"
    assert (tmp_path / "settings.toml.broken2").read_text() == "second = = broken"


PLAYERS_FILE = """\
# My Fuzzy Knights settings -- written by hand, please keep my notes!

fullscreen = false      # the window fits my second screen better
ui_scale = 1.25         # my eyes

hints_seen = [
    "roll",
    "move",
]   # the ones I read
speed = 3               # an old key, kept for an old version

# sounds: the cat hates them
mute = true

# a table of my own notes
[notes]
computer_speed = "a note, not the setting"
"""


def test_changing_a_setting_changes_only_its_line_and_keeps_the_players_notes(tmp_path, monkeypatch):
    """Played: the player wrote notes in settings.toml; the first change made in the game wrote the file
    anew and every note was gone. Only the changed key's line changes, its comment kept; a key the file
    lacks is added with its comment above the player's table (under it, it would be the table's)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    path = tmp_path / "fuzzyknights" / "settings.toml"
    path.parent.mkdir()
    path.write_text(PLAYERS_FILE)
    S.reset_for_tests()
    try:
        assert S.current().ui_scale == 1.25
        assert [m.split(" is ignored")[0] for m in S.take_messages()] == [f"{path}: unknown key '{key}'"
                                                                              for key in ("speed", "notes")]
        S.update(ui_scale=1.5)
        S.update(computer_speed="fast", mute=True)            # mute unchanged: its line stays as written
        S.update(hints_seen=["roll"])
        assert S.take_messages() == []
    finally:
        S.reset_for_tests()
    assert path.read_text() == PLAYERS_FILE.replace(
        "ui_scale = 1.25         # my eyes", "ui_scale = 1.5         # my eyes").replace(
        'hints_seen = [\n    "roll",\n    "move",\n]   # the ones I read', 'hints_seen = ["roll"]   # the ones I read').replace(
        "mute = true\n", 'mute = true\n# how fast computer players play: "normal" or "fast"\ncomputer_speed = "fast"\n')
    loaded, _ = S.load(path)
    assert (loaded.ui_scale, loaded.computer_speed, loaded.mute, loaded.hints_seen) == (1.5, "fast", True, ["roll"])


def test_a_changed_line_keeps_the_files_line_endings_and_a_last_line_without_one(tmp_path):
    path = tmp_path / "settings.toml"
    path.write_bytes(b"# mine\r\nmute = false  # quiet\r\n\r\nui_scale = 1.0")
    assert S.save(S.Settings(mute=True, ui_scale=1.1, hints=False), path, keys=["mute", "ui_scale", "hints"]) == []
    assert path.read_bytes() == (b"# mine\r\nmute = true  # quiet\r\n\r\nui_scale = 1.1\r\n"
                                 b"# first-game guidance: what to do next\r\nhints = false\r\n")


def test_a_file_damaged_while_the_game_runs_is_set_aside_with_a_notice_when_a_setting_changes(tmp_path, monkeypatch):
    """As at start-up: the damaged file is kept beside it for the player to mend, the running settings are
    written in its place, and the player is told (it was written over without a word)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    path = tmp_path / "fuzzyknights" / "settings.toml"
    path.parent.mkdir()
    path.write_text("mute = true\n")
    S.reset_for_tests()
    try:
        assert S.current().mute is True
        path.write_text("mute = true\nui_scale = = 2   # my half-typed edit\n")
        S.update(battle_speed="Fast")
        messages = S.take_messages()
    finally:
        S.reset_for_tests()
    assert len(messages) == 1 and str(path) in messages[0] and "not valid TOML" in messages[0]
    assert "kept as settings.toml.broken" in messages[0]
    assert (path.parent / "settings.toml.broken").read_text() == "mute = true\nui_scale = = 2   # my half-typed edit\n"
    assert S.load(path) == (S.Settings(mute=True, battle_speed="Fast"), [])


def test_a_new_settings_file_is_written_whole_with_its_comments(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    S.reset_for_tests()
    try:
        S.update(mute=True)
    finally:
        S.reset_for_tests()
    assert (tmp_path / "fuzzyknights" / "settings.toml").read_text() == S.to_toml(S.Settings(mute=True))


VALUES = {"fullscreen": st.booleans(), "ui_scale": st.sampled_from(S.UI_SCALES),
          "battle_speed": st.sampled_from(S.BATTLE_SPEEDS), "computer_speed": st.sampled_from(S.COMPUTER_SPEEDS),
          "hints": st.booleans(), "sound_volume": st.sampled_from((0.0, 0.3, 0.55, 1.0)),
          "music_volume": st.sampled_from((0.0, 0.25, 1.0)), "mute": st.booleans(),
          "hints_seen": st.lists(st.sampled_from(("roll", "move", "city", 'say "hi" # not a comment')), max_size=3)}


@st.composite
def players_files(draw):
    """A settings file as a player may write it: comments, blank lines, keys in any order and spacing, quoted,
    with comments after them, lists over several lines, keys of other versions, a table of notes at the end."""
    lines = []
    for name in draw(st.permutations(sorted(VALUES)))[:draw(st.integers(0, len(VALUES)))]:
        for _ in range(draw(st.integers(0, 2))):
            lines.append(draw(st.sampled_from(["", "# a note of mine", "  # about the next key # with a hash",
                                               "old_key_{} = 7   # from an older version"])).format(len(lines)))
        value = draw(VALUES[name])
        key = draw(st.sampled_from([name, f'"{name}"', f"  {name}"]))
        gap = draw(st.sampled_from([" = ", "=", "   =  "]))
        tail = draw(st.sampled_from(["", "  # mine", "\t# said '#' twice #"]))
        if isinstance(value, list) and value and draw(st.booleans()):
            lines += [f"{key}{gap}["] + [f"    {S._toml_value(v)}," for v in value] + [f"]{tail}"]
        else:
            lines.append(f"{key}{gap}{S._toml_value(value)}{tail}")
    if draw(st.booleans()):
        lines += ["", "# my table", "[notes]", 'mute = "not the setting"']
    return "\n".join(lines) + draw(st.sampled_from(["", "\n"]))


@given(text=players_files(), changes=st.fixed_dictionaries({}, optional=VALUES))
@settings(max_examples=150, deadline=None)
def test_changed_settings_are_written_in_any_file_a_player_writes_and_nothing_else_changes(tmp_path_factory, text, changes):
    path = tmp_path_factory.mktemp("settings") / "settings.toml"
    path.write_text(text)
    before = tomllib.loads(text)
    assert S.save(S.Settings(**changes), path, keys=changes) == []
    after_text = path.read_text()
    after = tomllib.loads(after_text)
    assert {k: after[k] for k in changes} == changes
    assert {k: v for k, v in after.items() if k not in changes} == {k: v for k, v in before.items() if k not in changes}
    notes = [line for line in text.splitlines() if line.strip().startswith("#") or line.strip().startswith("old_key")]
    kept = iter(after_text.splitlines())
    assert all(any(line == other for other in kept) for line in notes), "the player's lines stay, in order"
    assert S.load(path)[0] == S.Settings(**{k: v for k, v in after.items() if k in VALUES})
