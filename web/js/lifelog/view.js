// The lifelog page, a journal: the day, week or month first, as a timeline with workouts and
// proofs merged in and a button that replays it on the map; a composer that opens when asked
// (a memo, a check-in where you are, a photo or a voice note); a record edited in place or
// deleted with Undo from its "⋯"; search across every day. Records go up under an id made here
// (so a retry never doubles one) with the time and UTC offset of this device.
import { exerciseName, formatDay, formatNumber, formatRelative, t } from "../i18n.js";
import { upload } from "../upload.js";
import { drawMiniMap } from "./minimap.js";
import { clearProblems, el, emptyState, showProblem, toast, undoToast } from "../ui.js";
import { versionOf, writeRecord } from "../sync/save.js";
import { queuedIn } from "../sync/outbox.js";

import { icon } from "../icons.js";
import { newRecordId } from "../ids.js";

/** Now as RFC 3339 with this device's offset, e.g. 2026-11-30T09:12:00.250+02:00 (milliseconds keep
 *  two records of the same second in the order they were made). */
export function localTimestamp(date = new Date()) {
  const offset = -date.getTimezoneOffset();
  const pad = (n) => String(Math.floor(Math.abs(n))).padStart(2, "0");
  const local = new Date(date.getTime() + offset * 60000).toISOString().slice(0, 23);
  return `${local}${offset >= 0 ? "+" : "-"}${pad(offset / 60)}:${pad(offset % 60)}`;
}

/** The wall-clock time of an RFC 3339 string with offset, as written ("09:12"). */
export function clockOf(text) { return text.slice(11, 16); }

/** The position Geolocation gives, or null when it is refused or unavailable. */
function here(timeout = 8000) {
  if (!navigator.geolocation) return Promise.resolve(null);
  return new Promise((resolve) => navigator.geolocation.getCurrentPosition(
    (p) => resolve({ latitude: p.coords.latitude, longitude: p.coords.longitude, accuracy: Math.round(p.coords.accuracy),
      ...(p.coords.altitude !== null ? { altitude: p.coords.altitude } : {}) }),
    () => resolve(null), { enableHighAccuracy: true, timeout, maximumAge: 60000 }));
}

function query(fields) {
  return Object.entries(fields).filter(([, v]) => v !== undefined && v !== null && v !== "")
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("&");
}

const kindIcon = { memo: "memo", checkin: "flag", photo: "camera", voice: "mic", workout: "training", proof: "play" };

/** A record's row; `when` is what its time says (the clock by default; a date where days mix). */
function recordItem(session, record, { onDelete, onEdit }, when = clockOf(record.occurredAt)) {
  const body = [];
  if (record.place) body.push(el("strong", {}, record.place));
  if (record.text) body.push(el("p", { class: "lifelog-text" }, record.text));
  if (record.photo) {
    body.push(el("a", { href: record.photo.url, target: "_blank", rel: "noopener" },
      el("img", { class: "lifelog-photo", src: record.photo.thumbnailURL, alt: record.text || t("lifelog.photo"), loading: "lazy",
        width: record.photo.width, height: record.photo.height })));
  }
  if (record.voice) body.push(el("audio", { controls: true, preload: "none", src: record.voice.url }));
  // Without a photo, a small map of where it was (drawn once the row is on the page).
  if (!record.photo && record.position) {
    const canvas = el("canvas", { class: "lifelog-minimap", role: "img", "aria-label": record.place || t("lifelog.hasPlace") });
    body.push(canvas);
    requestAnimationFrame(() => drawMiniMap(session, canvas, record.position).then((drawn) => { if (!drawn) canvas.remove(); }));
  }
  // Edit and Delete wait in "⋯": a delete hides the row at once and is sent only when its Undo
  // has gone unused; an edit changes the text (and a check-in's place) in place.
  const menu = el("details", { class: "more-menu lifelog-more" }, el("summary", { "aria-label": t("lifelog.more") }, "⋯"),
    el("div", { class: "menu" },
      el("button", { type: "button", class: "menu-item", "data-action": "edit", onclick: () => { menu.open = false; onEdit(record, item); } }, t("lifelog.edit")),
      el("button", { type: "button", class: "menu-item danger-text", "data-action": "delete", onclick: () => { menu.open = false; onDelete(record, item); } },
        t("lifelog.delete"))));
  const item = el("li", { class: "lifelog-item", "data-kind": record.kind, "data-id": record.id },
    el("span", { class: "lifelog-kind" }, icon(kindIcon[record.kind])),
    el("div", { class: "lifelog-body" },
      el("div", { class: "lifelog-meta muted small" }, el("time", { datetime: record.occurredAt }, when),
        ` · ${t(`lifelog.kind.${record.kind}`)}`,
        record.position ? el("span", { class: "has-place", title: t("lifelog.hasPlace"), "aria-label": t("lifelog.hasPlace") }, icon("lifelog")) : null),
      ...body),
    menu);
  return item;
}

