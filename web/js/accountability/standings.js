// A group's week: each member's days against their quota, split into Yaruki-mono (met),
// those still going, and Namake-mono (the sloths). Shared by Home and the Quota page.
import { currentLanguage, formatDay, formatNumber, t } from "../i18n.js";
import { avatar, el } from "../ui.js";
import { icon } from "../icons.js";

const statusKey = { met: "standings.met", onTrack: "standings.onTrack", atRisk: "standings.atRisk", missed: "standings.missed",
  resting: "standings.resting" };

/** Quota pips: one per day of the quota, filled for each day done; days done beyond the quota
 * (a first week owing less, a break trained through) are small pips after them; a day proved
 * only late (the video was sent on a later day) is drawn hollow. */
export function pips(done, quota, status, late = 0) {
  const shown = Math.min(7, Math.max(quota, done, 1));
  const onTime = done - late;
  return el("span", { class: "pips", "data-status": status, "aria-hidden": "true" },
    Array.from({ length: shown }, (_, i) => el("span", {
      class: `${i < onTime ? "pip on" : i < done ? "pip on late" : "pip"}${i >= Math.max(quota, 1) ? " extra" : ""}` })));
}

/** Cheer and push for a groupmate (not oneself), each disabled once one was sent today. */
function cheerButtons(member, { cheer, sent }) {
  const done = sent?.has(member.id);
  return el("div", { class: "cheers", "data-cheers": member.id }, ["cheer", "nudge"].map((kind) => {
    const button = el("button", { type: "button", class: "chip small", "data-kind": kind, disabled: done,
      "aria-label": t(`cheer.${kind}Label`, { name: member.displayName }) }, t(`cheer.${kind}`));
    button.addEventListener("click", () => cheer(member, kind, button));
    return button;
  }));
}

/** One member: name and streak on one line (the name gives way, cut with an ellipsis), the dots,
 * count and status at the right; "at risk" on a line of its own; the cheer and push chips, which
 * never wrap, after them or on their own line when the row is short of room. */
function memberRow(member, me, actions = {}) {
  const name = member.id === me ? `${member.displayName} (${t("standings.you")})` : member.displayName;
  const atRisk = member.status === "atRisk";
  return el("li", { class: "member", "data-member": member.id, "data-status": member.status },
    el("div", { class: "member-who" }, avatar(member), el("div", { class: "member-name" }, el("strong", { title: name }, name),
      member.streak > 0 ? el("span", { class: "muted small streak" }, icon("flame"), t("standings.streak", { count: formatNumber(member.streak) })) : null)),
    el("div", { class: "member-figures" }, pips(member.done, member.quota, member.status, member.backdated?.length ?? 0),
      el("span", { class: "figure-small" }, `${formatNumber(member.done)}/${formatNumber(member.quota)}`),
      member.backdated?.length ? el("span", { class: "muted small late-count", "data-late": member.backdated.length,
        title: t("standings.lateTitle") }, t("standings.late", { count: formatNumber(member.backdated.length) })) : null,
      atRisk ? null : el("span", { class: "status-label", "data-status": member.status }, t(statusKey[member.status]))),
    atRisk ? el("p", { class: "member-risk small", "data-status": member.status }, icon("alert"), t(statusKey[member.status])) : null,
    member.status === "resting" ? el("p", { class: "muted small member-rest" }, member.pausedUntil
      ? t("standings.pausedUntil", { date: formatDay(member.pausedUntil) }) : t("standings.firstWeekRest")) : null,
    actions.cheer && member.id !== me ? cheerButtons(member, actions) : null);
}

function column(kind, title, lead, members, me, actions) {
  return el("section", { class: `standing-group ${kind}${members.length ? "" : " unfilled"}`, "data-kind": kind },
    el("h3", {}, kind === "namake" ? icon("sloth") : kind === "yaruki" ? icon("accountability") : null, title,
      el("span", { class: "count" }, formatNumber(members.length))),
    lead ? el("p", { class: "muted small" }, lead) : null,
    members.length ? el("ul", { class: "members" }, members.map((m) => memberRow(m, me, actions)))
      : el("p", { class: "muted small nobody" }, t("standings.nobody")));
}

/** The split for one standings reply; with `actions.cheer`, groupmates can be cheered on from it. */
export function standingsBody(standings, me, actions = {}) {
  const byStatus = (wanted) => standings.members.filter((m) => wanted.includes(m.status))
    .sort((a, b) => (b.done - a.done) || (b.streak - a.streak) || a.displayName.localeCompare(b.displayName, currentLanguage()));
  const going = byStatus(["onTrack", "atRisk"]);
  const resting = byStatus(["resting"]);
  return el("div", { class: "standings" },
    column("yaruki", t("standings.yaruki"), t("standings.yarukiLead"), byStatus(["met"]), me, actions),
    going.length ? column("going", t("standings.going"), null, going, me, actions) : null,
    column("namake", t("standings.namake"), t("standings.namakeLead"), byStatus(["missed"]), me, actions),
    resting.length ? column("resting", t("standings.restingTitle"), t("standings.restingLead"), resting, me, actions) : null);
}

/** My own line of a standings reply, as a large figure with a bar. */
export function myWeek(week) {
  const ratio = Math.min(1, week.done / Math.max(1, week.quota));
  return el("div", { class: "my-week", "data-status": week.status },
    el("div", { class: "my-week-figure" },
      el("span", { class: "figure", id: "my-done" }, `${formatNumber(week.done)}/${formatNumber(week.quota)}`),
      el("span", { class: "status-label", "data-status": week.status }, t(statusKey[week.status]))),
    el("div", { class: "bar", role: "progressbar", "aria-valuemin": 0, "aria-valuemax": week.quota, "aria-valuenow": week.done,
      "aria-label": t("quota.thisWeek", { done: week.done, quota: week.quota }) },
    el("span", { style: `width:${(ratio * 100).toFixed(1)}%` })));
}
