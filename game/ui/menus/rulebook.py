"""The project's rulebook (``docs/RULES.md``) as sections of rules and paragraphs, for the Rules screen.

No pygame here: parsing, the mode filter, search and rule-ID lookup.  A rule
is a list item starting with its ID (``- R-MOV-3 …``); its indented lines
continue it.  Markdown marks are dropped (``**bold**``, ``*italic*``, code
ticks); table rows become ``a — b — c`` lines.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from game import resources

RULEBOOK = resources.rules_doc()   # bundled in an installed game (game.resources)
RULE_ID = re.compile(r"\bR-[A-Z]+-\d+\b")
_NAMED = re.compile(r"^R-[A-Z]+-\d+\s+\*\*(.+?)\*\*\s*(.*)$")
_ITEM = re.compile(r"^[-*]\s+(R-[A-Z]+-\d+)\s*(.*)$")
_MARKS = [(re.compile(r"\*\*(.+?)\*\*"), r"\1"), (re.compile(r"(?<![\w*])\*(\S.*?)\*(?![\w*])"), r"\1"),
          (re.compile(r"`([^`]*)`"), r"\1")]


@dataclass
class Block:
    text: str
    rule_id: str | None = None      # set for a rule
    title: str = ""                 # a rule's bold name ("Players.")


@dataclass
class Section:
    title: str
    level: int
    blocks: list[Block] = field(default_factory=list)

    @property
    def campaign_only(self) -> bool:
        return self.level >= 2 and re.sub(r"^[\d.\s]+", "", self.title).lower().startswith("campaign")


def plain(markdown: str) -> str:
    for pattern, repl in _MARKS:
        markdown = pattern.sub(repl, markdown)
    return markdown


def parse(text: str) -> list[Section]:
    sections = [Section("Introduction", 1)]
    current: list[str] | None = None          # lines of the block being read
    rule_id: str | None = None

    def flush() -> None:
        nonlocal current, rule_id
        if current:
            raw = " ".join(current)
            named = _NAMED.match(raw) if rule_id else None
            if named:
                sections[-1].blocks.append(Block(plain(named.group(2)), rule_id, plain(named.group(1))))
            else:
                sections[-1].blocks.append(Block(plain(raw), rule_id))
        current, rule_id = None, None

    for raw in text.splitlines():
        line = raw.rstrip()
        stripped = line.strip()
        if stripped.startswith("#"):
            flush()
            level = len(stripped) - len(stripped.lstrip("#"))
            title = plain(stripped.lstrip("#").strip())
            if level == 1 and not sections[-1].blocks and len(sections) == 1:
                sections[0] = Section(title, 1)
            else:
                sections.append(Section(title, level))
            continue
        if not stripped:
            flush()
            continue
        if stripped.startswith("|"):
            flush()
            cells = [c.strip() for c in stripped.strip("|").split("|")]
            if not all(set(c) <= set("-: ") for c in cells):
                sections[-1].blocks.append(Block(plain(" — ".join(c for c in cells if c))))
            continue
        item = _ITEM.match(stripped)
        if item:
            flush()
            current, rule_id = [item.group(1) + " " + item.group(2)], item.group(1)
        elif stripped[:2] in ("- ", "* ") and not line.startswith(" "):
            flush()
            current = ["• " + stripped[2:]]
        elif current is not None:
            current.append(stripped)
        else:
            current = [stripped]
    flush()
    return [s for s in sections if s.blocks or s.level == 1]


def load(path: str | Path | None = None) -> list[Section]:
    path = Path(path) if path is not None else RULEBOOK
    try:
        return parse(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        return [Section("The rulebook is missing", 1,
                        [Block(f"The game reads its rulebook from {path}, which cannot be read ({exc}). "
                               "Reinstall the game or restore docs/RULES.md.")])]


def for_mode(sections: list[Section], mode: str) -> list[Section]:
    """Normal leaves out the Campaign section; Campaign shows the whole book."""
    if mode == "campaign":
        return list(sections)
    return [s for s in sections if not s.campaign_only]


def search(sections: list[Section], query: str) -> list[tuple[int, int]]:
    """(section index, block index) of every block holding all the words of ``query``."""
    words = query.lower().split()
    if not words:
        return []
    return [(si, bi) for si, section in enumerate(sections) for bi, block in enumerate(section.blocks)
            if all(w in f"{section.title} {block.rule_id or ''} {block.title} {block.text}".lower() for w in words)]


def find_rule(sections: list[Section], rule_id: str) -> tuple[int, int] | None:
    for si, section in enumerate(sections):
        for bi, block in enumerate(section.blocks):
            if block.rule_id == rule_id:
                return si, bi
    return None


def cited_rule(text: str | None) -> str | None:
    """The first rule ID a message or tooltip cites, e.g. ``R-BLD-2``."""
    match = RULE_ID.search(text or "")
    return match.group(0) if match else None
