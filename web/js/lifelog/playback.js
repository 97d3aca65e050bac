// The playback page: a day, week or month replayed on a map. Leaflet (installed by the setup
// step into /vendor/leaflet) draws an offline base map made from the server's OpenStreetMap
// extract (or tiles, when the server names a tile URL), the recorded stops, the estimated
// routes (dashed; straight where no road was found) and the moving person. The cursor decides
// where the person is from the time; the camera director decides where the map looks. Legs
// beyond the first arrive page by page while playback already runs.
import { formatDay, formatNumber, t } from "../i18n.js";
import { clearProblems, el, emptyState, showProblem } from "../ui.js";

import { PlaybackCursor } from "./cursor.js";
import { CameraDirector } from "./camera.js";
import { decodePolyline } from "./polyline.js";
import { baseMapSource, contains, tileZoom, tilesCovering } from "./basemap.js";
import { css } from "./minimap.js";
import { clockOf } from "./view.js";
import { icon } from "../icons.js";

let leaflet = null;
/** Loads Leaflet once (its CSS and its script), resolving to window.L. */
export function loadLeaflet() {
  if (!leaflet) {
    leaflet = new Promise((resolve, reject) => {
      if (window.L) { resolve(window.L); return; }
      document.head.append(el("link", { rel: "stylesheet", href: "/vendor/leaflet/leaflet.css" }));
      const script = el("script", { src: "/vendor/leaflet/leaflet.js" });
      script.onload = () => resolve(window.L);
      script.onerror = () => { leaflet = null; reject(new Error("leaflet")); };
      document.head.append(script);
    });
  }
  return leaflet;
}


/** The offline base map, tile by tile at the cut that suits the zoom: areas on one canvas under
 *  lines on another, not clickable; the tiles in view (and a margin) are fetched after each move,
 *  each drawn once. Hears each tile's labels. */
function drawBase(L, map, source, zooms, onLabels) {
  const water = css("--map-water", "#8fb8de");
  const park = css("--map-park", "#a9cf94");
  const styles = {
    major: { color: css("--map-major", "#ffffff"), weight: 5 },
    minor: { color: css("--map-minor", "#ffffff"), weight: 3 },
    path: { color: css("--map-path", "#d8d2c4"), weight: 1.5, dashArray: "3 3" },
    coast: { color: water, weight: 2 },
  };
  map.createPane("base-areas").style.zIndex = 250;
  map.createPane("base-lines").style.zIndex = 260;
  const levels = new Map();
  const level = (z) => {
    if (!levels.has(z)) {
      levels.set(z, { drawn: new Set(), areas: L.layerGroup(), lines: L.layerGroup(), labels: new Map(),
        areaRenderer: L.canvas({ padding: 0.5, pane: "base-areas" }), lineRenderer: L.canvas({ padding: 0.5, pane: "base-lines" }) });
    }
    return levels.get(z);
  };
  let shown = null;
  function update() {
    const z = tileZoom(zooms, map.getZoom());
    const current = level(z);
    if (shown !== current) {
      if (shown) { map.removeLayer(shown.areas); map.removeLayer(shown.lines); }
      current.areas.addTo(map);
      current.lines.addTo(map);
      shown = current;
      onLabels([...current.labels.values()]);
    }
    const b = map.getBounds().pad(0.25);
    for (const tile of tilesCovering([b.getSouth(), b.getWest(), b.getNorth(), b.getEast()], z)) {
      const key = `${tile.x}/${tile.y}`;
      if (current.drawn.has(key)) continue;
      current.drawn.add(key);
      source.tile(tile).then((drawing) => {
        if (!drawing) return;
        for (const area of drawing.areas) {
          if (area.points.length < 3) continue;
          current.areas.addLayer(L.polygon(area.points.map((p) => [p.latitude, p.longitude]), { renderer: current.areaRenderer, stroke: false,
            fillOpacity: 1, interactive: false, fillColor: area.k === "water" ? water : park }));
        }
        for (const line of drawing.lines) {
          if (line.points.length < 2) continue;
          current.lines.addLayer(L.polyline(line.points.map((p) => [p.latitude, p.longitude]),
            { renderer: current.lineRenderer, interactive: false, ...(styles[line.k] || styles.minor) }));
        }
        for (const label of drawing.labels) current.labels.set(`${label.n} ${label.a} ${label.o}`, label);
        if (shown === current) onLabels([...current.labels.values()]);
      }, (problem) => { current.drawn.delete(key); showProblem(problem); });
    }
  }
  map.on("moveend zoomend", update);
  update();
}

