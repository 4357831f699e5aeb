"""The HTML pages: the lobby and game shells (filled in by their scripts) and the rules pages.

Rules pages are complete on the server: the game's header, its docstring turned into HTML,
its house rules with their defaults, and how this site plays it.
"""

from __future__ import annotations

import html
from typing import Any

from motley.core import registry
from motley.core.spec import GameSpec, OptionSpec, Trait
from motley.web import diagrams, rulesdoc, words

TRAIT_WORDS = {
    Trait.CHANCE: "dice or cards",
    Trait.HIDDEN: "hidden information",
    Trait.SIMULTANEOUS: "simultaneous moves",
    Trait.COOPERATIVE: "cooperative",
    Trait.TEAMS: "teams",
    Trait.PUZZLE: "puzzle",
}


def layout(title: str, body: str, script: str = "", data: dict[str, str] | None = None) -> str:
    attrs = "".join(f' data-{k}="{html.escape(v)}"' for k, v in (data or {}).items())
    module = f'<script type="module" src="/static/js/{script}"></script>' if script else ""
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)} · Motley</title>
<link rel="stylesheet" href="/static/app.css">
<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
</head>
<body{attrs}>
<header class="top">
  <a class="brand" href="/"><img src="/static/favicon.svg" alt="" width="26" height="26">Motley</a>
  <nav><a href="/">Play</a><a href="/rules">Rules</a></nav>
</header>
<main>
{body}
</main>
<footer class="bottom">Motley: one engine for unusual chess variants.</footer>
{module}
</body>
</html>
"""


def lobby_page() -> str:
    body = """
<section class="lobby">
  <div class="panel new-game">
    <h1>New game</h1>
    <div id="catalog" class="catalog" aria-label="Games"></div>
    <form id="setup" class="setup" hidden></form>
  </div>
  <div class="panel lists">
    <h2>Your games</h2>
    <ul id="mine" class="game-list"><li class="empty">None yet.</li></ul>
    <h2>Open games to join</h2>
    <ul id="open" class="game-list"><li class="empty">Loading…</li></ul>
    <h2>Games being played</h2>
    <ul id="running" class="game-list"><li class="empty">Loading…</li></ul>
    <h2>Finished lately</h2>
    <ul id="finished" class="game-list"><li class="empty">Loading…</li></ul>
  </div>
</section>
"""
    return layout("Play", body, "lobby.js")


def game_page(game_id: str, title: str, table: bool = False) -> str:
    """The game shell; `table` makes it a phone's seat page at a real board (table.py)."""
    body = """
<section class="game" id="game">
  <div class="board-column">
    <div class="turn-bar">
      <p id="prompt" class="prompt" aria-live="polite"></p>
      <div id="buttons" class="action-buttons"></div>
    </div>
    <section id="result-panel" class="result-panel panel" aria-live="polite" hidden></section>
    <div class="seat-bar top-seat" id="seat-top"></div>
    <div id="table-top" class="table-items"></div>
    <div class="board-wrap" id="board-wrap">
      <svg id="board" class="board" role="img" aria-label="Game board"></svg>
      <div id="chooser" class="chooser" hidden></div>
    </div>
    <div class="seat-bar bottom-seat" id="seat-bottom"></div>
    <form id="move-box" class="move-box" autocomplete="off" hidden>
      <label for="move-input">Type a move</label>
      <input id="move-input" type="text" placeholder="your move" spellcheck="false"
        autocapitalize="off" enterkeyhint="go" aria-describedby="move-note">
      <button type="submit">Play</button>
      <p id="move-note" class="move-note" role="status"></p>
    </form>
    <p id="announce" class="visually-hidden" aria-live="polite"></p>
    <div id="table-bottom" class="table-items"></div>
    <div id="legend" class="legend" hidden></div>
  </div>
  <aside class="side">
    <div class="panel status-panel">
      <h1 id="title"></h1>
      <p id="status" class="status" aria-live="polite"></p>
      <div id="extras" class="extras"></div>
      <div id="offer" class="offer" hidden></div>
      <div id="invites" class="invites" hidden></div>
      <p id="error" class="error" role="alert" hidden></p>
    </div>
    <div class="panel moves-panel">
      <div class="moves-head">
        <h2>Moves</h2>
        <div class="nav-buttons">
          <button type="button" id="first" title="Start (Home)">«</button>
          <button type="button" id="prev" title="Back (←)">‹</button>
          <button type="button" id="next" title="Forward (→)">›</button>
          <button type="button" id="last" title="Now (End)">»</button>
        </div>
      </div>
      <ol id="moves" class="moves"></ol>
    </div>
    <div class="panel tools">
      <button type="button" id="flip">Flip board</button>
      <button type="button" id="undo" hidden>Take back</button>
      <button type="button" id="draw" hidden>Offer draw</button>
      <button type="button" id="resign" hidden>Resign</button>
      <button type="button" id="mute" aria-pressed="false">Sound on</button>
      <span class="downloads">
        <a id="json" download>Record (JSON)</a>
        <a id="pgn" download hidden>PGN</a>
        <a id="rules" target="_blank">Rules</a>
      </span>
    </div>
    <details class="panel details" id="details-panel" hidden>
      <summary>Table in text</summary>
      <pre id="details"></pre>
    </details>
    <div class="panel fairness" id="fairness" hidden>
      <p>Seed hash: <code id="seed-hash"></code></p>
      <p id="seed-line" hidden>Seed: <code id="seed"></code></p>
    </div>
  </aside>
  <div id="curtain" class="curtain" hidden>
    <div class="curtain-card">
      <p class="curtain-title" id="curtain-title"></p>
      <p>Everything on this screen stays hidden until the right player is at the device.</p>
      <button type="button" id="curtain-go"></button>
    </div>
  </div>
</section>
"""
    data = {"game": game_id, **({"table": "seat"} if table else {})}
    return layout(title, body, "game.js", data)


