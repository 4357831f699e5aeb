"""The rules pages' markdown and house rules in HTML (the browser tests draw the diagrams)."""

from __future__ import annotations

from motley.core.spec import OptionSpec
from motley.web import pages, rulesdoc

PAGE = """# Zombie Chess

Captured pieces are **buried**, not *removed*.

## Setup

- one
  two
- three <b>
1. first step
2. second

::: diagram first
After the list.
::: diagram nowhere
"""


def test_markdown_subset_becomes_html() -> None:
    html = rulesdoc.page_to_html(PAGE, {"first": "<figure>F</figure>"})
    assert "Zombie Chess" not in html  # the page prints the title itself
    assert "<p>Captured pieces are <strong>buried</strong>, not <em>removed</em>.</p>" in html
    assert "<h2>Setup</h2>" in html
    assert "<ul><li>one two</li><li>three &lt;b&gt;</li></ul>" in html
    assert "<ol><li>first step</li><li>second</li></ol>" in html
    assert "<figure>F</figure>\n<p>After the list.</p>" in html
    assert "The diagram nowhere is missing." in html


def test_title_and_diagram_names_are_read_from_the_page() -> None:
    assert rulesdoc.page_title(PAGE) == "Zombie Chess"
    assert rulesdoc.diagram_names(PAGE) == ["first", "nowhere"]


def test_house_rules_show_labels_and_words_never_identifiers() -> None:
    options = (
        OptionSpec("rebury_zombies", True, "a zombie is buried again (true)", label="Rebury"),
        OptionSpec("remover", "next_mover", "who removes: 'next_mover' or 'other'",
                   choices=("next_mover", "other")),
    )
    html = pages.house_rules(options)
    assert "<dt>Rebury</dt>" in html and "Default: on" in html
    assert "<dt>Remover</dt>" in html and "Default: next mover; choices: next mover, other" in html
    assert "_" not in html and "(true)" not in html
    assert "no house rules" in pages.house_rules(())