/** Street and place names at closer zooms: parks and lakes from 14, main streets from 15, every
 *  named street from 16; only those in view, main ones first, none closer than 80 px to one
 *  already written (at most 60), drawn again after each move. */
function drawLabels(L, map) {
  const layer = L.layerGroup().addTo(map);
  const least = { park: 14, water: 14, major: 15, minor: 16 };
  const rank = { major: 0, park: 1, water: 1, minor: 2 };
  let ordered = [];
  function redraw() {
    layer.clearLayers();
    const zoom = map.getZoom();
    const view = map.getBounds();
    const placed = [];
    for (const label of ordered) {
      if (zoom < (least[label.k] ?? 16) || !view.contains([label.a, label.o])) continue;
      const point = map.latLngToContainerPoint([label.a, label.o]);
      if (placed.some((p) => p.distanceTo(point) < 80)) continue;
      placed.push(point);
      const text = el("span", { class: `map-label ${label.k}` }, label.n);
      if (label.r) text.style.transform = `translate(-50%, -50%) rotate(${label.r}deg)`;
      layer.addLayer(L.marker([label.a, label.o], { interactive: false, keyboard: false,
        icon: L.divIcon({ className: "map-label-anchor", html: text, iconSize: null }) }));
      if (placed.length >= 60) break;
    }
  }
  map.on("zoomend moveend", redraw);
  redraw();
  return (labels) => { ordered = [...labels].sort((a, b) => (rank[a.k] ?? 3) - (rank[b.k] ?? 3)); redraw(); };
}

/** A leg as the cursor needs it: its route when known, else the straight line for now. */
function legShape(leg, stops) {
  const path = leg.path ? decodePolyline(leg.path, 6) : null;
  if (path && path.length >= 2 && leg.distances?.length === path.length) return { path, distances: leg.distances, duration: leg.duration };
  return { path: [stops[leg.from].position, stops[leg.to].position], distances: [0, leg.straight], duration: leg.duration };
}

