// Sign-in, sign-up and the account page (profile, devices, password, deletion).
import { currentLanguage, formatBytes, formatRelative, t } from "./i18n.js";
import { download, save } from "./download.js";
import { clearProblems, el, showProblem, toast } from "./ui.js";
import { pushSupported, subscribeDevice, unsubscribeDevice } from "./push.js";

export function field(label, input, hint = null) {
  const id = `f-${input.name}`;
  input.id = id;
  return el("div", { class: "field" }, el("label", { for: id }, label), input,
    hint ? el("p", { class: "hint muted", id: `${id}-hint` }, hint) : null);
}

export function input(name, type, attributes = {}) {
  return el("input", { name, type, required: true, ...attributes });
}

/** Runs `work` with the form's button busy; problems go in the page with their fields marked. */
export async function submitting(form, work) {
  const button = form.querySelector("button[type=submit]");
  const label = button.textContent;
  button.disabled = true;
  button.textContent = t("auth.working");
  form.setAttribute("aria-busy", "true");
  clearProblems();
  try {
    return await work();
  } catch (problem) {
    showProblem(problem, form);
    return undefined;
  } finally {
    button.disabled = false;
    button.textContent = label;
    form.removeAttribute("aria-busy");
  }
}

/** "Continue with Apple / Google", only for the providers the server set up for the browser. */
function providerButtons(session, next, serverInfo) {
  const box = el("div", { class: "providers", hidden: true });
  serverInfo?.().then((meta) => {
    const providers = meta?.webSignIn ?? [];
    if (!providers.length) return;
    box.replaceChildren(el("p", { class: "or muted small" }, t("auth.or")), ...providers.map((provider) => {
      const button = el("button", { type: "button", class: `button wide provider ${provider}`, id: `web-signin-${provider}` },
        t(`auth.continueWith.${provider}`));
      button.addEventListener("click", async () => {
        button.disabled = true;
        clearProblems();
        try { location.assign(await session.startWebSignIn(provider, next)); } catch (problem) { showProblem(problem, box); button.disabled = false; }
      });
      return button;
    }));
    box.hidden = false;
  }).catch(() => {});
  return box;
}

/** Back from Apple or Google: finish with this tab's binding, or say what went wrong. */
function webSignInReturn(session, query) {
  const state = query?.get("web");
  if (!state) return null;
  const box = el("div", { class: "card", role: "status" }, el("p", {}, t(state === "finish" ? "auth.webFinishing" : "auth.webInvalid")));
  if (state === "finish") {
    session.finishWebSignIn({ timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || undefined, locale: currentLanguage() })
      .then((next) => {
        if (!next) { box.replaceChildren(el("p", {}, t("auth.webInvalid"))); return; }
        toast(t("auth.welcome", { name: session.user?.displayName ?? "" }));
        location.replace(next);
      })
      .catch((problem) => { box.replaceChildren(); showProblem(problem, box); });
  }
  return box;
}

export function signInView(session, next, { query, serverInfo } = {}) {
  const form = el("form", { class: "form card", novalidate: true },
    field(t("auth.email"), input("email", "email", { autocomplete: "username", inputmode: "email" })),
    field(t("auth.password"), input("password", "password", { autocomplete: "current-password" })),
    el("p", { class: "small links" }, el("a", { href: "#/forgot-password", id: "forgot-link" }, t("auth.forgot")),
      el("a", { href: "#/signin-link", id: "signin-link" }, t("signinLink.ask"))),
    el("button", { type: "submit", class: "button wide" }, t("auth.signIn")));
  // Held back after many wrong guesses (the owner's new device included): a mailed link is the way in.
  const heldBack = el("p", { class: "notice", id: "signin-held-back", hidden: true },
    el("span", {}, t("signinLink.heldBack")), " ", el("a", { href: "#/signin-link", class: "button small" }, t("signinLink.ask")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const done = await submitting(form, async () => {
      try { return await session.signIn(data.get("email"), data.get("password")); }
      catch (problem) { heldBack.hidden = problem.status !== 429; throw problem; }
    });
    if (done) { toast(t("auth.welcome", { name: session.user?.displayName ?? "" })); location.hash = next; }
  });
  form.append(heldBack, providerButtons(session, next, serverInfo));
  return [el("h1", {}, t("auth.signInTitle")), el("p", { class: "muted" }, t("auth.signInLead")), webSignInReturn(session, query), form,
    el("p", { class: "switch" }, t("auth.noAccount"), " ", el("a", { href: "#/signup" }, t("auth.signUp")))].filter(Boolean);
}

