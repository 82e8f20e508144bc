"""maps/extensions/fuzzyknights.js, run by node against a stand-in of Tiled's scripting API.

The stand-in runs real processes (the launcher and the validator), so this
checks the whole chain a designer gets in Tiled: save -> validator -> Issues
panel entries whose activation selects the object.
"""
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXTENSION = ROOT / "maps" / "extensions" / "fuzzyknights.js"

FAKE_TILED = r"""
const fs = require("fs"), vm = require("vm"), child = require("child_process");
const [extension, mapFile, objectIds] = process.argv.slice(1);   // node -e: no script name
const issues = [], logs = [], actions = {}, saved = [];
const objects = JSON.parse(objectIds).map(id => ({id: id, x: id * 10, y: 5}));
const tokens = {isObjectLayer: true, isGroupLayer: false, objects: objects};
const group = {isGroupLayer: true, isObjectLayer: false, layerCount: 1, layerAt: () => tokens};
const map = {isTileMap: true, fileName: mapFile, layerCount: 1, layerAt: () => group, selectedObjects: []};
let centred = null;
class Process {
  exec(program, args, throwOnError) {
    const r = child.spawnSync(program, args, {cwd: this.workingDirectory, encoding: "utf8"});
    this.out = r.stdout; this.err = r.stderr; return r.status;
  }
  readStdOut() { return this.out; }
  readStdErr() { return this.err; }
  close() {}
}
const tiled = {
  platform: "linux", projectFilePath: "", activeAsset: map,
  registerAction(id, cb) { actions[id] = cb; return {}; },
  extendMenu(menu, items) { this.menu = menu; },
  assetSaved: {connect(fn) { saved.push(fn); }},
  error(text, cb) { issues.push({level: "error", text, cb}); },
  warn(text, cb) { issues.push({level: "warning", text, cb}); },
  log(text) { logs.push(text); },
  mapEditor: {currentMapView: {centerOn(x, y) { centred = [x, y]; }}},
};
// Tiled 1.8 has no __filename (FK_NO_FILENAME): the extension then finds itself in an error's stack.
const context = {tiled, Process, File: {exists: p => fs.existsSync(p)}, JSON, Math, decodeURIComponent};
if (!process.env.FK_NO_FILENAME) context.__filename = extension;
vm.runInNewContext(fs.readFileSync(extension, "utf8"), context, {filename: extension});
saved.forEach(fn => fn(map));                         // the designer saves the map
const selected = issues.filter(i => i.cb).map(i => { i.cb(); return map.selectedObjects.map(o => o.id); });
actions["FuzzyKnightsValidate"]();                   // and runs the menu action once
console.log(JSON.stringify({issues: issues.map(i => ({level: i.level, text: i.text, link: !!i.cb})),
                            selected, centred, logs, menu: tiled.menu}));
"""


def run_extension(map_file: Path, object_ids: list[int], env: dict | None = None) -> dict:
    out = subprocess.run(["node", "-e", FAKE_TILED, str(EXTENSION), str(map_file), json.dumps(object_ids)],
                         capture_output=True, text=True, timeout=120,
                         env={**os.environ, "FUZZYKNIGHTS_PYTHON": sys.executable, **(env or {})})
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


needs_node = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")


@needs_node
def test_problems_reach_the_issues_panel_and_select_their_object():
    broken = ROOT / "tests" / "data" / "broken_maps" / "unknown_kind.tmx"
    result = run_extension(broken, [1, 2, 3])
    errors = [i for i in result["issues"] if i["level"] == "error"]
    assert len(errors) == 2                             # once on save, once from the menu action
    assert all("object 3 'dragon'" in e["text"] and "unknown kind 'dragon'" in e["text"] and e["link"]
               for e in errors)
    assert result["selected"][0] == [3] and result["centred"] == [30, 5]
    assert result["menu"] == "Map"


