import test from "node:test";
import assert from "node:assert/strict";
import { decodePolyline } from "../js/lifelog/polyline.js";

test("Google's published example decodes", () => {
  // https://developers.google.com/maps/documentation/utilities/polylinealgorithm
  const points = decodePolyline("_p~iF~ps|U_ulLnnqC_mqNvxq`@");
  assert.deepEqual(points, [{ latitude: 38.5, longitude: -120.2 }, { latitude: 40.7, longitude: -120.95 }, { latitude: 43.252, longitude: -126.453 }]);
});

test("precision 6, as routes come, and malformed text", () => {
  // The same three points at precision 6 (YarukiCore's Polyline.encode writes it this way).
  const six = decodePolyline("_izlhA~rlgdF_{geC~ywl@_kwzCn`{nI", 6);
  assert.deepEqual(six, [{ latitude: 38.5, longitude: -120.2 }, { latitude: 40.7, longitude: -120.95 }, { latitude: 43.252, longitude: -126.453 }]);
  assert.equal(decodePolyline("_p~iF~ps|U_ulL"), null, "a point cut in half");
  assert.equal(decodePolyline("ab c"), null, "a character outside the alphabet");
  assert.deepEqual(decodePolyline(""), []);
});
