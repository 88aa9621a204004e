/**
 * The transfer and keypad tools as the model meets them: the specs offered (only for tools the
 * agent has), arguments that do not fit told back without reaching the call, a failed transfer's
 * reason carried into the report; and the simulated model's choice of menu key and destination.
 */
import { actionSpecs, isActionCall, runActionCall, transferOf, type CallActions } from '../../conversation/callActions';
import type { AgentTool } from '../../models/agent';
import type { AgentProfile } from '../../providers/llm/interface';
import { HANDOFF_LINE, SimulatedLlm } from '../../providers/llm/simulated';
import type { TransferAsk, TransferResult } from '../../workflows/definitions';

const TOOLS: AgentTool[] = [
  {
    type: 'transfer',
    mode: 'warm',
    destinations: [
      { phoneNumber: '+442079460030', description: 'sales' },
      { phoneNumber: '+442079460031', description: 'billing' },
    ],
  },
  { type: 'keypad' },
];

/** What reached the call: a conversation's actions as the call workflow would receive them. */
function recordingActions(result: TransferResult = { outcome: 'connected' }) {
  const asked: Array<TransferAsk | string> = [];
  const actions: CallActions = {
    transfer: async (ask) => {
      asked.push(ask);
      return result;
    },
    sendDigits: async (digits) => {
      asked.push(digits);
    },
  };
  return { asked, actions };
}

const call = (name: string, args: unknown) => ({ id: 'c1', name, arguments: args });

test('the specs offer each destination with its description, and only the actions the agent has', () => {
  const [transfer, keypad] = actionSpecs(TOOLS);
  expect(transfer!.name).toBe('transfer_call');
  expect(transfer!.description).toContain('+442079460030: sales; +442079460031: billing');
  expect(transfer!.parameters).toMatchObject({
    properties: { destination: { enum: ['+442079460030', '+442079460031'] } },
    required: ['destination', 'summary'],
  });
  expect(keypad!.name).toBe('press_keys');
  expect(actionSpecs([{ type: 'end_call' }])).toEqual([]);
  expect(isActionCall([{ type: 'keypad' }], call('transfer_call', {}))).toBe(false);
});

test('a destination the agent does not have, or keys outside 0-9 * # w, are told to the model and never reach the call', async () => {
  const { asked, actions } = recordingActions();
  const wrong = await runActionCall(actions, TOOLS, call('transfer_call', { destination: '+15551234567', summary: 'x' }));
  expect(wrong.outcome).toEqual({
    ok: false,
    error: 'arguments.destination must be one of +442079460030, +442079460031; call transfer_call again with one of them',
  });
  const keys = await runActionCall(actions, TOOLS, call('press_keys', { digits: '1a' }));
  expect(keys.outcome).toMatchObject({ ok: false, error: expect.stringContaining('arguments.digits must be') });
  expect(asked).toEqual([]);
});

test('a transfer goes with the agent’s mode; a failed one is an error led by its reason, which the report reads back', async () => {
  const { asked, actions } = recordingActions({ outcome: 'failed', reason: 'busy', message: '+442079460030 is busy' });
  const run = await runActionCall(actions, TOOLS, call('transfer_call', { destination: '+442079460030', summary: 'Ada wants sales.' }));
  expect(asked).toEqual([{ to: '+442079460030', mode: 'warm', summary: 'Ada wants sales.' }]);
  expect(run).toMatchObject({ outcome: { ok: false, error: 'busy: +442079460030 is busy' }, handedOff: false });
  expect(transferOf([{ role: 'tool', text: '', tool: { call: run.call, outcome: run.outcome } }], TOOLS)).toEqual({
    destination: '+442079460030',
    mode: 'warm',
    outcome: 'failed',
    reason: 'busy',
  });
  expect(
    transferOf(
      [
        {
          role: 'tool',
          text: '',
          tool: { call: call('transfer_call', { destination: '+1' }), outcome: { ok: false, error: 'arguments.destination must be ...' } },
        },
      ],
      TOOLS,
    ),
  ).toBeUndefined();
});

test('the simulated model presses the key of the option its instructions name, and transfers to its first destination when asked for a person', async () => {
  const profile = (instructions: string): AgentProfile => ({
    type: 'phone',
    instructions,
    greeting: 'Hi.',
    requiredContactFields: [],
    outcomeLabels: [],
    language: 'en',
    tools: actionSpecs(TOOLS),
  });
  const llm = new SimulatedLlm();
  const menu = [
    { role: 'agent' as const, text: 'Hi.' },
    { role: 'contact' as const, text: 'Press 1 for sales, 2 for support.' },
  ];
  expect((await llm.reply(profile('Reach support about a refund.'), menu)).toolCalls).toEqual([
    { id: 'call_2', name: 'press_keys', arguments: { digits: '2' } },
  ]);
  expect((await llm.reply(profile('Ask about the weather.'), menu)).toolCalls).toBeUndefined();
  const asked = await llm.reply(profile('Renewals.'), [menu[0]!, { role: 'contact', text: 'Can I talk to a real person?' }]);
  expect(asked).toMatchObject({ text: HANDOFF_LINE, toolCalls: [{ name: 'transfer_call', arguments: { destination: '+442079460030' } }] });
});
