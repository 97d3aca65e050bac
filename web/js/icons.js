// Icons as SVG paths (24×24, stroked): no icon font to download, no missing glyphs (no emoji
// either: not every machine has a colour emoji font).
const icons = {
  home: "M3 11l9-8 9 8v10h-6v-6H9v6H3z",
  training: "M12 8v5l3 2M9 2h6M12 4a9 9 0 100 18 9 9 0 000-18z",
  accountability: "M4 12l5 5L20 6",
  community: "M8 11a3 3 0 100-6 3 3 0 000 6zm8 0a3 3 0 100-6 3 3 0 000 6zM2 20c0-3 3-5 6-5s6 2 6 5m0-4c1-1 2-1 3-1 3 0 5 2 5 5",
  health: "M12 20s-8-5-8-11a4 4 0 018-1 4 4 0 018 1c0 6-8 11-8 11z",
  classes: "M12 3l2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z",
  lifelog: "M12 21s-7-6-7-12a7 7 0 0114 0c0 6-7 12-7 12zm0-9a3 3 0 100-6 3 3 0 000 6z",
  signage: "M3 4h18v12H3zM8 20h8M12 16v4M7 12l3-3 3 2 4-4",
  more: "M5 12h.01M12 12h.01M19 12h.01",
  account: "M12 12a4 4 0 100-8 4 4 0 000 8zM4 21c0-4 4-6 8-6s8 2 8 6",
  unknown: "M9 9a3 3 0 116 0c0 2-3 2-3 5m0 4h.01",
  // Namake-mono: a sloth's face, eye patches and a slow smile.
  sloth: "M12 4c-4.8 0-8 3.4-8 8s3.2 8 8 8 8-3.4 8-8-3.2-8-8-8zM6.5 11.5c1-1.6 3-1.6 3.5 0s-2.3 2-3.5 0zM17.5 11.5c-1-1.6-3-1.6-3.5 0s2.3 2 3.5 0zM11 14.5h2M9.5 16.8c1.5.9 3.5.9 5 0",
  heart: "M12 20s-7.5-4.6-9-9.2C1.9 7.4 4.1 4.5 7.2 4.5c1.9 0 3.5 1 4.8 2.7 1.3-1.7 2.9-2.7 4.8-2.7 3.1 0 5.3 2.9 4.2 6.3-1.5 4.6-9 9.2-9 9.2z",
  comment: "M4 5h16v11H9l-5 4z",
  camera: "M4 8h3l2-3h6l2 3h3v11H4zM12 17a4 4 0 100-8 4 4 0 000 8z",
  memo: "M4 20h4L19 9l-4-4L4 16zM14 6l4 4",
  mic: "M12 3a3 3 0 00-3 3v6a3 3 0 006 0V6a3 3 0 00-3-3zM5 11a7 7 0 0014 0M12 18v3",
  play: "M7 4l13 8-13 8z",
  flag: "M5 21V4m0 0h11l-2 4 2 4H5",
  alert: "M12 3l10 18H2zM12 10v5M12 18h.01",
  bell: "M6 16V11a6 6 0 0112 0v5l2 2H4zM10 20a2 2 0 004 0",
  sync: "M20 11a8 8 0 00-14.3-4.9L4 8M4 4v4h4M4 13a8 8 0 0014.3 4.9L20 16M20 20v-4h-4",
  moderation: "M12 3l8 3v6c0 5-3.4 8.2-8 9-4.6-.8-8-4-8-9V6zM9 12l2 2 4-4",
  flame: "M12 22c3.9 0 7-2.8 7-6.8 0-3.9-2.8-6-4-10.2-1.7 1.6-2.8 3.6-3 5.8-1.1-.8-1.8-2-2-3.6C7 9.6 5 12 5 15.2 5 19.2 8.1 22 12 22z",
};

export function icon(name) {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("class", "icon");
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS("http://www.w3.org/2000/svg", "path");
  path.setAttribute("d", icons[name] || icons.unknown);
  svg.append(path);
  return svg;
}
