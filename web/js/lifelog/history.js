// Bringing location history in: pick a file (Google Takeout, the Timeline export, OwnTracks,
// GPX), watch it upload and be read, look at its preview (its days, check-ins, routes and a
// sketch of where it goes) before anything lands, land it, and undo it later as a whole.
// Progress comes over the event stream (`lifelog-import`).
import { formatBytes, formatDay, formatNumber, t } from "../i18n.js";
import { listen } from "../events.js";
import { upload } from "../upload.js";
import { icon } from "../icons.js";
import { clearProblems, el, emptyState, showProblem, toast } from "../ui.js";
import { css, sharpCanvas } from "./minimap.js";

const longDay = { year: "numeric", month: "short", day: "numeric" };

/** The outline as a sketch on a canvas: a line through its points, a dot where it starts and ends. */
export function drawOutline(canvas, outline) {
  const { g, width, height } = sharpCanvas(canvas, 320, 180);
  if (!outline.length) return;
  let south = 90, north = -90, west = 180, east = -180;
  for (const [lat, lon] of outline) {
    south = Math.min(south, lat); north = Math.max(north, lat); west = Math.min(west, lon); east = Math.max(east, lon);
  }
  const squeeze = Math.cos(((south + north) / 2) * Math.PI / 180);
  const spanX = Math.max((east - west) * squeeze, 1e-4), spanY = Math.max(north - south, 1e-4);
  const scale = Math.min((width - 24) / spanX, (height - 24) / spanY);
  const x = (lon) => width / 2 + ((lon - (west + east) / 2) * squeeze) * scale;
  const y = (lat) => height / 2 - (lat - (south + north) / 2) * scale;
  g.strokeStyle = css("--accent", "#1DD860");
  g.lineWidth = 2;
  g.lineJoin = "round";
  g.beginPath();
  outline.forEach(([lat, lon], i) => (i ? g.lineTo(x(lon), y(lat)) : g.moveTo(x(lon), y(lat))));
  g.stroke();
  for (const [[lat, lon], color] of [[outline[0], css("--text", "#fff")], [outline[outline.length - 1], css("--amber", "#FFB340")]]) {
    g.fillStyle = color;
    g.beginPath();
    g.arc(x(lon), y(lat), 4, 0, Math.PI * 2);
    g.fill();
  }
}

function rangeText(preview) {
  if (!preview.firstDay) return "";
  return preview.firstDay === preview.lastDay ? formatDay(preview.firstDay, longDay)
    : t("history.range", { first: formatDay(preview.firstDay, longDay), last: formatDay(preview.lastDay, longDay) });
}

