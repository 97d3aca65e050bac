// The exercise catalog: searched in any language, filtered by muscle and equipment, each exercise
// with what it is done with, what it trains and its follow-along video. Coaches and admins attach
// one (an upload, with progress, or a link to a video elsewhere) or remove it; the recorder plays
// it picture-in-picture while the camera records.
import { currentLanguage, exerciseName, muscleName, t } from "../i18n.js";
import { clearProblems, el, emptyState, showProblem, toast } from "../ui.js";
import { upload } from "../upload.js";
import { exerciseFacts, recentExercises } from "./picker.js";
import { searchExercises } from "./search.js";

const VIDEO_TYPES = "video/mp4,video/quicktime,video/webm,.mp4,.mov,.webm";

/** Where an exercise's follow-along video plays from: an upload wins over a link. */
export function followAlong(exercise) {
  return exercise?.videoFile || exercise?.videoURL || null;
}

const SHOWN = 40;

export function exercisesView(session, { icon }) {
  const search = el("input", { type: "search", id: "exercise-search", placeholder: t("exercises.search"), "aria-label": t("exercises.search") });
  const muscle = el("select", { id: "exercise-muscle", "aria-label": t("picker.allMuscles") });
  const equipment = el("select", { id: "exercise-equipment", "aria-label": t("picker.allEquipment") });
  const count = el("p", { class: "muted small", id: "exercise-count", role: "status", "aria-live": "polite" });
  const list = el("div", { class: "stack", id: "exercise-list", "aria-busy": "true" }, el("span", { class: "skeleton" }));
  const coach = ["coach", "admin"].includes(session.user?.role);
  let items = [];

  function filters() {
    const muscles = [...new Set(items.flatMap((e) => e.muscles))].sort((a, b) => muscleName(a).localeCompare(muscleName(b), currentLanguage()));
    muscle.replaceChildren(el("option", { value: "" }, t("picker.allMuscles")), ...muscles.map((m) => el("option", { value: m }, muscleName(m))));
    const kinds = [...new Set(items.map((e) => e.equipment).filter(Boolean))].sort();
    equipment.replaceChildren(el("option", { value: "" }, t("picker.allEquipment")), ...kinds.map((x) => el("option", { value: x }, t(`equipment.${x}`))));
  }

  function render() {
    const browsing = !search.value.trim() && !muscle.value && !equipment.value;
    let shown = searchExercises(items, { query: search.value, language: currentLanguage(), muscle: muscle.value || null,
      equipment: equipment.value || null, recent: recentExercises() });
    // Browsing the whole catalog: those with a follow-along video first.
    if (browsing) shown = [...shown.filter(followAlong), ...shown.filter((e) => !followAlong(e))];
    count.textContent = t("picker.count", { n: shown.length });
    list.replaceChildren(...(shown.length ? shown.slice(0, SHOWN).map(card) : [emptyState(icon("training"), t("exercises.none"))]),
      ...(shown.length > SHOWN ? [el("p", { class: "muted small" }, t("picker.more", { n: shown.length - SHOWN }))] : []));
  }

  function changed(exercise) {
    items = items.map((e) => (e.id === exercise.id ? exercise : e));
    window.dispatchEvent(new CustomEvent("catalog-changed"));
    render();
  }

  function card(exercise) {
    const source = followAlong(exercise);
    const video = source ? el("video", { src: source, controls: true, playsinline: true, preload: "metadata", loop: true, class: "follow-video" }) : null;
    return el("article", { class: "card exercise", "data-exercise": exercise.id },
      el("h2", {}, exerciseName(exercise)),
      el("p", { class: "muted small" }, [t(`kind.${exercise.kind}`), exerciseFacts(exercise), exercise.level ? t(`level.${exercise.level}`) : null]
        .filter(Boolean).join(" · ")),
      video ?? el("p", { class: "muted small" }, t("exercises.noVideo")),
      coach ? coachTools(exercise) : null);
  }

  function coachTools(exercise) {
    const id = `video-file-${exercise.id}`;
    const input = el("input", { type: "file", id, class: "file-input", accept: VIDEO_TYPES });
    const bar = el("progress", { max: 100, value: 0, hidden: true, "aria-label": t("exercises.upload") });
    const link = el("input", { type: "url", name: "url", placeholder: "https://", "aria-label": t("exercises.link"), value: exercise.videoURL || "" });
    const linkForm = el("form", { class: "inline-form", novalidate: true }, link,
      el("button", { type: "submit", class: "button quiet small" }, t("exercises.saveLink")));
    const linkBox = el("details", { class: "link-video", open: exercise.videoURL ? true : undefined }, el("summary", {}, t("exercises.link")), linkForm);
    const tools = el("div", { class: "stack" }, el("div", { class: "chips" }, input,
      el("label", { for: id, class: "button quiet small file-button" }, t("exercises.upload")),
      followAlong(exercise) ? el("button", { type: "button", class: "button quiet small danger-text", "data-action": "remove-video", onclick: remove } , t("exercises.remove")) : null),
    bar, linkBox);

    input.addEventListener("change", async () => {
      const file = input.files?.[0];
      if (!file) return;
      clearProblems();
      bar.hidden = false;
      try {
        changed(await upload(session, `/v1/exercises/${exercise.id}/video`, file, {
          method: "PUT", onProgress: (ratio) => { bar.value = Math.round(ratio * 100); },
          networkProblem: () => ({ title: t("problem.network"), detail: t("problem.networkDetail") }),
        }));
        toast(t("exercises.attached", { name: exerciseName(exercise) }));
      } catch (problem) {
        showProblem(problem);
        bar.hidden = true;
      }
    });
    linkForm.addEventListener("submit", async (event) => {
      event.preventDefault();
      clearProblems();
      // Checked here first, as the server will: an http(s) link in one piece.
      const value = link.value.trim();
      if (!/^https?:\/\/\S+$/.test(value)) {
        showProblem({ status: 400, title: t("exercises.badLink"), errors: [{ field: "url", message: "must be an http(s) link" }] }, linkForm);
        return;
      }
      try {
        changed(await session.api(`/v1/exercises/${exercise.id}/video-link`, { method: "PUT", body: { url: value } }));
        toast(t("exercises.linked", { name: exerciseName(exercise) }));
      } catch (problem) { showProblem(problem, linkForm); }
    });
    async function remove(event) {
      if (!confirm(t("exercises.removeConfirm", { name: exerciseName(exercise) }))) return;
      event.target.disabled = true;
      try { changed(await session.api(`/v1/exercises/${exercise.id}/video`, { method: "DELETE" })); }
      catch (problem) { showProblem(problem); event.target.disabled = false; }
    }
    return tools;
  }

  search.addEventListener("input", render);
  muscle.addEventListener("change", render);
  equipment.addEventListener("change", render);
  session.api("/v1/exercises").then((reply) => {
    items = reply.items;
    list.removeAttribute("aria-busy");
    filters();
    render();
  }).catch((problem) => { list.removeAttribute("aria-busy"); list.replaceChildren(); showProblem(problem); });

  return [el("h1", {}, t("exercises.title")),
    el("p", { class: "muted" }, t(coach ? "exercises.leadCoach" : "exercises.lead")),
    el("div", { class: "card stack" }, search, el("div", { class: "picker-filters" }, muscle, equipment), count), list];
}
