import {
  findInterview,
  interviewReport,
  interviewWithTranscript,
  listInterviews,
  mintEmbedToken,
  openInterview,
  reissueInterviewLink,
} from '../../domain/interviews';
import { ApiError } from '../errors';
import { defineRoute, reply, type Req } from '../defineRoute';
import { IdParams, ListOf, errorResponses, listEnvelope } from '../schemas/common';
import {
  CreateInterviewBody,
  CreatedInterview,
  EmbedToken,
  EmbedTokenBody,
  Interview,
  InterviewLink,
  InterviewTranscript,
  InterviewReport,
  ListInterviewsQuery,
  PendingInterviewReport,
  ReportQuery,
  interviewReportRepresentation,
  interviewRepresentation,
  transcriptRepresentation,
} from '../schemas/interviews';

export const interviewRoutes = [
  defineRoute({
    operationId: 'listInterviews',
    method: 'get',
    path: '/interviews',
    tag: 'Interviews',
    summary: 'List interviews, newest first',
    auth: 'apiKey',
    scope: 'executions:read',
    query: ListInterviewsQuery,
    status: 200,
    responses: { 200: { description: 'A page of interviews.', schema: ListOf(Interview, 'interview') } },
    handler: async ({ query, auth }: Req<{ query: typeof ListInterviewsQuery }>) => {
      const { docs, total } = await listInterviews(auth.organizationId, query);
      return listEnvelope('interview', docs.map(interviewRepresentation), total, query);
    },
  }),
  defineRoute({
    operationId: 'createInterview',
    method: 'post',
    path: '/interviews',
    tag: 'Interviews',
    summary: 'Create an interview session for one candidate',
    description:
      'The agent must be a `voice` agent of your organization. Answers with `status: created` and `interviewUrl`, the hosted link for the candidate (in this response only). ' +
      'The candidate starts (`active`) and ends it, or the agent ends it after its questions, or it reaches the agent’s `maxDurationMinutes`; an interview nobody started within `expiresInHours` ends with `endedReason: expired` and no report. ' +
      'To embed the interview in your own page instead, mint an embed token (`POST /interviews/{id}/embed-token`). ' +
      'Credits: 402 `INSUFFICIENT_CREDITS` when the organization has no minutes left, here and again when the candidate starts (by message or by voice). From the start each minute of conversation is held on the ledger before it begins; an interview whose next minute cannot be held is closed by the agent with a closing line at the end of its last held minute (`endedReason: credits_exhausted`), charged its minutes, the rest of its hold released. For `byok` keys they are billed per minute instead (`byok.usedMinutes` in `GET /usage`), and the organization needs verified `llm`, `stt` and `tts` provider credentials, else 400 `BYOK_NOT_READY`. ' +
      'Operators can end an interview by sending the `end` signal to workflow `interview-<id>`. ' +
      'An interview its workflow does not confirm in time (e.g. no worker is running) is abandoned: 504 `CREATE_TIMEOUT`, nothing created or charged. ' +
      'Counts against the organization’s `maxOpenInterviews` while `created` or `active` (403 `QUOTA_EXCEEDED` beyond it); an interview frees its place when it completes.',
    auth: 'apiKey',
    scope: 'executions:read',
    body: CreateInterviewBody,
    status: 201,
    responses: { 201: { description: 'The interview, with its hosted link.', schema: CreatedInterview }, ...errorResponses(402, 504) },
    handler: async ({ body, auth, config, workflows }: Req<{ body: typeof CreateInterviewBody }>) => {
      // Answers once the workflow has written `created`, so the 201 is followed by a readable interview.
      const { interview, capability } = await openInterview(auth, body, (input) => workflows.openInterview(input));
      // The capability rides in the fragment, which browsers never send to a server.
      return { ...interviewRepresentation(interview), interviewUrl: `${config.publicBaseUrl}/i/${String(interview._id)}#${capability}` };
    },
  }),
  defineRoute({
    operationId: 'getInterview',
    method: 'get',
    path: '/interviews/{id}',
    tag: 'Interviews',
    resource: 'interview',
    summary: 'Retrieve an interview',
    auth: 'apiKey',
    scope: 'executions:read',
    params: IdParams,
    status: 200,
    responses: { 200: { description: 'The interview (without `interviewUrl`).', schema: Interview } },
    handler: async ({ params, auth }: Req<{ params: typeof IdParams }>) => interviewRepresentation(await findInterview(auth.organizationId, params.id)),
  }),
  defineRoute({
    operationId: 'createEmbedToken',
    method: 'post',
    path: '/interviews/{id}/embed-token',
    tag: 'Interviews',
    resource: 'interview',
    summary: 'Mint an embed token for one interview',
    description:
      'Mint it on your server right before rendering the page, and give the browser only `token` (for `{embed_host}/embed.js`) or `embedUrl` (an iframe `src`; the token is in its fragment, which browsers never send to a server). ' +
      'The token works for this interview only, until `expiresAt` or until the calling key is revoked, only in frames of the calling key’s `allowedOrigins` (sent as `Content-Security-Policy: frame-ancestors`), and candidate requests made with it from any other origin are refused. ' +
      'A key without allowed origins gets 403 `EMBED_ORIGINS_REQUIRED`; a completed interview, or one past its `expiresAt`, 409 `INTERVIEW_CLOSED`. The body may be omitted.',
    auth: 'apiKey',
    scope: 'executions:read',
    params: IdParams,
    body: EmbedTokenBody,
    status: 200,
    responses: { 200: { description: 'The embed token.', schema: EmbedToken }, ...errorResponses(409) },
    handler: async ({ params, body, auth, config }: Req<{ params: typeof IdParams; body: typeof EmbedTokenBody }>) => {
      const { token, expiresAt } = await mintEmbedToken(auth.organizationId, params.id, auth, body.expiresInSeconds ?? 900);
      return {
        object: 'embed_token' as const,
        interviewId: params.id,
        token,
        embedUrl: `${config.publicBaseUrl}/embed/${params.id}#token=${token}`,
        expiresAt: expiresAt.toISOString(),
        allowedOrigins: auth.allowedOrigins,
      };
    },
  }),
  defineRoute({
    operationId: 'getInterviewTranscript',
    method: 'get',
    path: '/interviews/{id}/transcript',
    tag: 'Interviews',
    resource: 'interview',
    summary: "An interview's transcript so far",
    description:
      'The turns in order, as they happen: poll it while the interview is `active` to follow the conversation. The agent’s tool calls are `tool` turns, which the candidate does not see.',
    auth: 'apiKey',
    scope: 'executions:read',
    params: IdParams,
    status: 200,
    responses: { 200: { description: 'The turns in order.', schema: InterviewTranscript } },
    handler: async ({ params, auth }: Req<{ params: typeof IdParams }>) => {
      const { interview, turns } = await interviewWithTranscript(auth.organizationId, params.id);
      return { object: 'interview_transcript' as const, interviewId: params.id, data: transcriptRepresentation(interview, turns) };
    },
  }),
  defineRoute({
    operationId: 'reissueInterviewLink',
    method: 'post',
    path: '/interviews/{id}/link',
    tag: 'Interviews',
    resource: 'interview',
    summary: 'Issue a fresh hosted link for an interview',
    description:
      'For a candidate who lost the link, or one sent to the wrong person: answers a new `interviewUrl` (in this response only) and the previous link stops working at once, whether or not the interview has started; a candidate page open on the old link is refused at its next request. Embed tokens are not affected. ' +
      'A completed interview, or one past its `expiresAt`, is 409 `INTERVIEW_CLOSED`. The interview’s workflow makes the change: one that does not confirm it within `WORKFLOW_ACTION_TIMEOUT_SECONDS` (e.g. no worker is running) is 504 `ACTION_TIMEOUT`, and the new link may still take effect, so issue another before sending one.',
    auth: 'apiKey',
    scope: 'executions:read',
    params: IdParams,
    status: 200,
    responses: { 200: { description: 'The new link.', schema: InterviewLink }, ...errorResponses(409, 504) },
    handler: async ({ params, auth, config, workflows }: Req<{ params: typeof IdParams }>) => {
      // The workflow owns the interview's state: it writes the new hash to the read model the candidate's requests are checked against (api/middleware/candidateAuth.ts).
      const { capability, expiresAt } = await reissueInterviewLink(auth.organizationId, params.id, (capabilityHash) =>
        workflows.reissueInterviewLink(params.id, capabilityHash).catch((err: unknown) => {
          // Completed or expired between the read and the update.
          if (err instanceof ApiError && err.code === 'INVALID_STATE_TRANSITION') return null;
          throw err;
        }),
      );
      return { object: 'interview_link' as const, interviewId: params.id, interviewUrl: `${config.publicBaseUrl}/i/${params.id}#${capability}`, expiresAt };
    },
  }),
  defineRoute({
    operationId: 'getInterviewReport',
    method: 'get',
    path: '/interviews/{id}/report',
    tag: 'Interviews',
    resource: 'interview',
    summary: "An interview's report",
    description:
      '202 with `status: pending` while the interview is `created` or `active` and until the analysis has finished, then 200. ' +
      'The agent’s `mode` selects the family: `interview` (an evaluation per `voice.evaluationCriteria`, an overall score, a recommendation, strengths and concerns) or `workflow` (outcome and captured answers); fields of the other family are absent. ' +
      'An interview that ended without starting (`endedReason: expired` or `agent_deleted`, or ended by an operator before the candidate started) never gets a report: 409 `REPORT_UNAVAILABLE`, so pollers can stop. ' +
      'Nor does one whose agent was deleted after it ended but before its analysis read the agent (an agent cannot be deleted while its interview is `active`): 409 `REPORT_UNAVAILABLE`, whose message says the agent was deleted. ' +
      'When the language model could not produce a valid analysis, the report is still final: `analysisStatus: failed` with `analysisError`, and no summary or family fields. ' +
      '`toolCalls` lists the agent’s tool calls either way.',
    auth: 'apiKey',
    scope: 'executions:read',
    params: IdParams,
    query: ReportQuery,
    status: 200,
    responses: {
      200: { description: 'The ready report.', schema: InterviewReport },
      202: { description: 'Not ready yet; poll again in a few seconds.', schema: PendingInterviewReport },
      ...errorResponses(409),
    },
    handler: async ({ params, query, auth }: Req<{ params: typeof IdParams; query: typeof ReportQuery }>) => {
      const { interview, report, turns } = await interviewReport(auth.organizationId, params.id, query.includeTranscript === true);
      if (!report) return reply(202, { object: 'interview_report', interviewId: params.id, status: 'pending' });
      return interviewReportRepresentation(interview, report, turns ? transcriptRepresentation(interview, turns) : undefined);
    },
  }),
];
