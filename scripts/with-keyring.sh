#!/usr/bin/env bash
# Runs a command with a real, unlocked Secret Service (gnome-keyring in a private D-Bus session)
# when the machine has no session bus of its own, so that keytar meets a real keychain.
set -euo pipefail
if [ -z "${DBUS_SESSION_BUS_ADDRESS:-}" ] && command -v dbus-run-session >/dev/null \
  && command -v gnome-keyring-daemon >/dev/null; then
  exec dbus-run-session -- bash -c \
    'echo -n invoice-desk-tests | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec "$@"' _ "$@"
fi
exec "$@"
