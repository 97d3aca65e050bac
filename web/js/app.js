// The browser app's shell: navigation, language, and one view per area.
import { accountView, signInView, signUpView } from "./account.js";
import { currentLanguage, dictionaries, pickLanguage, setCurrentLanguage, t } from "./i18n.js";
import { createSession } from "./session.js";
import { timerView } from "./training/timer.js";
import { editorView } from "./training/editor.js";
import { trainingView } from "./training/view.js";
import { clearProblems, el, emptyState, showProblem, toast } from "./ui.js";

// Icons as SVG paths (24×24, stroked): no icon font to download, no missing glyphs.
const icons = {
  home: "M3 11l9-8 9 8v10h-6v-6H9v6H3z",
  training: "M12 8v5l3 2M9 2h6M12 4a9 9 0 100 18 9 9 0 000-18z",
  accountability: "M4 12l5 5L20 6",
  community: "M8 11a3 3 0 100-6 3 3 0 000 6zm8 0a3 3 0 100-6 3 3 0 000 6zM2 20c0-3 3-5 6-5s6 2 6 5m0-4c1-1 2-1 3-1 3 0 5 2 5 5",
  health: "M12 20s-8-5-8-11a4 4 0 018-1 4 4 0 018 1c0 6-8 11-8 11z",
  classes: "M12 3l2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z",
  lifelog: "M12 21s-7-6-7-12a7 7 0 0114 0c0 6-7 12-7 12zm0-9a3 3 0 100-6 3 3 0 000 6z",
  signage: "M3 4h18v12H3zM8 20h8M12 16v4M7 12l3-3 3 2 4-4",
  more: "M5 12h.01M12 12h.01M19 12h.01",
  account: "M12 12a4 4 0 100-8 4 4 0 000 8zM4 21c0-4 4-6 8-6s8 2 8 6",
  unknown: "M9 9a3 3 0 116 0c0 2-3 2-3 5m0 4h.01",
};

export function icon(name) {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("class", "icon");
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS("http://www.w3.org/2000/svg", "path");
  path.setAttribute("d", icons[name] || icons.unknown);
  svg.append(path);
  return svg;
}

const areas = ["home", "training", "accountability", "community", "health", "classes", "lifelog", "signage"]
  .map((id) => ({ id, bar: ["home", "training", "community", "lifelog"].includes(id) }));

const session = createSession({ networkProblem: () => ({ title: t("problem.network"), detail: t("problem.networkDetail") }) });
const api = session.api;
// Pages that need a signed-in person send everybody else to sign in, then back.
const needsAccount = new Set(["account", "workout"]);

