"""Starting the board screen from the new-game options: the map, then the engine's setup."""
from __future__ import annotations

from game.board import Board
from game.ui.menus.options import NewGameOptions
from game.ui.kit.scene import Scene


def load_board(options: NewGameOptions) -> Board:
    """The options' map; raises game.maps.MapError for a broken one."""
    if options.map_path is None:
        from game.ui.menus.demo_boards import demo_board
        return demo_board(32, 24, "square", seed=options.seed % 1000)
    from game.maps import load_map
    return load_map(options.map_path)


def make_board_scene(options: NewGameOptions, board: Board | None = None) -> Scene:
    if board is None:
        try:
            board = load_board(options)
        except (ValueError, OSError) as error:   # MapError, an unreadable file
            from game.ui.menus.map_error import MapErrorScene
            return MapErrorScene(str(options.map_path), list(getattr(error, "problems", [str(error)])))
    from game.engine import IllegalAction, RulesError
    from game.ui.session import GameSession
    try:
        session = GameSession.start(options, board)
    except RulesError as error:                              # a playtester's rules file (--rules)
        from game.ui.menus.map_error import MapErrorScene
        return MapErrorScene(str(options.rules_file or options.mode), error.problems,
                             heading="These rules cannot be used")
    except (IllegalAction, ValueError, OSError) as error:   # refused setup
        from game.ui.menus.map_error import MapErrorScene
        return MapErrorScene(board.title, [f"The game cannot start: {error}"])
    from game.ui.board.scene import GameScene
    return GameScene(session)