@needs_node
def test_a_good_map_is_logged_ok_and_warnings_are_warnings():
    result = run_extension(ROOT / "tests" / "data" / "tiled" / "semantics.tmx", [1, 2, 3, 4])
    assert not [i for i in result["issues"] if i["level"] == "error"]
    warnings = [i for i in result["issues"] if i["level"] == "warning"]
    assert any("object 4 'hidden item'" in w["text"] and w["link"] for w in warnings)
    assert [4] in result["selected"]
    assert any(line.startswith("Fuzzy Knights: ok ") for line in result["logs"])


STUB_VALIDATOR = """#!/bin/sh
# stands in for the validator's Python: the launcher's check passes, then each run answers in turn
[ "$1" = "-c" ] && exit 0
n=$(cat "$0.count" 2>/dev/null || echo 0); echo $((n + 1)) > "$0.count"
if [ "$n" = 0 ]; then cat "$0.bad"; exit 1; fi
cat "$0.good"
"""


@needs_node
def test_a_map_outside_the_repository_is_checked_and_once_fixed_says_it_is_good_now(tmp_path):
    """Tiled 1.8 defines neither __filename nor tiled.projectFilePath: a map in the user's maps folder was
    not checked at all (the extension now finds the repository from its own path in an error's stack).
    Tiled's Issues panel keeps old issues until Clear: the fixed map says they are old."""
    outside = tmp_path / "fuzzyknights" / "maps" / "mine.tmx"
    outside.parent.mkdir(parents=True)
    outside.write_text("<map/>")
    python = tmp_path / "python"
    python.write_text(STUB_VALIDATOR)
    python.chmod(0o755)
    problem = {"message": f"{outside}: layer 'tokens', object 2 'two' at cell (5, 3): unknown kind 'dragon'",
               "layer": "tokens", "object_id": 2, "cell": [5, 3]}
    answer = {"path": str(outside), "ok": False, "summary": None, "problems": [problem], "warnings": []}
    (tmp_path / "python.bad").write_text(json.dumps({"maps": [answer]}))
    (tmp_path / "python.good").write_text(json.dumps({"maps": [{**answer, "ok": True, "summary": "'Mine'",
                                                                "problems": []}]}))
    result = run_extension(outside, [1, 2], env={"FK_NO_FILENAME": "1", "FUZZYKNIGHTS_PYTHON": str(python)})
    levels = [(i["level"], i["text"]) for i in result["issues"]]
    assert not any("cannot find tools/validate_map.py" in text for _, text in levels), levels
    assert levels[0][0] == "error" and "unknown kind 'dragon'" in levels[0][1], levels
    assert result["selected"][0] == [2]
    assert levels[-1][0] == "warning" and "is good now" in levels[-1][1] and "press Clear" in levels[-1][1], levels
    assert any(line.startswith("Fuzzy Knights: ok ") for line in result["logs"])
    assert any("1 problem(s), 0 warning(s)" in line for line in result["logs"]), result["logs"]


@needs_node
def test_no_usable_python_is_one_clear_error():
    result = run_extension(ROOT / "maps" / "meadow.tmx", [], env={"FUZZYKNIGHTS_PYTHON": "/nonexistent/python",
                                                                 "PATH": "/usr/bin:/bin", "VIRTUAL_ENV": ""})
    errors = [i["text"] for i in result["issues"] if i["level"] == "error"]
    assert errors and all("validator could not run" in e and "FUZZYKNIGHTS_PYTHON" in e for e in errors)
    assert all(e.count("maps/README.md") == 1 for e in errors), errors


