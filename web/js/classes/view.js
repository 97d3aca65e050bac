// Classes: a month's schedule in my time zone, grouped by day, with the seats left and the
// price; a coach filter; and My classes (seats I hold, refunds, orders still being paid). Coaches
// publish from here.
import { currentLanguage, dayIn, formatDay, formatInstant, shiftMonth, t, todayIn } from "../i18n.js";
import { icon } from "../icons.js";
import { el, emptyState, showProblem } from "../ui.js";
import { formatMoney } from "./money.js";

/** "19:00–20:00" on the clock of `timeZone`. */
export function timeRange(item, timeZone) {
  const start = new Date(item.startsAt);
  const end = new Date(start.getTime() + item.durationMinutes * 60000);
  const options = { hour: "numeric", minute: "2-digit", timeZone };
  return `${formatInstant(start, options)}–${formatInstant(end, options)}`;
}

/** The zone a class is told in: an in-person class's own (the clock on the studio's wall, where
 * people must be), an online one's the viewer's (joined from wherever they are). */
export function classZone(item, viewerZone) {
  return item.online ? (viewerZone || item.timeZone) : (item.timeZone || viewerZone);
}

/** A zone named as its place ("Seoul", "ソウル", "서울"): the city of its id, in the language. */
export function zoneCity(zone, language = currentLanguage()) {
  const key = `zone.${zone}`;
  const named = t(key, {}, language);
  return named !== key ? named : zone.split("/").pop().replaceAll("_", " ");
}

/** When a class is, with its date, on the clock it is told in, naming that clock's place when it
 * is not the viewer's own: "Tue, Dec 8 · 7:00–8:00 AM Seoul". */
export function classWhen(item, viewerZone, { weekday = "short", month = "short" } = {}) {
  const zone = classZone(item, viewerZone);
  const day = formatInstant(item.startsAt, { weekday, month, day: "numeric", timeZone: zone });
  const place = zone && viewerZone && zone !== viewerZone ? ` ${zoneCity(zone)}` : "";
  return { day, time: `${timeRange(item, zone)}${place}`, zone };
}

/** The seats line and its tone: open with seats, few left, full, cancelled. */
export function seatsLabel(item) {
  if (item.state === "cancelled") return { text: t("classes.cancelled"), tone: "cancelled" };
  if (item.seatsLeft === 0) return { text: t("classes.full"), tone: "full" };
  if (item.seatsLeft <= 2) return { text: t("classes.seatsLeft", { n: item.seatsLeft }), tone: "few" };
  return { text: t("classes.seatsLeft", { n: item.seatsLeft }), tone: "open" };
}

export function classCard(item, timeZone, extra = null) {
  const seats = seatsLabel(item);
  const when = classWhen(item, timeZone);
  return el("a", { class: "card class-card", href: `#/class/${item.id}`, "data-class": item.id, "data-seats": seats.tone, "data-zone": when.zone },
    el("div", { class: "class-time" }, el("span", { class: "class-date muted small" }, when.day), el("strong", { class: "figure-small" }, when.time)),
    el("div", { class: "class-main" },
      el("h3", {}, item.title),
      el("p", { class: "muted small" }, [item.coach.displayName, item.place || (item.online ? t("classes.online") : null)].filter(Boolean).join(" · ")),
      el("p", { class: "class-meta" },
        el("span", { class: "class-price" }, formatMoney(item.price, item.currency)),
        el("span", { class: item.booked ? "seats" : `seats ${seats.tone}` }, seats.text),
        item.booked ? el("span", { class: "badge ok" }, t("classes.booked")) : null)),
    extra);
}

function scheduleTab(session, state, body) {
  const title = el("h2", { id: "classes-month" });
  const coach = el("select", { id: "classes-coach", "aria-label": t("classes.coachFilter") });
  const list = el("div", { class: "stack", "aria-busy": "true" }, el("span", { class: "skeleton" }));
  async function load() {
    list.setAttribute("aria-busy", "true");
    title.textContent = formatDay(`${state.month}-01`, { year: "numeric", month: "long" });
    try {
      const query = new URLSearchParams({ month: state.month });
      if (state.coach) query.set("coach", state.coach);
      const reply = await session.api(`/v1/classes?${query}`);
      const zone = reply.timeZone;
      coach.replaceChildren(el("option", { value: "" }, t("classes.allCoaches")),
        ...reply.coaches.map((c) => el("option", { value: c.id, selected: c.id === state.coach }, c.displayName)));
      list.removeAttribute("aria-busy");
      if (!reply.items.length) {
        list.replaceChildren(emptyState(icon("classes"), state.coach ? t("classes.emptyCoach") : t("classes.empty")));
        return;
      }
      const days = new Map();
      for (const item of reply.items) {
        const day = dayIn(zone, item.startsAt);
        if (!days.has(day)) days.set(day, []);
        days.get(day).push(item);
      }
      list.replaceChildren(...[...days].map(([day, items]) => el("section", { class: "class-day", "data-day": day },
        el("h3", { class: "class-day-title" }, formatDay(day, { weekday: "short", month: "short", day: "numeric" })),
        el("div", { class: "stack" }, items.map((item) => classCard(item, zone))))));
    } catch (problem) {
      list.removeAttribute("aria-busy");
      showProblem(problem);
    }
  }
  coach.addEventListener("change", () => { state.coach = coach.value; load(); });
  const nav = el("div", { class: "toolbar" },
    el("button", { type: "button", class: "button quiet small", id: "classes-prev", "aria-label": t("classes.prevMonth"),
      onclick: () => { state.month = shiftMonth(state.month, -1); load(); } }, "‹"),
    title,
    el("button", { type: "button", class: "button quiet small", id: "classes-next", "aria-label": t("classes.nextMonth"),
      onclick: () => { state.month = shiftMonth(state.month, 1); load(); } }, "›"));
  body.replaceChildren(nav, el("div", { class: "field" }, coach), list);
  load();
}

