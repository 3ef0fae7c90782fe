# syntax=docker/dockerfile:1

# ---- build: install everything, compile the Remix app ----
FROM node:20-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

# ---- runtime: only what the server needs, as a non-root user ----
FROM node:20-slim AS runtime
# jemalloc, which scripts/start.sh preloads with background purging: a server that has been busy hands freed pages
# back on its own (docs/decisions/005-server-entry.md).
RUN apt-get update \
 && apt-get install -y --no-install-recommends libjemalloc2 \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/.data
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json /app/package-lock.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --from=build --chown=node:node /app/public ./public
COPY --from=build --chown=node:node /app/db/migrations ./db/migrations
COPY --from=build --chown=node:node /app/data ./data
COPY --from=build --chown=node:node /app/content ./content
COPY --from=build --chown=node:node /app/docs ./docs
COPY --from=build --chown=node:node /app/scripts/start.sh /app/scripts/allocator-env.sh ./scripts/
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000
# The embedded database lives here when DATABASE_URL is not set; mount a volume to keep it.
VOLUME ["/app/.data"]
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# The production server entry (server/index.ts, bundled by `npm run build`) through scripts/start.sh, which execs
# node with the allocator settings; SIGTERM drains in-flight requests.
STOPSIGNAL SIGTERM
CMD ["sh", "scripts/start.sh"]
