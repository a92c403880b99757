// The hoyle page: start a table with bots, play it, step through replays.
// Plain JavaScript over the server's JSON API (docs/server.md); nothing is fetched from
// anywhere but this server.
"use strict";

const $ = (id) => document.getElementById(id);
const session = { table: null, seat: null, token: null, socket: null, state: null, sort: "suit", variants: [] };
window.hoyleSession = session; // for scripted browsers (the tests) and the curious

function show(section) {
  for (const id of ["lobby", "table", "replay"]) $(id).hidden = id !== section;
}

async function api(method, path, body) {
  const headers = { "Content-Type": "application/json" };
  if (session.token && path.startsWith(`/api/tables/${session.table}`)) headers.Authorization = `Bearer ${session.token}`;
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
  if (!response.ok) throw new Error(data.error || `HTTP ${response.status}`);
  return data;
}

// --- the lobby ----------------------------------------------------------------------

async function loadLobby() {
  const data = await api("GET", "/api/variants");
  session.variants = data.variants;
  const select = $("variant");
  select.innerHTML = "";
  for (const v of data.variants) {
    const option = document.createElement("option");
    option.value = v.name;
    option.textContent = `${v.name} (${v.family}, ${v.players[0]}-${v.players[1]} players)`;
    select.appendChild(option);
  }
  select.value = data.variants.some((v) => v.name === "texas-holdem") ? "texas-holdem" : data.variants[0].name;
  onVariant();
}

function currentVariant() {
  return session.variants.find((v) => v.name === $("variant").value);
}

function onVariant() {
  const v = currentVariant();
  const players = $("players");
  players.min = v.players[0];
  players.max = v.players[1];
  players.value = Math.max(v.players[0], Math.min(v.players[1], Number(players.value) || 2));
  const options = $("options");
  options.innerHTML = "";
  for (const o of v.options) options.appendChild(optionInput(o));
  // each house rule: a box to choose it, and its own options (read only when chosen)
  for (const r of v.house_rules) {
    const rule = document.createElement("fieldset");
    rule.dataset.houseRule = r.name;
    const legend = document.createElement("legend");
    const label = document.createElement("label");
    label.title = r.description;
    const box = document.createElement("input");
    box.type = "checkbox";
    box.dataset.rule = r.name;
    label.append(box, ` house rule: ${r.name}`);
    legend.appendChild(label);
    rule.appendChild(legend);
    for (const o of r.options) rule.appendChild(optionInput(o));
    options.appendChild(rule);
  }
  onPlayers();
}

function optionInput(o) {
  const label = document.createElement("label");
  label.title = o.doc;
  label.textContent = `${o.name} `;
  let input;
  if (o.choices.length) {
    input = document.createElement("select");
    for (const c of o.choices) {
      const option = document.createElement("option");
      option.value = JSON.stringify(c);
      option.textContent = String(c);
      input.appendChild(option);
    }
    input.value = JSON.stringify(o.default);
  } else if (typeof o.default === "boolean") {
    input = document.createElement("input");
    input.type = "checkbox";
    input.checked = o.default;
  } else {
    input = document.createElement("input");
    input.type = typeof o.default === "number" ? "number" : "text";
    input.value = o.default === null ? "" : o.default;
    if (o.minimum !== null && o.minimum !== undefined) input.min = o.minimum;
  }
  input.dataset.option = o.name;
  input.dataset.default = JSON.stringify(o.default);
  label.appendChild(input);
  return label;
}

function chosenHouseRules() {
  return [...$("options").querySelectorAll("[data-rule]")].filter((box) => box.checked).map((box) => box.dataset.rule);
}

function botChoices(variant) {
  // one entry per bot that plays the variant and per level it declares ("gin:hard")
  const choices = [];
  for (const bot of variant.bots) {
    choices.push({ value: bot.name, text: bot.levels.length ? `bot: ${bot.name} (its default level)` : `bot: ${bot.name}` });
    for (const level of bot.levels) choices.push({ value: `${bot.name}:${level}`, text: `bot: ${bot.name}, ${level}` });
  }
  return choices;
}

