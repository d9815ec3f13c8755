#!/usr/bin/env bash
# A slow device's Chromium beside the machine's own (issue 46): Debian bookworm's Chromium 150
# (150.0.7871.100-1~deb12u1), before the security update, whose IndexedDB writes 2,100-2,600 rows/s
# where 156's writes about 14,000 on the same machine, as a low-end tablet's flash might. Fetched
# with `apt-get download` and unpacked (dpkg -x) under node_modules/.cache, so the installed
# Chromium, which the test suites use, stays as it is. Prints the executable's path:
#   CHROMIUM_PATH=$(scripts/slow-chromium.sh) npm run bench
set -euo pipefail
version=150.0.7871.100-1~deb12u1
root="$(cd "$(dirname "$0")/.." && pwd)/node_modules/.cache/chromium-$version"
binary="$root/usr/lib/chromium/chromium"
if [ ! -x "$binary" ]; then
  work=$(mktemp -d)
  chmod 777 "$work" # apt downloads as _apt where it can
  trap 'rm -rf "$work"' EXIT
  (cd "$work" && apt-get download -qq "chromium=$version" "chromium-common=$version" >&2) ||
    { echo "apt-get download chromium=$version failed (apt-get update first?)" >&2; exit 1; }
  mkdir -p "$root"
  for deb in "$work"/*.deb; do dpkg -x "$deb" "$root"; done
fi
"$binary" --version >&2
echo "$binary"
