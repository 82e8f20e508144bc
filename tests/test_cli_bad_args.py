"""Every entry point answers bad input properly (issue 17, items 5, 6, 9, 11, 13).

Bad arguments: a usage message and exit status 2.  A file that cannot be used
(a missing map, a broken rules file, every simulated game failing): one line,
exit status 1.  Never a Python traceback; ``--help`` only prints help.  The
commands run in parallel, a few at a time.
"""
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME = ["-m", "game"]
ENTRY_POINT = ["-c", "import sys; from game.__main__ import main; sys.exit(main())"]   # the fuzzyknights script
BROKEN_MAP = "tests/data/broken_maps/bad_move_cost.tmx"


def commands(tmp: Path) -> list[tuple[list[str], int, str]]:
    """(arguments after ``python``, exit status, text the message must hold)."""
    bad_rules = tmp / "bad.toml"
    bad_rules.write_text("[movment]\nroll = 3\n")
    (tmp / "a-folder.tmx").mkdir()
    folder = str(tmp)
    return [
        (GAME + ["--players", "7"], 2, "2 to 4"),
        (GAME + ["--terminal", "--ai", "godlike"], 2, "unknown computer level 'godlike'"),
        (GAME + ["--screenshot", f"{folder}/no-such-folder/shot.png"], 2, "does not exist"),
        (GAME + ["--screenshot", folder], 2, "is a folder"),
        (GAME + ["--screenshot", f"{folder}/shot.txt"], 2, "shot.txt: the file name must end in .png"),
        (["tools/simulate.py", "--plot", f"{folder}/plot.jpg"], 2, "plot.jpg: the file name must end in .png"),
        (GAME + ["--seed", "abc"], 2, "not a whole number"),
        (GAME + ["--terminal", "--max-days", "0"], 2, "1 to 1000"),
        (GAME + ["--map", f"{folder}/missing.tmx", "--screenshot", f"{folder}/shot.png"], 1, "missing.tmx"),
        (GAME + ["--terminal", "--rules", str(bad_rules)], 1, "did you mean 'movement'"),
        (ENTRY_POINT + ["--players", "9"], 2, "2 to 4"),
        (["tools/odds.py", "--attacker", "1000000000x1d6", "--defender", "1x1d6"], 2, "at most 1000 units"),
        (["tools/odds.py", "--attacker", "2x1d6", "--defender", "1x1d6", "--simulate", "10000000000"], 2, "100000"),
        (["tools/reach.py", "maps/meadow.tmx", "--hero", "1,1", "--player", "1", "--budget", "1e9"], 2, "1e9"),
        (["tools/reach.py", "maps/meadow.tmx", "--hero", "1,1", "--player", "1", "--budget", "1000000000"], 2,
         "32767"),
        (["tools/bench_odds.py", "--battles", "0"], 2, "1 to 10000000"),
        (["tools/bench_odds.py", "--battles", "-5"], 2, "1 to 10000000"),
        (["tools/bench_screen.py", "--frames", "0"], 2, "1 to 10000"),
        (["tools/bench_pathfinding.py", "--repeat", "0"], 2, "1 to 100000"),
        (["tools/bench_ai.py", "--games", "0"], 2, "--games"),
        (["tools/bench_startup.py", "--runs", "100000000"], 2, "1 to 100"),
        (["tools/render_map_png.py"], 2, "required"),
        (["tools/render_map_png.py", "maps/meadow.tmx", f"{folder}/m.png", "--scale", "nan"], 2, "--scale"),
        (["tools/render_map_png.py", f"{folder}/missing.tmx", f"{folder}/m.png"], 1, "missing.tmx"),
        (["tools/simulate.py", "--games", "1000000000"], 2, "1 to 100000"),
        (["tools/simulate.py", "--players", "9"], 2, "2 to 4"),
        (["tools/simulate.py", "--plot", f"{folder}/no-such-folder/plot.png"], 2, "does not exist"),
        (["tools/simulate.py", "--rules", str(bad_rules)], 1, "bad.toml"),
        (["tools/simulate.py", "--map", BROKEN_MAP, "--games", "2", "--jobs", "1"], 1, "move_cost 0"),
        (["tools/simulate.py", "--map", "maps/meadow.tmx", "--players", "3"], 2, "a map for 2 players, not 3"),
        (["tools/reach.py", "no-such-map.tmx", "--hero", "1,1", "--player", "1", "--budget", "3"], 1,
         "no-such-map.tmx"),
        (["tools/validate_map.py"], 2, "required"),
        (["tools/join_roads.py"], 2, "required"),
        (["tools/join_roads.py", "no-such-map.tmx"], 1, "no-such-map.tmx"),
        (["tools/join_roads.py", f"{folder}/a-folder.tmx"], 1, "a-folder.tmx"),
        (["tools/random_map.py", f"{folder}/r.tmx", "--width", "0", "--height", "20"], 2, "--width"),
        (["tools/tournament.py", "--games", "0"], 2, "--games"),
        (["tools/tournament.py", "--map", "no-such-map.tmx"], 1, "map not found: no-such-map.tmx"),
        (["tools/tournament.py", "--jobs", "0"], 2, "--jobs must be 1 to 64"),
        (["tools/tournament.py", "--seed", "-1"], 2, "-1 is out of range"),
        (["tools/tournament.py", "--map", "no-such-map-name"], 2, "no shipped map of that name"),
        (["tools/bench_ai.py", "--seed", "-3"], 2, "-3 is out of range"),
        (["tools/tournament.py", "--map", f"{folder}/a-folder.tmx"], 1, "a-folder.tmx is a folder"),
        (["tools/calibrate_maps.py", "--games", "0"], 2, "--games"),
        (["tools/calibrate_maps.py", "--level", "godlike"], 2, "godlike"),
        (["tools/make_maps.py", "--bogus"], 2, "unrecognized arguments"),
        (["tools/make_assets.py", "--bogus"], 2, "unrecognized arguments"),
        (["tools/make_sounds.py", "--bogus"], 2, "unrecognized arguments"),
        (["tools/make_maps.py", "--help"], 0, "usage:"),
        (["tools/make_assets.py", "--help"], 0, "usage:"),
    ]


