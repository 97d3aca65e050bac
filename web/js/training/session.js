// The training session, the browser's copy of TrainingSession (YarukiCore/Training): the same
// events, the same effects, the same rules, checked against the vectors the Swift tests write
// (web/tests/vectors/training-session.json). A plain object the page keeps (and stores, so a
// reload or a locked phone finds it as it was); `send` changes it and answers the effects for
// the page to perform. Times are milliseconds since 1970.
import { newRecordId } from "../ids.js";

export const ADJUST_STEP = 15;
const REST_MAX = 3600;
const MAX_EXERCISES = 50;
const MAX_SETS = 100;
const MAX_NOTES = 1000;
const SUPERSET_MAX = 25;
const MAX_DISTANCE = 1_000_000;
const clamp = (value, low, high) => Math.min(Math.max(value, low), high);

/** A set not yet done, with these values. */
const freshSet = (reps, seconds, weightKg, extra = {}) => ({ reps: reps ?? null, seconds: seconds ?? null, weightKg: weightKg ?? null, done: false,
  completedAt: null, previous: null, type: null, rpe: null, rir: null, distanceM: null, ...extra });

/** An exercise planned from last time's sets: `sets` of them (at least one; as many as last time
 *  when none are planned), each pre-filled with last time's same set (or its last); last time's
 *  warm-ups are warm-ups again. */
export function planned(exerciseId, sets, restSeconds, lastTime = [], superset = null) {
  const count = clamp(sets ?? lastTime.length, 1, MAX_SETS);
  return {
    exerciseId, restSeconds: restSeconds ?? null, superset: superset ?? null, notes: null,
    sets: Array.from({ length: count }, (_, i) => {
      const previous = i < lastTime.length ? lastTime[i] : lastTime[lastTime.length - 1];
      return freshSet(previous?.reps, previous?.seconds, previous?.weightKg, { previous: i < lastTime.length ? lastTime[i] : null,
        type: i < lastTime.length ? lastTime[i].type ?? null : null, distanceM: previous?.distanceM ?? null });
    }),
  };
}

export function createSession({ id = newRecordId(), startedAt, title = "", routineId = null, defaultRest = 90, exercises = [] }) {
  return { id, startedAt, title, routineId, phase: "training", defaultRest: clamp(defaultRest, 0, REST_MAX),
    exercises: exercises.slice(0, MAX_EXERCISES), counted: 0, restStartedAt: null, restLength: 0, restFinished: false, endedAt: null };
}

/** The exercises done together with `e`: its superset, or itself alone ([from, to)). */
export function block(session, e) {
  const ex = session.exercises;
  const group = ex[e].superset ?? null;
  if (group === null) return [e, e + 1];
  let low = e, high = e + 1;
  while (low > 0 && ex[low - 1].superset === group) low -= 1;
  while (high < ex.length && ex[high].superset === group) high += 1;
  return [low, high];
}

/** The set in hand: the first not done, in exercise order; in a superset, round by round.
 *  Null when all are done. */
export function current(session) {
  const ex = session.exercises;
  let e = 0;
  while (e < ex.length) {
    const [low, high] = block(session, e);
    const rounds = Math.max(...ex.slice(low, high).map((x) => x.sets.length));
    for (let s = 0; s < rounds; s += 1) {
      for (let x = low; x < high; x += 1) if (s < ex[x].sets.length && !ex[x].sets[s].done) return [x, s];
    }
    e = high;
  }
  return null;
}

/** Whether set `s` of every exercise in `e`'s superset is done: the round is over. */
function roundDone(session, e, s) {
  const [low, high] = block(session, e);
  for (let x = low; x < high; x += 1) if (s < session.exercises[x].sets.length && !session.exercises[x].sets[s].done) return false;
  return true;
}

const nextGroup = (session) => Math.max(0, ...session.exercises.map((x) => x.superset ?? 0)) + 1;

/** Supersets stand together: a number held by one exercise alone is dropped, and a superset
 *  split in two by a move becomes two. */
