// Choosing one exercise of hundreds: a button that names the one chosen and, tapped, opens a
// sheet with a search box (any language, with or without the equipment: "ベンチ", "bench",
// "덤벨 벤치"), muscle and equipment filters, and the list, the exercises used lately first. It
// stands where a <select> stood: `name`, `value` (read and set) and a "change" event when a
// person picks one.
import { currentLanguage, exerciseName, muscleName, t } from "../i18n.js";
import { el } from "../ui.js";
import { searchExercises } from "./search.js";

const RECENT = "yaruki.recentExercises";
const SHOWN = 60;

export function recentExercises() {
  try { return JSON.parse(localStorage.getItem(RECENT) || "[]").filter((id) => typeof id === "string"); } catch { return []; }
}

/** Keeps `id` first among the exercises used lately (a pick, a set logged, a workout saved). */
export function usedExercise(id) {
  try { localStorage.setItem(RECENT, JSON.stringify([id, ...recentExercises().filter((x) => x !== id)].slice(0, 30))); } catch { /* private mode */ }
}

/** What the exercise is done with and trains, in the person's language. */
export function exerciseFacts(e) {
  return [e.equipment ? equipmentName(e.equipment) : null, ...(e.muscles || []).slice(0, 2).map((m) => muscleName(m))].filter(Boolean).join(" · ");
}

/** The muscles (in the order the person reads their names) and the equipment the exercises name. */
export function facets(exercises) {
  return {
    muscles: [...new Set(exercises.flatMap((e) => e.muscles || []))].sort((a, b) => muscleName(a).localeCompare(muscleName(b), currentLanguage())),
    equipment: [...new Set(exercises.map((e) => e.equipment).filter(Boolean))].sort(),
  };
}

/** A select's options: "" first, read as `none`, then each of `values` as `name` reads it. */
export function options(none, values, name) {
  return [el("option", { value: "" }, none), ...values.map((v) => el("option", { value: v }, name(v)))];
}

export const equipmentName = (id) => t(`equipment.${id}`);

/** Filters and search over `exercises`, drawn into `list`; `onPick(exercise)` when one is tapped. */
export function exerciseFinder(exercises, { onPick, idPrefix = "picker" }) {
  const search = el("input", { type: "search", id: `${idPrefix}-search`, placeholder: t("picker.search"), "aria-label": t("picker.search"),
    autocomplete: "off", enterkeyhint: "search" });
  const named = facets(exercises);
  const muscle = el("select", { id: `${idPrefix}-muscle`, "aria-label": t("picker.allMuscles") },
    options(t("picker.allMuscles"), named.muscles, (m) => muscleName(m)));
  const equipment = el("select", { id: `${idPrefix}-equipment`, "aria-label": t("picker.allEquipment") },
    options(t("picker.allEquipment"), named.equipment, equipmentName));
  const count = el("p", { class: "muted small", role: "status", "aria-live": "polite" });
  const list = el("ul", { class: "picker-list", id: `${idPrefix}-list` });

  function draw() {
    const recent = recentExercises();
    const found = searchExercises(exercises, { query: search.value, language: currentLanguage(), muscle: muscle.value || null,
      equipment: equipment.value || null, recent });
    count.textContent = t("picker.count", { n: found.length });
    const used = new Set(recent);
    list.replaceChildren(...found.slice(0, SHOWN).map((e) => el("li", {},
      el("button", { type: "button", class: "picker-item", "data-exercise": e.id, onclick: () => { usedExercise(e.id); onPick(e); } },
        el("span", { class: "picker-name" }, exerciseName(e)),
        el("span", { class: "muted small" }, [used.has(e.id) ? t("picker.recent") : null, exerciseFacts(e)].filter(Boolean).join(" · "))))),
    ...(found.length > SHOWN ? [el("li", { class: "muted small picker-more" }, t("picker.more", { n: found.length - SHOWN }))] : []),
    ...(found.length ? [] : [el("li", { class: "muted picker-none" }, t("picker.none", { query: search.value }))]));
  }
  search.addEventListener("input", draw);
  muscle.addEventListener("change", draw);
  equipment.addEventListener("change", draw);
  draw();
  return { nodes: [search, el("div", { class: "picker-filters" }, muscle, equipment), count, list], search, draw };
}

/** The button that stands for a chosen exercise; `only` limits what may be chosen. */
export function exercisePicker(exercises, { value = null, name = "exerciseId", label = t("picker.choose"), only = null, id = null, placeholder = null } = {}) {
  const choices = only ? exercises.filter(only) : exercises;
  const byId = new Map(exercises.map((e) => [e.id, e]));
  const button = el("button", { type: "button", class: "picker-button", name, "aria-haspopup": "dialog", "aria-label": label, ...(id ? { id } : {}) });
  let current = null;

  function show(idValue) {
    current = byId.has(idValue) ? idValue : null;
    button.dataset.value = current ?? "";
    button.textContent = current ? exerciseName(byId.get(current)) : (placeholder ?? t("picker.choose"));
    button.classList.toggle("empty", !current);
  }

  button.addEventListener("click", () => {
    const sheet = el("dialog", { class: "sheet picker-sheet", "aria-label": label });
    const finder = exerciseFinder(choices, { idPrefix: "picker", onPick: (e) => {
      sheet.close();
      show(e.id);
      button.dispatchEvent(new Event("change", { bubbles: true }));
    } });
    sheet.append(el("div", { class: "sheet-head" }, el("h2", {}, label),
      el("button", { type: "button", class: "chip", "aria-label": t("picker.close"), onclick: () => sheet.close() }, "×")),
    el("div", { class: "sheet-body stack" }, ...finder.nodes));
    sheet.addEventListener("close", () => { sheet.remove(); button.focus(); });
    document.body.append(sheet);
    sheet.showModal();
    finder.search.focus();
  });

  Object.defineProperty(button, "value", { get: () => current ?? "", set: (v) => show(v) });
  show(value);
  return button;
}