export function signUpView(session, next, { serverInfo } = {}) {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  const weekStart = el("select", { name: "weekStart" },
    el("option", { value: "monday" }, t("auth.monday")), el("option", { value: "sunday" }, t("auth.sunday")));
  const form = el("form", { class: "form card", novalidate: true },
    field(t("auth.displayName"), input("displayName", "text", { autocomplete: "nickname", maxlength: 50 })),
    field(t("auth.email"), input("email", "email", { autocomplete: "email", inputmode: "email" })),
    field(t("auth.password"), input("password", "password", { autocomplete: "new-password", minlength: 8, "aria-describedby": "f-password-hint" }),
      t("auth.passwordHint")),
    field(t("auth.weekStart"), weekStart),
    el("p", { class: "muted small" }, `${t("auth.timeZone")}: ${zone}`),
    el("button", { type: "submit", class: "button wide" }, t("auth.signUp")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const done = await submitting(form, () => session.signUp({
      email: data.get("email"), password: data.get("password"), displayName: data.get("displayName"),
      weekStart: data.get("weekStart"), timeZone: zone, locale: currentLanguage(),
    }));
    if (done) { toast(t("auth.welcome", { name: session.user?.displayName ?? "" })); location.hash = next; }
  });
  form.append(providerButtons(session, next, serverInfo));
  return [el("h1", {}, t("auth.signUpTitle")), el("p", { class: "muted" }, t("auth.signUpLead")), form,
    el("p", { class: "switch" }, t("auth.haveAccount"), " ", el("a", { href: "#/signin" }, t("auth.signIn")))];
}

function sessionsCard(session) {
  const list = el("ul", { class: "rows", "aria-busy": "true" }, el("li", {}, el("span", { class: "skeleton" })));
  const others = el("button", { type: "button", class: "button quiet" }, t("account.signOutOthers"));
  async function load() {
    try {
      const { items } = await session.api("/v1/sessions");
      list.removeAttribute("aria-busy");
      const rows = items.map((item) => el("li", { class: "row", "data-session": item.id },
        el("div", {}, el("strong", {}, item.device),
          item.current ? el("span", { class: "badge" }, t("account.thisDevice")) : null,
          el("p", { class: "muted small" }, t("account.lastUsed", { when: formatRelative(item.lastUsedAt) }))),
        item.current ? null : el("button", { type: "button", class: "button quiet small", onclick: async (event) => {
          event.target.disabled = true;
          try { await session.api(`/v1/sessions/${item.id}`, { method: "DELETE" }); await load(); } catch (p) { showProblem(p); event.target.disabled = false; }
        } }, t("account.signOutDevice"))));
      list.replaceChildren(...rows);
      others.hidden = items.length < 2;
      if (items.length < 2) list.append(el("li", { class: "muted small" }, t("account.noOtherSessions")));
    } catch (problem) {
      showProblem(problem);
    }
  }
  others.addEventListener("click", async () => {
    others.disabled = true;
    try {
      const { signedOutSessions } = await session.api("/v1/sessions/revoke-others", { method: "POST" });
      toast(t("account.signedOutOthers", { count: signedOutSessions }));
      await load();
    } catch (problem) { showProblem(problem); } finally { others.disabled = false; }
  });
  queueMicrotask(load);
  return el("section", { class: "card stack", "aria-labelledby": "sessions-title" },
    el("h2", { id: "sessions-title" }, t("account.sessions")), el("p", { class: "muted small" }, t("account.sessionsLead")), list, others);
}

function pushCard(session) {
  const list = el("ul", { class: "rows", id: "push-devices", "aria-busy": "true" }, el("li", {}, el("span", { class: "skeleton" })));
  const turnOn = el("button", { type: "button", class: "button wide", id: "push-on" }, t("push.turnOn"));
  const note = el("p", { class: "muted small", id: "push-note" }, pushSupported() ? t("push.lead") : t("push.unsupported"));
  turnOn.hidden = !pushSupported();
  async function load() {
    try {
      const { items } = await session.api("/v1/me/push-subscriptions");
      list.removeAttribute("aria-busy");
      list.replaceChildren(...(items.length ? items.map((item) => el("li", { class: "row", "data-device": item.id },
        el("div", {}, el("strong", {}, item.device),
          el("p", { class: "muted small" }, item.lastPushedAt ? t("push.lastPushed", { when: formatRelative(item.lastPushedAt) }) : t("push.never"))),
        el("button", { type: "button", class: "button quiet small", onclick: async (event) => {
          event.target.disabled = true;
          try { await unsubscribeDevice(session, item.id); await load(); } catch (p) { showProblem(p); event.target.disabled = false; }
        } }, t("push.remove"))))
        : [el("li", { class: "muted small" }, t("push.none"))]));
    } catch (problem) {
      showProblem(problem);
    }
  }
  turnOn.addEventListener("click", async () => {
    turnOn.disabled = true;
    try {
      await subscribeDevice(session);
      toast(t("push.on"));
      await load();
    } catch (problem) {
      if (problem?.code === "denied") note.textContent = t("push.denied"); else showProblem(problem);
    } finally {
      turnOn.disabled = false;
    }
  });
  queueMicrotask(load);
  return el("section", { class: "card stack", "aria-labelledby": "push-title" },
    el("h2", { id: "push-title" }, t("push.title")), note, list, turnOn, notificationSettings(session));
}

