// The training page: the way into training (start.js), this week and the charts, and the last
// 30 days of workouts, each with its day's activity (steps, energy, stand hours) from Health;
// older ones a page at a time, a year of days a request, going back through empty years.
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
  const older = el("button", { type: "button", class: "button quiet wide", id: "older-workouts", hidden: true }, t("training.older"));
  const olderNote = el("p", { class: "muted small", id: "older-note", hidden: true });
  // Where "older" goes next: the days asked for (YYYY-MM-DD, inclusive) and, within them, the
  // cursor after the last workout shown; nothing before `from` has been asked for yet.
  let span = null;
  // Each load of the page counts one: "older" still on its way when the page loads again (a recent
  // workout deleted) drops what it brings.
  let generation = 0;
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
    const mine = ++generation;
    try {
      span = { ...lastThirtyDays(), cursor: null };
      const page = await session.api(`/v1/workouts?from=${span.from}&to=${span.to}&limit=50`);
      if (mine !== generation) return;
      const { items } = page;
      span.cursor = page.nextCursor || null;
      list.removeAttribute("aria-busy");
      older.hidden = false;
      olderNote.hidden = true;
      if (progress) { if (items.length) progress.load(items); else progress.hidden = true; }
      if (items.length === 0) {
        list.replaceChildren(emptyState(icon("training"), t("training.empty")));
        return;
      }
      list.replaceChildren(...items.map(card));
      activity(items);
    } catch (problem) {
      showProblem(problem);
    }
  }

  /** The next page of older workouts: the rest of the days last asked for, else the year before
   * them, and the year before that while a year has none (three at most, then it says so). */
  async function loadOlder() {
    const mine = generation;
    older.disabled = true;
    older.setAttribute("aria-busy", "true");
    try {
      for (let empty = 0; empty < 3;) {
        if (!span.cursor) {
          const to = addDays(span.from, -1);
          span = { from: addDays(to, -364), to, cursor: null };
        }
        const cursor = span.cursor ? `&cursor=${encodeURIComponent(span.cursor)}` : "";
        const page = await session.api(`/v1/workouts?from=${span.from}&to=${span.to}&limit=50${cursor}`);
        if (mine !== generation) return;
        span.cursor = page.nextCursor || null;
        if (page.items.length) {
          list.querySelector(".empty")?.remove();
          list.append(...page.items.map(card));
          activity(page.items);
          return;
        }
        empty += 1;
      }
      older.hidden = true;
      const day = new Intl.DateTimeFormat(currentLanguage(), { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${span.from}T00:00:00Z`));
      olderNote.textContent = t("training.noOlder", { day });
      olderNote.hidden = false;
    } catch (problem) {
      showProblem(problem);
    } finally {
      older.disabled = false;
      older.removeAttribute("aria-busy");
    }
  }
  older.addEventListener("click", loadOlder);

  /** One workout in the log: its exercises and sets, its notes, its day's activity, edit and delete. */
  function card(w) {
    return el("article", { class: "card workout", "data-workout": w.id },
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
          try {
            await session.api(`/v1/workouts/${w.id}`, { method: "DELETE" });
            toast(t("training.deleted"));
            // One of the last 30 days: the page again (this week and the charts count it); an older
            // one just leaves the list, which stays where it was read to.
            if (dayOf(w.startedAt) >= lastThirtyDays().from) load();
            else event.target.closest("article").remove();
          } catch (problem) { showProblem(problem); event.target.disabled = false; }
        } }, t("training.delete"))));
  }

  /** A set as the log shows it: its type's letter (W, D, F), reps and weight or seconds, and its RPE. */
  function setText(s) {
    const mark = s.type && s.type !== "working" ? `${t(`session.setShort.${s.type}`)} ` : "";
    const amount = s.reps !== undefined && s.reps !== null ? formatNumber(s.reps) + (s.weightKg ? ` × ${units.text(s.weightKg)}` : "") : `${s.seconds}s`;
    return mark + amount + (s.rpe ? ` @${formatNumber(s.rpe)}` : "");
  }

  const dayFormat = new Intl.DateTimeFormat("en-CA", { timeZone: session.user?.timeZone || undefined, year: "numeric", month: "2-digit", day: "2-digit" });
  function dayOf(instant) { return dayFormat.format(new Date(instant)); }
  /** The days the page opens on, in the person's zone: today and the 29 before it. */
  function lastThirtyDays() {
    const today = dayOf(Date.now());
    return { from: addDays(today, -29), to: today };
  }

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
    el("h2", { class: "section-title" }, t("training.recent")), list, session.user ? older : null, olderNote].filter(Boolean);
}
