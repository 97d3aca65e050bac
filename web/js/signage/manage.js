// The Signage page: for admins, the sales boards (make, change, a new wall link, delete, open
// the wall) and the API keys machines send sales with (make one, shown once; revoke); for
// everybody else, what a wall screen is and who sets one up.
import { currentLanguage, formatNumber, t } from "../i18n.js";
import { clearProblems, el, emptyState, showProblem, toast } from "../ui.js";
import { currencyDigits, formatMoney } from "./countup.js";
import { kafkaCard } from "./kafka.js";
import { download, save } from "../download.js";

const currencies = ["JPY", "KRW", "USD", "EUR", "GBP", "TWD", "CNY"];

export function signageView(session, { icon }) {
  if (session.user?.role !== "admin") {
    return [el("h1", {}, t("nav.signage")), el("p", { class: "muted" }, t("area.signage")), emptyState(icon("signage"), t("signage.adminsOnly"))];
  }
  const boards = el("div", { class: "stack", id: "boards", "aria-busy": "true" });
  const keys = el("ul", { class: "rows", id: "api-keys", "aria-busy": "true" });
  const revokedKeys = el("details", { class: "manage", id: "revoked-keys", hidden: true });
  const shown = el("div", { id: "signage-secret" });
  const form = boardForm(session, { onDone: (made) => { if (made.wallURL) reveal(shown, made.wallURL, "signage.linkOnce", true); load(); } });
  const playlists = playlistSection(session, { shown, icon });

  async function load() {
    try {
      const [list, keyList] = await Promise.all([session.api("/v1/signage/boards"), session.api("/v1/admin/api-keys")]);
      playlists.load(list.items);
      boards.removeAttribute("aria-busy");
      boards.replaceChildren(...(list.items.length ? list.items.map((board) => boardCard(session, board, { shown, form, reload: load }))
        : [emptyState(icon("signage"), t("signage.noBoards"))]));
      keys.removeAttribute("aria-busy");
      const live = keyList.items.filter((key) => !key.revokedAt);
      const revoked = keyList.items.filter((key) => key.revokedAt);
      keys.replaceChildren(...(live.length ? live.map((key) => keyRow(session, key, { reload: load }))
        : [el("li", { class: "row muted" }, t("signage.noKeys"))]));
      // Revoked keys are kept for the record, folded away.
      revokedKeys.hidden = revoked.length === 0;
      revokedKeys.replaceChildren(el("summary", {}, t("signage.revokedKeys", { count: revoked.length })),
        el("ul", { class: "rows" }, revoked.map((key) => keyRow(session, key, { reload: load }))));
    } catch (problem) { showProblem(problem); }
  }
  load();

  const keyForm = el("form", { class: "inline-form", novalidate: true },
    el("label", { for: "key-name" }, t("signage.keyName")),
    el("input", { id: "key-name", name: "name", maxlength: 80, required: true, placeholder: t("signage.keyPlaceholder") }),
    el("button", { type: "submit", class: "button small" }, t("signage.newKey")));
  keyForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearProblems();
    try {
      const made = await session.api("/v1/admin/api-keys", { method: "POST", body: { name: new FormData(keyForm).get("name"), scopes: ["signage:write"] } });
      keyForm.reset();
      reveal(shown, made.key, "signage.keyOnce", false);
      load();
    } catch (problem) { showProblem(problem, keyForm); }
  });

  const kafka = kafkaCard(session, { icon });
  const view = [el("h1", {}, t("nav.signage")), el("p", { class: "muted" }, t("area.signage")),
    el("div", { class: "stack" }, shown,
      el("section", { class: "stack" }, el("h2", {}, t("signage.boards")), boards),
      form,
      playlists.section,
      el("section", { class: "card stack" }, el("h2", {}, t("signage.keys")), el("p", { class: "muted small" }, t("signage.keysLead")), keys, keyForm,
        revokedKeys),
      kafka.card)];
  view.close = () => kafka.close();
  return view;
}