function route() {
  const id = (location.hash.replace(/^#\/?/, "").split("?")[0] || "home").split("/")[0];
  return id;
}

function renderNav(current) {
  const nav = document.getElementById("nav");
  const links = areas.map((area) => el("a", {
    href: `#/${area.id}`, class: area.bar ? null : "wide-only", "aria-current": area.id === current ? "page" : null,
  }, icon(area.id), el("span", {}, t(`nav.${area.id}`))));
  const more = el("a", { href: "#/more", class: "narrow-only", "aria-current": current === "more" ? "page" : null },
    icon("more"), el("span", {}, t("nav.more")));
  nav.replaceChildren(...links, more);
}

function areaCards(list) {
  return el("div", { class: "cards" }, list.map((area) => el("a", { class: "card", href: `#/${area.id}` },
    icon(area.id), el("h2", {}, t(`nav.${area.id}`)),
    el("p", { class: "muted" }, t(`area.${area.id}`)))));
}

function renderAccountChip() {
  const chip = document.getElementById("account-chip");
  const user = session.user;
  chip.replaceChildren(icon("account"), el("span", {}, user ? user.displayName : t("auth.signIn")));
  chip.href = user ? "#/account" : "#/signin";
  chip.setAttribute("aria-label", user ? t("account.title") : t("auth.signIn"));
}

async function homeView() {
  const dot = el("span", { class: "dot" });
  const line = el("span", { class: "muted", id: "server-status" }, el("span", { class: "skeleton", "aria-label": t("status.checking") }));
  const greeting = session.user ? t("auth.greeting", { name: session.user.displayName }) : t("home.title");
  const view = [el("h1", {}, greeting), el("p", { class: "muted" }, t("home.lead")),
    el("div", { class: "status card" }, dot, line), areaCards(areas.filter((a) => a.id !== "home"))];
  queueMicrotask(async () => {
    try {
      const meta = await api("/v1/meta");
      dot.classList.add("ok");
      line.textContent = t("status.ok", { version: meta.version, database: meta.database });
    } catch (problem) {
      dot.classList.add("bad");
      line.textContent = t("status.down");
      showProblem(problem);
    }
  });
  return view;
}

function areaView(id) {
  const area = areas.find((a) => a.id === id);
  if (!area) {
    return [el("h1", {}, t("empty.title")), emptyState(icon("unknown"), t("empty.notfound"), el("a", { class: "button", href: "#/home" }, t("action.home")))];
  }
  return [el("h1", {}, t(`nav.${id}`)), el("p", { class: "muted" }, t(`area.${id}`)), emptyState(icon(id), t(`empty.${id}`))];
}

function moreView() {
  return [el("h1", {}, t("nav.more")), el("p", { class: "muted" }, t("empty.more")), areaCards(areas.filter((a) => !a.bar))];
}

function titleOf(current) {
  if (current === "home") return "Yaruki";
  const key = { signin: "auth.signIn", signup: "auth.signUp", account: "account.title", timer: "timer.title",
    workout: "editor.newTitle" }[current] ?? `nav.${current}`;
  return `${t(key)} · Yaruki`;
}

// The catalog rarely changes: fetched once per page load, for names in every language.
let catalog = null;
async function exercises() {
  if (!catalog) catalog = api("/v1/exercises").then((reply) => reply.items).catch((problem) => { catalog = null; throw problem; });
  return catalog;
}

let openView = null;

async function render() {
  const current = route();
  openView?.close?.();
  openView = null;
  renderNav(current === "timer" || current === "workout" ? "training" : current);
  renderAccountChip();
  document.querySelectorAll("[data-i18n]").forEach((node) => { node.textContent = t(node.dataset.i18n); });
  const view = document.getElementById("view");
  const next = new URLSearchParams(location.hash.split("?")[1] || "").get("next") || "#/home";
  if (needsAccount.has(current) && !session.user) {
    location.replace(`#/signin?next=${encodeURIComponent(`#/${current}`)}`);
    return;
  }
  if ((current === "signin" || current === "signup") && session.user) {
    location.replace(next);
    return;
  }
  let content;
  if (current === "training" || current === "timer" || current === "workout") {
    let list = [];
    try { list = await exercises(); } catch (problem) { showProblem(problem); }
    const part = location.hash.split("?")[0].split("/")[2];
    const context = { exercises: list, language: currentLanguage(), icon, workoutId: part && part !== "new" ? part : null };
    content = current === "timer" ? timerView(session, context) : current === "workout" ? editorView(session, context)
      : trainingView(session, context);
  } else {
    content = current === "home" ? await homeView() : current === "more" ? moreView()
      : current === "signin" ? signInView(session, next) : current === "signup" ? signUpView(session, next)
      : current === "account" ? accountView(session) : areaView(current);
  }
  openView = content;
  view.replaceChildren(...content);
  document.body.dataset.view = current;
  document.title = titleOf(current);
}

function applyLanguage(language, announce = false) {
  const chosen = setCurrentLanguage(language);
  document.documentElement.lang = chosen;
  document.getElementById("language").value = chosen;
  if (announce) toast(t("toast.language"));
  return render();
}

async function start() {
  let saved = null;
  try { saved = localStorage.getItem("yaruki.language"); } catch { /* private mode */ }
  const picker = document.getElementById("language");
  picker.addEventListener("change", () => {
    try { localStorage.setItem("yaruki.language", picker.value); } catch { /* private mode */ }
    clearProblems();
    applyLanguage(picker.value, true);
  });
  window.addEventListener("hashchange", () => { clearProblems(); render(); });
  setCurrentLanguage(pickLanguage(navigator.languages || [navigator.language], saved));
  // Reloading signs the person back in silently, before the first page is drawn.
  try { await session.restore(); } catch (problem) { showProblem(problem); }
  let wasSignedIn = session.user !== null;
  session.onChange((user) => {
    if (wasSignedIn && !user && !["signin", "signup"].includes(route())) {
      toast(t("account.sessionEnded"));
      location.hash = "#/signin";
    }
    wasSignedIn = user !== null;
    renderAccountChip();
  });
  applyLanguage(pickLanguage(navigator.languages || [navigator.language], saved));
  document.body.dataset.ready = "true";
  // Once loaded, the app (and the timer in it) keeps working without a network.
  if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => {});
}

// For the browser tests and the console.
window.yaruki = { api, session, showProblem, t, languages: Object.keys(dictionaries), applyLanguage };
start();
