// The page's frame: the header (the two pages and the language) and which page the address asks for:
// `#/table` (the default) or `#/record` (optionally `#/record?url=<address of a record>`).

import { LOCALES, alertBox, fill, h, locale, setLocale, t } from "./common.js";
import { showTable } from "./table.js";
import { showViewer } from "./viewer.js";

const NAMES = { en: "English", hu: "Magyar", de: "Deutsch" };

function frame() {
  document.documentElement.lang = locale();
  document.title = t("app.title");
  document.querySelector(".skip").textContent = t("app.skip");
  const language = h(
    "select",
    { id: "locale", "aria-label": t("app.language") },
    LOCALES.map((code) => h("option", { value: code, selected: code === locale(), lang: code }, NAMES[code])),
  );
  language.addEventListener("change", () => {
    setLocale(language.value);
    route();
  });
  const page = (location.hash.split("?")[0] || "#/table").slice(2);
  const link = (name, href) => h("a", { href, id: `nav-${name}`, "aria-current": page === name ? "page" : false }, t(`app.nav_${name}`));
  fill(
    document.querySelector("header"),
    h("h1", {}, t("app.title")),
    h("nav", { "aria-label": t("app.pages") }, link("table", "#/table"), link("record", "#/record")),
    language,
  );
  return page;
}

async function route() {
  const page = frame();
  const root = document.querySelector("main");
  try {
    if (page === "record") {
      const query = new URLSearchParams(location.hash.split("?")[1] || "");
      await showViewer(root, query.get("url") || "");
    } else {
      await showTable(root);
    }
  } catch (error) {
    fill(root, alertBox(error));
  }
}

window.addEventListener("hashchange", route);
route();
