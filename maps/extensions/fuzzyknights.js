/*
 * Fuzzy Knights map checks inside Tiled (1.8 or newer).
 *
 * On every save of a .tmx map, and from Map > Validate Fuzzy Knights Map
 * (Ctrl+Shift+V), runs the project's validator (the reference for every rule):
 *     tools/fk-python tools/validate_map.py --json MAP.tmx
 * and lists each problem as an error and each warning as a warning in Tiled's
 * Issues panel; double-click one to select its object and centre the view on it.
 * tools/fk-python finds the Python the game is installed in (see maps/README.md).
 */
(function () {
    "use strict";

    const VALIDATOR = "tools/validate_map.py";
    const ACTION = "FuzzyKnightsValidate";

    function dirOf(path) {
        const i = Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\"));
        return i <= 0 ? path.substring(0, i + 1) : path.substring(0, i);
    }

    function exists(path) {
        try {
            return File.exists(path);
        } catch (e) {
            return false;
        }
    }

    /* This script's own path. Tiled 1.8 has no __filename, but names the file in an error's stack
     * ("@file:///.../fuzzyknights.js:15"; node: "(/.../fuzzyknights.js:15:9)"). */
    function scriptPath() {
        if (typeof __filename !== "undefined" && __filename) return __filename;
        let stack = "";
        try {
            throw new Error("where am I");
        } catch (e) {
            stack = String(e.stack || "");
        }
        const found = /(?:file:\/\/)?((?:\/[A-Za-z]:)?[^\s@()]*?\.js):\d+/.exec(stack);
        if (!found) return null;
        let path = found[1];
        try {
            path = decodeURIComponent(path);
        } catch (e) {
            // not percent-encoded: keep it as it is
        }
        return /^\/[A-Za-z]:/.test(path) ? path.substring(1) : path;   // file:///C:/... on Windows
    }

    const SCRIPT = scriptPath();

    /* The repository root: the folder holding tools/validate_map.py, above this script, the project or the map. */
    function projectRoot(map) {
        const starts = [];
        if (SCRIPT) starts.push(dirOf(SCRIPT));
        if (tiled.projectFilePath) starts.push(dirOf(tiled.projectFilePath));
        if (map && map.fileName) starts.push(dirOf(map.fileName));
        for (let dir of starts) {
            for (let depth = 0; depth < 6 && dir; depth++) {
                if (exists(dir + "/" + VALIDATOR)) return dir;
                const up = dirOf(dir);
                if (up === dir) break;
                dir = up;
            }
        }
        return null;
    }

    function launcher(root) {
        return root + (tiled.platform === "windows" ? "/tools/fk-python.cmd" : "/tools/fk-python");
    }

    /* The validator's JSON answer: {"maps": [{"path", "ok", "summary", "problems", "warnings"}]}. */
    function runValidator(root, fileName) {
        const process = new Process();
        process.workingDirectory = root;
        const code = process.exec(launcher(root), [VALIDATOR, "--json", fileName], false);
        const out = process.readStdOut();
        const err = process.readStdErr();
        process.close();
        try {
            if (code === 0 || code === 1) return JSON.parse(out);   // 1: the map has problems
        } catch (e) {
            // not the validator's JSON: the launcher or Python failed; its message is on stderr
        }
        throw new Error((err || out || "exit status " + code).trim());
    }

    function layersOf(container) {
        const found = [];
        for (let i = 0; i < container.layerCount; i++) {
            const layer = container.layerAt(i);
            found.push(layer);
            if (layer.isGroupLayer) found.push(...layersOf(layer));
        }
        return found;
    }

    function findObject(map, id) {
        for (const layer of layersOf(map)) {
            if (!layer.isObjectLayer) continue;
            for (const object of layer.objects) {
                if (object.id === id) return object;
            }
        }
        return null;
    }

    function showObject(map, id) {
        const object = findObject(map, id);
        if (!object) return;
        tiled.activeAsset = map;
        map.selectedObjects = [object];
        try {
            tiled.mapEditor.currentMapView.centerOn(object.x, object.y);
        } catch (e) {
            // no map view (Tiled older than 1.8 or no editor open): selecting is enough
        }
    }

    /* Maps whose problems are in the Issues panel. A script cannot take issues out of it (only its
     * Clear button does), so a map that is good again says so there, beside its old problems. */
    const hadProblems = new Set();

    function report(map, result) {
        const show = (issue) => (issue.object_id === null ? undefined : () => showObject(map, issue.object_id));
        for (const issue of result.problems) tiled.error("Fuzzy Knights: " + issue.message, show(issue));
        for (const issue of result.warnings) tiled.warn("Fuzzy Knights: " + issue.message, show(issue));
        if (!result.ok) {
            hadProblems.add(result.path);
            tiled.log("Fuzzy Knights: " + result.path + ": " + result.problems.length + " problem(s), " +
                      result.warnings.length + " warning(s)");
            return;
        }
        tiled.log("Fuzzy Knights: ok " + result.path + ": " + result.summary);
        if (hadProblems.delete(result.path)) {
            tiled.warn("Fuzzy Knights: " + result.path + " is good now; its problems listed above are from " +
                       "earlier checks (press Clear in the Issues panel to remove them)");
        }
    }

    function validate(map) {
        if (!map || !map.isTileMap || !map.fileName || !/\.tmx$/i.test(map.fileName)) return;
        const root = projectRoot(map);
        if (!root) {
            tiled.warn("Fuzzy Knights: cannot find " + VALIDATOR + " above this extension, the project or the map");
            return;
        }
        let answer;
        try {
            answer = runValidator(root, map.fileName);
        } catch (e) {
            const why = e.message.indexOf("maps/README.md") < 0 ? " (see maps/README.md, 'The launcher')" : "";
            tiled.error("Fuzzy Knights: the validator could not run: " + e.message + why);
            return;
        }
        for (const result of answer.maps) report(map, result);
    }

    const action = tiled.registerAction(ACTION, () => validate(tiled.activeAsset));
    action.text = "Validate Fuzzy Knights Map";
    action.shortcut = "Ctrl+Shift+V";
    tiled.extendMenu("Map", [{ separator: true }, { action: ACTION }]);
    tiled.assetSaved.connect(validate);
})();
