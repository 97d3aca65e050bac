// Finding an exercise among the catalog's hundreds, the browser's copy of ExerciseSearch
// (YarukiCore/Training): each word of the query must be found, folded (compatibility forms,
// lower case, hiragana as katakana, no spaces or punctuation), in one of the exercise's names in
// any language or its equipment's; recently used ones come first, then a name in the person's
// language that starts with the query, then the shorter name. It answers what the vectors the
// Swift tests write say (web/tests/vectors/exercise-search.json), offline and at once.
import { dictionaries } from "../i18n.js";

const HIRAGANA = /[\u3041-\u3096]/g;
const DROP = /[^\p{L}\p{M}\p{N}ー]/gu;

export function fold(text) {
  return String(text).normalize("NFKC").toLowerCase()
    .replace(HIRAGANA, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0x60)).replace(DROP, "");
}

/** The equipment's names in every language, as the dictionaries say them (`equipment.*`). */
function equipmentNames(id) {
  return Object.values(dictionaries).map((d) => d[`equipment.${id}`]).filter(Boolean);
}

const haystacks = new WeakMap();
export function haystack(exercise) {
  let hay = haystacks.get(exercise);
  if (hay === undefined) {
    const words = ["en", "ja", "ko"].map((l) => exercise.names[l]).filter(Boolean);
    if (exercise.equipment) words.push(...equipmentNames(exercise.equipment));
    hay = words.map((w) => ` ${fold(w)}`).join("");
    haystacks.set(exercise, hay);
  }
  return hay;
}

const folded = new WeakMap();
/** The exercise's name in `language` (else English), folded, made once. */
function foldedName(exercise, language) {
  let names = folded.get(exercise);
  if (!names) folded.set(exercise, (names = {}));
  return (names[language] ??= fold(exercise.names[language] || exercise.names.en || exercise.id));
}

const points = (text) => [...text].length;
const byCodePoint = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

/** The matching exercises, best first (see above). */
export function searchExercises(items, { query = "", language = "en", muscle = null, equipment = null, recent = [] } = {}) {
  const words = query.split(/\s+/u).map(fold).filter(Boolean);
  const lead = fold(query);
  const used = new Map();
  recent.forEach((id, i) => { if (!used.has(id)) used.set(id, i); });
  const ranked = [];
  for (const e of items) {
    if (equipment && e.equipment !== equipment) continue;
    if (muscle && !(e.muscles || []).includes(muscle) && !(e.secondaryMuscles || []).includes(muscle)) continue;
    if (words.length) {
      const hay = haystack(e);
      if (!words.every((w) => hay.includes(w))) continue;
    }
    const name = foldedName(e, language);
    ranked.push({ rank: [used.get(e.id) ?? Infinity, lead && name.startsWith(lead) ? 0 : 1, points(name)], name, e });
  }
  ranked.sort((a, b) => {
    for (let i = 0; i < 3; i += 1) if (a.rank[i] !== b.rank[i]) return a.rank[i] < b.rank[i] ? -1 : 1;
    return byCodePoint(a.name, b.name) || byCodePoint(a.e.id, b.e.id);
  });
  return ranked.map((r) => r.e);
}
