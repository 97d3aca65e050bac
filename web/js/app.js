// The browser app's shell: navigation, language, and one view per area.
import { accountView, signInView, signUpView } from "./account.js";
import { currentLanguage, dictionaries, pickLanguage, setCurrentLanguage, t } from "./i18n.js";
import { createSession } from "./session.js";
import { timerView } from "./training/timer.js";
import { editorView } from "./training/editor.js";
import { trainingView } from "./training/view.js";
import { accountabilityView, joinGroup, liveStandings, showGroups } from "./accountability/view.js";
import { calendarView } from "./accountability/calendar.js";
import { recordView } from "./accountability/record.js";
import { myWeek } from "./accountability/standings.js";
import { communityView } from "./community/feed.js";
import { postView } from "./community/post.js";
import { composeView } from "./community/compose.js";
import { routinesView } from "./community/routines.js";
import { routineEditorView } from "./community/routine-editor.js";
import { notificationsView, watchUnread } from "./community/notifications.js";
import { signageView } from "./signage/manage.js";
import { wallView } from "./signage/wall.js";
import { lifelogView } from "./lifelog/view.js";
import { playbackView } from "./lifelog/playback.js";
import { clearProblems, el, emptyState, showProblem, toast } from "./ui.js";
import { icon } from "./icons.js";

const areas = ["home", "training", "accountability", "community", "health", "classes", "lifelog", "signage"]
  .map((id) => ({ id, bar: ["home", "training", "community", "lifelog"].includes(id) }));

const session = createSession({ networkProblem: () => ({ title: t("problem.network"), detail: t("problem.networkDetail") }) });
const api = session.api;
// Pages that need a signed-in person send everybody else to sign in, then back.
const needsAccount = new Set(["account", "workout", "accountability", "calendar", "record", "join", "community", "post", "compose", "routines", "routine",
  "notifications", "signage", "lifelog", "playback"]);
// Pages that belong to an area of the bar.
const areaOf = { timer: "training", workout: "training", calendar: "accountability", record: "accountability", join: "accountability",
  post: "community", compose: "community", routines: "community", routine: "community", notifications: "community", playback: "lifelog" };

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

// The bell counts unread notifications while someone is signed in.
let unread = null;
function renderBell() {
  const bell = document.getElementById("bell");
  bell.hidden = !session.user;
  bell.setAttribute("aria-label", t("notifications.bell"));
  if (session.user && !unread) {
    bell.replaceChildren(icon("bell"), document.getElementById("bell-badge") || el("span", { class: "bell-badge", id: "bell-badge", hidden: true }));
    unread = watchUnread(session, document.getElementById("bell-badge"));
  } else if (!session.user && unread) {
    unread.close();
    unread = null;
  }
}

function renderAccountChip() {
  const chip = document.getElementById("account-chip");
  const user = session.user;
  chip.replaceChildren(icon("account"), el("span", {}, user ? user.displayName : t("auth.signIn")));
  chip.href = user ? "#/account" : "#/signin";
  chip.setAttribute("aria-label", user ? t("account.title") : t("auth.signIn"));
}

/** Home for a signed-in person: this week against the quota, and each group's split. */
function weekSection() {
  const language = currentLanguage();
  const mine = el("div", { class: "card", "aria-busy": "true" }, el("span", { class: "skeleton" }));
  const groups = el("div", { class: "stack" });
  const cards = new Map();
  const live = el("span", { class: "dot", title: t("standings.live") });
  (async () => {
    try {
      const [quota, { items }] = await Promise.all([api("/v1/me/quota"), api("/v1/groups")]);
      mine.removeAttribute("aria-busy");
      mine.replaceChildren(el("h2", {}, t("quota.title")), myWeek(quota.week, language),
        el("a", { class: "button wide", href: "#/record", id: "home-record" }, t("proof.record")));
      showGroups(groups, cards, items, session, language, { manage: false,
        empty: emptyState(icon("accountability"), t("home.noGroup"), el("a", { class: "button", href: "#/accountability" }, t("groups.create"))) });
    } catch (problem) { showProblem(problem); }
  })();
  const stream = liveStandings(session, cards, live);
  return { nodes: [el("h2", { class: "section-title with-dot" }, t("home.week"), live), mine, groups], close: () => stream.close() };
}