/** A mode for each kind (on my devices, in the app only, off), the hour of my quota reminder, and quiet hours in my own zone. */
function notificationSettings(session) {
  const form = el("form", { class: "stack", id: "notification-settings", "aria-busy": "true" });
  async function load() {
    try {
      const settings = await session.api("/v1/me/notification-settings");
      const remindAt = el("input", { type: "time", id: "quota-reminder-at", value: settings.quotaReminderAt ?? "20:00", required: true });
      const rows = settings.kinds.map(({ kind, mode }) => {
        const select = el("select", { name: kind, id: `mode-${kind}` },
          ["push", "app", "off"].map((value) => el("option", { value, selected: value === mode }, t(`push.mode.${value}`))));
        const at = kind === "quotaReminder" ? el("label", { class: "muted small" }, t("push.remindAt"), remindAt) : null;
        return el("div", { class: "field" }, el("label", { for: `mode-${kind}` }, t(`push.kind.${kind}`)), select, at);
      });
      const start = el("input", { type: "time", id: "quiet-start", value: settings.quietHours?.start ?? "" });
      const end = el("input", { type: "time", id: "quiet-end", value: settings.quietHours?.end ?? "" });
      const save = el("button", { type: "submit", class: "button quiet wide", id: "save-notification-settings" }, t("push.save"));
      // The weekly mail goes to a confirmed address only: said here rather than found out by waiting for it.
      const digest = el("input", { type: "checkbox", id: "weekly-digest", checked: Boolean(settings.weeklyDigest) });
      const confirmed = session.user?.emailVerified !== false;
      const digestRow = el("div", { class: "field" }, el("label", { class: "check" }, digest, t("push.weeklyDigest")),
        el("p", { class: "muted small" }, t(confirmed ? "push.weeklyDigestLead" : "push.weeklyDigestUnconfirmed")));
      form.replaceChildren(...rows, digestRow,
        el("fieldset", { class: "stack" }, el("legend", {}, t("push.quiet")), el("p", { class: "muted small" }, t("push.quietLead")),
          el("div", { class: "field-row" }, el("label", {}, t("push.quietFrom"), start), el("label", {}, t("push.quietTo"), end))),
        save);
      form.removeAttribute("aria-busy");
      form.onsubmit = async (event) => {
        event.preventDefault();
        save.disabled = true;
        try {
          const quietHours = start.value && end.value ? { start: start.value, end: end.value } : null;
          await session.api("/v1/me/notification-settings", { method: "PUT", body: {
            kinds: settings.kinds.map(({ kind }) => ({ kind, mode: form.elements[kind].value })), quietHours,
            quotaReminderAt: remindAt.value || "20:00", weeklyDigest: digest.checked } });
          toast(t("push.saved"));
        } catch (problem) { showProblem(problem); } finally { save.disabled = false; }
      };
    } catch (problem) {
      showProblem(problem);
    }
  }
  queueMicrotask(load);
  return form;
}

/** The zones a person may choose (the browser's list, the person's own kept first if the browser lacks it). */
function zoneNames(current) {
  const all = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return all.includes(current) ? all : [current, ...all];
}

