// Prices as the server keeps them: whole minor units of the currency (won and yen have none
// below 1; a dollar has 100 cents). Shown through Intl in the person's language, entered in the
// major unit and turned back into minor units without floating-point drift.
import { currentLanguage } from "../i18n.js";

export const minorUnits = { KRW: 0, JPY: 0, USD: 2 };
export const currencies = Object.keys(minorUnits);

/** "₩20,000", "$15.00", "￥1,500" for minor units of `currency`. */
export function formatMoney(minor, currency, language = currentLanguage()) {
  const digits = minorUnits[currency] ?? 2;
  return new Intl.NumberFormat(language, { style: "currency", currency, minimumFractionDigits: digits, maximumFractionDigits: digits })
    .format(minor / 10 ** digits);
}

/** "15.5" dollars → 1550 cents; null for anything that is not a plain amount with at most the currency's decimals. */
export function toMinor(text, currency) {
  const digits = minorUnits[currency] ?? 2;
  const clean = String(text).trim().replace(/[,\s]/g, "");
  const match = /^(\d{1,12})(?:\.(\d*))?$/.exec(clean);
  if (!match || (match[2] ?? "").length > digits) return null;
  const fraction = (match[2] ?? "").padEnd(digits, "0");
  return Number(match[1]) * 10 ** digits + (digits ? Number(fraction) : 0);
}

/** Minor units as the major amount a field shows: 1550 → "15.50", 20000 → "20000". */
export function toMajorText(minor, currency) {
  const digits = minorUnits[currency] ?? 2;
  if (!digits) return String(minor);
  const whole = Math.trunc(minor / 10 ** digits);
  return `${whole}.${String(Math.abs(minor) % 10 ** digits).padStart(digits, "0")}`;
}
