// The Classes modules under node: prices in minor units both ways, the seats line, the outcome a
// checkout shows for each order state, and the class form's own checks before anything is sent.
import { test } from "node:test";
import assert from "node:assert/strict";
import { formatMoney, toMajorText, toMinor } from "../js/classes/money.js";
import { setCurrentLanguage, shiftMonth, dayIn, t } from "../js/i18n.js";

// The modules that draw pages import ui.js, which needs a document only when called.
const { classWhen, classZone, seatsLabel, zoneCity } = await import("../js/classes/view.js");
const { outcomeOf, portOneRequest, providerReturn, redirectUrl } = await import("../js/classes/checkout.js");
const { readClassForm } = await import("../js/classes/editor.js");

test("prices are kept in minor units and shown in the currency's own", () => {
  assert.equal(toMinor("15.5", "USD"), 1550);
  assert.equal(toMinor("15.05", "USD"), 1505);
  assert.equal(toMinor("0.1", "USD"), 10);
  assert.equal(toMinor("20,000", "KRW"), 20000);
  assert.equal(toMinor("1500", "JPY"), 1500);
  assert.equal(toMinor("15.5", "KRW"), null, "won have no fraction");
  assert.equal(toMinor("15.555", "USD"), null, "a dollar has two decimals");
  assert.equal(toMinor("-3", "USD"), null);
  assert.equal(toMinor("abc", "USD"), null);
  assert.equal(toMajorText(1550, "USD"), "15.50");
  assert.equal(toMajorText(5, "USD"), "0.05");
  assert.equal(toMajorText(20000, "KRW"), "20000");
  assert.equal(formatMoney(1550, "USD", "en"), "$15.50");
  assert.equal(formatMoney(20000, "KRW", "en"), "₩20,000");
  assert.equal(formatMoney(20000, "KRW", "ko"), "₩20,000");
  assert.equal(formatMoney(1500, "JPY", "ja"), "￥1,500");
});

test("months step across years and instants fall on the zone's own day", () => {
  assert.equal(shiftMonth("2026-12", 1), "2027-01");
  assert.equal(shiftMonth("2026-01", -1), "2025-12");
  assert.equal(dayIn("Asia/Seoul", "2026-11-30T16:00:00Z"), "2026-12-01");
  assert.equal(dayIn("America/Los_Angeles", "2026-12-01T06:00:00Z"), "2026-11-30");
});

test("the seats line says full, few, open or cancelled", () => {
  setCurrentLanguage("en");
  assert.deepEqual(seatsLabel({ state: "open", seatsLeft: 0 }), { text: "Full", tone: "full" });
  assert.deepEqual(seatsLabel({ state: "open", seatsLeft: 2 }), { text: "2 seats left", tone: "few" });
  assert.equal(seatsLabel({ state: "open", seatsLeft: 7 }).tone, "open");
  assert.equal(seatsLabel({ state: "cancelled", seatsLeft: 4 }).tone, "cancelled");
});

test("a checkout's outcome follows the order's state and says why", () => {
  setCurrentLanguage("en");
  assert.equal(outcomeOf({ state: "pending" }), null, "still paying: the form stays");
  assert.equal(outcomeOf({ state: "paid" }).tone, "ok");
  assert.equal(outcomeOf({ state: "failed", reason: "declined" }).text, t("order.reason.declined"));
  const full = outcomeOf({ state: "refunded", reason: "full" });
  assert.equal(full.tone, "warn");
  assert.match(full.text, /last seat/);
  assert.equal(outcomeOf({ state: "expired" }).title, "Order expired");
  setCurrentLanguage("ko");
  assert.equal(outcomeOf({ state: "refunding", reason: "classCancelled" }).text, t("order.reason.classCancelled", {}, "ko"));
  setCurrentLanguage("en");
});

test("the class form checks its fields before sending and sends minor units", () => {
  setCurrentLanguage("en");
  const base = { title: "Kettlebell", description: "", kind: "once", startsAt: "2030-01-02T19:00", month: "2030-01", time: "19:00", weekdays: [],
    durationMinutes: "60", place: "Studio 2", onlineUrl: "", capacity: "8", currency: "USD", price: "15.00", cancelHours: "24" };
  const ok = readClassForm(base, { editing: false });
  assert.deepEqual(ok.errors, []);
  assert.equal(ok.body.price, 1500);
  assert.equal(ok.body.currency, "USD");
  assert.equal(ok.body.startsAt, new Date("2030-01-02T19:00").toISOString());
  assert.equal(ok.body.series, undefined);
  const series = readClassForm({ ...base, kind: "series", weekdays: ["2", "4"] }, { editing: false });
  assert.deepEqual(series.body.series, { month: "2030-01", weekdays: [2, 4], time: "19:00" });
  assert.equal(series.body.startsAt, undefined);
  const bad = readClassForm({ ...base, title: " ", price: "15.555", capacity: "0", durationMinutes: "5", onlineUrl: "ftp://x", kind: "series" },
    { editing: false });
  assert.deepEqual(bad.errors.map((e) => e.field).sort(), ["capacity", "durationMinutes", "onlineUrl", "price", "series.weekdays", "title"]);
  const edit = readClassForm({ ...base, onlineUrl: "" }, { editing: true });
  assert.equal(edit.body.currency, undefined, "the currency stays as it was");
  assert.equal(edit.body.onlineUrl, "", "an emptied link is removed");
});

