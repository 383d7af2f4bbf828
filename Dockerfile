# CheckN's image. Build it yourself (docs/deploy.md): `docker compose build`, or `docker build -t checkn .`
#
# Two stages: `build` installs everything (dev dependencies included: Vite, TypeScript) and runs
# the same install and build as CI (.ci/run, package.json), then drops the dev dependencies;
# the runtime stage gets only what the server reads when it runs.
# tests/integration/packaging.test.ts keeps the Node major and these commands in step with
# package.json's engines and .ci/run.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# Not `npm ci`: the registry lacks other platforms' optional Biome binaries, which `npm ci` insists
# on finding in the lock file; `npm install` keeps the lock's versions and skips them (as .ci/run).
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build
# The same tree less the dev dependencies: no second download, the versions the build was made with.
RUN npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    # Inside a container the loopback default would shut everyone out, the proxy included.
    HOST=0.0.0.0 \
    PORT=3000 \
    # The embedded database (when DATABASE_URL is unset) lives in the /data volume.
    DATA_DIR=/data \
    # Verified backups, daily and before every migration (docs/backups.md): a volume of their own,
    # to copy off the machine (docs/deploy.md).
    BACKUP_DIR=/backups \
    # Two malloc arenas, not glibc's 8 per core: the threads' freed memory stays in their arenas
    # (docs/memory.md); 8-11 MB less idle on the embedded database, measured 2026-11-29.
    MALLOC_ARENA_MAX=2 \
    # The demo business signs in with published passwords: never on a server on the internet
    # unless asked for (SEED_DEMO=auto or always).
    SEED_DEMO=never
WORKDIR /app
# What the server reads at run time: package.json ("type": "module"), the production packages,
# the build (server, browser app, page renderer), the SQL migrations run at start, the logos.
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/migrations ./migrations
# A new embedded data folder starts from this (docs/memory.md); PostgreSQL deployments never read it.
COPY --from=build /app/pglite-template ./pglite-template
COPY --from=build /app/assets ./assets
# The code stays root's and read-only to the server; only /data and /backups are the node user's.
RUN mkdir -p /data /backups && chown node:node /data /backups
VOLUME ["/data", "/backups"]
USER node
EXPOSE 3000
# node:20-slim has neither curl nor wget: Node's own fetch asks the liveness endpoint.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Directly, not `npm start`: that would look for the sources to rebuild (scripts/start.mjs), and
# npm would stand between Docker's SIGTERM and the server's graceful shutdown (src/server/main.ts).
CMD ["node", "--enable-source-maps", "dist/server/main.js"]
