// Yaruki's own charts, drawn as SVG for every area that draws one (Health's days and rings, Training's progress):
// a bar chart of a week or a month with a goal line, a trailing 7-day average and exact values on
// hover, tap or focus, and activity rings. The arithmetic is plain functions the node tests check;
// drawing takes the container's width.
const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attributes = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined && value !== null) node.setAttribute(name, value);
  for (const child of children) if (child) node.append(child);
  return node;
}

/** The mean of each value with the six before it (`leading` holds those for the first ones). */
export function trailingAverage(values, leading = [], window = 7) {
  const all = [...leading, ...values];
  return values.map((_, i) => {
    const end = leading.length + i + 1;
    const slice = all.slice(Math.max(0, end - window), end);
    return slice.reduce((sum, v) => sum + v, 0) / slice.length;
  });
}

/** A round top for an axis holding `max`: 1, 2, 2.5 or 5 times a power of ten. */
export function niceMax(max) {
  if (!(max > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

/** Bars, goal line and average in pixels for `values` in a plot `width` × `height`. */
export function layout(values, { goal = null, average = [], width, height }) {
  const top = niceMax(Math.max(...values, goal ?? 0, ...average, 0) * 1.05);
  const slot = width / Math.max(values.length, 1);
  const barWidth = Math.max(2, Math.min(40, slot * 0.7));
  const y = (v) => height - (v / top) * height;
  return {
    top,
    bars: values.map((v, i) => ({ x: i * slot + (slot - barWidth) / 2, width: barWidth, y: y(v), height: height - y(v), value: v })),
    goalY: goal ? y(goal) : null,
    averagePoints: average.map((v, i) => [i * slot + slot / 2, y(v)]),
  };
}

/** Concentric rings for `rings` ([{ key, label, value, goal, color }]), outermost first. */
export function ringsSVG(rings, size = 168) {
  const stroke = 16;
  const node = svg("svg", { viewBox: `0 0 ${size} ${size}`, width: size, height: size, class: "rings-svg", role: "img",
    "aria-label": rings.map((r) => r.label).join(", ") });
  rings.forEach((ring, i) => {
    const radius = size / 2 - stroke / 2 - i * (stroke + 4);
    const length = 2 * Math.PI * radius;
    const share = ring.goal > 0 ? Math.min(1, ring.value / ring.goal) : 0;
    node.append(svg("circle", { cx: size / 2, cy: size / 2, r: radius, fill: "none", stroke: ring.color, "stroke-opacity": 0.22,
      "stroke-width": stroke }));
    node.append(svg("circle", { cx: size / 2, cy: size / 2, r: radius, fill: "none", stroke: ring.color, "stroke-width": stroke,
      "stroke-linecap": "round", "stroke-dasharray": `${share * length} ${length}`, transform: `rotate(-90 ${size / 2} ${size / 2})`,
      "data-ring": ring.key, "data-share": share.toFixed(3) }));
  });
  return node;
}

/**
 * A bar chart: `days` ([{ date, value, future }]), the goal line, the 7-day average, labels under
 * some bars, and `describe(day)` for the tooltip and each bar's accessible name.
 */
export function barChart({ days, goal = null, average = [], width = 600, height = 200, label, describe, tooltip, goalText = "" }) {
  const pad = { left: 8, right: 8, top: 12, bottom: 24 };
  const plotWidth = Math.max(100, width - pad.left - pad.right);
  const plotHeight = height - pad.top - pad.bottom;
  const shape = layout(days.map((d) => d.value), { goal, average, width: plotWidth, height: plotHeight });
  const node = svg("svg", { viewBox: `0 0 ${width} ${height}`, width, height, class: "chart-svg" });
  const plot = svg("g", { transform: `translate(${pad.left} ${pad.top})` });
  node.append(plot);
  plot.append(svg("line", { x1: 0, x2: plotWidth, y1: plotHeight, y2: plotHeight, class: "chart-axis" }));
  shape.bars.forEach((bar, i) => {
    const day = days[i];
    if (day.future) return;
    // An empty day still shows: a sliver on the axis, named 0.
    const h = Math.max(bar.height, 2);
    const rect = svg("rect", { x: bar.x, y: plotHeight - h, width: bar.width, height: h, rx: Math.min(4, bar.width / 3),
      class: `chart-bar${goal && day.value >= goal ? " met" : ""}${day.value === 0 ? " empty" : ""}`, tabindex: 0, role: "img",
      "aria-label": describe(day), "data-date": day.date, "data-value": day.value });
    const show = () => tooltip?.(day, bar.x + pad.left + bar.width / 2);
    rect.addEventListener("pointerenter", show);
    rect.addEventListener("click", show);
    rect.addEventListener("focus", show);
    plot.append(rect);
  });
  if (shape.goalY !== null) {
    plot.append(svg("line", { x1: 0, x2: plotWidth, y1: shape.goalY, y2: shape.goalY, class: "chart-goal" }));
    if (goalText) plot.append(svg("text", { x: plotWidth, y: shape.goalY - 4, "text-anchor": "end", class: "chart-goal-label" }, document.createTextNode(goalText)));
  }
  if (shape.averagePoints.length > 0) {
    // One day so far: its average spans its own slot, so there is still a line to see.
    const slot = plotWidth / Math.max(days.length, 1);
    const points = shape.averagePoints.length > 1 ? shape.averagePoints
      : [[shape.averagePoints[0][0] - slot / 2, shape.averagePoints[0][1]], [shape.averagePoints[0][0] + slot / 2, shape.averagePoints[0][1]]];
    plot.append(svg("polyline", { points: points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" "), class: "chart-average" }));
  }
  days.forEach((day, i) => {
    const text = label(day, i);
    if (!text) return;
    const bar = shape.bars[i];
    plot.append(svg("text", { x: bar.x + bar.width / 2, y: plotHeight + 16, "text-anchor": "middle", class: "chart-label" }, document.createTextNode(text)));
  });
  return node;
}