def message_page(title: str, message: str, status_word: str = "") -> str:
    body = f"""
<section class="panel message">
  <h1>{html.escape(title)}</h1>
  <p>{html.escape(message)}</p>
  <p><a href="/">Back to the lobby</a></p>
</section>
"""
    return layout(status_word or title, body)


def rules_index() -> str:
    items = "".join(
        f'<li><a href="/rules/{html.escape(s.id)}">{html.escape(s.title)}</a>'
        f' <span class="muted">{html.escape(s.summary)}</span></li>'
        for s in registry.specs()
    )
    body = (
        f'<section class="panel prose"><h1>Rules</h1><ul class="rules-list">{items}</ul></section>'
    )
    return layout("Rules", body)


def rules_page(game_id: str) -> str:
    rules_class = registry.rules_class(game_id)
    spec = rules_class.spec
    rules = rules_class()
    page = rules.rules_page()
    badges = "".join(f'<span class="badge">{html.escape(w)}</span>' for w in _traits(spec))
    provisional = ""
    if spec.provisional:
        note = rulesdoc.inline(spec.provisional)
        provisional = f'<p class="warning"><strong>Provisional.</strong> {note}</p>'
    seats = ", ".join(html.escape(spec.seat_name(s)) for s in range(spec.players))
    game = html.escape(spec.id)
    title = html.escape(rulesdoc.page_title(page) or spec.title)
    if page.strip():  # the game's own page for players, with its diagrams
        text = rulesdoc.page_to_html(page, diagrams.figures(rules))
        lead, source = "", ""
    else:
        text = f"<h2>The game</h2>\n{rulesdoc.to_html(rules.description())}"
        lead = f'<p class="lead">{html.escape(spec.summary)}</p>'
        seed = html.escape(spec.seed)
        source = f'<p class="muted">Source: {seed}. Rules version {spec.version}.</p>'
    body = f"""
<article class="panel prose rules">
  <p class="crumbs"><a href="/rules">Rules</a> / {html.escape(spec.title)}</p>
  <h1>{title}</h1>
  {lead}
  <p>{badges} <span class="badge">{spec.players} players: {seats}</span></p>
  {provisional}
  <p><a class="button primary" href="/?game={game}">Play {html.escape(spec.title)}</a></p>
  {text}
  {source}
  <h2>House rules</h2>
  {house_rules(spec.options)}
  <h2>Playing here</h2>
  {_site_notes(spec)}
</article>
"""
    return layout(f"{spec.title} rules", body, "rules.js" if page.strip() else "")


def _traits(spec: GameSpec) -> list[str]:
    words = [TRAIT_WORDS[t] for t in sorted(spec.traits, key=lambda t: t.value) if t in TRAIT_WORDS]
    return words or ["perfect information"]


def house_rules(options: tuple[OptionSpec, ...]) -> str:
    """Each house rule in words: its label, what it does, its default and its choices."""
    if not options:
        return "<p>This game has no house rules to set.</p>"
    rows = []
    for option in options:
        default = words.value(option.default) if option.default != "" else "none"
        choices = ", ".join(words.value(c) for c in option.choices)
        allowed = f"; choices: {html.escape(choices)}" if choices else ""
        rows.append(
            f"<dt>{html.escape(option.label)}</dt>"
            f"<dd>{html.escape(words.description(option))}"
            f'<br><span class="muted">Default: {html.escape(default)}{allowed}</span></dd>'
        )
    return f'<dl class="house-rules">{"".join(rows)}</dl>'


def _value_text(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if value == "":
        return "(empty)"
    return str(value)


def _site_notes(spec: GameSpec) -> str:
    notes = [
        "Pick a piece and then its destination, or drag it; the cells it may reach are marked. "
        "Actions that are not moves (rolls, cards, passing, setup choices) appear as buttons.",
        "The move list steps back and forth through the game; the arrow keys do the same.",
    ]
    if Trait.CHANCE in spec.traits:
        notes.append(
            "The server rolls every die and deals every card. When a game starts you see the "
            "hash (SHA-256) of its secret seed; when it ends the seed is shown, and chance "
            "outcome number n (counting from 0) is the one Motley's driver picks with "
            "Python's random.Random seeded with the text \u201cseed/chance/n\u201d, so anyone "
            "can check every roll."
        )
    if Trait.HIDDEN in spec.traits or Trait.SIMULTANEOUS in spec.traits:
        notes.append(
            "Each player sees only what their seat may see. Playing on one device, a screen "
            "asks you to pass it on before each player's turn and hides the board meanwhile."
        )
    items = "".join(f"<li>{html.escape(n)}</li>" for n in notes)
    return f"<ul>{items}</ul>"
