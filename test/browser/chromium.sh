#!/usr/bin/env bash
# Makes sure a Chromium for the browser tests is there: Debian's (browsers cannot be downloaded here), installed
# with apt-get when it is missing and we are root; otherwise says what to do. CHROMIUM_PATH points elsewhere.
set -euo pipefail
path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$path" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "browser tests: installing Debian's chromium (apt-get install -y chromium)" >&2
  (apt-get install -y chromium >/dev/null 2>&1 || (apt-get update >/dev/null && apt-get install -y chromium >/dev/null))
  exit 0
fi
echo "browser tests: no Chromium at $path. Install one (Debian: sudo apt-get install -y chromium) or set CHROMIUM_PATH." >&2
exit 1
