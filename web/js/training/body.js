// The body log: a day's weight (in the person's unit), body fat and girths, saved with one
// button; the weight over the last three months as a line; the days written, newest first, each
// removable. The weight also counts the body's share of body-weight moves in volume. Progress
// photos below: the person's alone, fetched with their token (never by a shareable link), two
// chosen side by side.
import { formatNumber, t, todayIn } from "../i18n.js";
import { clearProblems, el, emptyState, showProblem, toast } from "../ui.js";
import { weightIn } from "./units.js";
import { upload } from "../upload.js";
import { download } from "../download.js";

const GIRTHS = ["waist", "chest", "hips", "arm", "thigh", "neck"];
const SVG = "http://www.w3.org/2000/svg";

function svg(name, attributes = {}, ...children) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  node.append(...children);
  return node;
}

/** The weight over time as a line (days on the axis, oldest left); its lowest and highest said. */
export function weightLine(points, { width = 600, height = 180, describe }) {
  if (points.length < 2) return null;
  const values = points.map((p) => p.value);
  const low = Math.min(...values), high = Math.max(...values);
  const span = Math.max(1, high - low);
  const first = Date.parse(points[0].day), last = Date.parse(points[points.length - 1].day);
  const x = (day) => 40 + ((Date.parse(day) - first) / Math.max(1, last - first)) * (width - 56);
  const y = (value) => 12 + (1 - (value - low) / span) * (height - 40);
  const line = points.map((p) => `${x(p.day).toFixed(1)},${y(p.value).toFixed(1)}`).join(" ");
  return svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "weight-line", role: "img", "aria-label": describe },
    svg("text", { x: 0, y: y(high) + 4, class: "chart-axis" }, formatNumber(high)),
    svg("text", { x: 0, y: y(low) + 4, class: "chart-axis" }, formatNumber(low)),
    svg("polyline", { points: line, fill: "none", class: "chart-line", "stroke-width": 3, "stroke-linejoin": "round" }),
    ...points.map((p) => svg("circle", { cx: x(p.day).toFixed(1), cy: y(p.value).toFixed(1), r: 3, class: "chart-dot", "data-day": p.day,
      "data-value": p.value })),
    svg("text", { x: 40, y: height - 4, class: "chart-axis" }, points[0].day.slice(5)),
    svg("text", { x: width - 16, y: height - 4, class: "chart-axis", "text-anchor": "end" }, points[points.length - 1].day.slice(5)));
}