function profileCard(session, user) {
  const weekStart = el("select", { name: "weekStart" },
    el("option", { value: "monday", selected: user.weekStart === "monday" }, t("auth.monday")),
    el("option", { value: "sunday", selected: user.weekStart === "sunday" }, t("auth.sunday")));
  // The language and zone the account keeps: every device the person signs in on uses them. The
  // language shown is the one in use (the top bar's picker keeps the account's too), so saving the
  // profile never switches it back; saving applies a language chosen here.
  const language = el("select", { name: "locale" },
    [["en", "English"], ["ja", "日本語"], ["ko", "한국어"]].map(([value, name]) => el("option", { value, selected: currentLanguage().startsWith(value) }, name)));
  const zone = el("select", { name: "timeZone" },
    zoneNames(user.timeZone).map((name) => el("option", { value: name, selected: name === user.timeZone }, name.replaceAll("_", " "))));
  const unit = el("select", { name: "weightUnit" },
    ["kg", "lb"].map((value) => el("option", { value, selected: (user.weightUnit || "kg") === value }, t(`unit.${value}`))));
  const form = el("form", { class: "form", novalidate: true },
    field(t("auth.displayName"), input("displayName", "text", { value: user.displayName, maxlength: 50 })),
    field(t("account.language"), language),
    field(t("account.timeZone"), zone, t("account.timeZoneHint")),
    field(t("auth.weekStart"), weekStart),
    field(t("account.weightUnit"), unit),
    el("button", { type: "submit", class: "button" }, t("account.save")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const saved = await submitting(form, () => session.api("/v1/me", { method: "PATCH", body: {
      displayName: data.get("displayName"), weekStart: data.get("weekStart"), locale: data.get("locale"), timeZone: data.get("timeZone"),
      weightUnit: data.get("weightUnit"),
    } }));
    if (saved) {
      await session.reloadUser();
      toast(t("account.saved"));
      globalThis.dispatchEvent(new CustomEvent("language-chosen", { detail: data.get("locale") }));
    }
  });
  return el("section", { class: "card stack" }, el("h2", {}, t("account.profile")),
    el("p", { class: "muted small" }, t("account.role", { role: t(`role.${user.role}`) })), form);
}

/** The address: confirmed or not (a new link on request), and a change that needs the password. */
function emailCard(session, user) {
  const status = el("p", { class: "small", id: "email-status", "aria-live": "polite" });
  const resend = el("button", { type: "button", class: "button quiet small", id: "email-resend" }, t("email.resend"));
  if (user.emailVerified) {
    status.append(el("span", { class: "badge ok" }, t("email.confirmed")));
    resend.hidden = true;
  } else {
    status.append(el("span", { class: "badge warn" }, t("email.unconfirmed")), " ", t("email.unconfirmedLead"));
  }
  resend.addEventListener("click", async () => {
    resend.disabled = true;
    clearProblems();
    try {
      const { email } = await session.api("/v1/me/email/verify", { method: "POST" });
      toast(t("email.sent", { email }));
    } catch (problem) { showProblem(problem); } finally { resend.disabled = false; }
  });
  const pending = el("p", { class: "small", id: "email-pending", "aria-live": "polite", hidden: true });
  const form = el("form", { class: "form", novalidate: true, id: "email-form" },
    field(t("email.new"), input("email", "email", { autocomplete: "email", inputmode: "email" })),
    user.hasPassword ? field(t("account.currentPassword"), input("password", "password", { autocomplete: "current-password" }))
      : el("p", { class: "muted small" }, t("email.needsPassword")),
    el("button", { type: "submit", class: "button quiet", disabled: !user.hasPassword }, t("email.change")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const sent = await submitting(form, () => session.api("/v1/me/email", { method: "POST",
      body: { email: data.get("email"), password: data.get("password") } }));
    if (sent) {
      form.reset();
      pending.hidden = false;
      pending.textContent = t("email.pending", { email: sent.email });
    }
  });
  return el("section", { class: "card stack", "aria-labelledby": "email-title" },
    el("h2", { id: "email-title" }, t("auth.email")), el("p", { class: "email-address" }, el("strong", {}, user.email)), status, resend,
    pending, el("details", {}, el("summary", {}, t("email.change")), el("p", { class: "muted small" }, t("email.changeLead")), form));
}

function passwordCard(session, user) {
  if (!user.hasPassword) return null;
  const form = el("form", { class: "form", novalidate: true },
    field(t("account.currentPassword"), input("currentPassword", "password", { autocomplete: "current-password" })),
    field(t("account.newPassword"), input("newPassword", "password", { autocomplete: "new-password", minlength: 8 }), t("auth.passwordHint")),
    el("button", { type: "submit", class: "button quiet" }, t("account.password")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const done = await submitting(form, () => session.api("/v1/me/password", { method: "POST", body: {
      currentPassword: data.get("currentPassword"), newPassword: data.get("newPassword") } }));
    if (done) { form.reset(); toast(t("account.passwordChanged")); }
  });
  return el("section", { class: "card stack" }, el("h2", {}, t("account.password")), form);
}

