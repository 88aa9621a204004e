/**
 * Test numbers of the simulated carrier, in the Ofcom drama range (+44 20 7946 0xxx) so they are
 * valid numbers that reach no one. Any other valid number answers and holds a normal short
 * conversation. Pure: the simulated line workflow reads it too.
 */
export const TEST_NUMBERS = {
  '+442079460001': 'answers',
  '+442079460002': 'never_answers',
  '+442079460003': 'busy',
  '+442079460004': 'voicemail',
  '+442079460005': 'rejected',
  '+442079460006': 'hangs_up_early',
  '+442079460007': 'talks_until_max_duration',
  '+442079460008': 'fails',
  '+442079460009': 'carrier_unavailable',
  '+442079460020': 'asks_for_a_person',
  '+442079460021': 'asks_for_lookup',
  '+442079460022': 'asks_for_callback',
  '+442079460030': 'transfer_answers',
  '+442079460031': 'transfer_never_answers',
  '+442079460032': 'transfer_busy',
  '+442079460033': 'phone_menu',
  '+442079460041': 'says_hello',
  '+442079460042': 'voicemail_with_beep',
  '+442079460043': 'voicemail_without_beep',
  '+442079460044': 'recorded_menu',
  '+442079460045': 'call_screener',
  '+442079460999': 'asks_to_be_removed',
} as const;

export type Scenario = (typeof TEST_NUMBERS)[keyof typeof TEST_NUMBERS];

/**
 * What each scenario does and how its call ends, written once: the API's description of
 * `POST /calls` and the table in docs/calls.md are made from it (test/unit/testNumbersDocs.test.ts).
 */
export const SCENARIOS: Record<Scenario, { happens: string; disposition: string }> = {
  answers: { happens: 'answers, holds a short conversation, the agent ends it (as does any valid number not listed)', disposition: '`completed`' },
  never_answers: { happens: 'rings until `RING_TIMEOUT_SECONDS`', disposition: '`no_answer`' },
  busy: { happens: 'busy', disposition: '`busy`' },
  voicemail: { happens: "voicemail; the agent's `phone.voicemailBehavior` decides", disposition: '`voicemail`, `voicemail_left` or `no_answer`' },
  rejected: { happens: 'the carrier rejects the dial: 400 `CARRIER_REJECTED`, no call created', disposition: '—' },
  hangs_up_early: { happens: 'answers, then hangs up after the greeting', disposition: '`contact_hung_up`' },
  talks_until_max_duration: { happens: 'answers and stays silent until `maxDurationMinutes` (or a hangup)', disposition: '`max_duration`' },
  fails: { happens: 'the call fails after the dial', disposition: '`failed`' },
  carrier_unavailable: { happens: 'the carrier is unavailable: 502 `CARRIER_UNAVAILABLE`, no call created', disposition: '—' },
  asks_for_lookup: {
    happens:
      "answers and asks the agent to look something up: the agent calls its first `http` tool with the simplest valid value of each required parameter and speaks the tool's answer (see docs/tools.md)",
    disposition: '`completed`',
  },
  asks_for_callback: {
    happens:
      "answers and asks to be called back tomorrow at 10:00: with the `callback` tool the agent records it (the report's `callback.at`, 10:00 tomorrow in the callee's time zone; for a campaign recipient, their next attempt) and says goodbye (see docs/tools.md)",
    disposition: '`completed`',
  },
  says_hello: {
    happens:
      'answers with "Hello?" and waits for the agent, then talks as +442079460001 does: with `phone.machineDetection`, `answeredBy: person`. The machine numbers below answer in audio on `SIMULATED_LINE=audio` only (on the text line they answer as +442079460001)',
    disposition: '`completed`',
  },
  voicemail_with_beep: {
    happens:
      'a voicemail greeting, then a 1 kHz beep, then silence: with `phone.machineDetection`, `answeredBy: voicemail` and the agent leaves its message after the beep per `phone.voicemailBehavior`',
    disposition: '`voicemail_left`, `voicemail` or `no_answer`',
  },
  voicemail_without_beep: {
    happens: 'a voicemail greeting with no beep, then silence: with `phone.machineDetection`, the agent leaves its message once the greeting is over',
    disposition: '`voicemail_left`, `voicemail` or `no_answer`',
  },
  recorded_menu: {
    happens: 'a recorded phone menu ("for sales, press one"), then silence: with `phone.machineDetection`, `answeredBy: phone_menu` and the agent hangs up',
    disposition: '`no_answer`',
  },
  call_screener: {
    happens:
      'a call-screening assistant asks who is calling and why: with `phone.machineDetection`, the agent says so once (`answeredBy: call_screener`), then the person picks up and talks as +442079460001 does',
    disposition: '`completed`',
  },
  asks_for_a_person: {
    happens: 'answers and asks to speak to a person: an agent with a `transfer` tool transfers the call to its first destination (see docs/tools.md)',
    disposition: '`transferred` once the transfer connects; otherwise the agent says why, the call goes on and ends `completed`',
  },
  transfer_answers: {
    happens: 'as a transfer destination: a person answers and takes the caller over; dialled, answers like any number',
    disposition: '`completed`',
  },
  transfer_never_answers: {
    happens: 'as a transfer destination: nobody answers (a warm transfer fails with `no_answer`); dialled, rings until `RING_TIMEOUT_SECONDS`',
    disposition: '`no_answer`',
  },
  transfer_busy: { happens: 'as a transfer destination: busy (a warm transfer fails with `busy`); dialled, busy', disposition: '`busy`' },
  phone_menu: {
    happens:
      'answers with a phone menu ("press 1 for sales, 2 for support") and puts a person on the line after a key of the menu, for an agent with the `keypad` tool',
    disposition: '`completed`',
  },
  asks_to_be_removed: {
    happens: 'answers, asks to be taken off the list and hangs up: the report has `optOut: true` and the number becomes do-not-call',
    disposition: '`contact_hung_up`',
  },
};

/** Each test number with what happens, for the API's description: "+442079460002: rings until ...". */
export const testNumberList = (): string =>
  Object.entries(TEST_NUMBERS)
    .map(([number, scenario]) => `${number}: ${SCENARIOS[scenario].happens}`)
    .join('; ');

export const scenarioOf = (phoneNumber: string): Scenario => (TEST_NUMBERS as Record<string, Scenario>)[phoneNumber] ?? 'answers';

/**
 * The numbers the simulated carrier gives out for inbound calls (POST /phone-numbers): Ofcom's
 * drama range +44 113 496 0000 to 0999, valid numbers that reach no one.
 */
export const isSimulatedInboundNumber = (phoneNumber: string) => /^\+441134960\d{3}$/.test(phoneNumber);

/** Who rings a number in a test call (POST /phone-numbers/{id}/test-calls) without a `from`: a London drama number that no test scenario uses. */
export const DEFAULT_TEST_CALLER = '+442079460100';