/** A secret shown once: the wall link (with Open) or an API key, with Copy. */
function reveal(where, secret, lead, isLink) {
  const value = isLink ? new URL(secret, location.href).href : secret;
  where.replaceChildren(el("div", { class: "card secret", role: "status" },
    el("p", {}, t(lead)),
    el("input", { readonly: true, value, class: "invite", id: "secret-value", onfocus: (e) => e.target.select() }),
    el("div", { class: "actions" },
      el("button", { type: "button", class: "button small", onclick: async () => {
        try { await navigator.clipboard.writeText(value); toast(t("groups.copied")); } catch { /* the field is selectable */ }
      } }, t("signage.copy")),
      isLink ? el("a", { class: "button quiet small", href: secret.replace(/^\//, ""), target: "_blank", rel: "noopener" }, t("signage.openWall")) : null)));
  where.scrollIntoView({ block: "nearest" });
}

/** New link (a board's or a playlist's), after a confirmation: the old one stops; the new one is shown once. */
function newLinkButton(session, path, shown) {
  return el("button", { type: "button", class: "button quiet small", onclick: async () => {
    if (!confirm(t("signage.newLinkConfirm"))) return;
    try {
      const link = await session.api(path, { method: "POST" });
      reveal(shown, link.wallURL, "signage.linkOnce", true);
    } catch (problem) { showProblem(problem); }
  } }, t("signage.newLink"));
}

function boardCard(session, board, { shown, form, reload }) {
  const total = el("strong", { class: "board-total" }, "…");
  session.api(`/v1/signage/boards/${board.id}`).then((state) => {
    total.textContent = formatMoney(state.total, board.currency, currentLanguage());
  }, () => { total.textContent = "—"; });
  const days = new Intl.DateTimeFormat(currentLanguage(), { dateStyle: "medium", timeStyle: "short" });
  const filters = [board.campaign && t("signage.campaignIs", { campaign: board.campaign }), board.channel && t("signage.channelIs", { channel: board.channel })]
    .filter(Boolean).join(" · ");
  return el("article", { class: "card board", "data-board": board.id },
    el("div", { class: "row" }, el("h3", {}, board.title), total),
    el("p", { class: "muted small" }, `${days.formatRange(new Date(board.startsAt), new Date(board.endsAt))} · ${board.currency}`,
      filters ? ` · ${filters}` : "", board.goal ? ` · ${t("signage.goalIs", { goal: formatMoney(board.goal, board.currency, currentLanguage()) })}` : ""),
    el("div", { class: "actions" },
      el("a", { class: "button small", href: `#/wall/${board.id}` }, t("signage.openWall")),
      newLinkButton(session, `/v1/signage/boards/${board.id}/link`, shown),
      el("button", { type: "button", class: "button quiet small", onclick: () => form.edit(board) }, t("signage.edit")),
      exports(session, board),
      el("button", { type: "button", class: "button quiet small danger-text", onclick: async () => {
        if (!confirm(t("signage.deleteConfirm", { title: board.title }))) return;
        try { await session.api(`/v1/signage/boards/${board.id}`, { method: "DELETE" }); toast(t("signage.deleted")); reload(); }
        catch (problem) { showProblem(problem); }
      } }, t("signage.delete"))));
}

/** A day's sales (on the board's clock; today unless another day is picked) and the board's hours, as CSV. */
function exports(session, board) {
  const today = new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", timeZone: board.timeZone || "UTC" }).format(new Date());
  const day = el("input", { type: "date", value: today, max: today, class: "board-export-day", "aria-label": t("signage.exportDay") });
  const get = (path, button) => async () => {
    clearProblems();
    button.disabled = true;
    try {
      const { blob, name } = await download(session, path(), { networkProblem: () => ({ title: t("problem.network") }) });
      save(blob, name);
    } catch (problem) { showProblem(problem); } finally { button.disabled = false; }
  };
  const sales = el("button", { type: "button", class: "button quiet small", "data-action": "export-sales" }, t("signage.exportSales"));
  const hours = el("button", { type: "button", class: "button quiet small", "data-action": "export-hours" }, t("signage.exportHours"));
  sales.addEventListener("click", get(() => `/v1/signage/boards/${board.id}/sales.csv?date=${day.value || today}`, sales));
  hours.addEventListener("click", get(() => `/v1/signage/boards/${board.id}/hours.csv`, hours));
  return el("span", { class: "board-exports" }, day, sales, hours);
}

function keyRow(session, key, { reload }) {
  const when = new Intl.DateTimeFormat(currentLanguage(), { dateStyle: "medium", timeStyle: "short" });
  const status = key.revokedAt ? t("signage.revokedAt", { when: when.format(new Date(key.revokedAt)) })
    : key.lastUsedAt ? t("signage.lastUsed", { when: when.format(new Date(key.lastUsedAt)) }) : t("signage.neverUsed");
  return el("li", { class: `row${key.revokedAt ? " muted" : ""}`, "data-key": key.id },
    el("span", {}, el("strong", {}, key.name), el("span", { class: "muted small" }, ` · ${status}`)),
    key.revokedAt ? null : el("button", { type: "button", class: "button quiet small danger-text", onclick: async () => {
      if (!confirm(t("signage.revokeConfirm", { name: key.name }))) return;
      try { await session.api(`/v1/admin/api-keys/${key.id}`, { method: "DELETE" }); toast(t("signage.revoked")); reload(); }
      catch (problem) { showProblem(problem); }
    } }, t("signage.revoke")));
}

/** `datetime-local` text for an instant, in this browser's time zone. */
function localInput(date) {
  const d = new Date(date);
  const pad = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

/** Make a board, or change one (`form.edit(board)`). */
function boardForm(session, { onDone }) {
  let editing = null;
  const field = (name, label, input, hint = null) => el("div", { class: "field" }, el("label", { for: `board-${name}` }, label), input,
    hint ? el("p", { class: "hint muted small", id: `board-${name}-hint` }, hint) : null);
  const heading = el("h2", {}, t("signage.newBoard"));
  const submit = el("button", { type: "submit", class: "button" }, t("signage.create"));
  const cancel = el("button", { type: "button", class: "button quiet", hidden: true, onclick: () => reset() }, t("signage.cancel"));
  const form = el("form", { class: "form card", id: "board-form", novalidate: true }, heading,
    field("title", t("signage.title"), el("input", { id: "board-title", name: "title", maxlength: 80, required: true })),
    field("currency", t("signage.currency"), el("select", { id: "board-currency", name: "currency" }, currencies.map((c) => el("option", { value: c }, c)))),
    el("div", { class: "cards two" },
      field("startsAt", t("signage.startsAt"), el("input", { id: "board-startsAt", name: "startsAt", type: "datetime-local", step: 900, required: true })),
      field("endsAt", t("signage.endsAt"), el("input", { id: "board-endsAt", name: "endsAt", type: "datetime-local", step: 900, required: true }))),
    el("p", { class: "hint muted small" }, t("signage.windowHint")),
    el("div", { class: "cards two" },
      field("campaign", t("signage.campaign"), el("input", { id: "board-campaign", name: "campaign", maxlength: 60, placeholder: "winter-beauty" })),
      field("channel", t("signage.channel"), el("input", { id: "board-channel", name: "channel", maxlength: 40, placeholder: "store" }))),
    field("goal", t("signage.goal"), el("input", { id: "board-goal", name: "goal", type: "number", min: 0, step: "any", inputmode: "decimal" })),
    // What the wall celebrates: every so much sold (in major units), the goal, a record day.
    el("fieldset", { class: "field board-milestones" }, el("legend", {}, t("signage.milestones")),
      field("milestoneEvery", t("signage.milestoneEvery"), el("input", { id: "board-milestoneEvery", name: "milestoneEvery", type: "number", min: 0, step: "any",
        inputmode: "decimal", placeholder: "1000000" })),
      el("label", { class: "check" }, el("input", { type: "checkbox", name: "milestoneGoal", id: "board-milestoneGoal" }), ` ${t("signage.milestoneGoal")}`),
      el("label", { class: "check" }, el("input", { type: "checkbox", name: "milestoneRecord", id: "board-milestoneRecord" }), ` ${t("signage.milestoneRecord")}`)),
    // Where the board's days begin: today beside yesterday is counted from its midnight.
    field("timeZone", t("signage.timeZone"), el("input", { id: "board-timeZone", name: "timeZone", list: "board-zones", autocomplete: "off",
      value: browserZone, "aria-describedby": "board-timeZone-hint" }), t("signage.timeZoneHint")),
    el("datalist", { id: "board-zones" }, (Intl.supportedValuesOf?.("timeZone") ?? [browserZone]).map((zone) => el("option", { value: zone }))),
    field("embedOrigins", t("signage.embed"), el("input", { id: "board-embedOrigins", name: "embedOrigins", inputmode: "url",
      placeholder: "https://dashboard.example", "aria-describedby": "board-embedOrigins-hint" }), t("signage.embedHint")),
    el("div", { class: "actions" }, submit, cancel));

  function reset() {
    editing = null;
    form.reset();
    form.elements.namedItem("timeZone").value = browserZone;
    heading.textContent = t("signage.newBoard");
    submit.textContent = t("signage.create");
    cancel.hidden = true;
    for (const input of form.querySelectorAll("[aria-invalid]")) input.removeAttribute("aria-invalid");
  }

  form.edit = (board) => {
    editing = board;
    heading.textContent = t("signage.editBoard", { title: board.title });
    submit.textContent = t("signage.save");
    cancel.hidden = false;
    const set = (name, value) => { form.elements.namedItem(name).value = value; };
    set("title", board.title);
    set("currency", board.currency);
    set("startsAt", localInput(board.startsAt));
    set("endsAt", localInput(board.endsAt));
    set("campaign", board.campaign ?? "");
    set("channel", board.channel ?? "");
    set("goal", board.goal ? String(board.goal / 10 ** currencyDigits(board.currency)) : "");
    set("embedOrigins", (board.embedOrigins ?? []).join(" "));
    set("timeZone", board.timeZone ?? browserZone);
    set("milestoneEvery", board.milestones?.every ? String(board.milestones.every / 10 ** currencyDigits(board.currency)) : "");
    form.elements.namedItem("milestoneGoal").checked = Boolean(board.milestones?.goal);
    form.elements.namedItem("milestoneRecord").checked = Boolean(board.milestones?.recordDay);
    form.scrollIntoView({ block: "start" });
  };

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearProblems();
    const data = new FormData(form);
    const instant = (name) => (data.get(name) ? new Date(data.get(name)).toISOString() : "");
    const currency = data.get("currency");
    const goal = String(data.get("goal") || "").trim();
    const body = { title: data.get("title"), currency, startsAt: instant("startsAt"), endsAt: instant("endsAt"),
      campaign: String(data.get("campaign") || "").trim() || null, channel: String(data.get("channel") || "").trim() || null,
      goal: goal ? Math.round(Number(goal) * 10 ** currencyDigits(currency)) : null,
      embedOrigins: String(data.get("embedOrigins") || "").split(/[\s,]+/).filter(Boolean),
      timeZone: String(data.get("timeZone") || "").trim() || browserZone };
    const every = String(data.get("milestoneEvery") || "").trim();
    const milestones = { every: every ? Math.round(Number(every) * 10 ** currencyDigits(currency)) : null,
      goal: data.get("milestoneGoal") === "on", recordDay: data.get("milestoneRecord") === "on" };
    body.milestones = milestones.every || milestones.goal || milestones.recordDay ? milestones : null;
    try {
      if (editing) {
        await session.api(`/v1/signage/boards/${editing.id}`, { method: "PUT", body });
        toast(t("signage.saved"));
        reset();
        onDone({ wallURL: null, changed: true });
      } else {
        const made = await session.api("/v1/signage/boards", { method: "POST", body });
        toast(t("signage.created", { title: made.board.title }));
        reset();
        onDone(made);
      }
    } catch (problem) { showProblem(problem, form); }
  });
  return form;
}


/** Playlists: several boards on one wall link. Each shows its boards in order with Open, a new
 *  link, Change and Delete; the form picks boards (checked, in the order listed, moved with ↑/↓),
 *  the seconds each and the layout. Screens follow each change by themselves. */
function playlistSection(session, { shown, icon }) {
  const list = el("div", { class: "stack", id: "playlists", "aria-busy": "true" });
  let boards = [];
  let editing = null;
  const heading = el("h3", {}, t("signage.newPlaylist"));
  const picks = el("ol", { class: "rows playlist-picks", id: "playlist-boards" });
  const submit = el("button", { type: "submit", class: "button" }, t("signage.createPlaylist"));
  const cancel = el("button", { type: "button", class: "button quiet", hidden: true, onclick: () => reset() }, t("signage.cancel"));
  const layouts = ["rotate", "split"].map((layout) => el("label", { class: "check" },
    el("input", { type: "radio", name: "layout", value: layout, checked: layout === "rotate" }), ` ${t(`signage.layout.${layout}`)}`));
  const form = el("form", { class: "form", id: "playlist-form", novalidate: true }, heading,
    el("div", { class: "field" }, el("label", { for: "playlist-title" }, t("signage.title")),
      el("input", { id: "playlist-title", name: "title", maxlength: 80, required: true, placeholder: t("signage.playlistPlaceholder") })),
    el("fieldset", { class: "field" }, el("legend", {}, t("signage.playlistBoards")), picks),
    el("div", { class: "cards two" },
      el("div", { class: "field" }, el("label", { for: "playlist-seconds" }, t("signage.seconds")),
        el("input", { id: "playlist-seconds", name: "seconds", type: "number", min: 5, max: 3600, step: 1, value: 20, required: true, inputmode: "numeric" })),
      el("fieldset", { class: "field", id: "playlist-layout" }, el("legend", {}, t("signage.layout")), ...layouts)),
    el("p", { class: "hint muted small" }, t("signage.playlistHint")),
    el("div", { class: "actions" }, submit, cancel));

  /** The boards to pick from: those checked first, in the playlist's order, then the rest. */
  function drawPicks(chosen = []) {
    const byId = new Map(boards.map((board) => [board.id.toLowerCase(), board]));
    const first = chosen.map((id) => byId.get(id.toLowerCase())).filter(Boolean);
    const rest = boards.filter((board) => !first.includes(board));
    picks.replaceChildren(...(boards.length ? [...first, ...rest].map((board) => pickRow(board, first.includes(board)))
      : [el("li", { class: "row muted" }, t("signage.playlistNoBoards"))]));
  }

  function pickRow(board, checked) {
    const move = (step) => () => {
      const row = picks.querySelector(`li[data-board="${board.id}"]`);
      const other = step < 0 ? row.previousElementSibling : row.nextElementSibling;
      if (!other) return;
      if (step < 0) other.before(row); else other.after(row);
      row.querySelector("input").focus();
    };
    return el("li", { class: "row", "data-board": board.id },
      el("label", { class: "check" }, el("input", { type: "checkbox", name: "board", value: board.id, checked }), ` ${board.title}`),
      el("span", { class: "actions" },
        el("button", { type: "button", class: "button quiet small", "aria-label": t("signage.moveUp", { title: board.title }), onclick: move(-1) }, "↑"),
        el("button", { type: "button", class: "button quiet small", "aria-label": t("signage.moveDown", { title: board.title }), onclick: move(1) }, "↓")));
  }

  function reset() {
    editing = null;
    form.reset();
    heading.textContent = t("signage.newPlaylist");
    submit.textContent = t("signage.createPlaylist");
    cancel.hidden = true;
    drawPicks();
  }

  function edit(playlist) {
    editing = playlist;
    heading.textContent = t("signage.editPlaylist", { title: playlist.title });
    submit.textContent = t("signage.save");
    cancel.hidden = false;
    form.elements.namedItem("title").value = playlist.title;
    form.elements.namedItem("seconds").value = String(playlist.seconds);
    for (const radio of form.querySelectorAll('input[name="layout"]')) radio.checked = radio.value === playlist.layout;
    drawPicks(playlist.boards);
    form.scrollIntoView({ block: "start" });
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearProblems();
    const data = new FormData(form);
    const body = { title: data.get("title"), boards: [...picks.querySelectorAll('input[name="board"]:checked')].map((box) => box.value),
      seconds: Number(data.get("seconds")), layout: data.get("layout") || "rotate" };
    try {
      if (editing) {
        await session.api(`/v1/signage/playlists/${editing.id}`, { method: "PUT", body });
        toast(t("signage.playlistSaved"));
      } else {
        const made = await session.api("/v1/signage/playlists", { method: "POST", body });
        toast(t("signage.created", { title: made.playlist.title }));
        reveal(shown, made.wallURL, "signage.linkOnce", true);
      }
      reset();
      load();
    } catch (problem) { showProblem(problem, form); }
  });

  function card(playlist) {
    const titles = new Map(boards.map((board) => [board.id.toLowerCase(), board.title]));
    const names = playlist.boards.map((id) => titles.get(id.toLowerCase()) ?? "—");
    return el("article", { class: "card board", "data-playlist": playlist.id },
      el("div", { class: "row" }, el("h3", {}, playlist.title),
        el("span", { class: "muted small" }, t("signage.playlistSummary", { count: formatNumber(playlist.boards.length), seconds: formatNumber(playlist.seconds),
          layout: t(`signage.layout.${playlist.layout}`) }))),
      el("p", { class: "small" }, names.length ? names.join(" → ") : t("signage.playlistEmpty")),
      el("div", { class: "actions" },
        el("a", { class: "button small", href: `#/wall/playlist/${playlist.id}` }, t("signage.openWall")),
        newLinkButton(session, `/v1/signage/playlists/${playlist.id}/link`, shown),
        el("button", { type: "button", class: "button quiet small", onclick: () => edit(playlist) }, t("signage.edit")),
        el("button", { type: "button", class: "button quiet small danger-text", onclick: async () => {
          if (!confirm(t("signage.playlistDeleteConfirm", { title: playlist.title }))) return;
          try { await session.api(`/v1/signage/playlists/${playlist.id}`, { method: "DELETE" }); toast(t("signage.playlistDeleted")); load(); }
          catch (problem) { showProblem(problem); }
        } }, t("signage.delete"))));
  }

  async function load(boardList = null) {
    try {
      const fresh = boardList ? boardList : (await session.api("/v1/signage/boards")).items;
      const playlists = await session.api("/v1/signage/playlists");
      const chosen = [...picks.querySelectorAll('input[name="board"]:checked')].map((box) => box.value);
      boards = fresh;
      if (editing || chosen.length) drawPicks(chosen); else drawPicks();
      list.removeAttribute("aria-busy");
      list.replaceChildren(...(playlists.items.length ? playlists.items.map(card) : [emptyState(icon("signage"), t("signage.noPlaylists"))]));
    } catch (problem) { showProblem(problem); }
  }

  const section = el("section", { class: "card stack", id: "playlists-card" }, el("h2", {}, t("signage.playlists")),
    el("p", { class: "muted small" }, t("signage.playlistsLead")), list, form);
  return { section, load };
}
