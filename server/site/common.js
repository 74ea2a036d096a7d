// What the table and the record viewer share: calls to the service, the page's words, and small DOM helpers.
// The service's own words (labels, prompts, log lines, score lines) come from the service in the chosen
// language; the page's words (buttons, headings) come from words.js.

import { WORDS } from "./words.js";

export const SERVICE = "/rulesengine.v1.RulesEngineService/";
export const LOCALES = ["en", "hu", "de"];
const LOCALE_KEY = "rulesengine.locale";

/** The language the page speaks: the one chosen before, else the browser's first supported one. */
export function locale() {
  const chosen = localStorage.getItem(LOCALE_KEY);
  if (LOCALES.includes(chosen)) return chosen;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (LOCALES.includes(base)) return base;
  }
  return "en";
}

export function setLocale(code) {
  localStorage.setItem(LOCALE_KEY, code);
}

/** A page word by its key, with {name} placeholders filled in. */
export function t(key, params = {}) {
  const table = WORDS[locale()] || WORDS.en;
  const template = table[key] ?? WORDS.en[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/** The words of a service `Text` (or a plain string) in the page's language. */
export function say(text) {
  if (text == null) return "";
  if (typeof text === "string") return text;
  return text.localized || text.english || "";
}

/** A failed call: the service's error code, its message and, for an illegal move, its violations. */
export class ServiceError extends Error {
  constructor(code, message, details) {
    super(message);
    this.code = code;
    this.details = details || [];
  }

  /** The ErrorInfo reason, when the service gave one (e.g. "RULES_VERSION_MISMATCH"). */
  get reason() {
    const info = this.details.find((d) => d.type === "google.rpc.ErrorInfo");
    return info && info.debug ? info.debug.reason || "" : "";
  }
}

/** How long a busy server asked us to wait (RetryInfo), in milliseconds; `fallback` when it did not say. */
function retryDelay(error, fallback) {
  const info = error.details.find((d) => d.type === "google.rpc.RetryInfo");
  const delay = info && info.debug ? String(info.debug.retryDelay || "") : "";
  const seconds = parseFloat(delay);
  return Number.isFinite(seconds) ? Math.max(50, seconds * 1000) : fallback;
}

const BUSY_TRIES = 40;

/** One call of the service over Connect JSON, in the page's language; the answer as JSON. A busy server
 * (RESOURCE_EXHAUSTED: every search process at work) is asked again after the delay it names, a few times. */
export async function call(method, request) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await callOnce(method, request);
    } catch (error) {
      if (!(error instanceof ServiceError) || error.code !== "resource_exhausted" || attempt >= BUSY_TRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, retryDelay(error, 250) * Math.min(attempt, 8)));
    }
  }
}

async function callOnce(method, request) {
  let response;
  try {
    response = await fetch(SERVICE + method, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Accept-Language": locale() },
      body: JSON.stringify(request || {}),
    });
  } catch (error) {
    throw new ServiceError("unavailable", t("error.unreachable"));
  }
  const text = await response.text();
  let body = {};
  try {
    body = text ? JSON.parse(text) : {};
  } catch (error) {
    throw new ServiceError("internal", t("error.unreadable_answer", { status: response.status }));
  }
  if (!response.ok) throw new ServiceError(body.code || "unknown", body.message || response.statusText, body.details);
  return body;
}

/** An element: h("button", {id: "go", onclick: f}, "Go"). Strings become text nodes, never HTML. */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value == null || value === false) continue;
    if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else if (name === "dataset") Object.assign(node.dataset, value);
    else if (name in node && name !== "list") node[name] = value;
    else node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child == null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Replace what an element holds. */
export function fill(node, ...children) {
  node.replaceChildren();
  for (const child of children.flat()) {
    if (child == null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** A picture of the game as `viewer` sees it ({seat: n} or {spectator: {}}), as inline SVG. */
export async function picture(state, viewer, label) {
  const answer = await call("RenderView", { state, viewer, format: "IMAGE_FORMAT_SVG" });
  const source = new TextDecoder().decode(Uint8Array.from(atob(answer.image), (c) => c.charCodeAt(0)));
  const svg = new DOMParser().parseFromString(source, "image/svg+xml").documentElement;
  for (const node of svg.querySelectorAll("script, foreignObject")) node.remove();
  for (const node of [svg, ...svg.querySelectorAll("*")]) {
    for (const attribute of [...node.attributes]) {
      if (/^on/i.test(attribute.name) || /^\s*javascript:/i.test(attribute.value)) node.removeAttribute(attribute.name);
    }
  }
  const figure = h("figure", { className: "picture" });
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  figure.append(document.importNode(svg, true));
  return figure;
}

/** How a seat is called on the page: its name if it has one, else "Seat n" in the page's language. */
export function seatName(seat, names = []) {
  const name = names[seat];
  return name ? t("seat.named", { name, n: seat }) : t("seat", { n: seat });
}

/** A score sheet as a table: place, seat, total and every line of the breakdown. */
export function scoreTable(sheet, names = []) {
  const rows = [];
  for (const seat of [...(sheet.seats || [])].sort((a, b) => (a.place || 0) - (b.place || 0))) {
    const n = seat.seat || 0;
    const lines = (seat.entries || []).map((entry) =>
      h(
        "li",
        {},
        `${say(entry.categoryText) || entry.category}: ${entry.points || 0}`,
        entry.detail ? ` (${say(entry.detailText) || entry.detail})` : "",
      ),
    );
    rows.push(
      h(
        "tr",
        { className: (sheet.winners || []).includes(n) ? "winner" : "" },
        h("td", {}, String(seat.place || "")),
        h("th", { scope: "row" }, seatName(n, names)),
        h("td", { className: "total" }, String(seat.total || 0)),
        h("td", {}, h("ul", { className: "breakdown" }, lines), seat.tiebreak ? h("p", {}, say(seat.tiebreakText) || seat.tiebreak) : ""),
      ),
    );
  }
  return h(
    "table",
    { className: "scores", id: "scores" },
    h("caption", {}, sheet.final ? t("score.final") : t("score.provisional")),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("score.place")), h("th", { scope: "col" }, t("score.seat")), h("th", { scope: "col" }, t("score.total")), h("th", { scope: "col" }, t("score.breakdown")))),
    h("tbody", {}, rows),
  );
}

/** The log as a list: every public line, and the private lines of `seat` only (null: none). */
export function logList(entries, seat) {
  const items = [];
  for (const entry of entries) {
    if (entry.publicLine) items.push(h("li", { className: "public" }, say(entry.publicLine)));
    if (seat != null && entry.privateLine && (entry.seat || 0) === seat) {
      items.push(h("li", { className: "private" }, say(entry.privateLine)));
    }
  }
  const list = h("ol", { id: "log", className: "log", "aria-live": "polite" }, items);
  requestAnimationFrame(() => (list.scrollTop = list.scrollHeight)); // the latest lines in sight
  return list;
}

/** A message the user must see (a refusal, a lost connection), announced to screen readers. */
export function alertBox(error) {
  return h("p", { className: "alert", role: "alert", id: "error" }, error instanceof Error ? error.message : String(error));
}
