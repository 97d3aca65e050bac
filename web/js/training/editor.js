// Logging a workout by hand, or editing one: when, exercises in order, their sets, notes.
// Weights are typed and shown in the person's unit (kg or lb) and kept in kg.
import { t } from "../i18n.js";
import { el, showProblem, toast } from "../ui.js";
import { versionOf, writeRecord } from "../sync/save.js";
import { exercisePicker } from "./picker.js";
import { coversDistance, distanceIn, takesWeight, weightIn } from "./units.js";
import { newRecordId } from "../ids.js";

/** "2026-11-29T07:30" for a datetime-local input, in the browser's own zone. */
function localInput(date) {
  const pad = (n) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function editorView(session, { exercises, workoutId }) {
  const byId = new Map(exercises.map((e) => [e.id, e]));
  const units = weightIn(session.user?.weightUnit || "kg");
  const miles = distanceIn(units.unit);
  const form = el("form", { class: "form card editor", novalidate: true, id: "workout-form" });
  const when = el("input", { type: "datetime-local", name: "startedAt", required: true, value: localInput(new Date()) });
  const notes = el("textarea", { name: "notes", rows: 3, maxlength: 5000 });
  const entries = el("div", { class: "stack", id: "workout-entries" });
  const title = el("h1", {}, workoutId ? t("editor.editTitle") : t("editor.newTitle"));

  /** A body-weight move (push-up, plank) has no weight to type unless one was logged (a weighted
   *  dip): no empty kg column, no 0 kg set. */
  function setRow(unit, set = {}, bodyweight = false, covers = false) {
    const amount = el("input", { type: "number", inputmode: "numeric", min: 0, max: unit === "seconds" ? 86400 : 1000, required: true,
      name: "amount", "aria-label": unit === "seconds" ? t("editor.seconds") : t("editor.reps"),
      value: unit === "seconds" ? set.seconds ?? "" : set.reps ?? "" });
    const weight = el("input", { type: "number", inputmode: "decimal", min: 0, max: units.unit === "lb" ? 2200 : 1000, step: units.unit === "lb" ? "0.1" : "0.5",
      name: "weight", "aria-label": t("editor.weightIn", { unit: units.unit }), value: set.weightKg == null ? "" : units.shown(set.weightKg),
      placeholder: units.unit, hidden: bodyweight && set.weightKg == null });
    // What the set was for: a warm-up counts for no record or volume.
    const type = el("select", { name: "type", class: "set-type", "aria-label": t("session.setTypes") },
      ["working", "warmup", "drop", "failure"].map((v) => el("option", { value: v, selected: (set.type ?? "working") === v },
        v === "working" ? "—" : t(`session.setShort.${v}`))));
    // A run or a carry covers a distance, in km (mi for pounds).
    const distance = covers || set.distanceM != null
      ? el("input", { type: "number", inputmode: "decimal", min: 0, step: "any", name: "distance", class: "set-distance",
        "aria-label": t("session.distanceIn", { unit: miles.unit }), placeholder: miles.unit, value: miles.shown(set.distanceM) ?? "" })
      : null;
    const row = el("li", { class: "set-row" }, type, amount, el("span", { class: "muted" }, unit === "seconds" ? "s" : "×"), weight,
      el("button", { type: "button", class: "chip", "aria-label": t("editor.removeSet"), onclick: () => row.remove() }, "−"),
      distance ? el("label", { class: "set-distance-row" }, distance, el("span", { class: "muted small" }, miles.unit)) : null);
    // What the editor does not show (the rest, RPE or RIR) is kept as it was.
    row.kept = Object.fromEntries(["restSeconds", "rpe", "rir"].filter((key) => set[key] != null).map((key) => [key, set[key]]));
    return row;
  }

  function entryCard(entry = { exerciseId: "push-up", sets: [{}] }) {
    const picker = exercisePicker(exercises, { value: entry.exerciseId, label: t("timer.exercise") });
    const sets = el("ol", { class: "sets" });
    const unit = () => byId.get(picker.value)?.unit ?? "reps";
    const bodyweight = () => !takesWeight(byId.get(picker.value));
    const covers = () => coversDistance(byId.get(picker.value));
    const fill = (list) => sets.replaceChildren(...list.map((s) => setRow(unit(), s, bodyweight(), covers())));
    fill(entry.sets.length ? entry.sets : [{}]);
    picker.addEventListener("change", () => fill([...sets.children].map(() => ({}))));
    // A body-weight move takes a weight only when asked (a weighted dip, a vest on push-ups).
    const addWeight = el("button", { type: "button", class: "button quiet small", "data-action": "add-weight",
      onclick: () => { for (const input of sets.querySelectorAll("[name=weight]")) input.hidden = false; addWeight.hidden = true; } },
    t("editor.addWeight", { unit: units.unit }));
    const showAddWeight = () => { addWeight.hidden = !bodyweight() || [...sets.querySelectorAll("[name=weight]")].some((input) => !input.hidden); };
    picker.addEventListener("change", showAddWeight);
    const entryNotes = el("textarea", { name: "entryNotes", rows: 2, maxlength: 1000, class: "exercise-notes", "aria-label": t("session.notes"),
      placeholder: t("session.notesPlaceholder") }, entry.notes ?? "");
    const card = el("section", { class: "entry", "data-superset": entry.superset ?? null }, el("div", { class: "entry-head" }, picker,
      el("button", { type: "button", class: "chip", "aria-label": t("editor.removeExercise"), onclick: () => card.remove() }, "×")),
      sets, entryNotes,
      el("div", { class: "actions" },
        el("button", { type: "button", class: "button quiet small", onclick: () => {
          const weighted = [...sets.querySelectorAll("[name=weight]")].some((input) => !input.hidden);
          sets.append(setRow(unit(), {}, bodyweight() && !weighted, covers()));
        } }, t("editor.addSet")),
        addWeight));
    showAddWeight();
    card.read = () => ({ exerciseId: picker.value, ...(entryNotes.value.trim() ? { notes: entryNotes.value.trim() } : {}),
      ...(entry.superset != null ? { superset: entry.superset } : {}), sets: [...sets.children].map((row) => {
      const amount = row.querySelector("[name=amount]").value;
      const input = row.querySelector("[name=weight]");
      const weight = input.hidden ? "" : input.value;
      const value = amount === "" ? null : Number(amount);
      const set = unit() === "seconds" ? { seconds: value } : { reps: value };
      // Typed in the person's unit, kept in kg (to the gram, as the server keeps it).
      if (weight !== "") set.weightKg = Math.round(units.stored(Number(weight)) * 1000) / 1000;
      const type = row.querySelector("[name=type]").value;
      const distance = row.querySelector("[name=distance]")?.value ?? "";
      if (distance !== "") set.distanceM = miles.stored(Number(distance));
      return { ...(row.kept ?? {}), ...set, ...(type !== "working" ? { type } : {}) };
    }) });
    return card;
  }

  const save = el("button", { type: "submit", class: "button wide", id: "save-workout" }, t("editor.save"));
  // The version the page loaded (its ETag): a save against it, so a change made elsewhere meanwhile is not overwritten.
  let version = null;
  const newId = newRecordId();
  form.append(
    el("div", { class: "field" }, el("label", { for: "f-startedAt" }, t("editor.when")), Object.assign(when, { id: "f-startedAt" })),
    entries,
    el("button", { type: "button", class: "button quiet", onclick: () => entries.append(entryCard()) }, t("editor.addExercise")),
    el("div", { class: "field" }, el("label", { for: "f-notes" }, t("editor.notes")), Object.assign(notes, { id: "f-notes" })),
    save);

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = { startedAt: new Date(when.value).toISOString(), notes: notes.value,
      exercises: [...entries.children].map((card) => card.read()) };
    save.disabled = true;
    try {
      // A new workout takes this browser's id, so a save that waits for the network is the same workout when it arrives.
      const id = workoutId || newId;
      const written = await writeRecord(session, { zone: "workouts", id, path: `/v1/workouts/${id}`, fields: body, baseVersion: version });
      toast(written.offline ? t("sync.savedOffline") : written.conflict ? t("sync.conflictFound") : t("editor.saved"));
      location.hash = "#/training";
    } catch (problem) {
      showProblem(problem, form);
      // Name the card and set a problem points at: exercises[1].sets[2].reps → that input.
      for (const error of problem.errors || []) {
        const match = /^exercises\[(\d+)\](?:\.sets\[(\d+)\])?/.exec(error.field);
        const card = match && entries.children[Number(match[1])];
        const target = match?.[2] !== undefined ? card?.querySelectorAll(".set-row")[Number(match[2])]?.querySelector("input") : card?.querySelector("select");
        target?.setAttribute("aria-invalid", "true");
      }
    } finally {
      save.disabled = false;
    }
  });

  if (workoutId) {
    session.api(`/v1/workouts/${workoutId}`, { onResponse: (response) => { version = versionOf(response); } }).then((w) => {
      when.value = localInput(new Date(w.startedAt));
      notes.value = w.notes;
      entries.replaceChildren(...w.exercises.map(entryCard));
    }).catch((problem) => showProblem(problem));
  } else {
    entries.append(entryCard());
  }
  return [title, form];
}
