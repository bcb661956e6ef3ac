# syntax=docker/dockerfile:1
# The shop's images, built in stages:
#   app    the web server: Next.js's standalone output (the build is made here, at image build
#          time, never at container start), served by server/serve.mjs; small, non-root.
#   local  `npm start` in a container (docker-compose.local.yml): payment sandbox, outbox.
#   tools  the job worker (`npm run worker`) and the one-off migrate service
#          (`node scripts/db/cli.mjs deploy` then `seed`): production dependencies only.
# docker-compose.yml builds both. Node.js 24 (Active LTS); the code also runs on Node 20.19+.
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json prisma.config.ts ./
COPY scripts/db/generate.mjs scripts/db/generate.mjs
COPY prisma prisma
RUN npm ci --no-audit --no-fund

FROM deps AS build
# Canonical links and the sitemap of prerendered pages name the public origin.
ARG SITE_URL=http://localhost:3000
ENV SITE_URL=${SITE_URL}
COPY . .
# The build prerenders public pages from a throw-away embedded PostgreSQL (it refuses to run
# as root, hence the node user), then deletes it.
RUN chown -R node:node /app
USER node
RUN node scripts/build-image.mjs

FROM deps AS local
COPY . .
# .data exists in the image so that a volume mounted there (docker-compose.local.yml keeps the
# local secrets in one) starts out owned by the node user.
RUN mkdir -p /app/.data && chown -R node:node /app
USER node
EXPOSE 3000
CMD ["node", "server/start.mjs"]

FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json prisma.config.ts ./
COPY scripts/db/generate.mjs scripts/db/generate.mjs
COPY prisma prisma
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE} AS tools
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1
COPY --from=prod-deps /app/node_modules node_modules
COPY . .
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
# node directly (not npm) so `docker stop` signals reach the worker, which stops cleanly.
CMD ["node", "--conditions=react-server", "--import", "tsx", "server/worker.ts"]

FROM ${NODE_IMAGE} AS app
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000
COPY --from=build --chown=node:node /app/.next/standalone ./
COPY --from=build --chown=node:node /app/.next/static .next/static
COPY --from=build --chown=node:node /app/public public
COPY --from=build --chown=node:node /app/next.config.mjs ./
COPY --from=build --chown=node:node /app/server/serve.mjs server/serve.mjs
COPY --from=build --chown=node:node /app/server/runtime server/runtime
# serve.mjs adds the static Content-Security-Policy from the module the app builds its own with.
COPY --from=build --chown=node:node /app/lib/security/static-content-security-policy.mjs lib/security/static-content-security-policy.mjs
# Its access line redacts prescription references (server/runtime/access-log.mjs).
COPY --from=build --chown=node:node /app/lib/security/redact-log-path.mjs lib/security/redact-log-path.mjs
# The metrics serve.mjs records and serves (METRICS_PORT); prom-client comes with the traced node_modules.
COPY --from=build --chown=node:node /app/lib/metrics lib/metrics
# Traces (OTEL_EXPORTER_OTLP_ENDPOINT; lib/tracing): serve.mjs imports the OpenTelemetry SDK
# itself, outside the bundle, so Next.js's output tracing does not carry it: it comes from the
# production dependencies, and is loaded only when an endpoint is set.
COPY --from=build --chown=node:node /app/lib/tracing lib/tracing
COPY --from=prod-deps /app/node_modules/@opentelemetry node_modules/@opentelemetry
RUN mkdir -p /app/.data/uploads && chown -R node:node /app/.data
USER node
EXPOSE 3000
CMD ["node", "server/serve.mjs"]
