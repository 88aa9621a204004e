/**
 * The API's refusals of a phone number in the words the forms use: its messages name the format
 * ("must be a valid E.164 number", "must match pattern …"), which people do not know by name.
 */
const PHONE_PARAM = /(phoneNumber|\.from|\.to)$/;
const FORMAT_WORDS = /E\.164|match pattern|valid number/i;

export const PHONE_PROBLEM = 'This is not a phone number we can read. Type it with its country code, such as +44 20 7946 0001.';

/** `message` as the page shows it at `param`: a phone number's format problem said plainly, anything else as the API said it. */
export const plainly = (param: string | undefined, message: string) =>
  param && PHONE_PARAM.test(param) && FORMAT_WORDS.test(message) ? PHONE_PROBLEM : message;
