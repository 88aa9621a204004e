import Koa from 'koa';
import Router from '@koa/router';
import type { Connection as MongooseConnection } from 'mongoose';
import type { Client } from '@temporalio/client';
import type { Config } from '../config';
import { errorEnvelope } from './middleware/errors';
import { requestId } from './middleware/requestId';
import { unmatched } from './middleware/unmatched';
import { healthRoutes } from './routes/health';

export interface AppDeps {
  config: Config;
  mongo: MongooseConnection;
  temporal: Client;
}

/** Builds the HTTP app from its dependencies; the server and the tests both start it this way. */
export function createApp(deps: AppDeps): Koa {
  const app = new Koa();
  app.use(requestId());
  app.use(errorEnvelope());
  app.use(unmatched());

  const router = new Router();
  router.use(healthRoutes(deps).routes());
  app.use(router.routes());
  app.use(router.allowedMethods());

  app.on('error', (err: unknown, ctx?: Koa.Context) => {
    console.error(
      JSON.stringify({
        level: 'error',
        msg: 'unhandled error',
        request_id: ctx?.state.requestId,
        route: ctx ? `${ctx.method} ${ctx.path}` : undefined,
        error: err instanceof Error ? { name: err.name, message: err.message, stack: err.stack } : String(err),
      }),
    );
  });
  return app;
}
