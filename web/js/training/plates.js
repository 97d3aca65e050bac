// The plate calculator: which plates go on each side of the bar in hand for the weight asked,
// in kilograms or pounds, from the plates the gym has. Each side gets the fewest plates that
// make the heaviest load not over the target; a weight the plates cannot make says so and
// offers the nearest below and above. Weights are counted in hundredths, so 1.25 kg and 2.5 lb
// add up exactly.
import { t } from "../i18n.js";
import { el } from "../ui.js";

export const BARS = { kg: [20, 15, 10], lb: [45, 35, 15] };
export const PLATES = { kg: [25, 20, 15, 10, 5, 2.5, 1.25], lb: [45, 35, 25, 10, 5, 2.5] };
const KEPT = "yaruki.plates";
const MAX_PER_SIDE = 500;  // kg or lb: no side of a bar holds more

const cents = (value) => Math.round(value * 100);

/** For each reachable load of one side (in hundredths, up to `limit`), the fewest plates that make
 *  it: a table of (count, last plate) filled in order of load. */
function table(plates, limit) {
  const count = new Array(limit + 1).fill(Infinity);
  const last = new Array(limit + 1).fill(0);
  count[0] = 0;
  for (let load = 1; load <= limit; load += 1) {
    for (const plate of plates) {
      if (plate <= load && count[load - plate] + 1 < count[load]) {
        count[load] = count[load - plate] + 1;
        last[load] = plate;
      }
    }
  }
  return { count, last };
}

function platesFor(load, last) {
  const out = [];
  for (let rest = load; rest > 0; rest -= last[rest]) out.push(last[rest] / 100);
  return out.sort((a, b) => b - a);
}

/**
 * The plates for `target` on a bar of `bar`, both in the unit given, from `plates` (any number of
 * each). Answers { perSide: [plates, heaviest first], total, exact, below, above }: `total` is
 * what the bar then weighs (never over the target); `below` and `above` are the nearest totals
 * the plates make when the target is not one (`above` null when none is within reach).
 */
export function loadBar(target, { bar, plates }) {
  const side = Math.floor((cents(target) - cents(bar)) / 2);
  if (!(side >= 0)) return { perSide: [], total: bar, exact: cents(target) === cents(bar), below: bar, above: null, underBar: cents(target) < cents(bar) };
  const denominations = [...new Set(plates.map(cents).filter((p) => p > 0))].sort((a, b) => b - a);
  const limit = Math.min(side + (denominations[denominations.length - 1] ?? 0), MAX_PER_SIDE * 100);
  const { count, last } = table(denominations, limit);
  let reach = Math.min(side, limit);
  while (reach > 0 && count[reach] === Infinity) reach -= 1;
  let over = side + 1;
  while (over <= limit && count[over] === Infinity) over += 1;
  const total = (cents(bar) + 2 * reach) / 100;
  return {
    perSide: platesFor(reach, last), total, exact: cents(total) === cents(target), underBar: false,
    below: total, above: over <= limit ? (cents(bar) + 2 * over) / 100 : null,
  };
}

/** The bar and plates this browser was last told about, for the person's unit. */
export function gymSetup(unit) {
  let kept = null;
  try { kept = JSON.parse(localStorage.getItem(KEPT) || "null")?.[unit] ?? null; } catch { /* private mode */ }
  return { bar: Number(kept?.bar) > 0 ? Number(kept.bar) : BARS[unit][0],
    plates: Array.isArray(kept?.plates) && kept.plates.length ? kept.plates.map(Number).filter((p) => p > 0) : PLATES[unit] };
}

function keepSetup(unit, setup) {
  try {
    const all = JSON.parse(localStorage.getItem(KEPT) || "{}");
    all[unit] = setup;
    localStorage.setItem(KEPT, JSON.stringify(all));
  } catch { /* private mode */ }
}

/** The calculator's sheet for `target` (in `unit`), opened from a set; the bar and the plates the
 *  gym has are chosen in it and kept for next time. */
export function plateSheet(target, unit, format = (n) => String(n)) {
  const setup = gymSetup(unit);
  // The bar in hand: the usual ones as chips, or any other typed in.
  const bar = el("input", { type: "number", id: "plate-bar", inputmode: "decimal", min: 0, max: 100, step: "any", value: setup.bar,
    "aria-label": t("plates.bar") });
  const bars = el("div", { class: "chips", role: "group", "aria-label": t("plates.bar") }, BARS[unit].map((b) =>
    el("button", { type: "button", class: "chip", "data-bar": b, onclick: () => { bar.value = b; draw(); } }, `${format(b)} ${unit}`)));
  const chips = el("div", { class: "chips", role: "group", "aria-label": t("plates.have") }, PLATES[unit].map((p) =>
    el("button", { type: "button", class: "chip", "data-plate": p, "aria-pressed": String(setup.plates.includes(p)) }, format(p))));
  const result = el("div", { class: "stack", id: "plate-result", "aria-live": "polite" });

  function draw() {
    const plates = [...chips.children].filter((c) => c.getAttribute("aria-pressed") === "true").map((c) => Number(c.dataset.plate));
    const chosen = { bar: Number(bar.value) > 0 ? Number(bar.value) : BARS[unit][0], plates };
    for (const chip of bars.children) chip.setAttribute("aria-pressed", String(Number(chip.dataset.bar) === chosen.bar));
    keepSetup(unit, chosen);
    const load = loadBar(target, chosen);
    const line = load.underBar ? t("plates.underBar", { bar: `${format(chosen.bar)} ${unit}` })
      : load.exact ? t("plates.exact", { total: `${format(load.total)} ${unit}` })
        : t("plates.cannot", { target: `${format(target)} ${unit}`, below: `${format(load.below)} ${unit}` })
          + (load.above ? ` ${t("plates.orAbove", { above: `${format(load.above)} ${unit}` })}` : "");
    result.replaceChildren(
      el("p", { id: "plate-line", "data-exact": String(load.exact) }, line),
      el("ol", { class: "plate-stack", id: "plate-side", "aria-label": t("plates.perSide") },
        load.perSide.length ? load.perSide.map((p) => el("li", { class: "plate", "data-plate": p, style: `--size: ${Math.max(0.45, p / PLATES[unit][0])}` }, format(p)))
          : [el("li", { class: "muted" }, t("plates.none"))]));
  }
  bar.addEventListener("input", draw);
  for (const chip of chips.children) {
    chip.addEventListener("click", () => { chip.setAttribute("aria-pressed", String(chip.getAttribute("aria-pressed") !== "true")); draw(); });
  }
  draw();
  const sheet = el("dialog", { class: "sheet", id: "plate-sheet" }, el("div", { class: "sheet-head" },
    el("h2", {}, t("plates.title", { target: `${format(target)} ${unit}` })),
    el("button", { type: "button", class: "chip", "aria-label": t("picker.close"), onclick: () => sheet.close() }, "×")),
  el("div", { class: "sheet-body stack" }, result, el("p", { class: "muted small" }, t("plates.bar")), bars,
    el("label", { class: "field" }, t("plates.custom"), bar),
    el("p", { class: "muted small" }, t("plates.have")), chips));
  sheet.addEventListener("close", () => sheet.remove());
  return sheet;
}
