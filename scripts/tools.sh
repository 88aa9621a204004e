#!/usr/bin/env bash
# Provisions the real servers this project runs against into a per-user tools cache outside the
# checkout, so that every clone and CI run on the machine reuses one build. Idempotent: each step
# checks for its finished artefact first and builds in a scratch folder that is moved into place only
# when complete, so an interrupted run never leaves a half-built tool behind.
#
#   VOICE_TOOLS_DIR      the cache (default ~/.cache/voice-agent-platform/tools)
#   TEMPORAL_ADDRESS     a running Temporal cluster: skip the Temporal CLI
#   TEMPORAL_CLI_PATH    a Temporal CLI to use instead of building one (a `temporal` on PATH also wins)
#   MONGODB_URI          a running MongoDB: skip FerretDB
#   TEMPORAL_TEST_SERVER_PATH  a time-skipping test server executable to use instead of ours
#
# `node-bin` is apart from `all`: scripts/node.sh asks for it only when the machine's own Node is
# older than package.json's engines allow, and .ci/run always, so CI tests on the pinned Node 24.
set -euo pipefail

TEMPORAL_CLI_VERSION=v1.5.1
FERRETDB_VERSION=v1.24.2
# Our build carries two one-line fixes to FerretDB's SQLite backend (see ferretdb_patch); the suffix
# names that build, so a cache holding an unpatched binary builds the patched one beside it.
FERRETDB_BUILD=$FERRETDB_VERSION-idindex1
TEST_SERVER_VERSION=1.31.0
NODE_VERSION=24.21.0

TOOLS_DIR=${VOICE_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/voice-agent-platform/tools}
BIN="$TOOLS_DIR/bin"
mkdir -p "$BIN"

say() { printf '[tools] %s\n' "$*" >&2; }
die() { printf '[tools] ERROR: %s\n' "$*" >&2; exit 1; }
need() { command -v "$1" >/dev/null 2>&1 || die "$2"; }

# One provisioning run at a time per cache: a test run and `npm run dev` may start together.
lock() {
  exec 9>"$TOOLS_DIR/.lock"
  if ! flock -n 9; then
    say "another provisioning run holds $TOOLS_DIR/.lock; waiting for it"
    flock 9
  fi
}

elapsed() { echo "$(( $(date +%s) - $1 ))s"; }

temporal_cli() {
  if [ -n "${TEMPORAL_ADDRESS:-}" ]; then say "Temporal CLI: skipped (TEMPORAL_ADDRESS=$TEMPORAL_ADDRESS)"; return; fi
  if [ -n "${TEMPORAL_CLI_PATH:-}" ]; then say "Temporal CLI: using TEMPORAL_CLI_PATH=$TEMPORAL_CLI_PATH"; return; fi
  if command -v temporal >/dev/null 2>&1; then say "Temporal CLI: using $(command -v temporal) from PATH"; return; fi
  local target="$BIN/temporal-$TEMPORAL_CLI_VERSION"
  if [ -x "$target" ]; then say "Temporal CLI $TEMPORAL_CLI_VERSION: present"; return; fi
  need go "Go is needed to build the Temporal CLI: install Go 1.22+ (or set TEMPORAL_CLI_PATH / TEMPORAL_ADDRESS)"
  local start; start=$(date +%s)
  say "Temporal CLI $TEMPORAL_CLI_VERSION: building with go install (first time only, several minutes on 2 cores)..."
  local scratch; scratch=$(mktemp -d "$TOOLS_DIR/.build-temporal.XXXXXX")
  GOBIN="$scratch" GOFLAGS=-buildvcs=false go install "github.com/temporalio/cli/cmd/temporal@$TEMPORAL_CLI_VERSION"
  mv "$scratch/temporal" "$target"
  rm -rf "$scratch"
  say "Temporal CLI $TEMPORAL_CLI_VERSION: built in $(elapsed "$start")"
}

