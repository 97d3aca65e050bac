// Every string the app shows, one dictionary per language (i18n/en.js, ja.js, ko.js), and the
// formatting of numbers, days and times through Intl. The current language lives here and only
// here: views ask for it (or let these helpers use it), nobody passes it around.
import en from "./i18n/en.js";
import ja from "./i18n/ja.js";
import ko from "./i18n/ko.js";

export const dictionaries = { en, ja, ko };
export const languages = Object.keys(dictionaries);

/** The saved choice if any, else the first browser language we have, else English. */
export function pickLanguage(browserLanguages = [], saved = null) {
  const chosen = saved ? String(saved).toLowerCase().split("-")[0] : null;
  if (chosen && languages.includes(chosen)) return chosen;
  for (const tag of browserLanguages) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (languages.includes(base)) return base;
  }
  return "en";
}

let current = "en";
export function setCurrentLanguage(language) {
  current = languages.includes(language) ? language : "en";
  return current;
}
export function currentLanguage() { return current; }

/** The string for `key` in the current language, with {placeholders} filled in. */
export function t(key, values = {}, language = current) {
  const dictionary = dictionaries[language] ? language : "en";
  let text = dictionaries[dictionary][key] ?? dictionaries.en[key] ?? key;
  // A count picks its plural form where the language has one ("1 like", "2 likes"): the text
  // under `key.one`, `key.few`… for the form Intl.PluralRules gives the first placeholder's number.
  const first = text.match(/\{(\w+)\}/)?.[1];
  const count = first !== undefined && first in values ? Number(String(values[first]).replace(/[^\d.-]/g, "")) : NaN;
  if (Number.isFinite(count) && String(values[first]).trim() !== "") {
    const form = new Intl.PluralRules(dictionary).select(count);
    text = dictionaries[dictionary][`${key}.${form}`] ?? text;
  }
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in values ? String(values[name]) : `{${name}}`));
}

/** Plural forms a dictionary may add beside a key (CLDR's categories other than "other"). */
export const pluralForms = ["zero", "one", "two", "few", "many"];

/** "3 minutes ago" through Intl, for a past or future instant. Months and years are whole
 * calendar months, so the same date last year is "last year" even when fewer than 365 days have passed. */
export function formatRelative(date, now = new Date(), language = current) {
  const then = new Date(date);
  const seconds = Math.round((then - now) / 1000);
  const format = new Intl.RelativeTimeFormat(language, { numeric: "auto" });
  if (Math.abs(seconds) >= 28 * 86400) {
    let months = (then.getFullYear() - now.getFullYear()) * 12 + (then.getMonth() - now.getMonth());
    if (months < 0 && then.getDate() > now.getDate()) months += 1; // only whole months count
    if (months > 0 && then.getDate() < now.getDate()) months -= 1;
    if (Math.abs(months) >= 12) return format.format(Math.round(months / 12), "year");
    if (months !== 0) return format.format(months, "month");
  }
  for (const [unit, size] of [["week", 604800], ["day", 86400], ["hour", 3600], ["minute", 60]]) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(0, "second");
}

/** Numbers through Intl in the person's locale. */
export function formatNumber(value, language = current) {
  return new Intl.NumberFormat(language).format(value);
}

/** "12.3 MB": a size in bytes, in the largest unit under 1,000. */
export function formatBytes(bytes, language = current) {
  const units = ["byte", "kilobyte", "megabyte", "gigabyte", "terabyte"];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) { value /= 1000; unit += 1; }
  return new Intl.NumberFormat(language, { style: "unit", unit: units[unit], unitDisplay: "short", maximumFractionDigits: 1 }).format(value);
}

/** An instant through Intl in the person's locale (`options` as Intl.DateTimeFormat takes them). */
export function formatInstant(date, options, language = current) {
  return new Intl.DateTimeFormat(language, options).format(new Date(date));
}

/** "Nov 23" for a YYYY-MM-DD in the person's language, without moving it through a time zone. */
export function formatDay(date, options = { month: "short", day: "numeric" }, language = current) {
  const [y, m, d] = date.split("-").map(Number);
  return new Intl.DateTimeFormat(language, { ...options, timeZone: "UTC" }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** Adds days to a YYYY-MM-DD date, in plain calendar arithmetic (no time zone involved). */
export function addDays(date, days) {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The day of an instant in a time zone (the person's own), as YYYY-MM-DD. */
export function dayIn(timeZone, instant = new Date()) {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone: timeZone || undefined, year: "numeric", month: "2-digit", day: "2-digit" })
    .formatToParts(new Date(instant));
  const get = (type) => parts.find((p) => p.type === type).value;
  return `${get("year")}-${get("month")}-${get("day")}`;
}

/** Today in a time zone, as YYYY-MM-DD. */
export function todayIn(timeZone) { return dayIn(timeZone); }

/** "2026-12" → "2027-01"; a negative `delta` goes back. */
export function shiftMonth(month, delta) {
  const [y, m] = month.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1 + delta, 1)).toISOString().slice(0, 7);
}

/** An exercise's name in the person's language (English when the catalog lacks it). */
export function exerciseName(exercise, language = current) {
  return exercise.names[language] || exercise.names.en;
}

/** A muscle (as the catalog names it, in English) in the person's language; a name the
 * dictionaries do not hold shows as written. */
export function muscleName(muscle, language = current) {
  const key = `muscle.${muscle}`;
  const named = t(key, {}, language);
  return named === key ? muscle : named;
}
