/**
 * The one admission every conversation passes before it may cost anyone anything: a direct call, a
 * campaign's attempt, an interview (when it is created, when the candidate starts it, when their
 * voice joins). Routes and activities call it; it alone asks the models. The checks run in one
 * order, each refusal a kind of its own that the API and the campaign workflow turn into theirs:
 *
 *   organization -> destination -> do-not-call -> BYOK readiness -> concurrency slot -> credit hold
 *
 * The credit hold sets minutes aside on the organization's ledger before they are spent, one per
 * started minute: one at admission, one more before each next minute begins (extendHold), so a
 * conversation never talks into a minute nobody holds. A hold is taken only while a minute
 * remains, so concurrent admissions never take the balance below zero. `byok` traffic is billed
 * outside credits and holds nothing.
 */
import type { Types } from 'mongoose';
import { callSlotPool, unconfirmedCallPool } from '../models/call';
import { isDoNotCall, type DoNotCallKey } from '../models/contact';
import { creditBalance, holdMinute, recentCreditBalance, recordUsage, type CreditBalance } from '../models/creditEntry';
import { Organization } from '../models/organization';
import { missingByokKinds } from '../models/providerCredential';
import { claimSlot, recordHolder, releaseSlot } from '../models/slot';
import { allowedCountriesOf, destinationRefusal } from './destinations';

export type Refusal =
  | { reason: 'organization_missing' }
  | { reason: 'destination_not_allowed'; message: string }
  | { reason: 'do_not_call' }
  | { reason: 'byok_not_ready'; missing: string[] }
  | { reason: 'concurrency'; maxConcurrentCalls: number }
  | { reason: 'insufficient_credits' };

/** A conversation refused admission; nothing it had taken is left held. */
export class AdmissionRefused extends Error {
  constructor(readonly refusal: Refusal) {
    super(`Admission refused: ${refusal.reason}`);
    this.name = 'AdmissionRefused';
  }
}

/** What the agent says when the organization has no minute left for the conversation's next one. */
export const CLOSING_LINE = "I'm sorry, I have to end our conversation here. Thank you for your time, goodbye.";

/** Why a call whose first minute could not be held was not dialled. */
export const INSUFFICIENT_CREDITS = 'The organization has no credit minute left for the call.';

/** What a conversation is on the ledger: `call:<id>` or `interview:<id>`. */
export type Conversation = `call:${string}` | `interview:${string}`;

type OrganizationId = Types.ObjectId | string;

/**
 * Admits a call about to be dialled: `heldMinutes` is what its workflow starts with (absent for
 * `byok`, which holds nothing). Idempotent per call id: a retry finds its slot and its hold.
 * `checkByok` is false for a campaign's attempts, whose credentials were checked at launch.
 * `defaultCountries` is the service's default for organizations without a list of their own (null:
 * any country). `holdFirstMinute` false leaves the last step, the first minute's hold, to the call's
 * dial (`POST /calls`): it runs in the worker, which writes the organization's other ledger entries
 * for calls, so the hold finds the ledger's head where it left it instead of looking for it.
 */