/** One import as a card: progress while it is read or lands, its preview, and what may be done with it. */
function importCard(session, job, { reload }) {
  const preview = job.preview;
  const card = el("article", { class: "card stack import-card", "data-import": job.id, "data-state": job.state });
  const busy = ["reading", "importing", "undoing"].includes(job.state);
  const act = async (button, work) => {
    clearProblems();
    button.disabled = true;
    try { await work(); } catch (problem) { showProblem(problem, card); button.disabled = false; }
  };
  const facts = preview ? el("dl", { class: "import-facts" },
    el("div", {}, el("dt", {}, t("history.days")), el("dd", { id: `import-days-${job.id}` }, formatNumber(preview.days.length))),
    el("div", {}, el("dt", {}, t("history.visits")), el("dd", {}, formatNumber(preview.visits))),
    el("div", {}, el("dt", {}, t("history.paths")), el("dd", {}, formatNumber(preview.paths))),
    el("div", {}, el("dt", {}, t("history.points")), el("dd", {}, formatNumber(preview.pathPoints + preview.fixes)))) : null;
  const sketch = preview?.outline.length ? el("canvas", { class: "import-sketch", role: "img", "aria-label": t("history.sketch") }) : null;
  const actions = el("div", { class: "chips" });
  if (job.state === "ready") {
    actions.append(
      el("button", { type: "button", class: "button", "data-land": job.id, onclick: (e) => act(e.currentTarget, async () => {
        await session.api(`/v1/lifelog/imports/${job.id}/land`, { method: "POST" });
        reload();
      }) }, t("history.land")),
      el("button", { type: "button", class: "button quiet", "data-discard": job.id, onclick: (e) => act(e.currentTarget, async () => {
        await session.api(`/v1/lifelog/imports/${job.id}`, { method: "DELETE" });
        toast(t("history.discarded"));
        reload();
      }) }, t("history.discard")));
  }
  if (job.state === "done") {
    // The first day that has a recorded way to follow (else the first day at all).
    const day = preview?.days.find((d) => d.points > 0 && d.visits > 0)?.date ?? preview?.firstDay;
    if (day) actions.append(el("a", { class: "button", href: `#/playback?range=day&date=${day}`, "data-play": job.id }, t("history.play", { date: formatDay(day, longDay) })));
    actions.append(el("button", { type: "button", class: "button quiet danger-text", "data-undo": job.id, onclick: (e) => {
      if (!confirm(t("history.undoConfirm", { name: job.fileName }))) return;
      act(e.currentTarget, async () => {
        await session.api(`/v1/lifelog/imports/${job.id}/undo`, { method: "POST" });
        reload();
      });
    } }, t("history.undo")));
  }
  if (job.state === "failed" || job.state === "undone") {
    actions.append(el("button", { type: "button", class: "button quiet small", "data-forget": job.id, onclick: (e) => act(e.currentTarget, async () => {
      await session.api(`/v1/lifelog/imports/${job.id}`, { method: "DELETE" });
      reload();
    }) }, t("history.forget")));
  }
  const stateLine = {
    reading: t("history.reading", { read: formatBytes(job.bytesRead), total: formatBytes(job.bytesTotal) }),
    ready: t("history.ready"),
    importing: t("history.importing", { read: formatBytes(job.bytesRead), total: formatBytes(job.bytesTotal) }),
    done: t("history.done", { visits: formatNumber(job.addedVisits), points: formatNumber(job.addedPoints) }),
    failed: t("history.failed"),
    undoing: t("history.undoing"),
    undone: t("history.undone"),
  }[job.state];
  // append() would print a null as "null": the parts a state lacks are left out first.
  card.append(...[
    el("header", { class: "import-head" }, el("strong", {}, job.fileName),
      preview ? el("span", { class: "badge ok" }, t(`history.format.${preview.format}`)) : null),
    preview ? el("p", { class: "muted small import-range" }, rangeText(preview)) : null,
    el("p", { class: `small import-state${job.state === "failed" ? " error-text" : ""}`, "aria-live": "polite" }, stateLine),
    busy ? el("progress", { max: 100, value: job.bytesTotal ? Math.round((job.bytesRead / job.bytesTotal) * 100) : 0, "aria-label": stateLine }) : null,
    job.message ? el("p", { class: "notice small import-message" }, job.message) : null,
    facts, sketch, actions.childNodes.length ? actions : null].filter(Boolean));
  if (sketch) requestAnimationFrame(() => drawOutline(sketch, preview.outline));
  return card;
}

