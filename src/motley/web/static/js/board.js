// The board: any geometry drawn as SVG from its cells, with moves by click-click and by drag.
//
// Cells come in board units with y pointing up; the board turns them so the first seat sits
// at the bottom (or the second, when flipped). Actions arrive already sorted by the server
// into moves (origin, target, text), cell clicks (cell, text) and buttons.

import { clear, svg } from "./dom.js";
import { drawPiece } from "./pieces.js";

const DRAG_THRESHOLD = 4; // pixels the pointer must travel before a press becomes a drag

export class Board {
  constructor(svgElement, geometry, { onAction, onChoose }) {
    this.svg = svgElement;
    this.geometry = geometry;
    this.onAction = onAction; // (text) => void
    this.onChoose = onChoose; // (texts, x, y) => void: several actions share one gesture
    this.flipped = false;
    this.frame = null;
    this.actions = null;
    this.selected = null;
    this.drag = null;
    this.radius = inscribedRadius(geometry.cells[0]);
    this.svg.addEventListener("pointerdown", (e) => this.pointerDown(e));
    this.svg.addEventListener("pointermove", (e) => this.pointerMove(e));
    this.svg.addEventListener("pointerup", (e) => this.pointerUp(e));
    this.svg.addEventListener("pointercancel", () => this.cancelDrag());
  }

  // -- drawing --------------------------------------------------------------------------------

  point([x, y]) {
    return this.flipped ? [-x, y] : [x, -y];
  }

  show(frame, actions) {
    this.frame = frame;
    this.actions = actions ? indexActions(actions) : null;
    if (this.selected !== null && !(this.actions && this.actions.byOrigin.has(this.selected))) {
      this.selected = null;
    }
    this.draw();
  }

  setFlipped(flipped) {
    this.flipped = flipped;
    this.draw();
  }

  draw() {
    const g = this.geometry;
    const root = clear(this.svg);
    const points = g.cells.flatMap((c) => c.corners.map((p) => this.point(p)));
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    const pad = this.radius * 0.15;
    const [x0, y0] = [Math.min(...xs) - pad, Math.min(...ys) - pad];
    const [w, h] = [Math.max(...xs) - x0 + pad, Math.max(...ys) - y0 + pad];
    root.setAttribute("viewBox", `${x0} ${y0} ${w} ${h}`);
    root.classList.toggle("interactive", Boolean(this.actions));

    const frame = this.frame || { pieces: [], last: [], check: [] };
    const occupied = new Map((frame.pieces || []).map((p) => [p.cell, p]));
    const last = new Set(frame.last || []);
    const check = new Set(frame.check || []);
    const targets = this.targetsOf(this.selected);
    const cellTargets = this.actions ? this.actions.byCell : new Map();
    const origins = this.actions ? this.actions.byOrigin : new Map();

    const cells = svg("g", { class: "cells" });
    const marks = svg("g", { class: "marks" });
    const labels = svg("g", { class: "labels" });
    const pieces = svg("g", { class: "pieces" });
    const bottoms = this.edges();

    g.cells.forEach((cell, index) => {
      const corners = cell.corners.map((p) => this.point(p).join(",")).join(" ");
      const classes = ["cell"];
      if (last.has(index)) classes.push("last");
      if (index === this.selected) classes.push("selected");
      if (origins.has(index)) classes.push("origin");
      cells.append(
        svg("polygon", {
          points: corners,
          fill: g.palette[cell.shade % g.palette.length],
          class: classes.join(" "),
          "data-cell": index,
          "data-name": cell.name,
        }),
      );
      if (last.has(index) || index === this.selected) {
        marks.append(svg("polygon", { points: corners, class: index === this.selected ? "hl-selected" : "hl-last" }));
      }
      const [cx, cy] = this.point(cell.centre);
      if (check.has(index)) {
        marks.append(svg("circle", { cx, cy, r: this.radius * 0.95, class: "hl-check" }));
      }
      if (targets.has(index) || (this.selected === null && cellTargets.has(index))) {
        const taken = occupied.has(index);
        marks.append(
          svg("circle", {
            cx,
            cy,
            r: taken ? this.radius * 0.86 : this.radius * 0.27,
            class: taken ? "hl-capture" : "hl-target",
          }),
        );
      }
      if (!occupied.has(index) || bottoms) this.label(labels, cell, cx, cy, bottoms);
    });

    for (const piece of frame.pieces || []) {
      const cell = g.cells[piece.cell];
      if (!cell) continue;
      pieces.append(this.pieceNode(piece, this.point(cell.centre)));
    }
    root.append(cells, marks, labels, pieces);
  }

  pieceNode(piece, [cx, cy]) {
    const size = this.radius * 1.8;
    const group = svg("g", {
      class: "piece",
      "data-cell": piece.cell,
      transform: `translate(${cx - size / 2} ${cy - size / 2}) scale(${size / 100})`,
    });
    group.append(drawPiece(piece.letter, piece.owner));
    (piece.marks || []).forEach((mark, i) => {
      group.append(
        svg("rect", { x: 8 + i * 30, y: 86, width: 28, height: 14, rx: 4, class: "piece-mark" }),
        svg("text", { x: 22 + i * 30, y: 96, "text-anchor": "middle", class: "piece-mark-text", text: mark }),
      );
    });
    return group;
  }

  // Square boards name files along the bottom and ranks up the side; others name every cell.
  edges() {
    const g = this.geometry;
    if (g.labels !== "edges") return null;
    const shown = g.cells.map((c) => this.point(c.centre));
    const bottom = Math.max(...shown.map((p) => p[1]));
    const left = Math.min(...shown.map((p) => p[0]));
    return { bottom, left };
  }

