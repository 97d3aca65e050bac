// kg or lb per person: weights are kept in kg and shown in the person's unit (lb to a tenth),
// and what is typed in pounds is stored back in kg.
import { formatNumber } from "../i18n.js";

const POUND = 0.45359237;

export function weightIn(unit) {
  const shown = (kg) => (kg == null ? null : unit === "lb" ? Math.round((kg / POUND) * 10) / 10 : kg);
  const stored = (value) => (value == null ? null : unit === "lb" ? value * POUND : value);
  return { unit, shown, stored, text: (kg) => `${formatNumber(shown(kg))} ${unit}` };
}

/** Whether a set of the exercise is written with a weight: the bar's kinds and the body plus or
 *  less a load; a body-weight move or a timed one takes one only when asked (a vest, a belt). */
export function takesWeight(exercise) {
  return ["weightReps", "weightedBodyweight", "assistedBodyweight", "weightDistance"].includes(exercise?.kind ?? "weightReps");
}

/** Distances are kept in metres and shown in kilometres, or in miles for someone who lifts in pounds. */
export function distanceIn(weightUnit) {
  const mile = 1609.344;
  const unit = weightUnit === "lb" ? "mi" : "km";
  const per = unit === "mi" ? mile : 1000;
  return { unit, shown: (m) => (m == null ? null : Math.round((m / per) * 100) / 100), stored: (value) => (value == null ? null : Math.round(value * per)) };
}

/** Whether a set of the exercise covers a distance (a run, a farmer's walk). */
export function coversDistance(exercise) {
  return ["distanceDuration", "weightDistance"].includes(exercise?.kind);
}
