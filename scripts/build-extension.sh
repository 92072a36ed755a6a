#!/usr/bin/env bash
# Builds the Chrome extension.
#   scripts/build-extension.sh        product build -> extension/build/chrome-mv3-prod
#   scripts/build-extension.sh e2e    also the e2e build -> extension/build/chrome-mv3-e2e
# The product build trusts PLASMO_PUBLIC_PORTAL_ORIGINS (default: the local portal on :8080).
# The e2e build trusts only http://127.0.0.1:18080, the test server, and is a separate folder so
# the product build never carries a test origin. The two builds run one after the other: they
# share extension/.plasmo.
set -euo pipefail
cd "$(dirname "$0")/.."

case "${1:-}" in
  "" | e2e) ;;
  *) echo "usage: $0 [e2e]" >&2; exit 2 ;;
esac

npm run build -w extension
if [[ "${1:-}" == "e2e" ]]; then
  PLASMO_PUBLIC_PORTAL_ORIGINS=http://127.0.0.1:18080 npm run build -w extension -- --tag=e2e
fi
