import test from "node:test";
import assert from "node:assert/strict";
import http from "node:http";
import { createApi, ProblemError, problemFrom } from "../js/api.js";

// A real HTTP server on loopback, answering like Yaruki does.
async function withServer(handler, body) {
  const server = http.createServer(handler);
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    return await body(`http://127.0.0.1:${server.address().port}`);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

test("success returns the JSON body and sends JSON", async () => {
  await withServer((req, res) => {
    let data = "";
    req.on("data", (c) => (data += c));
    req.on("end", () => {
      res.writeHead(201, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ method: req.method, type: req.headers["content-type"], got: JSON.parse(data || "null") }));
    });
  }, async (baseURL) => {
    const api = createApi({ baseURL });
    assert.deepEqual(await api("/x", { method: "POST", body: { reps: 3 } }),
      { method: "POST", type: "application/json", got: { reps: 3 } });
  });
});

test("a problem response becomes a ProblemError with its fields", async () => {
  await withServer((req, res) => {
    res.writeHead(400, { "Content-Type": "application/problem+json" });
    res.end(JSON.stringify({ type: "/problems/bad-request", title: "Bad Request", status: 400, detail: "The field 'name' is required.",
      errors: [{ field: "name", message: "is required" }] }));
  }, async (baseURL) => {
    const api = createApi({ baseURL });
    await assert.rejects(api("/x"), (error) => {
      assert.ok(error instanceof ProblemError);
      assert.equal(error.status, 400);
      assert.equal(error.title, "Bad Request");
      assert.deepEqual(error.errors, [{ field: "name", message: "is required" }]);
      return true;
    });
  });
});

test("a non-JSON failure still becomes a problem", async () => {
  const problem = await problemFrom(new Response("<html>oops</html>", { status: 502, statusText: "Bad Gateway", headers: { "Content-Type": "text/html" } }));
  assert.equal(problem.status, 502);
  assert.equal(problem.title, "Bad Gateway");
});

test("an unreachable server is a network problem in the person's language", async () => {
  const api = createApi({ baseURL: "http://127.0.0.1:1", networkProblem: () => ({ title: "サーバーに接続できません", detail: "" }) });
  await assert.rejects(api("/v1/meta"), (error) => error instanceof ProblemError && error.status === 0 && error.title === "サーバーに接続できません");
});

test("the bearer token is sent when there is one", async () => {
  await withServer((req, res) => {
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ auth: req.headers.authorization ?? null }));
  }, async (baseURL) => {
    assert.deepEqual(await createApi({ baseURL, token: () => "abc" })("/me"), { auth: "Bearer abc" });
    assert.deepEqual(await createApi({ baseURL })("/me"), { auth: null });
  });
});
