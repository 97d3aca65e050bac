// A new record's id that sorts by when it was made (RFC 9562 version 7: 48 bits of Unix
// milliseconds, then 74 random bits), as the server and the Swift client make theirs: ids made
// this way land at the end of every index keyed by them, so a write dirties fewer of the
// database's pages than a random id (crypto.randomUUID, version 4) does.
export function newRecordId(now = Date.now(), random = (bytes) => crypto.getRandomValues(bytes)) {
  const b = random(new Uint8Array(16));
  let ms = Math.max(0, Math.floor(now));
  for (let i = 5; i >= 0; i--) {
    b[i] = ms % 256;
    ms = Math.floor(ms / 256);
  }
  b[6] = 0x70 | (b[6] & 0x0f);
  b[8] = 0x80 | (b[8] & 0x3f);
  const h = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
