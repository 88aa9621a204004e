/**
 * Operator CLI (`npm run admin -- ...`), against the database of MONGODB_URI (default: the one
 * `npm run dev` runs):
 *
 *   org create --name <n> [--plan <p>] [--credits <minutes>] [limits] [--admin-email <e> [--admin-password <p>]] [--json]
 *   org limits --org <id> [limits] [--json]   (shows them; changes those given)
 *   where [limits] are any of --max-agents, --max-users, --max-concurrent-calls, --max-campaigns,
 *   --max-recipients, --max-contacts, --max-open-interviews (each a whole number of at least 1)
 *   org dialling --org <id> [--countries GB,IE | --countries default] [--json]   (shows them; changes them)
 *   credits add --org <id> --minutes <n> [--json]
 *   credentials reseal [--json]   (after rotating CREDENTIALS_ENCRYPTION_KEY)
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import mongoose, { isValidObjectId } from 'mongoose';
import { loadConfig } from '../config';
import { DIALLING_COUNTRIES, allowedCountriesOf } from '../domain/destinations';
import { creditBalance, grantCredits } from '../models/creditEntry';
import { LIMIT_NAMES, Organization, organizationLimits, type OrganizationLimits } from '../models/organization';
import { resealCredentials } from '../models/providerCredential';
import { createOrganization } from '../models/tenant';

class UsageError extends Error {}

function positiveInt(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`${flag} must be a whole number of at least 1, got "${value}"`);
  return n;
}

/** Minutes to grant; an organization may also start with none, and top up before its first call. */
function minutes(value: string | undefined, flag: string, { orNone = false } = {}): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0 || (n === 0 && !orNone)) {
    throw new UsageError(`${flag} must be a ${orNone ? 'number of minutes, 0 or more' : 'positive number of minutes'}, got "${value}"`);
  }
  return n;
}

