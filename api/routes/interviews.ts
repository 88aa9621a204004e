import { Types } from 'mongoose';
import { Agent } from '../../models/agent';
import { hashKey } from '../../models/apiKey';
import { EmbedToken as EmbedTokenModel, generateCandidateSecret } from '../../models/embedToken';
import { Interview as InterviewModel, openInterviewPool, type InterviewRecord } from '../../models/interview';
import { Organization, organizationLimits } from '../../models/organization';
import { claimSlot, releaseSlot } from '../../models/slot';
import { InterviewReport as InterviewReportModel } from '../../models/interviewReport';
import { interviewTranscript } from '../../models/interviewTurn';
import { findPage } from '../../lib/page';
import type { InterviewInput } from '../../workflows/definitions';
import { admitInterview } from '../../domain/admission';
import { ApiError, embedOriginsRequired, interviewClosed, notFound, organizationRequired, quotaExceeded, reportUnavailable, validationError } from '../errors';
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

export async function findInterview(organizationId: Types.ObjectId, id: string): Promise<InterviewRecord> {
  const doc = await InterviewModel.findOne({ _id: id, organizationId }).lean();
  if (!doc) throw notFound('interview', 'path.id');
  return doc;
}

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
      const filter = {
        organizationId: auth.organizationId,
        ...(query.externalRef !== undefined ? { externalRef: query.externalRef } : {}),
        ...(query.status ? { status: query.status } : {}),
      };
      const { docs, total } = await findPage<InterviewRecord>(InterviewModel, filter, query);
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
      const agent = /^[0-9a-f]{24}$/.test(body.agentId) ? await Agent.findOne({ _id: body.agentId, organizationId: auth.organizationId }).lean() : null;
      if (!agent) throw validationError('body.agentId is not an agent of your organization.', 'body.agentId');
      if (agent.type !== 'voice') throw validationError('body.agentId must be a voice agent to run interviews.', 'body.agentId');
      await admitInterview({ organizationId: auth.organizationId, byok: auth.byok });
      const organization = await Organization.findById(auth.organizationId).lean();
      if (!organization) throw organizationRequired();

      const interviewId = String(new Types.ObjectId());
      const pool = openInterviewPool(auth.organizationId);
      const { maxOpenInterviews } = organizationLimits(organization);
      if ((await claimSlot(pool, interviewId, maxOpenInterviews)) === null) {
        throw quotaExceeded(
          `Your organization has reached its limit of ${maxOpenInterviews} open interviews; end one or wait for one to complete, or raise the plan.`,
        );
      }
      const capability = generateCandidateSecret('ic');
      const input: InterviewInput = {
        interviewId,
        organizationId: String(auth.organizationId),
        agentId: String(agent._id),
        agentName: agent.name,
        agentMode: agent.mode ?? 'interview',
        mode: body.mode ?? 'voice',
        candidateName: body.candidateName,
        candidateEmail: body.candidateEmail ?? '',
        externalRef: body.externalRef ?? '',
        language: agent.language,
        capabilityHash: hashKey(capability),
        expiresInHours: body.expiresInHours ?? 72,
        maxDurationMinutes: agent.maxDurationMinutes,
        byok: auth.byok,
        holdsCredits: !auth.byok,
      };
      // Answers once the workflow has written `created`, so the 201 is followed by a readable interview.
      try {
        await workflows.openInterview(input);
      } catch (err) {
        // An abandoned workflow never settles: its place is freed here.
        await releaseSlot(pool, interviewId);
        throw err;
      }
      const doc = await findInterview(auth.organizationId, interviewId);
      // The capability rides in the fragment, which browsers never send to a server.
      return { ...interviewRepresentation(doc), interviewUrl: `${config.publicBaseUrl}/i/${interviewId}#${capability}` };
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
      const doc = await findInterview(auth.organizationId, params.id);
      if (auth.keyId === null || auth.allowedOrigins.length === 0) throw embedOriginsRequired();
      if (doc.status === 'completed') throw interviewClosed('This interview is completed; it takes no new embed tokens.');
      if (doc.expiresAt <= new Date()) throw interviewClosed('This interview is past its expiresAt; it takes no new embed tokens.');
      const token = generateCandidateSecret('et');
      const expiresAt = new Date(Date.now() + (body.expiresInSeconds ?? 900) * 1000);
      await EmbedTokenModel.create({
        tokenHash: hashKey(token),
        interviewId: doc._id,
        organizationId: auth.organizationId,
        apiKeyId: new Types.ObjectId(auth.keyId),
        allowedOrigins: auth.allowedOrigins,
        expiresAt,
      });
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
      const doc = await findInterview(auth.organizationId, params.id);
      return { object: 'interview_transcript' as const, interviewId: params.id, data: transcriptRepresentation(doc, await interviewTranscript(params.id)) };
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
      const existing = await findInterview(auth.organizationId, params.id);
      const closed = () =>
        interviewClosed(
          existing.status === 'completed'
            ? 'This interview is completed; its link cannot be renewed.'
            : 'This interview is past its expiresAt; its link cannot be renewed.',
        );
      if (existing.status === 'completed' || existing.expiresAt <= new Date()) throw closed();
      const capability = generateCandidateSecret('ic');
      // The workflow owns the interview's state: it writes the new hash to the read model the candidate's requests are checked against (api/middleware/candidateAuth.ts).
      const { expiresAt } = await workflows.reissueInterviewLink(params.id, hashKey(capability)).catch((err: unknown) => {
        // Completed or expired between the read and the update.
        throw err instanceof ApiError && err.code === 'INVALID_STATE_TRANSITION' ? closed() : err;
      });
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
      'An interview that ended without starting (`endedReason: expired`, or ended by an operator before the candidate started) never gets a report: 409 `REPORT_UNAVAILABLE`, so pollers can stop. ' +
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
      const doc = await findInterview(auth.organizationId, params.id);
      if (doc.status === 'completed' && !doc.startedAt) throw reportUnavailable(doc.endedReason ?? 'expired');
      const report = doc.reportId ? await InterviewReportModel.findById(doc.reportId).lean() : null;
      if (!report || report.status !== 'ready') return reply(202, { object: 'interview_report', interviewId: params.id, status: 'pending' });
      const transcript = query.includeTranscript ? transcriptRepresentation(doc, await interviewTranscript(params.id)) : undefined;
      return interviewReportRepresentation(doc, report, transcript);
    },
  }),
];
