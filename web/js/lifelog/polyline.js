// Google's encoded polyline, the twin of Polyline in YarukiCore: precision 5 for the base map,
// 6 for routes (as OSRM sends them).

/** Points of an encoded polyline, as {latitude, longitude}; null when the text is malformed. */
export function decodePolyline(text, precision = 5) {
  const factor = 10 ** precision;
  const points = [];
  let index = 0;
  let lat = 0;
  let lon = 0;
  function next() {
    let result = 0;
    let shift = 0;
    let byte;
    do {
      if (index >= text.length) return null;
      byte = text.charCodeAt(index++) - 63;
      if (byte < 0 || byte > 63) return null;
      result += (byte & 0x1f) * 2 ** shift;
      shift += 5;
    } while (byte >= 0x20);
    return result % 2 === 1 ? -(result + 1) / 2 : result / 2;
  }
  while (index < text.length) {
    const dLat = next();
    const dLon = next();
    if (dLat === null || dLon === null) return null;
    lat += dLat;
    lon += dLon;
    points.push({ latitude: lat / factor, longitude: lon / factor });
  }
  return points;
}