/** `maxOpenInterviews` is set with `--max-open-interviews`. */
const limitFlag = (name: string) => `--${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
const LIMIT_OPTIONS = Object.fromEntries(LIMIT_NAMES.map((name) => [limitFlag(name).slice(2), { type: 'string' as const }]));

/** The limits among the parsed flags, those not given left out. */
function limitsGiven(values: Record<string, unknown>): Partial<OrganizationLimits> {
  const given = LIMIT_NAMES.map((name) => [name, positiveInt(values[limitFlag(name).slice(2)] as string | undefined, limitFlag(name))] as const);
  return Object.fromEntries(given.filter(([, v]) => v !== undefined));
}

async function orgCreate(args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      name: { type: 'string' },
      plan: { type: 'string' },
      credits: { type: 'string' },
      ...LIMIT_OPTIONS,
      'admin-email': { type: 'string' },
      'admin-password': { type: 'string' },
      json: { type: 'boolean' },
    },
  });
  if (!values.name?.trim()) throw new UsageError('--name is required');
  if (values['admin-password'] !== undefined && !values['admin-email']) throw new UsageError('--admin-password needs --admin-email');
  if (values['admin-password'] !== undefined && values['admin-password'].length < 10) throw new UsageError('--admin-password must be at least 10 characters');
  const limits = limitsGiven(values);
  const { organization, admin, password } = await createOrganization({
    name: values.name.trim(),
    ...(values.plan ? { plan: values.plan } : {}),
    creditMinutes: minutes(values.credits, '--credits', { orNone: true }) ?? 0,
    limits,
    adminEmail: values['admin-email'] ?? `admin-${randomBytes(4).toString('hex')}@example.com`,
    ...(values['admin-password'] ? { adminPassword: values['admin-password'] } : {}),
  });
  const credits = await creditBalance(organization._id);
  const result = {
    organization: {
      id: String(organization._id),
      name: organization.name,
      plan: organization.plan,
      credits,
      limits: organizationLimits(organization),
    },
    admin: { email: admin.email, password },
  };
  return {
    json: values.json,
    result,
    text: `Created organization ${result.organization.id} (${organization.name}, plan ${organization.plan}, ${credits.allocatedMinutes} credit minutes).\nAdmin: ${admin.email} / ${password}\nSign in with POST /api/v1/dashboard/sessions, then create API keys with POST /api/v1/api-keys.`,
  };
}

/**
 * Shows an organization's limits and changes those given. A limit lowered below what is in use
 * takes nothing away: it refuses new creations until usage is back under it.
 */
async function orgLimits(args: string[]) {
  const { values } = parseArgs({ args, options: { org: { type: 'string' }, ...LIMIT_OPTIONS, json: { type: 'boolean' } } });
  const org = organizationId(values.org);
  const changes = limitsGiven(values);
  const set = Object.fromEntries(Object.entries(changes).map(([name, v]) => [`limits.${name}`, v]));
  const organization = Object.keys(set).length
    ? await Organization.findByIdAndUpdate(org, { $set: set }, { new: true }).lean()
    : await Organization.findById(org).lean();
  if (!organization) throw new UsageError(`no organization ${org}`);
  const limits = organizationLimits(organization);
  return {
    json: values.json,
    result: { organization: { id: org }, limits },
    text: `Limits of ${org}${Object.keys(changes).length ? ` (changed: ${Object.keys(changes).join(', ')})` : ''}:\n${LIMIT_NAMES.map((n) => `  ${n} ${limits[n]}`).join('\n')}`,
  };
}

/**
 * The countries an organization may call: `--countries GB,IE` sets its own list, `--countries
 * default` goes back to the service's (DIALLING_COUNTRIES). Premium-rate and other paid numbers are
 * refused whatever the list.
 */
async function orgDialling(args: string[]) {
  const { values } = parseArgs({ args, options: { org: { type: 'string' }, countries: { type: 'string' }, json: { type: 'boolean' } } });
  const org = organizationId(values.org);
  let change: object | undefined;
  if (values.countries?.trim().toLowerCase() === 'default') change = { $unset: { allowedCountries: 1 } };
  else if (values.countries !== undefined) {
    const codes = [
      ...new Set(
        values.countries
          .split(',')
          .map((c) => c.trim().toUpperCase())
          .filter(Boolean),
      ),
    ];
    const unknown = codes.filter((c) => !DIALLING_COUNTRIES.includes(c));
    if (!codes.length || unknown.length)
      throw new UsageError(`--countries must list ISO 3166-1 alpha-2 codes (GB,IE) or be "default"${unknown.length ? `; unknown: ${unknown.join(', ')}` : ''}`);
    change = { $set: { allowedCountries: codes } };
  }
  const organization = change ? await Organization.findByIdAndUpdate(org, change, { new: true }).lean() : await Organization.findById(org).lean();
  if (!organization) throw new UsageError(`no organization ${org}`);
  const own = organization.allowedCountries?.length ? organization.allowedCountries : null;
  const effective = allowedCountriesOf(organization, loadConfig().calls.allowedCountries);
  return {
    json: values.json,
    result: { organization: { id: org }, allowedCountries: own, effectiveAllowedCountries: effective },
    text: `${org} may call ${effective ? effective.join(', ') : 'any country'}${own ? '' : " (the service's default)"}; premium-rate, shared-cost, personal and pager numbers never.`,
  };
}

function organizationId(value: string | undefined): string {
  if (!value || !isValidObjectId(value) || !/^[0-9a-f]{24}$/.test(value)) throw new UsageError('--org must be an organization id (24 hex characters)');
  return value;
}

async function creditsAdd(args: string[]) {
  const { values } = parseArgs({ args, options: { org: { type: 'string' }, minutes: { type: 'string' }, json: { type: 'boolean' } } });
  const org = organizationId(values.org);
  const amount = minutes(values.minutes, '--minutes');
  if (amount === undefined) throw new UsageError('--minutes is required');
  if (!(await Organization.exists({ _id: org }))) throw new UsageError(`no organization ${org}`);
  await grantCredits(org, amount, `admin:${randomUUID()}`);
  const credits = await creditBalance(org);
  return {
    json: values.json,
    result: { organization: { id: org }, added: amount, credits },
    text: `Added ${amount} minutes to ${org}: ${credits.remainingMinutes} of ${credits.allocatedMinutes} remaining.`,
  };
}

/**
 * After CREDENTIALS_ENCRYPTION_KEY has changed (the old key moved to
 * CREDENTIALS_ENCRYPTION_PREVIOUS_KEYS): seals every provider credential under the new key.
 */
async function credentialsReseal(args: string[]) {
  const { values } = parseArgs({ args, options: { json: { type: 'boolean' } } });
  const keys = loadConfig().byok.encryptionKeys;
  if (!keys.length) throw new UsageError('CREDENTIALS_ENCRYPTION_KEY is not set: there is no key to seal with');
  const resealed = await resealCredentials(keys);
  return {
    json: values.json,
    result: { resealed, keyId: keys[0].id },
    text: `Resealed ${resealed} provider credentials under key ${keys[0].id}; CREDENTIALS_ENCRYPTION_PREVIOUS_KEYS can now be emptied.`,
  };
}

const COMMANDS: Record<string, (args: string[]) => Promise<{ json?: boolean; result: unknown; text: string }>> = {
  'org create': orgCreate,
  'org limits': orgLimits,
  'org dialling': orgDialling,
  'credits add': creditsAdd,
  'credentials reseal': credentialsReseal,
};

async function main(argv: string[]): Promise<number> {
  const command = COMMANDS[argv.slice(0, 2).join(' ')];
  if (!command) {
    console.error(
      'usage: npm run admin -- org create --name <n> [...] | org limits --org <id> [--max-... N] | org dialling --org <id> [--countries GB,IE|default] | credits add --org <id> --minutes <n> | credentials reseal  (add --json for JSON)',
    );
    return 2;
  }
  const config = loadConfig();
  await mongoose.connect(config.mongodbUri, { serverSelectionTimeoutMS: 5_000 });
  try {
    const out = await command(argv.slice(2));
    console.log(out.json ? JSON.stringify(out.result) : out.text);
    return 0;
  } finally {
    await mongoose.disconnect();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    const usage = err instanceof UsageError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    console.error(`admin: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(usage ? 2 : 1);
  },
);
