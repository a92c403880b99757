// Cards drawn as SVG: rank and suit in the corners and a large suit in the middle,
// suits coloured as the terminal colours them (a four-colour deck: clubs green,
// diamonds blue, hearts red, spades black). A face-down card shows its back.
"use strict";

const SUITS = { c: "\u2663", d: "\u2666", h: "\u2665", s: "\u2660" };
const SUIT_COLOUR = { c: "#1b7f3a", d: "#1f5fbf", h: "#c8102e", s: "#111111" };
const SUIT_ORDER = "cdhs";
const RANK_ORDER = "23456789TJQKA";
const SVG_NS = "http://www.w3.org/2000/svg";

function parseCard(text) {
  // "As", "Td", "Jk", "As#1" -> {rank, suit, joker, copy}
  const [face, copy] = text.split("#");
  if (face === "Jk") return { text, rank: null, suit: null, joker: true, copy: Number(copy || 0) };
  return { text, rank: face.slice(0, -1), suit: face.slice(-1), joker: false, copy: Number(copy || 0) };
}

function el(name, attrs, text) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

function cardSvg(text, opts) {
  // One card, 60 x 84; `text` null draws a face-down card.
  const svg = el("svg", { viewBox: "0 0 60 84", width: 60, height: 84, class: "card", role: "img" });
  svg.appendChild(el("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, class: text ? "face" : "back" }));
  if (!text) {
    svg.setAttribute("aria-label", "face-down card");
    svg.appendChild(el("rect", { x: 6, y: 6, width: 48, height: 72, rx: 4, class: "back-pattern" }));
    return svg;
  }
  const card = parseCard(text);
  svg.dataset.card = text;
  if (card.joker) {
    svg.setAttribute("aria-label", "joker");
    svg.appendChild(el("text", { x: 30, y: 50, "text-anchor": "middle", class: "joker" }, "\u2605"));
    svg.appendChild(el("text", { x: 6, y: 16, class: "corner joker" }, "JK"));
    return svg;
  }
  const colour = SUIT_COLOUR[card.suit] || "#111";
  const rank = card.rank === "T" ? "10" : card.rank;
  svg.setAttribute("aria-label", `${rank}${SUITS[card.suit]}`);
  svg.appendChild(el("text", { x: 5, y: 17, fill: colour, class: "corner" }, rank));
  svg.appendChild(el("text", { x: 5, y: 31, fill: colour, class: "corner-suit" }, SUITS[card.suit]));
  svg.appendChild(el("text", { x: 30, y: 56, fill: colour, "text-anchor": "middle", class: "pip" }, SUITS[card.suit]));
  const bottom = el("text", { x: 55, y: 78, fill: colour, "text-anchor": "end", class: "corner" }, rank);
  svg.appendChild(bottom);
  if (opts && opts.onClick) {
    svg.classList.add("clickable");
    svg.addEventListener("click", () => opts.onClick(text));
  }
  return svg;
}

function sortCards(cards, by) {
  const key = (t) => {
    const c = parseCard(t);
    if (c.joker) return [9, 99, c.copy];
    const r = RANK_ORDER.indexOf(c.rank), s = SUIT_ORDER.indexOf(c.suit);
    return by === "rank" ? [r, s, c.copy] : [s, r, c.copy];
  };
  return [...cards].sort((a, b) => {
    const ka = key(a), kb = key(b);
    for (let i = 0; i < 3; i++) if (ka[i] !== kb[i]) return ka[i] - kb[i];
    return 0;
  });
}

function cardRow(cards, count, opts) {
  // A zone: its cards face up, or `count` backs when the viewer may not see them.
  const row = document.createElement("div");
  row.className = "cards";
  if (cards) for (const c of cards) row.appendChild(cardSvg(c, opts));
  else for (let i = 0; i < Math.min(count, 13); i++) row.appendChild(cardSvg(null));
  if (!cards && count > 13) {
    const more = document.createElement("span");
    more.className = "more";
    more.textContent = `+${count - 13}`;
    row.appendChild(more);
  }
  return row;
}
