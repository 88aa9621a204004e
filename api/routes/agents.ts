import { createAgent, deleteAgent, findAgent, listAgents, updateAgent, type NewAgent } from '../../domain/agents';
import { agentHasNoNumbers } from '../../domain/phoneNumbers';
import { toolsRefusal, withToolDefaults } from '../../domain/tools';
import type { Config } from '../../config';
import { notFound, validationError } from '../errors';
import { defineRoute, type Req } from '../defineRoute';
import { Agent, CreateAgentBody, DeletedAgent, ListAgentsQuery, PHONE_DEFAULTS, UpdateAgentBody, VOICE_DEFAULTS, agentRepresentation } from '../schemas/agents';
import { IdParams, ListOf, errorResponses, listEnvelope } from '../schemas/common';

/** A phone block on a voice agent (or the reverse) is a mistake worth saying, not ignoring; creation's schema says it for the type sent. */
function checkBlocks(type: string, body: { phone?: unknown; voice?: unknown; mode?: unknown }) {
  if (type === 'voice' && body.phone !== undefined) throw validationError('body.phone applies to phone agents only.', 'body.phone');
  if (type === 'phone' && body.voice !== undefined) throw validationError('body.voice applies to voice agents only.', 'body.voice');
  if (type === 'phone' && body.mode !== undefined) throw validationError('body.mode applies to voice agents only.', 'body.mode');
}

/** The tools as stored, or a 400 naming the field at fault (a url's host is resolved to check it). */
async function checkedTools(tools: NonNullable<CreateAgentBody['tools']>, config: Config) {
  const refusal = await toolsRefusal(tools, { allowLoopback: config.tools.allowLoopback });
  if (refusal) throw validationError(`body.${refusal.field} ${refusal.message}.`, `body.${refusal.field}`);
  return withToolDefaults(tools);
}

