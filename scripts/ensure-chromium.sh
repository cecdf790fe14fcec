#!/bin/sh
# The browser tests drive Debian's Chromium by its path (no browser download): install it with
# apt-get when it is missing, without questions. CHROMIUM overrides the path (default /usr/bin/chromium).
set -eu
path="${CHROMIUM:-/usr/bin/chromium}"
[ -x "$path" ] && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
	echo "The browser tests need Chromium at $path, and there is no apt-get here to install it." >&2
	echo "Install Chromium and set CHROMIUM=/path/to/chromium." >&2
	exit 1
fi
sudo=""
[ "$(id -u)" = 0 ] || sudo="sudo -n"
echo "Installing Debian's chromium for the browser tests (apt-get)..."
$sudo env DEBIAN_FRONTEND=noninteractive apt-get update -q >/dev/null
if ! $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends chromium >/dev/null \
	|| [ ! -x "$path" ]; then
	echo "Could not install chromium with apt-get (as root, or with sudo without a password)." >&2
	exit 1
fi
