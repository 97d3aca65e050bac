// The server's problems in the person's language. The server speaks English (its `detail` and
// field messages are for developers and logs); the page shows a title for the problem's type or
// status, and each field's message from the shapes the server's checks use, in en, ja or ko.
import { currentLanguage, t } from "./i18n.js";

const has = (key) => t(key) !== key;

/** The title to show: the problem type's own, else its status's, else what the server said. */
export function problemTitle(problem) {
  const slug = String(problem.type || "").replace(/^.*\/problems\//, "");
  if (slug && has(`problem.type.${slug}`)) return t(`problem.type.${slug}`);
  if (problem.status === 0) return t("problem.network");
  if (has(`problem.status.${problem.status}`) && currentLanguage() !== "en") return t(`problem.status.${problem.status}`);
  return problem.title || t(`problem.status.${problem.status}`);
}

/** The detail to show: the server's in English; in other languages the type's own line, if any.
 * With field errors the list beneath says what is wrong in the page's own words, and the server's
 * detail (written for developers, naming API fields) gives way to one plain line. */
export function problemDetail(problem) {
  if (problem.errors?.length) return t("problem.fieldsDetail");
  if (currentLanguage() === "en") return problem.detail || "";
  const slug = String(problem.type || "").replace(/^.*\/problems\//, "");
  if (slug && has(`problem.detail.${slug}`)) return t(`problem.detail.${slug}`);
  return problem.status === 0 ? t("problem.networkDetail") : "";
}

/** A field's name as the person reads it ("displayName" → "表示名"); nested paths by their last
 * part. An API name the page has no word for is never shown: "this entry" stands for it. */
export function fieldLabel(field) {
  const last = String(field).replace(/\[\d+\]/g, "").split(".").pop();
  return has(`field.${last}`) ? t(`field.${last}`) : t("field.unknown");
}

const shapes = [
  [/^is required/, (m, field) => t("fieldError.required", { field })],
  [/^must be (-?[\d.]+) to (-?[\d.]+)/, (m, field) => t("fieldError.range", { field, min: m[1], max: m[2] })],
  [/^must be between (-?[\d.]+) and (-?[\d.]+)/, (m, field) => t("fieldError.range", { field, min: m[1], max: m[2] })],
  [/^is longer than (\d+)/, (m, field) => t("fieldError.tooLong", { field, max: m[1] })],
  [/^must have at least (\d+)/, (m, field) => t("fieldError.tooShort", { field, min: m[1] })],
  [/email/, (m, field) => t("fieldError.email", { field })],
  [/in the future/, (m, field) => t("fieldError.future", { field })],
  [/time zone/, (m, field) => t("fieldError.timeZone", { field })],
  [/link/, (m, field) => t("fieldError.link", { field })],
  [/date|YYYY/, (m, field) => t("fieldError.date", { field })],
  [/^must match/, (m, field) => t("fieldError.mismatch", { field })],
];

/** A field's error as one line in the person's language (in English, the server's own words);
 * `label` is the page's own name for a field it checked itself. */
export function fieldLine(field, message, label = fieldLabel(field)) {
  if (currentLanguage() === "en") return `${label}: ${message}`;
  for (const [pattern, say] of shapes) {
    const match = pattern.exec(String(message));
    if (match) return say(match, label);
  }
  return t("fieldError.invalid", { field: label });
}