ferretdb() {
  if [ -n "${MONGODB_URI:-}" ]; then say "FerretDB: skipped (MONGODB_URI is set)"; return; fi
  local target="$BIN/ferretdb-$FERRETDB_BUILD"
  if [ -x "$target" ]; then say "FerretDB $FERRETDB_BUILD: present"; return; fi
  need go "Go is needed to build FerretDB: install Go 1.22+ (or set MONGODB_URI to a running MongoDB)"
  local start; start=$(date +%s)
  say "FerretDB $FERRETDB_VERSION: downloading the module..."
  local dir
  dir=$(go mod download -json "github.com/FerretDB/FerretDB@$FERRETDB_VERSION" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
  [ -d "$dir" ] || die "go mod download did not give a module folder for FerretDB $FERRETDB_VERSION"
  local scratch; scratch=$(mktemp -d "$TOOLS_DIR/.build-ferretdb.XXXXXX")
  cp -r "$dir/." "$scratch/src"
  chmod -R u+w "$scratch/src"
  # The module lacks the generated version file its binary embeds and checks at start (FerretDB issue 2982).
  echo "$FERRETDB_VERSION" > "$scratch/src/build/version/version.txt"
  ferretdb_patch "$scratch/src"
  say "FerretDB $FERRETDB_VERSION: building (first time only, a few minutes on 2 cores)..."
  (cd "$scratch/src" && GOFLAGS=-buildvcs=false go build -o "$scratch/ferretdb" ./cmd/ferretdb)
  mv "$scratch/ferretdb" "$target"
  rm -rf "$scratch"
  say "FerretDB $FERRETDB_VERSION: built in $(elapsed "$start")"
}

# FerretDB 1.24's SQLite backend looks documents up by `_ferretdb_sjson->'$._id'` while its unique
# _id index is on `_ferretdb_sjson->"_id"`: SQLite cannot match the two expressions, so every update
# and delete (and every find without a limit) scans the whole table, and the service slows down as
# its collections grow. Writing the lookup as `->'_id'` (the same JSON path) lets SQLite use the
# index. The second fix narrows a query by its `_id` equality even when the filter has more
# conditions (`{_id, seq: {$lt: n}}`); the handler still applies the whole filter to what comes back.
ferretdb_patch() {
  local src=$1
  local meta="$src/internal/backends/sqlite/metadata/metadata.go"
  local coll="$src/internal/backends/sqlite/collection.go"
  grep -q "IDColumn = DefaultColumn + \"->'\$._id'\"" "$meta" || die "FerretDB patch: IDColumn not found in $meta"
  sed -i "s/IDColumn = DefaultColumn + \"->'\$._id'\"/IDColumn = DefaultColumn + \"->'_id'\"/" "$meta"
  grep -q "if params.Filter.Len() == 1 {" "$coll" || die "FerretDB patch: the _id pushdown test not found in $coll"
  sed -i "s/if params.Filter.Len() == 1 {/if params.Filter.Len() >= 1 {/" "$coll"
  say "FerretDB $FERRETDB_VERSION: patched _id lookups to use the _id index"
}

test_server() {
  if [ -n "${TEMPORAL_TEST_SERVER_PATH:-}" ]; then say "Temporal test server: using TEMPORAL_TEST_SERVER_PATH"; return; fi
  local home="$TOOLS_DIR/temporal-test-server-$TEST_SERVER_VERSION"
  local target="$BIN/temporal-test-server-$TEST_SERVER_VERSION"
  if [ -x "$target" ] && [ -f "$home/app.jsa" ]; then say "Temporal test server $TEST_SERVER_VERSION: present"; return; fi
  need java "Java 17+ is needed for the Temporal time-skipping test server: install a JDK (e.g. apt-get install openjdk-17-jdk-headless)"
  need mvn "Maven is needed to fetch the Temporal test server from Maven Central: install it (e.g. apt-get install maven)"
  local start; start=$(date +%s)
  say "Temporal test server $TEST_SERVER_VERSION: fetching io.temporal:temporal-test-server and its dependencies from Maven Central..."
  local scratch; scratch=$(mktemp -d "$TOOLS_DIR/.build-test-server.XXXXXX")
  chmod 755 "$scratch"
  cat > "$scratch/pom.xml" <<POM
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>local.voice-agent-platform</groupId><artifactId>test-server-deps</artifactId><version>1</version>
  <packaging>pom</packaging>
  <dependencies>
    <dependency><groupId>io.temporal</groupId><artifactId>temporal-test-server</artifactId><version>$TEST_SERVER_VERSION</version></dependency>
    <!-- A logging binding, so SLF4J does not warn about its absence on every start. -->
    <dependency><groupId>org.slf4j</groupId><artifactId>slf4j-nop</artifactId><version>1.7.36</version></dependency>
  </dependencies>
</project>
POM
  (cd "$scratch" && mvn -B -q -Dstyle.color=never --no-transfer-progress dependency:copy-dependencies -DoutputDirectory=lib)
  rm -f "$scratch/pom.xml"
  # The SDK gives the server 5 s to listen: a class-data-sharing archive of the server's own start
  # keeps the JVM well inside that on a small machine.
  say "Temporal test server $TEST_SERVER_VERSION: recording a class-data-sharing archive for a fast start..."
  rm -rf "$home"
  mv "$scratch" "$home"
  write_test_server_wrapper "$home" "$target"
  "$target" --dump-archive
  say "Temporal test server $TEST_SERVER_VERSION: ready in $(elapsed "$start")"
}

write_test_server_wrapper() {
  local home=$1 target=$2
  cat > "$target.tmp" <<WRAP
#!/usr/bin/env bash
# Temporal's Java time-skipping test server; the TypeScript SDK runs this with one argument, the port.
set -euo pipefail
home="$home"
opts=(-XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Xss512k -cp "\$home/lib/*")
if [ "\${1:-}" = --dump-archive ]; then
  # Start once on a free port, let it come up, then stop it so the JVM writes the archive on exit.
  java "\${opts[@]}" -XX:ArchiveClassesAtExit="\$home/app.jsa" io.temporal.testserver.TestServer 0 >/dev/null 2>&1 &
  pid=\$!
  sleep 8
  kill "\$pid" 2>/dev/null || true
  wait "\$pid" 2>/dev/null || true
  exit 0
fi
[ -f "\$home/app.jsa" ] && opts+=(-XX:SharedArchiveFile="\$home/app.jsa" -Xshare:auto)
exec java "\${opts[@]}" io.temporal.testserver.TestServer "\$@"
WRAP
  chmod +x "$target.tmp"
  mv "$target.tmp" "$target"
}

# Prints the bin folder of the pinned Node, fetching it first when missing. The check before the lock
# keeps every npm script from waiting on a long build of another tool once Node is in place.
node_bin() {
  local home="$TOOLS_DIR/node-v$NODE_VERSION"
  if [ ! -x "$home/bin/node" ]; then
    lock
    [ -x "$home/bin/node" ] || fetch_node "$home"
  fi
  echo "$home/bin"
}

# The npm registry's node-linux-<arch> package is Node's official build, its bin/node the binary;
# `npm pack` fetches it without running anything.
fetch_node() {
  local home=$1 arch
  case "$(uname -sm)" in
    "Linux x86_64") arch=x64 ;;
    "Linux aarch64" | "Linux arm64") arch=arm64 ;;
    *) die "the npm registry has no Node $NODE_VERSION build for $(uname -sm) that we fetch: install Node 22.12 or newer" ;;
  esac
  need npm "npm is needed to fetch Node $NODE_VERSION from the npm registry"
  local start; start=$(date +%s)
  say "Node $NODE_VERSION: fetching node-linux-$arch@$NODE_VERSION from the npm registry (first time only)..."
  local scratch; scratch=$(mktemp -d "$TOOLS_DIR/.build-node.XXXXXX")
  (cd "$scratch" && npm pack --silent "node-linux-$arch@$NODE_VERSION" >/dev/null)
  tar -xzf "$scratch/node-linux-$arch-$NODE_VERSION.tgz" -C "$scratch"
  local got; got=$("$scratch/package/bin/node" --version) || die "the fetched Node does not run on this machine"
  [ "$got" = "v$NODE_VERSION" ] || die "the fetched Node says $got, expected v$NODE_VERSION"
  mv "$scratch/package" "$home"
  rm -rf "$scratch"
  say "Node $NODE_VERSION: ready in $(elapsed "$start")"
}

# The executables the stack runs, as key=path lines (scripts/stack.ts reads them); a key is empty where
# a variable says to use a server that is already running.
paths() {
  local temporal="" ferretdb=""
  if [ -z "${TEMPORAL_ADDRESS:-}" ]; then
    temporal=${TEMPORAL_CLI_PATH:-$(command -v temporal || echo "$BIN/temporal-$TEMPORAL_CLI_VERSION")}
  fi
  [ -n "${MONGODB_URI:-}" ] || ferretdb="$BIN/ferretdb-$FERRETDB_BUILD"
  echo "temporal=$temporal"
  echo "ferretdb=$ferretdb"
  echo "testServer=${TEMPORAL_TEST_SERVER_PATH:-$BIN/temporal-test-server-$TEST_SERVER_VERSION}"
}

case "${1:-all}" in
  all) lock; temporal_cli; ferretdb; test_server ;;
  temporal) lock; temporal_cli ;;
  ferretdb) lock; ferretdb ;;
  test-server) lock; test_server ;;
  node-bin) node_bin ;;
  paths) paths ;;
  *) die "usage: scripts/tools.sh [all|temporal|ferretdb|test-server|node-bin|paths]" ;;
esac
