// Writing or changing one of my routines: title, description, public or not, and its
// exercises in order, each with sets × reps (or seconds, as the exercise counts) and rest; an
// exercise done with the next one makes a superset (a circuit when more follow), rested after the round.
import { t } from "../i18n.js";
import { el, showProblem, toast } from "../ui.js";
import { exercisePicker } from "../training/picker.js";

export function routineEditorView(session, { exercises, routineId }) {
  const byId = new Map(exercises.map((e) => [e.id, e]));
  const title = el("input", { name: "title", id: "routine-title", maxlength: 100, required: true });
  const description = el("textarea", { name: "description", id: "routine-description", rows: 3, maxlength: 2000 });
  const isPublic = el("input", { type: "checkbox", name: "public", id: "routine-public" });
  const items = el("ol", { class: "stack routine-items", id: "routine-items" });
  const form = el("form", { class: "form card editor", novalidate: true, id: "routine-form" });

  function itemRow(item = { exerciseId: "push-up", sets: 3, reps: 10, restSeconds: 60 }, withNext = false) {
    const picker = exercisePicker(exercises, { value: item.exerciseId, label: t("timer.exercise") });
    const sets = el("input", { type: "number", name: "sets", min: 1, max: 20, value: item.sets, "aria-label": t("routineEditor.sets") });
    const amount = el("input", { type: "number", name: "amount", min: 1, max: 3600, value: item.reps ?? item.seconds ?? "" });
    const unitLabel = el("span", { class: "muted" });
    const rest = el("input", { type: "number", name: "restSeconds", min: 0, max: 600, value: item.restSeconds, "aria-label": t("routineEditor.rest") });
    const showUnit = () => {
      const seconds = byId.get(picker.value)?.unit === "seconds";
      unitLabel.textContent = seconds ? t("routineEditor.seconds") : t("routineEditor.reps");
      amount.setAttribute("aria-label", unitLabel.textContent);
    };
    picker.addEventListener("change", showUnit);
    showUnit();
    const row = el("li", { class: "entry" }, el("div", { class: "entry-head" }, picker,
      el("button", { type: "button", class: "chip", "aria-label": t("editor.removeExercise"), onclick: () => row.remove() }, "×")),
    el("div", { class: "set-row routine-row" }, sets, el("span", { class: "muted" }, "×"), amount, unitLabel),
    el("label", { class: "small" }, t("routineEditor.rest"), " ", rest, " s"),
    el("label", { class: "check small" }, el("input", { type: "checkbox", name: "withNext", checked: withNext || null }), " ",
      t("routineEditor.withNext")));
    row.withNext = () => row.querySelector("[name=withNext]").checked;
    row.read = () => {
      const seconds = byId.get(picker.value)?.unit === "seconds";
      const value = amount.value === "" ? null : Number(amount.value);
      return { exerciseId: picker.value, sets: Number(sets.value), restSeconds: Number(rest.value), ...(seconds ? { seconds: value } : { reps: value }) };
    };
    return row;
  }

  /** The rows' items, those done with the next one numbered as supersets (1, 2…). */
  function supersets(rows) {
    let group = 0;
    return rows.map((row, i) => {
      const item = row.read();
      const afterLinked = i > 0 && rows[i - 1].withNext();
      const linksNext = row.withNext() && i < rows.length - 1;
      if (linksNext && !afterLinked) group += 1;
      if (linksNext || afterLinked) item.superset = group;
      return item;
    });
  }

  const save = el("button", { type: "submit", class: "button wide", id: "save-routine" }, t("routineEditor.save"));
  form.append(
    el("div", { class: "field" }, el("label", { for: "routine-title" }, t("routineEditor.title")), title),
    el("div", { class: "field" }, el("label", { for: "routine-description" }, t("routineEditor.description")), description),
    el("label", { class: "check" }, isPublic, " ", t("routineEditor.public")),
    items,
    el("button", { type: "button", class: "button quiet", id: "add-routine-item", onclick: () => items.append(itemRow()) }, t("editor.addExercise")),
    save);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    save.disabled = true;
    const body = { title: title.value, description: description.value, public: isPublic.checked, items: supersets([...items.children]) };
    try {
      await session.api(routineId ? `/v1/routines/${routineId}` : "/v1/routines", { method: routineId ? "PUT" : "POST", body });
      toast(t("routineEditor.saved"));
      location.hash = "#/routines?tab=mine";
    } catch (problem) {
      showProblem(problem, form);
      for (const error of problem.errors || []) {
        const match = /^items\[(\d+)\]\.(\w+)/.exec(error.field);
        const row = match && items.children[Number(match[1])];
        const name = { reps: "amount", seconds: "amount" }[match?.[2]] ?? match?.[2];
        row?.querySelector(`[name="${name}"]`)?.setAttribute("aria-invalid", "true");
      }
    } finally {
      save.disabled = false;
    }
  });
  if (routineId) {
    session.api(`/v1/routines/${routineId}`).then((r) => {
      title.value = r.title;
      description.value = r.description;
      isPublic.checked = r.public;
      items.replaceChildren(...r.items.map((item, i) => itemRow(item, item.superset != null && r.items[i + 1]?.superset === item.superset)));
    }).catch((problem) => showProblem(problem));
  } else {
    items.append(itemRow());
  }
  return [el("h1", {}, routineId ? t("routineEditor.editTitle") : t("routineEditor.newTitle")), form];
}
