#!/usr/bin/env bash
# What `make test` needs from Debian besides Python, Node and make:
# - Chromium's headless shell, which the end-to-end tests drive (web/e2e), and Chromium, which the first-load
#   benchmarks measure (testkit/chromium.py);
# - nginx, which runs the web image's server config (deploy/tests/test_web_server.py);
# - Prometheus (prometheus, with promtool), which the local stack runs with the alert rules and
#   deploy/tests/test_alerts.py tests them with (issue 21).
# Installs whichever is missing with apt-get when allowed to: as root, or through sudo without a password.
# Otherwise, or with PORTAL_INSTALL_SYSTEM_PACKAGES=no, it only says what to install and fails.
#
# PORTAL_CHROMIUM_BINARY, PORTAL_HEADLESS_SHELL_BINARY, PORTAL_NGINX_BINARY and PORTAL_PROMTOOL_BINARY name the
# files looked for (their tests point them elsewhere); PORTAL_SYSTEM_PACKAGES which packages to see to (all by
# default).
set -euo pipefail

chromium=${PORTAL_CHROMIUM_BINARY:-/usr/bin/chromium}
headless_shell=${PORTAL_HEADLESS_SHELL_BINARY:-/usr/bin/chromium-headless-shell}
nginx=${PORTAL_NGINX_BINARY:-/usr/sbin/nginx}
promtool=${PORTAL_PROMTOOL_BINARY:-/usr/bin/promtool}
missing=()
missing_files=()
wanted=" ${PORTAL_SYSTEM_PACKAGES:-chromium chromium-headless-shell nginx prometheus} "  # `make run`: prometheus only
[[ "$wanted" != *" chromium "* || -x "$chromium" ]] || { missing+=(chromium); missing_files+=("$chromium"); }
[[ "$wanted" != *" chromium-headless-shell "* || -x "$headless_shell" ]] \
  || { missing+=(chromium-headless-shell); missing_files+=("$headless_shell"); }
[[ "$wanted" != *" nginx "* || -x "$nginx" ]] || { missing+=(nginx); missing_files+=("$nginx"); }
[[ "$wanted" != *" prometheus "* || -x "$promtool" ]] || { missing+=(prometheus); missing_files+=("$promtool"); }
[ ${#missing[@]} -eq 0 ] && exit 0

command_line="apt-get install -y ${missing[*]}"
refuse() {
  echo "make test needs Debian's ${missing[*]}; missing: ${missing_files[*]}" >&2
  echo "$1 Install with: $command_line" >&2
  exit 1
}

[ "${PORTAL_INSTALL_SYSTEM_PACKAGES:-yes}" = no ] && refuse "PORTAL_INSTALL_SYSTEM_PACKAGES=no:"
command -v apt-get >/dev/null 2>&1 || refuse "apt-get is not available here."
if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  as_root=(sudo -n)
else
  refuse "Installing needs root (or sudo without a password)."
fi

echo "installing ${missing[*]} from Debian ($command_line)"
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
if [[ " ${missing[*]} " == *" nginx "* ]]; then
  # The package may start nginx as a system service; the tests run their own on free ports.
  "${as_root[@]}" "$nginx" -s quit 2>/dev/null || true
fi
