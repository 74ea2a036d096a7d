// The record viewer: open a game record (a file or a web address), see the service's verdict on it, and step
// through its moves with the picture as any seat or a spectator sees it, and the log. The verdict is
// ReplayGame's; the positions are the states NewGame and ApplyMove give, one move at a time, up to the first
// illegal move.

import { alertBox, call, fill, h, logList, picture, say, scoreTable, seatName, ServiceError, t } from "./common.js";

/** The viewer page; `address` (from the page's URL) opens a record at once. */
export async function showViewer(root, address) {
  const file = h("input", { type: "file", id: "record-file", accept: ".json,application/json" });
  const url = h("input", { type: "url", id: "record-url", value: address || "", placeholder: "https://…/game.json" });
  const body = h("div", { id: "record" });
  const open = async (text, name) => {
    fill(body, h("p", { role: "status" }, t("viewer.reading", { name })));
    await view(body, text, name);
  };
  file.addEventListener("change", async () => {
    if (file.files.length) open(await file.files[0].text(), file.files[0].name);
  });
  const load = async () => {
    try {
      const response = await fetch(url.value);
      if (!response.ok) throw new Error(t("viewer.fetch_failed", { status: response.status }));
      await open(await response.text(), url.value);
    } catch (error) {
      fill(body, alertBox(error));
    }
  };
  fill(
    root,
    h("h2", {}, t("viewer.title")),
    h(
      "div",
      { className: "open" },
      h("div", { className: "field" }, h("label", { htmlFor: "record-file" }, t("viewer.file")), file),
      h("form", { className: "field", onsubmit: (event) => (event.preventDefault(), load()) }, h("label", { htmlFor: "record-url" }, t("viewer.url")), url, h("button", { id: "record-load", type: "submit" }, t("viewer.open"))),
    ),
    body,
  );
  if (address) await load();
}

/** What the verdict says, as the `verify` command words it: ok, illegal, unfinished, unreadable, unsupported-version. */
function verdictOf(result, error) {
  if (error) return error.reason === "RULES_VERSION_MISMATCH" || error.code === "failed_precondition" ? "unsupported-version" : "unreadable";
  if (!result.legal) return "illegal";
  return (result.pending && (result.pending.seats || []).length) || !(result.score || {}).final ? "unfinished" : "ok";
}

