// A small map of where a lifelog record was made, for the timeline's rows without a photo: the
// offline base map's closest tiles (fetched once per page load) around the spot, about 600 m
// across, and a pin. Nothing is drawn where the server offers no base map (tiles instead, or no map).
import { baseMapSource, tilesCovering } from "./basemap.js";

let source = null;
function baseMap(session) {
  if (!source) source = baseMapSource(session);
  return source;
}

/** A canvas sized to its CSS box in device pixels (`width` × `height` when it has none yet),
 * its context scaled so drawing is in CSS pixels. */
export function sharpCanvas(canvas, width, height) {
  const w = canvas.clientWidth || width, h = canvas.clientHeight || height;
  const ratio = window.devicePixelRatio || 1;
  canvas.width = Math.round(w * ratio);
  canvas.height = Math.round(h * ratio);
  const g = canvas.getContext("2d");
  g.scale(ratio, ratio);
  return { g, width: w, height: h };
}

/** A CSS custom property of the page, or `fallback`. */
export const css = (name, fallback) => getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

/** Draws the spot onto `canvas` (its CSS size decides the picture's); false when there is no base map. */
export async function drawMiniMap(session, canvas, position) {
  const map = baseMap(session);
  let info;
  try { info = await map.info; } catch { source = null; return false; }
  if (!info.baseURL || !info.baseZooms?.length || !canvas.isConnected) return false;
  const width = canvas.clientWidth || 160, height = canvas.clientHeight || 96;
  const metresAcross = 600;
  const perMetre = width / metresAcross;
  const cos = Math.cos(position.latitude * Math.PI / 180);
  const halfLat = (height / 2) / perMetre / 111_320, halfLon = (width / 2) / perMetre / 111_320 / cos;
  let tiles;
  try {
    tiles = await Promise.all(tilesCovering([position.latitude - halfLat, position.longitude - halfLon, position.latitude + halfLat,
      position.longitude + halfLon], Math.max(...info.baseZooms), 4).map((tile) => map.tile(tile)));
  } catch { return false; }
  if (!canvas.isConnected) return false;
  const drawing = { areas: tiles.flatMap((tile) => tile?.areas || []), lines: tiles.flatMap((tile) => tile?.lines || []) };
  const { g } = sharpCanvas(canvas, width, height);
  const x = (p) => width / 2 + (p.longitude - position.longitude) * 111_320 * cos * perMetre;
  const y = (p) => height / 2 - (p.latitude - position.latitude) * 111_320 * perMetre;
  const near = (s) => s.box[2] >= position.latitude - halfLat && s.box[0] <= position.latitude + halfLat
    && s.box[3] >= position.longitude - halfLon && s.box[1] <= position.longitude + halfLon;
  const trace = (points) => { g.beginPath(); points.forEach((p, i) => (i ? g.lineTo(x(p), y(p)) : g.moveTo(x(p), y(p)))); };

  g.fillStyle = css("--map-land", "#f2efe9");
  g.fillRect(0, 0, width, height);
  const water = css("--map-water", "#aad3df");
  for (const area of drawing.areas) {
    if (!near(area)) continue;
    trace(area.points);
    g.fillStyle = area.k === "water" ? water : css("--map-park", "#c8e6b0");
    g.fill();
  }
  const styles = { coast: [water, 2], path: [css("--map-path", "#cfc5b4"), 1], minor: [css("--map-minor", "#fff"), 2.5],
    major: [css("--map-major", "#fff"), 4] };
  g.lineCap = "round";
  g.lineJoin = "round";
  for (const line of drawing.lines) {
    if (!near(line)) continue;
    const [color, lineWidth] = styles[line.k] || styles.minor;
    trace(line.points);
    g.strokeStyle = color;
    g.lineWidth = lineWidth;
    g.stroke();
  }
  // The pin: the accent's dot with a white ring.
  g.beginPath();
  g.arc(width / 2, height / 2, 6, 0, Math.PI * 2);
  g.fillStyle = css("--accent", "#1DD860");
  g.fill();
  g.lineWidth = 2.5;
  g.strokeStyle = "#fff";
  g.stroke();
  canvas.dataset.drawn = "true";
  return true;
}
