// The base map's tile arithmetic and region test, against values worked out by hand and the
// server's own (Swift's BaseTiles.tile gives 18654/9484 at zoom 15 for central Helsinki).
import { test } from "node:test";
import assert from "node:assert/strict";
import { baseMapSource, contains, tileOf, tileZoom, tilesCovering } from "../js/lifelog/basemap.js";

test("a point's tile is the web's x/y at that zoom", () => {
  assert.deepEqual(tileOf(60.17, 24.94, 15), { x: 18654, y: 9484 });
  assert.deepEqual(tileOf(60.17, 24.94, 11), { x: 1165, y: 592 });
  assert.deepEqual(tileOf(0, 0, 1), { x: 1, y: 1 });
  assert.deepEqual(tileOf(89.9, -180, 3), { x: 0, y: 0 }, "clamped to the square world");
  assert.deepEqual(tileOf(-89.9, 180, 3), { x: 7, y: 7 });
});

test("a map draws the greatest cut not above its zoom", () => {
  assert.equal(tileZoom([11, 13, 15], 18), 15);
  assert.equal(tileZoom([15, 11, 13], 14.75), 13);
  assert.equal(tileZoom([11, 13, 15], 13), 13);
  assert.equal(tileZoom([11, 13, 15], 9), 11, "further out than every cut: the least");
});

test("the tiles over a box, the middle first, at most as many as asked", () => {
  const tiles = tilesCovering([60.16, 24.92, 60.18, 24.96], 15);
  const xs = new Set(tiles.map((t) => t.x)), ys = new Set(tiles.map((t) => t.y));
  assert.deepEqual([...xs].sort(), [18652, 18653, 18654, 18655]);
  assert.equal(tiles.length, xs.size * ys.size);
  assert.ok(tiles.every((t) => t.z === 15));
  const few = tilesCovering([60.0, 24.0, 61.0, 26.0], 15, 10);
  assert.equal(few.length, 10);
  const [a, b] = [tileOf(61.0, 24.0, 15), tileOf(60.0, 26.0, 15)];
  const middle = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  assert.ok(Math.abs(few[0].x - middle.x) <= 1 && Math.abs(few[0].y - middle.y) <= 1);
});

test("a region holds the points inside its outline", () => {
  const square = [{ latitude: 60, longitude: 24 }, { latitude: 60, longitude: 25 }, { latitude: 61, longitude: 25 }, { latitude: 61, longitude: 24 }];
  assert.ok(contains(square, { latitude: 60.5, longitude: 24.5 }));
  assert.ok(!contains(square, { latitude: 59.9, longitude: 24.5 }));
  assert.ok(!contains(square, { latitude: 60.5, longitude: 25.1 }));
  assert.ok(!contains([], { latitude: 60.5, longitude: 24.5 }));
});

test("each tile is asked for once, and a failed one again", async () => {
  const asked = [];
  let fail = true;
  const session = { api: async (path) => {
    asked.push(path);
    if (path === "/v1/map") return { baseURL: "/v1/map/base/{z}/{x}/{y}", baseZooms: [11, 13, 15], regions: [{ name: "r", outline: "_p~iF~ps|U_ulLnnqC_mqNvxq`@", timestamp: 0 }] };
    if (path.endsWith("/9/9") && fail) { fail = false; throw { status: 503 }; }
    return { areas: [], lines: [{ k: "major", p: "_p~iF~ps|U_ulLnnqC" }], labels: [] };
  } };
  const source = baseMapSource(session);
  const [a, b] = await Promise.all([source.tile({ z: 15, x: 1, y: 2 }), source.tile({ z: 15, x: 1, y: 2 })]);
  assert.equal(a, b);
  assert.equal(a.lines[0].points.length, 2);
  assert.deepEqual(a.lines[0].box.map((v) => Math.round(v)), [39, -121, 41, -120]);
  await assert.rejects(source.tile({ z: 15, x: 9, y: 9 }));
  assert.ok(await source.tile({ z: 15, x: 9, y: 9 }));
  assert.deepEqual(asked, ["/v1/map", "/v1/map/base/15/1/2", "/v1/map/base/15/9/9", "/v1/map/base/15/9/9"]);
  assert.equal((await source.info).regions[0].outline.length, 3);
  assert.equal(await source.regionOf({ latitude: 0, longitude: 0 }), null);
});