def run(args: list[str]) -> subprocess.CompletedProcess:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, cwd=ROOT, env=env, timeout=120)


def generated_files() -> dict[Path, int]:
    files = list((ROOT / "maps").glob("*.tmx")) + list((ROOT / "assets").rglob("*.png"))
    return {path: path.stat().st_mtime_ns for path in files}


def test_every_entry_point_answers_bad_arguments_without_a_traceback(tmp_path):
    cases = commands(tmp_path)
    before = generated_files()
    with ThreadPoolExecutor(max_workers=3) as pool:
        results = list(pool.map(run, [args for args, _, _ in cases]))
    wrong = []
    for (args, status, says), result in zip(cases, results):
        output = result.stdout + result.stderr
        if result.returncode != status or "Traceback" in output or says not in output:
            wrong.append(f"{' '.join(args)} -> {result.returncode}: {output.strip()[-300:]}")
        elif status == 2 and "usage:" not in result.stderr:
            wrong.append(f"{' '.join(args)}: no usage message")
        elif status == 1 and len(result.stderr.strip().splitlines()) > 2 and "every game failed" not in says:
            wrong.append(f"{' '.join(args)}: more than one line of problem: {result.stderr}")
    assert not wrong, "\n".join(wrong)
    assert generated_files() == before, "--help or a bad argument rewrote the shipped maps or art"


def test_every_tool_is_in_the_bad_argument_list(tmp_path):
    covered = {args[0] for args, _, _ in commands(tmp_path) if args[0].startswith("tools/")}
    tools = {f"tools/{p.name}" for p in (ROOT / "tools").glob("*.py")}
    assert tools <= covered, f"tools without a bad-argument case: {sorted(tools - covered)}"


def test_a_tool_piped_into_a_program_that_stops_reading_ends_quietly():
    """`reach.py ... --json | head -c 100` printed a BrokenPipeError traceback once head had what it wanted."""
    reader = subprocess.Popen([sys.executable, str(ROOT / "tools" / "reach.py"), str(ROOT / "maps" / "highlands.tmx"),
                               "--hero", "10,10", "--player", "1", "--budget", "60", "--json"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    reader.stdout.read(100)
    reader.stdout.close()                       # as `head -c 100` does
    error = reader.stderr.read().decode()
    assert reader.wait(timeout=60) == 1 and "Traceback" not in error, error


def test_ctrl_c_stops_a_tool_with_one_line(capsys):
    from game.cli import run_tool

    def interrupted():
        raise KeyboardInterrupt
    assert run_tool(interrupted) == 130
    err = capsys.readouterr().err
    assert "stopped (Ctrl+C)" in err and "Traceback" not in err
