// The Health page: today's rings against my goals, a week or month chart of any metric (goal
// line, 7-day average, exact values on tap), my goals, and an Apple Health import whose upload
// and reading both show progress (the reading arrives over my event stream).
import { addDays, formatBytes, formatDay, formatNumber, t, todayIn } from "../i18n.js";
import { listen } from "../events.js";
import { upload } from "../upload.js";
import { clearProblems, el, emptyState, showProblem, toast } from "../ui.js";
import { icon } from "../icons.js";
import { barChart, ringsSVG, trailingAverage } from "../graphs.js";

const colors = { energy: "#FF9F0A", steps: "#1DD860", standHours: "#5AC8FA" };

/** The chart's metrics: how to read a day, its goal, and how to say a value. */
export const metrics = {
  steps: { value: (d) => d.steps, goal: (g) => g.steps, say: (v) => t("health.stepsValue", { n: formatNumber(Math.round(v)) }) },
  energy: { value: (d) => d.activeEnergyKcal, goal: (g) => g.activeEnergyKcal, say: (v) => t("health.kcalValue", { n: formatNumber(Math.round(v)) }) },
  distance: { value: (d) => d.distanceMeters / 1000, goal: () => null,
    say: (v) => t("health.kmValue", { n: formatNumber(Math.round(v * 10) / 10) }) },
  standHours: { value: (d) => d.standHours, goal: (g) => g.standHours, say: (v) => t("health.hoursValue", { n: formatNumber(Math.round(v)) }) },
  exercise: { value: (d) => d.exerciseMinutes, goal: () => null, say: (v) => t("health.minutesValue", { n: formatNumber(Math.round(v)) }) },
};

/** The first and last day of the week or month holding `date`. */
export function periodOf(kind, date, weekStart = "monday") {
  if (kind === "month") {
    const first = `${date.slice(0, 7)}-01`;
    const next = addDays(`${date.slice(0, 7)}-28`, 4);
    return { first, last: addDays(`${next.slice(0, 7)}-01`, -1) };
  }
  const [y, m, d] = date.split("-").map(Number);
  const weekday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;  // Monday 0
  const back = weekStart === "sunday" ? (weekday + 1) % 7 : weekday;
  const first = addDays(date, -back);
  return { first, last: addDays(first, 6) };
}

function ringsCard(session) {
  const card = el("section", { class: "card health-today", id: "health-today", "aria-busy": "true" }, el("span", { class: "skeleton" }));
  function show(reply) {
    const day = reply.days.at(-1);
    const g = reply.goals;
    const rings = [
      { key: "energy", value: day.activeEnergyKcal, goal: g.activeEnergyKcal, color: colors.energy,
        label: t("health.ringEnergy", { value: formatNumber(Math.round(day.activeEnergyKcal)), goal: formatNumber(g.activeEnergyKcal) }) },
      { key: "steps", value: day.steps, goal: g.steps, color: colors.steps,
        label: t("health.ringSteps", { value: formatNumber(day.steps), goal: formatNumber(g.steps) }) },
      { key: "standHours", value: day.standHours, goal: g.standHours, color: colors.standHours,
        label: t("health.ringStand", { value: formatNumber(day.standHours), goal: formatNumber(g.standHours) }) },
    ];
    const figure = (ring, name, unit) => el("li", { class: "ring-figure", "data-ring": ring.key },
      el("span", { class: "ring-dot", style: `background:${ring.color}` }),
      el("span", { class: "ring-name" }, name),
      el("strong", { class: "figure" }, formatNumber(Math.round(ring.value))),
      el("span", { class: "muted small" }, `/ ${formatNumber(ring.goal)} ${unit}`));
    card.removeAttribute("aria-busy");
    card.replaceChildren(
      el("h2", {}, t("health.today"), el("span", { class: "muted small" }, ` · ${formatDay(day.date, { weekday: "short", month: "short", day: "numeric" })}`)),
      el("div", { class: "rings" }, ringsSVG(rings),
        el("ul", { class: "ring-figures" }, figure(rings[0], t("health.move"), "kcal"), figure(rings[1], t("health.steps"), t("health.stepsUnit")),
          figure(rings[2], t("health.stand"), t("health.hoursUnit")))),
      el("p", { class: "muted small", id: "health-streak" }, reply.streak > 0 ? t("health.streak", { n: formatNumber(reply.streak) }) : t("health.noStreak"),
        day.sources.length ? ` · ${t("health.from", { sources: day.sources.join(", ") })}` : ""));
  }
  return { card, show };
}

