#!/usr/bin/env bash
# Installs the system packages Quarry builds with, when any is missing; with --test also those its
# tests need (headless Chromium and its WebDriver for the web-page tests).
# As root it runs apt-get; otherwise it prints the exact command to run.
set -euo pipefail
packages=(postgresql postgresql-contrib postgresql-15-postgis-3 libpq-dev libargon2-dev libssl-dev libzxcvbn-dev
          libcurl4-openssl-dev libvips-dev zlib1g-dev pkg-config)
if [ "${1:-}" = "--test" ]; then packages+=(chromium chromium-driver); fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
line="apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then
  echo "Installing: ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "Quarry needs these packages. Run as root:" >&2
  echo "  $line" >&2
  exit 1
fi
