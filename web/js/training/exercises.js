// The exercise catalog: searched in any language, filtered by muscle and equipment, each exercise
// with what it is done with, what it trains and its follow-along video. Coaches and admins attach
// one (an upload, with progress, or a link to a video elsewhere) or remove it; the recorder plays
// it picture-in-picture while the camera records.
import { currentLanguage, exerciseName, muscleName, t } from "../i18n.js";
import { clearProblems, el, emptyState, showProblem, toast } from "../ui.js";
import { upload } from "../upload.js";
import { equipmentName, exerciseFacts, exercisePicker, facets, options, recentExercises } from "./picker.js";
import { searchExercises } from "./search.js";

const VIDEO_TYPES = "video/mp4,video/quicktime,video/webm,.mp4,.mov,.webm";

/** Where an exercise's follow-along video plays from: an upload wins over a link. */
export function followAlong(exercise) {
  return exercise?.videoFile || exercise?.videoURL || null;
}

const SHOWN = 40;
const KINDS = ["weightReps", "bodyweightReps", "weightedBodyweight", "assistedBodyweight", "duration", "distanceDuration", "weightDistance"];
const EQUIPMENT = ["barbell", "dumbbell", "cable", "machine", "kettlebell", "band", "medicine-ball", "exercise-ball", "foam-roller", "ez-bar",
  "bodyweight", "other"];

/** Browsing: one's own, then those with a follow-along video, then the rest. */
const browseRank = (e) => (e.mine ? 0 : followAlong(e) ? 1 : 2);

