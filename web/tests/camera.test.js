import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { CameraDirector } from "../js/lifelog/camera.js";

// Written by the Swift tests (CameraDirectorTests): a walk, a drag, "follow", a drive, with the
// viewport the camera moved to (or not) after each step.
const steps = JSON.parse(readFileSync(new URL("./vectors/camera-director.json", import.meta.url)));

test("the browser's camera director replays the Swift one step by step", () => {
  const director = new CameraDirector();
  assert.ok(steps.filter((s) => s.moved).length >= 4);
  for (const [n, step] of steps.entries()) {
    const where = `step ${n} (${step.action})`;
    if (step.action === "drag") director.userMoved();
    else if (step.action === "follow") director.follow();
    else {
      const moved = director.update(step.marker, step.ahead);
      if (!step.moved) assert.equal(moved, null, where);
      else {
        assert.ok(moved, where);
        assert.ok(Math.abs(moved.span - step.moved.span) < 1e-9, where);
        assert.ok(Math.abs(moved.center.latitude - step.moved.center.latitude) < 1e-12, where);
        assert.ok(Math.abs(moved.center.longitude - step.moved.center.longitude) < 1e-12, where);
      }
    }
    assert.equal(director.following, step.following, where);
  }
});
