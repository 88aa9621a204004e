import { candidateSession, startCandidateInterview } from '../../domain/candidates';
import { defineRoute, type Req } from '../defineRoute';
import { CandidateMessageBody, CandidateReply, CandidateSession, candidateSessionRepresentation } from '../schemas/candidate';
import { IdParams, errorResponses } from '../schemas/common';

/** Candidate routes live under their own prefix, outside the partner API and its OpenAPI document. */
export const CANDIDATE_PREFIX = '/candidate/v1';

async function session(interviewId: string) {
  const { interview, opening, turns, displayName } = await candidateSession(interviewId);
  return candidateSessionRepresentation(interview, opening, turns, displayName);
}

const common = {
  tag: 'Candidate',
  resource: 'interview',
  auth: 'candidate' as const,
  params: IdParams,
};

export const candidateRoutes = [
  defineRoute({
    ...common,
    operationId: 'getCandidateSession',
    method: 'get',
    path: '/interviews/{id}',
    summary: 'The candidate’s view of their interview',
    status: 200,
    responses: { 200: { description: 'The session.', schema: CandidateSession } },
    handler: async ({ auth }: Req<{ auth: 'candidate' }>) => session(auth.interviewId),
  }),
  defineRoute({
    ...common,
    operationId: 'startCandidateSession',
    method: 'post',
    path: '/interviews/{id}/start',
    summary: 'Start the interview; the agent opens',
    status: 200,
    responses: { 200: { description: 'The session, active, with the opening turn.', schema: CandidateSession }, ...errorResponses(402, 409, 504) },
    handler: async ({ auth, workflows }: Req<{ auth: 'candidate' }>) => {
      await startCandidateInterview(auth.interviewId, (id) => workflows.startInterview(id));
      return session(auth.interviewId);
    },
  }),
  defineRoute({
    ...common,
    operationId: 'sendCandidateMessage',
    method: 'post',
    path: '/interviews/{id}/messages',
    summary: "Send the candidate's message; answers with the agent's reply",
    body: CandidateMessageBody,
    status: 200,
    responses: { 200: { description: 'Both turns, as stored.', schema: CandidateReply }, ...errorResponses(409, 504) },
    handler: async ({ auth, body, workflows }: Req<{ auth: 'candidate'; body: typeof CandidateMessageBody }>) => {
      return { object: 'candidate_reply' as const, ...(await workflows.sendCandidateMessage(auth.interviewId, body.text)) };
    },
  }),
  defineRoute({
    ...common,
    operationId: 'endCandidateSession',
    method: 'post',
    path: '/interviews/{id}/end',
    summary: 'End the interview',
    description:
      'An end the interview’s workflow does not confirm in time (e.g. no worker is running) is 504 `ACTION_TIMEOUT`; the end is then recorded as the workflow’s `candidateEnd` signal, and an interview still active when the workflow runs ends as `candidate_ended` (the error’s message says so; should Temporal not take the signal either, it says the end may still take effect). Retrieve the session rather than retrying.',
    status: 200,
    responses: { 200: { description: 'The session, completed, with its `reportId`.', schema: CandidateSession }, ...errorResponses(409, 504) },
    handler: async ({ auth, workflows }: Req<{ auth: 'candidate' }>) => {
      await workflows.endInterview(auth.interviewId);
      return session(auth.interviewId);
    },
  }),
];
