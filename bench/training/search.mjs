// Catalog search as a person types: every prefix of queries in English, Japanese and Korean
// ("b", "be" … "bench", "ベ" … "ダンベル ベンチ", "덤" … "덤벨 벤치"), each answered by the browser's
// search (web/js/training/search.js) over the real catalog of 877 exercises, with the equipment
// filter on some. Prints p50 and p99 per search beside a reference measured in the same run: a
// plain substring filter over the lower-cased names (the catalog's search before, which found
// neither "べんち" nor "dumbbell bench"), and the first search's time (the folded names are made
// then, once).
import { performance } from "node:perf_hooks";
import { searchExercises } from "../../web/js/training/search.js";
import { readCatalog } from "../../web/tests/catalog.js";

const catalog = readCatalog();

const typed = [["bench press", "en"], ["dumbbell row", "en"], ["lat pulldown", "en"], ["squat", "en"], ["ベンチプレス", "ja"],
  ["ダンベル ベンチ", "ja"], ["スクワット", "ja"], ["ラットプルダウン", "ja"], ["벤치 프레스", "ko"], ["덤벨 벤치", "ko"], ["스쿼트", "ko"], ["랫 풀다운", "ko"]];
const searches = [];
for (const [text, language] of typed) {
  for (let i = 1; i <= [...text].length; i += 1) {
    const query = [...text].slice(0, i).join("");
    searches.push({ query, language });
    searches.push({ query, language, equipment: "dumbbell", recent: ["dumbbell-bench-press", "one-arm-dumbbell-row"] });
  }
}

function naive(items, { query }) {
  const q = query.trim().toLowerCase();
  return items.filter((e) => !q || e.id.includes(q) || Object.values(e.names).some((n) => n.toLowerCase().includes(q)));
}

function time(fn, rounds) {
  const samples = [];
  for (let r = 0; r < rounds; r += 1) {
    for (const s of searches) {
      const t0 = performance.now();
      fn(catalog, s);
      samples.push(performance.now() - t0);
    }
  }
  samples.sort((a, b) => a - b);
  const at = (p) => samples[Math.min(samples.length - 1, Math.floor(p * samples.length))];
  return { p50: at(0.5), p99: at(0.99), n: samples.length };
}

const t0 = performance.now();
searchExercises(catalog, { query: "b", language: "en" });
const first = performance.now() - t0;
time(searchExercises, 3);  // warm the JIT for both
time(naive, 3);
const ours = time(searchExercises, 30);
const plain = time(naive, 30);
const ms = (v) => `${v.toFixed(3)} ms`;
console.log(`catalog: ${catalog.length} exercises; ${searches.length} searches a round (every prefix of ${typed.length} queries in en, ja, ko; half with a filter)`);
console.log(`search.js: p50 ${ms(ours.p50)}, p99 ${ms(ours.p99)} over ${ours.n} searches; the first search (folding the names) ${ms(first)}`);
console.log(`plain substring filter (reference): p50 ${ms(plain.p50)}, p99 ${ms(plain.p99)}`);
console.log(`p99 ratio search.js / reference: ${(ours.p99 / plain.p99).toFixed(2)}×`);
