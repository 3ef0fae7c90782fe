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
# Fixed malloc thresholds: glibc otherwise raises them after large buffers are freed and keeps tens of MB of freed
# heap; buffers of 64 KiB and more (stream chunks, the XLSX writer's) are mapped and given back when freed
# (docs/decisions/005-server-entry.md). Same as `npm start`.
ENV NODE_ENV=production \
    MALLOC_MMAP_THRESHOLD_=65536 \
    MALLOC_TRIM_THRESHOLD_=131072 \
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
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000
# The embedded database lives here when DATABASE_URL is not set; mount a volume to keep it.
VOLUME ["/app/.data"]
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# The production server entry (server/index.ts, bundled by `npm run build`); SIGTERM drains in-flight requests.
STOPSIGNAL SIGTERM
CMD ["node", "build/server.js"]
