// The wall screen: a board's running total counting up to each new figure, per-channel
// subtotals, an hourly bar strip and the way to the goal, live over the board's stream. Dark,
// large, no navigation. Updates that come faster than an animation lasts retarget it from the
// figure on screen, so the count never jumps back or stutters.
import { currentLanguage, formatNumber, t } from "../i18n.js";
import { el } from "../ui.js";
import { applyChange } from "./board.js";
import { createCountUp, formatMoney, isMoving, retarget, valueAt } from "./countup.js";

// `token` is the wall link's secret; without one, a signed-in admin's own access opens the wall.
export function wallView({ boardId, token, session }) {
  const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  const title = el("h1", { class: "wall-title" });
  const total = el("output", { class: "wall-total", id: "wall-total", "aria-live": "off" }, "—");
  const sales = el("p", { class: "wall-sales muted" });
  const span = el("p", { class: "wall-span muted", id: "wall-span" });
  const gone = el("p", { class: "wall-gone", id: "wall-gone", role: "alert", hidden: true }, t("wall.gone"));
  const dot = el("span", { class: "dot", id: "wall-dot", title: t("wall.connecting") });
  const goal = el("div", { class: "wall-goal", hidden: true }, el("div", { class: "bar" }, el("span", {})), el("p", { class: "muted" }));
  const channels = el("ul", { class: "wall-channels" });
  const hours = el("div", { class: "wall-hours", "aria-hidden": "true" });
  const axis = el("div", { class: "wall-axis", id: "wall-axis", "aria-hidden": "true" });
  const pace = el("section", { class: "wall-pace", id: "wall-pace", hidden: true, "aria-label": t("wall.pace") });
  const paceLines = el("div", { class: "pace-chart", id: "wall-pace-chart", hidden: true });
  const clock = () => performance.now() / 1000;
  let counter = null;
  let currency = "JPY";
  let frame = null;
  let source = null;
  let state = null;

  function draw() {
    frame = null;
    if (!counter) return;
    const now = clock();
    const value = valueAt(counter, now);
    total.textContent = formatMoney(value, currency, currentLanguage());
    total.dataset.value = String(value);
    total.dataset.target = String(counter.target);
    if (isMoving(counter, now)) frame = requestAnimationFrame(draw);
  }

  function show(state) {
    currency = state.board.currency;
    title.textContent = state.board.title;
    document.title = `${state.board.title} · Yaruki`;
    if (!counter) counter = createCountUp(reduced ? state.total : 0, clock());
    if (reduced) counter = createCountUp(state.total, clock());
    else retarget(counter, state.total, clock());
    if (!frame) frame = requestAnimationFrame(draw);
    sales.textContent = t("wall.sales", { count: formatNumber(state.sales) });
    if (state.board.goal) {
      const ratio = Math.max(0, Math.min(1, state.total / state.board.goal));
      goal.hidden = false;
      goal.querySelector(".bar span").style.width = `${(ratio * 100).toFixed(2)}%`;
      goal.querySelector("p").textContent = t("wall.goal", { percent: formatNumber(Math.floor(ratio * 100)),
        goal: formatMoney(state.board.goal, currency, currentLanguage()) });
    }
    const starts = new Date(state.board.startsAt), ends = new Date(state.board.endsAt), now = Date.now();
    // Dates and hours on the board's own clock (a Tokyo board reads the same on a screen anywhere).
    const timeZone = state.board.timeZone || undefined;
    const days = new Intl.DateTimeFormat(currentLanguage(), { month: "short", day: "numeric", timeZone });
    span.textContent = now >= ends ? `${days.formatRange(starts, new Date(ends - 1))} · ${t("wall.ended")}`
      : now < starts ? t("wall.upcoming", { date: new Intl.DateTimeFormat(currentLanguage(), { dateStyle: "medium", timeStyle: "short", timeZone }).format(starts) })
      : days.formatRange(starts, new Date(ends - 1));
    channels.replaceChildren(...(state.channels.length ? state.channels.map((c) => el("li", { "data-channel": c.channel },
      el("span", { class: "wall-channel" }, channelName(c.channel)), el("strong", {}, formatMoney(c.amount, currency, currentLanguage()))))
      : [el("li", { class: "wall-empty" }, t("wall.noSales"))]));
    const top = Math.max(1, ...state.hours.map((h) => h.amount));
    const hourFormat = new Intl.DateTimeFormat(currentLanguage(), { month: "numeric", day: "numeric", hour: "numeric", timeZone });
    hours.replaceChildren(...state.hours.map((h) => {
      const start = Date.parse(h.start);
      const when = start + 3_600_000 <= now ? "past" : start <= now ? "now" : "ahead";
      return el("span", { class: `wall-hour ${when}`, title: `${hourFormat.format(new Date(start))}: ${formatMoney(h.amount, currency, currentLanguage())}`,
        style: `height:${Math.max(2, (Math.max(0, h.amount) / top) * 100).toFixed(1)}%` });
    }));
    // The time axis on the screen's clock: at most eight labels, a new day named by its date.
    const step = [1, 2, 3, 4, 6, 12, 24].find((s) => state.hours.length / s <= 8) || 24;
    const hourOnly = new Intl.DateTimeFormat(currentLanguage(), { hour: "numeric", timeZone });
    const hourOfDay = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", hourCycle: "h23", timeZone });
    axis.replaceChildren(...state.hours.map((h, i) => {
      const start = new Date(Date.parse(h.start));
      const midnight = Number(hourOfDay.format(start)) === 0;
      const label = i % step !== 0 ? "" : midnight && state.hours.length > 24 ? days.format(start) : hourOnly.format(start);
      return el("span", { class: "wall-tick" }, label);
    }));
    showPace(state.pace, state.board.goal);
  }

  /** Today beside the same time yesterday and a week ago: the differences, where the day is
   *  heading and whether the goal is, and the three cumulative lines on the board's clock. */
  function showPace(p, goalAmount) {
    if (!p) { pace.hidden = true; paceLines.hidden = true; return; }
    pace.hidden = false;
    paceLines.hidden = false;
    const money = (amount) => formatMoney(amount, currency, currentLanguage());
    const versus = (label, then, id) => {
      const diff = p.todayTotal - then;
      const share = then > 0 ? Math.round((diff / then) * 100) : null;
      return el("div", { class: `pace-figure ${diff >= 0 ? "up" : "down"}`, id },
        el("strong", {}, `${diff >= 0 ? "▲ +" : "▼ −"}${money(Math.abs(diff))}`, share === null ? null : el("span", {}, ` (${share >= 0 ? "+" : ""}${formatNumber(share)}%)`)),
        el("span", { class: "muted" }, label));
    };
    const weekday = new Intl.DateTimeFormat(currentLanguage(), { weekday: "long", timeZone: p.timeZone }).format(new Date(`${p.day}T12:00:00Z`));
    const verdict = p.projectedTotal == null || !goalAmount ? null
      : el("span", { class: p.goalMet ? "pace-good" : "pace-short", id: "wall-goal-verdict" },
        p.goalMet ? t("wall.goalReach") : t("wall.goalShort", { amount: money(goalAmount - p.projectedTotal) }));
    pace.replaceChildren(
      versus(t("wall.vsYesterday"), p.yesterdayAtThisTime, "wall-vs-yesterday"),
      versus(t("wall.vsLastWeek", { weekday }), p.lastWeekAtThisTime, "wall-vs-last-week"),
      el("div", { class: "pace-figure", id: "wall-projection" }, el("strong", {}, money(p.projection)),
        el("span", { class: "muted" }, t("wall.onPace")), verdict));
    paceLines.replaceChildren(...paceChart(p));
  }

  /** The day's cumulative lines on the board's clock (00–24): today solid, yesterday dashed, a week ago dotted. */
  function paceChart(p) {
    const svg = (name, attrs = {}, ...children) => {
      const node = document.createElementNS("http://www.w3.org/2000/svg", name);
      for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
      node.append(...children);
      return node;
    };
    const width = 1440, height = 300;
    const top = Math.max(1, ...[p.today, p.yesterday, p.lastWeek].flat().map((point) => point.amount));
    const bottom = Math.min(0, ...[p.today, p.yesterday, p.lastWeek].flat().map((point) => point.amount));
    const y = (amount) => (height - ((amount - bottom) / (top - bottom)) * (height - 10)).toFixed(1);
    const line = (points, cls) => svg("polyline", { class: cls, fill: "none", "vector-effect": "non-scaling-stroke",
      points: [{ minute: 0, amount: 0 }, ...points].map((point) => `${point.minute},${y(point.amount)}`).join(" ") });
    const grid = [0, 360, 720, 1080, 1440].map((minute) => svg("line", { x1: minute, x2: minute, y1: 0, y2: height, class: "pace-grid",
      "vector-effect": "non-scaling-stroke" }));
    const chart = svg("svg", { viewBox: `0 0 ${width} ${height}`, preserveAspectRatio: "none", class: "pace-lines", role: "img",
      "aria-label": t("wall.paceChart") }, ...grid, line(p.lastWeek, "pace-last-week"), line(p.yesterday, "pace-yesterday"), line(p.today, "pace-today"));
    const hour = new Intl.DateTimeFormat(currentLanguage(), { hour: "numeric", timeZone: "UTC" });
    const ticks = el("div", { class: "pace-axis", "aria-hidden": "true" },
      ...[0, 6, 12, 18, 24].map((h) => el("span", {}, h === 24 ? hour.format(new Date(Date.UTC(2026, 0, 2, 0))) : hour.format(new Date(Date.UTC(2026, 0, 1, h))))));
    const legend = el("div", { class: "pace-legend" }, el("span", { class: "key today" }, t("wall.today")),
      el("span", { class: "key yesterday" }, t("wall.yesterday")), el("span", { class: "key last-week" }, t("wall.lastWeek")));
    return [chart, ticks, legend];
  }

  // The known channels by name in the screen's language; others as their senders call them.
  function channelName(channel) {
    const key = `wall.channel.${channel}`;
    const name = t(key);
    return name === key ? channel : name;
  }

  const board = `/v1/signage/boards/${encodeURIComponent(boardId)}`;
  const access = () => (token ? `token=${encodeURIComponent(token)}` : `access_token=${encodeURIComponent(session?.accessToken ?? "")}`);

  function connect() {
    source = new EventSource(`${board}/stream?${access()}`);
    // The whole state first (also after a reconnect), then only what moved.
    source.addEventListener("total", (event) => {
      dot.className = "dot ok";
      dot.title = t("wall.live");
      state = JSON.parse(event.data);
      show(state);
    });
    source.addEventListener("change", (event) => {
      if (!state) return;
      state = applyChange(state, JSON.parse(event.data));
      show(state);
    });
    // EventSource reconnects by itself; the dot says so meanwhile. A link that was replaced
    // (or a board deleted) will never work again: say so instead of trying for ever. An
    // admin's access token expires: renew it and open the stream again.
    source.onerror = async () => {
      dot.className = "dot bad";
      dot.title = t("wall.reconnecting");
      let status = 0;
      if (token) {
        status = (await fetch(`${board}?${access()}`).catch(() => null))?.status ?? 0;
      } else {
        try { await session.api(board); status = 200; } catch (problem) { status = problem.status ?? 0; }
        if (status === 200 && source.readyState === EventSource.CLOSED) connect();
      }
      if (status === 404 || status === 401) {
        source.close();
        gone.hidden = false;
      }
    };
  }
  connect();

  const view = [el("section", { class: "wall", id: "wall" },
    el("header", { class: "wall-head" }, el("div", {}, title, span), dot),
    gone,
    // The total, and beside it how today stands; the goal; the channels, and the day's lines over the hours.
    el("div", { class: "wall-top" }, el("div", { class: "wall-figure" }, total, sales), pace), goal,
    el("div", { class: "wall-bottom" }, channels, el("div", { class: "wall-side" }, paceLines, el("div", { class: "wall-chart" }, hours, axis))))];
  view.close = () => { source?.close(); if (frame) cancelAnimationFrame(frame); };
  return view;
}
