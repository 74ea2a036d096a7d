// The table: choose a game, its options and who sits where; then play it, seat by seat. The browser keeps
// the game (the signed state the service returned, the log and the moves) in localStorage, so a reload goes
// on where it was. A seat sees only its own picture and its own private log lines; between two people at one
// screen a hand-over screen hides everything until the next player says they are there.

import { alertBox, call, fill, h, logList, picture, say, scoreTable, seatName, t } from "./common.js";

const KEY = "rulesengine.table";
const BOT_MILLIS = [100, 1000, 3000];

/** The table as the browser keeps it, or null. */
export function saved() {
  try {
    const table = JSON.parse(localStorage.getItem(KEY) || "null");
    return table && table.version === 1 && table.state ? table : null;
  } catch (error) {
    return null;
  }
}

function keep(table) {
  localStorage.setItem(KEY, JSON.stringify(table));
}

export function forget() {
  localStorage.removeItem(KEY);
}

/** The table page: the game under way, or the form that starts one. */
export async function showTable(root) {
  const table = saved();
  if (table) return play(root, table);
  return setupForm(root);
}

// ---- starting a game ---------------------------------------------------------------------------------

function randomSeed() {
  const words = crypto.getRandomValues(new Uint32Array(2));
  return String((BigInt(words[0] & 0x1fffff) << 32n) | BigInt(words[1]));
}

function optionInput(option) {
  const id = `option-${option.name}`;
  const doc = say(option.docText) || option.doc;
  let input;
  if (option.type === "bool") {
    input = h("input", { type: "checkbox", id, checked: option.default === "true", dataset: { option: option.name, type: "bool" } });
  } else if (option.type === "string" && (option.choices || []).length) {
    input = h(
      "select",
      { id, dataset: { option: option.name, type: "string" } },
      option.default ? [] : h("option", { value: "" }, t("setup.option_default")),
      option.choices.map((choice) => h("option", { value: choice, selected: choice === option.default }, choice)),
    );
  } else {
    input = h("input", {
      type: option.type === "int" ? "number" : "text",
      id,
      value: option.default || "",
      dataset: { option: option.name, type: option.type },
    });
  }
  return h("div", { className: "option" }, h("label", { htmlFor: id }, h("code", {}, option.name)), input, h("p", { className: "doc" }, doc));
}

function overrides(form, games) {
  const out = {};
  const game = games.find((g) => g.gameId === form.querySelector("#game").value);
  for (const input of form.querySelectorAll("[data-option]")) {
    const option = (game.options || []).find((o) => o.name === input.dataset.option);
    const value = input.type === "checkbox" ? String(input.checked) : input.value.trim();
    if (value === (option.default || "")) continue;
    out[option.name] = value;
  }
  return out;
}

function automatedSeats(game, players) {
  return ((game.gameType || {}).automatedSeats || []).filter((a) => (a.players || 0) === players);
}

