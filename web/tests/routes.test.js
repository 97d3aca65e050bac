import test from "node:test";
import assert from "node:assert/strict";
import { match } from "../js/routes.js";

// A table of the routes' shape only (the real views need a browser).
const table = [
  { path: "home" }, { path: "workout/:id?" }, { path: "post/:id" }, { path: "routine/:id?/:mode?" }, { path: "wall/:id" },
];

test("a hash finds its route, its parts and its query", () => {
  assert.equal(match("", table).route.path, "home");
  assert.equal(match("#/", table).route.path, "home");
  assert.deepEqual(match("#/workout", table).params, {});
  assert.deepEqual(match("#/workout/new", table).params, { id: "new" });
  const post = match("#/post/7f3a?from=feed", table);
  assert.equal(post.route.path, "post/:id");
  assert.deepEqual(post.params, { id: "7f3a" });
  assert.equal(post.query.get("from"), "feed");
  assert.deepEqual(match("#/routine/ab12/edit", table).params, { id: "ab12", mode: "edit" });
  assert.equal(match("#/wall/b%2F1?token=x", table).params.id, "b/1");
});

test("a part the route does not have, or one it needs and lacks, matches nothing", () => {
  assert.equal(match("#/post", table), null);
  assert.equal(match("#/home/extra", table), null);
  assert.equal(match("#/nowhere", table), null);
});
