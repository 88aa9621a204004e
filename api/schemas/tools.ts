import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { AgentTool } from '../../domain/agents';
import { DEFAULT_TOOL_TIMEOUT_SECONDS, MAX_TOOLS, TOOL_NAME_PATTERN } from '../../domain/tools';
import { NonBlank, StringEnum } from './common';

const E164 = Type.String({ pattern: '^\\+[1-9][0-9]{6,14}$', description: 'E.164, such as `+442079460030`.' });
const Description = (what: string) => NonBlank(1000, what);

const HttpTool = Type.Object(
  {
    type: Type.Literal('http'),
    name: Type.String({
      pattern: TOOL_NAME_PATTERN,
      description: '1-64 letters, digits and `_`, unique among the agent’s tools; the model calls the tool by it.',
    }),
    description: Description('What the tool does and when to use it, for the model.'),
    parameters: Type.Record(Type.String(), Type.Unknown(), {
      description:
        'The arguments as a JSON Schema object, in the subset Mistral, Gemini and Groq all accept: `type` (object, string, number, integer, boolean, array), ' +
        '`properties` (names of 1-64 letters, digits, `_` or `-`), `required`, `items` (arrays must have it), `enum` (of strings, on strings), `description`. At most 5 levels deep and 8 KiB as JSON.',
    }),
    url: Type.String({
      maxLength: 2048,
      description:
        'Where the service POSTs each call: `https` to a public host (a host that is or resolves to a private, loopback, link-local or metadata address is refused). ' +
        'A server with TOOLS_ALLOW_LOOPBACK (`npm run dev`) also takes `http` and `https` URLs on this machine.',
    }),
    timeoutSeconds: Type.Optional(Type.Integer({ minimum: 1, maximum: 30, description: `Default ${DEFAULT_TOOL_TIMEOUT_SECONDS}.` })),
    async: Type.Optional(Type.Boolean({ description: 'If the tool has not answered within a second, the agent says `waitMessage` meanwhile. Default false.' })),
    waitMessage: Type.Optional(NonBlank(300, 'What the agent says while an `async` tool works; a short default when absent.')),
  },
  { additionalProperties: false, title: 'tool_http' },
);

const TransferTool = Type.Object(
  {
    type: Type.Literal('transfer'),
    destinations: Type.Array(
      Type.Object({ phoneNumber: E164, description: Description('Who answers there, for the model to choose.') }, { additionalProperties: false }),
      {
        minItems: 1,
        maxItems: 10,
      },
    ),
    mode: Type.Optional(
      StringEnum(['cold', 'warm'] as const, {
        description: '`cold` hands the caller over; `warm` first tells the person who answers who is calling and why. Default `cold`.',
      }),
    ),
  },
  { additionalProperties: false, title: 'tool_transfer' },
);

const builtIn = (type: 'end_call' | 'keypad' | 'callback', description: string) =>
  Type.Object({ type: Type.Literal(type) }, { additionalProperties: false, title: `tool_${type}`, description });

const TOOL_SCHEMAS = [
  HttpTool,
  TransferTool,
  builtIn('end_call', 'The agent may hang up.'),
  builtIn('keypad', 'The agent may press keys (DTMF), e.g. through a phone menu.'),
  builtIn('callback', 'The agent may agree a time to call back; the report carries it as `callback.at`.'),
];
type ToolInput = Static<(typeof TOOL_SCHEMAS)[number]>;

const TOOL_TYPES = TOOL_SCHEMAS.map((schema) => schema.properties.type.const);

/** One tool, chosen by `type`: the validator then names the field of that type that is wrong. */
const tool = <T>(branches: TSchema[]) =>
  Type.Unsafe<T>({
    type: 'object',
    properties: { type: StringEnum(TOOL_TYPES) },
    required: ['type'],
    oneOf: branches,
    discriminator: { propertyName: 'type' },
  });

const ToolInput = tool<ToolInput>(TOOL_SCHEMAS);

export const ToolsInput = Type.Array(ToolInput, {
  maxItems: MAX_TOOLS,
  description: `What the agent can do while it talks, at most ${MAX_TOOLS}. On update the list replaces the agent’s tools.`,
});

/** A tool as the representation shows it: every default filled. */
export const Tool = tool<AgentTool>(TOOL_SCHEMAS.map((schema) => ({ ...schema, required: Object.keys(schema.properties).filter((k) => k !== 'waitMessage') })));
