// The Quota page: my week and quota, my groups with their standings (live over the event
// stream, past weeks browsable), and starting, joining and looking after groups.
import { addDays, formatDay, formatNumber, t } from "../i18n.js";
import { listen } from "../events.js";
import { clearProblems, el, emptyState, showProblem, toast } from "../ui.js";
import { myWeek, standingsBody } from "./standings.js";

export function inviteLink(code) {
  return `${location.origin}${location.pathname}#/join?code=${encodeURIComponent(code)}`;
}

function quotaCard(session) {
  const card = el("section", { class: "card quota", "aria-busy": "true" }, el("span", { class: "skeleton" }));
  let breaksOpen = false;  // kept open across a reload once a break was taken or called off there
  async function load() {
    try {
      const [quota, pauses] = await Promise.all([session.api("/v1/me/quota"), session.api("/v1/me/pauses")]);
      const select = el("select", { name: "days", id: "quota-days" },
        [1, 2, 3, 4, 5, 6, 7].map((n) => el("option", { value: n, selected: n === quota.nextWeek }, formatNumber(n))));
      // In one's first week the quota may be set for it too (prorated to the days left when joining).
      const thisWeek = quota.firstWeek ? el("input", { type: "checkbox", id: "quota-this-week", name: "thisWeek" }) : null;
      const form = el("form", { class: "inline-form" },
        el("label", { for: "quota-days" }, t("quota.days")), select,
        ...(thisWeek ? [el("label", { class: "check" }, thisWeek, t("quota.alsoThisWeek"))] : []),
        el("button", { type: "submit", class: "button quiet small" }, t("quota.save")));
      form.addEventListener("submit", async (event) => {
        event.preventDefault();
        clearProblems();
        try {
          const set = await session.api("/v1/me/quota", { method: "PUT", body: { days: Number(select.value), thisWeek: thisWeek?.checked === true } });
          toast(thisWeek?.checked ? t("quota.savedThisWeek", { days: set.days }) : t("quota.saved", { days: set.days }));
          load();
        } catch (problem) { showProblem(problem, form); }
      });
      card.removeAttribute("aria-busy");
      card.replaceChildren(el("h2", {}, t("quota.title")), myWeek(quota.week),
        el("p", { class: "muted small", id: "quota-line" }, t("quota.thisWeek", { done: quota.week.done, quota: quota.thisWeek }),
          quota.nextWeek !== quota.thisWeek ? ` · ${t("quota.next", { days: quota.nextWeek })}` : ""),
        ...(quota.firstWeek ? [el("p", { class: "notice ok small", id: "first-week" }, t("quota.firstWeek", { days: quota.thisWeek }))] : []),
        ...(quota.pausedUntil ? [el("p", { class: "notice small", id: "paused-until" }, t("quota.pausedUntil", { date: formatDay(quota.pausedUntil) }))] : []),
        form, el("p", { class: "muted small" }, t("quota.rule")), breaks(session, pauses, breaksOpen, () => { breaksOpen = true; load(); }));
    } catch (problem) { showProblem(problem); }
  }
  load();
  return { card, reload: load };
}

/** My breaks: those taken (one not begun can be called off) and a form to take one: planned
 * from next week, or for illness from this week while the quarter allows. */
