// A rules page's diagrams: each <figure data-diagram> carries the game's layout and the scene
// of one position; it is drawn by the game page's own board, read-only (no moves, no focus),
// with what lies around the board and a legend of the marks shown.

import { Board } from "./board.js";
import { drawItem } from "./items.js";
import { drawLegend } from "./legend.js";

function drawDiagram(figure) {
  const data = JSON.parse(figure.querySelector("script.diagram-data").textContent);
  const node = figure.querySelector("svg.diagram-board");
  if (!data.layout) {
    node.remove(); // a game without a board: its table items say everything
  } else {
    const board = new Board(node, data.layout, { onAction: () => false, onChoose: () => {}, seatNames: data.seat_names });
    // a picture, not a control: out of the tab order, read as an image with its caption
    node.removeAttribute("tabindex");
    node.removeAttribute("aria-roledescription");
    node.setAttribute("role", "img");
    node.setAttribute("aria-label", data.caption);
    board.flipped = data.flipped;
    const highlight = data.highlight.length ? data.highlight : data.scene.highlight || [];
    board.show({ ...data.scene, last: [], highlight }, null);
    drawLegend(figure.querySelector(".diagram-legend"), data.layout, data.scene);
  }
  const items = figure.querySelector(".diagram-items");
  for (const item of data.scene.items || []) {
    items.append(drawItem(item, { pick: () => null, seatNames: data.seat_names }));
  }
  figure.dataset.drawn = "true";
}

for (const figure of document.querySelectorAll("figure[data-diagram]")) drawDiagram(figure);
