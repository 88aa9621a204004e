import type Koa from 'koa';
import type { AppDeps } from './deps';
import { probedApp } from './probedApp';
import { dashboardAppRoutes } from './dashboardApp';
import { pageRoutes } from './pages';
import { referenceRoutes } from './reference';
import { allowedMethods, buildRouter } from './router';
import { codecRoutes } from './codec';
import { apiRoutes } from './routes';
import { CANDIDATE_PREFIX, candidateRoutes } from './routes/candidate';
import { twilioInboundRoutes, twilioRoutes } from './routes/twilio';
import { TWILIO_PREFIX } from '../providers/carrier/twilio';

export type { AppDeps } from './deps';

/** Builds the HTTP app from its dependencies; the server and the tests both start it this way. */
export function createApp(deps: AppDeps): Koa {
  const { app } = probedApp(deps);

  // The operator's payload codec for the Temporal Web UI and CLI: its own token, not part of the partner API.
  const codec = codecRoutes(deps.config.temporal);
  app.use(codec.routes());
  app.use(codec.allowedMethods());

  const api = buildRouter(apiRoutes(), deps);
  app.use(api.routes());
  app.use(allowedMethods(api));

  // The candidate's side of interviews: its own prefix and credentials, not part of the partner API.
  const candidate = buildRouter(candidateRoutes, deps, CANDIDATE_PREFIX);
  app.use(candidate.routes());
  app.use(allowedMethods(candidate));
  // Twilio's webhooks, when calls go through Twilio: signed by Twilio, not part of the partner API.
  if (deps.config.carrier.twilio) {
    const twilio = buildRouter([...twilioRoutes, ...twilioInboundRoutes], deps, TWILIO_PREFIX);
    app.use(twilio.routes());
    app.use(allowedMethods(twilio));
  }
  const pages = pageRoutes(deps.config.media.socketBase);
  app.use(pages.routes());
  app.use(pages.allowedMethods());
  const dashboard = dashboardAppRoutes(deps.config.media.socketBase);
  app.use(dashboard.routes());
  app.use(dashboard.allowedMethods());
  const reference = referenceRoutes();
  app.use(reference.routes());
  app.use(reference.allowedMethods());

  return app;
}
