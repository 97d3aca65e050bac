import test from "node:test";
import assert from "node:assert/strict";
import { addDays, currentLanguage, dictionaries, exerciseName, formatDay, formatNumber, formatRelative, pickLanguage, pluralForms, setCurrentLanguage, t, muscleName } from "../js/i18n.js";

/** A key's plural form beside it ("community.likes.one"), which only languages with that form hold. */
const isPluralForm = (key) => pluralForms.some((form) => key.endsWith(`.${form}`));

test("every language has exactly the same keys", () => {
  const english = Object.keys(dictionaries.en).filter((key) => !isPluralForm(key)).sort();
  for (const language of ["ja", "ko"]) {
    assert.deepEqual(Object.keys(dictionaries[language]).filter((key) => !isPluralForm(key)).sort(), english, `${language} differs from en`);
    for (const key of english) assert.ok(dictionaries[language][key].trim().length > 0, `${language}.${key} is empty`);
  }
});

test("placeholders match across languages", () => {
  const names = (s) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  for (const key of Object.keys(dictionaries.en).filter((key) => !isPluralForm(key))) {
    for (const language of ["ja", "ko"]) assert.deepEqual(names(dictionaries[language][key]), names(dictionaries.en[key]), `${language}.${key}`);
  }
});

test("a plural form is one its language has, beside a key it shares placeholders with", () => {
  const names = (s) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  let forms = 0;
  for (const [language, dictionary] of Object.entries(dictionaries)) {
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    for (const key of Object.keys(dictionary).filter(isPluralForm)) {
      const [base, form] = [key.slice(0, key.lastIndexOf(".")), key.slice(key.lastIndexOf(".") + 1)];
      assert.ok(categories.includes(form), `${language} has no "${form}" form (${key})`);
      assert.ok(base in dictionary, `${language}.${key} stands beside no ${base}`);
      assert.deepEqual(names(dictionary[key]), names(dictionary[base]), `${language}.${key}`);
      forms += 1;
    }
  }
  assert.ok(forms >= 14);
});

test("a count picks its plural form: one like, two likes; languages without one keep their text", () => {
  assert.equal(t("community.likes", { count: 1 }, "en"), "1 like");
  assert.equal(t("community.likes", { count: formatNumber(1, "en") }, "en"), "1 like");
  assert.equal(t("community.likes", { count: 2 }, "en"), "2 likes");
  assert.equal(t("community.likes", { count: formatNumber(1001, "en") }, "en"), "1,001 likes");
  assert.equal(t("progress.weekLine", { sessions: "1", volume: "80 kg" }, "en"), "1 session · 80 kg lifted");
  assert.equal(t("progress.weekSessions", { sessions: "0" }, "en"), "0 sessions");
  assert.equal(t("community.likes", { count: 1 }, "ja"), dictionaries.ja["community.likes"].replace("{count}", "1"));
  assert.equal(t("community.likes", {}, "en"), "{count} likes", "no count, no choice");
});

test("one term per idea: a video that proves a day is called the same on every page", () => {
  // For each language, the term in use and the words that drifted in beside it (証拠 beside 証明).
  const terms = { en: ["proof", ["evidence"]], ja: ["証明", ["証拠"]], ko: ["인증", ["증거"]] };
  for (const [language, [term, others]] of Object.entries(terms)) {
    const texts = Object.values(dictionaries[language]);
    assert.ok(texts.some((text) => text.toLowerCase().includes(term)), `${language} uses ${term}`);
    for (const other of others) {
      const found = Object.entries(dictionaries[language]).filter(([, text]) => text.toLowerCase().includes(other)).map(([key]) => key);
      assert.deepEqual(found, [], `${language}: ${other} where ${term} is meant`);
    }
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

test("muscles and time zones are named in each language, not left in English", () => {
  for (const prefix of ["muscle.", "zone.Asia/", "zone.America/", "zone.Europe/"]) {
    const keys = Object.keys(dictionaries.en).filter((key) => key.startsWith(prefix));
    assert.ok(keys.length >= 3, prefix);
    for (const language of ["ja", "ko"]) {
      for (const key of keys) assert.ok(/[^\x00-\x7F]/.test(dictionaries[language][key]), `${language} ${key}: ${dictionaries[language][key]}`);
    }
  }
  assert.equal(muscleName("quadriceps", "ja"), "大腿四頭筋");
  assert.equal(muscleName("hip flexors", "ko"), "hip flexors", "a muscle no dictionary holds shows as written");
});

test("months and years ago count whole calendar months: the same date last year is last year", () => {
  const now = new Date(2026, 11, 4, 0, 14); // 4 December 2026, just after midnight
  assert.equal(formatRelative(new Date(2025, 11, 4, 12), now, "en"), "last year"); // 364.5 days earlier
  assert.equal(formatRelative(new Date(2025, 11, 4, 12), now, "ja"), "昨年");
  assert.equal(formatRelative(new Date(2025, 11, 28, 12), now, "en"), "11 months ago");
  assert.equal(formatRelative(new Date(2024, 5, 4, 12), now, "en"), "2 years ago"); // 2½ years, rounded
  assert.equal(formatRelative(new Date(2026, 0, 31, 12), new Date(2026, 2, 1, 12), "en"), "last month"); // 29 days: not two months
  assert.equal(formatRelative(new Date(2026, 10, 4, 9), now, "en"), "last month");
  assert.equal(formatRelative(new Date(2026, 10, 7, 9), now, "en"), "4 weeks ago"); // 27 days: under a whole month
  assert.equal(formatRelative(new Date(2027, 11, 4, 12), now, "en"), "next year");
  assert.equal(formatRelative(new Date(2026, 11, 3, 20), now, "en"), "4 hours ago");
  assert.equal(formatRelative(now, now, "en"), "now");
});
