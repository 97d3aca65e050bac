import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const web = new URL("..", import.meta.url).pathname;

function modules(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? modules(path) : name.endsWith(".js") ? [`/${relative(web, path)}`] : [];
  });
}

test("the offline shell caches every module the app loads", () => {
  const worker = readFileSync(join(web, "sw.js"), "utf8");
  const listed = new Set([...worker.matchAll(/"(\/js\/[^"]+)"/g)].map((m) => m[1]));
  for (const module of modules(join(web, "js"))) assert.ok(listed.has(module), `${module} is missing from sw.js's SHELL`);
  for (const module of listed) assert.ok(modules(join(web, "js")).includes(module), `${module} in sw.js does not exist`);
});
