// The training session, the browser's copy of TrainingSession (YarukiCore/Training): the same
// events, the same effects, the same rules, checked against the vectors the Swift tests write
// (web/tests/vectors/training-session.json). A plain object the page keeps (and stores, so a
// reload or a locked phone finds it as it was); `send` changes it and answers the effects for
// the page to perform. Times are milliseconds since 1970.

export const ADJUST_STEP = 15;
const REST_MAX = 3600;
const MAX_EXERCISES = 50;
const MAX_SETS = 100;
const clamp = (value, low, high) => Math.min(Math.max(value, low), high);

/** An exercise planned from last time's sets: `sets` of them (at least one; as many as last time
 *  when none are planned), each pre-filled with last time's same set (or its last). */
export function planned(exerciseId, sets, restSeconds, lastTime = []) {
  const count = clamp(sets ?? lastTime.length, 1, MAX_SETS);
  return {
    exerciseId, restSeconds: restSeconds ?? null,
    sets: Array.from({ length: count }, (_, i) => {
      const previous = i < lastTime.length ? lastTime[i] : lastTime[lastTime.length - 1];
      return { reps: previous?.reps ?? null, seconds: previous?.seconds ?? null, weightKg: previous?.weightKg ?? null, done: false,
        completedAt: null, previous: i < lastTime.length ? lastTime[i] : null };
    }),
  };
}

export function createSession({ id = crypto.randomUUID(), startedAt, title = "", routineId = null, defaultRest = 90, exercises = [] }) {
  return { id, startedAt, title, routineId, phase: "training", defaultRest: clamp(defaultRest, 0, REST_MAX),
    exercises: exercises.slice(0, MAX_EXERCISES), counted: 0, restStartedAt: null, restLength: 0, restFinished: false, endedAt: null };
}

/** The set in hand: the first not done, in exercise order; null when all are done. */
export function current(session) {
  for (const [e, exercise] of session.exercises.entries()) {
    const s = exercise.sets.findIndex((set) => !set.done);
    if (s >= 0) return [e, s];
  }
  return null;
}

export function remaining(session, now) {
  if (session.phase !== "rest" || session.restStartedAt === null) return 0;
  return Math.max(0, session.restLength - Math.max(0, (now - session.restStartedAt) / 1000));
}

export function remainingSeconds(session, now) { return Math.ceil(remaining(session, now)); }

export function restProgress(session, now) {
  if (session.phase !== "rest" || session.restLength <= 0) return 0;
  return Math.min(1, Math.max(0, 1 - remaining(session, now) / session.restLength));
}

function valid(session, e, s) { return e >= 0 && e < session.exercises.length && s >= 0 && s < session.exercises[e].sets.length; }

function endRest(session) {
  session.phase = "training";
  session.restStartedAt = null;
  session.restLength = 0;
  session.restFinished = false;
}

function startRest(session, seconds, now) {
  if (seconds <= 0) { endRest(session); return []; }
  session.phase = "rest";
  session.restStartedAt = now;
  session.restLength = seconds;
  session.restFinished = false;
  return ["startTimer"];
}