function breaks(session, pauses, open, reload) {
  const weeks = el("select", { name: "weeks", id: "break-weeks" },
    Array.from({ length: 12 }, (_, i) => el("option", { value: i + 1 }, t("breaks.weeks", { count: formatNumber(i + 1) }))));
  const reason = el("select", { name: "reason", id: "break-reason" },
    el("option", { value: "planned" }, t("breaks.planned")),
    el("option", { value: "illness", disabled: pauses.illnessLeftThisQuarter === 0 }, t("breaks.illness")));
  const form = el("form", { class: "inline-form", id: "break-form" },
    el("label", { for: "break-reason" }, t("breaks.reason")), reason,
    el("label", { for: "break-weeks" }, t("breaks.length")), weeks,
    el("button", { type: "submit", class: "button quiet small" }, t("breaks.take")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearProblems();
    const illness = reason.value === "illness";
    try {
      const taken = await session.api("/v1/me/pauses", { method: "POST",
        body: { weeks: Number(weeks.value), reason: reason.value, ...(illness ? { firstWeek: localToday() } : {}) } });
      toast(t("breaks.taken", { date: formatDay(taken.until) }));
      reload();
    } catch (problem) { showProblem(problem, form); }
  });
  const list = pauses.items.length
    ? el("ul", { class: "breaks-list" }, pauses.items.map((p) => el("li", { "data-break": p.id, "data-started": String(p.started) },
      el("span", {}, t(p.reason === "illness" ? "breaks.illnessFrom" : "breaks.plannedFrom",
        { from: formatDay(p.firstWeek), until: formatDay(p.until) })),
      p.started ? null : el("button", { type: "button", class: "button quiet small", "data-cancel": p.id, onclick: async (event) => {
        try {
          await session.api(`/v1/me/pauses/${p.id}`, { method: "DELETE" });
          toast(t("breaks.calledOff"));
          reload();
        } catch (problem) { showProblem(problem, event.target.closest("li")); }
      } }, t("breaks.callOff")))))
    : el("p", { class: "muted small" }, t("breaks.none"));
  return el("details", { class: "breaks", id: "breaks", open },
    el("summary", {}, t("breaks.title")),
    el("p", { class: "muted small" }, t("breaks.lead", { left: formatNumber(pauses.illnessLeftThisQuarter), of: formatNumber(pauses.illnessPerQuarter) })),
    list, form);
}

/** Today in this device's own calendar, YYYY-MM-DD (the server reads it in the person's zone). */
function localToday() {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
}

/** One group: its week's split, week arrows, and (folded away) its members and invite link. */
export function groupCard(session, group, { manage = true, onChange = () => {} } = {}) {
  const me = session.user?.id;
  let date = null;  // null: this week
  const body = el("div", { class: "group-body", "aria-busy": "true" }, el("span", { class: "skeleton" }));
  const weekLabel = el("span", { class: "week-label" }, t("standings.thisWeek"));
  const next = el("button", { type: "button", class: "button quiet small", "aria-label": t("standings.next"), disabled: true,
    onclick: () => { date = date ? addDays(date, 7) : null; load(); } }, "›");
  const prev = el("button", { type: "button", class: "button quiet small", "aria-label": t("standings.prev"),
    onclick: () => { date = addDays(date || shown, -7); load(); } }, "‹");
  let shown = null;
  let today = null;

  async function load() {
    body.setAttribute("aria-busy", "true");
    try {
      const [reply, sent] = await Promise.all([session.api(`/v1/groups/${group.id}/standings${date ? `?date=${date}` : ""}`),
        session.api("/v1/me/cheers/today").then((r) => new Set(r.items.map((p) => p.id)), () => new Set())]);
      if (!date) today = reply.date;
      const mine = reply.members.find((m) => m.id === me);
      shown = mine?.week || reply.date;
      // Back at (or past) this week: follow "today" again, so live updates keep coming.
      if (date && today && date >= today) { date = null; }
      weekLabel.textContent = date ? t("standings.week", { date: formatDay(shown) }) : t("standings.thisWeek");
      next.disabled = !date;
      body.removeAttribute("aria-busy");
      // This week, each groupmate can be cheered on or given a push: once a day each.
      const cheer = date ? null : async (member, kind, button) => {
        button.disabled = true;
        try {
          await session.api(`/v1/groups/${group.id}/members/${member.id}/cheers`, { method: "POST", body: { kind } });
          toast(t(`cheer.sent.${kind}`, { name: member.displayName }));
          for (const b of button.parentElement.querySelectorAll("button")) b.disabled = true;
        } catch (problem) {
          if (problem.status === 429) toast(t("cheer.once")); else { button.disabled = false; showProblem(problem); }
        }
      };
      body.replaceChildren(standingsBody(reply, me, { cheer, sent }));
    } catch (problem) {
      body.removeAttribute("aria-busy");
      // Removed from the group (or it ended) while the page was open: the card goes.
      if (problem.status === 404) { card.remove(); return; }
      showProblem(problem);
    }
  }

  const challenges = challengeBlock(session, group);
  const card = el("article", { class: "card group", "data-group": group.id },
    el("header", { class: "group-head" }, el("h2", {}, group.name),
      el("div", { class: "week-nav" }, prev, weekLabel, next)),
    body, challenges.block,
    el("a", { class: "button quiet small crew-link", href: `#/crew/${group.id}`, "data-crew": group.id }, t("crew.open")),
    manage ? manageBlock(session, group, onChange) : null);
  load();
  return { card, reload: () => { if (!date) load(); }, reloadChallenges: challenges.load };
}

