#!/usr/bin/env bash
# Runs a command on a Node that package.json's engines allow: the machine's own when it is new
# enough, else the pinned Node 24 of scripts/tools.sh (fetched into the tools cache on first use).
# That Node goes first on PATH, so the command's `#!/usr/bin/env node` and every process it starts
# run on it too. The npm scripts that run the project's code are written `scripts/node.sh <command>`;
# the project's own tools (node_modules/.bin) are on PATH as in an npm script, so
# `scripts/node.sh tsx bench/turnGrid.ts` works from a shell too.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"

# Exits 0 when the node on PATH satisfies engines.node, which is written `>=MAJOR.MINOR`.
engines_allow() {
  node -e '
    const [major, minor = 0] = require(process.argv[1]).engines.node.replace(/^>=/, "").split(".").map(Number);
    const [haveMajor, haveMinor] = process.versions.node.split(".").map(Number);
    process.exit(haveMajor > major || (haveMajor === major && haveMinor >= minor) ? 0 : 1);
  ' "$root/package.json" 2>/dev/null
}

if ! engines_allow; then
  PATH="$(bash "$root/scripts/tools.sh" node-bin):$PATH"
  export PATH
fi
export PATH="$root/node_modules/.bin:$PATH"
exec "$@"
