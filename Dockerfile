# syntax=docker/dockerfile:1
# One image for every Amplio process (API, worker, SPA served by the API). docs/deploy.md.
# Stage 1: install every dependency and build (server, workers, libs, web).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY libs ./libs
COPY server ./server
COPY workers ./workers
COPY web ./web
COPY scripts ./scripts
COPY tsconfig*.json nest-cli.json .swcrc ./
RUN npm ci --no-audit --no-fund && npm run build

# Stage 2: production dependencies only, then the built output.
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY --from=build /app/libs ./libs
COPY --from=build /app/server ./server
COPY --from=build /app/workers ./workers
COPY --from=build /app/web/package.json ./web/package.json
COPY --from=build /app/web/dist ./web/dist
RUN npm ci --omit=dev --no-audit --no-fund \
  && npm cache clean --force \
  && groupadd --system amplio && useradd --system --gid amplio --home /app amplio \
  && mkdir -p /data/uploads && chown -R amplio:amplio /data
USER amplio
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "server/dist/main.js"]