def test_the_launcher_runs_the_validator_with_the_projects_python(tmp_path):
    done = subprocess.run([str(ROOT / "tools" / "fk-python"), "tools/validate_map.py", "--json", "maps/meadow.tmx"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "FUZZYKNIGHTS_PYTHON": sys.executable, "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["maps"][0]["ok"] is True


def test_the_project_commands_use_the_launcher_and_load_the_extension():
    project = json.loads((ROOT / "maps" / "fuzzyknights.tiled-project").read_text())
    assert project["extensionsPath"] == "extensions" and (ROOT / "maps" / "extensions" / "fuzzyknights.js").exists()
    commands = {c["name"]: c for c in project["commands"]}
    assert all(c["command"].endswith("tools/fk-python") for c in commands.values())
    assert commands["Validate this map"]["arguments"].startswith("tools/validate_map.py")
    assert commands["Join this map's roads"]["arguments"] == "tools/join_roads.py %mapfile"


def test_the_join_roads_command_runs_as_tiled_runs_it(tmp_path):
    """Commands > Join this map's roads: the launcher, the tool, the map (%mapfile), from the repository root."""
    project = json.loads((ROOT / "maps" / "fuzzyknights.tiled-project").read_text())
    command = next(c for c in project["commands"] if c["name"] == "Join this map's roads")
    (tmp_path / "assets").symlink_to(ROOT / "assets", target_is_directory=True)
    (tmp_path / "maps").mkdir()
    mine = tmp_path / "maps" / "mine.tmx"
    mine.write_text((ROOT / "maps" / "meadow.tmx").read_text())
    args = command["arguments"].replace("%mapfile", str(mine)).split()
    done = subprocess.run([str(ROOT / command["command"]), *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, env={**os.environ, "FUZZYKNIGHTS_PYTHON": sys.executable,
                                            "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0 and "63 road cells on layer 'roads', changed 0" in done.stdout, done.stderr


PROBE = r"""
var out = [];
function say(s) { var f = new TextFile(OUT, TextFile.WriteOnly); f.write(out.concat([s]).join("\n")); f.commit(); }
try {
  var captured = [];   // tiled.error/warn are read-only: the extension's calls are routed here instead
  function captureError(t, cb) { captured.push({level: "error", text: t, cb: cb}); }
  function captureWarn(t, cb) { captured.push({level: "warning", text: t, cb: cb}); }
  var source = new TextFile(EXTENSION, TextFile.ReadOnly).readAll();
  eval(source.replace(/tiled\.error\(/g, "captureError(").replace(/tiled\.warn\(/g, "captureWarn("));
  var map = tiled.open(MAP);
  tiled.trigger("FuzzyKnightsValidate");
  captured.forEach(function (c) {
    var selected = "";
    if (c.cb) { c.cb(); selected = " selected=" + map.selectedObjects.map(function (o) { return o.id; }).join(","); }
    out.push(c.level + ": " + c.text + selected);
  });
  say("done");
} catch (e) { say("error " + e); }
"""


@pytest.mark.skipif(shutil.which("tiled") is None, reason="Tiled is not installed")
def test_the_extension_runs_in_tiled_itself(tmp_path):
    """Tiled (headless) loads the extension, its menu action validates the open map and the issue's
    link selects the object."""
    import time
    out = tmp_path / "out.txt"
    broken = ROOT / "tests" / "data" / "broken_maps" / "unknown_kind.tmx"
    extensions = tmp_path / "config" / "tiled" / "extensions"
    extensions.mkdir(parents=True)
    (extensions / "probe.js").write_text(f"var OUT = {json.dumps(str(out))}, EXTENSION = {json.dumps(str(EXTENSION))}, "
                                         f"MAP = {json.dumps(str(broken))};\n" + PROBE)
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config"), "QT_QPA_PLATFORM": "offscreen",
           "FUZZYKNIGHTS_PYTHON": sys.executable}
    tiled = subprocess.Popen(["tiled"], cwd=tmp_path, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(1200):          # a minute at most, looking every 50 ms
            written = out.read_text().splitlines() if out.exists() else []
            if written and written[-1].startswith(("done", "error")):
                break
            time.sleep(0.05)
    finally:
        tiled.kill()
        tiled.wait()
    lines = out.read_text().splitlines()
    assert lines[-1] == "done", lines
    assert any(line.startswith("error: Fuzzy Knights: ") and "object 3 'dragon'" in line and line.endswith("selected=3")
               for line in lines), lines
