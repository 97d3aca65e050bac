// The wall screen's count-up: the browser's copy of YarukiCore's CountUp, replaying the same
// vectors (web/tests/vectors/count-up.json). easeOutExpo over two seconds; a large jump runs
// linearly to 333 short in half the time, then eases; a new target takes over from the value
// on screen. Whole minor units, rounded toward the start, so it never overshoots.
export const DURATION = 2;
const SMART_THRESHOLD = 999;
const SMART_AMOUNT = 333;

export function easeOutExpo(t) {
  return t >= 1 ? 1 : (1 - Math.pow(2, -10 * t)) * 1024 / 1023;
}

export function createCountUp(value, at = 0) {
  return { target: value, segments: [{ from: value, to: value, start: at, length: 0, eased: true }] };
}

export function valueAt(counter, time) {
  for (const s of counter.segments) {
    if (time < s.start + s.length) {
      if (time <= s.start) return s.from;
      const t = (time - s.start) / s.length;
      const progress = s.eased ? easeOutExpo(t) : t;
      const exact = s.from + (s.to - s.from) * Math.min(1, progress);
      return s.to >= s.from ? Math.min(Math.floor(exact), s.to) : Math.max(Math.ceil(exact), s.to);
    }
  }
  return counter.segments.length ? counter.segments[counter.segments.length - 1].to : counter.target;
}

export function isMoving(counter, time) {
  const last = counter.segments[counter.segments.length - 1];
  return Boolean(last) && time < last.start + last.length;
}

export function retarget(counter, target, time) {
  const from = valueAt(counter, time);
  counter.target = target;
  const distance = target - from;
  if (Math.abs(distance) > SMART_THRESHOLD) {
    const middle = target - (distance > 0 ? SMART_AMOUNT : -SMART_AMOUNT);
    counter.segments = [{ from, to: middle, start: time, length: DURATION / 2, eased: false },
      { from: middle, to: target, start: time + DURATION / 2, length: DURATION / 2, eased: true }];
  } else {
    counter.segments = [{ from, to: target, start: time, length: distance === 0 ? 0 : DURATION, eased: true }];
  }
  return counter;
}

/** Digits after the decimal point of a currency's major unit (0 for yen and won, 2 for dollars). */
export function currencyDigits(currency) {
  return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits;
}

/** "1,234,567円", "₩1,234,567", "$12,345.67": minor units as money, by locale (yen in Japanese
 * reads as the shops write it, with 円 after the figure). */
export function formatMoney(minor, currency, language) {
  const currencyDisplay = language === "ja" && currency === "JPY" ? "name" : "symbol";
  const format = new Intl.NumberFormat(language, { style: "currency", currency, currencyDisplay });
  return format.format(minor / 10 ** currencyDigits(currency));
}