export function historyImportView(session, { maxBytes = null } = {}) {
  const input = el("input", { type: "file", id: "history-file", class: "file-input", accept: ".json,.gpx,.rec,application/json,application/gpx+xml,text/xml" });
  const pick = el("label", { for: "history-file", class: "button quiet file-button" }, t("history.choose"));
  const chosen = el("span", { class: "muted small", id: "history-chosen" }, t("history.noFile"));
  const start = el("button", { type: "button", class: "button", id: "history-upload", disabled: true }, t("history.read"));
  const bar = el("progress", { max: 100, value: 0, hidden: true, id: "history-progress", "aria-label": t("history.uploading", { percent: "" }) });
  const status = el("p", { class: "muted small", id: "history-status", "aria-live": "polite" });
  const list = el("div", { class: "stack", id: "imports", "aria-busy": "true" }, el("span", { class: "skeleton" }));
  let file = null;

  input.addEventListener("change", () => {
    file = input.files?.[0] || null;
    clearProblems();
    chosen.textContent = file ? `${file.name} · ${formatBytes(file.size)}` : t("history.noFile");
    start.disabled = !file;
    if (file && maxBytes && file.size > maxBytes) {
      start.disabled = true;
      showProblem({ status: 413, title: t("history.tooLarge"), detail: formatBytes(maxBytes) });
    }
  });

  start.addEventListener("click", async () => {
    if (!file) return;
    clearProblems();
    start.disabled = true;
    bar.hidden = false;
    try {
      await upload(session, `/v1/lifelog/imports?name=${encodeURIComponent(file.name)}`, file, {
        networkProblem: () => ({ title: t("problem.network"), detail: t("problem.networkDetail") }),
        onProgress: (ratio) => {
          bar.value = Math.round(ratio * 100);
          status.textContent = t("history.uploading", { percent: formatNumber(Math.round(ratio * 100)) });
        },
      });
      status.textContent = "";
      input.value = "";
      file = null;
      chosen.textContent = t("history.noFile");
      load();
    } catch (problem) {
      start.disabled = false;
      status.textContent = "";
      showProblem(problem.status === 413 ? { ...problem, title: t("history.tooLarge") } : problem);
    } finally {
      bar.hidden = true;
    }
  });

  // The furthest state heard of each import on the stream: a list asked for earlier may arrive
  // after an import's end was heard, and must not draw it back as still running.
  const heardOf = new Map();
  const stage = { reading: 0, ready: 1, importing: 2, done: 3, failed: 3, undoing: 4, undone: 5 };
  const newest = (job) => {
    const heard = heardOf.get(job.id);
    return heard && stage[heard.state] > stage[job.state] ? heard : job;
  };

  async function load() {
    try {
      const { items } = await session.api("/v1/lifelog/imports");
      list.removeAttribute("aria-busy");
      list.replaceChildren(...(items.length ? items.map((job) => importCard(session, newest(job), { reload: load }))
        : [emptyState(icon("lifelog"), t("history.none"))]));
    } catch (problem) {
      list.removeAttribute("aria-busy");
      showProblem(problem);
    }
  }

  /** A job's news: its card is drawn again in place (progress), and its end said once. */
  function heard(job) {
    const known = heardOf.get(job.id);
    if (!known || stage[job.state] >= stage[known.state]) heardOf.set(job.id, job);
    job = newest(job);
    const old = list.querySelector(`[data-import="${job.id}"]`);
    if (!old) { load(); return; }
    const was = old.dataset.state;
    old.replaceWith(importCard(session, job, { reload: load }));
    if (was === job.state) return;
    if (job.state === "ready") toast(t("history.readyToast"));
    if (job.state === "done") toast(t("history.doneToast", { visits: formatNumber(job.addedVisits), points: formatNumber(job.addedPoints) }));
    if (job.state === "undone") toast(t("history.undoneToast"));
  }

  load();
  const stream = listen(session, { "lifelog-import": heard, ready: load });
  const view = [
    el("p", {}, el("a", { href: "#/lifelog", class: "back-link" }, "‹ ", t("nav.lifelog"))),
    el("h1", {}, t("history.title")),
    el("p", { class: "muted" }, t("history.lead")),
    el("section", { class: "card stack", id: "history-card" },
      el("div", { class: "file-row" }, input, pick, chosen), start, bar, status,
      el("p", { class: "muted small" }, t("history.privacy"))),
    el("h2", { class: "section-title" }, t("history.history")), list,
  ];
  view.close = () => stream.close();
  return view;
}
