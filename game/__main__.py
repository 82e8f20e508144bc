"""Entry point: ``python -m game``."""
import sys


def main(argv: list[str] | None = None) -> int:
    from game.startup import hold_collection, release_collection
    hold_collection()             # until the first frame is up (game.startup)
    try:
        from game.cli import run
        return run(sys.argv[1:] if argv is None else argv)
    finally:
        release_collection()


if __name__ == "__main__":
    sys.exit(main())
