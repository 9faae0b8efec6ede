# mailcoach-emulator container image.
#
#   docker build -t mailcoach-emulator .
#   docker run --rm -p 8088:8088 -v mailcoach-data:/data mailcoach-emulator
#
# Options go after the image name (they are arguments to the CLI), e.g. `... mailcoach-emulator --any-token`,
# or as MAILCOACH_EMULATOR_* environment variables (`--help` lists them all).

# ---- build: compile and bundle the TypeScript, drop dev dependencies ----
FROM node:26-trixie-slim AS build

WORKDIR /app

# Dependencies first, so this layer is reused while only the source changes. No install scripts, and so no C++
# toolchain: on Node 22 and later the SQLite driver is better-sqlite3 13 (the `better-sqlite3-node22` alias,
# server/db/driver.ts), whose tarball carries prebuilt addons; better-sqlite3 12, which compiles from source,
# serves Node 20 only. The check fails the build if the prebuilt addon does not load on this platform.
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts \
    && node -e "new (require('better-sqlite3-node22'))(':memory:').close()"

COPY tsconfig.json tsconfig.build.json esbuild.config.mjs build-stamp.mjs ./
COPY server ./server
COPY web ./web
COPY fixtures ./fixtures
# After the build: production dependencies only, minus better-sqlite3 12 (never loaded on this Node) and 13's
# SQLite sources (about 10 MB that only a compile would need); its prebuilds/ must remain.
RUN npm run build \
    && npm prune --omit=dev \
    && rm -rf node_modules/better-sqlite3 node_modules/better-sqlite3-node22/deps node_modules/better-sqlite3-node22/src \
    && node -e "new (require('better-sqlite3-node22'))(':memory:').close()"

# ---- runtime: production node_modules, the bundled JavaScript and the bundled fixtures, run as `node` ----
FROM node:26-trixie-slim

ENV NODE_ENV=production
WORKDIR /app

# Root-owned and so read-only for the `node` user; only /data is writable.
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
# Only the bundle runs (package.json "bin"); dist/server holds the declarations of the testing toolkit's types.
COPY --from=build /app/dist/bundle ./dist/bundle
# The web UI (Vite's build of web/), served at /.
COPY --from=build /app/dist/web ./dist/web
# Swagger UI's files for the API docs at /_emulator/docs (copied from a devDependency by the build).
COPY --from=build /app/dist/api-docs ./dist/api-docs
COPY --from=build /app/fixtures ./fixtures

RUN mkdir -p /data && chown node:node /data
VOLUME /data

# The emulator binds 127.0.0.1 by default everywhere else, so it is never reachable from other machines by
# accident. Inside a container, 127.0.0.1 is the container's own loopback, which `docker run -p` cannot
# forward to, so the image binds all interfaces; publish the port with -p 127.0.0.1:8088:8088 to keep it local.
# Bound beyond loopback, the web UI would ask for a token; the image turns that off so that
# http://localhost:8088 just works, and keeps the Host check: the UI and /_emulator answer only requests for
# localhost, 127.0.0.1 or [::1] (add names with MAILCOACH_EMULATOR_ALLOWED_HOSTS), and refuse cross-site
# changes. To share the inbox over a network, set MAILCOACH_EMULATOR_UI_TOKEN=required. SMTP (port 1025, Mailpit's,
# so that a compose file's app containers need no change) follows the same rule: any AUTH or none while the UI
# token is off, an API token as the AUTH password once it is required.
ENV MAILCOACH_EMULATOR_HOST=0.0.0.0 \
    MAILCOACH_EMULATOR_UI_TOKEN=off \
    MAILCOACH_EMULATOR_DB=/data/emulator.sqlite \
    MAILCOACH_EMULATOR_PORT=8088 \
    MAILCOACH_EMULATOR_SMTP_PORT=1025

# glibc serves allocations of 1 MiB and more (a large body, a raw message, SQLite's big buffers) with mmap and
# gives them back at free, instead of keeping them in its heap: RSS falls back after a burst of large mails. Issue
# 29's decision: set where the launcher owns the environment (here), not by re-executing the CLI (BENCH_ONLY=memory
# with BENCH_MEMORY_MMAP_THRESHOLD=1048576 compares).
ENV MALLOC_MMAP_THRESHOLD_=1048576

EXPOSE 8088 1025

USER node

# The slim image has no curl or wget; Node's built-in fetch does the check. (No --start-period: the server
# is up in well under the first 30 s interval, and dockerfilelint 1.8.0 wrongly rejects that option.)
HEALTHCHECK --interval=30s --timeout=5s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.MAILCOACH_EMULATOR_PORT || process.env.PORT || 8088) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

ENTRYPOINT ["node", "dist/bundle/cli.js"]
