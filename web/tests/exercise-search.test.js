import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fold, searchExercises } from "../js/training/search.js";
import { readCatalog } from "./catalog.js";

// The real catalog; the vectors written by the Swift tests (ExerciseSearchTests) say what each search answers.
const catalog = readCatalog();
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
