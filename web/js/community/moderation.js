// Moderation, for admins: every reported post and comment, hidden ones first, with who wrote it,
// how many reported it and why. Each gets a decision: restore (shown again, its reports cleared),
// hide now, delete, warn its author (told in their inbox), or ban its author (every session ended,
// signing in refused, the post or comment deleted); a ban can be lifted from the same row.
import { formatRelative, t } from "../i18n.js";
import { icon } from "../icons.js";
import { el, emptyState, showProblem, toast } from "../ui.js";

/** The decisions a row offers: restore or hide (by whether it is hidden), then warn, delete, and
 *  ban its author, or lift the ban when they are banned. */
export function decisionsFor(item) {
  return [item.hidden ? "restore" : "hide", "warn", "delete", item.authorBanned ? "lift" : "ban"];
}

const severe = new Set(["delete", "ban"]);

/** The request a decision makes: lifting a ban is the author's; every other is the report's. */
function requestFor(item, decision) {
  return decision === "lift" ? [`/v1/admin/users/${item.author.id}/ban`, { method: "DELETE" }]
    : [`/v1/admin/reports/${item.kind}/${item.id}`, { method: "POST", body: { decision } }];
}

export function moderationView(session) {
  const list = el("div", { class: "stack", id: "moderation-list", "aria-busy": "true" }, el("span", { class: "skeleton" }));

  async function decide(item, decision, button) {
    if (severe.has(decision) && !confirm(t(`moderation.confirm.${decision}`, { name: item.author.displayName }))) return;
    button.disabled = true;
    try {
      await session.api(...requestFor(item, decision));
      toast(t(`moderation.done.${decision}`, { name: item.author.displayName }));
      await load();
    } catch (problem) { button.disabled = false; showProblem(problem); }
  }

  function row(item) {
    const buttons = decisionsFor(item).map((decision) => {
      const button = el("button", { type: "button", "data-decision": decision,
        class: `button small ${severe.has(decision) ? "quiet danger-text" : "quiet"}` }, t(`moderation.decide.${decision}`));
      button.addEventListener("click", () => decide(item, decision, button));
      return button;
    });
    return el("article", { class: "card report", "data-report": item.id, "data-kind": item.kind, "data-hidden": String(item.hidden) },
      el("p", { class: "report-head" },
        el("span", { class: "badge" }, t(`moderation.kind.${item.kind}`)),
        item.hidden ? el("span", { class: "badge warn" }, t("moderation.hidden")) : null,
        item.authorBanned ? el("span", { class: "badge bad" }, t("moderation.banned")) : null,
        el("strong", { class: "report-author" }, item.author.displayName)),
      el("blockquote", { class: "report-body" }, item.body || t("moderation.noText")),
      el("p", { class: "muted small" }, t("moderation.reports", { n: item.reports }), " · ", formatRelative(new Date(item.lastReportedAt))),
      item.reasons.length ? el("ul", { class: "report-reasons" }, item.reasons.map((reason) => el("li", {}, reason))) : null,
      el("div", { class: "post-actions" }, buttons));
  }

  async function load() {
    try {
      const { items } = await session.api("/v1/admin/reports");
      list.removeAttribute("aria-busy");
      list.replaceChildren(...(items.length ? items.map(row) : [emptyState(icon("moderation"), t("moderation.empty"))]));
    } catch (problem) {
      list.removeAttribute("aria-busy");
      // Not an admin: the server says there is no such page.
      if (problem.status === 404) list.replaceChildren(emptyState(icon("moderation"), t("moderation.adminsOnly")));
      else showProblem(problem);
    }
  }
  load();
  return [el("h1", {}, t("nav.moderation")), el("p", { class: "muted" }, t("area.moderation")), list];
}
