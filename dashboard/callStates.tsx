/** A call's state in words, one for each thing it can be: dialling, in progress, or how it ended. */
import type { Call } from './types';
import { Badge } from './ui';

/** How a completed call ended (the API's `disposition`), as a person says it. */
export const DISPOSITION_LABELS: Record<string, string> = {
  completed: 'Completed',
  contact_hung_up: 'Contact hung up',
  max_duration: 'Reached the time limit',
  hangup_requested: 'Hung up by you',
  no_answer: 'No answer',
  busy: 'Busy',
  failed: 'Failed',
  voicemail: 'Voicemail',
  voicemail_left: 'Voicemail, message left',
  credits_exhausted: 'Out of credits',
  transferred: 'Transferred to a person',
  refused: 'Turned away',
};

export const callStateLabel = (call: Pick<Call, 'status' | 'disposition'>) =>
  call.status === 'created' ? 'Dialling' : call.status === 'active' ? 'In progress' : (DISPOSITION_LABELS[call.disposition ?? ''] ?? 'Ended');

const tone = (call: Pick<Call, 'status' | 'disposition'>) =>
  call.status !== 'completed' ? 'info' : call.disposition === 'completed' ? 'ok' : call.disposition === 'failed' ? 'bad' : 'warn';

export const CallState = (props: { call: Pick<Call, 'status' | 'disposition'>; testId?: string }) => (
  <Badge tone={tone(props.call)}>
    <span data-testid={props.testId}>{callStateLabel(props.call)}</span>
  </Badge>
);

/** A campaign's status as a badge's tone. */
export const campaignTone = (status: string) => (status === 'completed' ? 'ok' : status === 'cancelled' ? 'bad' : status === 'paused' ? 'warn' : 'info');
