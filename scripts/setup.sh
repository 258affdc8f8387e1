#!/usr/bin/env bash
# Installs what a fresh Debian/Ubuntu machine lacks, then the npm packages from the lock file.
#   chromium            the browser the UI tests drive (Playwright never downloads one here)
#   libsecret-1-dev     keytar builds from source against it (the OS keychain client)
#   gnome-keyring dbus  a real Secret Service for the keychain tests
#   python3-openpyxl    an independent reader of the exported workbooks in the export tests
#   faketime            runs the plain-Node tests again on another clock (scripts/test.sh)
#   time                /usr/bin/time: each test phase says its wall and CPU time
#   postgresql          a real server for the firm's shared archive tests (a throwaway cluster per run)
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(chromium libsecret-1-dev gnome-keyring dbus dbus-daemon python3 python3-openpyxl make g++ faketime time postgresql)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
if ((${#missing[@]})); then
  echo "setup: installing Debian packages: ${missing[*]}" >&2
  sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# The Electron binary cannot be downloaded everywhere; the app falls back to the browser host.
export ELECTRON_SKIP_BINARY_DOWNLOAD="${ELECTRON_SKIP_BINARY_DOWNLOAD:-}"
npm ci --no-audit --no-fund --loglevel=error