function defaultBot(variant) {
  // the page seats a player of the game where one is listed, else the variant's default
  const preferred = { poker: "poker", rummy: "gin" }[variant.family];
  return variant.bots.some((b) => b.name === preferred) ? preferred : variant.default_bot;
}

function onPlayers() {
  const seats = $("seats");
  seats.innerHTML = "";
  const n = Number($("players").value);
  const variant = currentVariant();
  for (let s = 0; s < n; s++) {
    const label = document.createElement("label");
    label.textContent = `Seat ${s} `;
    const select = document.createElement("select");
    select.dataset.seat = s;
    const human = document.createElement("option");
    human.value = "";
    human.textContent = s === 0 ? "you" : "a person";
    select.appendChild(human);
    for (const choice of botChoices(variant)) {
      const option = document.createElement("option");
      option.value = choice.value;
      option.textContent = choice.text;
      select.appendChild(option);
    }
    select.value = s === 0 ? "" : defaultBot(variant);
    label.appendChild(select);
    seats.appendChild(label);
  }
}

function readOptions() {
  const options = {};
  const chosen = chosenHouseRules();
  for (const input of $("options").querySelectorAll("[data-option]")) {
    const rule = input.closest("[data-house-rule]");
    if (rule && !chosen.includes(rule.dataset.houseRule)) continue; // a rule not chosen
    let value;
    if (input.type === "checkbox") value = input.checked;
    else if (input.tagName === "SELECT") value = JSON.parse(input.value);
    else if (input.type === "number") value = input.value === "" ? null : Number(input.value);
    else if (input.dataset.default === "null") {
      // an option whose default is "none": empty keeps it, else a number if it reads as one
      if (input.value.trim() === "") continue;
      value = /^-?\d+(\.\d+)?$/.test(input.value.trim()) ? Number(input.value) : input.value;
    } else value = input.value;
    if (JSON.stringify(value) !== input.dataset.default) options[input.dataset.option] = value;
  }
  return options;
}

async function startTable(event) {
  event.preventDefault();
  $("lobby-error").textContent = "";
  const bots = {};
  for (const select of $("seats").querySelectorAll("select")) if (select.value) bots[select.dataset.seat] = select.value;
  const request = { variant: $("variant").value, players: Number($("players").value), options: readOptions(), bots };
  const houseRules = chosenHouseRules();
  if (houseRules.length) request.house_rules = houseRules;
  if ($("seed").value !== "") request.seed = Number($("seed").value);
  if ($("practice").checked) request.practice = true;
  if ($("clock-seconds").value !== "") request.clock = { seconds: Number($("clock-seconds").value), bank: Number($("clock-bank").value || 0) };
  try {
    const made = await api("POST", "/api/tables", request);
    const mine = made.seats.find((s) => s.seat === 0) || made.seats[0];
    openTable(made.table, mine ? mine.seat : null, mine ? mine.token : null);
  } catch (err) {
    $("lobby-error").textContent = err.message;
  }
}

// --- the table ----------------------------------------------------------------------

