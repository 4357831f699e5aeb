"""A game's rules as HTML: its own rules page, or else its docstring.

A game's rules page (`Rules.rules_page`) is a small markdown written for players: `# Title`,
`## Section`, paragraphs, `- ` lists, `**bold**`, `*italic*` and `::: diagram <name>` lines
that place the game's named diagrams. Games without one fall back on their description
(`Rules.description`, by default their docstrings): paragraphs, bulleted lists (`* ` or `- `
with indented continuation lines) and `code`.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping

_CODE = re.compile(r"`([^`]+)`")
_BULLET = re.compile(r"^\s*[*-]\s+")


def inline(text: str) -> str:
    """Escape `text` and turn `code` spans into <code>."""
    return _CODE.sub(lambda m: f"<code>{m.group(1)}</code>", html.escape(text, quote=False))


def to_html(text: str) -> str:
    """Paragraphs and bulleted lists from plain docstring text."""
    out: list[str] = []
    paragraph: list[str] = []
    items: list[list[str]] = []

    def flush_paragraph() -> None:
        if paragraph:
            out.append(f"<p>{inline(' '.join(paragraph))}</p>")
            paragraph.clear()

    def flush_items() -> None:
        if items:
            lis = "".join(f"<li>{inline(' '.join(item))}</li>" for item in items)
            out.append(f"<ul>{lis}</ul>")
            items.clear()

    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            flush_paragraph()
            flush_items()
        elif _BULLET.match(raw):
            flush_paragraph()
            items.append([_BULLET.sub("", raw).strip()])
        elif items and raw.startswith((" ", "\t")):
            items[-1].append(line)  # a bullet continues on an indented line
        else:
            flush_items()
            paragraph.append(line)
    flush_paragraph()
    flush_items()
    return "\n".join(out)


# -- a game's own rules page ----------------------------------------------------------------------

_HEADING = re.compile(r"^(#{1,2})\s+(.*)$")
_DIAGRAM = re.compile(r"^:::\s*diagram\s+(\S+)\s*$")
_PAGE_BULLET = re.compile(r"^-\s+")
_PAGE_NUMBERED = re.compile(r"^\d+\.\s+")
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])")


def emphasis(text: str) -> str:
    """Escape `text` and turn `**bold**` and `*italic*` into <strong> and <em>."""
    escaped = html.escape(text, quote=False)
    escaped = _BOLD.sub(lambda m: f"<strong>{m.group(1)}</strong>", escaped)
    return _ITALIC.sub(lambda m: f"<em>{m.group(1)}</em>", escaped)


def page_title(text: str) -> str:
    """The page's `# Title`, or ""."""
    for line in text.splitlines():
        found = _HEADING.match(line.strip())
        if found and found.group(1) == "#":
            return found.group(2).strip()
    return ""


def diagram_names(text: str) -> list[str]:
    """The names of the diagrams the page places, in order."""
    return [m.group(1) for line in text.splitlines() if (m := _DIAGRAM.match(line.strip()))]


def _list_item(line: str) -> re.Match[str] | None:
    return _PAGE_BULLET.match(line) or _PAGE_NUMBERED.match(line)


def page_to_html(text: str, figures: Mapping[str, str]) -> str:
    """A rules page's markdown as HTML, its `# Title` left out (the page prints it).

    The subset: `## Section`, paragraphs, `- ` and `1. ` lists (indented lines continue an item),
    `**bold**`, `*italic*`, and `::: diagram <name>` lines replaced by `figures[name]`.
    """
    out: list[str] = []
    paragraph: list[str] = []
    items: list[list[str]] = []
    numbered = False  # the list being read is `1. ` steps, not `- ` bullets

    def flush() -> None:
        if paragraph:
            out.append(f"<p>{emphasis(' '.join(paragraph))}</p>")
            paragraph.clear()
        if items:
            tag = "ol" if numbered else "ul"
            lis = "".join(f"<li>{emphasis(' '.join(item))}</li>" for item in items)
            out.append(f"<{tag}>{lis}</{tag}>")
            items.clear()

    for raw in text.splitlines():
        line = raw.strip()
        heading = _HEADING.match(line)
        diagram = _DIAGRAM.match(line)
        if not line:
            flush()
        elif heading:
            flush()
            if heading.group(1) == "##":
                out.append(f"<h2>{emphasis(heading.group(2).strip())}</h2>")
        elif diagram:
            flush()
            name = diagram.group(1)
            missing = f'<p class="warning">The diagram {html.escape(name)} is missing.</p>'
            out.append(figures.get(name, missing))
        elif bullet := (None if raw[:1].isspace() else _list_item(line)):
            kind = bullet.re is _PAGE_NUMBERED
            if paragraph or (items and kind != numbered):
                flush()
            numbered = kind
            items.append([line[bullet.end() :]])
        elif items and raw[:1].isspace():
            items[-1].append(line)  # an indented line continues the item
        else:
            if items:
                flush()
            paragraph.append(line)
    flush()
    return "\n".join(out)
