"""The player's settings file: human-readable, survives a restart, never crashes the game when broken."""
import tomllib

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
