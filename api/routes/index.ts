import { buildOpenApi } from '../openapi';
import { defineRoute, type Req, type RouteDef } from '../defineRoute';
import { agentRoutes } from './agents';
import { analyticsRoutes } from './analytics';
import { apiKeyRoutes } from './apiKeys';
import { browserCallRoutes } from './browserCalls';
import { callRoutes } from './calls';
import { campaignRoutes } from './campaigns';
import { contactRoutes } from './contacts';
import { dashboardRoutes } from './dashboard';
import { interviewRoutes } from './interviews';
import { organizationRoutes } from './organization';
import { phoneNumberRoutes } from './phoneNumbers';
import { providerCredentialRoutes } from './providerCredentials';
import { toolSigningSecretRoutes } from './toolSigningSecret';
import { usageRoutes } from './usage';

/** The route table: every operation under /api/v1. The router and the OpenAPI document come from it. */
export function apiRoutes(): RouteDef[] {
  let document: unknown;
  const openapi = defineRoute({
    operationId: 'getOpenApi',
    method: 'get',
    path: '/openapi.json',
    tag: 'Meta',
    summary: 'This API as an OpenAPI 3.1 document',
    auth: 'public',
    status: 200,
    responses: { 200: { description: 'The OpenAPI 3.1 document.' } },
    handler: async ({ config }: Req<{ auth: 'public' }>) => (document ??= buildOpenApi(routes, config.publicBaseUrl, config.invalidCredentialsPerMinute)),
  });
  const routes: RouteDef[] = [
    ...agentRoutes,
    ...callRoutes,
    ...campaignRoutes,
    ...contactRoutes,
    ...phoneNumberRoutes,
    ...interviewRoutes,
    ...usageRoutes,
    ...analyticsRoutes,
    ...dashboardRoutes,
    ...browserCallRoutes,
    ...organizationRoutes,
    ...apiKeyRoutes,
    ...providerCredentialRoutes,
    ...toolSigningSecretRoutes,
    openapi,
  ];
  return routes;
}