/** The group's challenges this month and next: each a bar made of every member's share, the
 * figures, a way in or out, and a way to propose one. Reloaded live by `challenge` events. */
function challengeBlock(session, group) {
  const list = el("div", { class: "challenges", "aria-busy": "true" });
  const metric = el("select", { name: "metric", id: `challenge-metric-${group.id}` },
    ["proofs", "minutes", "steps"].map((m) => el("option", { value: m }, t(`challenge.metric.${m}`))));
  const goal = el("input", { name: "goal", id: `challenge-goal-${group.id}`, type: "number", min: 1, step: 1, inputmode: "numeric", required: true, value: 40 });
  const form = el("form", { class: "inline-form challenge-form" },
    el("label", { for: metric.id }, t("challenge.metric")), metric,
    el("label", { for: goal.id }, t("challenge.goal")), goal,
    el("button", { type: "submit", class: "button quiet small" }, t("challenge.propose")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearProblems();
    try {
      await session.api(`/v1/groups/${group.id}/challenges`, { method: "POST", body: { metric: metric.value, goal: Number(goal.value) } });
      toast(t("challenge.proposed"));
      load();
    } catch (problem) { showProblem(problem, form); }
  });
  async function load() {
    try {
      const { items } = await session.api(`/v1/groups/${group.id}/challenges`);
      list.removeAttribute("aria-busy");
      list.replaceChildren(...(items.length ? items.map((c) => challengeRow(session, c, load)) : [el("p", { class: "muted small" }, t("challenge.none"))]));
    } catch (problem) {
      list.removeAttribute("aria-busy");
      if (problem.status !== 404) showProblem(problem);
    }
  }
  load();
  const block = el("section", { class: "challenge-block" }, el("h3", {}, t("challenge.title")), list,
    el("details", { class: "challenge-new" }, el("summary", {}, t("challenge.new")), form));
  return { block, load };
}