function tidySupersets(session) {
  const seen = new Set();
  let e = 0;
  while (e < session.exercises.length) {
    const [low, high] = block(session, e);
    const group = session.exercises[e].superset ?? null;
    if (group !== null) {
      if (high - low === 1) session.exercises[e].superset = null;
      else if (seen.has(group)) {
        const fresh = nextGroup(session);
        for (let x = low; x < high; x += 1) session.exercises[x].superset = fresh <= SUPERSET_MAX ? fresh : null;
        seen.add(fresh);
      } else seen.add(group);
    }
    e = high;
  }
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
      if (!roundDone(session, e, s)) return []; // a superset goes on to its next exercise
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
        ex.push({ exerciseId: event.id, restSeconds: null, superset: null, notes: null, sets: [] });
      }
      const last = ex.at(-1);
      if (last.sets.length >= MAX_SETS) return [];
      last.sets.push(freshSet(session.counted, null, null, { done: true, completedAt: now }));
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
      set.distanceM = event.distanceM == null ? null : clamp(event.distanceM, 0, MAX_DISTANCE);
      return [];
    }
    case "markSet": {
      // What the set is for, and how hard it was: RPE 6–10 in halves, or reps in reserve.
      const { exercise: e, set: s } = event;
      if (!valid(session, e, s)) return [];
      const set = ex[e].sets[s];
      set.type = event.setType ?? null;
      set.rpe = event.rpe == null ? null : clamp(Math.round(event.rpe * 2) / 2, 6, 10);
      set.rir = event.rpe == null && event.rir != null ? clamp(event.rir, 0, 10) : null;
      return [];
    }
    case "setNotes":
      if (!(event.exercise >= 0 && event.exercise < ex.length)) return [];
      ex[event.exercise].notes = event.text ? [...event.text].slice(0, MAX_NOTES).join("") : null;
      return [];
    case "linkNext": {
      const e = event.exercise;
      if (!(e >= 0 && e + 1 < ex.length)) return [];
      const group = ex[e].superset ?? ex[e + 1].superset ?? nextGroup(session);
      if (group > SUPERSET_MAX) return [];
      const joining = ex[e + 1].superset ?? null;
      ex.forEach((x, i) => { if (i === e || i === e + 1 || (joining !== null && x.superset === joining)) x.superset = group; });
      return [];
    }
    case "unlink": {
      const e = event.exercise;
      if (!(e >= 0 && e < ex.length) || ex[e].superset == null) return [];
      ex[e].superset = null;
      tidySupersets(session); // those after it form their own superset; one left alone is none
      return [];
    }
    case "addSet": {
      const e = event.exercise;
      if (!(e >= 0 && e < ex.length) || ex[e].sets.length >= MAX_SETS) return [];
      const last = ex[e].sets[ex[e].sets.length - 1];
      ex[e].sets.push(freshSet(last?.reps, last?.seconds, last?.weightKg));
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
      const swapped = planned(event.id, ex[e].sets.length, ex[e].restSeconds, event.lastTime || [], ex[e].superset);
      ex[e].sets.forEach((set, i) => { if (set.done) swapped.sets[i] = set; });
      ex[e] = swapped;
      return [];
    }
    case "removeExercise":
      if (!(event.exercise >= 0 && event.exercise < ex.length)) return [];
      ex.splice(event.exercise, 1);
      tidySupersets(session);
      return [];
    case "moveExercise": {
      if (!(event.from >= 0 && event.from < ex.length && event.to >= 0 && event.to < ex.length)) return [];
      const [moved] = ex.splice(event.from, 1);
      // A move takes an exercise out of its superset, unless it lands among its own again.
      const neighbours = [event.to - 1, event.to].filter((i) => i >= 0 && i < ex.length).map((i) => ex[i].superset ?? null);
      if (moved.superset == null || !neighbours.includes(moved.superset)) moved.superset = null;
      ex.splice(event.to, 0, moved);
      tidySupersets(session);
      return [];
    }
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

/** The workout the session made: its done sets only; exercises without any are left out. A
 *  superset keeps its number; the rest is said on the round's last exercise, none on the others. */
export function workoutOf(session) {
  return {
    id: session.id, startedAt: new Date(session.startedAt).toISOString(),
    endedAt: new Date(session.endedAt ?? session.startedAt).toISOString(), notes: session.title,
    exercises: session.exercises.map((exercise, e) => {
      const last = block(session, e)[1] - 1 === e;
      const entry = {
        exerciseId: exercise.exerciseId,
        sets: exercise.sets.filter((set) => set.done).map((set) => {
          const out = set.seconds != null ? { seconds: set.seconds } : { reps: set.reps ?? 0 };
          if (set.weightKg != null) out.weightKg = set.weightKg;
          out.restSeconds = last ? exercise.restSeconds ?? session.defaultRest : 0;
          for (const key of ["type", "rpe", "rir", "distanceM"]) if (set[key] != null) out[key] = set[key];
          return out;
        }),
      };
      if (exercise.notes) entry.notes = exercise.notes;
      if (exercise.superset != null) entry.superset = exercise.superset;
      return entry;
    }).filter((entry) => entry.sets.length),
  };
}
