import test from "node:test";
import assert from "node:assert/strict";
import { addDays, currentLanguage, dictionaries, exerciseName, formatDay, formatNumber, pickLanguage, setCurrentLanguage, t } from "../js/i18n.js";

test("every language has exactly the same keys", () => {
  const english = Object.keys(dictionaries.en).sort();
  for (const language of ["ja", "ko"]) {
    assert.deepEqual(Object.keys(dictionaries[language]).sort(), english, `${language} differs from en`);
    for (const key of english) assert.ok(dictionaries[language][key].trim().length > 0, `${language}.${key} is empty`);
  }
});

test("placeholders match across languages", () => {
  const names = (s) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  for (const key of Object.keys(dictionaries.en)) {
    for (const language of ["ja", "ko"]) assert.deepEqual(names(dictionaries[language][key]), names(dictionaries.en[key]), `${language}.${key}`);
  }
});

test("language comes from the saved choice, then the browser, then English", () => {
  assert.equal(pickLanguage(["ja-JP", "en-US"]), "ja");
  assert.equal(pickLanguage(["fr-FR", "ko-KR"]), "ko");
  assert.equal(pickLanguage(["fr-FR"]), "en");
  assert.equal(pickLanguage([]), "en");
  assert.equal(pickLanguage(["ja"], "ko"), "ko");
  assert.equal(pickLanguage(["ja"], "xx"), "ja");
});

test("t fills placeholders and falls back to English, then the key", () => {
  assert.equal(t("status.ok", { version: "1.2.3", database: "sqlite" }, "en"), "Server 1.2.3 is up · sqlite");
  assert.equal(t("status.ok", { version: "1.2.3", database: "sqlite" }, "ko"), "서버 1.2.3 작동 중 · sqlite");
  assert.equal(t("nav.home", {}, "xx"), "Home");
  assert.equal(t("no.such.key", {}, "ja"), "no.such.key");
});

test("numbers are grouped by locale", () => {
  assert.equal(formatNumber(1234567, "en"), "1,234,567");
  assert.equal(formatNumber(1234567, "ja"), "1,234,567");
});

test("the current language is the one source every helper reads", () => {
  assert.equal(setCurrentLanguage("ko"), "ko");
  assert.equal(currentLanguage(), "ko");
  assert.equal(t("nav.home"), "홈");
  assert.equal(exerciseName({ names: { en: "Squat", ja: "スクワット", ko: "스쿼트" } }), "스쿼트");
  assert.equal(exerciseName({ names: { en: "Plank" } }), "Plank");
  assert.equal(formatDay("2026-11-30", { month: "long", day: "numeric" }), "11월 30일");
  assert.equal(setCurrentLanguage("xx"), "en", "an unknown language falls back to English");
});

test("days move by calendar arithmetic, across months and years", () => {
  assert.equal(addDays("2026-11-30", 1), "2026-12-01");
  assert.equal(addDays("2026-12-31", 1), "2027-01-01");
  assert.equal(addDays("2026-03-01", -1), "2026-02-28");
});
