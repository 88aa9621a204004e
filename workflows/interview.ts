import { ApplicationFailure, allHandlersFinished, condition, proxyActivities, setHandler } from '@temporalio/workflow';
import {
  ANALYSIS_MAX_ATTEMPTS,
  interviewMessageUpdate,
  interviewEndSignal,
  interviewEndUpdate,
  FailureType,
  interviewOpenUpdate,
  interviewStateQuery,
  interviewStartUpdate,
  type InterviewActivities,
  type InterviewEndedReason,
  type InterviewWorkflow,
  type InterviewReply,
  type InterviewState,
  type InterviewTurnView,
} from './definitions';

const { projectInterview, reserveInterviewReport, settleInterview } = proxyActivities<InterviewActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 10 },
});
// The candidate waits on a turn: retry soon, and give up while they can still be told to try again.
const { interviewTurn } = proxyActivities<InterviewActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '5 seconds', maximumAttempts: 5 },
});
const { analyzeInterview } = proxyActivities<InterviewActivities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '2 seconds', maximumInterval: '1 minute', maximumAttempts: ANALYSIS_MAX_ATTEMPTS },
});

/** Keeps a run's history far below Temporal's limits whatever the model does: about 8 events a turn. */
const MAX_INTERVIEW_TURNS = 400;

const iso = (ms: number) => new Date(ms).toISOString();

const refuse = (message: string) => {
  throw ApplicationFailure.create({ type: FailureType.invalidState, message, nonRetryable: true });
};

/**
 * One candidate interview, the source of truth for its state: `created` -> `active` (the candidate
 * starts) -> `completed` with an `endedReason`; then the charge and, for an interview that started,
 * the report. The candidate talks to it through updates, each turn stored by an activity; every
 * state is written to the read model with an increasing sequence number.
 */
export const interviewWorkflow: InterviewWorkflow = async (input) => {
  const state: InterviewState = { status: 'created', turns: 0 };
  const { interviewId } = input;
  let seq = 0;
  let opened = false;
  /** A turn is being produced: the next message waits for it, the analysis too. */
  let busy = false;
  let endRequested: InterviewEndedReason | undefined;
  let startedAt: number | undefined;
  let opening: Promise<InterviewTurnView> | undefined;

  const project = (fields: Record<string, unknown>) => projectInterview({ interviewId, seq: ++seq, fields });
  const reportAssigned = async () => {
    await condition(() => state.reportId !== undefined);
    return state.reportId!;
  };

  setHandler(interviewOpenUpdate, async () => {
    await condition(() => opened);
    return { ...state };
  });
  setHandler(interviewStateQuery, () => ({ ...state }));
  setHandler(interviewEndSignal, () => {
    if (state.status !== 'completed') endRequested ??= 'operator_ended';
  });

  async function open(): Promise<InterviewTurnView> {
    busy = true;
    try {
      if (startedAt === undefined) {
        startedAt = Date.now();
        state.status = 'active';
        await project({ status: 'active', startedAt: iso(startedAt) });
      }
      const { agentTurn } = await interviewTurn({ interviewId, index: 0, candidateText: null });
      state.turns = Math.max(state.turns, 1);
      return agentTurn;
    } finally {
      busy = false;
    }
  }

  setHandler(
    interviewStartUpdate,
    // Starting again (a reloaded page) answers with the same opening; a failed opening is tried again.
    () =>
      (opening ??= open().catch((err: unknown) => {
        opening = undefined;
        throw err;
      })),
    {
      validator: () => {
        if (state.status === 'completed' || endRequested) refuse(`A ${state.status === 'completed' ? 'completed' : 'closing'} interview cannot be started.`);
      },
    },
  );

  setHandler(
    interviewMessageUpdate,
    async (text): Promise<InterviewReply> => {
      busy = true;
      let turn;
      try {
        turn = await interviewTurn({ interviewId, index: state.turns, candidateText: text });
        state.turns = turn.agentTurn.index + 1;
      } finally {
        busy = false;
      }
      if (turn.ended) endRequested ??= 'agent_ended';
      const ended = turn.ended || state.status === 'completed';
      return { candidateTurn: turn.candidateTurn!, agentTurn: turn.agentTurn, ended, reportId: ended ? await reportAssigned() : null };
    },
    {
      validator: (text) => {
        if (state.status !== 'active' || endRequested) refuse(`A ${state.status === 'active' ? 'closing' : state.status} interview takes no messages.`);
        if (busy) refuse('The agent is still answering the previous message.');
        if (state.turns >= MAX_INTERVIEW_TURNS) refuse(`This interview has reached its limit of ${MAX_INTERVIEW_TURNS} turns; end it.`);
        if (typeof text !== 'string' || text.trim() === '') refuse('A message needs text.');
      },
    },
  );

  setHandler(
    interviewEndUpdate,
    async () => {
      endRequested ??= 'candidate_ended';
      return { reportId: await reportAssigned() };
    },
    {
      validator: () => {
        if (state.status !== 'active') refuse(`A ${state.status} interview cannot be ended by the candidate.`);
      },
    },
  );

  async function finish(reason: InterviewEndedReason) {
    const endedAt = Date.now();
    state.status = 'completed';
    state.endedReason = reason;
    const reportId = startedAt === undefined ? null : (await reserveInterviewReport({ interviewId })).reportId;
    const durationSeconds = startedAt === undefined ? 0 : Math.round((endedAt - startedAt) / 1000);
    // Per started minute of conversation, at least one once started; one that never started is free.
    const chargedMinutes = startedAt === undefined ? 0 : Math.max(1, Math.ceil(durationSeconds / 60));
    await project({ status: 'completed', endedReason: reason, endedAt: iso(endedAt), durationSeconds, chargedMinutes, reportId });
    if (reportId) state.reportId = reportId;
    await settleInterview({ interviewId, organizationId: input.organizationId, agentId: input.agentId, chargedMinutes, byok: input.byok });
    if (reportId) {
      // A turn still being stored belongs in the transcript the report reads.
      await condition(() => !busy);
      await analyzeInterview({ interviewId });
    }
  }

  // `byok` goes to the read model too: the activities that pick the interview's LLM read it there.
  const { interviewId: _id, expiresInHours, maxDurationMinutes: _max, ...record } = input;
  await project({ ...record, status: 'created', expiresAt: iso(Date.now() + expiresInHours * 3_600_000) });
  opened = true;

  const moved = await condition(() => state.status === 'active' || endRequested !== undefined, `${expiresInHours} hours`);
  if (!moved) {
    await finish('expired');
  } else if (state.status !== 'active') {
    await finish(endRequested!);
  } else {
    const inTime = await condition(() => endRequested !== undefined, `${input.maxDurationMinutes} minutes`);
    await finish(inTime ? endRequested! : 'max_duration');
  }
  // Updates waiting for the report id answer before the run closes.
  await condition(allHandlersFinished);
  return { ...state };
};
