/**
 * What the media process's sockets ask of the data: one live socket per call or interview (a slot
 * in the socket's own pool, held while it is open), and the state of the conversation a socket
 * serves, read while it runs.
 */
import { Interview, type InterviewRecord } from '../models/interview';
import { claimSlot, releasePools, releaseSlot } from '../models/slot';

/** The sockets a call can have: a carrier's media stream (Twilio's or the simulated line's), Twilio's relay, a dashboard's browser call. */
const CALL_SOCKET_KINDS = ['media', 'relay', 'browser'] as const;
export type CallSocketKind = (typeof CALL_SOCKET_KINDS)[number];

/** The one-place pool of a call's socket of that kind. */
export const callSocketPool = (kind: CallSocketKind, callId: string): string => `${kind}:${callId}`;

/**
 * Frees every socket place of a call that is over. A socket frees its own as it closes, but one held
 * by a media process that was killed never closes there, and would stay in the slots for good.
 */
export const releaseCallSockets = (callId: string): Promise<void> => releasePools(CALL_SOCKET_KINDS.map((kind) => callSocketPool(kind, callId)));

/** Takes the one place of `pool` for `holder`; false when another socket holds it. */
export const claimSessionSocket = async (pool: string, holder: string): Promise<boolean> => (await claimSlot(pool, holder, 1)) !== null;

/** Frees the place `holder` took; a place already freed is no error. */
export const releaseSessionSocket = (pool: string, holder: string): Promise<unknown> => releaseSlot(pool, holder).catch(() => undefined);

/** The interview's end as its read model records it, or undefined while it is not over. */
export async function interviewEnd(interviewId: string): Promise<{ reason: string; reportId?: string } | undefined> {
  const doc = await Interview.findById(interviewId, { status: 1, endedReason: 1, reportId: 1 }).lean<
    Pick<InterviewRecord, 'status' | 'endedReason' | 'reportId'>
  >();
  if (doc?.status !== 'completed' || !doc.endedReason) return undefined;
  return { reason: doc.endedReason, ...(doc.reportId ? { reportId: String(doc.reportId) } : {}) };
}

/** Whether the interview is over, as its read model says; false when it cannot be read just now. */
export const interviewIsOver = async (interviewId: string): Promise<boolean> =>
  (
    await Interview.findById(interviewId, { status: 1 })
      .lean<Pick<InterviewRecord, 'status'>>()
      .catch(() => null)
  )?.status === 'completed';
