/**
 * The media process: the audio sockets (candidates' voice interviews, carriers' media streams, the
 * dashboard's browser calls) and the media sessions behind them, off the API's event loop, so an
 * API restarted or crashed drops no conversation. It serves only those sockets, the probes and its
 * own `/metrics` (the voice turns' histograms), until SIGINT or SIGTERM.
 */
import mongoose from 'mongoose';
import { loadConfig } from '../config';
import { probedApp } from '../api/probedApp';
import { connect, serve } from '../api/serve';
import { serveMedia } from '../api/sockets';
import { closeTurnModels, useTurnModelThreads } from '../conversation/turnModels';

async function main(): Promise<void> {
  const config = loadConfig();
  useTurnModelThreads(config.voice.turnModelThreads, config.voice.turnModelNice);
  const { temporal, disconnect } = await connect(config);
  const { app } = probedApp({ config, mongo: mongoose.connection, temporal });
  const serving = serve(app, config.media.port, config.host, 'media');
  const sockets = serveMedia(serving.server, { config, temporal });

  // Candidates' sockets are told to reconnect (through the proxy, to the other media process);
  // phone calls' media streams run to the call's end, which no other process could take over. The
  // turn models' threads then finish their runs before the process exits (or onnxruntime aborts it).
  const shutdown = () => {
    void Promise.all([serving.close(), sockets.shutdown()])
      .then(() => closeTurnModels())
      .then(() => disconnect())
      .then(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((err) => {
  console.error(JSON.stringify({ level: 'fatal', msg: 'media failed to start', error: err instanceof Error ? err.message : String(err) }));
  process.exit(1);
});