async function view(body, text, name) {
  let record;
  try {
    record = JSON.parse(text);
    if (!record || typeof record !== "object" || !record.setup) throw new Error(t("viewer.not_a_record"));
  } catch (error) {
    return fill(body, h("p", { id: "verdict", className: "verdict unreadable" }, t("verdict.unreadable")), alertBox(error));
  }
  const refusal = await unplayable(record);
  if (refusal) {
    return fill(body, h("p", { id: "verdict", className: `verdict ${refusal.verdict}` }, t(`verdict.${refusal.verdict}`)), alertBox(refusal.why));
  }
  let result;
  try {
    result = (await call("ReplayGame", { record })).result;
  } catch (error) {
    const verdict = verdictOf(null, error instanceof ServiceError ? error : null);
    return fill(body, h("p", { id: "verdict", className: `verdict ${verdict}` }, t(`verdict.${verdict}`)), alertBox(error));
  }
  const moves = record.moves || [];
  const verdict = verdictOf(result);
  const illegal = result.illegalMoveIndex ?? null;
  const applied = result.movesApplied || 0;

  // Every position: the state before the first move, then after each move the service accepted.
  const positions = [];
  const progress = h("progress", { max: applied + 1, value: 0 });
  fill(body, h("p", { role: "status" }, t("viewer.positions", { count: applied + 1 })), progress);
  try {
    const started = await call("NewGame", { setup: record.setup, matchId: record.matchId || "" });
    positions.push({ state: started.state, pending: started.pending, log: null });
    for (let i = 0; i < applied; i++) {
      const after = await call("ApplyMove", { state: positions[i].state, move: moves[i] });
      positions.push({ state: after.state, pending: after.pending, log: { seat: moves[i].seat || 0, ...(after.log || {}) } });
      progress.value = i + 2;
    }
  } catch (error) {
    return fill(body, alertBox(error));
  }
  const names = record.seatLabels || [];
  const players = record.setup.players || 0;
  const seats = Math.max(players, ...((result.score || {}).seats || []).map((s) => (s.seat || 0) + 1));

  const viewer = h(
    "select",
    { id: "viewer" },
    h("option", { value: "spectator" }, t("viewer.spectator")),
    Array.from({ length: seats }, (_, seat) => h("option", { value: String(seat) }, seatName(seat, names))),
  );
  const position = h("p", { id: "position", "aria-live": "polite" });
  const here = h("div", { id: "here" });
  let at = 0;
  const last = positions.length - 1;

  async function show(index) {
    at = Math.max(0, Math.min(last, index));
    const seat = viewer.value === "spectator" ? null : Number(viewer.value);
    const state = positions[at].state;
    const figure = await picture(state, seat == null ? { spectator: {} } : { seat }, t("viewer.picture", { n: at }));
    const entries = positions.slice(1, at + 1).map((p) => p.log);
    const next = at === last && illegal != null ? illegalPanel(moves[illegal], result.violations || [], illegal, names) : "";
    fill(position, t("viewer.position", { n: at, count: moves.length }));
    fill(here, next, h("div", { id: "picture" }, figure), h("h3", {}, t("table.log")), logList(entries, seat));
    for (const [id, disabled] of [["first", at === 0], ["back", at === 0], ["forward", at === last], ["last", at === last]]) {
      body.querySelector(`#${id}`).disabled = disabled;
    }
  }

  const button = (id, label, go) => h("button", { id, onclick: () => show(go()) }, label);
  const steps = h(
    "div",
    { className: "steps", role: "group", "aria-label": t("viewer.steps") },
    button("first", t("viewer.first"), () => 0),
    button("back", t("viewer.back"), () => at - 1),
    button("forward", t("viewer.forward"), () => at + 1),
    button("last", t("viewer.last"), () => last),
    illegal != null ? button("jump-illegal", t("viewer.jump_illegal"), () => last) : "",
  );
  viewer.addEventListener("change", () => show(at));
  body.onkeydown = (event) => {
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
    const go = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: last }[event.key];
    if (go !== undefined) {
      event.preventDefault();
      show(go);
    }
  };
  const standings = result.score && result.legal ? scoreTable(result.score, names) : "";
  fill(
    body,
    h("p", { id: "verdict", className: `verdict ${verdict}` }, t(`verdict.${verdict}`), " ", verdictDetail(verdict, record, result, names)),
    h("p", {}, t("viewer.record_of", { name, game: record.setup.gameId, players, moves: moves.length })),
    h("div", { className: "field" }, h("label", { htmlFor: "viewer" }, t("viewer.as")), viewer),
    steps,
    position,
    here,
    standings ? h("section", { id: "standings" }, h("h3", {}, t(result.score.final ? "viewer.standings" : "viewer.standings_so_far")), standings) : "",
  );
  await show(illegal != null ? last : 0);
  body.tabIndex = -1;
}

/** Why the service would refuse the record outright (a game it does not play, another major rules version),
 * found from ListGames so the page need not send it; null when it is worth replaying. */
async function unplayable(record) {
  const { games } = await call("ListGames", {});
  const game = games.find((g) => g.gameId === record.setup.gameId);
  if (!game) return { verdict: "unreadable", why: t("viewer.unknown_game", { game: String(record.setup.gameId || "") }) };
  const major = (version) => String(version || "").split(".")[0];
  if (record.rulesVersion && major(record.rulesVersion) !== major(game.rulesVersion)) {
    return { verdict: "unsupported-version", why: t("viewer.other_rules", { record: record.rulesVersion, server: game.rulesVersion }) };
  }
  return null;
}

function verdictDetail(verdict, record, result, names) {
  if (verdict === "illegal") {
    const index = result.illegalMoveIndex || 0;
    const move = (record.moves || [])[index] || {};
    const first = (result.violations || [])[0];
    return t("verdict.illegal_detail", { n: index + 1, seat: seatName(move.seat || 0, names), why: first ? say(first.messageText) || first.message : "" });
  }
  if (verdict === "unfinished") return t("verdict.unfinished_detail", { moves: result.movesApplied || 0 });
  if (verdict === "ok") {
    const winners = ((result.score || {}).winners || []).map((s) => seatName(s, names)).join(", ");
    return t("verdict.ok_detail", { moves: result.movesApplied || 0, winners });
  }
  return "";
}

function illegalPanel(move, violations, index, names) {
  return h(
    "section",
    { id: "illegal", className: "illegal", "aria-labelledby": "illegal-title" },
    h("h3", { id: "illegal-title" }, t("viewer.illegal_title", { n: index + 1, seat: seatName((move || {}).seat || 0, names) })),
    h("ul", {}, violations.map((v) => h("li", {}, say(v.messageText) || v.message, v.code ? h("code", {}, ` ${v.code}`) : ""))),
    h("details", {}, h("summary", {}, t("viewer.move_as_sent")), h("pre", {}, JSON.stringify(move, null, 2))),
  );
}
