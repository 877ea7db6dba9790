#!/usr/bin/env bash
# Browser tests drive Debian's Chromium through playwright-core; install it once if missing.
set -euo pipefail

if [ -x /usr/bin/chromium ]; then
  exit 0
fi

as_root=()
if [ "$(id -u)" -ne 0 ]; then
  as_root=(sudo)
fi

echo "Installing Debian's chromium package for browser tests..."
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
