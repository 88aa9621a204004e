# One image for every process: `node dist/api/server.js` (default), `node dist/media/server.js` or `node dist/worker/index.js`.

# Silero VAD and Smart Turn v3.2, provisioned as in development (scripts/tools.sh turn-models): the
# pinned pipecat-ai wheel from PyPI, each model checked against its pinned sha256. Only the folder of
# the two models goes on; Python stays in this stage.
FROM node:24-bookworm-slim AS turn-models
RUN apt-get update && apt-get install -y --no-install-recommends python3 python3-pip ca-certificates && rm -rf /var/lib/apt/lists/*
COPY scripts/tools.sh ./scripts/
RUN VOICE_TOOLS_DIR=/tools bash scripts/tools.sh turn-models && mv /tools/turn-models-pipecat-* /turn-models

FROM node:24-bookworm-slim AS build
WORKDIR /app
# .npmrc keeps onnxruntime-node's postinstall from fetching CUDA binaries from nuget.org: its CPU ones are in the package.
COPY package.json package-lock.json .npmrc ./
RUN npm install --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json config.ts ./
COPY scripts/node.sh scripts/buildDashboard.ts ./scripts/
COPY dashboard ./dashboard
COPY reference ./reference
COPY api ./api
COPY media ./media
COPY domain ./domain
COPY workflows ./workflows
COPY activities ./activities
COPY worker ./worker
COPY models ./models
COPY lib ./lib
COPY providers ./providers
COPY conversation ./conversation
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim
WORKDIR /app
# With both models there, config.ts picks VOICE_VAD=silero: the media processes hear with Silero VAD and Smart Turn.
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 TURN_MODELS_DIR=/app/turn-models
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=turn-models /turn-models ./turn-models
COPY package.json ./
COPY public ./public
USER node
EXPOSE 3000
CMD ["node", "dist/api/server.js"]