export function bodyView(session, { icon }) {
  const units = weightIn(session.user?.weightUnit || "kg");
  const zone = session.user?.timeZone || undefined;
  const field = (name, label, attributes = {}) => el("label", { class: "field" }, el("span", {}, label),
    el("input", { type: "number", inputmode: "decimal", step: "0.1", name, id: `body-${name}`, ...attributes }));
  const day = el("input", { type: "date", id: "body-day", name: "day", value: todayIn(zone), max: todayIn(zone) });
  const form = el("form", { class: "card stack", id: "body-form" },
    el("label", { class: "field" }, el("span", {}, t("body.day")), day),
    field("weight", t("body.weightIn", { unit: units.unit }), { min: units.unit === "lb" ? 44 : 20, max: units.unit === "lb" ? 880 : 400 }),
    field("bodyFat", t("body.bodyFat"), { min: 2, max: 75 }),
    el("details", {}, el("summary", {}, t("body.girths")),
      el("div", { class: "body-girths" }, GIRTHS.map((g) => field(g, t(`body.${g}`), { min: 10, max: 300 })))),
    el("button", { type: "submit", class: "button wide", id: "body-save" }, t("body.save")));
  const chart = el("div", { class: "chart", id: "weight-chart" });
  const list = el("div", { class: "stack", id: "body-days", "aria-busy": "true" }, el("span", { class: "skeleton" }));

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearProblems();
    const measures = {};
    for (const input of form.querySelectorAll("input[type=number]")) {
      if (input.value === "") continue;
      const value = Number(input.value);
      measures[input.name] = input.name === "weight" ? Math.round(units.stored(value) * 1000) / 1000 : value;
    }
    if (!Object.keys(measures).length) { showProblem({ title: t("body.nothing") }, form); return; }
    try {
      await session.api(`/v1/me/body/${day.value}`, { method: "PUT", body: { measures } });
      for (const input of form.querySelectorAll("input[type=number]")) input.value = "";
      toast(t("body.saved"));
      load();
    } catch (problem) {
      showProblem(problem, form);
    }
  });

  function describe(d) {
    const m = d.measures;
    const parts = [];
    if (m.weight != null) parts.push(units.text(m.weight));
    if (m.bodyFat != null) parts.push(`${formatNumber(m.bodyFat)}%`);
    for (const g of GIRTHS) if (m[g] != null) parts.push(`${t(`body.${g}`)} ${formatNumber(m[g])} cm`);
    return parts.join(" · ");
  }

  async function remove(d) {
    if (!confirm(t("body.removeConfirm", { day: d.day }))) return;
    try {
      await session.api(`/v1/me/body/${d.day}`, { method: "DELETE" });
      load();
    } catch (problem) { showProblem(problem); }
  }

  async function load() {
    try {
      const { items } = await session.api("/v1/me/body?limit=400");
      const weights = items.filter((d) => d.measures.weight != null).slice(0, 120).reverse()
        .map((d) => ({ day: d.day, value: units.shown(d.measures.weight) }));
      const line = weightLine(weights, { width: Math.max(280, Math.min(640, (chart.clientWidth || 320) - 8)),
        describe: weights.length ? t("body.chartLabel", { first: weights[0].day, last: weights[weights.length - 1].day, unit: units.unit }) : "" });
      chart.replaceChildren(...(line ? [line] : [el("p", { class: "muted small" }, t("body.chartEmpty"))]));
      list.replaceChildren(...(items.length ? items.slice(0, 60).map((d) => el("article", { class: "body-day", "data-day": d.day },
        el("div", {}, el("strong", {}, d.day), el("p", { class: "muted small" }, describe(d))),
        el("button", { type: "button", class: "chip", "aria-label": t("body.remove", { day: d.day }), onclick: () => remove(d) }, "×")))
        : [emptyState(icon("training"), t("body.empty"))]));
    } catch (problem) {
      showProblem(problem);
    } finally {
      list.removeAttribute("aria-busy");
    }
  }
  load();
  const photos = photoCard(session, { zone, icon });
  const view = [el("h1", {}, t("body.title")), el("p", { class: "muted" }, t("body.lead")), form,
    el("section", { class: "card stack" }, el("h2", {}, t("body.weightTitle")), chart), photos.card,
    el("section", { class: "card stack" }, el("h2", {}, t("body.days")), list)];
  view.close = photos.close;
  return view;
}