async function setupForm(root) {
  const { games } = await call("ListGames", {});
  const form = h("form", { id: "setup", className: "setup", onsubmit: (event) => event.preventDefault() });
  const gameSelect = h("select", { id: "game" }, games.map((g) => h("option", { value: g.gameId }, g.title)));
  const playersSelect = h("select", { id: "players" });
  const seats = h("fieldset", { id: "seats" });
  const options = h("div", { id: "options" });
  const botMillis = h(
    "select",
    { id: "bot-millis" },
    BOT_MILLIS.map((ms) => h("option", { value: String(ms), selected: ms === 1000 }, t("setup.bot_time", { seconds: ms / 1000 }))),
  );
  const problem = h("div", { id: "setup-problem" });

  const game = () => games.find((g) => g.gameId === gameSelect.value);
  function drawSeats() {
    const players = Number(playersSelect.value);
    const rows = [];
    for (let seat = 0; seat < players; seat++) {
      rows.push(
        h(
          "div",
          { className: "seat-row" },
          h("label", { htmlFor: `seat-kind-${seat}` }, t("seat", { n: seat })),
          h(
            "select",
            { id: `seat-kind-${seat}`, dataset: { seatKind: String(seat) } },
            h("option", { value: "person", selected: true }, t("setup.person")),
            h("option", { value: "bot" }, t("setup.bot")),
          ),
          h("label", { htmlFor: `seat-name-${seat}`, className: "visually-hidden" }, t("setup.name_of", { n: seat })),
          h("input", { id: `seat-name-${seat}`, dataset: { seatName: String(seat) }, placeholder: t("setup.name"), maxLength: 24 }),
        ),
      );
    }
    for (const auto of automatedSeats(game(), players)) {
      rows.push(h("p", { className: "automated" }, t("setup.automated", { seat: t("seat", { n: auto.seat || 0 }), name: say(auto.nameText) || auto.name })));
    }
    fill(seats, h("legend", {}, t("setup.seats")), rows);
  }
  function drawGame() {
    const g = game();
    const counts = [];
    for (let n = g.minPlayers; n <= g.maxPlayers; n++) counts.push(n);
    fill(playersSelect, counts.map((n) => h("option", { value: String(n), selected: n === Math.max(2, g.minPlayers) }, String(n))));
    fill(options, (g.options || []).length ? h("details", {}, h("summary", {}, t("setup.options")), (g.options || []).map(optionInput)) : "");
    drawSeats();
  }
  gameSelect.addEventListener("change", drawGame);
  playersSelect.addEventListener("change", drawSeats);

  async function start() {
    const g = game();
    const players = Number(playersSelect.value);
    const kinds = [...form.querySelectorAll("[data-seat-kind]")].map((s) => s.value);
    const names = [...form.querySelectorAll("[data-seat-name]")].map((s) => s.value.trim());
    const setup = { gameId: g.gameId, players, overrides: overrides(form, games), chanceMode: "CHANCE_MODE_SEEDED", seed: randomSeed() };
    try {
      const started = await call("NewGame", { setup });
      const table = {
        version: 1,
        setup,
        title: g.title,
        hidden: Boolean((g.gameType || {}).hiddenInformation),
        kinds,
        names,
        botMillis: Number(botMillis.value),
        state: started.state,
        pending: started.pending,
        log: [],
        moves: [],
        shown: null,
      };
      keep(table);
      await play(root, table);
    } catch (error) {
      fill(problem, alertBox(error));
    }
  }

  form.append(
    h("h2", {}, t("setup.title")),
    h("div", { className: "field" }, h("label", { htmlFor: "game" }, t("setup.game")), gameSelect),
    h("div", { className: "field" }, h("label", { htmlFor: "players" }, t("setup.players")), playersSelect),
    seats,
    h("div", { className: "field" }, h("label", { htmlFor: "bot-millis" }, t("setup.bot_budget")), botMillis),
    options,
    problem,
    h("button", { id: "start", type: "submit", onclick: start }, t("setup.start")),
  );
  fill(root, form);
  drawGame();
  gameSelect.focus();
}

// ---- playing -----------------------------------------------------------------------------------------

function people(table) {
  return table.kinds.filter((k) => k === "person").length;
}

/** The next seat to act: a bot first if one is deciding, else the lowest deciding person. */
function nextSeat(table) {
  const seats = (table.pending.seats || []).filter((s) => s >= 0);
  return seats.find((s) => table.kinds[s] === "bot") ?? seats[0];
}

async function applyMove(table, move) {
  const answer = await call("ApplyMove", { state: table.state, move });
  table.state = answer.state;
  table.pending = answer.pending;
  table.log.push({ seat: move.seat || 0, ...(answer.log || {}) });
  table.moves.push(move);
  keep(table);
}

