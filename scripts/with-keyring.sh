#!/usr/bin/env bash
# Runs a command with a real, unlocked Secret Service (gnome-keyring in a private D-Bus session)
# when the machine has no session bus of its own, so that keytar meets a real keychain.
# The keyring lives in a throwaway folder: it never meets (or is locked by) the user's own.
set -euo pipefail
if [ -z "${DBUS_SESSION_BUS_ADDRESS:-}" ] && command -v dbus-run-session >/dev/null \
  && command -v gnome-keyring-daemon >/dev/null; then
  keyring_home=$(mktemp -d)
  trap 'rm -rf "$keyring_home"' EXIT
  status=0
  XDG_DATA_HOME="$keyring_home" dbus-run-session -- bash -c \
    'echo -n invoice-desk-tests | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec "$@"' _ "$@" || status=$?
  exit "$status"
fi
exec "$@"