export async function admitCall(
  call: CallToAdmit & {
    callId: string;
    defaultCountries: readonly string[] | null;
    /** What readForCall started for the call, beside the caller's own reads; read here when absent. */
    reads?: ReturnType<typeof readForCall>;
  },
): Promise<{ heldMinutes?: number }> {
  const organizationId = String(call.organizationId);
  const [organization, suppressed, missing, balance] = await (call.reads ?? readForCall(call));
  if (!organization) throw new AdmissionRefused({ reason: 'organization_missing' });
  const refusedDestination = destinationRefusal(call.phoneNumber, allowedCountriesOf(organization, call.defaultCountries));
  if (refusedDestination) throw new AdmissionRefused({ reason: 'destination_not_allowed', message: refusedDestination });
  if (suppressed) throw new AdmissionRefused({ reason: 'do_not_call' });
  if (missing.length) throw new AdmissionRefused({ reason: 'byok_not_ready', missing });
  const maxConcurrentCalls = organization.limits?.maxConcurrentCalls ?? 0;
  const pool = callSlotPool(organizationId);
  if ((await claimSlot(pool, call.callId, maxConcurrentCalls)) === null) throw new AdmissionRefused({ reason: 'concurrency', maxConcurrentCalls });
  if (call.byok) return {};
  if (call.holdFirstMinute === false) {
    // Refused here with nothing left, so a call without credit never reaches a workflow; a balance a
    // second old is enough for that, since the dial's hold is the guarantee, and a refusal is read
    // fresh, so a top-up counts at once.
    if (!(await hasMinuteLeft(organizationId, balance))) {
      await releaseSlot(pool, call.callId);
      throw new AdmissionRefused({ reason: 'insufficient_credits' });
    }
    return { heldMinutes: 0 };
  }
  if (!(await holdMinute(organizationId, `call:${call.callId}`, 1))) {
    await releaseSlot(pool, call.callId);
    throw new AdmissionRefused({ reason: 'insufficient_credits' });
  }
  return { heldMinutes: 1 };
}

/** How old a balance a direct call's quick refusal may read. */
const BALANCE_MAX_AGE_MS = 1_000;

/** Whether a minute is left, on a balance a second old; a refusal is read again, fresh. */
async function hasMinuteLeft(organizationId: string, recent: CreditBalance | undefined): Promise<boolean> {
  if ((recent ?? (await recentCreditBalance(organizationId, BALANCE_MAX_AGE_MS))).remainingMinutes >= 1) return true;
  return (await creditBalance(organizationId)).remainingMinutes >= 1;
}

interface CallToAdmit {
  organizationId: OrganizationId;
  phoneNumber: string;
  /** The service's do-not-call key, under which the registry is read. */
  doNotCallKey: DoNotCallKey;
  byok: boolean;
  checkByok?: boolean;
  holdFirstMinute?: boolean;
}

/**
 * What admitting the call reads, all at once, so that a route can start it beside its own reads
 * (one round trip for all): the organization, the number's do-not-call entry, a `byok` key's
 * missing credentials and, for a call whose dial holds its first minute, the recent balance.
 */
export function readForCall(call: CallToAdmit) {
  const organizationId = String(call.organizationId);
  const reads = Promise.all([
    Organization.findById(organizationId, { limits: 1, allowedCountries: 1 }).lean(),
    isDoNotCall(call.doNotCallKey, organizationId, call.phoneNumber),
    call.byok && call.checkByok !== false ? missingByokKinds(organizationId) : [],
    !call.byok && call.holdFirstMinute === false ? recentCreditBalance(organizationId, BALANCE_MAX_AGE_MS) : undefined,
  ]);
  // A request refused for its own fields before the admission leaves these unread, not failing.
  reads.catch(() => undefined);
  return reads;
}

/**
 * A call to one of the organization's numbers, being answered: organization -> concurrency slot ->
 * the first minute's hold. No destination, do-not-call or BYOK check applies: nobody is dialled,
 * and no key placed the call, so it runs on the service's vendors and is billed on credits.
 */
export async function admitInboundCall(call: {
  organizationId: OrganizationId;
  callId: string;
  /** What readForInbound started beside the caller's own reads. */
  organization: ReturnType<typeof readForInbound>;
}): Promise<{ heldMinutes: number }> {
  const organizationId = String(call.organizationId);
  const organization = await call.organization;
  if (!organization) throw new AdmissionRefused({ reason: 'organization_missing' });
  const maxConcurrentCalls = organization.limits?.maxConcurrentCalls ?? 0;
  const pool = callSlotPool(organizationId);
  if ((await claimSlot(pool, call.callId, maxConcurrentCalls)) === null) throw new AdmissionRefused({ reason: 'concurrency', maxConcurrentCalls });
  if (!(await holdMinute(organizationId, `call:${call.callId}`, 1))) {
    await releaseSlot(pool, call.callId);
    throw new AdmissionRefused({ reason: 'insufficient_credits' });
  }
  return { heldMinutes: 1 };
}

