// Routines: browse public ones (search by name or by an exercise's name in any language), and
// My routines (mine and the ones I saved with a like). Each can be saved, copied to edit, or
// started as a training session (sets pre-filled from last time).
import { exerciseName, formatNumber, t } from "../i18n.js";
import { icon } from "../icons.js";
import { el, emptyState, showProblem, toast } from "../ui.js";

/** Draws a routine's Save button as saved or not, with its count. */
function showSaved(button, saved, count) {
  button.setAttribute("aria-pressed", String(saved));
  button.setAttribute("aria-label", saved ? t("routines.unsave") : t("routines.save"));
  button.lastChild.textContent = formatNumber(count);
}

/** A routine as a card: its exercises and sets, Save (someone else's), Start a session, Copy,
 * and for my own Edit and Delete (asked once, in red). Also shown under a post it is attached to.
 * `reload` draws the list again after a change; `onSaved` hears that a save landed. */
export function routineCard(session, routine, names, reload, onSaved) {
  const save = routine.mine ? null : el("button", { type: "button", class: "chip like", "data-save": routine.id },
    icon("heart"), el("span", {}));
  if (save) showSaved(save, routine.savedByMe, routine.saveCount);
  save?.addEventListener("click", async () => {
    const saving = save.getAttribute("aria-pressed") !== "true";
    try {
      const reply = await session.api(`/v1/routines/${routine.id}/like`, { method: saving ? "PUT" : "DELETE" });
      // The list may have been drawn again while the save was on its way (a search typed just
      // before): every card of this routine on the page shows it, not only the one tapped.
      const drawn = [...document.querySelectorAll(`[data-save="${CSS.escape(routine.id)}"]`)];
      for (const button of new Set([save, ...drawn])) showSaved(button, saving, reply.saveCount);
      toast(saving ? t("routines.saved") : t("routines.unsaved"));
      onSaved?.();
      reload?.();
    } catch (problem) { showProblem(problem); }
  });
  return el("article", { class: "card routine", "data-routine": routine.id },
    el("header", { class: "post-head" }, el("h2", {}, routine.title),
      el("span", { class: "muted small" }, routine.mine ? t("routines.mine") : routine.author.displayName),
      routine.public ? null : el("span", { class: "badge" }, t("routines.private"))),
    routine.description ? el("p", { class: "muted" }, routine.description) : null,
    el("ul", { class: "rows compact routine-items" }, routine.items.map((item) => el("li", { class: "row" },
      el("span", {}, names.get(item.exerciseId) || item.exerciseId),
      el("span", { class: "muted small" }, `${formatNumber(item.sets)} × ${item.reps ? formatNumber(item.reps) : `${formatNumber(item.seconds)}s`}`)))),
    el("div", { class: "post-actions" }, save,
      routine.mine ? el("a", { class: "button quiet small", href: `#/routine/${routine.id}/edit` }, t("routines.edit")) : null,
      routine.mine ? el("button", { type: "button", class: "button quiet small danger-text", "data-delete-routine": routine.id, onclick: async () => {
        if (!confirm(t("routines.deleteConfirm", { title: routine.title }))) return;
        try { await session.api(`/v1/routines/${routine.id}`, { method: "DELETE" }); toast(t("routines.deleted")); reload?.(); }
        catch (problem) { showProblem(problem); }
      } }, t("routines.delete")) : null,
      routine.items.length ? el("a", { class: "button small", href: `#/session?routine=${routine.id}`, "data-start-routine": routine.id },
        t("routines.start")) : null,
      el("button", { type: "button", class: "button quiet small", onclick: async () => {
        try { await session.api(`/v1/routines/${routine.id}/copy`, { method: "POST" }); toast(t("routines.copied")); reload?.(); }
        catch (problem) { showProblem(problem); }
      } }, t("routines.copy"))));
}

export function routinesView(session, { exercises }) {
  const names = new Map(exercises.map((e) => [e.id, exerciseName(e)]));
  const search = el("input", { type: "search", id: "routine-search", placeholder: t("routines.search"), "aria-label": t("routines.search") });
  const list = el("div", { class: "stack", "aria-busy": "true" });
  const tabs = el("div", { class: "segmented two", role: "tablist" });
  let tab = "browse";
  let timer = null;

  let latest = 0;
  // Saves landed so far: a list asked for while one was landing may not show it.
  let saves = 0;
  const saved = () => { saves += 1; };
  async function load() {
    // Only the newest request draws: a slow search must not land on top of another tab.
    const mine = ++latest;
    const savesBefore = saves;
    list.setAttribute("aria-busy", "true");
    try {
      const items = tab === "mine" ? (await session.api("/v1/routines/mine")).items
        : (await session.api(`/v1/routines?limit=50${search.value.trim() ? `&q=${encodeURIComponent(search.value.trim())}` : ""}`)).items;
      if (mine !== latest) return;
      if (saves !== savesBefore) { load(); return; }
      list.removeAttribute("aria-busy");
      // Only the list of my own draws again after a change there (a delete, a copy).
      const reload = tab === "mine" ? load : undefined;
      list.replaceChildren(...(items.length ? items.map((r) => routineCard(session, r, names, reload, saved))
        : [emptyState(icon("training"), t(tab === "mine" ? "routines.emptyMine" : "routines.emptyBrowse"))]));
    } catch (problem) {
      list.removeAttribute("aria-busy");
      showProblem(problem);
    }
  }
  function select(next) {
    clearTimeout(timer);
    tab = next;
    for (const button of tabs.children) button.setAttribute("aria-selected", String(button.dataset.tab === tab));
    search.hidden = tab === "mine";
    load();
  }
  tabs.append(...["browse", "mine"].map((name) => el("button", { type: "button", role: "tab", "data-tab": name, onclick: () => select(name) },
    t(`routines.${name}`))));
  search.addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(load, 250); });
  select(new URLSearchParams(location.hash.split("?")[1] || "").get("tab") === "mine" ? "mine" : "browse");
  const view = [el("h1", {}, t("community.routines")), el("a", { class: "button wide", href: "#/routine/new", id: "new-routine" }, t("routines.new")),
    tabs, search, list];
  view.close = () => clearTimeout(timer);
  return view;
}
