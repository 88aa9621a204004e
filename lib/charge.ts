/**
 * What a call is charged for its connected time: per started minute, so a call that connected at
 * all has started one (its duration may round to 0 s); a call that never connected is free. Never
 * more than was held (`heldMinutes`; undefined for `byok` calls, which hold nothing): the hold is
 * what the organization agreed to spend. Pure, so the call workflow uses it too.
 */
export function chargedMinutesFor(connectedSeconds: number | undefined, heldMinutes: number | undefined): number {
  const started = connectedSeconds === undefined ? 0 : Math.max(1, Math.ceil(connectedSeconds / 60));
  return heldMinutes === undefined ? started : Math.min(started, heldMinutes);
}
