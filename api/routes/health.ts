import Router from '@koa/router';
import type { Connection as MongooseConnection } from 'mongoose';
import type { Client } from '@temporalio/client';
import type { Logger } from 'pino';

const CHECK_TIMEOUT_MS = 2_000;

/** What the public sees of a failed check: the reason stays in the log, where only operators read it. */
const UNAVAILABLE = 'unavailable; the reason is in the service log';

type Check = { ok: true } | { ok: false; error: string };

async function probe(run: () => Promise<unknown>): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([run(), timeout]);
    return { ok: true };
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  } finally {
    clearTimeout(timer);
  }
}

/** Liveness and readiness probes, outside `/api/v1` and without authentication. */
export function healthRoutes(deps: { mongo: MongooseConnection; temporal: Client }, logger: Logger): Router {
  const router = new Router();
  router.get('/healthz', (ctx) => {
    ctx.state.probe = 'healthz';
    ctx.body = { status: 'ok' };
  });
  router.get('/readyz', async (ctx) => {
    ctx.state.probe = 'readyz';
    const [mongodb, temporal] = await Promise.all([
      probe(async () => {
        // A closed or never-opened connection would queue the command instead of failing it.
        if (deps.mongo.readyState !== 1 || !deps.mongo.db) throw new Error('not connected');
        await deps.mongo.db.admin().command({ ping: 1 });
      }),
      // The deadline also ends the client's own retries, which would otherwise outlive the probe.
      probe(() => deps.temporal.connection.withDeadline(Date.now() + CHECK_TIMEOUT_MS, () => deps.temporal.workflowService.getSystemInfo({}))),
    ]);
    const ready = mongodb.ok && temporal.ok;
    if (!ready) logger.warn({ msg: 'not ready', request_id: ctx.state.requestId, mongodb, temporal });
    const shown = (check: Check): Check => (check.ok ? check : { ok: false, error: UNAVAILABLE });
    ctx.status = ready ? 200 : 503;
    ctx.body = { status: ready ? 'ready' : 'unavailable', checks: { mongodb: shown(mongodb), temporal: shown(temporal) } };
  });
  return router;
}
