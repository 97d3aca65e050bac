// The training page's progress: this week's sessions and volume, the volume of the last twelve
// weeks, and one exercise at a time: its best estimated 1RM per session and its records.
import { exerciseName, formatNumber, t } from "../i18n.js";
import { el, showProblem } from "../ui.js";
import { barChart } from "../graphs.js";
import { weightIn } from "./units.js";

const shortDay = (day) => `${Number(day.slice(5, 7))}/${Number(day.slice(8, 10))}`;

function chartWidth(node) { return Math.max(280, Math.min(640, (node.clientWidth || 320) - 8)); }

export function progressCard(session, { exercises }) {
  const catalog = new Map(exercises.map((e) => [e.id, e]));
  const nameOf = (id) => (catalog.get(id) ? exerciseName(catalog.get(id)) : id);
  const units = weightIn(session.user?.weightUnit || "kg");
  const week = el("p", { class: "week-figures", id: "week-figures" });
  const weeksChart = el("div", { class: "chart", id: "weeks-chart" });
  const picker = el("select", { id: "progress-exercise", "aria-label": t("progress.exercise") });
  const exerciseChart = el("div", { class: "chart", id: "exercise-chart" });
  const records = el("dl", { class: "records", id: "exercise-records" });
  const card = el("section", { class: "card stack", id: "training-progress" },
    el("h2", {}, t("progress.thisWeek")), week, weeksChart,
    el("div", { class: "field" }, el("label", { for: "progress-exercise" }, t("progress.exercise")), picker), exerciseChart, records);

  async function showExercise(id) {
    try {
      const progress = await session.api(`/v1/training/progress?exercise=${encodeURIComponent(id)}`);
      const weighted = progress.points.some((p) => p.estimatedOneRepMaxKg);
      const days = progress.points.slice(-20).map((p) => ({ date: p.day, value: weighted ? units.shown(p.estimatedOneRepMaxKg ?? 0) : p.sets }));
      const label = (d, i, all) => (i % 4 === 0 || i === all.length - 1 ? shortDay(d.date) : "");
      const volume = progress.points.slice(-20).map((p) => ({ date: p.day, value: units.shown(p.volumeKg) }));
      exerciseChart.replaceChildren(...[el("p", { class: "muted small" }, t(weighted ? "progress.oneRepMax" : "progress.setsPerDay", { unit: units.unit })),
        days.length ? barChart({ days, width: chartWidth(card), height: 160, label: (d, i) => label(d, i, days),
          describe: (d) => `${shortDay(d.date)}: ${formatNumber(d.value)}${weighted ? ` ${units.unit}` : ""}` }) : el("p", { class: "muted" }, t("progress.none")),
        // With weights, the volume of each session beside the estimate.
        weighted ? el("p", { class: "muted small" }, t("progress.volumePerSession", { unit: units.unit })) : null,
        weighted ? el("div", { id: "exercise-volume" }, barChart({ days: volume, width: chartWidth(card), height: 140, label: (d, i) => label(d, i, volume),
          describe: (d) => `${shortDay(d.date)}: ${formatNumber(d.value)} ${units.unit}` })) : null].filter(Boolean));
      const rows = [];
      if (progress.heaviestKg) rows.push([t("progress.heaviest"), units.text(progress.heaviestKg)]);
      if (progress.estimatedOneRepMaxKg) rows.push([t("progress.bestOneRepMax"), units.text(progress.estimatedOneRepMaxKg)]);
      for (const r of progress.mostReps.slice(-5)) rows.push([t("progress.mostRepsAt", { weight: units.text(r.weightKg) }), formatNumber(r.reps)]);
      records.replaceChildren(...rows.flatMap(([k, v]) => [el("dt", {}, k), el("dd", {}, v)]));
    } catch (problem) { showProblem(problem); }
  }

  /** Draws the weeks and the exercise list from the person's recent workouts (newest first). */
  card.load = async (recent) => {
    try {
      const { items } = await session.api("/v1/training/weeks?count=12");
      const now = items[items.length - 1];
      week.textContent = now.volumeKg > 0 ? t("progress.weekLine", { sessions: formatNumber(now.sessions), volume: units.text(now.volumeKg) })
        : t("progress.weekSessions", { sessions: formatNumber(now.sessions) });
      weeksChart.replaceChildren(el("p", { class: "muted small" }, t("progress.weeklyVolume", { unit: units.unit })),
        barChart({ days: items.map((w) => ({ date: w.weekStart, value: units.shown(w.volumeKg) })), width: chartWidth(card), height: 150,
          label: (d, i) => (i % 3 === 0 || i === items.length - 1 ? shortDay(d.date) : ""),
          describe: (d) => t("progress.weekBar", { week: shortDay(d.date), volume: `${formatNumber(d.value)} ${units.unit}` }) }));
    } catch (problem) { showProblem(problem); }
    const logged = [...new Set(recent.flatMap((w) => w.exercises.map((e) => e.exerciseId)))];
    picker.replaceChildren(...logged.map((id) => el("option", { value: id }, nameOf(id))));
    picker.onchange = () => showExercise(picker.value);
    if (logged.length) showExercise(logged[0]);
    else { picker.parentElement.hidden = true; }
  };
  return card;
}