/** Progress photos: add one for a day, see them newest first, choose two to compare side by side. */
function photoCard(session, { zone, icon }) {
  const urls = new Map();
  const file = el("input", { type: "file", id: "body-photo-file", accept: "image/jpeg,image/png,image/webp,image/heic,.heic", "aria-label": t("body.photoFile") });
  const day = el("input", { type: "date", id: "body-photo-day", value: todayIn(zone), max: todayIn(zone), "aria-label": t("body.day") });
  const bar = el("progress", { max: 100, value: 0, hidden: true, id: "body-photo-progress", "aria-label": t("body.photoUpload") });
  const grid = el("div", { class: "body-photos", id: "body-photos" });
  const compare = el("button", { type: "button", class: "button wide", id: "body-compare", disabled: true }, t("body.compare"));
  const chosen = [];

  /** A copy as a blob URL: the photo is fetched with the person's token, then kept for this page. */
  async function source(photo, copy) {
    const key = `${photo.id}/${copy}`;
    if (!urls.has(key)) {
      const { blob } = await download(session, `/v1/me/body/photos/${photo.id}/${copy}`, { networkProblem: () => ({ title: t("problem.network") }) });
      urls.set(key, URL.createObjectURL(blob));
    }
    return urls.get(key);
  }

  function tile(photo) {
    const img = el("img", { alt: t("body.photoOf", { day: photo.day }), width: 120, height: Math.round(120 * photo.height / photo.width) });
    source(photo, "thumb").then((url) => { img.src = url; }).catch(() => {});
    const pick = el("button", { type: "button", class: "body-photo", "data-photo": photo.id, "aria-pressed": "false" }, img, el("span", {}, photo.day));
    pick.addEventListener("click", () => {
      const at = chosen.indexOf(photo);
      if (at >= 0) chosen.splice(at, 1); else { chosen.push(photo); if (chosen.length > 2) chosen.shift(); }
      for (const node of grid.querySelectorAll(".body-photo")) node.setAttribute("aria-pressed", String(chosen.some((c) => c.id === node.dataset.photo)));
      compare.disabled = chosen.length !== 2;
    });
    const remove = el("button", { type: "button", class: "chip", "aria-label": t("body.photoRemove", { day: photo.day }), onclick: async () => {
      if (!confirm(t("body.photoRemoveConfirm", { day: photo.day }))) return;
      try { await session.api(`/v1/me/body/photos/${photo.id}`, { method: "DELETE" }); chosen.splice(0); compare.disabled = true; load(); }
      catch (problem) { showProblem(problem); }
    } }, "×");
    return el("div", { class: "body-photo-tile" }, pick, remove);
  }

  compare.addEventListener("click", async () => {
    const [a, b] = [...chosen].sort((x, y) => x.day.localeCompare(y.day));
    const side = async (p) => el("figure", {}, el("img", { src: await source(p, "photo"), alt: t("body.photoOf", { day: p.day }) }), el("figcaption", {}, p.day));
    const sheet = el("dialog", { class: "sheet body-compare", id: "body-compare-sheet", "aria-label": t("body.compare") },
      el("div", { class: "sheet-head" }, el("h2", {}, t("body.compareTitle", { first: a.day, last: b.day })),
        el("button", { type: "button", class: "chip", "aria-label": t("picker.close"), onclick: () => sheet.close() }, "×")),
      el("div", { class: "body-compare-pair" }, await side(a), await side(b)));
    sheet.addEventListener("close", () => sheet.remove());
    document.body.append(sheet);
    sheet.showModal();
  });

  async function load() {
    try {
      const { items } = await session.api("/v1/me/body/photos");
      grid.replaceChildren(...(items.length ? items.map(tile) : [emptyState(icon("training"), t("body.photosEmpty"))]));
    } catch (problem) { showProblem(problem); }
  }

  file.addEventListener("change", async () => {
    if (!file.files?.length) return;
    clearProblems();
    bar.hidden = false;
    try {
      await upload(session, `/v1/me/body/photos?day=${day.value}`, file.files[0], { onProgress: (share) => { bar.value = Math.round(share * 100); },
        networkProblem: () => ({ title: t("problem.network") }) });
      toast(t("body.photoAdded"));
      load();
    } catch (problem) {
      showProblem(problem);
    } finally {
      bar.hidden = true;
      file.value = "";
    }
  });
  load();
  const card = el("section", { class: "card stack", id: "body-photos-card" }, el("h2", {}, t("body.photos")),
    el("p", { class: "muted small" }, t("body.photosLead")),
    el("div", { class: "row" }, day, el("label", { class: "button quiet", for: "body-photo-file" }, t("body.photoAdd")), file), bar, grid, compare);
  return { card, close: () => { for (const url of urls.values()) URL.revokeObjectURL(url); } };
}
