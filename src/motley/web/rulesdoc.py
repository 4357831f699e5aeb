"""A game's rules as HTML, from its own docstring and its header.

Game modules open with a docstring that names the seed text, summarises the rules and lists
every reading chosen where the text is open. This turns that plain text into HTML:
paragraphs, bulleted lists (`* ` or `- ` with indented continuation lines) and `code`.
"""

from __future__ import annotations

import html
import re
import sys
from typing import Any

from motley.core.rules import Rules

_CODE = re.compile(r"`([^`]+)`")
_BULLET = re.compile(r"^\s*[*-]\s+")


def docstring_of(rules_class: type[Rules[Any, Any]]) -> str:
    """The game's description: its package's and module's docstrings, then the class's own."""
    parts: list[str] = []
    module_name = rules_class.__module__
    names = [module_name]
    if module_name.count(".") >= 3:  # a game written as a package: its __init__ speaks first
        names.insert(0, module_name.rsplit(".", 1)[0])
    for name in names:
        module = sys.modules.get(name)
        doc = (module.__doc__ or "").strip() if module else ""
        if doc and doc not in parts:
            parts.append(doc)
    own = rules_class.__dict__.get("__doc__")
    if isinstance(own, str) and own.strip() and own.strip() not in parts:
        parts.append(own.strip())
    return "\n\n".join(_dedent(p) for p in parts)


def _dedent(text: str) -> str:
    lines = text.splitlines()
    indents = [len(line) - len(line.lstrip()) for line in lines[1:] if line.strip()]
    cut = min(indents, default=0)
    return "\n".join([lines[0].strip(), *(line[cut:] for line in lines[1:])])


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