function openTable(table, seat, token) {
  if (session.socket) session.socket.close();
  Object.assign(session, { table, seat, token, state: null });
  $("table").dataset.table = table;
  $("table").dataset.seat = seat === null ? "" : seat;
  $("log").innerHTML = "";
  $("result").hidden = true;
  $("watch-replay").hidden = true;
  show("table");
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  // the token goes in the first message, never in the URL (URLs end up in logs)
  const socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${table}`);
  socket.onopen = () => socket.send(JSON.stringify({ token: token || null }));
  socket.onmessage = (message) => {
    const state = JSON.parse(message.data);
    if (state.error) {
      $("table-error").textContent = state.error;
      return;
    }
    render(state);
  };
  session.socket = socket;
}

function addLog(lines, list) {
  for (const line of lines || []) {
    const item = document.createElement("li");
    item.textContent = line;
    list.appendChild(item);
  }
  list.scrollTop = list.scrollHeight;
}

function zoneLabel(name, owner, players) {
  const parts = name.split(":");
  const base = parts[0];
  const rest = parts.slice(1);
  const mine = rest.indexOf(String(owner));
  if (mine >= 0) rest.splice(mine, 1); // "meld:1:0" owned by seat 1 is its "meld 0"
  const label = [base.replace(/_/g, " "), ...rest].join(" ");
  return owner === null || owner === undefined ? label : `${players[owner] || "seat " + owner}: ${label}`;
}

function zoneView(name, zone, players, opts) {
  const box = document.createElement("div");
  box.className = "zone";
  box.dataset.zone = name;
  const title = document.createElement("div");
  title.className = "zone-name";
  title.textContent = zoneLabel(name, zone.owner, players);
  box.appendChild(title);
  if (zone.cards === null && zone.count > 3 && zone.owner === null) {
    // a face-down pile (the stock): one back and its count
    box.appendChild(cardRow(null, 1));
    const count = document.createElement("span");
    count.className = "more";
    count.textContent = `${zone.count} cards`;
    box.lastChild.appendChild(count);
  } else if (zone.cards && zone.cards.length > 8 && !(opts && opts.all)) {
    const row = cardRow(zone.cards.slice(-8), 0, opts);
    const more = document.createElement("span");
    more.className = "more";
    more.textContent = `(${zone.cards.length - 8} below)`;
    row.prepend(more);
    box.appendChild(row);
  } else {
    box.appendChild(cardRow(zone.cards, zone.count, opts));
  }
  return box;
}

function seatsBar(view, target, bots) {
  target.innerHTML = "";
  const chips = (view.stacks || []).some((s) => s) || view.pot;
  view.players.forEach((name, s) => {
    const seat = document.createElement("div");
    seat.className = "seat" + (view.to_act === s ? " to-act" : "") + (view.seat === s ? " you" : "");
    seat.dataset.seat = s;
    const who = view.seat === s ? `${name} (you)` : bots && bots[s] ? `${name} (bot ${bots[s]})` : name;
    let text = `<strong>${escapeHtml(who)}</strong>`;
    if (chips) text += `<span>stack ${view.stacks[s]}</span><span>in pot ${view.committed[s]}</span>`;
    text += `<span>score ${view.scores[s]}</span>`;
    seat.innerHTML = text;
    target.appendChild(seat);
  });
}

function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

function render(state) {
  session.state = state;
  const view = state.view;
  $("table-error").textContent = "";
  seatsBar(view, $("seats-bar"), state.bots);
  const zones = Object.entries(view.zones).filter(([, z]) => z.count > 0 || z.owner === view.seat);
  const mine = zones.filter(([, z]) => view.seat !== null && z.owner === view.seat);
  const shared = zones.filter(([, z]) => z.owner === null && z.count > 0);
  const others = zones.filter(([, z]) => z.owner !== null && z.owner !== view.seat && z.count > 0);
  const sharedBox = $("shared-zones");
  sharedBox.innerHTML = "";
  for (const [name, z] of shared) sharedBox.appendChild(zoneView(name, z, view.players));
  const othersBox = $("others-zones");
  othersBox.innerHTML = "";
  for (const [name, z] of others) othersBox.appendChild(zoneView(name, z, view.players));
  // the hand: the viewer's largest zone, sortable; other own zones beside it
  const hand = $("hand");
  hand.innerHTML = "";
  mine.sort((a, b) => (b[1].cards || []).length - (a[1].cards || []).length);
  mine.forEach(([name, z], i) => {
    const cards = i === 0 ? sortCards(z.cards || [], session.sort) : z.cards;
    const box = zoneView(name, { ...z, cards }, view.players, { onClick: cardClicked, all: true });
    hand.appendChild(box);
  });
  const facts = $("facts");
  facts.innerHTML = "";
  for (const line of state.summary) {
    const p = document.createElement("span");
    p.textContent = line;
    facts.appendChild(p);
  }
  renderFairness(state.fairness, state.table);
  renderClock(state);
  renderActions(state);
  addLog(state.log, $("log"));
  if (state.over) showResult(state);
  $("table").dataset.version = state.version;
}

// the action clock: a countdown of the seat to act (the server plays its default at 0)
function renderClock(state) {
  const box = $("clock");
  clearInterval(session.ticking);
  const clock = state.clock;
  if (!clock || clock.to_act === null || state.over) {
    box.hidden = true;
    return;
  }
  const deadline = Date.now() + clock.remaining * 1000;
  const who = clock.to_act === state.seat ? "Your time" : `${state.view.players[clock.to_act]}'s time`;
  const tick = () => {
    const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
    box.dataset.remaining = String(left);
    box.textContent = `${who}: ${left} s (${clock.seconds} s an action, then the bank)`;
    box.classList.toggle("short", left <= 5);
  };
  box.hidden = false;
  tick();
  session.ticking = setInterval(tick, 250);
}

