# mailcoach-emulator container image.
#
#   docker build -t mailcoach-emulator .
#   docker run --rm -p 8088:8088 -v mailcoach-data:/data mailcoach-emulator
#
# Options go after the image name (they are arguments to the CLI), e.g. `... mailcoach-emulator --any-token`,
# or as MAILCOACH_EMULATOR_* environment variables (`--help` lists them all).

# ---- build: compile and bundle the TypeScript, build better-sqlite3's native addon, drop dev dependencies ----
FROM node:20-bookworm-slim AS build

# better-sqlite3 is compiled from source by node-gyp, which needs python3, make and a C++ compiler.
RUN apt-get update \
    && apt-get install -y --no-install-recommends python3 make g++ \
    && rm -rf /var/lib/apt/lists/*

# node-gyp takes the Node headers from the image's own install (/usr/local/include/node) instead of
# downloading them from nodejs.org.
ENV npm_config_nodedir=/usr/local

WORKDIR /app

# Dependencies first, so this layer is reused while only the source changes.
COPY package.json package-lock.json ./
RUN npm ci

COPY tsconfig.json tsconfig.build.json esbuild.config.mjs ./
COPY server ./server
COPY web ./web
COPY fixtures ./fixtures
# After the build: production dependencies only, minus better-sqlite3's SQLite sources and object files
# (about 25 MB that only the compile needed); its addon build/Release/better_sqlite3.node must remain.
RUN npm run build \
    && npm prune --omit=dev \
    && rm -rf node_modules/better-sqlite3/deps node_modules/better-sqlite3/src \
        node_modules/better-sqlite3/build/Release/obj node_modules/better-sqlite3/build/Release/obj.target \
    && test -f node_modules/better-sqlite3/build/Release/better_sqlite3.node

# ---- runtime: production node_modules, the bundled JavaScript and the bundled fixtures, run as `node` ----
FROM node:20-bookworm-slim

ENV NODE_ENV=production
WORKDIR /app

# Root-owned and so read-only for the `node` user; only /data is writable.
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
# Only the bundle runs (package.json "bin"); tsc's per-file output in dist/server serves types and tests.
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
# changes. To share the inbox over a network, set MAILCOACH_EMULATOR_UI_TOKEN=required.
ENV MAILCOACH_EMULATOR_HOST=0.0.0.0 \
    MAILCOACH_EMULATOR_UI_TOKEN=off \
    MAILCOACH_EMULATOR_DB=/data/emulator.sqlite \
    MAILCOACH_EMULATOR_PORT=8088

EXPOSE 8088

USER node

# The slim image has no curl or wget; Node's built-in fetch does the check. (No --start-period: the server
# is up in well under the first 30 s interval, and dockerfilelint 1.8.0 wrongly rejects that option.)
HEALTHCHECK --interval=30s --timeout=5s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.MAILCOACH_EMULATOR_PORT || process.env.PORT || 8088) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

ENTRYPOINT ["node", "dist/bundle/cli.js"]
