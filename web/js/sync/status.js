// The shell's "waiting to sync" pill: how many changes this browser holds for the server, sent
// when the network returns (the online event) and at start; and the sheet where the person
// decides each conflict, seeing both versions.
import { formatInstant, t } from "../i18n.js";
import { el, showProblem, toast } from "../ui.js";
import { icon } from "../icons.js";
import { decide, flush, waiting } from "./outbox.js";

/** The fields a person can compare, in the order they read them. */
const readable = ["text", "place", "title", "description", "notes", "startedAt", "occurredAt"];

/** The fields that differ between the two versions, with both values (for the sheet and the node tests). */
export function differences(mine, theirs) {
  const a = mine?.deleted ? null : mine?.fields || {};
  const b = theirs?.deleted || !theirs?.record ? null : theirs.record;
  if (!a || !b) return [];
  const same = (key) => (key === "startedAt" || key === "occurredAt") && a[key] && b[key] ? Date.parse(a[key]) === Date.parse(b[key])
    : JSON.stringify(a[key] ?? null) === JSON.stringify(b[key] ?? null);
  const keys = readable.filter((key) => !same(key));
  if (JSON.stringify(a.exercises ?? null) !== JSON.stringify(b.exercises ?? null) && (a.exercises || b.exercises)) keys.push("exercises");
  return keys.map((key) => ({ key, mine: a[key] ?? null, theirs: b[key] ?? null }));
}

function shown(key, value) {
  if (value === null || value === undefined || value === "") return "—";
  if (key === "exercises") return t("sync.exercises", { n: value.length });
  if (key === "startedAt" || key === "occurredAt") return formatInstant(value, { dateStyle: "medium", timeStyle: "short" });
  return String(value);
}

function side(label, deleted, rows, pick) {
  return el("div", { class: "conflict-side" }, el("h3", {}, label),
    deleted ? el("p", { class: "muted" }, t("sync.deletedThere")) : el("dl", {}, rows.flatMap((row) => [el("dt", {}, t(`sync.field.${row.key}`)), el("dd", {}, shown(row.key, pick(row)))])));
}

export function conflictsSheet(conflicts, onDone) {
  const list = el("div", { class: "stack" });
  const close = el("button", { type: "button", class: "button quiet small", id: "close-conflicts" }, t("calendar.close"));
  const dialog = el("dialog", { class: "sheet", id: "conflicts", "aria-labelledby": "conflicts-title" },
    el("header", { class: "sheet-head" }, el("h2", { id: "conflicts-title" }, t("sync.conflictsTitle")), close),
    el("div", { class: "sheet-body" }, el("p", { class: "muted" }, t("sync.conflictsLead")), list));
  close.addEventListener("click", () => dialog.close());
  dialog.addEventListener("close", () => { dialog.remove(); onDone?.(); });
  function draw(remaining) {
    if (!remaining.length) { dialog.close(); return; }
    list.replaceChildren(...remaining.map((conflict) => {
      const rows = differences(conflict.mine, conflict.theirs);
      const choose = (choice) => async () => {
        try {
          await decide(conflict, choice);
          draw(remaining.filter((c) => c !== conflict));
        } catch (problem) { showProblem(problem); }
      };
      return el("section", { class: "card conflict", "data-conflict": conflict.key },
        el("h3", {}, t(`sync.kind.${conflict.zone}`)),
        el("div", { class: "conflict-sides" },
          side(t("sync.thisDevice"), conflict.mine?.deleted, rows, (r) => r.mine),
          side(t("sync.otherDevice"), conflict.theirs?.deleted || !conflict.theirs?.record, rows, (r) => r.theirs)),
        el("div", { class: "post-actions" },
          el("button", { type: "button", class: "button small", "data-choice": "mine", onclick: choose("mine") }, t("sync.keepMine")),
          el("button", { type: "button", class: "button quiet small", "data-choice": "theirs", onclick: choose("theirs") }, t("sync.keepTheirs"))));
    }));
  }
  draw(conflicts);
  document.body.append(dialog);
  dialog.showModal();
  return dialog;
}

/** Keeps `pill` current and sends what is waiting whenever the network is back. */
export function watchOutbox(session, pill) {
  let state = { count: 0, conflicts: [] };
  async function refresh() {
    try { state = await waiting(); } catch { return; }
    const decideCount = state.conflicts.length;
    pill.hidden = state.count === 0 && decideCount === 0;
    pill.dataset.count = String(state.count);
    // On a phone the pill is its icon and count; its words stay for screen readers and wide screens.
    const words = decideCount ? t("sync.decideWords") : t("sync.waitingWords");
    pill.replaceChildren(icon("sync"), el("span", { class: "sync-words" }, words), el("span", { class: "sync-count" }, String(decideCount || state.count)));
    pill.setAttribute("aria-label", decideCount ? t("sync.decide", { n: decideCount }) : t("sync.waiting", { n: state.count }));
    pill.dataset.decide = String(decideCount);
  }
  async function send() {
    if (!session.user || !navigator.onLine) return;
    try {
      // Opened without a network: the session is taken up again first.
      if (!session.signedIn && !(await session.refresh())) return;
      const report = await flush(session.api);
      if (report.saved) toast(t("sync.synced", { n: report.saved }));
      for (const rejected of report.rejected) showProblem({ title: t("sync.rejected"), detail: rejected.reason || "", errors: rejected.errors });
    } catch (problem) {
      if (problem.status !== 0) showProblem(problem);
    }
    await refresh();
  }
  pill.addEventListener("click", () => {
    if (state.conflicts.length) conflictsSheet(state.conflicts, () => { refresh(); send(); });
    else send();
  });
  globalThis.addEventListener("outbox-changed", refresh);
  globalThis.addEventListener("online", send);
  refresh();
  send();
  return { refresh, send };
}
