#!/usr/bin/env bash
# The headless browser of tests/test_browser.py: Debian's chromium package (it also
# prints the reports to PDF there, whose pages pypdf from the test extras counts). Idempotent:
# nothing to do when chromium is already there; otherwise apt-get (as root), refreshing
# the package lists only if the install fails on stale ones.
set -euo pipefail

if command -v chromium >/dev/null 2>&1; then
    echo "chromium: $(command -v chromium)"
    exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
    echo "error: chromium is not installed and this is not root; run: apt-get install -y --no-install-recommends chromium" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
if ! apt-get install -y -q --no-install-recommends chromium >/dev/null; then
    apt-get update -q >/dev/null
    apt-get install -y -q --no-install-recommends chromium >/dev/null
fi
echo "chromium: $(command -v chromium) (installed)"
