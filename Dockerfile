# The shop's production image. `npm start` applies migrations, seeds the catalogue,
# builds on first start (the build prerenders pages from the database) and serves.
FROM node:20-bookworm-slim
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1 PORT=3000
COPY package.json package-lock.json ./
COPY scripts/db/generate.mjs scripts/db/generate.mjs
COPY prisma prisma
COPY prisma.config.ts ./
RUN npm ci --no-audit --no-fund
COPY . .
# .data exists in the image so that a volume mounted there (docker-compose.local.yml keeps the
# local secrets in one) starts out owned by the node user.
RUN mkdir -p /app/.data && chown -R node:node /app
USER node
EXPOSE 3000
# node directly (not npm) so `docker stop` signals reach the script, which stops the server cleanly.
CMD ["node", "scripts/start.mjs"]
