# Reputo's image: the API (built JavaScript) serving the built web app. Its steps are
# scripts/release.mjs, which CI runs outside a container (images cannot be pulled there):
# build, production install, and (in CI) start + /readyz.
#
#   docker build -t reputo .
#   docker run -p 3000:3000 -v reputo-data:/data reputo            # embedded database in /data
#   docker run -p 3000:3000 -e DATABASE_URL=postgres://... reputo   # or PostgreSQL (see compose.yaml)

FROM node:22-bookworm-slim AS build
WORKDIR /src
# The package files first, so the dependency layer is reused while only sources change.
COPY package.json package-lock.json .npmrc ./
COPY packages/core/package.json packages/core/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
# Builds the API and the web app, lays them out in /release with their production dependencies only.
RUN node scripts/release.mjs --out /release --no-check

FROM node:22-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
# The code stays root's (read-only to the server); only the data directory is the server's.
COPY --from=build /release /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Alive: /healthz. A load balancer asks /readyz (database reachable, migrations applied, not draining).
HEALTHCHECK --interval=15s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM (docker stop) drains: /readyz 503, requests in flight finished, job leases released, exit 0.
STOPSIGNAL SIGTERM
CMD ["node", "apps/api/dist/main.js"]
