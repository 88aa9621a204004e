/**
 * What the request schema cannot say about an agent's tools: names unique among them, one of each
 * built-in, `parameters` in the JSON Schema subset that Mistral, Gemini and Groq all accept (so a
 * tool works whichever vendor the agent moves to), and a `url` that reaches a public host.
 */
import { BUILT_IN_NAMES, DEFAULT_TOOL_TIMEOUT_SECONDS, type AgentTool } from '../models/agent';

export { DEFAULT_TOOL_TIMEOUT_SECONDS, MAX_TOOLS, TOOL_NAME_PATTERN } from '../models/agent';
import { RefusedUrl, pinnedUrl, type Resolve } from '../lib/publicAddress';

/** The field at fault as `tools[2].parameters.properties.date.type`, and why. */
export interface ToolRefusal {
  field: string;
  message: string;
}

type ToolInput =
  | (Omit<Extract<AgentTool, { type: 'http' }>, 'timeoutSeconds' | 'async'> & { timeoutSeconds?: number; async?: boolean })
  | (Omit<Extract<AgentTool, { type: 'transfer' }>, 'mode'> & { mode?: 'cold' | 'warm' })
  | Exclude<AgentTool, { type: 'http' | 'transfer' }>;

const PARAMETER_TYPES = ['object', 'string', 'number', 'integer', 'boolean', 'array'];
const KEYWORDS = new Set(['type', 'description', 'properties', 'required', 'items', 'enum']);
const MAX_DEPTH = 5;
const MAX_SCHEMA_CHARS = 8192;
const MAX_PROPERTIES = 50;
const MAX_ENUM = 50;
// No ".": the database refuses a key with one, and a parameters schema is stored as it is given.
const PROPERTY_NAME = /^[A-Za-z0-9_-]{1,64}$/;

class Refused extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Checks one node of a parameters schema (`depth` 1 is the root, which must be an object). */
function checkSchema(node: unknown, field: string, depth: number): void {
  if (!isPlainObject(node)) throw new Refused(field, 'must be a JSON Schema object');
  if (depth > MAX_DEPTH) throw new Refused(field, `nests deeper than ${MAX_DEPTH} levels`);
  for (const key of Object.keys(node)) {
    if (!KEYWORDS.has(key)) throw new Refused(`${field}.${key}`, `is not a keyword every vendor accepts (use ${[...KEYWORDS].join(', ')})`);
  }
  const { type, description, properties, required, items, enum: values } = node;
  if (typeof type !== 'string' || !PARAMETER_TYPES.includes(type)) throw new Refused(`${field}.type`, `must be one of: ${PARAMETER_TYPES.join(', ')}`);
  if (depth === 1 && type !== 'object') throw new Refused(`${field}.type`, 'must be "object": a tool takes named arguments');
  if (description !== undefined && (typeof description !== 'string' || description.length > 1000)) {
    throw new Refused(`${field}.description`, 'must be a string of at most 1000 characters');
  }
  if (type !== 'object' && (properties !== undefined || required !== undefined)) {
    throw new Refused(`${field}.${properties !== undefined ? 'properties' : 'required'}`, 'applies to objects only');
  }
  if (type !== 'array' && items !== undefined) throw new Refused(`${field}.items`, 'applies to arrays only');
  if (values !== undefined) {
    if (type !== 'string') throw new Refused(`${field}.enum`, 'applies to strings only');
    if (!Array.isArray(values) || values.length === 0 || values.length > MAX_ENUM || !values.every((v) => typeof v === 'string')) {
      throw new Refused(`${field}.enum`, `must be 1-${MAX_ENUM} strings`);
    }
  }
  if (type === 'array') {
    if (items === undefined) throw new Refused(`${field}.items`, 'is required on arrays');
    checkSchema(items, `${field}.items`, depth + 1);
  }
  if (type === 'object') checkProperties(properties, required, field, depth);
}

function checkProperties(properties: unknown, required: unknown, field: string, depth: number): void {
  if (properties !== undefined && !isPlainObject(properties)) throw new Refused(`${field}.properties`, 'must be an object of schemas');
  const names = Object.keys(properties ?? {});
  if (names.length > MAX_PROPERTIES) throw new Refused(`${field}.properties`, `must have at most ${MAX_PROPERTIES} properties`);
  for (const name of names) {
    if (!PROPERTY_NAME.test(name))
      throw new Refused(`${field}.properties`, `has a property name "${name.slice(0, 70)}" that is not 1-64 letters, digits, _ or -`);
    checkSchema((properties as Record<string, unknown>)[name], `${field}.properties.${name}`, depth + 1);
  }
  if (required === undefined) return;
  if (!Array.isArray(required) || !required.every((r) => typeof r === 'string')) throw new Refused(`${field}.required`, 'must be an array of property names');
  const unknown = required.find((r) => !names.includes(r as string));
  if (unknown !== undefined) throw new Refused(`${field}.required`, `names "${unknown}", which is not in properties`);
  if (new Set(required).size !== required.length) throw new Refused(`${field}.required`, 'must not repeat a name');
}

/** The first thing wrong with `tools`, or null when the agent may have them. */
export async function toolsRefusal(tools: ToolInput[], options: { allowLoopback: boolean; resolve?: Resolve }): Promise<ToolRefusal | null> {
  try {
    const seen = new Map<string, number>();
    for (const [i, tool] of tools.entries()) {
      const name = tool.type === 'http' ? tool.name : BUILT_IN_NAMES[tool.type];
      const field = tool.type === 'http' ? `tools[${i}].name` : `tools[${i}].type`;
      const first = seen.get(name);
      if (first !== undefined) {
        throw new Refused(
          field,
          tool.type === 'http' ? `repeats the name "${name}" of tools[${first}]` : `repeats tools[${first}]: an agent has one ${tool.type} tool`,
        );
      }
      seen.set(name, i);
      if (tool.type !== 'http') continue;
      if (JSON.stringify(tool.parameters).length > MAX_SCHEMA_CHARS)
        throw new Refused(`tools[${i}].parameters`, `must be at most ${MAX_SCHEMA_CHARS} characters as JSON`);
      checkSchema(tool.parameters, `tools[${i}].parameters`, 1);
    }
    // Names resolve concurrently (twenty tools wait for the slowest lookup, not the sum); the first refused in list order is reported.
    const urlRefusals = await Promise.all(
      tools.map(async (tool, i) => {
        if (tool.type !== 'http') return null;
        try {
          await pinnedUrl(tool.url, options);
          return null;
        } catch (err) {
          if (err instanceof RefusedUrl) return new Refused(`tools[${i}].url`, err.message);
          throw err;
        }
      }),
    );
    const refused = urlRefusals.find((r) => r !== null);
    if (refused) throw refused;
    return null;
  } catch (err) {
    if (err instanceof Refused) return { field: err.field, message: err.message };
    throw err;
  }
}

/** The tools as stored, every default filled. */
export function withToolDefaults(tools: ToolInput[]): AgentTool[] {
  return tools.map((tool) => {
    if (tool.type === 'http') return { ...tool, timeoutSeconds: tool.timeoutSeconds ?? DEFAULT_TOOL_TIMEOUT_SECONDS, async: tool.async ?? false };
    if (tool.type === 'transfer') return { ...tool, mode: tool.mode ?? 'cold' };
    return tool;
  });
}
