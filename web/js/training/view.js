// The training page: the way into training (start.js), this week and the charts, and the last
// 30 days of workouts, each with its day's activity (steps, energy, stand hours) from Health.
import { addDays, currentLanguage, exerciseName, formatNumber, t } from "../i18n.js";
import { el, emptyState, showProblem, toast } from "../ui.js";
import { progressCard } from "./progress.js";
import { startCard } from "./start.js";
import { weightIn } from "./units.js";

export function trainingView(session, { exercises, icon }) {
  const names = new Map(exercises.map((e) => [e.id, exerciseName(e)]));
  const units = weightIn(session.user?.weightUnit || "kg");
  // One way to train: the start card (resume, a routine, the last workout again, or the empty
  // session that is the one-button timer); logging a past workout and the catalog are links.
  const start = session.user ? [startCard(session, { nameOf: (id) => names.get(id) || id }),
    el("div", { class: "chips" },
      el("a", { class: "button quiet small", href: "#/workout/new", id: "log-by-hand" }, t("editor.newTitle")),
      el("a", { class: "button quiet small", href: "#/exercises", id: "exercise-catalog" }, t("exercises.title")),
      el("a", { class: "button quiet small", href: "#/body", id: "body-log" }, t("body.title")),
      el("a", { class: "button quiet small", href: "#/import", id: "import-log" }, t("import.title")))]
    : [el("a", { class: "button wide", href: "#/timer", id: "start-timer" }, t("training.start"))];
  const list = el("div", { class: "stack", "aria-busy": "true" }, el("span", { class: "skeleton" }));
  // Signed in: the page opens on this week and the charts; the log comes below them.
  const progress = session.user ? progressCard(session, { exercises }) : null;
  const dateFormat = new Intl.DateTimeFormat(currentLanguage(), { dateStyle: "medium", timeStyle: "short",
    timeZone: session.user?.timeZone || undefined });

  async function load() {
    if (!session.user) {
      list.replaceChildren(emptyState(icon("training"), t("training.signIn"), el("a", { class: "button", href: "#/signin?next=%23%2Ftraining" },
        t("auth.signIn"))));
      list.removeAttribute("aria-busy");
      return;
    }
    try {
      const { items } = await session.api("/v1/workouts?limit=50");
      list.removeAttribute("aria-busy");
      if (progress) { if (items.length) progress.load(items); else progress.hidden = true; }
      if (items.length === 0) {
        list.replaceChildren(emptyState(icon("training"), t("training.empty")));
        return;
      }
      list.replaceChildren(...items.map((w) => el("article", { class: "card workout", "data-workout": w.id },
        el("h2", {}, dateFormat.format(new Date(w.startedAt))),
        el("ul", { class: "rows" }, w.exercises.map((entry, i) => el("li", { class: "row" },
          el("strong", {}, names.get(entry.exerciseId) || entry.exerciseId,
            entry.superset != null && w.exercises[i + 1]?.superset === entry.superset ? el("span", { class: "superset-mark" }, " ＋") : null),
          el("span", { class: "muted" }, entry.sets.map(setText).join(" · ")),
          entry.notes ? el("span", { class: "muted small entry-notes" }, entry.notes) : null))),
        w.notes ? el("p", { class: "muted small" }, w.notes) : null,
        el("p", { class: "muted small day-activity", "data-day": dayOf(w.startedAt) }),
        el("div", { class: "chips" }, el("a", { class: "button quiet small", href: `#/workout/${w.id}` }, t("editor.edit")),
        el("button", { type: "button", class: "button quiet small danger-text", "data-delete-workout": w.id, onclick: async (event) => {
          if (!confirm(t("training.deleteConfirm", { when: dateFormat.format(new Date(w.startedAt)) }))) return;
          event.target.disabled = true;
          try { await session.api(`/v1/workouts/${w.id}`, { method: "DELETE" }); toast(t("training.deleted")); load(); }
          catch (problem) { showProblem(problem); event.target.disabled = false; }
        } }, t("training.delete"))))));
      activity(items);
    } catch (problem) {
      showProblem(problem);
    }
  }

  /** A set as the log shows it: its type's letter (W, D, F), reps and weight or seconds, and its RPE. */
  function setText(s) {
    const mark = s.type && s.type !== "working" ? `${t(`session.setShort.${s.type}`)} ` : "";
    const amount = s.reps !== undefined && s.reps !== null ? formatNumber(s.reps) + (s.weightKg ? ` × ${units.text(s.weightKg)}` : "") : `${s.seconds}s`;
    return mark + amount + (s.rpe ? ` @${formatNumber(s.rpe)}` : "");
  }

  const dayFormat = new Intl.DateTimeFormat("en-CA", { timeZone: session.user?.timeZone || undefined, year: "numeric", month: "2-digit", day: "2-digit" });
  function dayOf(instant) { return dayFormat.format(new Date(instant)); }

  /** Each workout's day as Health counted it, in one request for the days they span. */
  async function activity(items) {
    const days = items.map((w) => dayOf(w.startedAt)).sort();
    if (!days.length) return;
    const last = days.at(-1);
    const first = days[0] < addDays(last, -366) ? addDays(last, -366) : days[0];
    try {
      const reply = await session.api(`/v1/health/days?from=${first}&to=${last}`);
      const byDay = new Map(reply.days.map((d) => [d.date, d]));
      for (const line of list.querySelectorAll(".day-activity")) {
        const d = byDay.get(line.dataset.day);
        if (!d || d.sources.length === 0) continue;
        line.textContent = t("health.dayActivity", { steps: t("health.stepsValue", { n: formatNumber(d.steps) }),
          energy: t("health.kcalValue", { n: formatNumber(Math.round(d.activeEnergyKcal)) }), stand: t("health.hoursValue", { n: formatNumber(d.standHours) }) });
      }
    } catch { /* the workouts stand without their day's activity */ }
  }
  queueMicrotask(load);
  return [el("h1", {}, t("nav.training")), el("p", { class: "muted" }, t("area.training")), ...start, progress,
    el("h2", { class: "section-title" }, t("training.recent")), list].filter(Boolean);
}
