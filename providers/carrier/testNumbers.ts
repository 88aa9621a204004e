/**
 * Test numbers of the simulated carrier, in the Ofcom drama range (+44 20 7946 0xxx) so they are
 * valid numbers that reach no one. Any other valid number answers and holds a normal short
 * conversation. The README lists them. Pure: the simulated line workflow reads it too.
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
  '+442079460021': 'asks_for_lookup',
  '+442079460999': 'asks_to_be_removed',
} as const;

export type Scenario = (typeof TEST_NUMBERS)[keyof typeof TEST_NUMBERS];

export const scenarioOf = (phoneNumber: string): Scenario =>
  (TEST_NUMBERS as Record<string, Scenario>)[phoneNumber] ?? 'answers';
