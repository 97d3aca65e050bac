// Classes: a month's schedule in my time zone, grouped by day, with the seats left and the
// price; a coach filter; and My classes (seats I hold, refunds, orders still being paid). Coaches
// publish from here.
import { dayIn, formatDay, formatInstant, shiftMonth, t, todayIn } from "../i18n.js";
import { icon } from "../icons.js";
import { el, emptyState, showProblem } from "../ui.js";
import { formatMoney } from "./money.js";

/** "19:00–20:00" in the class's own zone's wall time as the viewer's zone shows it. */
export function timeRange(item, timeZone) {
  const start = new Date(item.startsAt);
  const end = new Date(start.getTime() + item.durationMinutes * 60000);
  const options = { hour: "numeric", minute: "2-digit", timeZone };
  return `${formatInstant(start, options)}–${formatInstant(end, options)}`;
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
  return el("a", { class: "card class-card", href: `#/class/${item.id}`, "data-class": item.id, "data-seats": seats.tone },
    el("div", { class: "class-time" }, el("strong", { class: "figure-small" }, timeRange(item, timeZone))),
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

/** My classes: upcoming seats first, then what is past or refunded. */
function mineTab(session, body) {
  const list = el("div", { class: "stack", "aria-busy": "true" }, el("span", { class: "skeleton" }));
  body.replaceChildren(list);
  (async () => {
    try {
      const [{ items }, me] = await Promise.all([session.api("/v1/me/classes"), Promise.resolve(session.user)]);
      const zone = me?.timeZone;
      list.removeAttribute("aria-busy");
      if (!items.length) {
        list.replaceChildren(emptyState(icon("classes"), t("classes.mineEmpty"), el("a", { class: "button", href: "#/classes" }, t("classes.browse"))));
        return;
      }
      const now = Date.now();
      const upcoming = items.filter((b) => new Date(b.item.startsAt).getTime() > now).reverse();
      const rest = items.filter((b) => new Date(b.item.startsAt).getTime() <= now);
      const row = (b) => classCard(b.item, zone, el("p", { class: `order-state ${b.order.state}`, "data-order": b.order.id },
        t(`order.state.${b.order.state}`), b.order.reason ? ` · ${t(`order.reason.${b.order.reason}`)}` : ""));
      list.replaceChildren(
        ...(upcoming.length ? [el("h2", { class: "section-title" }, t("classes.upcoming")), ...upcoming.map(row)] : []),
        ...(rest.length ? [el("h2", { class: "section-title" }, t("classes.past")), ...rest.map(row)] : []));
    } catch (problem) {
      list.removeAttribute("aria-busy");
      showProblem(problem);
    }
  })();
}

export function classesView(session, { query }) {
  const me = session.user;
  const state = { month: (query.get("month") && /^\d{4}-\d{2}$/.test(query.get("month"))) ? query.get("month") : todayIn(me?.timeZone).slice(0, 7),
    coach: query.get("coach") || "" };
  const body = el("div", { class: "stack" });
  const tabs = el("div", { class: "segmented two", role: "tablist" });
  function select(tab) {
    for (const button of tabs.children) button.setAttribute("aria-selected", String(button.dataset.tab === tab));
    if (tab === "mine") mineTab(session, body); else scheduleTab(session, state, body);
  }
  tabs.append(...["schedule", "mine"].map((name) => el("button", { type: "button", role: "tab", "data-tab": name, onclick: () => select(name) },
    t(`classes.tab.${name}`))));
  select(query.get("tab") === "mine" ? "mine" : "schedule");
  const publish = ["coach", "admin"].includes(me.role) ? el("a", { class: "button quiet small", href: "#/class-editor", id: "class-new" }, t("classes.new")) : null;
  return [el("header", { class: "page-head" }, el("h1", {}, t("nav.classes")), publish), tabs, body];
}
