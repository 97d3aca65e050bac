// The one-button set timer, the same rules as YarukiCore's RepRestMachine (Swift). Both replay
// web/tests/vectors/rep-rest.json, which the Swift tests write. Times are milliseconds.

export const PRESETS = [30, 60, 90];
export const ADJUST_STEP = 15;

export function createMachine(restPreset = 60) {
  return {
    phase: "training", reps: 0, restPreset: PRESETS.includes(restPreset) ? restPreset : 60,
    restStartedAt: null, restLength: 0, restFinished: false, sets: [], closed: false,
  };
}

/** Seconds of rest left at `now` (never negative; a clock that went back counts as no time). */
export function remaining(machine, now) {
  if (machine.phase !== "rest" || machine.restStartedAt === null) return 0;
  const elapsed = Math.max(0, (now - machine.restStartedAt) / 1000);
  return Math.max(0, machine.restLength - elapsed);
}

/** Whole seconds to show, rounded up so "1" shows until the very end. */
export function remainingSeconds(machine, now) {
  return Math.ceil(remaining(machine, now));
}

function backToTraining(m) {
  m.phase = "training";
  m.restStartedAt = null;
  m.restLength = 0;
  m.restFinished = false;
  return ["stopTimer"];
}

function finishIfDue(m, now) {
  if (m.restFinished || remaining(m, now) > 0) return [];
  m.restFinished = true;
  return ["restFinished", "playSound", "vibrate"];
}

/**
 * Applies `event` ({type, value}) at `now`; mutates `machine` and returns the effects to perform:
 * startTimer, stopTimer, playSound, vibrate, restFinished.
 */
export function send(m, event, now) {
  if (m.closed) return [];
  const { type, value } = event;
  const resting = m.phase === "rest";
  switch (type) {
    case "main":
      if (resting) return backToTraining(m);
      m.sets.push({ reps: m.reps, restSeconds: m.restPreset, completedAt: now });
      m.reps = 0;
      m.phase = "rest";
      m.restStartedAt = now;
      m.restLength = m.restPreset;
      m.restFinished = false;
      return ["startTimer"];
    case "increment":
    case "decrement": {
      const delta = type === "increment" ? 1 : -1;
      if (!resting) { m.reps = Math.max(0, m.reps + delta); return []; }
      const last = m.sets[m.sets.length - 1];
      if (last) last.reps = Math.max(0, last.reps + delta);
      return [];
    }
    case "reset": {
      const effects = resting ? backToTraining(m) : [];
      m.reps = 0;
      return effects;
    }
    case "choosePreset":
      if (PRESETS.includes(value)) m.restPreset = value;
      return [];
    case "adjustRest": {
      if (!resting || (value !== ADJUST_STEP && value !== -ADJUST_STEP) || m.restStartedAt === null) return [];
      const elapsed = Math.floor(Math.max(0, (now - m.restStartedAt) / 1000));
      m.restLength = Math.max(elapsed, m.restLength + value);
      if (remaining(m, now) > 0) m.restFinished = false;
      return finishIfDue(m, now);
    }
    case "tick":
      return resting ? finishIfDue(m, now) : [];
    case "close":
      m.closed = true;
      return resting ? ["stopTimer"] : [];
    default:
      return [];
  }
}
