// The way into training, one card on the Training page and on the session page when none is
// under way. A session under way is the one thing to do: resume it. Otherwise the person's
// routines (the first one's Start is the primary action), their last workout again, or an empty
// session: the one-button timer, a session with no plan that counts reps and rests.
import { currentLanguage, t } from "../i18n.js";
import { el, showProblem } from "../ui.js";

const SHOWN = 3;

export function startCard(session, { nameOf }) {
  const title = el("h2", {}, t("training.startTitle"));
  const card = el("section", { class: "card stack start-card", id: "start-card", "aria-busy": "true" }, title, el("span", { class: "skeleton" }));
  const when = new Intl.DateTimeFormat(currentLanguage(), { dateStyle: "medium", timeStyle: "short", timeZone: session.user?.timeZone || undefined });

  function resume(underWay) {
    const done = underWay.exercises.reduce((n, e) => n + e.sets.filter((s) => s.done).length, 0);
    card.replaceChildren(el("h2", {}, t("training.underWay")),
      el("p", { class: "muted" }, t("training.underWayLine", { title: underWay.title || t("session.title"),
        when: when.format(new Date(underWay.startedAt)), sets: t("training.setsDone", { n: done }) })),
      el("a", { class: "button wide", href: "#/session", id: "resume-session" }, t("training.resume")));
  }

  function choices(routines) {
    const first = routines[0];
    card.replaceChildren(...[title, el("p", { class: "muted" }, t("session.lead")),
      ...routines.slice(0, SHOWN).map((routine) => el("article", { class: "routine-start", "data-routine": routine.id },
        el("div", {}, el("h3", {}, routine.title), el("p", { class: "muted small" }, routine.items.map((i) => nameOf(i.exerciseId)).join(" · "))),
        el("a", { class: routine === first ? "button" : "button quiet", href: `#/session?routine=${encodeURIComponent(routine.id)}` }, t("session.start")))),
      routines.length > SHOWN ? el("a", { class: "button quiet small", href: "#/routines" }, t("training.allRoutines", { n: routines.length })) : null,
      routines.length ? null : el("p", { class: "muted small" }, t("session.noRoutines"), " ", el("a", { href: "#/routines" }, t("routines.mine"))),
      el("div", { class: "actions" },
        el("a", { class: first ? "button quiet" : "button", href: "#/session?start=empty", id: "empty-session" }, t("session.empty")),
        el("a", { class: "button quiet", href: "#/session?start=last", id: "repeat-last" }, t("session.repeatLast")))].filter(Boolean));
  }

  (async () => {
    try {
      const underWay = await session.api("/v1/training/session").catch((problem) => { if (problem.status === 404) return null; throw problem; });
      if (underWay) { resume(underWay); return; }
      const { items } = await session.api("/v1/routines/mine");
      choices(items);
    } catch (problem) {
      choices([]);
      if (problem.status !== 0) showProblem(problem);
    } finally {
      card.removeAttribute("aria-busy");
    }
  })();
  return card;
}
