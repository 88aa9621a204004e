# One image for every process: `node dist/api/server.js` (default), `node dist/media/server.js` or `node dist/worker/index.js`.
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
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
COPY public ./public
USER node
EXPOSE 3000
CMD ["node", "dist/api/server.js"]
