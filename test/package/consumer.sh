#!/usr/bin/env bash
# The package as a user gets it: packs the tarball (`npm pack` of the built dist/), installs it into an empty
# TypeScript project made from test/package/consumer/ in a temp dir (strict, skipLibCheck off, NodeNext), then
# type-checks that project (our published .d.ts included), runs its Vitest spec against
# `mailcoach-emulator/testing`, runs the `mailcoach-emulator` command, and checks that a stack trace under
# `node --enable-source-maps` shows our TypeScript source. Run `npm run build` first (`npm test` does).
#
# The consumer's typescript, vitest and @types/node are the versions this repo pins. Installs come from npm's
# cache when they can (--prefer-offline: on CI `npm ci` has just filled it). better-sqlite3's native addon is not
# compiled again (45 s to 2 min on 2 cores) when this repo's node_modules holds one built for the same version:
# it is copied in, the one file its install script would have built. MCE_CONSUMER_COMPILE=1 compiles it as a
# user's install does; MCE_CONSUMER_KEEP=1 keeps the temp project to look into a failure.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
started=$SECONDS
say() { echo "package consumer: $*"; }
fail() { say "FAILED: $*" >&2; exit 1; }

for built in dist/bundle/testing.js dist/bundle/cli.js dist/server/testing/index.d.ts; do
  [ -f "$built" ] || fail "$built is missing: run \`npm run build\` first"
done

WORK="$(mktemp -d "${TMPDIR:-/tmp}/mce-consumer-XXXXXX")"
if [ "${MCE_CONSUMER_KEEP:-}" = "1" ]; then trap 'say "kept $WORK"' EXIT; else trap 'rm -rf "$WORK"' EXIT; fi
LOG="$WORK/step.log"

# Runs a step with its output kept aside; prints the output and stops when it fails.
step() {
  local name="$1"
  shift
  local from=$SECONDS
  if ! "$@" >"$LOG" 2>&1; then
    cat "$LOG" >&2
    fail "$name (\`$*\` in ${PWD/#$WORK/<temp>})"
  fi
  say "$name: ok ($((SECONDS - from)) s)"
}

npm pack --ignore-scripts --json --pack-destination "$WORK" >"$WORK/pack.json" 2>"$LOG" || { cat "$LOG" >&2; fail "npm pack"; }
TARBALL="$WORK/$(node -p 'JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"))[0].filename' "$WORK/pack.json")"
say "tarball: $(basename "$TARBALL"), $(stat -c %s "$TARBALL") bytes"

PROJECT="$WORK/project"
cp -r test/package/consumer "$PROJECT"
# The template's package.json, with the tarball as its dependency and this repo's pinned tool versions.
node -e '
  const { readFileSync, writeFileSync } = require("node:fs");
  const [file, tarball] = process.argv.slice(1);
  const ours = JSON.parse(readFileSync("package.json", "utf8"));
  const consumer = JSON.parse(readFileSync(file, "utf8"));
  consumer.dependencies = { [ours.name]: `file:${tarball}` };
  consumer.devDependencies = Object.fromEntries(
    ["@types/node", "typescript", "vitest"].map((name) => [name, ours.devDependencies[name]]),
  );
  writeFileSync(file, JSON.stringify(consumer, null, 2) + "\n");
' "$PROJECT/package.json" "$TARBALL"
cd "$PROJECT"

NATIVE="node_modules/better-sqlite3/build/Release/better_sqlite3.node"
OUR_SQLITE_VERSION="$(node -p 'require(process.argv[1]).version' "$ROOT/node_modules/better-sqlite3/package.json" 2>/dev/null || true)"
INSTALL=(npm install --prefer-offline --no-audit --no-fund)
if [ "${MCE_CONSUMER_COMPILE:-}" != "1" ] && [ -f "$ROOT/$NATIVE" ]; then
  # Without install scripts (better-sqlite3's is its compile), then the addon built for this repo.
  step "npm install (no install scripts)" "${INSTALL[@]}" --ignore-scripts
  consumer_version="$(node -p 'require("./node_modules/better-sqlite3/package.json").version')"
  if [ "$consumer_version" = "$OUR_SQLITE_VERSION" ]; then
    mkdir -p "$(dirname "$NATIVE")"
    cp "$ROOT/$NATIVE" "$NATIVE"
    say "better-sqlite3 $consumer_version: reusing this repo's compiled addon"
  else
    step "npm rebuild better-sqlite3 $consumer_version (this repo has $OUR_SQLITE_VERSION)" npm rebuild better-sqlite3
  fi
  # Whatever else has install scripts (nothing, today) runs them as an install would have.
  others="$(node -e '
    const { readdirSync, readFileSync } = require("node:fs");
    const names = new Set();
    const visit = (dir) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (!entry.isDirectory() || entry.name === ".bin") continue;
        const path = `${dir}/${entry.name}`;
        if (entry.name.startsWith("@")) { visit(path); continue; }
        try {
          const { name, scripts = {} } = JSON.parse(readFileSync(`${path}/package.json`, "utf8"));
          if ((scripts.preinstall || scripts.install || scripts.postinstall) && name !== "better-sqlite3") names.add(name);
        } catch {}
        try { visit(`${path}/node_modules`); } catch {}
      }
    };
    visit("node_modules");
    process.stdout.write([...names].join(" "));
  ')"
  if [ -n "$others" ]; then
    # shellcheck disable=SC2086
    step "npm rebuild $others" npm rebuild $others
  fi
else
  step "npm install" "${INSTALL[@]}"
fi
[ -f "$NATIVE" ] || fail "better-sqlite3's addon was not built ($NATIVE)"

# Our .d.ts under a strict consumer's compiler options (skipLibCheck off), and the spec's use of them.
step "tsc --noEmit (strict, skipLibCheck: false)" npx --no-install tsc --noEmit -p .
step "vitest run" env NO_COLOR=1 npx --no-install vitest run
say "$(grep -E '^ +Tests ' "$LOG" | sed 's/^ *//')"

step "mailcoach-emulator --help" npx --no-install mailcoach-emulator --help
grep -q '^Usage: mailcoach-emulator \[options\]' "$LOG" || { cat "$LOG" >&2; fail "--help printed no usage line"; }
step "mailcoach-emulator --version" npx --no-install mailcoach-emulator --version
[ "$(cat "$LOG")" = "$(node -p 'require(process.argv[1]).version' "$ROOT/package.json")" ] || { cat "$LOG" >&2; fail "--version printed another version"; }

# An uncaught error thrown in the package: Node prints the place and the line of code it failed at. The maps carry
# the sources (the package has no server/*.ts), so that is the TypeScript file and its line as this repo has it,
# not the bundle's (a minified line thousands of characters long).
if node --enable-source-maps stack-trace.mjs >"$LOG" 2>&1; then cat "$LOG" >&2; fail "stack-trace.mjs did not fail"; fi
place="$(head -n 1 "$LOG")"
[[ "$place" =~ /node_modules/mailcoach-emulator/(server/[^:]+\.ts):([0-9]+)$ ]] || {
  cat "$LOG" >&2
  fail "under node --enable-source-maps the error is not placed in server/*.ts"
}
expected="$(sed -n "${BASH_REMATCH[2]}p" "$ROOT/${BASH_REMATCH[1]}")"
[ "$(sed -n 2p "$LOG")" = "$expected" ] || {
  cat "$LOG" >&2
  fail "under node --enable-source-maps the failing line is not ${BASH_REMATCH[1]}:${BASH_REMATCH[2]}'s source: $expected"
}
say "source-mapped stack trace: ok"

say "all passed in $((SECONDS - started)) s"
