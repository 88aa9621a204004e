import { Types } from 'mongoose';
import { BROWSER_CALLER } from '../../domain/inbound';
import { userEmail } from '../../domain/users';
import { BROWSER_CALL_TOKEN_SECONDS, browserCallAudioPath, browserCallToken } from '../browserCallAudio';
import { notFound, permissionDenied } from '../errors';
import { defineRoute, type Req } from '../defineRoute';
import { answerBrowserCall } from '../inbound';
import { BrowserCall } from '../schemas/browserCalls';
import { callRepresentation } from '../schemas/calls';
import { IdParams, errorResponses } from '../schemas/common';

export const browserCallRoutes = [
  defineRoute({
    operationId: 'placeBrowserCall',
    method: 'post',
    path: '/dashboard/agents/{id}/browser-calls',
    tag: 'Dashboard',
    resource: 'phone agent',
    summary: 'Talk to a phone agent from the browser',
    description:
      'Places an inbound call to the phone agent (whatever its `phone.direction`) from the signed-in user, who needs the `campaigns:manage` permission (else 403 `PERMISSION_DENIED`). ' +
      `It is admitted like a call to one of the organization's numbers (a free place among \`maxConcurrentCalls\`, a credit minute held), listed in \`GET /calls\` with \`direction: inbound\`, \`phoneNumber: "${BROWSER_CALLER}"\` and \`contactName\` the user's email, and transcribed, charged and reported like any call. ` +
      'A call that cannot be admitted is not recorded: it is 402 `INSUFFICIENT_CREDITS` or 429 `CONCURRENCY_LIMIT_EXCEEDED`, for the page to show, rather than a fallback line. ' +
      `The call is active at once, the agent speaking its greeting as soon as the browser connects to \`audio.path\` and sends \`{"type":"start","token"}\` within ${BROWSER_CALL_TOKEN_SECONDS} s (the candidate audio socket's protocol). ` +
      'It ends when the agent says goodbye, the browser sends `end` or closes the socket, or `POST /calls/{id}/hangup`.',
    auth: 'dashboard',
    params: IdParams,
    status: 201,
    responses: { 201: { description: 'The call, active, and its audio socket.', schema: BrowserCall }, ...errorResponses(402, 429) },
    handler: async ({ params, auth, config, workflows }: Req<{ params: typeof IdParams; auth: 'dashboard' }>) => {
      if (!auth.permissions.has('campaigns:manage')) throw permissionDenied('Your user lacks the permission campaigns:manage needed to place calls.');
      const callId = String(new Types.ObjectId());
      const caller = {
        organizationId: auth.organizationId,
        agentId: params.id,
        callId,
        callerName: await userEmail(auth.userId),
        ringTimeoutSeconds: config.calls.ringTimeoutSeconds,
      };
      const call = await answerBrowserCall(caller, workflows);
      if (!call) throw notFound('phone agent', 'path.id');
      const { token, expiresAt } = browserCallToken(config.contacts.doNotCallHashKey, callId);
      return {
        object: 'browser_call' as const,
        call: callRepresentation(call, false),
        audio: {
          path: browserCallAudioPath(callId),
          ...(config.media.separate && { url: `${config.media.socketBase}${browserCallAudioPath(callId)}` }),
          token,
          expiresAt: expiresAt.toISOString(),
        },
      };
    },
  }),
];