async function homeView() {
  const dot = el("span", { class: "dot" });
  const line = el("span", { class: "muted", id: "server-status" }, el("span", { class: "skeleton", "aria-label": t("status.checking") }));
  const greeting = session.user ? t("auth.greeting", { name: session.user.displayName }) : t("home.title");
  const week = session.user ? weekSection() : null;
  const view = [el("h1", {}, greeting), el("p", { class: "muted" }, t("home.lead")),
    ...(week ? week.nodes : [el("div", { class: "card" }, el("p", { class: "muted" }, t("home.signIn")),
      el("a", { class: "button", href: "#/signin" }, t("auth.signIn")))]),
    el("h2", { class: "section-title" }, t("nav.more")),
    el("div", { class: "status card" }, dot, line), areaCards(areas.filter((a) => a.id !== "home"))];
  view.close = () => week?.close();
  meta().then((info) => {
    dot.classList.add("ok");
    line.textContent = t("status.ok", { version: info.version, database: info.database });
  }, (problem) => {
    dot.classList.add("bad");
    line.textContent = t("status.down");
    showProblem(problem);
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
    workout: "editor.newTitle", calendar: "calendar.title", record: "proof.title", join: "groups.join", post: "post.title",
    compose: "compose.title", routines: "community.routines", routine: "routineEditor.editTitle",
    notifications: "notifications.title", playback: "playback.title" }[current] ?? `nav.${current}`;
  return `${t(key)} · Yaruki`;
}

// The catalog rarely changes: fetched once per page load, for names in every language.
let catalog = null;
async function exercises() {
  if (!catalog) catalog = api("/v1/exercises").then((reply) => reply.items).catch((problem) => { catalog = null; throw problem; });
  return catalog;
}

// Server facts (version, upload limit): once per page load.
let metaInfo = null;
function meta() {
  if (!metaInfo) metaInfo = api("/v1/meta").catch((problem) => { metaInfo = null; throw problem; });
  return metaInfo;
}

/** #/join?code=…: the invite link. Joins, then shows the group. */
function joinView() {
  const code = new URLSearchParams(location.hash.split("?")[1] || "").get("code") || "";
  const status = el("p", { class: "muted" }, el("span", { class: "skeleton" }));
  joinGroup(session, code).then((group) => {
    toast(t("groups.joined", { name: group.name }));
    location.replace("#/accountability");
  }, (problem) => {
    status.replaceChildren(el("a", { class: "button", href: "#/accountability" }, t("nav.accountability")));
    showProblem(problem);
  });
  return [el("h1", {}, t("groups.join")), status];
}

let openView = null;

async function render() {
  const current = route();
  openView?.close?.();
  openView = null;
  renderNav(areaOf[current] || current);
  renderAccountChip();
  renderBell();
  document.querySelectorAll("[data-i18n]").forEach((node) => { node.textContent = t(node.dataset.i18n); });
  const view = document.getElementById("view");
  const next = new URLSearchParams(location.hash.split("?")[1] || "").get("next") || "#/home";
  if (needsAccount.has(current) && !session.user) {
    location.replace(`#/signin?next=${encodeURIComponent(location.hash || `#/${current}`)}`);
    return;
  }
  if ((current === "signin" || current === "signup") && session.user) {
    location.replace(next);
    return;
  }
  let content;
  if (current === "wall") {
    const params = new URLSearchParams(location.hash.split("?")[1] || "");
    content = wallView({ boardId: location.hash.split("?")[0].split("/")[2], token: params.get("token") || "", session });
  } else if (current === "lifelog") {
    let list = [];
    try { list = await exercises(); } catch (problem) { showProblem(problem); }
    content = lifelogView(session, { language: currentLanguage(), exercises: list, maxPhotoBytes: await meta().then((m) => m.maxPhotoBytes, () => null) });
  } else if (current === "playback") {
    content = playbackView(session, { language: currentLanguage() });
  } else if (current === "signage") {
    content = signageView(session, { language: currentLanguage(), icon });
  } else if (current === "routines" || current === "routine") {
    let list = [];
    try { list = await exercises(); } catch (problem) { showProblem(problem); }
    const part = location.hash.split("?")[0].split("/")[2];
    content = current === "routines" ? routinesView(session, { language: currentLanguage(), exercises: list })
      : routineEditorView(session, { language: currentLanguage(), exercises: list, routineId: part && part !== "new" ? part : null });
  } else if (current === "notifications") {
    content = notificationsView(session, { language: currentLanguage(), onRead: () => unread?.show(0) });
  } else if (current === "training" || current === "timer" || current === "workout") {
    let list = [];
    try { list = await exercises(); } catch (problem) { showProblem(problem); }
    const part = location.hash.split("?")[0].split("/")[2];
    const context = { exercises: list, language: currentLanguage(), icon, workoutId: part && part !== "new" ? part : null };
    content = current === "timer" ? timerView(session, context) : current === "workout" ? editorView(session, context)
      : trainingView(session, context);
  } else if (current === "accountability" || current === "calendar" || current === "record") {
    let list = [];
    try { list = await exercises(); } catch (problem) { showProblem(problem); }
    const context = { exercises: list, language: currentLanguage(), icon };
    if (current === "record") context.maxUploadBytes = await meta().then((m) => m.maxUploadBytes, () => null);
    content = current === "accountability" ? accountabilityView(session, context) : current === "calendar" ? calendarView(session, context)
      : recordView(session, context);
  } else if (current === "community" || current === "post" || current === "compose") {
    const context = { language: currentLanguage(), postId: location.hash.split("?")[0].split("/")[2] };
    if (current === "compose") context.maxPhotoBytes = await meta().then((m) => m.maxPhotoBytes, () => null);
    content = current === "community" ? communityView(session, context) : current === "post" ? postView(session, context)
      : composeView(session, context);
  } else {
    content = current === "home" ? await homeView() : current === "join" ? joinView() : current === "more" ? moreView()
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
    renderBell();
  });
  applyLanguage(pickLanguage(navigator.languages || [navigator.language], saved));
  document.body.dataset.ready = "true";
  // Once loaded, the app (and the timer in it) keeps working without a network.
  if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => {});
}

// For the browser tests and the console.
window.yaruki = { api, session, showProblem, t, languages: Object.keys(dictionaries), applyLanguage };
start();
