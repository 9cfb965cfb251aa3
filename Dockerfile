# Production image: the built server and web app, Debian's Chromium for PDFs.
FROM node:22-bookworm-slim AS build
WORKDIR /app
RUN npm install -g pnpm@10
COPY pnpm-lock.yaml pnpm-workspace.yaml package.json tsconfig.base.json ./
COPY packages/shared/package.json packages/shared/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/
RUN pnpm install --frozen-lockfile
COPY . .
RUN pnpm build && pnpm --filter @klinik/server deploy --prod --legacy /out/server

FROM node:22-bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends chromium fonts-liberation ca-certificates \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# Same layout as the repository: packages/server/dist, packages/web/dist and drizzle/ at the root.
COPY --from=build /out/server /app/packages/server
COPY --from=build /app/packages/server/dist /app/packages/server/dist
COPY --from=build /app/packages/web/dist /app/packages/web/dist
COPY --from=build /app/drizzle /app/drizzle
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data CHROMIUM_PATH=/usr/bin/chromium
VOLUME /data
EXPOSE 3000
CMD ["node", "packages/server/dist/main.js"]
