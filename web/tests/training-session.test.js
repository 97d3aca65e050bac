import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createSession, current, planned, remainingSeconds, send, workoutOf } from "../js/training/session.js";

// Written by the Swift tests (TrainingSessionVectors): the browser's session must make the same moves.
const scenarios = JSON.parse(readFileSync(new URL("./vectors/training-session.json", import.meta.url)));

test("the vectors are there", () => {
  assert.ok(scenarios.length > 100);
});

/** A set as the vectors write it: absent fields left out. */
const shape = (set) => Object.fromEntries(Object.entries({ reps: set.reps, seconds: set.seconds, weightKg: set.weightKg, done: set.done,
  type: set.type, rpe: set.rpe, rir: set.rir, distanceM: set.distanceM }).filter(([, v]) => v !== null && v !== undefined));

for (const scenario of scenarios) {
  test(`vector: ${scenario.name}`, () => {
    const session = createSession({ startedAt: scenario.start * 1000, defaultRest: scenario.defaultRest,
      exercises: scenario.plan.map((p) => planned(p.exerciseId, p.sets ?? null, p.restSeconds ?? null, p.lastTime, p.superset ?? null)) });
    for (const [i, step] of scenario.steps.entries()) {
      const now = (scenario.start + step.at) * 1000;
      const effects = send(session, step.event, now);
      const where = `${scenario.name}, step ${i} (${step.event.type})`;
      assert.deepEqual(effects, step.effects, where);
      assert.equal(session.phase, step.phase, where);
      assert.equal(session.counted, step.counted, where);
      assert.equal(remainingSeconds(session, now), step.remaining, where);
      assert.equal(session.restLength, step.restLength, where);
      assert.equal(session.defaultRest, step.defaultRest, where);
      assert.deepEqual(current(session), step.current ?? null, where);
      assert.deepEqual(session.exercises.map((e) => e.exerciseId), step.exercises, where);
      assert.deepEqual(session.exercises.map((e) => e.sets.map(shape)), step.sets, where);
      assert.deepEqual(session.exercises.map((e) => e.superset ?? null), step.supersets, where);
      assert.deepEqual(session.exercises.map((e) => e.notes ?? null), step.notes, where);
    }
  });
}

test("the workout holds the done sets only", () => {
  const session = createSession({ startedAt: 0, exercises: [planned("squat", 2, null, [{ reps: 5, weightKg: 80 }]), planned("plank", 1, 45, [])] });
  send(session, { type: "toggleSet", exercise: 0, set: 0 }, 1000);
  send(session, { type: "finish" }, 60_000);
  const workout = workoutOf(session);
  assert.deepEqual(workout.exercises, [{ exerciseId: "squat", sets: [{ reps: 5, weightKg: 80, restSeconds: 90 }] }]);
  assert.equal(workout.endedAt, new Date(60_000).toISOString());
});

test("a superset's workout says the rest on the round's last exercise, with set types and effort", () => {
  const session = createSession({ startedAt: 0, exercises: [planned("bench-press", 1, 120, [{ reps: 8, weightKg: 60, type: "warmup" }], 1),
    planned("pull-up", 1, 90, [{ reps: 6 }], 1)] });
  send(session, { type: "markSet", exercise: 1, set: 0, setType: "failure", rpe: 9.5 }, 500);
  send(session, { type: "setNotes", exercise: 1, text: "Wide grip" }, 600);
  assert.deepEqual(send(session, { type: "toggleSet", exercise: 0, set: 0 }, 1000), []);
  assert.deepEqual(send(session, { type: "toggleSet", exercise: 1, set: 0 }, 2000), ["startTimer"]);
  send(session, { type: "finish" }, 60_000);
  assert.deepEqual(workoutOf(session).exercises, [
    { exerciseId: "bench-press", sets: [{ reps: 8, weightKg: 60, restSeconds: 0, type: "warmup" }], superset: 1 },
    { exerciseId: "pull-up", sets: [{ reps: 6, restSeconds: 90, type: "failure", rpe: 9.5 }], notes: "Wide grip", superset: 1 },
  ]);
});
