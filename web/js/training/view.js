// The training page: the way into the timer, and the last 30 days of workouts.
import { currentLanguage, exerciseName, formatNumber, t } from "../i18n.js";
import { el, emptyState, showProblem, toast } from "../ui.js";

export function trainingView(session, { exercises, icon }) {
  const names = new Map(exercises.map((e) => [e.id, exerciseName(e)]));
  const start = el("div", { class: "stack" }, el("a", { class: "button wide", href: "#/timer", id: "start-timer" }, t("training.start")),
    session.user ? el("a", { class: "button quiet wide", href: "#/workout/new", id: "log-by-hand" }, t("editor.newTitle")) : null);
  const list = el("div", { class: "stack", "aria-busy": "true" }, el("span", { class: "skeleton" }));
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
      if (items.length === 0) {
        list.replaceChildren(emptyState(icon("training"), t("training.empty")));
        return;
      }
      list.replaceChildren(...items.map((w) => el("article", { class: "card workout", "data-workout": w.id },
        el("h2", {}, dateFormat.format(new Date(w.startedAt))),
        el("ul", { class: "rows" }, w.exercises.map((entry) => el("li", { class: "row" },
          el("strong", {}, names.get(entry.exerciseId) || entry.exerciseId),
          el("span", { class: "muted" }, entry.sets.map((s) => s.reps !== undefined && s.reps !== null
            ? formatNumber(s.reps) + (s.weightKg ? ` × ${formatNumber(s.weightKg)} kg` : "")
            : `${s.seconds}s`).join(" · "))))),
        w.notes ? el("p", { class: "muted small" }, w.notes) : null,
        el("div", { class: "chips" }, el("a", { class: "button quiet small", href: `#/workout/${w.id}` }, t("editor.edit")),
        el("button", { type: "button", class: "button quiet small", onclick: async (event) => {
          event.target.disabled = true;
          try { await session.api(`/v1/workouts/${w.id}`, { method: "DELETE" }); toast(t("training.deleted")); load(); }
          catch (problem) { showProblem(problem); event.target.disabled = false; }
        } }, t("training.delete"))))));
    } catch (problem) {
      showProblem(problem);
    }
  }
  queueMicrotask(load);
  return [el("h1", {}, t("nav.training")), el("p", { class: "muted" }, t("area.training")), start,
    el("h2", { class: "section-title" }, t("training.recent")), list];
}