test("PortOne is asked with the method's channel, a way back for phones, and the person's language", () => {
  const order = { id: "6F1D2C3A-5B4E-4D7F-9A8B-1C2D3E4F5A6B", paymentId: "yaruki-6f1d", amount: 20000, currency: "KRW",
    checkout: { storeId: "store-1", orderName: "Kettlebell basics" } };
  const card = portOneRequest(order, { method: "card", channelKey: "channel-key-card", payMethod: "CARD" }, { origin: "https://gym.example", language: "ko" });
  assert.deepEqual(card, { storeId: "store-1", channelKey: "channel-key-card", paymentId: "yaruki-6f1d", orderName: "Kettlebell basics",
    totalAmount: 20000, currency: "KRW", payMethod: "CARD", redirectUrl: `https://gym.example/?checkout=${order.id}`, locale: "KO_KR" });
  const kakao = portOneRequest(order, { method: "kakaopay", channelKey: "channel-key-kakao", payMethod: "EASY_PAY", easyPayProvider: "KAKAOPAY" },
    { origin: "https://gym.example", language: "ja-JP" });
  assert.equal(kakao.channelKey, "channel-key-kakao");
  assert.deepEqual(kakao.easyPay, { easyPayProvider: "KAKAOPAY" });
  assert.equal(kakao.locale, "JA_JP");
  assert.equal(redirectUrl("http://localhost:8080", "x y"), "http://localhost:8080/?checkout=x%20y");
});

test("the app opened at PortOne's redirect goes to the order's checkout and says whether PortOne reported a failure", () => {
  const id = "6F1D2C3A-5B4E-4D7F-9A8B-1C2D3E4F5A6B";
  assert.equal(providerReturn(`?checkout=${id}&paymentId=yaruki-1&transactionType=PAYMENT&txId=tx`), `#/checkout/${id}?returned=1`);
  const failed = providerReturn(`?checkout=${id}&paymentId=yaruki-1&code=FAILURE_TYPE_PG&message=${encodeURIComponent("사용자가 결제를 취소했습니다")}`);
  const query = new URLSearchParams(failed.split("?")[1]);
  assert.equal(query.get("code"), "FAILURE_TYPE_PG");
  assert.equal(query.get("message"), "사용자가 결제를 취소했습니다");
  assert.equal(providerReturn(""), null);
  assert.equal(providerReturn("?checkout=../../etc"), null, "only an order id");
});

test("an in-person class is told on its own clock with its place named; an online one on the viewer's", () => {
  setCurrentLanguage("en");
  // 07:00 in Seoul on Tuesday 8 December 2026 is 14:00 on Monday the 7th in Los Angeles.
  const studio = { startsAt: "2026-12-07T22:00:00Z", durationMinutes: 60, timeZone: "Asia/Seoul", online: false };
  assert.equal(classZone(studio, "America/Los_Angeles"), "Asia/Seoul");
  const when = classWhen(studio, "America/Los_Angeles");
  assert.equal(when.day, "Tue, Dec 8");
  assert.match(when.time, /^7:00\sAM–8:00\sAM Seoul$/);
  // In Seoul itself no place is named: it is the viewer's own clock.
  assert.match(classWhen(studio, "Asia/Seoul").time, /^7:00\sAM–8:00\sAM$/);
  const online = { ...studio, online: true };
  assert.equal(classZone(online, "America/Los_Angeles"), "America/Los_Angeles");
  const remote = classWhen(online, "America/Los_Angeles");
  assert.equal(remote.day, "Mon, Dec 7");
  assert.match(remote.time, /^2:00\sPM–3:00\sPM$/);
  setCurrentLanguage("ja");
  assert.equal(zoneCity("Asia/Seoul"), "ソウル");
  assert.match(classWhen(studio, "Asia/Tokyo").time, /7:00.*ソウル$/);
  setCurrentLanguage("ko");
  assert.equal(zoneCity("America/Los_Angeles"), "로스앤젤레스");
  assert.equal(zoneCity("Africa/Nairobi"), "Nairobi", "a zone no dictionary names: its city from the id");
  setCurrentLanguage("en");
});
