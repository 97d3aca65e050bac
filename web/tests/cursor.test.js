import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { PlaybackCursor, SPEEDS } from "../js/lifelog/cursor.js";

// Written by the Swift tests (PlaybackCursorTests): a day of three stops and a script of
// presses and clock ticks, with where the marker must be after each.
const scenario = JSON.parse(readFileSync(new URL("./vectors/playback-cursor.json", import.meta.url)));

test("the browser's cursor replays the Swift cursor step by step", () => {
  const cursor = new PlaybackCursor(scenario.timeline);
  assert.deepEqual(cursor.chapters, scenario.chapters);
  assert.ok(scenario.steps.length > 40);
  for (const [n, step] of scenario.steps.entries()) {
    if (step.action === "play") cursor.play();
    else if (step.action === "pause") cursor.pause();
    else if (step.action === "advance") cursor.advance(step.value);
    else if (step.action === "speed") cursor.nextSpeed();
    else if (step.action === "seek") cursor.seek(step.value);
    else cursor.jumpToStop(step.value);
    const at = cursor.position;
    const where = `step ${n} (${step.action})`;
    assert.equal(cursor.time, step.time, where);
    assert.equal(cursor.progress, step.progress, where);
    assert.equal(cursor.speed, step.speed, where);
    assert.equal(cursor.playing, step.playing, where);
    assert.equal(at.stop ?? null, step.stop ?? null, where);
    assert.equal(at.leg ?? null, step.leg ?? null, where);
    assert.ok(Math.abs(at.point.latitude - step.latitude) < 1e-12 && Math.abs(at.point.longitude - step.longitude) < 1e-12, where);
  }
});

test("the speed button cycles 0.5×, 1×, 2× from 0.5×", () => {
  const cursor = new PlaybackCursor(scenario.timeline);
  const seen = [cursor.speed];
  for (let i = 0; i < 3; i += 1) { cursor.nextSpeed(); seen.push(cursor.speed); }
  assert.deepEqual(seen, [...SPEEDS, SPEEDS[0]]);
});
