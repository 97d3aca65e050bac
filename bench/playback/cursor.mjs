// The browser's cursor (web/js/lifelog/cursor.js) under node on the same kind of month as the
// Swift bench: N lookups at scattered times; prints lookups a second.
import { PlaybackCursor } from "../../web/js/lifelog/cursor.js";

const n = Number(process.argv[2] || 2000000);
let state = 42n;
function random() {
  state = (state * 6364136223846793005n + 1442695040888963407n) & ((1n << 64n) - 1n);
  return Number(state >> 11n) / 2 ** 53;
}
function distances(path) {
  const out = [0];
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1], b = path[i];
    const φ1 = a.latitude * Math.PI / 180, φ2 = b.latitude * Math.PI / 180, dφ = φ2 - φ1, dλ = (b.longitude - a.longitude) * Math.PI / 180;
    const h = Math.sin(dφ / 2) ** 2 + Math.cos(φ1) * Math.cos(φ2) * Math.sin(dλ / 2) ** 2;
    out.push(out[i - 1] + 2 * 6371008.8 * Math.asin(Math.min(1, Math.sqrt(h))));
  }
  return out;
}
const stops = [];
const legs = [];
for (let i = 0; i < 300; i++) {
  const p = { latitude: 60.165 + random() * 0.013, longitude: 24.937 + random() * 0.015 };
  stops.push({ position: p, dwell: i % 3 === 0 ? 3 : 1, hasMemo: i % 3 === 0 });
  if (i > 0) {
    const a = stops[i - 1].position;
    const path = Array.from({ length: 60 }, (_, k) => ({
      latitude: a.latitude + (p.latitude - a.latitude) * k / 59 + (random() - 0.5) * 0.0001,
      longitude: a.longitude + (p.longitude - a.longitude) * k / 59,
    }));
    legs.push({ path, distances: distances(path), duration: 2 + random() * 6 });
  }
}
const cursor = new PlaybackCursor({ stops, legs });
const times = Array.from({ length: 4096 }, () => random() * cursor.total);
let sink = 0;
const start = process.hrtime.bigint();
for (let i = 0; i < n; i++) sink += cursor.positionAt(times[i & 4095]).point.latitude;
const seconds = Number(process.hrtime.bigint() - start) / 1e9;
console.log(JSON.stringify({ lookupsPerSecond: n / seconds, check: sink / n }));