/** Applies `event` ({ type, … } as the vectors spell it) at `now`; returns the effects. */
export function send(session, event, now) {
  if (session.phase === "finished") return [];
  const ex = session.exercises;
  switch (event.type) {
    case "toggleSet": {
      const { exercise: e, set: s } = event;
      if (!valid(session, e, s)) return [];
      const set = ex[e].sets[s];
      if (set.done) { set.done = false; set.completedAt = null; return []; }
      const hand = current(session);
      if (session.counted > 0 && hand && hand[0] === e && hand[1] === s && set.seconds === null) set.reps = session.counted;
      set.done = true;
      set.completedAt = now;
      session.counted = 0;
      return startRest(session, ex[e].restSeconds ?? session.defaultRest, now);
    }
    case "countRep":
      session.counted += 1;
      return [];
    case "uncountRep":
      session.counted = Math.max(0, session.counted - 1);
      return [];
    case "logSet": {
      // The big button with no set in hand: the simple timer inside a session.
      if (session.phase !== "training" || current(session)) return [];
      if (ex.at(-1)?.exerciseId !== event.id) {
        if (ex.length >= MAX_EXERCISES) return [];
        ex.push({ exerciseId: event.id, restSeconds: null, sets: [] });
      }
      const last = ex.at(-1);
      if (last.sets.length >= MAX_SETS) return [];
      last.sets.push({ reps: session.counted, seconds: null, weightKg: null, done: true, completedAt: now, previous: null });
      session.counted = 0;
      return startRest(session, last.restSeconds ?? session.defaultRest, now);
    }
    case "setValues": {
      const { exercise: e, set: s } = event;
      if (!valid(session, e, s)) return [];
      const set = ex[e].sets[s];
      set.reps = event.reps == null ? null : clamp(event.reps, 0, 1000);
      set.seconds = event.seconds == null ? null : clamp(event.seconds, 0, 86400);
      set.weightKg = event.weightKg == null ? null : clamp(event.weightKg, 0, 1000);
      return [];
    }
    case "addSet": {
      const e = event.exercise;
      if (!(e >= 0 && e < ex.length) || ex[e].sets.length >= MAX_SETS) return [];
      const last = ex[e].sets[ex[e].sets.length - 1];
      ex[e].sets.push({ reps: last?.reps ?? null, seconds: last?.seconds ?? null, weightKg: last?.weightKg ?? null, done: false,
        completedAt: null, previous: null });
      return [];
    }
    case "removeSet": {
      const { exercise: e, set: s } = event;
      if (!valid(session, e, s) || ex[e].sets.length <= 1) return [];
      ex[e].sets.splice(s, 1);
      return [];
    }
    case "moveSet": {
      const { exercise: e, from, to } = event;
      if (!valid(session, e, from) || !(to >= 0 && to < ex[e].sets.length)) return [];
      ex[e].sets.splice(to, 0, ex[e].sets.splice(from, 1)[0]);
      return [];
    }
    case "addExercise":
      if (ex.length >= MAX_EXERCISES) return [];
      ex.push(planned(event.id, null, event.restSeconds, event.lastTime || []));
      return [];
    case "swapExercise": {
      const e = event.exercise;
      if (!(e >= 0 && e < ex.length)) return [];
      const swapped = planned(event.id, ex[e].sets.length, ex[e].restSeconds, event.lastTime || []);
      ex[e].sets.forEach((set, i) => { if (set.done) swapped.sets[i] = set; });
      ex[e] = swapped;
      return [];
    }
    case "removeExercise":
      if (!(event.exercise >= 0 && event.exercise < ex.length)) return [];
      ex.splice(event.exercise, 1);
      return [];
    case "moveExercise":
      if (!(event.from >= 0 && event.from < ex.length && event.to >= 0 && event.to < ex.length)) return [];
      ex.splice(event.to, 0, ex.splice(event.from, 1)[0]);
      return [];
    case "skipRest":
      if (session.phase !== "rest") return [];
      endRest(session);
      return ["stopTimer"];
    case "adjustRest": {
      if (session.phase !== "rest" || session.restStartedAt === null) return [];
      const rested = Math.floor(Math.max(0, (now - session.restStartedAt) / 1000));
      session.restLength = Math.max(rested, Math.min(session.restLength + event.value, REST_MAX));
      if (remaining(session, now) > 0) session.restFinished = false;
      return [];
    }
    case "setDefaultRest":
      session.defaultRest = clamp(event.value, 0, REST_MAX);
      return [];
    case "tick":
      if (session.phase !== "rest" || session.restFinished || remaining(session, now) > 0) return [];
      session.restFinished = true;
      return ["playSound", "vibrate", "restFinished"];
    case "finish": {
      const wasResting = session.phase === "rest";
      endRest(session);
      session.phase = "finished";
      session.endedAt = Math.max(now, session.startedAt);
      return [...(wasResting ? ["stopTimer"] : []), "saved"];
    }
    default:
      return [];
  }
}

/** The workout the session made: its done sets only; exercises without any are left out. */
export function workoutOf(session) {
  return {
    id: session.id, startedAt: new Date(session.startedAt).toISOString(),
    endedAt: new Date(session.endedAt ?? session.startedAt).toISOString(), notes: session.title,
    exercises: session.exercises.map((exercise) => ({
      exerciseId: exercise.exerciseId,
      sets: exercise.sets.filter((set) => set.done).map((set) => {
        const out = set.seconds !== null ? { seconds: set.seconds } : { reps: set.reps ?? 0 };
        if (set.weightKg !== null) out.weightKg = set.weightKg;
        out.restSeconds = exercise.restSeconds ?? session.defaultRest;
        return out;
      }),
    })).filter((entry) => entry.sets.length),
  };
}
