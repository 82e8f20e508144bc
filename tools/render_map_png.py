"""Render a map (terrain layers and tokens) to a PNG, to look at maps and art without the game.

    python tools/render_map_png.py maps/meadow.tmx out.png [--scale 0.5]
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.cli import map_argument, run_tool  # noqa: E402

# pygame and the maps (numpy) load after the arguments are read: --help and a bad argument answer without them.
if TYPE_CHECKING:
    import pygame

MAX_SCALE = 4.0
MAX_OUTPUT_SIDE = 16384   # pixels


def token_image(kind: str, tier: str | None, owner: int, seat: int | None) -> Path:
    from game.maps import ASSETS_DIR
    if kind == "city":
        return ASSETS_DIR / "tokens" / f"city_{tier}_{owner}.png"
    if kind == "mine":
        return ASSETS_DIR / "tokens" / f"mine_{owner}.png"
    if kind == "start":
        return ASSETS_DIR / "tokens" / f"start_{seat or 0}.png"
    return ASSETS_DIR / "tokens" / f"{kind}.png"


def render(board, scale: float = 1.0) -> pygame.Surface:
    import pygame
    from game.maps import Grid
    grid = Grid.of(board)
    surf = pygame.Surface(grid.pixel_size(), pygame.SRCALPHA)
    surf.fill((30, 34, 40))
    sheets: dict[str, pygame.Surface] = {}
    for layer in board.layers:
        for cell in board.topology.cells():
            gid = int(layer[cell[1], cell[0]])
            if not gid:
                continue
            info = board.tiles[gid]
            sheet = sheets.get(info.image)
            if sheet is None:                 # each sheet read once (setdefault read it again for every tile)
                sheet = sheets[info.image] = pygame.image.load(info.image)
            x, y = grid.cell_origin(cell)
            # Tiled anchors tile images at the bottom-left of the cell
            surf.blit(sheet, (x, y + board.tile_height - info.rect[3]), info.rect)
    stacked: dict[tuple[int, int], int] = {}
    for token in board.tokens:
        img = pygame.image.load(token_image(token.kind, token.tier, token.owner, token.seat))
        size = int(min(board.tile_width, board.tile_height) * 0.85)
        img = pygame.transform.smoothscale(img, (size, size))
        cx, cy = grid.cell_center(token.cell)
        n = stacked.get(token.cell, 0)
        stacked[token.cell] = n + 1
        surf.blit(img, (cx - size / 2 + 6 * n, cy - size / 2 - 4 * n))
    if scale != 1.0:
        w, h = surf.get_size()
        surf = pygame.transform.smoothscale(surf, (int(w * scale), int(h * scale)))
    return surf


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="render_map_png.py", description=__doc__.splitlines()[0])
    parser.add_argument("map", metavar="MAP.tmx")
    parser.add_argument("png", metavar="OUT.png")
    parser.add_argument("--scale", type=float, default=1.0, help=f"0 < SCALE <= {MAX_SCALE} (default 1)")
    args = parser.parse_args(argv)
    args.map = str(map_argument(args.map, parser, "MAP.tmx"))
    if not 0 < args.scale <= MAX_SCALE:      # also refuses nan
        parser.error(f"--scale must be above 0 and at most {MAX_SCALE}")
    if not args.png.lower().endswith(".png"):
        parser.error("OUT.png must end in .png")
    out = Path(args.png)
    if out.is_dir() or not out.resolve().parent.is_dir():
        print(f"render_map_png.py: cannot write {out}: it is a folder or its folder does not exist",
              file=sys.stderr)
        return 1
    from game.maps import Grid, MapError, load_map
    try:
        board = load_map(args.map)
    except MapError as e:
        print("render_map_png.py: cannot use the map:\n  " + "\n  ".join(e.problems), file=sys.stderr)
        return 1
    width, height = (side * args.scale for side in Grid.of(board).pixel_size())
    if max(width, height) > MAX_OUTPUT_SIDE:
        print(f"render_map_png.py: the image would be {width:.0f}x{height:.0f} pixels, over {MAX_OUTPUT_SIDE}; "
              "use a smaller --scale", file=sys.stderr)
        return 1
    import pygame
    pygame.init()
    try:
        pygame.image.save(render(board, args.scale), args.png)
    except (pygame.error, OSError) as e:
        print(f"render_map_png.py: cannot write {out}: {e}", file=sys.stderr)
        return 1
    print(f"wrote {args.png}")
    return 0


if __name__ == "__main__":
    sys.exit(run_tool(main))
