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
    const days = new Intl.DateTimeFormat(currentLanguage(), { month: "short", day: "numeric" });
    span.textContent = now >= ends ? `${days.formatRange(starts, new Date(ends - 1))} · ${t("wall.ended")}`
      : now < starts ? t("wall.upcoming", { date: new Intl.DateTimeFormat(currentLanguage(), { dateStyle: "medium", timeStyle: "short" }).format(starts) })
      : days.formatRange(starts, new Date(ends - 1));
    channels.replaceChildren(...(state.channels.length ? state.channels.map((c) => el("li", { "data-channel": c.channel },
      el("span", { class: "wall-channel" }, channelName(c.channel)), el("strong", {}, formatMoney(c.amount, currency, currentLanguage()))))
      : [el("li", { class: "wall-empty" }, t("wall.noSales"))]));
    const top = Math.max(1, ...state.hours.map((h) => h.amount));
    const hourFormat = new Intl.DateTimeFormat(currentLanguage(), { month: "numeric", day: "numeric", hour: "numeric" });
    hours.replaceChildren(...state.hours.map((h) => {
      const start = Date.parse(h.start);
      const when = start + 3_600_000 <= now ? "past" : start <= now ? "now" : "ahead";
      return el("span", { class: `wall-hour ${when}`, title: `${hourFormat.format(new Date(start))}: ${formatMoney(h.amount, currency, currentLanguage())}`,
        style: `height:${Math.max(2, (Math.max(0, h.amount) / top) * 100).toFixed(1)}%` });
    }));
    // The time axis on the screen's clock: at most eight labels, a new day named by its date.
    const step = [1, 2, 3, 4, 6, 12, 24].find((s) => state.hours.length / s <= 8) || 24;
    const hourOnly = new Intl.DateTimeFormat(currentLanguage(), { hour: "numeric" });
    axis.replaceChildren(...state.hours.map((h, i) => {
      const start = new Date(Date.parse(h.start));
      const label = i % step !== 0 ? "" : start.getHours() === 0 && state.hours.length > 24 ? days.format(start) : hourOnly.format(start);
      return el("span", { class: "wall-tick" }, label);
    }));
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
    gone, total, sales, goal,
    el("div", { class: "wall-bottom" }, channels, el("div", { class: "wall-chart" }, hours, axis)))];
  view.close = () => { source?.close(); if (frame) cancelAnimationFrame(frame); };
  return view;
}