function challengeRow(session, challenge, reload) {
  const total = Math.max(1, challenge.goal, challenge.total);
  const segments = challenge.members.filter((m) => m.amount > 0).map((m, i) => el("span", {
    class: `share share-${i % 4}`, style: `width:${((m.amount / total) * 100).toFixed(2)}%`, title: `${m.displayName}: ${formatNumber(m.amount)}` }));
  const act = el("button", { type: "button", class: `button small ${challenge.joined ? "quiet" : ""}`, "data-challenge-action": challenge.joined ? "leave" : "join",
    onclick: async () => {
      try {
        await session.api(`/v1/challenges/${challenge.id}/${challenge.joined ? "leave" : "join"}`, { method: "POST" });
        toast(t(challenge.joined ? "challenge.left" : "challenge.joinedToast"));
        reload();
      } catch (problem) { showProblem(problem); }
    } }, t(challenge.joined ? "challenge.leave" : "challenge.join"));
  return el("div", { class: "challenge", "data-challenge": challenge.id, "data-finished": String(Boolean(challenge.finishedAt)) },
    el("div", { class: "challenge-head" },
      el("strong", {}, t(`challenge.of.${challenge.metric}`, { goal: formatNumber(challenge.goal) })),
      el("span", { class: "figure-small challenge-total" }, `${formatNumber(challenge.total)}/${formatNumber(challenge.goal)}`)),
    el("div", { class: "bar stacked", role: "progressbar", "aria-valuemin": 0, "aria-valuemax": challenge.goal, "aria-valuenow": challenge.total,
      "aria-label": t("challenge.progress", { total: formatNumber(challenge.total), goal: formatNumber(challenge.goal) }) }, segments),
    challenge.finishedAt ? el("p", { class: "notice ok small challenge-done" }, t("challenge.done")) : null,
    el("p", { class: "muted small challenge-shares" }, challenge.members.length
      ? challenge.members.map((m) => `${m.displayName} ${formatNumber(m.amount)}${m.left ? ` (${t("challenge.leftGroup")})` : ""}`).join(" · ")
      : t("challenge.nobody")),
    el("div", { class: "chips" }, act, el("span", { class: "muted small" }, t("challenge.month", { month: challenge.month }))));
}

function manageBlock(session, group, onChange) {
  const me = session.user?.id;
  const owner = group.ownerId === me;
  const link = inviteLink(group.inviteCode);
  const actions = el("div", { class: "chips" },
    el("button", { type: "button", class: "button quiet small", onclick: async () => {
      try { await navigator.clipboard.writeText(link); toast(t("groups.copied")); } catch { prompt(t("groups.invite"), link); }
    } }, t("groups.copy")),
    owner ? el("button", { type: "button", class: "button quiet small", onclick: async () => {
      try { await session.api(`/v1/groups/${group.id}/invite-code`, { method: "POST" }); onChange(); } catch (problem) { showProblem(problem); }
    } }, t("groups.newCode")) : null,
    el("button", { type: "button", class: "button quiet small", onclick: async () => {
      if (!confirm(t("groups.leaveConfirm", { name: group.name }))) return;
      try { await session.api(`/v1/groups/${group.id}/leave`, { method: "POST" }); toast(t("groups.left", { name: group.name })); onChange(); }
      catch (problem) { showProblem(problem); }
    } }, t("groups.leave")));
  const rename = owner ? el("form", { class: "inline-form" },
    el("label", { for: `rename-${group.id}` }, t("groups.name")),
    el("input", { id: `rename-${group.id}`, name: "name", value: group.name, maxlength: 60, required: true }),
    el("button", { type: "submit", class: "button quiet small" }, t("groups.rename"))) : null;
  rename?.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await session.api(`/v1/groups/${group.id}`, { method: "PATCH", body: { name: new FormData(rename).get("name") } });
      toast(t("groups.renamed"));
      onChange();
    } catch (problem) { showProblem(problem, rename); }
  });
  const members = el("ul", { class: "rows" }, group.members.map((m) => el("li", { class: "row" },
    el("span", {}, m.displayName, m.isOwner ? el("span", { class: "badge" }, t("groups.owner")) : null),
    owner && m.id !== me ? el("button", { type: "button", class: "button quiet small danger-text", onclick: async () => {
      if (!confirm(t("groups.removeConfirm", { name: m.displayName }))) return;
      try {
        await session.api(`/v1/groups/${group.id}/members/${m.id}`, { method: "DELETE" });
        toast(t("groups.removed", { name: m.displayName }));
        onChange();
      } catch (problem) { showProblem(problem); }
    } }, t("groups.remove")) : null)));
  return el("details", { class: "manage" }, el("summary", {}, t("groups.manage")),
    el("div", { class: "stack" },
      el("div", { class: "field" }, el("label", { for: `invite-${group.id}` }, t("groups.invite")),
        el("input", { id: `invite-${group.id}`, readonly: true, value: link, class: "invite", onfocus: (e) => e.target.select() })),
      actions, rename, el("h3", {}, t("groups.members")), members));
}

