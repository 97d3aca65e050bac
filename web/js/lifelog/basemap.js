// The offline base map, tile by tile: the server cuts each region's map at a few zooms
// (/v1/map's baseZooms) into the web's x/y/zoom tiles; a page asks for the tiles it shows, each
// once, decoded once. Also where the server's regions are, so a page can say what lies outside.
import { decodePolyline } from "./polyline.js";

/** The tile holding a point at a zoom (the web's scheme: x east from 180° W, y south from 85° N). */
export function tileOf(latitude, longitude, zoom) {
  const n = 2 ** zoom;
  const lat = Math.min(85.05, Math.max(-85.05, latitude)) * Math.PI / 180;
  const x = Math.floor((longitude + 180) / 360 * n);
  const y = Math.floor((1 - Math.asinh(Math.tan(lat)) / Math.PI) / 2 * n);
  return { x: Math.min(Math.max(x, 0), n - 1), y: Math.min(Math.max(y, 0), n - 1) };
}

/** The zoom whose tiles a map at `mapZoom` draws: the greatest cut not above it (the least when all are). */
export function tileZoom(zooms, mapZoom) {
  const sorted = [...zooms].sort((a, b) => a - b);
  return sorted.filter((z) => z <= Math.floor(mapZoom)).pop() ?? sorted[0];
}

/** The tiles covering a box (south, west, north, east) at a zoom, at most `most` (nearest the middle first). */
export function tilesCovering([south, west, north, east], zoom, most = 64) {
  const a = tileOf(north, west, zoom), b = tileOf(south, east, zoom);
  const middle = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  const out = [];
  for (let x = a.x; x <= b.x; x++) for (let y = a.y; y <= b.y; y++) out.push({ z: zoom, x, y });
  out.sort((p, q) => Math.hypot(p.x - middle.x, p.y - middle.y) - Math.hypot(q.x - middle.x, q.y - middle.y));
  return out.slice(0, most);
}

/** Whether a point lies inside a polygon of {latitude, longitude} corners (even-odd rule). */
export function contains(polygon, p) {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i], b = polygon[j];
    if ((a.latitude > p.latitude) !== (b.latitude > p.latitude)
      && p.longitude < (b.longitude - a.longitude) * (p.latitude - a.latitude) / (b.latitude - a.latitude) + a.longitude) inside = !inside;
  }
  return inside;
}

/** Each shape decoded once, with its bounding box, so a drawing looks only at what is near it. */
function prepare(drawing) {
  const shape = (feature) => {
    const points = decodePolyline(feature.p, 5) || [];
    let south = 90, west = 180, north = -90, east = -180;
    for (const p of points) {
      south = Math.min(south, p.latitude); north = Math.max(north, p.latitude);
      west = Math.min(west, p.longitude); east = Math.max(east, p.longitude);
    }
    return { k: feature.k, p: feature.p, points, box: [south, west, north, east] };
  };
  return { areas: drawing.areas.map(shape), lines: drawing.lines.map(shape), labels: drawing.labels || [] };
}

/** The server's map: its info, its regions' outlines, and its base map's tiles on demand
 *  (null from `tile` where it has no base map). One per page load. */
export function baseMapSource(session) {
  const tiles = new Map();
  const info = session.api("/v1/map").then((map) => ({
    ...map, regions: (map.regions || []).map((r) => ({ ...r, outline: decodePolyline(r.outline, 5) || [] })),
  }));
  return {
    info,
    /** Which region holds a point (null when none does, or the server has no map). */
    async regionOf(point) {
      const { regions } = await info;
      return regions.find((r) => contains(r.outline, point)) || null;
    },
    async tile({ z, x, y }) {
      const { baseURL } = await info;
      if (!baseURL) return null;
      const key = `${z}/${x}/${y}`;
      if (!tiles.has(key)) {
        const url = baseURL.replace("{z}", z).replace("{x}", x).replace("{y}", y);
        tiles.set(key, session.api(url).then(prepare).catch((problem) => { tiles.delete(key); throw problem; }));
      }
      return tiles.get(key);
    },
  };
}
