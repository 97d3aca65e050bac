// The wall screen: a board's running total counting up to each new figure, per-channel
// subtotals, an hourly bar strip and the way to the goal, live over the board's stream. Dark,
// large, no navigation. Updates that come faster than an animation lasts retarget it from the
// figure on screen, so the count never jumps back or stutters.
import { currentLanguage, formatNumber, t } from "../i18n.js";
import { el } from "../ui.js";
import { applyChange } from "./board.js";
import { createCountUp, formatMoney, isMoving, retarget, valueAt } from "./countup.js";

// `token` is the wall link's secret; without one, a signed-in admin's own access opens the wall.
// In a playlist (`playlist`: its id, whose link's secret `token` is) the wall is one of several
// on the page: its elements carry no ids, it leaves the page's title alone, and the playlist
// pauses its stream while another board is on screen and resumes it (`pause`, `resume`).
export function wallView({ boardId, token, session, playlist = null }) {
  const own = (id) => (playlist ? undefined : id);
  const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  const title = el("h1", { class: "wall-title" });
  const total = el("output", { class: "wall-total", id: own("wall-total"), "aria-live": "off" }, "—");
  const sales = el("p", { class: "wall-sales muted" });
  const span = el("p", { class: "wall-span muted", id: own("wall-span") });
  const gone = el("p", { class: "wall-gone", id: own("wall-gone"), role: "alert", hidden: true }, t("wall.gone"));
  const dot = el("span", { class: "dot", id: own("wall-dot"), title: t("wall.connecting") });
  const goal = el("div", { class: "wall-goal", hidden: true }, el("div", { class: "bar" }, el("span", {})), el("p", { class: "muted" }));
  const channels = el("ul", { class: "wall-channels" });
  const products = el("ol", { class: "wall-rank", id: own("wall-products"), "aria-label": t("wall.topProducts") });
  const stores = el("ol", { class: "wall-rank", id: own("wall-stores"), "aria-label": t("wall.stores") });
  const ranked = el("div", { class: "wall-ranked", hidden: true },
    el("section", { class: "wall-rank-block" }, el("h2", {}, t("wall.topProducts")), products),
    el("section", { class: "wall-rank-block", id: own("wall-stores-block") }, el("h2", {}, t("wall.stores")), stores));
  const hours = el("div", { class: "wall-hours", "aria-hidden": "true" });
  const axis = el("div", { class: "wall-axis", id: own("wall-axis"), "aria-hidden": "true" });
  const pace = el("section", { class: "wall-pace", id: own("wall-pace"), hidden: true, "aria-label": t("wall.pace") });
  const paceLines = el("div", { class: "pace-chart", id: own("wall-pace-chart"), hidden: true });
  const celebration = el("div", { class: "wall-celebration", id: own("wall-celebration"), role: "status", "aria-live": "assertive", hidden: true });
  const celebrated = new Set();
  const correction = el("p", { class: "wall-correction", id: own("wall-correction"), role: "status", hidden: true });
  let correctionTimer = null;
  let refundedBefore = null;
  let celebrationTimer = null;
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
    if (!playlist) document.title = `${state.board.title} · Yaruki`;
    if (!counter) counter = createCountUp(reduced ? state.total : 0, clock());
    if (reduced) counter = createCountUp(state.total, clock());
    else retarget(counter, state.total, clock());
    if (!frame) frame = requestAnimationFrame(draw);
    // Orders and their average (refunds are not orders, and what they gave back is not in the average's sales).
    const orders = state.orders ?? state.sales;
    const average = orders > 0 ? Math.round((state.total + (state.refunded ?? 0)) / orders) : 0;
    sales.replaceChildren(...[el("span", { id: own("wall-orders") }, t("wall.orders", { count: formatNumber(orders), average: formatMoney(average, currency, currentLanguage()) })),
      state.refunded ? el("span", { class: "wall-refunded", id: own("wall-refunded") }, ` · ${t("wall.refunded", { amount: formatMoney(state.refunded, currency, currentLanguage()) })}`) : null]
      .filter(Boolean));
    // A refund (or a correction) is said, not hidden: the figure counts down to what was really sold.
    if (refundedBefore !== null && (state.refunded ?? 0) > refundedBefore) {
      correction.textContent = t("wall.correction", { amount: formatMoney((state.refunded ?? 0) - refundedBefore, currency, currentLanguage()) });
      correction.hidden = false;
      clearTimeout(correctionTimer);
      correctionTimer = setTimeout(() => { correction.hidden = true; }, 6000);
    }
    refundedBefore = state.refunded ?? 0;
    const hasRanks = (state.products?.length ?? 0) + (state.stores?.length ?? 0) > 0;
    ranked.hidden = !hasRanks;
    bottom.classList.toggle("ranked", hasRanks);
    rank(products, (state.products || []).slice(0, 5));
    rank(stores, (state.stores || []).slice(0, 5));
    stores.closest("section").hidden = !(state.stores?.length);
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
    // The strip: an hour a bar over four days or less, else a day a bar (the board's days), so a
    // month's board still fits the width.
    const dayOf = new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", timeZone });
    const daily = state.hours.length > 96;
    const bars = [];
    for (const h of state.hours) {
      const start = Date.parse(h.start);
      const key = daily ? dayOf.format(new Date(start)) : h.start;
      if (bars.length && bars[bars.length - 1].key === key) {
        bars[bars.length - 1].amount += h.amount;
        bars[bars.length - 1].end = start + 3_600_000;
      } else {
        bars.push({ key, start, end: start + 3_600_000, amount: h.amount });
      }
    }
    const top = Math.max(1, ...bars.map((bar) => bar.amount));
    const barFormat = new Intl.DateTimeFormat(currentLanguage(), daily ? { month: "numeric", day: "numeric", timeZone }
      : { month: "numeric", day: "numeric", hour: "numeric", timeZone });
    hours.classList.toggle("daily", daily);
    hours.replaceChildren(...bars.map((bar) => {
      const when = bar.end <= now ? "past" : bar.start <= now ? "now" : "ahead";
      return el("span", { class: `wall-hour ${when}`, title: `${barFormat.format(new Date(bar.start))}: ${formatMoney(bar.amount, currency, currentLanguage())}`,
        style: `height:${Math.max(2, (Math.max(0, bar.amount) / top) * 100).toFixed(1)}%` });
    }));
    // The time axis on the board's clock: at most eight labels, fewer where they would not fit
    // (90 px each: a phone's strip holds four), a new day named by its date.
    const most = Math.max(2, Math.min(8, Math.floor((axis.getBoundingClientRect().width || window.innerWidth) / 90)));
    const step = [1, 2, 3, 4, 6, 7, 12, 14, 24].find((k) => bars.length / k <= most) || Math.ceil(bars.length / most);
    const hourOnly = new Intl.DateTimeFormat(currentLanguage(), { hour: "numeric", timeZone });
    const hourOfDay = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", hourCycle: "h23", timeZone });
    axis.replaceChildren(...bars.map((bar, i) => {
      const start = new Date(bar.start);
      const midnight = Number(hourOfDay.format(start)) === 0;
      const label = i % step !== 0 ? "" : daily || (midnight && bars.length > 24) ? days.format(start) : hourOnly.format(start);
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
      return el("div", { class: `pace-figure ${diff >= 0 ? "up" : "down"}`, id: own(id) },
        el("strong", {}, `${diff >= 0 ? "▲ +" : "▼ −"}${money(Math.abs(diff))}`, share === null ? null : el("span", {}, ` (${share >= 0 ? "+" : ""}${formatNumber(share)}%)`)),
        el("span", { class: "muted" }, label));
    };
    const weekday = new Intl.DateTimeFormat(currentLanguage(), { weekday: "long", timeZone: p.timeZone }).format(new Date(`${p.day}T12:00:00Z`));
    const verdict = p.projectedTotal == null || !goalAmount ? null
      : el("span", { class: p.goalMet ? "pace-good" : "pace-short", id: own("wall-goal-verdict") },
        p.goalMet ? t("wall.goalReach") : t("wall.goalShort", { amount: money(goalAmount - p.projectedTotal) }));
    pace.replaceChildren(
      versus(t("wall.vsYesterday"), p.yesterdayAtThisTime, "wall-vs-yesterday"),
      versus(t("wall.vsLastWeek", { weekday }), p.lastWeekAtThisTime, "wall-vs-last-week"),
      el("div", { class: "pace-figure", id: own("wall-projection") }, el("strong", {}, money(p.projection)),
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

  /** A ranking's rows by key, moved rather than redrawn: each keeps its element, so a row that
   *  overtakes another slides up to its place (its old place measured, the new one set, the
   *  difference animated away) and glows for a moment. */
  function rank(list, ranks) {
    const before = new Map([...list.children].map((row) => [row.dataset.key, row.getBoundingClientRect().top]));
    const oldOrder = [...list.children].map((row) => row.dataset.key);
    const rows = ranks.map((r, i) => {
      let row = list.querySelector(`li[data-key="${CSS.escape(r.key)}"]`);
      if (!row) row = el("li", { "data-key": r.key }, el("span", { class: "wall-rank-place" }), el("span", { class: "wall-rank-name" }), el("strong", {}));
      row.querySelector(".wall-rank-place").textContent = formatNumber(i + 1);
      row.querySelector(".wall-rank-name").textContent = r.name || r.key;
      row.querySelector("strong").textContent = formatMoney(r.amount, currency, currentLanguage());
      return row;
    });
    list.replaceChildren(...rows);
    if (reduced) return;
    rows.forEach((row, i) => {
      const was = before.get(row.dataset.key);
      if (was === undefined) return;
      const shift = was - row.getBoundingClientRect().top;
      if (Math.abs(shift) < 1) return;
      if (oldOrder.indexOf(row.dataset.key) > i) {
        row.classList.remove("overtook");
        void row.offsetWidth;  // restart the glow
        row.classList.add("overtook");
        list.dataset.overtakes = String(Number(list.dataset.overtakes || 0) + 1);
      }
      row.animate([{ transform: `translateY(${shift}px)` }, { transform: "translateY(0)" }], { duration: 600, easing: "cubic-bezier(.2,.8,.2,1)" });
    });
  }

  /** A few seconds of the milestone across the screen: its figure and what it is, bursting in (still under reduced motion). */
  function celebrate(milestone) {
    const amount = formatMoney(milestone.amount, currency, currentLanguage());
    const words = milestone.kind === "goal" ? t("wall.milestoneGoal") : milestone.kind === "record" ? t("wall.milestoneRecord") : t("wall.milestoneEvery");
    celebration.replaceChildren(el("strong", {}, amount), el("span", {}, words),
      el("div", { class: "confetti", "aria-hidden": "true" }, ...Array.from({ length: 24 }, (_, i) => el("i", { style: `--i:${i}` }))));
    celebration.dataset.key = milestone.key;
    celebration.dataset.count = String(Number(celebration.dataset.count || 0) + 1);
    celebration.hidden = false;
    celebration.classList.remove("go");
    void celebration.offsetWidth;
    if (!reduced) celebration.classList.add("go");
    clearTimeout(celebrationTimer);
    celebrationTimer = setTimeout(() => { celebration.hidden = true; }, 4500);
  }

  // The known channels by name in the screen's language; others as their senders call them.
  function channelName(channel) {
    const key = `wall.channel.${channel}`;
    const name = t(key);
    return name === key ? channel : name;
  }

  const board = `/v1/signage/boards/${encodeURIComponent(boardId)}`;
  const access = () => (playlist && token ? `playlist=${encodeURIComponent(playlist)}&token=${encodeURIComponent(token)}`
    : token ? `token=${encodeURIComponent(token)}` : `access_token=${encodeURIComponent(session?.accessToken ?? "")}`);
  // The last event's id: a stream opened anew (coming back on screen) names it, and is sent the
  // milestones reached meanwhile.
  let lastEventId = "";
  // A playlist's wall waits until it is first on screen.
  let paused = Boolean(playlist);

  function connect() {
    const resume = lastEventId ? `&lastEventId=${encodeURIComponent(lastEventId)}` : "";
    source = new EventSource(`${board}/stream?${access()}${resume}`);
    const heard = (event) => { if (event.lastEventId) lastEventId = event.lastEventId; };
    for (const name of ["total", "milestone", "change"]) source.addEventListener(name, heard);
    // The whole state first (also after a reconnect), then only what moved.
    source.addEventListener("total", (event) => {
      dot.className = "dot ok";
      dot.title = t("wall.live");
      state = JSON.parse(event.data);
      show(state);
    });
    // A milestone: celebrated once on this screen, however often it is heard (after a reconnect too).
    source.addEventListener("milestone", (event) => {
      const milestone = JSON.parse(event.data);
      if (celebrated.has(milestone.key)) return;
      celebrated.add(milestone.key);
      celebrate(milestone);
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
      if (paused) return;
      dot.className = "dot bad";
      dot.title = t("wall.reconnecting");
      let status = 0;
      if (token) {
        status = (await fetch(`${board}?${access()}`).catch(() => null))?.status ?? 0;
      } else {
        try { await session.api(board); status = 200; } catch (problem) { status = problem.status ?? 0; }
        if (status === 200 && source?.readyState === EventSource.CLOSED) connect();
      }
      if ((status === 404 || status === 401) && source) {
        source.close();
        gone.hidden = false;
      }
    };
  }
  if (!paused) connect();

  const bottom = el("div", { class: "wall-bottom" }, ranked, channels, el("div", { class: "wall-side" }, paceLines, el("div", { class: "wall-chart" }, hours, axis)));
  const view = [el("section", { class: "wall", id: own("wall"), "data-board": boardId },
    el("header", { class: "wall-head" }, el("div", {}, title, span), dot),
    gone, celebration,
    // The total, and beside it how today stands; the goal; the channels, and the day's lines over the hours.
    el("div", { class: "wall-top" }, el("div", { class: "wall-figure" }, total, sales, correction), pace), goal,
    bottom)];
  view.close = () => { source?.close(); if (frame) cancelAnimationFrame(frame); };
  view.pause = () => {
    if (paused) return;
    paused = true;
    source?.close();
    source = null;
  };
  view.resume = () => {
    if (!paused || !gone.hidden) return;
    paused = false;
    connect();
  };
  return view;
}