function formatClock(seconds) {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

export function playbackView(session, {}) {
  const params = new URLSearchParams(location.hash.split("?")[1] || "");
  const range = ["day", "week", "month"].includes(params.get("range")) ? params.get("range") : "day";
  const date = /^\d{4}-\d{2}-\d{2}$/.test(params.get("date") || "") ? params.get("date") : "";
  const mapNode = el("div", { class: "playback-map", id: "playback-map", role: "region", "aria-label": t("playback.map") });
  const playButton = el("button", { type: "button", class: "button", id: "playback-play", disabled: true }, t("playback.play"));
  const speedButton = el("button", { type: "button", class: "button quiet", id: "playback-speed", disabled: true,
    "aria-label": t("playback.speed") }, "0.5×");
  const followButton = el("button", { type: "button", class: "button quiet", id: "playback-follow", hidden: true }, t("playback.follow"));
  const scrubber = el("input", { type: "range", min: 0, max: 1000, value: 0, step: 1, id: "playback-scrubber", disabled: true,
    "aria-label": t("playback.scrubber") });
  const dots = el("div", { class: "scrubber-dots" });
  const clock = el("span", { class: "muted small", id: "playback-clock" }, "0:00");
  const routing = el("span", { class: "muted small", id: "playback-routing", "aria-live": "polite" });
  const outsideNote = el("p", { class: "muted small", id: "playback-outside", hidden: true });
  const heading = el("h1", {}, t("playback.title"));
  const subtitle = el("p", { class: "muted", id: "playback-range" }, el("span", { class: "skeleton" }));
  const bubble = el("div", { class: "memo-bubble", id: "memo-bubble", hidden: true, "aria-live": "polite" });
  const controls = el("div", { class: "playback-controls" }, playButton, el("div", { class: "scrubber" }, scrubber, dots), clock, speedButton, followButton);
  const back = el("a", { class: "button quiet small", href: `#/lifelog?range=${range}${date ? `&date=${date}` : ""}` }, `‹ ${t("nav.lifelog")}`);
  const stage = el("div", { class: "playback-stage" }, mapNode, bubble);
  const view = [el("div", { class: "toolbar" }, heading, back), subtitle, stage, controls, routing, outsideNote];

  let frame = null;
  let closed = false;
  let map = null;
  view.close = () => { closed = true; cancelAnimationFrame(frame); map?.remove(); };

  (async () => {
    let L;
    try { L = await loadLeaflet(); } catch {
      showProblem({ status: 503, title: t("playback.noLeaflet"), detail: t("playback.noLeafletDetail") });
      return;
    }
    let plan, mapInfo;
    const source = baseMapSource(session);
    try {
      [plan, mapInfo] = await Promise.all([session.api(`/v1/lifelog/playback?range=${range}${date ? `&date=${date}` : ""}`), source.info]);
    } catch (problem) { showProblem(problem); return; }
    if (closed) return;
    subtitle.textContent = plan.first === plan.last ? formatDay(plan.first, { dateStyle: "full" })
      : `${formatDay(plan.first)} – ${formatDay(plan.last)}`;
    if (!plan.stops.length) {
      stage.replaceWith(emptyState(icon("lifelog"), t("playback.empty"),
        el("a", { class: "button", href: "#/lifelog" }, t("nav.lifelog"))));
      controls.hidden = true;
      return;
    }
    map = L.map(mapNode, { zoomControl: true, attributionControl: true, zoomSnap: 0.25, preferCanvas: false });
    map.attributionControl.setPrefix(false);
    if (mapInfo.credit) map.attributionControl.addAttribution(mapInfo.credit);
    if (mapInfo.tileURL) {
      L.tileLayer(mapInfo.tileURL, { maxZoom: 19 }).addTo(map);
    }
    const points = plan.stops.map((s) => [s.position.latitude, s.position.longitude]);
    map.fitBounds(L.latLngBounds(points).pad(0.2), { maxZoom: 17 });
    if (!mapInfo.tileURL && mapInfo.baseURL && mapInfo.baseZooms?.length) drawBase(L, map, source, mapInfo.baseZooms, drawLabels(L, map));
    // Places no region of the server's map holds: their legs are straight, and the page says so beside the regions' outlines.
    const outside = mapInfo.router !== "builtin" ? 0 : plan.legs.filter((leg) => leg.estimated !== false && !mapInfo.regions.some((r) =>
      contains(r.outline, plan.stops[leg.from].position) && contains(r.outline, plan.stops[leg.to].position))).length;
    if (outside) {
      for (const region of mapInfo.regions) {
        L.polygon(region.outline.map((p) => [p.latitude, p.longitude]), { color: css("--muted", "#8e8e93"), weight: 1.5, dashArray: "6 6",
          fill: false, interactive: false, className: "region-outline" }).addTo(map);
      }
      outsideNote.textContent = t("playback.outsideMap", { count: formatNumber(outside) });
      outsideNote.hidden = false;
    }

    const timeline = { stops: plan.stops.map((s) => ({ position: s.position, dwell: s.dwell, hasMemo: s.hasMemo })),
      legs: plan.legs.map((leg) => legShape(leg, plan.stops)) };
    const cursor = new PlaybackCursor(timeline);
    // A recorded path (imported) is drawn solid; a routed guess dashed; a straight line dotted.
    const routeStyle = (leg) => ({ color: css("--accent", "#1DD860"), weight: 4, opacity: leg.followsRoads === false ? 0.45 : 0.85,
      dashArray: leg.estimated === false ? null : leg.followsRoads === false ? "2 8" : "8 6", interactive: false });
    const lines = plan.legs.map((leg, i) => L.polyline(timeline.legs[i].path.map((p) => [p.latitude, p.longitude]),
      { ...routeStyle(leg), opacity: leg.path ? routeStyle(leg).opacity : 0.2 }).addTo(map));
    plan.stops.forEach((stop, i) => {
      L.circleMarker([stop.position.latitude, stop.position.longitude], { radius: stop.hasMemo ? 7 : 5, color: "#fff", weight: 2,
        fillColor: stop.hasMemo ? css("--amber", "#FFB340") : css("--accent", "#1DD860"), fillOpacity: 1, className: "stop-marker" })
        .addTo(map).on("click", () => { cursor.jumpToStop(i); cursor.pause(); show(); });
    });
    const person = L.circleMarker(points[0], { radius: 9, color: "#fff", weight: 3, fillColor: "#0A84FF", fillOpacity: 1, interactive: false,
      className: "person-marker" }).addTo(map);
    // Each stop's dot jumps there when tapped (a 44 px target around the small dot).
    dots.replaceChildren(...cursor.chapters.map((at, i) => el("button", { type: "button", class: "scrubber-dot", style: `left:${(at * 100).toFixed(2)}%`,
      "aria-label": t("playback.toStop", { n: i + 1 }), "data-at": at, onclick: () => { cursor.seek(at); show(); } })));

    // More legs, page by page, while playing.
    const recordedLegs = new Set();
    (async () => {
      let next = plan.legsURL;
      let done = plan.resolved;
      while (next && !closed) {
        routing.textContent = t("playback.routing", { done: formatNumber(done), total: formatNumber(plan.legs.length) });
        try {
          const page = await session.api(`${next}&count=64`);
          for (const leg of page.legs) {
            if (leg.estimated === false) recordedLegs.add(leg.index);
            timeline.legs[leg.index] = legShape({ ...plan.legs[leg.index], ...leg }, plan.stops);
            lines[leg.index].setLatLngs(timeline.legs[leg.index].path.map((p) => [p.latitude, p.longitude]));
            lines[leg.index].setStyle(routeStyle(leg));
          }
          done += page.legs.length;
          next = page.next;
        } catch (problem) { showProblem(problem); break; }
      }
      if (closed) return;
      // Legs along a track the person recorded (an import) say so: the rest are routes guessed between places.
      const recorded = plan.legs.filter((leg, i) => leg.estimated === false || recordedLegs.has(i)).length;
      routing.textContent = !plan.legs.length ? "" : recorded
        ? t("playback.recordedLegs", { count: formatNumber(recorded), total: formatNumber(plan.legs.length) })
        : t("playback.routed", { total: formatNumber(plan.legs.length) });
    })();

    // The camera follows until the person moves the map themselves.
    const director = new CameraDirector();
    const userMoved = () => { director.userMoved(); followButton.hidden = false; };
    for (const type of ["pointerdown", "wheel", "touchstart"]) mapNode.addEventListener(type, userMoved, { passive: true });
    mapNode.addEventListener("keydown", userMoved);
    followButton.addEventListener("click", () => { director.follow(); followButton.hidden = true; aim(true); });

    function aim(force = false) {
      const at = cursor.position;
      if (!at) return;
      const ahead = [1, 2, 3, 4].map((k) => cursor.positionAt(cursor.time + k * cursor.speed)?.point).filter(Boolean);
      const view = director.update(at.point, ahead);
      if (!view) return;
      const dLat = view.span / 2 / 111320;
      const dLon = dLat / Math.cos(view.center.latitude * Math.PI / 180);
      map.fitBounds([[view.center.latitude - dLat, view.center.longitude - dLon], [view.center.latitude + dLat, view.center.longitude + dLon]],
        { animate: !force, duration: 0.6, maxZoom: 18 });
    }

    let shownStop = null;
    function show() {
      const at = cursor.position;
      person.setLatLng([at.point.latitude, at.point.longitude]);
      scrubber.value = String(Math.round(cursor.progress * 1000));
      clock.textContent = `${formatClock(cursor.time)} / ${formatClock(cursor.total)}`;
      playButton.textContent = cursor.playing ? t("playback.pause") : t("playback.play");
      speedButton.textContent = `${cursor.speed}×`;
      mapNode.dataset.stop = at.stop ?? "";
      mapNode.dataset.leg = at.leg ?? "";
      if (at.stop !== shownStop) {
        shownStop = at.stop;
        const stop = at.stop !== null ? plan.stops[at.stop] : null;
        if (stop && stop.hasMemo) {
          bubble.replaceChildren(el("time", { class: "muted small", datetime: stop.arrivedAt }, clockOf(stop.arrivedAt)),
            ...stop.records.flatMap((r) => [r.place ? el("strong", {}, r.place) : null, r.text ? el("p", {}, r.text) : null,
              r.photo ? el("img", { src: r.photo.thumbnailURL, alt: r.text || t("lifelog.photo"), loading: "lazy" }) : null,
              // A voice note plays right in the bubble.
              r.voice ? el("audio", { controls: true, preload: "none", src: r.voice.url, class: "bubble-voice", "aria-label": t("lifelog.voice") }) : null])
              .filter(Boolean));
          bubble.hidden = false;
        } else {
          bubble.hidden = true;
        }
      }
      aim();
    }

    let last = null;
    function tick(now) {
      if (closed) return;
      if (last !== null) cursor.advance((now - last) / 1000);
      last = now;
      show();
      frame = cursor.playing ? requestAnimationFrame(tick) : null;
      if (!cursor.playing) last = null;
    }

    playButton.addEventListener("click", () => {
      clearProblems();
      if (cursor.playing) cursor.pause(); else cursor.play();
      show();
      if (cursor.playing && !frame) { last = null; frame = requestAnimationFrame(tick); }
    });
    speedButton.addEventListener("click", () => { cursor.nextSpeed(); show(); });
    scrubber.addEventListener("input", () => { cursor.seek(Number(scrubber.value) / 1000); show(); });
    for (const control of [playButton, speedButton, scrubber]) control.disabled = false;
    show();
  })();
  return view;
}
