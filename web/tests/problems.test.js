// Problems in the person's language: titles by type or status, field lines from the shapes the
// server's checks use, and English left as the server wrote it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setCurrentLanguage } from "../js/i18n.js";
import { fieldLine, problemDetail, problemTitle } from "../js/problems.js";

test("titles come from the problem's type, else its status", () => {
  setCurrentLanguage("ja");
  assert.equal(problemTitle({ type: "/problems/invalid-credentials", status: 401, title: "Unauthorized" }), "メールアドレスかパスワードが違います");
  assert.equal(problemTitle({ type: "/problems/bad-request", status: 400, title: "Bad Request" }), "入力内容を確認してください");
  assert.equal(problemDetail({ type: "/problems/bad-request", status: 400, detail: "The field 'x' is bad." }), "", "no English in the middle of Japanese");
  setCurrentLanguage("ko");
  assert.equal(problemTitle({ type: "/problems/not-found", status: 404, title: "Not Found" }), "찾을 수 없어요");
  setCurrentLanguage("en");
  assert.equal(problemTitle({ type: "/problems/bad-request", status: 400, title: "Bad Request" }), "Bad Request");
  assert.equal(problemDetail({ status: 400, detail: "The field 'x' is bad." }), "The field 'x' is bad.");
});

test("field errors read as sentences with the field's own name", () => {
  setCurrentLanguage("ja");
  assert.equal(fieldLine("displayName", "is required"), "表示名を入力してください");
  assert.equal(fieldLine("capacity", "must be 1 to 500"), "定員は1〜500にしてください");
  assert.equal(fieldLine("exercises[1].sets[0].reps", "must be 1 to 1000"), "回数は1〜1000にしてください");
  // An API name the page has no word for is never shown.
  assert.equal(fieldLine("somethingNew", "is odd in a way nobody named"), "入力内容が正しくありません");
  assert.equal(fieldLine("photoIds", "must name a photo"), "写真が正しくありません");
  setCurrentLanguage("ko");
  assert.equal(fieldLine("email", "is not an email address"), "이메일이(가) 이메일 주소가 아니에요");
  setCurrentLanguage("en");
  assert.equal(fieldLine("displayName", "is required"), "Name: is required");
  assert.equal(fieldLine("photoIds", "is required"), "Photos: is required");
  assert.equal(fieldLine("whateverTheAPICalledIt", "is odd"), "This entry: is odd");
});

test("with field errors the server's detail, which names API fields, gives way to a plain line", () => {
  const problem = { status: 422, detail: "The field 'items[0].seconds' is required for this exercise.",
    errors: [{ field: "items[0].seconds", message: "is required for this exercise" }] };
  setCurrentLanguage("en");
  assert.equal(problemDetail(problem), "Some fields need a fix before this can be sent.");
  setCurrentLanguage("ja");
  assert.equal(problemDetail(problem), "送信する前に直してほしい項目があります。");
  setCurrentLanguage("en");
});

test("a field the page checked itself goes by the page's own label", () => {
  setCurrentLanguage("en");
  assert.equal(fieldLine("amount", "must be 0 to 1000", "Reps"), "Reps: must be 0 to 1000");
  setCurrentLanguage("ja");
  assert.equal(fieldLine("amount", "must be 0 to 1000", "回数"), "回数は0〜1000にしてください");
  setCurrentLanguage("en");
});
