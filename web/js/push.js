// Notifications when the app is closed (Web Push): this device subscribes with the server's key,
// and the server encrypts each message for it. The service worker shows what arrives (sw.js).

/** True where this browser can receive pushes at all (iOS: only once installed to the home screen). */
export function pushSupported() {
  return "serviceWorker" in navigator && "PushManager" in globalThis && "Notification" in globalThis;
}

/** The server's key as the bytes PushManager wants. */
export function keyBytes(base64url) {
  const text = atob(base64url.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (base64url.length % 4)) % 4));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

/** This device's subscription as the server takes it (`PushSubscription.toJSON()`). */
export function subscriptionBody(subscription) {
  const { endpoint, keys } = subscription.toJSON();
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

/** Asks permission, subscribes this device and tells the server; returns the device it keeps. */
export async function subscribeDevice(session) {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") throw Object.assign(new Error("denied"), { code: "denied" });
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = await session.api("/v1/push/key");
  const subscription = await registration.pushManager.getSubscription()
    ?? await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  return session.api("/v1/me/push-subscriptions", { method: "POST", body: subscriptionBody(subscription) });
}

/** Stops pushes to this device: the browser's subscription and the server's record of it. */
export async function unsubscribeDevice(session, id) {
  const registration = await navigator.serviceWorker.ready;
  await (await registration.pushManager.getSubscription())?.unsubscribe();
  if (id) await session.api(`/v1/me/push-subscriptions/${id}`, { method: "DELETE" });
}