/** Go on with the game until a person must decide (or it is over), then show what that person sees. */
export async function play(root, table) {
  const status = h("p", { id: "status", role: "status" });
  try {
    for (;;) {
      const seats = (table.pending.seats || []).filter((s) => s >= 0);
      if (!seats.length) return finished(root, table);
      const seat = nextSeat(table);
      if (table.kinds[seat] !== "bot") return decide(root, table, seat);
      fill(root, header(table), status, logList(table.log, people(table) === 1 ? table.kinds.indexOf("person") : null));
      fill(status, t("table.bot_thinking", { seat: seatName(seat, table.names) }));
      const found = await call("SuggestMove", { state: table.state, seat, maxMillis: table.botMillis, seed: randomSeed() });
      await applyMove(table, { ...found.move, seat });
    }
  } catch (error) {
    fill(root, header(table), alertBox(error), controls(root, table));
  }
}

function header(table) {
  return h("h2", { id: "table-title" }, table.title, " · ", t("table.move_number", { n: table.moves.length + 1 }));
}

function controls(root, table) {
  return h(
    "div",
    { className: "controls" },
    h("button", { id: "download-record", onclick: () => download(table) }, t("table.download")),
    h("button", { id: "abandon", onclick: () => confirm(t("table.abandon_sure")) && (forget(), setupForm(root)) }, t("table.abandon")),
  );
}

/** The hand-over screen, then the seat's decision. */
function decide(root, table, seat) {
  const handOver = table.hidden && people(table) > 1 && table.shown !== seat;
  if (!handOver) return decision(root, table, seat);
  const ready = h(
    "button",
    {
      id: "handover-ready",
      onclick: () => {
        table.shown = seat;
        keep(table);
        decision(root, table, seat);
      },
    },
    t("handover.ready", { seat: seatName(seat, table.names) }),
  );
  fill(
    root,
    header(table),
    h("section", { id: "handover", className: "handover" }, h("h3", {}, t("handover.title", { seat: seatName(seat, table.names) })), h("p", {}, t("handover.text")), ready),
  );
  ready.focus();
}

/** Who decides now, when that is more than one seat (they decide at once, each without seeing the others'
 * choices; at one screen they take turns). */
function deciding(table) {
  const seats = (table.pending.seats || []).filter((s) => s >= 0);
  if (seats.length < 2) return "";
  return h("p", { id: "whose" }, t("table.deciding_at_once", { seats: seats.map((s) => seatName(s, table.names)).join(", ") }));
}

function pathOf(label) {
  const path = label.path || [];
  return path.length ? path : [label.label];
}

