/** An interview's status in words, the same on every page that shows it. */
import type { Interview } from './types';
import { Badge } from './ui';

export const INTERVIEW_STATES: Record<Interview['status'], string> = {
  created: 'Waiting for the candidate',
  active: 'In progress',
  completed: 'Completed',
};

export const InterviewState = (props: { status: Interview['status']; testId?: string }) => (
  <Badge tone={props.status === 'completed' ? 'ok' : 'info'}>
    <span data-testid={props.testId}>{INTERVIEW_STATES[props.status]}</span>
  </Badge>
);
