#!/usr/bin/env bash
# The installed app's icons, drawn at setup from the app's own drawings into web/icons/ (ignored):
#   icon-192.png, icon-512.png      web/icon.svg as it is (rounded, for launchers that show it whole)
#   maskable-512.png                 the same mark on a full square, inside the middle 70% that
#                                    every launcher's mask keeps (W3C manifest, purpose "maskable")
#   apple-touch-icon.png             180 px on a full square (iOS rounds the corners itself)
#   shortcut-*.png                   96 px, the Timer, Record a proof and Lifelog shortcuts, from
#                                    the paths in web/js/icons.js
# Redrawn only when a drawing is newer than the icons. rsvg-convert is Debian's librsvg2-bin.
set -euo pipefail
cd "$(dirname "$0")/.."
out=web/icons
if [ -f "$out/shortcut-lifelog.png" ] && [ "$out/shortcut-lifelog.png" -nt web/icon.svg ] && [ "$out/shortcut-lifelog.png" -nt web/js/icons.js ] \
   && [ "$out/shortcut-lifelog.png" -nt "$0" ]; then
  exit 0
fi
echo "setup: drawing the app's icons from web/icon.svg"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "$work" <<'PY'
import re, sys
work = sys.argv[1]
mark = open("web/icon.svg").read()
inner = re.search(r"<path[^>]*/>", mark).group(0)
paths = dict(re.findall(r'^\s*(\w+): "([^"]+)"', open("web/js/icons.js").read(), re.M))
square = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#1C1C1E"/>{}</svg>'
# The mark spans x 14.5–49.5 and y 17.5–46.5 with its stroke: scaled by 0.7 about the centre it
# stays within the maskable safe zone (a circle of radius 0.4 × 64).
open(f"{work}/maskable.svg", "w").write(square.format(f'<g transform="translate(9.6 9.6) scale(0.7)">{inner}</g>'))
open(f"{work}/apple.svg", "w").write(square.format(f'<g transform="translate(6.4 6.4) scale(0.8)">{inner}</g>'))
for name, icon in (("timer", "training"), ("record", "camera"), ("lifelog", "lifelog")):
    glyph = (f'<g transform="translate(14 14) scale(1.5)"><path d="{paths[icon]}" fill="none" stroke="#1DD860" '
             'stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></g>')
    open(f"{work}/shortcut-{name}.svg", "w").write(
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#1C1C1E"/>{glyph}</svg>')
PY
mkdir -p "$out"
rsvg-convert -w 192 -h 192 web/icon.svg -o "$work/icon-192.png"
rsvg-convert -w 512 -h 512 web/icon.svg -o "$work/icon-512.png"
rsvg-convert -w 512 -h 512 "$work/maskable.svg" -o "$work/maskable-512.png"
rsvg-convert -w 180 -h 180 "$work/apple.svg" -o "$work/apple-touch-icon.png"
for name in timer record lifelog; do rsvg-convert -w 96 -h 96 "$work/shortcut-$name.svg" -o "$work/shortcut-$name.png"; done
mv "$work"/*.png "$out"/
