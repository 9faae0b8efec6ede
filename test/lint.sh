#!/usr/bin/env bash
# Project rules no compiler checks (docs: design/codebase-guide.md §6.2, §6.5).
set -euo pipefail
cd "$(dirname "$0")/.."
status=0

# 1. Error bodies are built only in server/errors.ts.
if grep -rnE "c\.json\(\{ *(message|error)\b|\{ *error:" server --include='*.ts' | grep -v '^server/errors.ts:'; then
  echo "lint: build error bodies in server/errors.ts only" >&2
  status=1
fi

# 2. Time, ids and random numbers come from the injected clock, id generator and random source.
if grep -rnE "new Date\(\)|Date\.now\(\)|randomUUID\(|Math\.random\(" server --include='*.ts' | grep -vE '^server/(clock|ids|random)\.ts:'; then
  echo "lint: read the time from deps.clock, create ids with deps.ids, draw random numbers from deps.random" >&2
  status=1
fi

# 3. The Dockerfile passes dockerfilelint.
if ! npx --no-install dockerfilelint Dockerfile >/dev/null; then
  npx --no-install dockerfilelint Dockerfile || true
  echo "lint: fix the Dockerfile issues above" >&2
  status=1
fi

# 4. Write transactions begin IMMEDIATE (server/db/write-transaction.ts); Statements.read is the one read-only one.
if grep -rnE "\.transaction\(" server --include='*.ts' | grep -vE '^server/db/(write-transaction|statements)\.ts:' | grep -vE 'store\.transaction\('; then
  echo "lint: begin write transactions with writeTransaction() (server/db/write-transaction.ts)" >&2
  status=1
fi

# 5. The web UI reaches the server only through the typed client (server/testing/client.ts, via web/src/api.ts).
if grep -rnE "\bfetch\(|new EventSource|XMLHttpRequest|navigator\.sendBeacon" web/src --include='*.ts' --include='*.tsx' | grep -v '^web/src/snippets.ts:'; then
  echo "lint: the UI talks to the server through the typed client only (web/src/api.ts): extend the client instead" >&2
  status=1
fi

# 6. Domain code (everything under server/ but the HTTP layers) imports nothing from http/: it takes plain data
#    (validation/input.ts's Input, instant.ts's times), so that it serves any intake, not only an HTTP request.
#    The HTTP layers: server/http, server/mailcoach, server/emulator, app.ts, server.ts, errors.ts (the one error
#    formatter) and pages.ts.
if grep -rnE "(from|import\() *['\"]([^'\"]*/)?http/" server --include='*.ts' \
  | grep -vE '^server/(http|mailcoach|emulator)/|^server/(app|server|errors|pages)\.ts:'; then
  echo "lint: domain code must not import from server/http/: move what it needs out of http/ (or the code into an HTTP layer)" >&2
  status=1
fi

exit $status
