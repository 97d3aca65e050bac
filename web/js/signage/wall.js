// The wall screen: a board's running total counting up to each new figure, per-channel
// subtotals, an hourly bar strip and the way to the goal, live over the board's stream. Dark,
// large, no navigation. Updates that come faster than an animation lasts retarget it from the
// figure on screen, so the count never jumps back or stutters.
import { currentLanguage, formatNumber, t } from "../i18n.js";
import { el } from "../ui.js";
import { applyChange } from "./board.js";
import { createCountUp, formatMoney, isMoving, retarget, valueAt } from "./countup.js";

export function wallView({ boardId, token }) {
  const language = currentLanguage();
  const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  const title = el("h1", { class: "wall-title" });
  const total = el("output", { class: "wall-total", id: "wall-total", "aria-live": "off" }, "—");
  const sales = el("p", { class: "wall-sales muted" });
  const dot = el("span", { class: "dot", id: "wall-dot", title: t("wall.connecting") });
  const goal = el("div", { class: "wall-goal", hidden: true }, el("div", { class: "bar" }, el("span", {})), el("p", { class: "muted" }));
  const channels = el("ul", { class: "wall-channels" });
  const hours = el("div", { class: "wall-hours", "aria-hidden": "true" });
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
    total.textContent = formatMoney(value, currency, language);
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
    sales.textContent = t("wall.sales", { count: formatNumber(state.sales, language) });
    if (state.board.goal) {
      const ratio = Math.max(0, Math.min(1, state.total / state.board.goal));
      goal.hidden = false;
      goal.querySelector(".bar span").style.width = `${(ratio * 100).toFixed(2)}%`;
      goal.querySelector("p").textContent = t("wall.goal", { percent: formatNumber(Math.floor(ratio * 100), language),
        goal: formatMoney(state.board.goal, currency, language) });
    }
    channels.replaceChildren(...state.channels.map((c) => el("li", { "data-channel": c.channel },
      el("span", { class: "wall-channel" }, c.channel), el("strong", {}, formatMoney(c.amount, currency, language)))));
    const top = Math.max(1, ...state.hours.map((h) => h.amount));
    const hourFormat = new Intl.DateTimeFormat(language, { hour: "numeric" });
    hours.replaceChildren(...state.hours.map((h) => el("span", { class: "wall-hour", title: `${hourFormat.format(new Date(h.start))}: ${formatMoney(h.amount, currency, language)}`,
      style: `height:${Math.max(2, (Math.max(0, h.amount) / top) * 100).toFixed(1)}%` })));
  }

  function connect() {
    source = new EventSource(`/v1/signage/boards/${encodeURIComponent(boardId)}/stream?token=${encodeURIComponent(token)}`);
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
    // EventSource reconnects by itself; the dot says so meanwhile.
    source.onerror = () => { dot.className = "dot bad"; dot.title = t("wall.reconnecting"); };
  }
  connect();

  const view = [el("section", { class: "wall", id: "wall" },
    el("header", { class: "wall-head" }, title, dot),
    total, sales, goal,
    el("div", { class: "wall-bottom" }, channels, hours))];
  view.close = () => { source?.close(); if (frame) cancelAnimationFrame(frame); };
  return view;
}
