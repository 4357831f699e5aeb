// The game connection: one websocket, reconnecting by itself, with requests that survive it.
//
// Every request carries a fresh id. Until the server answers, the request is kept and sent
// again after a reconnect with the same id, so it is applied at most once.

import { randomId } from "./dom.js";

export class GameSocket {
  constructor(gameId, handlers) {
    this.url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/${gameId}`;
    this.handlers = handlers; // {message(msg), status(text)}
    this.token = null;
    this.seen = 0;
    this.pending = new Map(); // id -> {message, resolve}
    this.ws = null;
    this.retry = 0;
    this.stopped = false;
  }

  // Bind to a seat (a token) or watch (null). A new seat starts from a fresh snapshot.
  bind(token, { fresh = true } = {}) {
    this.token = token;
    if (fresh) this.seen = 0;
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.hello();
    else this.open();
  }

  open() {
    if (this.stopped) return;
    if (this.ws && this.ws.readyState <= WebSocket.OPEN) return;
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.addEventListener("open", () => {
      this.retry = 0;
      this.handlers.status("");
      this.hello();
      for (const { message } of this.pending.values()) ws.send(JSON.stringify(message));
    });
    ws.addEventListener("message", (event) => this.receive(event.data));
    ws.addEventListener("close", () => {
      if (this.ws !== ws || this.stopped) return;
      const wait = Math.min(5000, 300 * 2 ** this.retry++);
      this.handlers.status("Connection lost; reconnecting…");
      setTimeout(() => this.open(), wait);
    });
  }

  hello() {
    const message = { type: "hello", seen: this.seen };
    if (this.token) message.token = this.token;
    this.ws.send(JSON.stringify(message));
  }

  receive(data) {
    let message;
    try {
      message = JSON.parse(data);
    } catch {
      return;
    }
    if ((message.type === "snapshot" || message.type === "event") && message.version >= 0) {
      this.seen = message.version;
    }
    if (message.type === "ack" || message.type === "reject") {
      const waiting = this.pending.get(message.id);
      if (waiting) {
        this.pending.delete(message.id);
        waiting.resolve(message);
      }
    }
    this.handlers.message(message);
  }

  // Ask the server to act for the seat with `token`; resolves with its ack or reject.
  request(token, what, action) {
    const message = { type: "intent", id: randomId(), token, seen: this.seen, do: what };
    if (action !== undefined) message.action = action;
    return new Promise((resolve) => {
      this.pending.set(message.id, { message, resolve });
      if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
    });
  }

  frame(ply) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify({ type: "frame", ply }));
    }
  }

  close() {
    this.stopped = true;
    if (this.ws) this.ws.close();
  }
}