export function exercisesView(session, { icon }) {
  const search = el("input", { type: "search", id: "exercise-search", placeholder: t("exercises.search"), "aria-label": t("exercises.search") });
  const muscle = el("select", { id: "exercise-muscle", "aria-label": t("picker.allMuscles") });
  const equipment = el("select", { id: "exercise-equipment", "aria-label": t("picker.allEquipment") });
  const count = el("p", { class: "muted small", id: "exercise-count", role: "status", "aria-live": "polite" });
  const list = el("div", { class: "stack", id: "exercise-list", "aria-busy": "true" }, el("span", { class: "skeleton" }));
  const coach = ["coach", "admin"].includes(session.user?.role);
  let items = [];

  function filters() {
    const named = facets(items);
    muscle.replaceChildren(...options(t("picker.allMuscles"), named.muscles, (m) => muscleName(m)));
    equipment.replaceChildren(...options(t("picker.allEquipment"), named.equipment, equipmentName));
  }

  function render() {
    const browsing = !search.value.trim() && !muscle.value && !equipment.value;
    let shown = searchExercises(items, { query: search.value, language: currentLanguage(), muscle: muscle.value || null,
      equipment: equipment.value || null, recent: recentExercises() });
    // Browsing the whole catalog: one's own first, then those with a follow-along video (the sort keeps the search's order within each).
    if (browsing) shown.sort((a, b) => browseRank(a) - browseRank(b));
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
    if (exercise.mine) return ownCard(exercise);
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

  // MARK: one's own exercises

  function ownCard(exercise) {
    const menu = el("details", { class: "more-menu" }, el("summary", { "aria-label": t("post.more") }, "⋯"),
      el("div", { class: "menu" },
        el("button", { type: "button", class: "button quiet small", "data-action": "rename", onclick: () => ownForm(exercise) }, t("ownExercise.rename")),
        mergePicker(exercise),
        el("button", { type: "button", class: "button quiet small danger-text", "data-action": "delete-own", onclick: () => deleteOwn(exercise) },
          t("ownExercise.delete"))));
    return el("article", { class: "card exercise mine", "data-exercise": exercise.id },
      el("div", { class: "entry-head" }, el("h2", {}, exerciseName(exercise)), menu),
      el("p", { class: "muted small" }, [t("ownExercise.mine"), t(`kind.${exercise.kind}`), exerciseFacts(exercise)].filter(Boolean).join(" · ")));
  }

  function mergePicker(exercise) {
    const picker = exercisePicker(items.filter((e) => e.id !== exercise.id && e.unit === exercise.unit), {
      label: t("ownExercise.merge"), placeholder: t("ownExercise.merge"), name: "merge-into" });
    picker.addEventListener("change", async () => {
      clearProblems();
      try {
        await session.api(`/v1/me/exercises/${exercise.id}/merge`, { method: "POST", body: { into: picker.value } });
        toast(t("ownExercise.merged", { name: exerciseName(items.find((e) => e.id === picker.value)) }));
        reload();
      } catch (problem) { showProblem(problem); }
    });
    return picker;
  }

  async function deleteOwn(exercise) {
    if (!confirm(t("ownExercise.deleteConfirm", { name: exerciseName(exercise) }))) return;
    clearProblems();
    try {
      await session.api(`/v1/me/exercises/${exercise.id}`, { method: "DELETE" });
      toast(t("ownExercise.deleted"));
      reload();
    } catch (problem) { showProblem(problem); }
  }

  /** The sheet that adds one's own exercise, or renames and changes `existing`. */
  function ownForm(existing = null) {
    const name = el("input", { name: "name", id: "own-name", maxlength: 80, required: true, value: existing ? exerciseName(existing) : "" });
    const kind = el("select", { name: "kind", id: "own-kind" }, KINDS.map((k) => el("option", { value: k }, t(`kind.${k}`))));
    const gear = el("select", { name: "equipment", id: "own-equipment" }, options("—", EQUIPMENT, equipmentName));
    const muscle = el("select", { name: "muscle", id: "own-muscle" }, options("—", facets(items).muscles, (m) => muscleName(m)));
    kind.value = existing?.kind ?? KINDS[0];
    gear.value = existing?.equipment ?? "";
    muscle.value = existing?.muscles?.[0] ?? "";
    const field = (label, input) => el("div", { class: "field" }, el("label", { for: input.id }, label), input);
    const form = el("form", { class: "form stack", novalidate: true, id: "own-form" },
      field(t("ownExercise.name"), name), field(t("ownExercise.kind"), kind), field(t("ownExercise.equipment"), gear),
      field(t("ownExercise.muscle"), muscle),
      el("button", { type: "submit", class: "button wide", id: "own-save" }, t("ownExercise.save")));
    const sheet = el("dialog", { class: "sheet" }, el("div", { class: "sheet-head" },
      el("h2", {}, existing ? t("ownExercise.rename") : t("ownExercise.new")),
      el("button", { type: "button", class: "chip", "aria-label": t("picker.close"), onclick: () => sheet.close() }, "×")),
    el("div", { class: "sheet-body" }, form));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      clearProblems();
      // The name is written in the page's language; the others keep theirs (or take it, for a new one).
      const names = { ...(existing?.names || {}), [currentLanguage()]: name.value.trim() };
      const body = { names, kind: kind.value, ...(gear.value ? { equipment: gear.value } : {}), muscles: muscle.value ? [muscle.value] : [] };
      try {
        const saved = await session.api(existing ? `/v1/me/exercises/${existing.id}` : "/v1/me/exercises", { method: existing ? "PUT" : "POST", body });
        sheet.close();
        toast(t("ownExercise.saved", { name: exerciseName(saved) }));
        reload();
      } catch (problem) { showProblem(problem, form); }
    });
    sheet.addEventListener("close", () => sheet.remove());
    document.body.append(sheet);
    sheet.showModal();
    name.focus();
  }

  async function reload() {
    window.dispatchEvent(new CustomEvent("catalog-changed"));
    try {
      const [shared, own] = await Promise.all([session.api("/v1/exercises"), session.user ? session.api("/v1/me/exercises") : { items: [] }]);
      items = [...own.items.map((e) => ({ ...e, mine: true })), ...shared.items];
      list.removeAttribute("aria-busy");
      filters();
      render();
    } catch (problem) { list.removeAttribute("aria-busy"); list.replaceChildren(); showProblem(problem); }
  }

  search.addEventListener("input", render);
  muscle.addEventListener("change", render);
  equipment.addEventListener("change", render);
  reload();

  return [el("h1", {}, t("exercises.title")),
    el("p", { class: "muted" }, t(coach ? "exercises.leadCoach" : "exercises.lead")),
    session.user ? el("div", { class: "card stack" }, el("p", { class: "muted small" }, t("ownExercise.lead")),
      el("button", { type: "button", class: "button quiet", id: "own-new", onclick: () => ownForm() }, t("ownExercise.new"))) : null,
    el("div", { class: "card stack" }, search, el("div", { class: "picker-filters" }, muscle, equipment), count), list].filter(Boolean);
}
