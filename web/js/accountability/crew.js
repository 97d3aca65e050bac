// The crew's feed: what a group's members did, newest first, more on request, and new items
// arriving live over the event stream (`crew`). The server decides what each person may see: a
// groupmate's proof comes without its picture, a break without its reason.
import { exerciseName, formatDay, formatNumber, formatRelative, t } from "../i18n.js";
import { listen } from "../events.js";
import { icon } from "../icons.js";
import { avatar, el, emptyState, showProblem } from "../ui.js";
import { formatDuration, recordText } from "../training/session-view.js";
import { weightIn } from "../training/units.js";

/** What one item says, as a line of text (the doer's name first where there is one). */
export function crewLine(item, nameOf) {
  const name = item.by?.displayName ?? "";
  switch (item.kind) {
    case "proof": return item.proof?.exerciseId
      ? t("crew.proofOf", { name, exercise: nameOf(item.proof.exerciseId) }) : t("crew.proof", { name });
    case "session": return item.session?.title ? t("crew.sessionNamed", { name, title: item.session.title }) : t("crew.session", { name });
    case "cheer": return t("crew.cheer", { name, to: item.to?.displayName ?? "" });
    case "pause": return t("crew.pause", { name, date: formatDay(item.pause?.until ?? "") });
    case "challenge": {
      const goal = t(`challenge.of.${item.challenge?.metric}`, { goal: formatNumber(item.challenge?.goal ?? 0) });
      return t(`crew.challenge.${item.challenge?.milestone}`, { name, goal });
    }
    default: return "";
  }
}

function crewItem(item, { nameOf, units }) {
  const detail = [];
  if (item.kind === "proof") {
    detail.push(item.proof?.thumbnailUrl
      ? el("img", { class: "crew-thumb", src: item.proof.thumbnailUrl, alt: t("crew.proofThumb"), loading: "lazy", width: 96, height: 72 })
      : el("span", { class: "badge" }, t("crew.recorded")));
    if (item.proof?.backdated) detail.push(el("span", { class: "badge" }, t("crew.backdated", { date: formatDay(item.proof.day) })));
  }
  if (item.kind === "session" && item.session) {
    const s = item.session;
    detail.push(el("span", { class: "muted small" }, t("session.summaryLine", { sets: formatNumber(s.sets), volume: units.text(s.volumeKg),
      duration: formatDuration(s.durationSeconds) })));
    if (s.records.length) {
      detail.push(el("ul", { class: "crew-records" }, s.records.map((r) => el("li", { class: "record", "data-kind": r.kind },
        icon("flame"), el("strong", {}, nameOf(r.exerciseId)), " ", recordText(r, units)))));
    }
  }
  const done = item.kind === "challenge" && item.challenge?.milestone === "done";
  const who = item.by ?? (item.kind === "challenge" ? null : { displayName: "?" });
  return el("li", { class: `crew-item${done ? " celebrate" : ""}`, "data-crew-item": item.id, "data-kind": item.kind },
    who ? avatar(who) : el("span", { class: "avatar crew-flag", "aria-hidden": "true" }, icon(done ? "flame" : "flag")),
    el("div", { class: "crew-text" },
      el("p", { class: "crew-line" }, crewLine(item, nameOf)),
      detail.length ? el("div", { class: "crew-detail" }, detail) : null,
      el("time", { class: "muted small", datetime: item.at }, formatRelative(item.at, new Date()))));
}

export function crewView(session, { groupId, exercises }) {
  const catalog = new Map((exercises || []).map((e) => [e.id, e]));
  const context = { nameOf: (id) => (catalog.get(id) ? exerciseName(catalog.get(id)) : t("crew.ownExercise")),
    units: weightIn(session.user?.weightUnit || "kg") };
  const title = el("h1", {}, t("crew.title"));
  const live = el("span", { class: "dot", title: t("standings.live") });
  const list = el("ul", { class: "crew-feed", id: "crew-feed", "aria-busy": "true" }, el("li", { class: "skeleton" }));
  const more = el("button", { type: "button", class: "button quiet wide", id: "crew-more", hidden: true }, t("community.more"));
  const shown = new Map();  // id → element, in the order shown (newest first)
  let cursor = null;
  let started = false;

  function empty() {
    if (shown.size === 0) list.replaceChildren(el("li", {}, emptyState(icon("accountability"), t("crew.empty"))));
  }

  /** The first page again: items not shown yet go on top, those gone from it leave. */
  async function refresh() {
    try {
      const page = await session.api(`/v1/groups/${groupId}/feed?limit=20`);
      list.removeAttribute("aria-busy");
      if (!started) {
        started = true;
        list.replaceChildren();
        cursor = page.nextCursor;
        more.hidden = !cursor;
      }
      const fresh = new Set(page.items.map((item) => item.id));
      const oldest = page.items.at(-1)?.at;
      for (const [id, node] of shown) {
        // Within the first page's span but no longer in it: withdrawn (a proof deleted, a break called off).
        if (!fresh.has(id) && (!oldest || node.dataset.at >= oldest)) { node.remove(); shown.delete(id); }
      }
      let before = list.firstChild?.dataset?.crewItem ? list.firstChild : null;
      for (const item of page.items) {
        if (shown.has(item.id)) { before = shown.get(item.id).nextSibling; continue; }
        const node = crewItem(item, context);
        node.dataset.at = item.at;
        list.insertBefore(node, before);
        shown.set(item.id, node);
      }
      if (shown.size && list.querySelector(".empty")) list.querySelector(".empty").closest("li")?.remove();
      empty();
    } catch (problem) {
      list.removeAttribute("aria-busy");
      if (problem.status === 404) { list.replaceChildren(el("li", {}, emptyState(icon("accountability"), t("crew.notYours")))); return; }
      showProblem(problem);
    }
  }

  more.addEventListener("click", async () => {
    more.disabled = true;
    try {
      const page = await session.api(`/v1/groups/${groupId}/feed?limit=20&cursor=${encodeURIComponent(cursor)}`);
      for (const item of page.items) {
        if (shown.has(item.id)) continue;
        const node = crewItem(item, context);
        node.dataset.at = item.at;
        list.append(node);
        shown.set(item.id, node);
      }
      cursor = page.nextCursor;
      more.hidden = !cursor;
    } catch (problem) { showProblem(problem); } finally { more.disabled = false; }
  });

  session.api(`/v1/groups/${groupId}`).then((group) => { title.textContent = t("crew.titleOf", { name: group.name }); }, () => {});
  refresh();
  const stream = listen(session, {
    crew: ({ group }) => { if (group === groupId) refresh(); },
    ready: () => { if (started) refresh(); },
  }, { onState: (state) => live.classList.toggle("ok", state === "open") });
  const view = [
    el("p", {}, el("a", { href: "#/accountability", class: "back-link" }, "‹ ", t("nav.accountability"))),
    el("div", { class: "with-dot crew-head" }, title, live),
    el("p", { class: "muted" }, t("crew.lead")),
    list, more,
  ];
  view.close = () => stream.close();
  return view;
}
