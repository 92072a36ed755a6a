#!/usr/bin/env bash
# Every apt-get that installs or updates for the project's scripts goes through here (and
# scripts/ensure-face-sources.sh's `apt-get download` takes the same lock):
#
#   bash scripts/apt-install.sh PACKAGE...    installs those of the packages that are not installed,
#                                             in one `apt-get update` + `apt-get install`
#   bash scripts/apt-install.sh --update      only `apt-get update` (scripts/ensure-face-sources.sh)
#
# Prints nothing and runs no apt-get when every package is installed already. Safe to run alone
# or several at once (the server tests' Redis, PostgreSQL and the end-to-end builds may each
# install something side by side): the check and apt-get run under an flock of
# /tmp/invigil-apt.lock (INVIGIL_APT_LOCK), so the project's scripts never run apt-get side by
# side; a second one waits, then finds its packages installed. Every apt-get also waits up to
# 10 minutes for an apt or dpkg lock that something else holds (DPkg::Lock::Timeout, and a retry
# on the locks that apt 2.6 does not wait for) rather than failing at once with "Could not get
# lock". apt-get's own output goes to stderr.
set -euo pipefail

if [[ $# -eq 0 ]]; then
  echo "usage: bash scripts/apt-install.sh PACKAGE... | --update" >&2
  exit 2
fi

# The packages among the arguments that dpkg does not have installed, one a line.
missing() {
  local package
  for package in "$@"; do
    [[ "$(dpkg-query -W -f='${db:Status-Status}' "$package" 2>/dev/null)" == "installed" ]] || echo "$package"
  done
}

update_only=0
if [[ "$1" == "--update" ]]; then
  update_only=1
elif [[ -z "$(missing "$@")" ]]; then
  exit 0
fi

SUDO=()
[[ "$(id -u)" -eq 0 ]] || SUDO=(sudo)
# DPkg::Lock::Timeout makes apt-get wait for dpkg's locks, but apt 2.6 fails at once on the lists
# lock of `apt-get update` (and the archives lock): on "Could not get lock", try again for 10 minutes.
apt_get() {
  local log try
  log="$(mktemp)"
  for try in $(seq 1 120); do
    # 9<&-: nothing apt-get starts keeps our lock (apt closes such descriptors too, for dpkg).
    if "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -q -o DPkg::Lock::Timeout=600 "$@" 9<&- >"$log" 2>&1; then
      cat "$log" >&2
      rm -f "$log"
      return 0
    fi
    if ! grep -q "Could not get lock" "$log" || (( try == 120 )); then
      cat "$log" >&2
      rm -f "$log"
      return 1
    fi
    (( try > 1 )) || { grep "Could not get lock" "$log" >&2; echo "apt-install: waiting for that lock (up to 10 minutes)..." >&2; }
    sleep 5
  done
}

lock="${INVIGIL_APT_LOCK:-/tmp/invigil-apt.lock}"
# Opened for reading (flock needs no more), so a lock file that another user made still serves.
[[ -e "$lock" ]] || { (umask 000 && : >>"$lock") 2>/dev/null || true; }
exec 9<"$lock"
if ! flock -n 9; then
  echo "apt-install: waiting for another of the project's apt-get runs to finish..." >&2
  flock -w 1800 9 || { echo "apt-install: still locked after 30 minutes ($lock)" >&2; exit 1; }
fi

if (( update_only )); then
  apt_get update
  exit 0
fi

# Again under the lock: a run that held it may have installed them meanwhile.
mapfile -t todo < <(missing "$@")
(( ${#todo[@]} > 0 )) || exit 0
echo "apt-install: installing Debian's ${todo[*]}..." >&2
apt_get update
apt_get install -y --no-install-recommends "${todo[@]}"
