import test from "node:test";
import assert from "node:assert/strict";
import { fileName } from "../js/download.js";

test("the saved name comes from Content-Disposition", () => {
  assert.equal(fileName('attachment; filename="yaruki-export-2026-11-30.zip"', "x"), "yaruki-export-2026-11-30.zip");
  assert.equal(fileName("attachment; filename*=UTF-8''%E5%86%99%E7%9C%9F.zip", "x"), "写真.zip");
  assert.equal(fileName(null, "download"), "download");
});