  label(layer, cell, cx, cy, edges) {
    const r = this.radius;
    const size = r * 0.36;
    if (!edges) {
      layer.append(svg("text", { x: cx, y: cy + r * 0.78, "text-anchor": "middle", "font-size": size, class: "cell-name", text: cell.name }));
      return;
    }
    const match = /^([a-z]+)(\d+)$/i.exec(cell.name);
    if (!match) return;
    if (Math.abs(cy - edges.bottom) < 1e-6) {
      layer.append(svg("text", { x: cx + r * 0.9, y: cy + r * 0.9, "text-anchor": "end", "font-size": size, class: "coord", text: match[1] }));
    }
    if (Math.abs(cx - edges.left) < 1e-6) {
      layer.append(svg("text", { x: cx - r * 0.9, y: cy - r * 0.55, "font-size": size, class: "coord", text: match[2] }));
    }
  }

  targetsOf(origin) {
    if (origin === null || !this.actions) return new Map();
    return this.actions.byOrigin.get(origin) || new Map();
  }

  // -- input ----------------------------------------------------------------------------------

  cellAt(event) {
    const matrix = this.svg.getScreenCTM();
    if (!matrix) return null;
    const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    const x = this.flipped ? -p.x : p.x;
    const y = this.flipped ? p.y : -p.y;
    const cells = this.geometry.cells;
    for (let i = 0; i < cells.length; i++) {
      if (inside([x, y], cells[i].corners)) return i;
    }
    return null;
  }

  click(cell) {
    if (!this.actions || cell === null) return;
    const targets = this.targetsOf(this.selected);
    if (this.selected !== null && targets.has(cell)) {
      const texts = targets.get(cell);
      this.selected = null;
      this.draw();
      this.play(texts, cell);
      return;
    }
    if (this.actions.byOrigin.has(cell) && cell !== this.selected) {
      this.selected = cell;
      this.draw();
      return;
    }
    if (this.selected === null && this.actions.byCell.has(cell)) {
      this.play(this.actions.byCell.get(cell), cell);
      return;
    }
    this.selected = null;
    this.draw();
  }

  play(texts, cell) {
    if (texts.length === 1) {
      this.onAction(texts[0]);
    } else {
      const [x, y] = this.point(this.geometry.cells[cell].centre);
      this.onChoose(texts, x, y);
    }
  }

  pointerDown(event) {
    if (!this.actions || event.button > 0) return;
    const cell = this.cellAt(event);
    if (cell === null) return;
    const pieceNode = this.svg.querySelector(`g.piece[data-cell="${cell}"]`);
    if (this.actions.byOrigin.has(cell) && pieceNode) {
      this.drag = { cell, node: pieceNode, x: event.clientX, y: event.clientY, moving: false };
      this.svg.setPointerCapture(event.pointerId);
      event.preventDefault();
    } else {
      this.drag = { cell, node: null, x: event.clientX, y: event.clientY, moving: false };
    }
  }

  pointerMove(event) {
    const drag = this.drag;
    if (!drag || !drag.node) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!drag.moving && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
    if (!drag.moving) {
      drag.moving = true;
      if (this.selected !== drag.cell) {
        this.selected = drag.cell;
        this.draw();
        drag.node = this.svg.querySelector(`g.piece[data-cell="${drag.cell}"]`);
      }
      drag.node.classList.add("dragging");
      drag.node.parentNode.append(drag.node); // on top of the others
      drag.base = drag.node.getAttribute("transform");
    }
    const matrix = this.svg.getScreenCTM();
    const scale = matrix ? matrix.a : 1;
    drag.node.setAttribute("transform", `translate(${dx / scale} ${dy / scale}) ${drag.base}`);
  }

  pointerUp(event) {
    const drag = this.drag;
    this.drag = null;
    if (!drag) return;
    const cell = this.cellAt(event);
    if (!drag.moving) {
      if (cell === drag.cell) this.click(cell);
      return;
    }
    const targets = this.targetsOf(drag.cell);
    if (cell !== null && targets.has(cell)) {
      const texts = targets.get(cell);
      this.selected = null;
      this.draw();
      this.play(texts, cell);
    } else {
      this.draw(); // back where it came from, still selected
    }
  }

  cancelDrag() {
    this.drag = null;
    this.draw();
  }

  deselect() {
    this.selected = null;
    this.draw();
  }
}

function indexActions(actions) {
  const byOrigin = new Map();
  for (const [origin, target, text] of actions.moves || []) {
    if (!byOrigin.has(origin)) byOrigin.set(origin, new Map());
    const targets = byOrigin.get(origin);
    if (!targets.has(target)) targets.set(target, []);
    targets.get(target).push(text);
  }
  const byCell = new Map();
  for (const [cell, text] of actions.cells || []) {
    if (!byCell.has(cell)) byCell.set(cell, []);
    byCell.get(cell).push(text);
  }
  return { byOrigin, byCell };
}

function inscribedRadius(cell) {
  const [cx, cy] = cell.centre;
  const n = cell.corners.length;
  let best = Infinity;
  for (let i = 0; i < n; i++) {
    const [ax, ay] = cell.corners[i];
    const [bx, by] = cell.corners[(i + 1) % n];
    best = Math.min(best, Math.hypot((ax + bx) / 2 - cx, (ay + by) / 2 - cy));
  }
  return Number.isFinite(best) && best > 0 ? best : 0.5;
}

function inside([x, y], corners) {
  let hit = false;
  for (let i = 0, j = corners.length - 1; i < corners.length; j = i++) {
    const [xi, yi] = corners[i];
    const [xj, yj] = corners[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit;
  }
  return hit;
}
