// The manifests a launcher reads: one per language, the same app in each, their words the
// dictionaries' own (a renamed screen renames its shortcut), and the service worker keeps them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dictionaries, languages } from "../js/i18n.js";
import { manifestHref, shortcuts } from "../js/install.js";

const web = new URL("..", import.meta.url);
const read = (path) => JSON.parse(readFileSync(new URL("." + path, web), "utf8"));

test("every language has a manifest of the same installable app", () => {
  const english = read(manifestHref("en"));
  for (const language of languages) {
    const manifest = read(manifestHref(language));
    assert.equal(manifest.lang, language);
    for (const field of ["id", "name", "short_name", "start_url", "scope", "display", "theme_color", "background_color", "icons"]) {
      assert.deepEqual(manifest[field], english[field], `${language}: ${field}`);
    }
    assert.equal(manifest.display, "standalone");
    assert.ok(manifest.description.length > 20 && manifest.description !== english.description || language === "en", `${language}: its own description`);
    const sizes = manifest.icons.filter((i) => i.type === "image/png").map((i) => `${i.sizes} ${i.purpose}`);
    assert.deepEqual(sizes.sort(), ["192x192 any", "512x512 any", "512x512 maskable"]);
  }
});

test("each manifest's shortcuts are the timer, recording a proof and the lifelog, in its words", () => {
  for (const language of languages) {
    const manifest = read(manifestHref(language));
    assert.deepEqual(manifest.shortcuts.map((s) => s.url), shortcuts.map((s) => s.url));
    assert.deepEqual(manifest.shortcuts.map((s) => s.name), shortcuts.map((s) => dictionaries[language][s.title]), language);
    assert.ok(manifest.shortcuts.every((s) => s.icons?.[0]?.sizes === "96x96"));
  }
});

test("the service worker keeps every manifest and icon with the shell", () => {
  const worker = readFileSync(new URL("./sw.js", web), "utf8");
  const kept = new Set(JSON.parse(worker.match(/const SHELL = (\[[^\]]*\]);/s)[1].replace(/,\s*\]/, "]")));
  for (const language of languages) {
    const manifest = read(manifestHref(language));
    assert.ok(kept.has(manifestHref(language)), manifestHref(language));
    for (const src of [...manifest.icons.map((i) => i.src), ...manifest.shortcuts.flatMap((s) => s.icons.map((i) => i.src))]) {
      assert.ok(kept.has(src), src);
    }
  }
  assert.ok(kept.has("/icons/apple-touch-icon.png") && kept.has("/js/install.js"));
});
