"""The Rules screen: the project's rulebook by mode, sections, scrolling, search, and rules opened from messages."""
import pygame
import pytest

from game.ui.app import App
from game.ui.menus import rulebook
from game.ui.menus.rules_screen import RulesScene, open_rule
from game.ui.menus.title import TitleScene
from uikit import click

BOOK = """# The book

Intro words.

## 1. Moving
- R-MOV-1 **Rolling.** Each hero rolls
  its own dice.
- R-MOV-2 **Paths.** See R-MOV-1 for the roll.

| switch | rule |
|---|---|
| `a` | R-MOV-1 |

## 11. Campaign
- R-CMP-1 **Four resources.** Coin, wood, food, stone.
"""


pytestmark = pytest.mark.usefixtures("no_hints")


@pytest.fixture
def app():
    app = App(headless=True)
    app.push(TitleScene())
    return app


def test_the_rulebook_parses_rules_with_ids_titles_and_continued_lines():
    sections = rulebook.parse(BOOK)
    assert [s.title for s in sections] == ["The book", "1. Moving", "11. Campaign"]
    first = sections[1].blocks[0]
    assert (first.rule_id, first.title, first.text) == ("R-MOV-1", "Rolling.", "Each hero rolls its own dice.")
    assert [b.text for b in sections[1].blocks[2:]] == ["switch — rule", "a — R-MOV-1"]   # table rows, marks dropped


def test_the_shipped_rulebook_has_every_section_and_rule_ids():
    sections = rulebook.load()
    ids = {b.rule_id for s in sections for b in s.blocks if b.rule_id}
    assert {"R-DICE-1", "R-MOV-6", "R-CITY-2", "R-CMP-1"} <= ids
    assert len(sections) >= 10


def test_normal_mode_leaves_out_the_campaign_section():
    sections = rulebook.parse(BOOK)
    assert "11. Campaign" not in [s.title for s in rulebook.for_mode(sections, "normal")]
    assert "11. Campaign" in [s.title for s in rulebook.for_mode(sections, "campaign")]


def test_search_finds_rules_by_words_and_by_id():
    sections = rulebook.parse(BOOK)
    assert rulebook.search(sections, "own dice") == [(1, 0)]
    assert rulebook.search(sections, "r-mov-2") == [(1, 1)]
    assert rulebook.search(sections, "nothing like this") == []


def test_the_title_screen_opens_the_rules_by_mouse(app):
    title = app.scene
    click(title, title.rules_button.rect.center)
    assert isinstance(app.scene, RulesScene) and app.scene.mode == "normal"
    app.frame(0.016)


def test_a_section_button_scrolls_and_the_wheel_scrolls(app):
    rules = RulesScene("normal")
    app.push(rules)
    app.frame(0.016)
    click(rules, rules.toc_buttons[5].rect.center)
    jumped = rules.scroll
    assert jumped > 0 and rules._section_on_top() == 5
    rules.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False))
    assert rules.scroll > jumped
    rules.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_HOME, mod=0, unicode=""))
    assert rules.scroll == 0


def test_typing_a_search_shows_only_matches_and_a_click_reads_one_in_place(app):
    rules = RulesScene("normal")
    app.push(rules)
    click(rules, rules.search_box.rect.center)
    rules.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="siege"))
    app.frame(0.016)
    assert rules.query == "siege"
    shown = {line.at for line in rules.lines if line.at}
    assert shown and all("siege" in (rules.sections[si].blocks[bi].text + rules.sections[si].blocks[bi].title).lower()
                         for si, bi in shown)
    hit = next(i for i, line in enumerate(rules.lines) if line.at)
    target = rules.lines[hit].at
    y = rules.text_rect.y + 12 + rules.tops[hit] - rules.scroll + 4
    click(rules, (rules.text_rect.x + 60, y))
    assert rules.query == "" and rules.lit == target
    assert rules.scroll > 0


@pytest.mark.rule("R-CMP-1")
def test_a_campaign_rule_switches_the_book_to_campaign(app):
    rules = RulesScene("normal", "R-CMP-1")
    app.push(rules)
    assert rules.mode == "campaign" and rules.lit is not None
    lit = rules.sections[rules.lit[0]].blocks[rules.lit[1]]
    assert lit.rule_id == "R-CMP-1"


@pytest.mark.rule("R-BLD-2")
def test_a_message_citing_a_rule_opens_that_rule(app):
    title = app.scene
    title.toast.show("You cannot found a City here (R-BLD-2)")
    app.frame(0.016)                                    # the toast is drawn: its place is known
    click(title, title.toast.rect.center)
    assert isinstance(app.scene, RulesScene)
    lit = app.scene.sections[app.scene.lit[0]].blocks[app.scene.lit[1]]
    assert lit.rule_id == "R-BLD-2"


@pytest.mark.rule("R-SET-5")
def test_right_click_on_a_control_whose_tip_cites_a_rule_opens_it(app):
    title = app.scene
    box = title.rule_boxes["starting_hero"]
    click(title, box.rect.center, button=3)
    assert isinstance(app.scene, RulesScene)
    lit = app.scene.sections[app.scene.lit[0]].blocks[app.scene.lit[1]]
    assert lit.rule_id == "R-SET-5"


def test_text_without_a_rule_opens_nothing(app):
    assert open_rule(app.scene, "Roll the hero's 🐎 first") is False
    assert isinstance(app.scene, TitleScene)


def test_a_missing_rulebook_says_where_it_looked(tmp_path):
    sections = rulebook.load(tmp_path / "nope.md")
    assert "nope.md" in sections[0].blocks[0].text


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
def test_every_line_and_section_button_fits_the_window(size):
    """Campaign costs are full of emoji icons: the text still wraps inside its page."""
    from game.ui.kit.rich_text import render
    app = App(size, headless=True)
    app.push(TitleScene())
    rules = RulesScene("campaign", "R-CMP-4")
    app.push(rules)
    app.frame(0.016)
    for line in rules.lines:
        width = render(line.text, line.size, line.colour, line.style).get_width()
        assert 18 + line.indent + width <= rules.text_rect.w - 14, line.text
    buttons = rules.toc_buttons
    assert all(a.rect.bottom <= b.rect.top for a, b in zip(buttons, buttons[1:]))
    assert buttons[-1].rect.bottom <= rules.back.rect.top and rules.panel.contains(rules.back.rect)


@pytest.mark.rule("R-MOV-1")
def test_a_click_on_a_rule_that_names_another_goes_to_that_rule(app):
    rules = RulesScene("normal", sections=rulebook.parse(BOOK))
    app.push(rules)
    app.frame(0.016)
    index = next(i for i, line in enumerate(rules.lines) if "See R-MOV-1" in line.text)
    y = rules.text_rect.y + 12 + rules.tops[index] - rules.scroll + 4
    click(rules, (rules.text_rect.x + 60, y))
    si, bi = rules.lit
    assert rules.sections[si].blocks[bi].rule_id == "R-MOV-1"
