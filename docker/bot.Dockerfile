# The Telegram bot (apps/bot). Build from the repository root:
#   docker build -f docker/bot.Dockerfile -t dolya-bot .
# It needs the server (BOT_API_URL) and TELEGRAM_BOT_TOKEN, BOT_API_SECRET; see .env.example.

# 1. Dependencies of the bot alone (not the web app's), from the lockfile. npm ci checks the
#    lockfile against every workspace, so every workspace's package.json is copied. No install
#    scripts: the root's patch-package is a dev tool for the server's database driver, which the
#    bot does not have.
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/admin/package.json apps/admin/
COPY apps/bot/package.json apps/bot/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/api/package.json packages/api/
COPY packages/db/package.json packages/db/
COPY packages/domain/package.json packages/domain/
RUN npm ci --omit=dev --workspace @dolya/bot --ignore-scripts --no-audit --no-fund

# 2. What runs: the bot's sources and the domain package it imports, run by tsx, as a non-root user.
#    (@dolya/api is imported for its router type only, which vanishes when tsx strips the types.)
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
# The installed tree as npm laid it out (root node_modules, and any a workspace keeps of its own).
COPY --from=deps /app ./
COPY tsconfig.base.json ./
COPY packages/domain/tsconfig.json packages/domain/
COPY packages/domain/src packages/domain/src
COPY apps/bot/tsconfig.json apps/bot/
COPY apps/bot/src apps/bot/src
USER node
# The webhook's port when BOT_WEBHOOK_URL is set (long polling needs none); metrics on BOT_METRICS_PORT.
EXPOSE 8081 9464
STOPSIGNAL SIGTERM
# Alive = the process runs; with BOT_METRICS_PORT set, its /metrics must answer too.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "const p=process.env.BOT_METRICS_PORT;if(!p)process.exit(0);fetch('http://127.0.0.1:'+p+'/metrics').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--import", "tsx", "apps/bot/src/main.ts"]