export const agentRoutes = [
  defineRoute({
    operationId: 'listAgents',
    method: 'get',
    path: '/agents',
    tag: 'Agents',
    summary: 'List agents of one type, newest first',
    auth: 'apiKey',
    scope: 'agents:read',
    query: ListAgentsQuery,
    status: 200,
    responses: { 200: { description: 'A page of agents.', schema: ListOf(Agent, 'agent') } },
    handler: async ({ query, auth, config }: Req<{ query: typeof ListAgentsQuery }>) => {
      const { docs, total } = await listAgents(auth.organizationId, query);
      return listEnvelope(
        'agent',
        docs.map((d) => agentRepresentation(d, config.providers)),
        total,
        query,
      );
    },
  }),
  defineRoute({
    operationId: 'createAgent',
    method: 'post',
    path: '/agents',
    tag: 'Agents',
    summary: 'Create an agent',
    description:
      'Counts against the organization’s `maxAgents` (403 `QUOTA_EXCEEDED` beyond it). A name already used in the organization, ignoring case, is 409 `DUPLICATE_NAME`.',
    auth: 'apiKey',
    scope: 'agents:manage',
    body: CreateAgentBody,
    status: 201,
    responses: { 201: { description: 'The new agent.', schema: Agent }, ...errorResponses(409) },
    handler: async ({ body, auth, config }: Req<{ body: typeof CreateAgentBody }>) => {
      const type = body.type ?? 'phone';
      const tools = await checkedTools(body.tools ?? [], config);
      const fields: NewAgent = {
        type,
        name: body.name,
        description: body.description ?? '',
        displayName: body.displayName ?? '',
        ...(type === 'voice' ? { mode: body.mode ?? 'interview', voice: { ...VOICE_DEFAULTS, ...body.voice } } : {}),
        ...(type === 'phone' ? { phone: { ...PHONE_DEFAULTS, ...body.phone } } : {}),
        language: body.language ?? 'en-US',
        sector: body.sector ?? '',
        maxDurationMinutes: body.maxDurationMinutes ?? 15,
        instructions: body.instructions,
        providers: body.providers ?? {},
        tools,
        turnTaking: body.turnTaking ?? {},
      };
      return agentRepresentation(await createAgent(auth.organizationId, fields), config.providers);
    },
  }),
  defineRoute({
    operationId: 'getAgent',
    method: 'get',
    path: '/agents/{id}',
    tag: 'Agents',
    resource: 'agent',
    summary: 'Retrieve an agent',
    auth: 'apiKey',
    scope: 'agents:read',
    params: IdParams,
    status: 200,
    responses: { 200: { description: 'The agent.', schema: Agent } },
    handler: async ({ params, auth, config }: Req<{ params: typeof IdParams }>) => {
      const doc = await findAgent(auth.organizationId, params.id);
      if (!doc) throw notFound('agent', 'path.id');
      return agentRepresentation(doc, config.providers);
    },
  }),
  defineRoute({
    operationId: 'updateAgent',
    method: 'patch',
    path: '/agents/{id}',
    tag: 'Agents',
    resource: 'agent',
    summary: 'Update an agent',
    description:
      'Only supplied fields change; `providers`, `phone`, `voice` and `turnTaking` merge field by field, `tools` replaces the list. `type` and `mode` cannot change. ' +
      'An agent that a phone number points at cannot be set to `phone.direction: outbound` (409 `AGENT_IN_USE`): move or release the number first, so that no number answers for an agent that takes no inbound calls.',
    auth: 'apiKey',
    scope: 'agents:manage',
    params: IdParams,
    body: UpdateAgentBody,
    status: 200,
    responses: { 200: { description: 'The updated agent.', schema: Agent }, ...errorResponses(409) },
    handler: async ({ params, body, auth, config }: Req<{ params: typeof IdParams; body: typeof UpdateAgentBody }>) => {
      const doc = await updateAgent(auth.organizationId, params.id, async (current) => {
        checkBlocks(current.type, body);
        if (body.phone?.direction === 'outbound') await agentHasNoNumbers(auth.organizationId, params.id);
        const { providers, phone, voice, turnTaking, tools, ...scalars } = body;
        return {
          ...scalars,
          ...(tools ? { tools: await checkedTools(tools, config) } : {}),
          ...(providers ? { providers: { ...(current.providers ?? {}), ...providers } } : {}),
          ...(phone ? { phone: { ...PHONE_DEFAULTS, ...current.phone, ...phone } } : {}),
          ...(voice ? { voice: { ...VOICE_DEFAULTS, ...current.voice, ...voice } } : {}),
          ...(turnTaking ? { turnTaking: { ...current.turnTaking, ...turnTaking } } : {}),
        };
      });
      return agentRepresentation(doc, config.providers);
    },
  }),
  defineRoute({
    operationId: 'deleteAgent',
    method: 'delete',
    path: '/agents/{id}',
    tag: 'Agents',
    resource: 'agent',
    summary: 'Delete an agent',
    description:
      'Frees its place in the agent quota. Calls, interviews and campaigns already made keep their `agentName`. ' +
      'An agent in use cannot be deleted: 409 `AGENT_IN_USE`, whose message names what uses it: a campaign in `draft`, `scheduled`, `running` or `paused` (cancel it, or let it complete, first), a call with it `created` or `active` (hang it up, or let it end), an interview with it `active`, started and not ended (let it end: at the latest the agent’s `maxDurationMinutes` after its start), or a phone number pointing at it (move or release the number). ' +
      'An interview still `created` does not hold its agent: a candidate who starts it after the deletion is refused (409 `INTERVIEW_CLOSED` on the candidate’s page), and it ends without starting (`endedReason: agent_deleted`), uncharged and without a report.',
    auth: 'apiKey',
    scope: 'agents:manage',
    params: IdParams,
    status: 200,
    responses: { 200: { description: 'The agent was deleted.', schema: DeletedAgent }, ...errorResponses(409) },
    handler: async ({ params, auth }: Req<{ params: typeof IdParams }>) => {
      await deleteAgent(auth.organizationId, params.id);
      return { id: params.id, object: 'agent' as const, deleted: true as const };
    },
  }),
];
