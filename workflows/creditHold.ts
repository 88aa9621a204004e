/**
 * When a call or an interview holds its credit minutes (domain/admission.ts): the timing both
 * workflows keep, so that docs/security.md's hold policy is one rule. Pure, for workflow code.
 */
const MINUTE_MS = 60_000;

/** How long before a held minute ends the next one is asked for. */
export const HOLD_AHEAD_MS = 15_000;
/** When the next minute is refused: the agent's closing line comes this long before the boundary. */
export const CLOSING_LINE_AHEAD_MS = 8_000;

/** When `minutes` minutes from `startedAt` (epoch ms) end; a conversation holding none (undefined) has no such end. */
export const minutesEnd = (startedAt: number, minutes: number | undefined) => (minutes === undefined ? Infinity : startedAt + minutes * MINUTE_MS);