function startOrJoin(session, reload) {
  const create = el("form", { class: "form card", novalidate: true },
    el("h2", {}, t("groups.create")),
    el("div", { class: "field" }, el("label", { for: "group-name" }, t("groups.name")),
      el("input", { id: "group-name", name: "name", maxlength: 60, required: true })),
    el("button", { type: "submit", class: "button quiet" }, t("groups.create")));
  create.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearProblems();
    try {
      const group = await session.api("/v1/groups", { method: "POST", body: { name: new FormData(create).get("name") } });
      toast(t("groups.created", { name: group.name }));
      create.reset();
      reload();
    } catch (problem) { showProblem(problem, create); }
  });
  const join = el("form", { class: "form card", novalidate: true },
    el("h2", {}, t("groups.join")),
    el("div", { class: "field" }, el("label", { for: "group-code" }, t("groups.code")),
      el("input", { id: "group-code", name: "code", autocapitalize: "characters", autocomplete: "off", required: true })),
    el("button", { type: "submit", class: "button quiet" }, t("groups.joinButton")));
  join.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearProblems();
    try {
      const group = await joinGroup(session, new FormData(join).get("code"));
      toast(t("groups.joined", { name: group.name }));
      join.reset();
      reload();
    } catch (problem) { showProblem(problem, join); }
  });
  return el("div", { class: "cards two" }, create, join);
}

export function joinGroup(session, code) {
  return session.api("/v1/groups/join", { method: "POST", body: { code: String(code || "").trim() } });
}

/** Fills `container` with a card per group (or `empty` when there are none), kept in `cards` by id. */
export function showGroups(container, cards, items, session, { empty, ...options }) {
  cards.clear();
  container.removeAttribute("aria-busy");
  if (items.length === 0) { container.replaceChildren(empty); return; }
  container.replaceChildren(...items.map((group) => {
    const made = groupCard(session, group, options);
    cards.set(group.id, made);
    return made.card;
  }));
}

/** Opens the event stream and reloads a group's card when its standings change. */
export function liveStandings(session, cards, dot) {
  return listen(session, {
    standings: ({ group }) => cards.get(group)?.reload(),
    challenge: ({ group, finished }) => {
      cards.get(group)?.reloadChallenges?.();
      if (finished) toast(t("challenge.finishedToast"));
    },
    ready: () => { for (const card of cards.values()) card.reload(); },
  }, { onState: (state) => dot?.classList.toggle("ok", state === "open") });
}

export function accountabilityView(session, { icon }) {
  const { card: quota } = quotaCard(session);
  const groups = el("div", { class: "stack", "aria-busy": "true" }, el("span", { class: "skeleton" }));
  const live = el("span", { class: "dot", title: t("standings.live") });
  const cards = new Map();
  async function load() {
    try {
      const { items } = await session.api("/v1/groups");
      showGroups(groups, cards, items, session,
        { onChange: load, empty: emptyState(icon("accountability"), t("empty.accountability")) });
    } catch (problem) { showProblem(problem); }
  }
  load();
  const stream = liveStandings(session, cards, live);
  const view = [
    el("h1", {}, t("nav.accountability")),
    el("p", { class: "muted" }, t("area.accountability")),
    el("div", { class: "stack" },
      el("a", { class: "button wide", href: "#/record", id: "record-proof" }, t("proof.record")),
      el("a", { class: "button quiet wide", href: "#/calendar", id: "open-calendar" }, t("calendar.title"))),
    el("div", { class: "section-title" }, quota),
    el("h2", { class: "section-title with-dot" }, t("groups.title"), live), groups,
    el("div", { class: "section-title" }, startOrJoin(session, load)),
  ];
  view.close = () => stream.close();
  return view;
}