/** What my uploads take on the server, by kind, against my quota. */
function storageCard(session) {
  const body = el("div", { class: "stack", id: "storage", "aria-busy": "true" }, el("span", { class: "skeleton" }));
  session.api("/v1/me/storage").then((usage) => {
    body.removeAttribute("aria-busy");
    const kinds = [["videoBytes", "account.storageVideos"], ["photoBytes", "account.storagePhotos"], ["voiceBytes", "account.storageVoice"],
      ["importBytes", "account.storageImports"]].filter(([key]) => usage[key] > 0);
    const share = usage.quotaBytes ? Math.min(100, Math.round((usage.usedBytes / usage.quotaBytes) * 100)) : null;
    body.replaceChildren(...[
      el("p", { class: "storage-line", id: "storage-line" }, el("strong", { class: "figure-small" }, formatBytes(usage.usedBytes)),
        " ", el("span", { class: "muted" }, usage.quotaBytes ? t("account.storageOf", { quota: formatBytes(usage.quotaBytes) }) : t("account.storageNoLimit"))),
      share === null ? null : el("progress", { max: 100, value: share, class: share >= 90 ? "nearly-full" : null, "aria-label": t("account.storage") }),
      share !== null && share >= 90 ? el("p", { class: "notice small", id: "storage-nearly-full" }, t("account.storageNearlyFull")) : null,
      kinds.length ? el("ul", { class: "rows compact" }, kinds.map(([key, label]) => el("li", { class: "row" },
        el("span", {}, t(label)), el("span", { class: "muted small" }, formatBytes(usage[key]))))) : el("p", { class: "muted small" }, t("account.storageEmpty")),
    ].filter(Boolean));
  }, (problem) => { body.removeAttribute("aria-busy"); body.replaceChildren(); showProblem(problem, body); });
  return el("section", { class: "card stack", "aria-labelledby": "storage-title" }, el("h2", { id: "storage-title" }, t("account.storage")), body);
}

/** Everything of mine as a zip, with a bar while it downloads. */
function exportCard(session) {
  const bar = el("progress", { max: 100, value: 0, hidden: true, id: "export-progress", "aria-label": t("account.exportButton") });
  const status = el("p", { class: "muted small", id: "export-status", "aria-live": "polite" });
  const button = el("button", { type: "button", class: "button quiet", id: "export-button" }, t("account.exportButton"));
  button.addEventListener("click", async () => {
    clearProblems();
    button.disabled = true;
    bar.hidden = false;
    bar.removeAttribute("value");  // indeterminate while the server gathers
    status.textContent = t("account.exportPreparing");
    try {
      const { blob, name } = await download(session, "/v1/me/export", {
        networkProblem: () => ({ title: t("problem.network"), detail: t("problem.networkDetail") }),
        onProgress: (done, total) => {
          if (total) bar.value = Math.round((done / total) * 100);
          status.textContent = t("account.exportProgress", { done: formatBytes(done), total: total ? formatBytes(total) : "…" });
        },
      });
      save(blob, name);
      bar.value = 100;
      status.textContent = t("account.exportDone", { name });
    } catch (problem) {
      bar.hidden = true;
      status.textContent = "";
      showProblem(problem);
    } finally {
      button.disabled = false;
    }
  });
  return el("section", { class: "card stack", "aria-labelledby": "export-title" },
    el("h2", { id: "export-title" }, t("account.export")), el("p", { class: "muted small" }, t("account.exportLead")), button, bar, status);
}

function deleteCard(session, user) {
  const form = el("form", { class: "form", novalidate: true },
    user.hasPassword ? field(t("account.deleteConfirm"), input("password", "password", { autocomplete: "current-password" })) : null,
    el("button", { type: "submit", class: "button danger" }, t("account.delete")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const done = await submitting(form, () => session.api("/v1/me", { method: "DELETE",
      body: user.hasPassword ? { password: data.get("password") } : {} }));
    if (done) { session.forget(); toast(t("account.deleted")); location.hash = "#/signup"; }
  });
  return el("section", { class: "card stack danger-zone" }, el("h2", {}, t("account.delete")),
    el("p", { class: "muted small" }, t("account.deleteLead")), form);
}

export function accountView(session) {
  const user = session.user;
  const signOut = el("button", { type: "button", class: "button quiet wide", onclick: async () => {
    try { await session.signOut(); } catch (problem) { showProblem(problem); }
    toast(t("auth.signedOut"));
    location.hash = "#/signin";
  } }, t("auth.signOut"));
  return [el("h1", {}, t("account.title")),
    el("div", { class: "stack" }, profileCard(session, user), emailCard(session, user), sessionsCard(session), pushCard(session), passwordCard(session, user), storageCard(session), exportCard(session), signOut,
      deleteCard(session, user))];
}