/** What admitting an inbound call reads, for the caller to start beside its own reads. */
export function readForInbound(organizationId: OrganizationId) {
  const read = Organization.findById(organizationId, { limits: 1 }).lean().exec();
  read.catch(() => undefined);
  return read;
}

/**
 * An interview being created: its organization, its credentials for `byok`, and minutes left for
 * the service's own accounts. Nothing is held yet: an interview may wait days for its candidate,
 * and its minutes are held from when they start (admitInterviewStart).
 */
export async function admitInterview(interview: { organizationId: OrganizationId; byok: boolean }): Promise<void> {
  const [organization, missing, balance] = await Promise.all([
    Organization.exists({ _id: interview.organizationId }),
    interview.byok ? missingByokKinds(interview.organizationId) : [],
    interview.byok ? undefined : creditBalance(interview.organizationId),
  ]);
  if (!organization) throw new AdmissionRefused({ reason: 'organization_missing' });
  if (missing.length) throw new AdmissionRefused({ reason: 'byok_not_ready', missing });
  if (balance && balance.remainingMinutes <= 0) throw new AdmissionRefused({ reason: 'insufficient_credits' });
}

/**
 * The candidate starts (by message or by voice): the interview's first minute is held, once. An
 * interview already started has its hold, and starting again (a reloaded page) holds nothing more.
 */
export async function admitInterviewStart(interview: { _id: OrganizationId; organizationId: OrganizationId; byok?: boolean | null }): Promise<void> {
  if (interview.byok) return;
  if (!(await holdMinute(interview.organizationId, `interview:${String(interview._id)}`, 1))) throw new AdmissionRefused({ reason: 'insufficient_credits' });
}

/** Holds the conversation's minute number `minute`: false when the organization has no minute left for it. */
export function extendHold(organizationId: OrganizationId, conversation: Conversation, minute: number): Promise<boolean> {
  return holdMinute(organizationId, conversation, minute);
}

/**
 * The end of a conversation: its charge (or its `byok` minutes) and the release of every minute it
 * held (`heldMinutes`, its workflow's count, else the ledger's), in one ledger entry. Safe to repeat.
 */
export function settle(input: {
  organizationId: OrganizationId;
  conversation: Conversation;
  chargedMinutes: number;
  byok: boolean;
  heldMinutes?: number;
}): Promise<void> {
  const { organizationId, conversation, chargedMinutes, byok, heldMinutes } = input;
  return recordUsage({
    organizationId: String(organizationId),
    minutes: chargedMinutes,
    reference: conversation,
    byok,
    ...(heldMinutes !== undefined ? { held: heldMinutes } : {}),
  });
}

/** The end of a call, or of an attempt never dialled: settled, and its concurrency slot freed. Safe to repeat. */
export async function settleCall(input: {
  organizationId: OrganizationId;
  callId: string;
  chargedMinutes: number;
  byok: boolean;
  heldMinutes?: number;
}): Promise<void> {
  const { callId, ...rest } = input;
  await settle({ ...rest, conversation: `call:${callId}` });
  await releaseSlot(callSlotPool(input.organizationId), input.callId);
}

/** The slot of a call whose start was answered with a refusal: its workflow settles its hold. */
export async function releaseCallSlot(organizationId: OrganizationId, callId: string): Promise<void> {
  await releaseSlot(callSlotPool(organizationId), callId);
}

/**
 * A call whose start failed without an answer (Temporal out of reach): its workflow may or may not
 * exist. Its slot is given back at once and the call is recorded as unconfirmed, so the reaper
 * settles its hold once it finds no workflow for it (domain/slotReaper.ts); a workflow that did
 * start settles it itself.
 */
export async function releaseUnconfirmedCall(organizationId: OrganizationId, callId: string): Promise<void> {
  await recordHolder(unconfirmedCallPool(organizationId), callId);
  await releaseSlot(callSlotPool(organizationId), callId);
}