function chartCard(session) {
  const user = session.user || {};
  let kind = "week";
  let metric = "steps";
  let anchor = todayIn(user.timeZone);
  let today = anchor;
  const plot = el("div", { class: "chart", id: "health-chart" });
  const tip = el("div", { class: "chart-tip", id: "health-tip", role: "status", hidden: true });
  const title = el("span", { class: "chart-title" });
  const summary = el("p", { class: "muted small", id: "health-summary" });
  const prev = el("button", { type: "button", class: "button quiet small", "aria-label": t("health.previous"), onclick: () => move(-1) }, "‹");
  const next = el("button", { type: "button", class: "button quiet small", "aria-label": t("health.next"), onclick: () => move(1) }, "›");
  const kinds = el("div", { class: "segmented", role: "group", "aria-label": t("health.period") },
    ["week", "month"].map((k) => el("button", { type: "button", class: "chip", "data-kind": k, "aria-pressed": String(k === kind),
      onclick: () => { kind = k; render(); } }, t(`health.${k}`))));
  const select = el("select", { id: "health-metric", "aria-label": t("health.metric") },
    Object.keys(metrics).map((m) => el("option", { value: m }, t(`health.metric.${m}`))));
  select.addEventListener("change", () => { metric = select.value; draw(); });
  let reply = null;
  let period = null;

  function move(step) {
    anchor = kind === "week" ? addDays(anchor, 7 * step) : addDays(`${anchor.slice(0, 7)}-15`, 30 * step);
    render();
  }

  async function render() {
    for (const b of kinds.querySelectorAll("button")) b.setAttribute("aria-pressed", String(b.dataset.kind === kind));
    period = periodOf(kind, anchor, user.weekStart);
    next.disabled = period.last >= today;
    plot.setAttribute("aria-busy", "true");
    try {
      reply = await session.api(`/v1/health/days?from=${addDays(period.first, -6)}&to=${period.last}`);
      today = reply.today;
      next.disabled = period.last >= today;
      draw();
    } catch (problem) { showProblem(problem); }
    plot.removeAttribute("aria-busy");
  }

  function draw() {
    if (!reply) return;
    const m = metrics[metric];
    const all = reply.days.map((d) => m.value(d));
    const shown = reply.days.slice(6);
    const values = all.slice(6);
    const past = shown.filter((d) => d.date <= today);
    const average = trailingAverage(values, all.slice(0, 6)).slice(0, past.length);
    const goal = m.goal(reply.goals);
    title.textContent = kind === "week"
      ? `${formatDay(period.first)} – ${formatDay(period.last)}`
      : formatDay(period.first, { year: "numeric", month: "long" });
    const width = Math.max(280, Math.min(plot.clientWidth || 600, 900));
    tip.hidden = true;
    const days = shown.map((d, i) => ({ date: d.date, value: values[i], future: d.date > today }));
    const chart = barChart({
      days, goal, average, width, height: 200, goalText: goal ? `${t("health.goal")} ${formatNumber(goal)}` : "",
      label: (d, i) => (kind === "week" ? formatDay(d.date, { weekday: "narrow" }) : (i % 7 === 0 ? formatDay(d.date, { day: "numeric" }) : "")),
      describe: (d) => `${formatDay(d.date, { weekday: "short", month: "short", day: "numeric" })}: ${m.say(d.value)}`,
      tooltip: (d, x) => {
        tip.hidden = false;
        tip.replaceChildren(el("strong", {}, m.say(d.value)), el("span", { class: "muted small" },
          formatDay(d.date, { weekday: "short", month: "short", day: "numeric" })));
        tip.style.left = `${Math.max(0, Math.min(x - 70, width - 140))}px`;
      },
    });
    plot.replaceChildren(chart, tip);
    const mean = past.length ? values.slice(0, past.length).reduce((a, b) => a + b, 0) / past.length : 0;
    const met = goal ? values.slice(0, past.length).filter((v) => v >= goal).length : null;
    summary.textContent = [t("health.average", { value: m.say(mean) }), met !== null ? t("health.metDays", { n: formatNumber(met), of: formatNumber(past.length) }) : null]
      .filter(Boolean).join(" · ");
  }

  let resizeTimer = null;
  const onResize = () => { clearTimeout(resizeTimer); resizeTimer = setTimeout(draw, 150); };
  window.addEventListener("resize", onResize);
  const card = el("section", { class: "card health-chart" },
    el("div", { class: "chart-head" }, kinds, select),
    el("div", { class: "chart-nav" }, prev, title, next),
    plot, summary,
    el("p", { class: "muted small chart-legend" }, el("span", { class: "legend-goal" }), t("health.goalLine"), " ",
      el("span", { class: "legend-average" }), t("health.averageLine")));
  return { card, render, close: () => window.removeEventListener("resize", onResize) };
}

