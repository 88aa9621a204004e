/**
 * The API's refusals in the words the dashboard's people use. Its messages are written for a
 * partner's developer: a phone number's refusal names the format ("must be a valid E.164 number",
 * "must match pattern …"), and some name a route to call or a workflow to retrieve, where the
 * dashboard has a page or a reload.
 */
const PHONE_PARAM = /(phoneNumber|\.from|\.to)$/;
const FORMAT_WORDS = /E\.164|match pattern|valid number/i;

export const PHONE_PROBLEM = 'This is not a phone number we can read. Type it with its country code, such as +44 20 7946 0001.';

const RELOAD = 'reload the page in a moment to see whether it did before trying again';

/** By code, what the dashboard says instead of the API's message (given, for the parts it keeps). */
const BY_CODE: Record<string, (message: string) => string> = {
  NO_RECIPIENTS: () => 'Import the recipients before launching the campaign.',
  DO_NOT_CALL: () => 'This number is do-not-call in your organization. If the person agreed to be called, allow calls again on its contact’s page (Contacts).',
  BYOK_NOT_READY: (message) => message.replace(/add it with PUT \S+$/, 'add it under Provider credentials.'),
  ACTION_TIMEOUT: () => `The service has not confirmed it yet, and it may still take effect: ${RELOAD}.`,
  CREATE_TIMEOUT: () => 'The service did not answer in time, so nothing was created. Try again in a moment.',
  SERVICE_UNAVAILABLE: () => `The service cannot be reached just now. If you changed something, ${RELOAD}.`,
  IMPORT_IN_PROGRESS: (message) => message.replace('retrieve the campaign once it has finished', 'reload the page once it has finished'),
};

/** `message` as the page shows it at `param`: a phone number's format problem, or a refusal `BY_CODE` words, said plainly; anything else as the API said it. */
export function plainly(param: string | undefined, message: string, code?: string): string {
  if (param && PHONE_PARAM.test(param) && FORMAT_WORDS.test(message)) return PHONE_PROBLEM;
  const words = code ? BY_CODE[code] : undefined;
  return words ? words(message) : message;
}
