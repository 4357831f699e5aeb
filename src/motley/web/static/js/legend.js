// The legend under a board: what each mark on it now means, and the names of the pieces.
// Shared by the game page and the rules pages' diagrams.

import { clear, el, svg } from "./dom.js";
import { drawPiece } from "./pieces.js";

export function drawLegend(box, geometry, scene) {
  clear(box);
  const shown = new Set((scene.pieces || []).flatMap((p) => (p.marks || []).map((m) => m.key)));
  for (const mark of (geometry.legend || []).filter((m) => shown.has(m.key))) {
    box.append(
      el("div", { class: "legend-row" },
        svg("svg", { viewBox: "0 0 20 20", class: "legend-swatch" }, legendSwatch(mark)),
        el("span", {}, el("strong", { text: mark.label }), ` ${mark.meaning}`)),
    );
  }
  for (const [letter, name] of geometry.piece_names || []) {
    box.append(
      el("div", { class: "legend-row" },
        svg("svg", { viewBox: "0 0 100 100", class: "legend-swatch" }, drawPiece(letter, 0, !geometry.figures)),
        el("span", {}, el("strong", { text: letter }), ` ${name}`)),
    );
  }
  box.hidden = !box.childElementCount;
}

function legendSwatch(mark) {
  const c = mark.colour;
  switch (mark.style) {
    case "stack":
      return [svg("ellipse", { cx: 10, cy: 14, rx: 8, ry: 4, fill: c, stroke: "#222", "stroke-width": 0.8 }),
        svg("ellipse", { cx: 10, cy: 10, rx: 8, ry: 4, fill: c, stroke: "#222", "stroke-width": 0.8 })];
    case "token":
      return [svg("circle", { cx: 10, cy: 10, r: 8, fill: c }),
        svg("text", { x: 10, y: 11, class: "mark-letter", "font-size": 10, text: mark.letter || "" })];
    case "badge":
      return [svg("rect", { x: 2, y: 4, width: 16, height: 12, rx: 3, fill: c }),
        svg("text", { x: 10, y: 10.5, class: "mark-letter", "font-size": 9, text: mark.letter || "" })];
    case "tint":
      return svg("rect", { x: 1, y: 1, width: 18, height: 18, fill: c, opacity: 0.6, rx: 2 });
    case "halo":
      return svg("circle", { cx: 10, cy: 10, r: 7, fill: "none", stroke: c, "stroke-width": 2.5 });
    default:
      return svg("circle", { cx: 10, cy: 10, r: 7, fill: "none", stroke: c, "stroke-width": 1.5, "stroke-dasharray": "2 2" });
  }
}
