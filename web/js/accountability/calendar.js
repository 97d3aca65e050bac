// A month of training: a grid of days with proof and workout counts (weeks start on the
// person's own day); a tap opens that day in a sheet with thumbnails that play the video.
// Below, the private feed link for Apple and Google Calendar.
import { addDays, currentLanguage, exerciseName, formatDay, formatNumber, shiftMonth, t, todayIn } from "../i18n.js";
import { clearProblems, el, showProblem, toast } from "../ui.js";

function monthOf(date) { return date.slice(0, 7); }

function weekdayOf(date) {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();  // 0 = Sunday
}

function formatDuration(ms) {
  if (ms === null || ms === undefined) return "";
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

function daySheet(session, date, { nameOf, onClose }) {
  const content = el("div", { class: "sheet-body", "aria-busy": "true" }, el("span", { class: "skeleton" }));
  const player = el("div", { class: "player" });
  const close = el("button", { type: "button", class: "button quiet small", id: "close-day" }, t("calendar.close"));
  const dialog = el("dialog", { class: "sheet", "aria-labelledby": "day-title", "data-date": date },
    el("header", { class: "sheet-head" }, el("h2", { id: "day-title" }, formatDay(date, { dateStyle: "full" })), close),
    player, content);
  close.addEventListener("click", () => dialog.close());
  dialog.addEventListener("close", () => { player.replaceChildren(); dialog.remove(); onClose?.(); });
  dialog.addEventListener("click", (event) => { if (event.target === dialog) dialog.close(); });

  function play(proof) {
    const video = el("video", { src: proof.videoURL, controls: true, autoplay: true, playsinline: true, preload: "metadata",
      poster: proof.thumbnailURL || null, class: "proof-video" });
    player.replaceChildren(video, el("p", { class: "muted small" }, t("proof.private")));
  }

  (async () => {
    try {
      const day = await session.api(`/v1/calendar/${date}`);
      content.removeAttribute("aria-busy");
      const timeFormat = new Intl.DateTimeFormat(currentLanguage(), { timeStyle: "short", timeZone: session.user?.timeZone || undefined });
      const proofs = day.proofs.length ? el("ul", { class: "thumbs" }, day.proofs.map((proof) => el("li", {},
        el("button", { type: "button", class: "thumb", "data-proof": proof.id, onclick: () => play(proof),
          "aria-label": `${timeFormat.format(new Date(proof.recordedAt))} ${nameOf(proof.exerciseId) || ""}` },
        proof.thumbnailURL ? el("img", { src: proof.thumbnailURL, alt: "", loading: "lazy" }) : el("span", { class: "thumb-blank" }, "▶"),
        el("span", { class: "thumb-caption" }, timeFormat.format(new Date(proof.recordedAt)),
          proof.durationMs ? ` · ${formatDuration(proof.durationMs)}` : "",
          proof.exerciseId ? ` · ${nameOf(proof.exerciseId)}` : ""))))) : null;
      const workouts = day.workouts.length ? el("ul", { class: "rows" }, day.workouts.map((w) => el("li", { class: "row" },
        el("span", {}, timeFormat.format(new Date(w.startedAt))),
        el("span", { class: "muted" }, w.exercises.map((e) => nameOf(e.exerciseId)).join(" · "))))) : null;
      content.replaceChildren(
        ...(proofs ? [el("h3", {}, t("calendar.proofs")), proofs] : []),
        ...(workouts ? [el("h3", {}, t("calendar.workouts")), workouts] : []),
        !proofs && !workouts ? el("p", { class: "muted" }, t("calendar.dayEmpty")) : "");
      if (day.proofs.length === 1) play(day.proofs[0]);
    } catch (problem) {
      content.removeAttribute("aria-busy");
      showProblem(problem);
    }
  })();
  return dialog;
}

function feedCard(session) {
  const card = el("section", { class: "card feed", id: "calendar-feed" });
  async function load(fresh = null) {
    try {
      const state = await session.api("/v1/me/calendar-feed");
      const make = el("button", { type: "button", class: "button small", onclick: async () => {
        try {
          const made = await session.api("/v1/me/calendar-feed", { method: "POST" });
          load(new URL(made.url, location.origin).href);
        } catch (problem) { showProblem(problem); }
      } }, state.active ? t("calendar.feedRenew") : t("calendar.feedCreate"));
      const off = state.active ? el("button", { type: "button", class: "button quiet small", onclick: async () => {
        try { await session.api("/v1/me/calendar-feed", { method: "DELETE" }); toast(t("calendar.feedTurnedOff")); load(); }
        catch (problem) { showProblem(problem); }
      } }, t("calendar.feedOff")) : null;
      const link = fresh ? el("div", { class: "stack" },
        el("input", { readonly: true, value: fresh, class: "invite", id: "feed-url", onfocus: (e) => e.target.select() }),
        el("p", { class: "muted small" }, t("calendar.feedOnce")),
        el("div", { class: "chips" },
          el("a", { class: "button small", href: fresh.replace(/^https?:/, "webcal:") }, t("calendar.feedSubscribe")),
          el("button", { type: "button", class: "button quiet small", onclick: async () => {
            try { await navigator.clipboard.writeText(fresh); toast(t("groups.copied")); } catch { /* the field is selectable */ }
          } }, t("calendar.feedCopy")))) : null;
      card.replaceChildren(el("h2", {}, t("calendar.feed")), el("p", { class: "muted small" }, t("calendar.feedLead")),
        el("p", { class: "small", id: "feed-state" }, state.active
          ? t("calendar.feedActive", { date: new Intl.DateTimeFormat(currentLanguage(), { dateStyle: "medium" }).format(new Date(state.createdAt)) })
          : t("calendar.feedInactive")),
        link || "", el("div", { class: "chips" }, make, off));
    } catch (problem) { showProblem(problem); }
  }
  load();
  return card;
}

export function calendarView(session, { exercises }) {
  const names = new Map(exercises.map((e) => [e.id, exerciseName(e)]));
  const nameOf = (id) => (id ? names.get(id) || id : "");
  const params = new URLSearchParams(location.hash.split("?")[1] || "");
  const today = todayIn(session.user?.timeZone);
  let month = /^\d{4}-\d{2}$/.test(params.get("month") || "") ? params.get("month") : monthOf(today);
  const weekStart = session.user?.weekStart === "sunday" ? 0 : 1;
  const title = el("h2", { class: "month-title", id: "month-title" });
  const grid = el("div", { class: "month", role: "grid", "aria-labelledby": "month-title", "aria-busy": "true" });
  const heads = el("div", { class: "weekdays", "aria-hidden": "true" });
  let sheet = null;

  function openDay(date) {
    sheet?.close();
    sheet = daySheet(session, date, { nameOf, onClose: () => { sheet = null; } });
    document.body.append(sheet);
    sheet.showModal();
  }

  async function load() {
    clearProblems();
    grid.setAttribute("aria-busy", "true");
    title.textContent = formatDay(`${month}-01`, { year: "numeric", month: "long" });
    const names = Array.from({ length: 7 }, (_, i) => formatDay(addDays("2026-11-29", weekStart + i), { weekday: "narrow" }));
    heads.replaceChildren(...names.map((n) => el("span", {}, n)));
    try {
      const reply = await session.api(`/v1/calendar?month=${month}`);
      const lead = (weekdayOf(reply.days[0].date) - weekStart + 7) % 7;
      const cells = Array.from({ length: lead }, () => el("span", { class: "day blank", "aria-hidden": "true" }));
      for (const day of reply.days) {
        const label = t("calendar.dayLabel", { date: formatDay(day.date, { dateStyle: "long" }), proofs: day.proofs, workouts: day.workouts });
        cells.push(el("button", { type: "button", class: "day", "data-date": day.date, "data-proofs": day.proofs,
          "aria-label": label, "aria-current": day.date === today ? "date" : null,
          "data-future": day.date > today ? "true" : null, onclick: () => openDay(day.date) },
        el("span", { class: "day-number" }, formatNumber(Number(day.date.slice(8)))),
        day.proofs > 1 ? el("span", { class: "day-proofs" }, formatNumber(day.proofs)) : null,
        day.workouts ? el("span", { class: "day-workouts", "aria-hidden": "true" }) : null));
      }
      grid.replaceChildren(...cells);
      grid.removeAttribute("aria-busy");
    } catch (problem) { showProblem(problem); }
  }

  function go(delta) {
    month = shiftMonth(month, delta);
    history.replaceState(null, "", `#/calendar?month=${month}`);
    load();
  }
  load().then(() => { if (params.get("day")) openDay(params.get("day")); });
  const view = [
    el("h1", {}, t("calendar.title")),
    el("div", { class: "card calendar" },
      el("header", { class: "month-head" },
        el("button", { type: "button", class: "button quiet small", "aria-label": t("calendar.prev"), id: "prev-month", onclick: () => go(-1) }, "‹"),
        title,
        el("button", { type: "button", class: "button quiet small", "aria-label": t("calendar.next"), id: "next-month", onclick: () => go(1) }, "›")),
      heads, grid,
      // What the marks mean.
      el("p", { class: "calendar-legend muted small", id: "calendar-legend" },
        el("span", { class: "legend-proof", "aria-hidden": "true" }), t("calendar.legendProof"),
        el("span", { class: "legend-workout", "aria-hidden": "true" }), t("calendar.legendWorkout"))),
    el("a", { class: "button wide section-title", href: "#/record" }, t("proof.record")),
    el("div", { class: "section-title" }, feedCard(session)),
  ];
  view.close = () => sheet?.close();
  return view;
}
