import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fold, searchExercises } from "../js/training/search.js";

// The real catalog, read from the Swift file that holds it; the vectors written by the Swift tests
// (ExerciseSearchTests) say what each search answers.
const source = readFileSync(new URL("../../Sources/YarukiCore/Training/ExerciseCatalog+Rows.swift", import.meta.url), "utf8");
const rows = source.slice(source.indexOf('#"""\n') + 5, source.lastIndexOf('\n"""#'));
const list = (text) => (text ? text.split(",") : []);
const catalog = rows.split("\n").map((line) => {
  const [id, kind, category, equipment, level, muscles, secondary, en, ja, ko] = line.split("\t");
  return { id, kind, category, equipment: equipment || undefined, level, muscles: list(muscles), secondaryMuscles: list(secondary), names: { en, ja, ko } };
});
const vectors = JSON.parse(readFileSync(new URL("./vectors/exercise-search.json", import.meta.url)));

test("the catalog is read whole", () => {
  assert.equal(catalog.length, 877);
  assert.ok(vectors.length > 15);
});

test("folding matches hiragana, katakana, widths and spacing", () => {
  assert.equal(fold("べんち　プレス"), "ベンチプレス");
  assert.equal(fold("ﾍﾞﾝﾁ"), "ベンチ");
  assert.equal(fold("Ｂｅｎｃｈ-Press (Dumbbell)"), "benchpressdumbbell");
});

for (const v of vectors) {
  test(`vector: ${JSON.stringify([v.query, v.language, v.muscle ?? null, v.equipment ?? null, v.recent])}`, () => {
    const found = searchExercises(catalog, { query: v.query, language: v.language, muscle: v.muscle ?? null, equipment: v.equipment ?? null, recent: v.recent });
    assert.deepEqual(found.map((e) => e.id), v.ids);
  });
}
