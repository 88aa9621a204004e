import { setHandler } from '@temporalio/workflow';
import { CallRun } from './callRun';
import {
  callAbandonSignal,
  callCarrierEventSignal,
  callDialUpdate,
  callHangupSignal,
  callHangupUpdate,
  callSendDigitsUpdate,
  callStateQuery,
  callTransferUpdate,
  type CallWorkflow,
} from './definitions';

/**
 * One call, the source of truth for its state: dialling -> `created` (the carrier accepted) ->
 * `active` (answered) -> `completed` with a disposition; then the charge, the slot release and
 * the report. An inbound call starts `active`, answered as it was admitted. Every state is written
 * to the read model with an increasing sequence number.
 *
 * The call's state and steps are in CallRun; this function wires the messages to it and drives the
 * sequence.
 */
export const callWorkflow: CallWorkflow = async (input) => {
  const call = new CallRun(input);
  setHandler(callDialUpdate, () => call.dialOutcome());
  setHandler(callCarrierEventSignal, (event) => call.carrierEvent(event));
  setHandler(callHangupSignal, () => call.hangupSignalled());
  setHandler(callAbandonSignal, () => call.abandon());
  setHandler(callHangupUpdate, () => call.hangup(), { validator: () => call.validateHangup() });
  setHandler(callStateQuery, () => call.snapshot());
  setHandler(callTransferUpdate, (ask) => call.transfer(ask), { validator: (ask) => call.validateTransfer(ask) });
  setHandler(callSendDigitsUpdate, (keys) => call.sendDigits(keys), { validator: (keys) => call.validateDigits(keys) });

  if (input.direction === 'inbound') await call.complete(await call.answered());
  else if (await call.placeCall()) await call.complete(await call.ring());
  return call.result();
};