/** A tab of classes split at now: "Upcoming" (soonest first), then "Past" (latest first), each
 * drawn by `row`; `empty` when there are none. */
function timedTab(body, { id, items: read, empty, row }) {
  const list = el("div", { class: "stack", id, "aria-busy": "true" }, el("span", { class: "skeleton" }));
  body.replaceChildren(list);
  (async () => {
    try {
      const items = await read();
      list.removeAttribute("aria-busy");
      if (!items.length) { list.replaceChildren(empty()); return; }
      const now = Date.now();
      const at = (x) => new Date(x.item.startsAt).getTime();
      const upcoming = items.filter((x) => at(x) > now).sort((a, b) => at(a) - at(b));
      const past = items.filter((x) => at(x) <= now).sort((a, b) => at(b) - at(a));
      list.replaceChildren(
        ...(upcoming.length ? [el("h2", { class: "section-title" }, t("classes.upcoming")), ...upcoming.map(row)] : []),
        ...(past.length ? [el("h2", { class: "section-title" }, t("classes.past")), ...past.map(row)] : []));
    } catch (problem) {
      list.removeAttribute("aria-busy");
      showProblem(problem);
    }
  })();
}

/** My classes: upcoming seats first, then what is past or refunded. */
function mineTab(session, body) {
  const zone = session.user?.timeZone;
  timedTab(body, { id: "classes-mine", items: async () => (await session.api("/v1/me/classes")).items,
    empty: () => emptyState(icon("classes"), t("classes.mineEmpty"), el("a", { class: "button", href: "#/classes" }, t("classes.browse"))),
    row: (b) => classCard(b.item, zone, el("p", { class: `order-state ${b.order.state}`, "data-order": b.order.id },
      t(`order.state.${b.order.state}`), b.order.reason ? ` · ${t(`order.reason.${b.order.reason}`)}` : "")) });
}

/** Classes I teach (coaches and admins): upcoming first, then the last 30 days, each with its
 * seats taken and what it took; the roster is on the class's page. */
function teachingTab(session, body) {
  const zone = session.user?.timeZone;
  timedTab(body, { id: "classes-teaching", items: async () => (await session.api("/v1/me/teaching")).items,
    empty: () => emptyState(icon("classes"), t("classes.teachingEmpty"), el("a", { class: "button", href: "#/class-editor" }, t("classes.new"))),
    row: ({ item, revenue }) => classCard(item, zone, el("p", { class: "teaching-line", "data-taught": item.id },
      el("span", { class: "teaching-seats" }, t("classes.seatsTaken", { n: item.capacity - item.seatsLeft, capacity: item.capacity })),
      el("span", { class: "teaching-revenue" }, t("classes.took", { amount: formatMoney(revenue.net, revenue.currency) })))) });
}

export function classesView(session, { query }) {
  const me = session.user;
  const state = { month: (query.get("month") && /^\d{4}-\d{2}$/.test(query.get("month"))) ? query.get("month") : todayIn(me?.timeZone).slice(0, 7),
    coach: query.get("coach") || "" };
  const teaches = ["coach", "admin"].includes(me.role);
  const names = teaches ? ["schedule", "mine", "teaching"] : ["schedule", "mine"];
  const body = el("div", { class: "stack" });
  const tabs = el("div", { class: teaches ? "segmented" : "segmented two", role: "tablist" });
  function select(tab) {
    for (const button of tabs.children) button.setAttribute("aria-selected", String(button.dataset.tab === tab));
    if (tab === "mine") mineTab(session, body); else if (tab === "teaching") teachingTab(session, body); else scheduleTab(session, state, body);
  }
  tabs.append(...names.map((name) => el("button", { type: "button", role: "tab", "data-tab": name, id: `classes-tab-${name}`, onclick: () => select(name) },
    t(`classes.tab.${name}`))));
  select(names.includes(query.get("tab")) ? query.get("tab") : "schedule");
  const publish = teaches ? el("a", { class: "button quiet small", href: "#/class-editor", id: "class-new" }, t("classes.new")) : null;
  return [el("header", { class: "page-head" }, el("h1", {}, t("nav.classes")), publish), tabs, body];
}
