// The shell's own pages: Home (this week and each group's split for a signed-in person), More,
// and the invite link that joins a group.
import { t } from "./i18n.js";
import { icon } from "./icons.js";
import { el, emptyState, showProblem, toast } from "./ui.js";
import { joinGroup, liveStandings, showGroups } from "./accountability/view.js";
import { myWeek } from "./accountability/standings.js";

/** The areas of the app; `bar` ones sit in the phone's tab bar, the rest under More; one with a
 * `role` is shown only to people with it (Signage: admins set up the walls; Moderation: admins
 * decide on what was reported). */
const roles = { signage: "admin", moderation: "admin" };
export const areas = ["home", "training", "accountability", "community", "health", "classes", "lifelog", "signage", "moderation"]
  .map((id) => ({ id, bar: ["home", "training", "community", "lifelog"].includes(id), role: roles[id] || null }));

/** The areas a person is shown (a guest: those without a role). */
export function areasFor(user) {
  return areas.filter((area) => !area.role || user?.role === area.role);
}

function areaCards(list) {
  return el("div", { class: "cards" }, list.map((area) => el("a", { class: "card", href: `#/${area.id}` },
    icon(area.id), el("h2", {}, t(`nav.${area.id}`)),
    el("p", { class: "muted" }, t(`area.${area.id}`)))));
}

/** Home for a signed-in person: this week against the quota, and each group's split. */
function weekSection(session) {
  const mine = el("div", { class: "card", "aria-busy": "true" }, el("span", { class: "skeleton" }));
  const groups = el("div", { class: "stack" });
  const cards = new Map();
  const live = el("span", { class: "dot", title: t("standings.live") });
  (async () => {
    try {
      const [quota, { items }] = await Promise.all([session.api("/v1/me/quota"), session.api("/v1/groups")]);
      mine.removeAttribute("aria-busy");
      mine.replaceChildren(el("h2", {}, t("quota.title")), myWeek(quota.week),
        el("a", { class: "button wide", href: "#/record", id: "home-record" }, t("proof.record")));
      showGroups(groups, cards, items, session, { manage: false,
        empty: emptyState(icon("accountability"), t("home.noGroup"), el("a", { class: "button", href: "#/accountability" }, t("groups.create"))) });
    } catch (problem) { showProblem(problem); }
  })();
  const stream = liveStandings(session, cards, live);
  return { nodes: [el("h2", { class: "section-title with-dot" }, t("home.week"), live), mine, groups], close: () => stream.close() };
}

/** Signed out: what Yaruki is, what it does, and the way in. */
function welcome() {
  const features = ["training", "accountability", "community", "lifelog", "health", "classes"];
  return [el("h1", {}, t("home.title")), el("p", { class: "lead" }, t("home.pitch")),
    el("div", { class: "actions" }, el("a", { class: "button", href: "#/signup", id: "home-signup" }, t("auth.signUp")),
      el("a", { class: "button quiet", href: "#/signin" }, t("auth.signIn"))),
    el("ul", { class: "features" }, features.map((id) => el("li", {}, icon(id),
      el("div", {}, el("strong", {}, t(`nav.${id}`)), el("p", { class: "muted small" }, t(`area.${id}`)))))),
    el("a", { class: "button quiet wide", href: "#/timer" }, t("home.tryTimer"))];
}

/** The server's version and database: for admins, who run it; members never need them. */
function serverLine(serverInfo) {
  const dot = el("span", { class: "dot" });
  const line = el("span", { class: "muted", id: "server-status" }, el("span", { class: "skeleton", "aria-label": t("status.checking") }));
  serverInfo().then((info) => {
    dot.classList.add("ok");
    line.textContent = t("status.ok", { version: info.version, database: info.database });
  }, (problem) => {
    dot.classList.add("bad");
    line.textContent = t("status.down");
    showProblem(problem);
  });
  return el("div", { class: "status card" }, dot, line);
}

export function homeView({ session, serverInfo }) {
  if (!session.user) return welcome();
  const week = weekSection(session);
  const view = [el("h1", {}, t("auth.greeting", { name: session.user.displayName })), ...week.nodes,
    session.user.role === "admin" ? serverLine(serverInfo) : null].filter(Boolean);
  view.close = () => week.close();
  return view;
}

export function notFoundView() {
  return [el("h1", {}, t("empty.title")), emptyState(icon("unknown"), t("empty.notfound"), el("a", { class: "button", href: "#/home" }, t("action.home")))];
}

export function moreView({ session }) {
  return [el("h1", {}, t("nav.more")), el("p", { class: "muted" }, t("empty.more")), areaCards(areasFor(session.user).filter((a) => !a.bar))];
}

/** #/join?code=…: the invite link. Joins, then shows the group. */
export function joinView({ session, query }) {
  const status = el("p", { class: "muted" }, el("span", { class: "skeleton" }));
  joinGroup(session, query.get("code") || "").then((group) => {
    toast(t("groups.joined", { name: group.name }));
    location.replace("#/accountability");
  }, (problem) => {
    status.replaceChildren(el("a", { class: "button", href: "#/accountability" }, t("nav.accountability")));
    showProblem(problem);
  });
  return [el("h1", {}, t("groups.join")), status];
}