// the shuffle's commitment from the start; the seed and the table record at the end
// (check it with `hoyle verify`, docs/server.md "Fair shuffles")
function renderFairness(fair, table) {
  const box = $("fairness");
  box.dataset.commitment = fair.commitment;
  box.dataset.seed = fair.seed === null ? "" : String(fair.seed);
  const kind = fair.practice ? "Practice table, seed chosen by its creator." : fair.seed_chosen ? "Seed chosen by its creator." : "Seed drawn by the server.";
  box.textContent = `${kind} Shuffle commitment (SHA-256 of table:seed): ${fair.commitment}`;
  if (fair.seed !== null) {
    box.append(` - seed revealed: ${fair.seed} `);
    const link = Object.assign(document.createElement("a"), { href: `/api/tables/${table}/record`, textContent: "table record" });
    link.setAttribute("download", `${table}.json`);
    box.appendChild(link);
  }
}

function actionButton(text, label) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "action";
  button.dataset.action = text;
  button.textContent = label || text;
  button.addEventListener("click", () => act(text));
  return button;
}

function renderActions(state) {
  const box = $("actions");
  box.innerHTML = "";
  const legal = state.legal_actions;
  if (!legal.length) return;
  const sized = legal.filter((a) => a.kind === "bet" || a.kind === "raise");
  for (const a of legal) if (!sized.includes(a)) box.appendChild(actionButton(a.text));
  if (sized.length && state.bet_range) {
    const [low, high] = state.bet_range;
    const kind = sized[0].kind;
    const wrap = document.createElement("div");
    wrap.className = "bet";
    const bounded = (type, id) => Object.assign(document.createElement("input"), { type, id, min: low, max: high, value: low });
    const slider = bounded("range", "bet-slider");
    const amount = bounded("number", "bet-amount");
    const go = document.createElement("button");
    go.type = "button";
    go.id = "bet-go";
    go.className = "action";
    const label = () => `${kind === "bet" ? "Bet" : "Raise to"} ${amount.value}`;
    go.textContent = label();
    slider.addEventListener("input", () => { amount.value = slider.value; go.textContent = label(); });
    amount.addEventListener("input", () => { slider.value = amount.value; go.textContent = label(); });
    go.addEventListener("click", () => act(kind === "bet" ? `bet ${amount.value}` : `raise to ${amount.value}`));
    wrap.append(slider, amount, go);
    box.appendChild(wrap);
    const quick = document.createElement("div");
    quick.className = "quick";
    for (const a of sized) quick.appendChild(actionButton(a.text));
    box.appendChild(quick);
  } else {
    for (const a of sized) box.appendChild(actionButton(a.text));
  }
}