/** What a record's PUT takes back, with `change` (its text, a check-in's place) made. */
export function editedFields(record, change) {
  const fields = { kind: record.kind, occurredAt: record.occurredAt, source: record.source || "web" };
  for (const key of ["text", "place", "position"]) if (record[key] != null) fields[key] = record[key];
  for (const [key, value] of Object.entries(change)) {
    if (value === "" && key !== "text") delete fields[key]; else fields[key] = value;
  }
  return fields;
}

function otherItem(item, { nameOf }) {
  const title = item.type === "workout"
    ? item.workout.exercises.map((e) => nameOf(e.exerciseId)).join(", ")
    : (item.proof.exerciseId ? nameOf(item.proof.exerciseId) : t("lifelog.proof"));
  return el("li", { class: "lifelog-item", "data-kind": item.type },
    el("span", { class: "lifelog-kind" }, icon(kindIcon[item.type])),
    el("div", { class: "lifelog-body" },
      el("div", { class: "lifelog-meta muted small" }, el("time", { datetime: item.at }, clockOf(item.at)), ` · ${t(`lifelog.kind.${item.type}`)}`),
      el("p", { class: "lifelog-text" }, title)));
}

export function lifelogView(session, { exercises = [], maxPhotoBytes }) {
  const params = new URLSearchParams(location.hash.split("?")[1] || "");
  let range = ["day", "week", "month"].includes(params.get("range")) ? params.get("range") : "day";
  let date = /^\d{4}-\d{2}-\d{2}$/.test(params.get("date") || "") ? params.get("date") : null;
  const names = new Map(exercises.map((e) => [e.id, exerciseName(e)]));
  const nameOf = (id) => names.get(id) || id;

  // — the composer —
  const text = el("textarea", { name: "text", id: "memo-text", rows: 3, maxlength: 10000, placeholder: t("lifelog.memoPlaceholder") });
  const withPlace = el("input", { type: "checkbox", id: "memo-place", checked: true });
  const saveMemo = el("button", { type: "submit", class: "button", id: "save-memo" }, t("lifelog.saveMemo"));
  const checkIn = el("button", { type: "button", class: "button quiet", id: "check-in" }, t("lifelog.checkIn"));
  const placeName = el("input", { type: "text", name: "place", id: "place-name", maxlength: 200, autocomplete: "off", placeholder: t("lifelog.placePrompt") });
  const suggestions = el("div", { class: "chips place-suggestions", id: "place-suggestions", hidden: true, "aria-label": t("lifelog.suggestions") });
  const photoInput = el("input", { type: "file", id: "photo-file", accept: "image/jpeg,image/png,image/webp,image/heic,.heic", hidden: true });
  const photoButton = el("button", { type: "button", class: "button quiet", id: "add-photo" }, t("lifelog.addPhoto"));
  const voiceButton = el("button", { type: "button", class: "button quiet", id: "voice" }, t("lifelog.voice"));
  const progress = el("progress", { max: 100, value: 0, hidden: true, id: "lifelog-progress", "aria-label": t("lifelog.uploading") });
  const status = el("p", { class: "muted small", "aria-live": "polite", id: "lifelog-status" });
  const compose = el("button", { type: "button", class: "button quiet small", id: "lifelog-compose", "aria-expanded": "false", "aria-controls": "memo-form" },
    `＋ ${t("lifelog.compose")}`);
  const form = el("form", { class: "card stack", id: "memo-form", hidden: true },
    el("label", { for: "memo-text", class: "visually-hidden" }, t("lifelog.memo")), text,
    el("label", { class: "check small" }, withPlace, t("lifelog.withPlace")),
    el("label", { for: "place-name", class: "visually-hidden" }, t("lifelog.placePrompt")), placeName, suggestions,
    el("div", { class: "actions" }, saveMemo, checkIn, photoButton, voiceButton), photoInput, progress, status);
  // The day comes first; the composer opens when asked (and stays open for the next entry).
  function openComposer(open) {
    form.hidden = !open;
    compose.setAttribute("aria-expanded", String(open));
    compose.textContent = open ? `× ${t("lifelog.closeComposer")}` : `＋ ${t("lifelog.compose")}`;
    if (open) { text.focus(); suggestPlaces(); }
  }

  /** The named places the map knows near here, as chips that fill in the check-in's place. */
  async function suggestPlaces() {
    const position = await here(4000);
    if (!position || form.hidden) return;
    try {
      const { items } = await session.api(`/v1/map/places?latitude=${position.latitude}&longitude=${position.longitude}&limit=5`);
      suggestions.replaceChildren(...items.map((place) => el("button", { type: "button", class: "chip place-chip", "data-place": place.name,
        "aria-label": t("lifelog.suggestedPlace", { name: place.name, distance: formatNumber(Math.round(place.distance)) }),
        onclick: () => { placeName.value = place.name; clearProblems(); checkIn.focus(); } },
      place.name, el("span", { class: "muted small" }, ` ${t(`lifelog.placeKind.${place.kind}`)} · ${formatNumber(Math.round(place.distance))} m`))));
      suggestions.hidden = !items.length;
    } catch { suggestions.hidden = true; /* offline, or no map: the place is typed */ }
  }
  compose.addEventListener("click", () => openComposer(form.hidden));

  /** A new record under this browser's id: to the server, or into the outbox without a network. */
  async function put(body) {
    const id = newRecordId();
    const written = await writeRecord(session, { zone: "lifelog", id, path: `/v1/lifelog/records/${id}`,
      fields: { ...body, occurredAt: localTimestamp(), source: "web" } });
    if (written.offline) toast(t("sync.savedOffline"));
    return written;
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearProblems();
    if (!text.value.trim()) { showProblem({ status: 400, title: t("lifelog.memoEmpty"), errors: [{ field: "text", message: t("lifelog.memoEmpty") }] }, form); return; }
    saveMemo.disabled = true;
    try {
      status.textContent = withPlace.checked ? t("lifelog.locating") : "";
      const position = withPlace.checked ? await here() : null;
      const written = await put({ kind: "memo", text: text.value, ...(position ? { position } : {}) });
      text.value = "";
      if (!written.offline) toast(t("lifelog.saved"));
      load();
    } catch (problem) { showProblem(problem, form); } finally { saveMemo.disabled = false; status.textContent = ""; }
  });

  checkIn.addEventListener("click", async () => {
    clearProblems();
    const place = placeName.value.trim();
    if (!place) {
      showProblem({ status: 400, title: t("lifelog.placeMissing"), errors: [{ field: "place", message: t("lifelog.placeMissing") }] }, form);
      placeName.focus();
      return;
    }
    checkIn.disabled = true;
    status.textContent = t("lifelog.locating");
    try {
      const position = await here();
      if (!position) { showProblem({ status: 400, title: t("lifelog.noLocation"), detail: t("lifelog.noLocationDetail") }); return; }
      const written = await put({ kind: "checkin", place, text: text.value, position });
      text.value = "";
      placeName.value = "";
      if (!written.offline) toast(t("lifelog.checkedIn", { place }));
      load();
    } catch (problem) { showProblem(problem, form); } finally { checkIn.disabled = false; status.textContent = ""; }
  });

  async function send(path, file, extra = {}) {
    progress.hidden = false;
    progress.value = 0;
    try {
      const position = await here(4000);
      const fields = { id: newRecordId(), occurredAt: localTimestamp(), source: "web", text: text.value, ...extra,
        ...(position ? { latitude: position.latitude, longitude: position.longitude, accuracy: position.accuracy } : {}) };
      await upload(session, `${path}?${query(fields)}`, file, {
        onProgress: (share) => { progress.value = Math.round(share * 100); status.textContent = t("lifelog.uploadingShare", { share: formatNumber(Math.round(share * 100)) }); },
        networkProblem: () => ({ title: t("problem.network"), detail: t("problem.networkDetail") }),
      });
      text.value = "";
      toast(t("lifelog.saved"));
      load();
    } catch (problem) { showProblem(problem); } finally { progress.hidden = true; status.textContent = ""; }
  }

  photoButton.addEventListener("click", () => photoInput.click());
  photoInput.addEventListener("change", () => {
    const file = photoInput.files[0];
    photoInput.value = "";
    if (!file) return;
    clearProblems();
    if (maxPhotoBytes && file.size > maxPhotoBytes) { showProblem({ status: 413, title: t("lifelog.photoTooLarge") }); return; }
    send("/v1/lifelog/photos", file);
  });

  // Voice notes: MediaRecorder while the button says "Stop".
  let recorder = null;
  voiceButton.addEventListener("click", async () => {
    clearProblems();
    if (recorder) { recorder.stop(); return; }
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === "undefined") {
      showProblem({ status: 400, title: t("lifelog.noMicrophone") });
      return;
    }
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const type = ["audio/mp4", "audio/webm;codecs=opus", "audio/webm", "audio/ogg;codecs=opus"].find((m) => MediaRecorder.isTypeSupported(m)) || "";
      const chunks = [];
      recorder = new MediaRecorder(stream, type ? { mimeType: type } : {});
      recorder.ondataavailable = (e) => { if (e.data.size) chunks.push(e.data); };
      recorder.onstop = () => {
        stream.getTracks().forEach((track) => track.stop());
        recorder = null;
        voiceButton.textContent = t("lifelog.voice");
        voiceButton.classList.remove("record");
        const blob = new Blob(chunks, { type: (type || "audio/webm").split(";")[0] });
        if (blob.size) send("/v1/lifelog/voice", blob);
      };
      recorder.start();
      voiceButton.textContent = t("lifelog.stopVoice");
      voiceButton.classList.add("record");
    } catch {
      showProblem({ status: 400, title: t("lifelog.noMicrophone"), detail: t("lifelog.noMicrophoneDetail") });
    }
  });

  // — a record's edit and delete —
  const deleting = new Map();  // id → the deletion waiting for its Undo to go unused
  async function sendDelete(record, item) {
    deleting.delete(record.id);
    try {
      await session.api(`/v1/lifelog/records/${record.id}`, { method: "DELETE" });
    } catch (problem) { item.hidden = false; showProblem(problem); }
  }
  function remove(record, item) {
    item.hidden = true;
    const pending = undoToast(t("lifelog.deleted"), {
      onUndo: () => { deleting.delete(record.id); item.hidden = false; },
      onDone: () => sendDelete(record, item),
    });
    deleting.set(record.id, pending);
  }

  function edit(record, item) {
    if (item.querySelector(".lifelog-edit")) return;
    const area = el("textarea", { name: "text", rows: 3, maxlength: 10000, class: "lifelog-edit-text" });
    area.value = record.text || "";
    // A check-in's place, and the place a memo or photo was named after (emptied: it has none).
    const place = record.kind === "checkin" || record.place
      ? el("input", { type: "text", name: "place", maxlength: 200, class: "lifelog-edit-place", value: record.place || "",
        placeholder: t("lifelog.placePrompt") }) : null;
    const save = el("button", { type: "submit", class: "button small", "data-action": "save-edit" }, t("lifelog.saveEdit"));
    const cancel = el("button", { type: "button", class: "button quiet small", "data-action": "cancel-edit" }, t("lifelog.cancelEdit"));
    const editor = el("form", { class: "stack lifelog-edit" },
      el("label", { class: "visually-hidden" }, t("lifelog.memo"), area), place ? el("label", { class: "visually-hidden" }, t("lifelog.placePrompt"), place) : null,
      el("div", { class: "actions" }, save, cancel));
    cancel.addEventListener("click", () => editor.remove());
    editor.addEventListener("submit", async (event) => {
      event.preventDefault();
      clearProblems();
      save.disabled = true;
      try {
        // The version the page last saw, so an edit made elsewhere meanwhile is not overwritten.
        let baseVersion = null;
        await session.api(`/v1/lifelog/records/${record.id}`, { onResponse: (response) => { baseVersion = versionOf(response); } }).catch(() => null);
        const change = { text: area.value, ...(place ? { place: place.value.trim() } : {}) };
        const written = await writeRecord(session, { zone: "lifelog", id: record.id, path: `/v1/lifelog/records/${record.id}`,
          fields: editedFields(record, change), baseVersion });
        if (written.conflict) return;
        toast(written.offline ? t("sync.savedOffline") : t("lifelog.edited"));
        load();
      } catch (problem) { showProblem(problem, editor); } finally { save.disabled = false; }
    });
    item.querySelector(".lifelog-body").append(editor);
    area.focus();
  }
  const handlers = { onDelete: remove, onEdit: edit };

  // — search, across every day —
  const search = el("input", { type: "search", id: "lifelog-search", maxlength: 200, autocomplete: "off", placeholder: t("lifelog.searchPlaceholder"),
    "aria-label": t("lifelog.search") });
  const found = el("ul", { class: "lifelog-list", id: "lifelog-found", hidden: true });
  let searching = 0;
  async function runSearch() {
    const q = search.value.trim();
    const mine = ++searching;
    if (!q) { found.hidden = true; list.hidden = false; past.hidden = !past.childElementCount; return; }
    try {
      const page = await session.api(`/v1/lifelog/search?${new URLSearchParams({ q })}`);
      if (mine !== searching) return;
      found.hidden = false;
      list.hidden = true;
      past.hidden = true;
      found.replaceChildren(...(page.items.length
        ? page.items.map((record) => recordItem(session, record, handlers,
          `${formatDay(record.occurredAt.slice(0, 10), { year: "numeric", month: "short", day: "numeric" })} ${clockOf(record.occurredAt)}`))
        : [el("li", {}, emptyState(icon("memo"), t("lifelog.searchEmpty", { q })))]));
    } catch (problem) { showProblem(problem); }
  }
  let searchTimer = null;
  search.addEventListener("input", () => { clearTimeout(searchTimer); searchTimer = setTimeout(runSearch, 250); });

  // — the timeline —
  const tabs = el("div", { class: "segmented", role: "tablist" }, ["day", "week", "month"].map((r) => {
    const tab = el("button", { type: "button", role: "tab", "data-range": r, "aria-selected": String(r === range) }, t(`lifelog.range.${r}`));
    tab.addEventListener("click", () => { range = r; navigate(); });
    return tab;
  }));
  const title = el("h2", { class: "section-title", id: "lifelog-range" });
  const previous = el("button", { type: "button", class: "button quiet small", id: "lifelog-previous", "aria-label": t("lifelog.previous") }, "‹");
  const next = el("button", { type: "button", class: "button quiet small", id: "lifelog-next", "aria-label": t("lifelog.next") }, "›");
  // One primary action here (Save memo); playing the day is the quieter second.
  const play = el("a", { class: "button quiet", id: "lifelog-play" }, `▶ ${t("lifelog.play")}`);
  const list = el("ul", { class: "lifelog-list", id: "lifelog-items", "aria-busy": "true" });
  // "On this day": the same date in years before, under a day's timeline.
  const past = el("section", { class: "stack on-this-day", id: "on-this-day", hidden: true });
  async function loadPast(day) {
    past.hidden = true;
    past.replaceChildren();
    if (range !== "day") return;
    try {
      const { items } = await session.api(`/v1/lifelog/on-this-day?${query({ date: day })}`);
      if (!items.length || range !== "day") return;
      past.replaceChildren(el("h2", { class: "section-title" }, t("lifelog.onThisDay")), el("ul", { class: "lifelog-list" }, items.map((record) =>
        recordItem(session, record, handlers, `${formatRelative(new Date(record.occurredAt), new Date())} · ${clockOf(record.occurredAt)}`))));
      past.hidden = false;
    } catch { /* the day shows without it */ }
  }
  let reply = null;

  function navigate() {
    const q = query({ range, date });
    history.replaceState(null, "", `#/lifelog${q ? `?${q}` : ""}`);
    tabs.querySelectorAll("[role=tab]").forEach((tab) => tab.setAttribute("aria-selected", String(tab.dataset.range === range)));
    load();
  }

  previous.addEventListener("click", () => { if (reply) { date = reply.previous; navigate(); } });
  next.addEventListener("click", () => { if (reply) { date = reply.next; navigate(); } });

  /** Records written here without a network, shown first until the server has them. */
  async function waitingItems() {
    const queued = await queuedIn("lifelog").catch(() => []);
    return queued.filter((e) => !e.deleted && e.fields).map((e) => {
      const item = recordItem(session, { ...e.fields, id: e.id }, handlers);
      item.classList.add("pending");
      item.dataset.pending = "true";
      item.querySelector(".lifelog-more")?.remove();
      item.querySelector(".lifelog-meta")?.append(el("span", { class: "badge warn" }, t("sync.waitingOne")));
      return item;
    });
  }

  async function load() {
    list.setAttribute("aria-busy", "true");
    const waitingNow = await waitingItems();
    try {
      reply = await session.api(`/v1/lifelog/timeline?${query({ range, date })}`);
      date = date || reply.first;
      title.textContent = reply.first === reply.last ? formatDay(reply.first, { dateStyle: "full" })
        : `${formatDay(reply.first)} – ${formatDay(reply.last)}`;
      play.href = `#/playback?${query({ range, date: reply.first })}`;
      loadPast(reply.first);
      const withPlace = reply.items.some((i) => i.type === "record" && i.record.position);
      play.classList.toggle("disabled", !withPlace);
      play.setAttribute("aria-disabled", String(!withPlace));
      const days = new Map();
      for (const item of reply.items) {
        const day = item.at.slice(0, 10);
        if (!days.has(day)) days.set(day, []);
        days.get(day).push(item);
      }
      const waitingIds = new Set(waitingNow.map((item) => item.dataset.id));
      list.replaceChildren(...waitingNow, ...[...days].flatMap(([day, items]) => [
        range === "day" ? null : el("li", { class: "lifelog-day muted small" }, formatDay(day, { weekday: "long", month: "short", day: "numeric" })),
        ...items.filter((item) => item.type !== "record" || !waitingIds.has(item.record.id))
          .map((item) => (item.type === "record" ? recordItem(session, item.record, handlers) : otherItem(item, { nameOf }))),
      ]).filter(Boolean));
      if (!reply.items.length && !waitingNow.length) list.replaceChildren(el("li", {}, emptyState(icon("memo"), t(`lifelog.empty.${range}`))));
    } catch (problem) {
      // Without a network the page still shows what was written here meanwhile.
      if (problem.status === 0) list.replaceChildren(...waitingNow, el("li", { class: "muted small" }, t("sync.offlineNote")));
      else showProblem(problem);
    } finally { list.removeAttribute("aria-busy"); }
  }
  load();
  // Once the outbox has been sent, the server's copies take the waiting ones' place.
  const reloadOnSync = () => load();
  globalThis.addEventListener("outbox-changed", reloadOnSync);

  const view = [el("header", { class: "page-head" }, el("h1", {}, t("nav.lifelog")), compose),
    el("div", { class: "toolbar" }, tabs, play), el("div", { class: "toolbar" }, previous, title, next), form, search, found, list, past,
    el("p", { class: "lifelog-import-link" }, el("a", { href: "#/lifelog-import", class: "button quiet small", id: "open-import" }, t("history.open")))];
  view.close = () => {
    if (recorder) recorder.stop();
    globalThis.removeEventListener("outbox-changed", reloadOnSync);
    undoToast.current?.settle();  // a deletion waiting for its Undo is sent as the page goes
  };
  return view;
}
