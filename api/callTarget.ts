import { canonicalE164, destinationRefusal } from '../domain/destinations';
import { destinationNotAllowed, validationError } from './errors';

/**
 * The checks a number and its variables pass before a call is placed, shared by `POST /calls` and
 * each row of a campaign's recipient import. `param` is where the row sits in the body, e.g.
 * `body` or `body.recipients[3]`.
 */
export function checkPhoneNumber(phoneNumber: string, param: string): void {
  checkE164(phoneNumber, `${param}.phoneNumber`);
}

/**
 * A valid number in its E.164 form; `field` names it, e.g. `body.from`. Validation has already
 * rewritten another spelling of a valid number (`x-e164`), so anything else is refused.
 */
export function checkE164(value: string, field: string): void {
  if (canonicalE164(value) !== value) throw validationError(`${field} must be a valid E.164 number such as +14155550123.`, field);
}

/**
 * The variables of a call to a number with a contact: the contact's attributes named like the
 * agent's placeholders, then the request's or import row's own, which win.
 */
export function withContactAttributes(
  declared: string[],
  attributes: Record<string, string> | undefined,
  variables: Record<string, string> | undefined,
): Record<string, string> {
  const fromContact = Object.entries(attributes ?? {}).filter(([name]) => declared.includes(name));
  return { ...Object.fromEntries(fromContact), ...variables };
}

/** Every placeholder supplied, nothing undeclared: a typo in a variable name is an error, not silence. */
export function checkVariables(declared: string[], variables: Record<string, string>, param: string): void {
  for (const name of declared) {
    if (variables[name] === undefined) {
      throw validationError(`${param}.variables.${name} is required by the agent's instructions.`, `${param}.variables.${name}`);
    }
  }
  for (const name of Object.keys(variables)) {
    if (!declared.includes(name)) {
      throw validationError(`${param}.variables.${name} is not a placeholder of the agent's instructions or greeting.`, `${param}.variables.${name}`);
    }
  }
}

/**
 * A row of a campaign's import, number `index`, passes the checks of `POST /calls` (its number one
 * the organization may call: `allowedCountries`, null for any), and its number is not one `seen`
 * before (each number with the row it first appeared on).
 */
export function checkRecipient(
  declared: string[],
  row: { phoneNumber: string; variables?: Record<string, string> },
  index: number,
  seen: Map<string, number>,
  allowedCountries: readonly string[] | null,
): void {
  const param = `body.recipients[${index}]`;
  checkPhoneNumber(row.phoneNumber, param);
  const refused = destinationRefusal(row.phoneNumber, allowedCountries);
  if (refused) throw destinationNotAllowed(refused, `${param}.phoneNumber`);
  checkVariables(declared, row.variables ?? {}, param);
  const first = seen.get(row.phoneNumber);
  if (first !== undefined)
    throw validationError(`${param}.phoneNumber repeats body.recipients[${first}]; a number appears once per campaign.`, `${param}.phoneNumber`);
  seen.set(row.phoneNumber, index);
}
