// The real exercise catalog as the browser receives it, read from the Swift file that holds it
// (Sources/YarukiCore/Training/ExerciseCatalog+Rows.swift), for the search's tests and benchmark.
import { readFileSync } from "node:fs";

export function readCatalog() {
  const source = readFileSync(new URL("../../Sources/YarukiCore/Training/ExerciseCatalog+Rows.swift", import.meta.url), "utf8");
  const rows = source.slice(source.indexOf('#"""\n') + 5, source.lastIndexOf('\n"""#'));
  const list = (text) => (text ? text.split(",") : []);
  return rows.split("\n").map((line) => {
    const [id, kind, category, equipment, level, muscles, secondary, en, ja, ko] = line.split("\t");
    return { id, kind, category, equipment: equipment || undefined, level, muscles: list(muscles), secondaryMuscles: list(secondary), names: { en, ja, ko } };
  });
}
