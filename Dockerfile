# The site as a container image: the same build and start the tests run
# (`npm run build`, then `node build/server.js`; tests/server/two-hosts.test.ts).
# No container runtime is on the development machines, so this file is kept minimal and
# is not built by the tests. Targets:
#   site  (default) the web host: production dependencies only, a non-root user
#   tools           migrations and the cache purge (`npm run db:migrate`, `npm run cache:purge`
#                   run through tsx, a development dependency)

FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM build AS tools
ENV NODE_ENV=production
USER node
CMD ["npm", "run", "db:migrate"]

FROM node:22-bookworm-slim AS site
# Chart exports (PNG, PDF) are drawn by resvg with the system's DejaVu Sans (app/lib/forecast-export.server.ts).
RUN apt-get update \
	&& apt-get install -y --no-install-recommends fonts-dejavu-core \
	&& rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/build ./build
# Start applies pending migrations too (under the same advisory lock as `npm run db:migrate`).
COPY --from=build /app/backend/db/migrations ./backend/db/migrations
# DATA_DIR: only local document files would land here; several hosts keep them in S3 (S3_BUCKET).
RUN mkdir -p data && chown node:node data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
	CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# As `npm run serve`, without npm in between (signals reach node directly).
CMD ["node", "--max-old-space-size=768", "build/server.js"]
