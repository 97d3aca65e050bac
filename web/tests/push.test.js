// The page's side of Web Push: the server's key as PushManager takes it, and a subscription as the server takes it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { keyBytes, subscriptionBody } from "../js/push.js";

test("the server's base64url key becomes its 65 bytes, without padding or URL-safe letters in the way", () => {
  const key = "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8";
  const bytes = keyBytes(key);
  assert.equal(bytes.length, 65);
  assert.equal(bytes[0], 4);
  assert.equal(Buffer.from(bytes).toString("base64url"), key);
});

test("a subscription is sent as its endpoint and keys only", () => {
  const subscription = { toJSON: () => ({ endpoint: "https://fcm.googleapis.com/fcm/send/abc", expirationTime: null,
    keys: { p256dh: "BCVx", auth: "BTBZ" } }) };
  assert.deepEqual(subscriptionBody(subscription), { endpoint: "https://fcm.googleapis.com/fcm/send/abc", keys: { p256dh: "BCVx", auth: "BTBZ" } });
});
