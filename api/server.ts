/** The API process: connects to MongoDB and Temporal, then serves HTTP until SIGINT or SIGTERM. */
import mongoose from 'mongoose';
import { loadConfig } from '../config';
import { createApp } from './app';
import { connect, serve } from './serve';
import { serveMedia } from './sockets';
import { startSweeper } from './sweeper';

async function main(): Promise<void> {
  const config = loadConfig();
  const { temporal, disconnect } = await connect(config);
  const app = createApp({ config, mongo: mongoose.connection, temporal });
  const serving = serve(app, config.port, config.host, 'api');
  // Without a media process of its own (MEDIA_PUBLIC_URL unset), live conversations run here, next
  // to their sockets: candidates' voice interviews and phone calls' agent turns.
  const media = config.media.separate ? undefined : serveMedia(serving.server, { config, temporal });

  const stopSweeper = startSweeper((err) => app.emit('error', err));

  // Sockets are connections too: the server closes once candidates' audio sockets are told to
  // reconnect elsewhere and phone calls' media streams have ended.
  const shutdown = () => {
    stopSweeper();
    void Promise.all([serving.close(), media?.shutdown()])
      .then(() => disconnect())
      .then(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((err) => {
  console.error(JSON.stringify({ level: 'fatal', msg: 'api failed to start', error: err instanceof Error ? err.message : String(err) }));
  process.exit(1);
});
