/**
 * A form's body checked in the browser against the API's own request schema (api-schemas), before
 * it is sent: every field's problem at once, in words a person uses, at the field `param` names
 * (`body.phone.maxAttempts`), as the API's `param` would. The API checks again and its answer wins.
 */
import type { SchemaError, Validator } from 'api-schemas';
import { ApiError } from './http';

/** A list typed one item per line, blank lines left out. */
export const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
/** A number field sent as typed: an empty or non-numeric entry goes to the API's schema, which names it. */
export const typedNumber = (text: string) => (text.trim() === '' || Number.isNaN(Number(text)) ? text : Number(text));

export type FieldProblem = { param: string; message: string };

/** `/phone/requiredContactFields/2` -> `body.phone.requiredContactFields[2]`. */
function paramOf(pointer: string, child?: unknown): string {
  const parts = pointer.split('/').slice(1);
  if (child !== undefined) parts.push(String(child));
  return parts.reduce((acc, part) => (/^\d+$/.test(part) ? `${acc}[${part}]` : `${acc}.${part}`), 'body');
}

const plural = (n: unknown, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What is wrong, said for a person; `formats` words a field's `pattern` (what to type, not the
 * expression), by its param without item indexes (`body.allowedOrigins`).
 */
function say(error: SchemaError, formats: Record<string, string>): string | undefined {
  const p = error.params;
  switch (error.keyword) {
    case 'required':
      return 'This is required.';
    case 'minLength':
      return p.limit === 1 ? 'This cannot be empty.' : `Use at least ${plural(p.limit, 'character', 'characters')}.`;
    case 'maxLength':
      return `Use at most ${plural(p.limit, 'character', 'characters')}.`;
    case 'minimum':
      return `Use a number of at least ${p.limit}.`;
    case 'maximum':
      return `Use a number of at most ${p.limit}.`;
    case 'type':
      return p.type === 'integer' ? 'Use a whole number.' : p.type === 'number' ? 'Use a number.' : 'This value is not accepted.';
    case 'enum':
      return 'Choose one of the options offered.';
    case 'uniqueItems':
      return `Lines ${Math.min(Number(p.i), Number(p.j)) + 1} and ${Math.max(Number(p.i), Number(p.j)) + 1} are the same; keep one.`;
    case 'maxItems':
      return `Use at most ${plural(p.limit, 'line', 'lines')}.`;
    case 'minItems':
      return `Give at least ${plural(p.limit, 'item', 'items')}.`;
    case 'format':
      return p.format === 'email'
        ? 'Use an email address such as name@example.com.'
        : p.format === 'date-time'
          ? 'Use a date and time.'
          : 'Use a full web address such as https://example.com.';
    case 'pattern':
      return formats[paramOf(error.instancePath).replace(/\[\d+\]/g, '')] ?? 'This is not in the expected form.';
    // An `if` only says which branch failed; that branch's own error is reported beside it.
    case 'if':
      return undefined;
    default:
      return 'This field does not apply here.';
  }
}

/** Each field's first problem, in the order the schema met them. */
export function problemsOf(validate: Validator, body: unknown, formats: Record<string, string> = {}): FieldProblem[] {
  if (validate(body)) return [];
  const found = new Map<string, string>();
  for (const error of validate.errors ?? []) {
    const message = say(error, formats);
    const param = paramOf(error.instancePath, error.keyword === 'required' ? error.params.missingProperty : undefined);
    // An item of a one-per-line list is named by its line.
    const item = /\[(\d+)\]$/.exec(param);
    if (message && !found.has(param)) found.set(param, item ? `Line ${Number(item[1]) + 1}: ${message}` : message);
  }
  return [...found].map(([param, message]) => ({ param, message }));
}

/**
 * `body`, or an ApiError carrying every field's problem (as the API's `details`) for the form to
 * show; `found` are problems the form met before the schema (a box that is not JSON), which win at
 * their field.
 */
export function validated<T>(validate: Validator, body: T, formats?: Record<string, string>, found: FieldProblem[] = []): T {
  const params = new Set(found.map((p) => p.param));
  const problems = [...found, ...problemsOf(validate, body, formats).filter((p) => !params.has(p.param))];
  if (problems.length === 0) return body;
  const count = problems.length === 1 ? 'the field marked below' : `the ${problems.length} fields marked below`;
  throw new ApiError(400, 'VALIDATION_ERROR', `Please correct ${count}.`, problems[0]!.param, undefined, problems);
}
