// The camera director, the twin of CameraDirector in YarukiCore (web/tests/camera.test.js
// replays vectors the Swift tests write). From the marker and the path a few seconds ahead it
// picks a square viewport, and moves it only when the marker leaves the inner box or the span
// the coming path needs changes by more than about a third. Dragging the map stops following
// (playback goes on) until "follow".

export const INNER_BOX = 0.8;
export const SPAN_TOLERANCE = 1 / 3;
export const MARGIN = 1.5;
export const MINIMUM_SPAN = 250;
const EARTH_RADIUS = 6371008.8;

/** East and north metres from a to b on a local plane. */
export function offset(a, b) {
  const scale = EARTH_RADIUS * Math.PI / 180;
  return [(b.longitude - a.longitude) * scale * Math.cos(a.latitude * Math.PI / 180), (b.latitude - a.latitude) * scale];
}

/** The square around the points with the margin, at least MINIMUM_SPAN across. */
export function frame(points) {
  const lats = points.map((p) => p.latitude);
  const lons = points.map((p) => p.longitude);
  const south = Math.min(...lats), north = Math.max(...lats), west = Math.min(...lons), east = Math.max(...lons);
  const center = { latitude: (south + north) / 2, longitude: (west + east) / 2 };
  const [w] = offset({ latitude: center.latitude, longitude: west }, { latitude: center.latitude, longitude: east });
  const [, h] = offset({ latitude: south, longitude: center.longitude }, { latitude: north, longitude: center.longitude });
  return { center, span: Math.max(MINIMUM_SPAN, Math.max(Math.abs(w), Math.abs(h)) * MARGIN) };
}

export class CameraDirector {
  constructor() {
    this.viewport = null;
    this.following = true;
  }

  /** The viewport to move to, or null to stay (or when not following). */
  update(marker, ahead) {
    if (!this.following) return null;
    const needed = frame([marker, ...ahead]);
    if (this.viewport) {
      const [dx, dy] = offset(this.viewport.center, marker);
      const half = this.viewport.span * INNER_BOX / 2;
      const inside = Math.abs(dx) <= half && Math.abs(dy) <= half;
      const ratio = needed.span / this.viewport.span;
      const steady = ratio <= 1 + SPAN_TOLERANCE && ratio >= 1 / (1 + SPAN_TOLERANCE);
      if (inside && steady) return null;
    }
    this.viewport = needed;
    return needed;
  }

  userMoved() { this.following = false; }

  follow() {
    this.following = true;
    this.viewport = null;
  }
}
