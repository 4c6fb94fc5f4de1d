#!/usr/bin/env bash
# Before npm test: the HTML report tests open reports in Debian's chromium (driven by playwright-core,
# which downloads no browser), and bench:harness compares with wrk. Both come from Debian's
# packages; they are installed here when missing and this user may (root, or sudo without a
# password). Otherwise the browser tests are skipped, except under CI, where that is an error.
set -uo pipefail
missing=()
command -v chromium >/dev/null || missing+=(chromium)
command -v wrk >/dev/null || missing+=(wrk)
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" = 0 ]; then apt=(apt-get); elif sudo -n true 2>/dev/null; then apt=(sudo -n apt-get); else apt=(); fi
if [ ${#apt[@]} -gt 0 ] && command -v apt-get >/dev/null; then
  echo "Installing ${missing[*]} from Debian's packages for the browser tests and bench:harness ..."
  "${apt[@]}" update -qq && DEBIAN_FRONTEND=noninteractive "${apt[@]}" install -y -qq "${missing[@]}" >/dev/null && exit 0
  echo "Could not install ${missing[*]}." >&2
fi
if [ -n "${CI:-}" ]; then
  echo "CI needs ${missing[*]} (apt-get install ${missing[*]})." >&2
  exit 1
fi
echo "Note: ${missing[*]} not installed; the HTML report tests are skipped (apt-get install ${missing[*]})." >&2
exit 0
