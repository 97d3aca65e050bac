// The playback cursor, the twin of PlaybackCursor in YarukiCore (web/tests/cursor.test.js
// replays vectors the Swift tests write). A playhead in seconds, moved by the wall clock times
// the speed; the position comes from the time: a binary search over the parts' start times (a
// stop's pause, a leg, the next stop's pause…), then over the leg's cumulative distances, so the
// marker moves at an even speed however the path's points are spaced.

export const SPEEDS = [0.5, 1, 2];

/** The last index whose value is not after `value` (0 when none is); `values` ascending. */
export function lastIndex(values, value) {
  let low = 0;
  let high = values.length - 1;
  while (low < high) {
    const middle = Math.floor((low + high + 1) / 2);
    if (values[middle] <= value) low = middle; else high = middle - 1;
  }
  return low;
}

export class PlaybackCursor {
  constructor(timeline) {
    this.timeline = timeline;
    this.starts = [];
    let clock = 0;
    timeline.stops.forEach((stop, i) => {
      this.starts.push(clock);
      clock += stop.dwell;
      if (i < timeline.legs.length) {
        this.starts.push(clock);
        clock += timeline.legs[i].duration;
      }
    });
    this.total = clock;
    this.time = 0;
    this.speed = SPEEDS[0];
    this.playing = false;
  }

  get progress() { return this.total > 0 ? this.time / this.total : 0; }
  get atEnd() { return this.time >= this.total; }

  /** The scrubber's dots: the progress at which each stop with a memo is reached. */
  get chapters() {
    return this.timeline.stops.flatMap((stop, i) => (stop.hasMemo ? [this.total > 0 ? this.starts[2 * i] / this.total : 0] : []));
  }

  play() {
    if (this.atEnd) this.time = 0;
    this.playing = true;
  }

  pause() { this.playing = false; }

  advance(seconds) {
    if (!this.playing || !(seconds > 0)) return;
    this.time = Math.min(this.total, this.time + seconds * this.speed);
    if (this.atEnd) this.playing = false;
  }

  nextSpeed() {
    const i = Math.max(0, SPEEDS.indexOf(this.speed));
    this.speed = SPEEDS[(i + 1) % SPEEDS.length];
  }

  seek(progress) { this.time = this.total * Math.min(1, Math.max(0, progress)); }

  jumpToStop(index) {
    if (index >= 0 && index < this.timeline.stops.length) this.time = this.starts[2 * index];
  }

  get position() { return this.positionAt(this.time); }

  positionAt(time) {
    const { stops, legs } = this.timeline;
    if (stops.length === 0) return null;
    const part = lastIndex(this.starts, Math.min(Math.max(0, time), this.total));
    if (part % 2 === 0) return { point: stops[part / 2].position, stop: part / 2, leg: null };
    const index = (part - 1) / 2;
    const leg = legs[index];
    const length = leg.distances[leg.distances.length - 1];
    if (!(length > 0) || !(leg.duration > 0) || leg.path.length < 2) return { point: stops[index + 1].position, stop: null, leg: index };
    const travelled = Math.min(1, (time - this.starts[part]) / leg.duration) * length;
    const j = Math.min(leg.path.length - 2, lastIndex(leg.distances, travelled));
    const span = leg.distances[j + 1] - leg.distances[j];
    const f = span > 0 ? (travelled - leg.distances[j]) / span : 0;
    const a = leg.path[j];
    const b = leg.path[j + 1];
    return { point: { latitude: a.latitude + (b.latitude - a.latitude) * f, longitude: a.longitude + (b.longitude - a.longitude) * f },
      stop: null, leg: index };
  }
}
