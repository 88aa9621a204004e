import { allHandlersFinished, condition, setHandler } from '@temporalio/workflow';
import {
  interviewCandidateEndSignal,
  interviewEndSignal,
  interviewEndUpdate,
  interviewLinkUpdate,
  interviewMessageUpdate,
  interviewOpenUpdate,
  interviewStartUpdate,
  interviewSilentUpdate,
  interviewStateQuery,
  interviewVoiceTurnDoneUpdate,
  interviewVoiceTurnMoreUpdate,
  interviewVoiceTurnRenewUpdate,
  interviewVoiceTurnUpdate,
  type InterviewWorkflow,
} from './definitions';
import { InterviewRun } from './interviewRun';

/**
 * One candidate interview, the source of truth for its state: `created` -> `active` (the candidate
 * starts) -> `completed` with an `endedReason`; then the charge and, for an interview that started,
 * the report. The candidate talks to it through updates: a text message's turns are stored by an
 * activity, a voice session's by the API process that holds the candidate's audio socket, at
 * indices this workflow hands out. Every state is written to the read model with an increasing
 * sequence number.
 *
 * The interview's state and steps are in InterviewRun; this function wires the messages to it and
 * drives the sequence.
 */
export const interviewWorkflow: InterviewWorkflow = async (input) => {
  const interview = new InterviewRun(input);
  setHandler(interviewOpenUpdate, () => interview.opened());
  setHandler(interviewStateQuery, () => interview.snapshot());
  setHandler(interviewEndSignal, () => interview.operatorEnds());
  setHandler(interviewStartUpdate, () => interview.start(), { validator: () => interview.validateStart() });
  setHandler(interviewMessageUpdate, (text) => interview.message(text), { validator: (text) => interview.validateMessage(text) });
  setHandler(interviewEndUpdate, () => interview.candidateEnds(), { validator: () => interview.validateCandidateEnd() });
  setHandler(interviewCandidateEndSignal, () => interview.candidateEndSignalled());
  setHandler(interviewVoiceTurnUpdate, (request) => interview.voiceTurn(request), { validator: (_request) => interview.validateTurn() });
  setHandler(interviewVoiceTurnMoreUpdate, (more) => interview.voiceTurnMore(more), { validator: (more) => interview.validateVoiceTurnMore(more) });
  setHandler(interviewVoiceTurnRenewUpdate, (renewal) => interview.renewVoiceTurn(renewal), {
    validator: (renewal) => interview.validateVoiceTurnRenewal(renewal),
  });
  setHandler(interviewVoiceTurnDoneUpdate, (done) => interview.voiceTurnDone(done));
  setHandler(interviewLinkUpdate, (capabilityHash) => interview.reissueLink(capabilityHash), { validator: (_capabilityHash) => interview.validateLink() });
  setHandler(interviewSilentUpdate, () => interview.candidateSilent(), { validator: () => interview.validateCandidateEnd() });

  await interview.create();
  await interview.finish(await interview.ending());
  // Updates waiting for the report id answer before the run closes.
  await condition(allHandlersFinished);
  return interview.snapshot();
};
