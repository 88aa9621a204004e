import type Koa from 'koa';
import { throttleWindow, type Throttle, type ThrottleWindow } from '../../models/throttleTicket';
import { hashKey } from '../../domain/apiKeys';
import { ApiError, throttled } from '../errors';

/** Failed sign-ins: per email (known or not) and per client address, in fixed 15-minute windows. */
export const SIGN_IN_WINDOW_MINUTES = 15;
export const SIGN_IN_FAILURES_PER_EMAIL = 10;
export const SIGN_IN_FAILURES_PER_ADDRESS = 50;

/** Unknown, malformed, revoked or expired API keys and dashboard sessions, per client address, per clock minute. */

const SIGN_IN_WINDOW_MS = SIGN_IN_WINDOW_MINUTES * 60_000;
const retryAfter = (window: ThrottleWindow) => Math.max(1, Math.ceil((window.endsAt - Date.now()) / 1000));

/**
 * Takes a place for one sign-in attempt in the email's and the address's windows before the
 * password is checked, so concurrent guesses cannot overrun either limit; answers 429 when a window
 * is full. The caller gives the places back (`release`) when the password was right: only failures
 * count.
 */
export async function admitSignIn(throttle: Throttle, email: string, address: string): Promise<{ release(): Promise<void> }> {
  // The address first: one address guessing across many emails is refused before each new email
  // costs a window. The email is hashed: the bucket names stored in the database reveal no addresses.
  const windows = [
    throttleWindow('signin-address', address, SIGN_IN_FAILURES_PER_ADDRESS, SIGN_IN_WINDOW_MS),
    throttleWindow('signin-email', hashKey(email), SIGN_IN_FAILURES_PER_EMAIL, SIGN_IN_WINDOW_MS),
  ];
  const taken: { window: ThrottleWindow; id: string }[] = [];
  const release = async () => {
    await Promise.all(taken.map(({ window, id }) => throttle.release(window, id)));
  };
  for (const window of windows) {
    const place = await throttle.take(window);
    if (!place) {
      await release();
      throw throttled(
        retryAfter(window),
        `Too many failed sign-ins ${window === windows[0] ? 'from this address' : 'for this email'}; retry after ${retryAfter(window)} s.`,
      );
    }
    taken.push({ window, id: place });
  }
  return { release };
}

/**
 * Runs an authentication and counts a credential it refuses against the client's address; once the
 * address has spent its minute, the credentials it gets wrong are answered 429 until the minute
 * ends. A valid credential is still served, so one misconfigured client behind a shared address
 * (an office's NAT) cannot lock its neighbours out, and a request with no credential at all, which
 * costs no lookup, stays a plain 401.
 */
export async function throttleBadCredentials<T>(ctx: Koa.Context, throttle: Throttle, perMinute: number, authenticate: () => Promise<T>): Promise<T> {
  const window = throttleWindow('bad-credential', ctx.ip, perMinute, 60_000);
  try {
    return await authenticate();
  } catch (err) {
    const counted = err instanceof ApiError && err.code === 'INVALID_API_KEY' && ctx.get('authorization') !== '';
    if (counted && (throttle.isFull(window) || !(await throttle.take(window)))) {
      throw throttled(retryAfter(window), `Too many invalid credentials from this address; retry after ${retryAfter(window)} s.`);
    }
    throw err;
  }
}
