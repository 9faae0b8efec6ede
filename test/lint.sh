#!/usr/bin/env bash
# Project rules no compiler checks; README.md "Layout" maps the rooms they keep apart.
set -euo pipefail
cd "$(dirname "$0")/.."
status=0

# 1. Error bodies are built only by the one error formatter (server/http/error-response.ts); errors themselves are
#    thrown as the classes and factories of server/errors.ts.
if grep -rnE "c\.json\(\{ *(message|error)\b|\{ *error:" server --include='*.ts' | grep -v '^server/http/error-response.ts:'; then
  echo "lint: throw an error of server/errors.ts; only server/http/error-response.ts builds error bodies" >&2
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
#    A call the formatter put on a line of its own (`deps.store` above `.transaction(`) is read with its receiver.
if ! find server -name '*.ts' ! -path 'server/db/write-transaction.ts' ! -path 'server/db/statements.ts' -print0 \
  | xargs -0 awk 'FNR == 1 { previous = "" }
      /\.transaction\(/ && !/store\.transaction\(/ && !(/^[ \t]*\.transaction\(/ && previous ~ /store[ \t]*$/) {
        print FILENAME ":" FNR ":" $0; found = 1
      }
      { previous = $0 } END { exit found }'; then
  echo "lint: begin write transactions with writeTransaction() (server/db/write-transaction.ts)" >&2
  status=1
fi

# 5. The web UI reaches the server only through the typed client (server/testing/client.ts, via web/src/api.ts).
if grep -rnE "\bfetch\(|new EventSource|XMLHttpRequest|navigator\.sendBeacon" web/src --include='*.ts' --include='*.tsx' | grep -v '^web/src/snippets.ts:'; then
  echo "lint: the UI talks to the server through the typed client only (web/src/api.ts): extend the client instead" >&2
  status=1
fi

# 6. Domain code (everything under server/ but the HTTP layers and the entry points) knows nothing of HTTP: it
#    imports nothing from http/, hono or the three HTTP surfaces (mailcoach/, emulator/, mailpit/), and takes plain data
#    (validation/input.ts's Input, instant.ts's times), so that it serves any intake (the API, SMTP, the CLI), not
#    only an HTTP request. errors.ts is domain code too: the formatter that turns its errors into responses is
#    http/error-response.ts.
#    HTTP layers: server/http, server/mailcoach, server/emulator, server/mailpit, server/openapi (the document of /_emulator, generated
#    from its schemas), app.ts, server.ts. Entry points: cli.ts, testing/.
if grep -rnE "(from|import\() *['\"](hono|@hono/[^'\"]*|([^'\"]*/)?(http|mailcoach|emulator|mailpit)/[^'\"]*)['\"]" server --include='*.ts' \
  | grep -vE '^server/(http|mailcoach|emulator|mailpit|openapi|testing)/|^server/(app|server|cli)\.ts:'; then
  echo "lint: domain code must not import hono, server/http/, server/mailcoach/, server/emulator/ or server/mailpit/: move what it needs into a domain room (or the code into an HTTP layer)" >&2
  status=1
fi

# 7. Route files export routes, and only their room's index.ts mounts them (app.ts mounts the public pages): a
#    presenter, index spec, binding or rule that another file needs lives beside them (mailcoach/resources/,
#    mailcoach/bindings.ts, mailcoach/request-rules.ts, emulator/query-params.ts), never in a route file.
rule7=0
route_files=$(grep -rlE "new Hono\b" server/mailcoach server/emulator server/mailpit --include='*.ts' | grep -vE '/index\.ts$' | sort)
for route_file in $route_files; do
  module="${route_file%.ts}.js"
  module="${module#server/}"
  for importer in $(grep -rlE "from *['\"][^'\"]*/$(basename "$module")['\"]" server --include='*.ts'); do
    # Resolve the import against the importer's folder: the same base name elsewhere is another module.
    while read -r spec; do
      resolved=$(realpath -m --relative-to=server "$(dirname "$importer")/$spec")
      [[ "$resolved" == "$module" ]] || continue
      case "$importer" in
        server/mailcoach/index.ts | server/emulator/index.ts | server/mailpit/index.ts) ;;
        server/app.ts) [[ "$module" == mailcoach/public-routes.js ]] || { echo "$importer imports the route file $route_file"; rule7=1; } ;;
        *) echo "$importer imports the route file $route_file"; rule7=1 ;;
      esac
    done < <(grep -oE "from *['\"][^'\"]*/$(basename "$module")['\"]" "$importer" | sed -E "s/^from *['\"]//; s/['\"]$//")
  done
  if grep -nE "^export (const|function|class|interface|type|enum|let)" "$route_file" | grep -vE "^[0-9]+:export function [a-zA-Z]+Routes\(|^[0-9]+:export function (mailcoachApi|emulatorApi)\("; then
    echo "lint: $route_file exports something besides its routes: move it out of the route file (see rule 7)" >&2
    status=1
  fi
done
if [[ $rule7 -ne 0 ]]; then
  echo "lint: route files are imported only by their room's index.ts: import what you need from where it lives beside them (rule 7)" >&2
  status=1
fi

# 8. Every link to a document resolves (the file exists, its #anchor is one of its headings' GitHub slugs), and
#    every citation of our specification (a section sign) is such a link (docs/spec/README.md); RFC citations
#    keep their form.
if ! npx --no-install tsx test/lint/spec-links.ts; then
  status=1
fi

exit $status