function goalsCard(session, onSaved) {
  const card = el("section", { class: "card" }, el("h2", {}, t("health.goals")));
  const field = (name, label, min, max, step) => el("div", { class: "field" }, el("label", { for: `goal-${name}` }, label),
    el("input", { id: `goal-${name}`, name, type: "number", inputmode: "numeric", min, max, step, required: true }));
  const form = el("form", { class: "goals-form", id: "health-goals", novalidate: true },
    field("steps", t("health.steps"), 100, 100000, 100), field("activeEnergyKcal", t("health.moveKcal"), 10, 5000, 10),
    field("standHours", t("health.standHours"), 1, 24, 1),
    el("button", { type: "submit", class: "button quiet" }, t("health.saveGoals")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearProblems();
    for (const input of form.querySelectorAll("[aria-invalid]")) input.removeAttribute("aria-invalid");
    const body = Object.fromEntries(["steps", "activeEnergyKcal", "standHours"].map((n) => [n, Number(form.elements[n].value)]));
    // Checked here first, in the person's language; the server checks the same bounds.
    const bad = ["steps", "activeEnergyKcal", "standHours"].filter((n) => {
      const input = form.elements[n];
      return !Number.isInteger(body[n]) || body[n] < Number(input.min) || body[n] > Number(input.max);
    });
    if (bad.length) {
      showProblem({ status: 400, title: t("health.goalRange"), errors: bad.map((n) => ({ field: n, message: `${form.elements[n].min}–${form.elements[n].max}` })) }, form);
      return;
    }
    try {
      await session.api("/v1/me/health-goals", { method: "PUT", body });
      toast(t("health.goalsSaved"));
      onSaved();
    } catch (problem) { showProblem(problem, form); }
  });
  card.append(form);
  return {
    card,
    show(goals) { for (const [n, v] of Object.entries(goals)) if (form.elements[n]) form.elements[n].value = v; },
  };
}