/** One seat's decision: its picture, its prompt, the menus of its legal moves, its log. */
async function decision(root, table, seat) {
  const [legal, figure] = await Promise.all([
    call("LegalMoves", { state: table.state, seat }),
    picture(table.state, { seat }, t("table.picture_of", { seat: seatName(seat, table.names) })),
  ]);
  const moves = legal.moves || [];
  const labels = legal.labels || [];
  const chosen = [];
  const choices = h("div", { id: "choices", className: "choices", role: "group", "aria-label": t("table.choices") });
  const hint = h("div", { id: "hint-answer", "aria-live": "polite" });
  const problem = h("div", { id: "problem" });

  async function make(index) {
    fill(choices, h("p", { role: "status" }, t("table.playing")));
    try {
      await applyMove(table, { ...moves[index], seat });
      await play(root, table);
    } catch (error) {
      fill(problem, alertBox(error));
      drawChoices();
    }
  }

  function drawChoices() {
    const step = chosen.length;
    const fits = [];
    labels.forEach((label, index) => {
      const path = pathOf(label);
      if (chosen.every((key, i) => JSON.stringify(path[i]) === key)) fits.push(index);
    });
    const options = new Map();
    for (const index of fits) {
      const path = pathOf(labels[index]);
      if (path.length > step) {
        const key = JSON.stringify(path[step]);
        if (!options.has(key)) options.set(key, { text: path[step], moves: [] });
        options.get(key).moves.push(index);
      }
    }
    const buttons = [...options.entries()].map(([key, option]) =>
      h(
        "button",
        {
          className: "choice",
          title: option.moves.length === 1 ? say(labels[option.moves[0]].label) : "",
          onclick: () => {
            const only = option.moves.length === 1 && pathOf(labels[option.moves[0]]).length === step + 1;
            if (only) return make(option.moves[0]);
            chosen.push(key);
            drawChoices();
          },
        },
        say(option.text),
      ),
    );
    const trail = chosen.map((key) => h("li", {}, say(JSON.parse(key))));
    fill(
      choices,
      trail.length ? h("ol", { className: "trail", "aria-label": t("table.chosen_so_far") }, trail) : "",
      h("div", { className: "buttons" }, buttons),
      trail.length ? h("button", { id: "choice-back", className: "back", onclick: () => (chosen.pop(), drawChoices()) }, t("table.back")) : "",
    );
    const first = choices.querySelector("button.choice");
    if (first) first.focus();
  }

  async function askHint() {
    fill(hint, h("p", { role: "status" }, t("table.hint_thinking")));
    try {
      const found = await call("SuggestMove", { state: table.state, seat, maxMillis: 1000, seed: randomSeed(), candidates: 3 });
      const index = moves.findIndex((m) => JSON.stringify({ ...m, seat: m.seat || 0 }) === JSON.stringify({ ...found.move, seat: found.move.seat || 0 }));
      fill(
        hint,
        h("p", {}, t("table.hint", { move: say((found.label || {}).label) })),
        index >= 0 ? h("button", { id: "play-hint", onclick: () => make(index) }, t("table.play_hint")) : "",
      );
    } catch (error) {
      fill(hint, alertBox(error));
    }
  }

  fill(
    root,
    header(table),
    h(
      "section",
      { className: "seat", "aria-labelledby": "turn" },
      h("h3", { id: "turn" }, t("table.your_decision", { seat: seatName(seat, table.names) })),
      deciding(table),
      h("p", { id: "prompt", className: "prompt" }, say(legal.pending.promptText) || legal.pending.prompt),
      problem,
      choices,
      h("div", { className: "hint" }, h("button", { id: "hint", onclick: askHint }, t("table.ask_hint")), hint),
      h("div", { id: "picture" }, figure),
      h("h3", {}, t("table.log")),
      logList(table.log, seat),
    ),
    controls(root, table),
  );
  drawChoices();
}

/** The end: the standings with every seat's breakdown, the whole table as a spectator sees it, the log. */
async function finished(root, table) {
  const [{ score }, figure] = await Promise.all([
    call("Score", { state: table.state, viewer: { spectator: {} } }),
    picture(table.state, { spectator: {} }, t("table.picture_spectator")),
  ]);
  const winners = (score.winners || []).map((s) => seatName(s, table.names)).join(", ");
  fill(
    root,
    h("h2", { id: "table-title" }, table.title, " · ", t("table.over")),
    h("p", { id: "winners", className: "winners" }, t("table.winners", { winners })),
    scoreTable(score, table.names),
    h("div", { id: "picture" }, figure),
    h("h3", {}, t("table.log")),
    logList(table.log, null),
    h(
      "div",
      { className: "controls" },
      h("button", { id: "download-record", onclick: () => download(table) }, t("table.download")),
      h("button", { id: "new-game", onclick: () => (forget(), setupForm(root)) }, t("table.new_game")),
    ),
  );
  root.querySelector("#new-game").focus();
}

/** The game so far as a game record (docs/records.md), to keep or to open in the record viewer. */
function download(table) {
  const record = { setup: table.setup, rulesVersion: table.state.rulesVersion, moves: table.moves };
  if (table.names.some(Boolean)) record.seatLabels = table.names.map((name, seat) => name || t("seat", { n: seat }));
  const blob = new Blob([JSON.stringify(record, null, 2)], { type: "application/json" });
  const link = h("a", { href: URL.createObjectURL(blob), download: `${table.setup.gameId}.json` });
  document.body.append(link);
  link.click();
  link.remove();
}