function cardClicked(card) {
  const state = session.state;
  if (!state) return;
  const match = state.legal_actions.find((a) => a.text === `discard ${card}`);
  if (match) act(match.text);
}

async function act(text) {
  $("table-error").textContent = "";
  for (const b of $("actions").querySelectorAll("button")) b.disabled = true;
  try {
    await api("POST", `/api/tables/${session.table}/actions`, { action: text });
  } catch (err) {
    $("table-error").textContent = err.message;
    for (const b of $("actions").querySelectorAll("button")) b.disabled = false;
  }
}

function showResult(state) {
  const result = state.view.result;
  const box = $("result");
  box.hidden = false;
  box.dataset.settlement = JSON.stringify(result.settlement);
  box.dataset.winners = JSON.stringify(result.winners);
  const parts = state.view.players.map((name, s) => `${s === state.seat ? "you" : name} ${result.settlement[s] > 0 ? "+" : ""}${result.settlement[s]}`);
  box.textContent = `${state.summary[0]} - ${parts.join(", ")}`;
  $("actions").innerHTML = "";
  $("watch-replay").hidden = false;
}

async function watchReplay() {
  const response = await fetch(`/api/tables/${session.table}/replay`);
  const text = await response.text();
  $("replay-text").value = text;
  show("replay");
  await openReplay(text);
}

// --- replays ------------------------------------------------------------------------

const replay = { frames: [], players: [] };

async function openReplay(text) {
  $("replay-error").textContent = "";
  try {
    const data = await api("POST", "/api/replays", { text });
    replay.frames = data.frames;
    replay.players = data.players;
    $("step").max = data.frames.length - 1;
    $("replay-view").hidden = false;
    step(0);
  } catch (err) {
    $("replay-error").textContent = err.message;
  }
}

function step(i) {
  const n = replay.frames.length;
  if (!n) return;
  i = Math.max(0, Math.min(n - 1, i));
  $("step").value = i;
  const frame = replay.frames[i];
  $("step-label").textContent = `step ${i} of ${n - 1}`;
  seatsBar(frame.view, $("replay-seats"));
  const zonesBox = $("replay-zones");
  zonesBox.innerHTML = "";
  for (const [name, z] of Object.entries(frame.view.zones)) if (z.count) zonesBox.appendChild(zoneView(name, z, replay.players, { all: true }));
  const log = $("replay-log");
  log.innerHTML = "";
  for (let k = 0; k <= i; k++) addLog(replay.frames[k].log, log);
}

// --- wiring -------------------------------------------------------------------------

window.addEventListener("DOMContentLoaded", () => {
  $("nav-new").addEventListener("click", () => show("lobby"));
  $("nav-replay").addEventListener("click", () => show("replay"));
  $("variant").addEventListener("change", onVariant);
  $("players").addEventListener("change", onPlayers);
  $("new-table").addEventListener("submit", startTable);
  $("watch-replay").addEventListener("click", watchReplay);
  for (const b of document.querySelectorAll("[data-sort]")) {
    b.addEventListener("click", () => { session.sort = b.dataset.sort; if (session.state) render({ ...session.state, log: [] }); });
  }
  $("replay-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const file = $("replay-file").files[0];
    const text = file ? await file.text() : $("replay-text").value;
    await openReplay(text);
  });
  $("step").addEventListener("input", () => step(Number($("step").value)));
  $("step-first").addEventListener("click", () => step(0));
  $("step-back").addEventListener("click", () => step(Number($("step").value) - 1));
  $("step-next").addEventListener("click", () => step(Number($("step").value) + 1));
  $("step-last").addEventListener("click", () => step(replay.frames.length - 1));
  loadLobby().catch((err) => { $("lobby-error").textContent = err.message; });
});