function importCard(session, { maxBytes, onDone }) {
  const input = el("input", { type: "file", id: "health-file", class: "file-input", accept: ".zip,.xml,application/zip,application/xml,text/xml" });
  const pick = el("label", { for: "health-file", class: "button quiet file-button" }, t("health.choose"));
  const chosen = el("span", { class: "muted small", id: "health-chosen" }, t("health.noFile"));
  const start = el("button", { type: "button", class: "button", id: "health-import", disabled: true }, t("health.import"));
  const bar = el("progress", { max: 100, value: 0, hidden: true, id: "health-progress", "aria-label": t("health.import") });
  const status = el("p", { class: "muted small", id: "health-status", "aria-live": "polite" });
  let file = null;
  let running = null;
  let uploading = false;
  // Imports heard to have ended. The job may finish, and say so on the stream, before the
  // upload's own reply (still saying "running") reaches the page: that reply must not undo it.
  const ended = new Map();

  input.addEventListener("change", () => {
    file = input.files?.[0] || null;
    clearProblems();
    chosen.textContent = file ? `${file.name} · ${formatBytes(file.size)}` : t("health.noFile");
    start.disabled = !file;
    if (file && maxBytes && file.size > maxBytes) {
      start.disabled = true;
      showProblem({ status: 413, title: t("health.tooLarge"), detail: formatBytes(maxBytes) });
    }
  });

  function progress(job) {
    running = job.state === "running" ? job.id : null;
    if (job.state === "running") {
      bar.hidden = false;
      bar.value = job.bytesTotal ? Math.round((job.bytesRead / job.bytesTotal) * 100) : 0;
      status.textContent = t("health.reading", { read: formatBytes(job.bytesRead), total: formatBytes(job.bytesTotal), records: formatNumber(job.records) });
      start.disabled = true;
      return;
    }
    bar.hidden = true;
    start.disabled = !file;
    if (job.state === "done") {
      status.textContent = job.days
        ? t("health.imported", { days: formatNumber(job.days), first: formatDay(job.firstDate, { year: "numeric", month: "short", day: "numeric" }),
          last: formatDay(job.lastDate, { year: "numeric", month: "short", day: "numeric" }), records: formatNumber(job.records) })
        : t("health.importedNothing", { records: formatNumber(job.records) });
    } else {
      status.textContent = "";
      showProblem({ status: 422, title: t("health.failed"), detail: job.message || "" });
    }
  }

  start.addEventListener("click", async () => {
    if (!file) return;
    clearProblems();
    start.disabled = true;
    bar.hidden = false;
    bar.value = 0;
    uploading = true;
    try {
      const job = await upload(session, `/v1/health/imports?name=${encodeURIComponent(file.name)}`, file, {
        networkProblem: () => ({ title: t("problem.network"), detail: t("problem.networkDetail") }),
        onProgress: (ratio) => {
          bar.value = Math.round(ratio * 100);
          status.textContent = t("health.uploading", { percent: formatNumber(Math.round(ratio * 100)) });
        },
      });
      progress(ended.get(job.id) || job);
    } catch (problem) {
      bar.hidden = true;
      start.disabled = false;
      status.textContent = "";
      showProblem(problem.status === 413 ? { ...problem, title: t("health.tooLarge") } : problem);
    } finally {
      uploading = false;
    }
  });

  async function resume() {
    try {
      const { items } = await session.api("/v1/health/imports");
      // Asked when the stream connects, which may be while an import runs: its end can be heard
      // on the stream before this reply (made earlier, still saying "running") arrives.
      if (items[0]) progress(ended.get(items[0].id) || items[0]);
    } catch { /* the page works without the last import */ }
  }

  const card = el("section", { class: "card stack", id: "health-import-card" },
    el("h2", {}, t("health.importTitle")), el("p", { class: "muted small" }, t("health.importLead")),
    el("div", { class: "file-row" }, input, pick, chosen), start, bar, status);
  return {
    card, resume,
    event(job) {
      if (ended.has(job.id)) return;
      const wasRunning = running === job.id;
      progress(job);
      if (job.state === "running") return;
      ended.set(job.id, job);
      if (wasRunning || uploading) onDone(job);
    },
  };
}

export function healthView(session, { maxHealthImportBytes = null } = {}) {
  if (!session.user) {
    return [el("h1", {}, t("nav.health")), emptyState(icon("health"), t("health.signIn"),
      el("a", { class: "button", href: "#/signin?next=%23%2Fhealth" }, t("auth.signIn")))];
  }
  const rings = ringsCard(session);
  const chart = chartCard(session);
  const empty = el("div", { hidden: true, id: "health-empty" }, emptyState(icon("health"), t("empty.health")));
  async function refresh() {
    try {
      const reply = await session.api(`/v1/health/days?from=${addDays(todayIn(session.user.timeZone), -29)}`);
      rings.show(reply);
      goals.show(reply.goals);
      empty.hidden = Boolean(reply.firstDate);
    } catch (problem) { showProblem(problem); }
    chart.render();
  }
  const goals = goalsCard(session, refresh);
  const importer = importCard(session, {
    maxBytes: maxHealthImportBytes,
    onDone: (job) => { if (job.state === "done") { toast(t("health.importDone")); refresh(); } },
  });
  const stream = listen(session, { "health-import": (job) => importer.event(job), ready: () => importer.resume() });
  queueMicrotask(refresh);
  const view = [el("h1", {}, t("nav.health")), el("p", { class: "muted" }, t("area.health")),
    el("div", { class: "stack" }, empty, rings.card, chart.card, importer.card, goals.card)];
  view.close = () => { stream.close(); chart.close(); };
  return view;
}
