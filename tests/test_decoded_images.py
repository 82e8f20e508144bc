"""game.ui.kit.decoded: a big picture is decoded once per machine, and a changed file is never shown stale."""
import shutil

import pygame
import pytest

from game import resources
from game.ui.kit import decoded


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache" / "fuzzyknights" / "images"


def pixels(surface):
    return surface.get_size(), pygame.image.tobytes(surface, "RGBA")


@pytest.mark.parametrize("path", [resources.assets_dir() / "terrain_hex_flat.png",       # RGBA
                                  resources.textures_dir() / "wood.png"])               # RGB
def test_the_copy_has_the_pictures_pixels(cache, path):
    first = decoded.load(path)
    (copy,) = cache.iterdir()
    assert copy.name.startswith(f"{path.stem}-{path.stat().st_size}-") and copy.suffix == ".bmp"
    again = decoded.load(path)
    assert pixels(first) == pixels(again) == pixels(pygame.image.load(str(path)))
    assert again.get_bitsize() == pygame.image.load(str(path)).get_bitsize()


def test_a_changed_file_is_decoded_again_and_its_old_copy_deleted(cache, tmp_path):
    path = tmp_path / "tiles.png"
    pygame.image.save(pygame.Surface((4, 4)), str(path))
    decoded.load(path)
    red = pygame.Surface((4, 4))
    red.fill((200, 10, 10))
    pygame.image.save(red, str(path))
    assert tuple(decoded.load(path).get_at((1, 1)))[:3] == (200, 10, 10)
    assert len(list(cache.iterdir())) == 1


def test_a_damaged_copy_is_made_again(cache):
    path = resources.textures_dir() / "vignette.png"
    decoded.load(path)
    (copy,) = cache.iterdir()
    copy.write_bytes(b"BM broken")
    assert pixels(decoded.load(path)) == pixels(pygame.image.load(str(path)))
    assert copy.read_bytes()[:2] == b"BM" and copy.stat().st_size > 100


def test_a_cache_that_cannot_be_written_still_loads(tmp_path, monkeypatch):
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    path = resources.textures_dir() / "vignette.png"
    assert pixels(decoded.load(path)) == pixels(pygame.image.load(str(path)))


def test_a_missing_or_broken_file_raises_as_pygame_does(cache, tmp_path):
    with pytest.raises(FileNotFoundError):
        decoded.load(tmp_path / "missing.png")
    broken = tmp_path / "broken.png"
    shutil.copy(resources.textures_dir() / "vignette.png", broken)
    broken.write_bytes(broken.read_bytes()[:40])
    with pytest.raises(pygame.error):
        decoded.load(broken)
    assert not cache.exists() or not list(cache.iterdir())
