/**
 * The tools editor of the agent form: what the agent can do while it talks, in the order the model
 * is offered them. Each tool's fields are at the params the API names (`body.tools[2].url`); an
 * http tool's arguments are a JSON Schema typed in a box, parsed here and then checked with the
 * whole body against the API's compiled schema, and a refusal inside it
 * (`body.tools[2].parameters.properties.date.type`) is shown at the box with where in it.
 */
import { ApiError } from '../http';
import type { Agent } from '../types';
import { Choice, Field, useId } from '../ui';
import type { FieldProblem } from '../validate';

type ToolType = 'http' | 'transfer' | 'end_call' | 'keypad' | 'callback';

export interface ToolDraft {
  type: ToolType;
  name: string;
  description: string;
  parameters: string;
  url: string;
  timeoutSeconds: string;
  async: boolean;
  waitMessage: string;
  destinations: Array<{ phoneNumber: string; description: string }>;
  mode: 'cold' | 'warm';
}

const TYPES: [ToolType, string][] = [
  ['http', 'Ask your server (http)'],
  ['transfer', 'Transfer the call'],
  ['end_call', 'Hang up'],
  ['keypad', 'Press keys on a phone menu'],
  ['callback', 'Agree a time to call back'],
];

/** What an interview runs: the agent's server and hanging up; the rest act on a phone line. */
const INTERVIEW_TYPES = TYPES.filter(([type]) => type === 'http' || type === 'end_call');

const BUILT_IN_HINTS: Record<Exclude<ToolType, 'http' | 'transfer'>, string> = {
  end_call: 'The agent may end the call once it has said goodbye.',
  keypad: 'The agent may press keys, for example to get through a phone menu.',
  callback: 'The agent may agree a time to call back; the call’s report carries it.',
};

const STARTER_PARAMETERS = JSON.stringify(
  { type: 'object', properties: { orderNumber: { type: 'string', description: 'As the caller reads it.' } }, required: ['orderNumber'] },
  null,
  2,
);

const blank = (type: ToolType): ToolDraft => ({
  type,
  name: '',
  description: '',
  parameters: STARTER_PARAMETERS,
  url: 'https://',
  timeoutSeconds: '10',
  async: false,
  waitMessage: '',
  destinations: [{ phoneNumber: '', description: '' }],
  mode: 'cold',
});

export function toolDrafts(agent?: Agent): ToolDraft[] {
  return (agent?.tools ?? []).map((tool) => {
    const draft = blank(tool.type);
    if (tool.type === 'http') {
      return {
        ...draft,
        name: tool.name,
        description: tool.description,
        parameters: JSON.stringify(tool.parameters, null, 2),
        url: tool.url,
        timeoutSeconds: String(tool.timeoutSeconds),
        async: tool.async,
        waitMessage: tool.waitMessage ?? '',
      };
    }
    if (tool.type === 'transfer') return { ...draft, destinations: tool.destinations.map((d) => ({ ...d })), mode: tool.mode };
    return draft;
  });
}

/** A number field sent as typed: an empty or non-numeric entry goes to the schema, which names it. */
const number = (text: string) => (text.trim() === '' || Number.isNaN(Number(text)) ? text : Number(text));

/** The tools as the API takes them, and each `parameters` box that is not JSON, at its param. */
export function toolsBody(drafts: ToolDraft[]): { tools: unknown[]; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const tools = drafts.map((d, i) => {
    if (d.type === 'http') {
      let parameters: unknown = {};
      try {
        parameters = JSON.parse(d.parameters);
      } catch (err) {
        problems.push({ param: `body.tools[${i}].parameters`, message: `This is not valid JSON: ${(err as Error).message}` });
      }
      const wait = d.waitMessage.trim() ? { waitMessage: d.waitMessage } : {};
      return {
        type: d.type,
        name: d.name,
        description: d.description,
        parameters,
        url: d.url.trim(),
        timeoutSeconds: number(d.timeoutSeconds),
        async: d.async,
        ...wait,
      };
    }
    if (d.type === 'transfer') {
      return {
        type: d.type,
        destinations: d.destinations.map((x) => ({ phoneNumber: x.phoneNumber.replace(/[\s().-]/g, ''), description: x.description })),
        mode: d.mode,
      };
    }
    return { type: d.type };
  });
  return { tools, problems };
}

/** What the schema's patterns mean, by param without item indexes (validate.ts). */
export const TOOL_FORMATS = {
  'body.tools.name': 'Use 1 to 64 letters, digits and _, such as lookup_order.',
  'body.tools.destinations.phoneNumber': 'Type the number with its country code, such as +44 20 7946 0030.',
};

/** The API's message at its param, without the param; other tools it names (`tools[0]`) as people count them. */
function refusalWords(error: ApiError): string {
  const param = error.param ?? '';
  const said = error.message.startsWith(`${param} `) ? error.message.slice(param.length + 1) : error.message;
  return said.replace(/\btools\[(\d+)\]/g, (_, n: string) => `tool ${Number(n) + 1}`);
}

/** A refusal of the API at a tool's field, said in the editor's words (`This repeats the name "x" of tool 1.`). */
function inWords(error: ApiError | undefined): ApiError | undefined {
  // A refusal inside a parameters box is said by atBox, with where in the box.
  if (!error?.param?.startsWith('body.tools[') || error.details || error.param.includes('.parameters.')) return error;
  return new ApiError(error.status, error.code, `This ${refusalWords(error)}`, error.param, error.requestId);
}

/**
 * A refusal inside a parameters box (`…parameters.properties.date.type must be one of …`) said of
 * the box, with where in the typed schema: the box is the field the person can correct.
 */
function atBox(error: ApiError | undefined, box: string): ApiError | undefined {
  if (!error?.param?.startsWith(`${box}.`) || error.details) return error;
  const where = error.param
    .slice(box.length + 1)
    .split('.')
    .join(' → ');
  return new ApiError(error.status, error.code, `In the schema at ${where}: ${refusalWords(error)}`, box, error.requestId);
}

function HttpFields(props: { draft: ToolDraft; at: string; error?: ApiError; set: (patch: Partial<ToolDraft>) => void }) {
  const { draft: d, at, error, set } = props;
  return (
    <>
      <Field label="Name" param={`${at}.name`} error={error} hint="What the model calls it by: letters, digits and _, such as lookup_order.">
        {(c) => <input {...c} value={d.name} onInput={(e) => set({ name: e.currentTarget.value })} />}
      </Field>
      <Field label="What it does" param={`${at}.description`} error={error} hint="For the model: what the tool does and when to use it.">
        {(c) => <textarea {...c} rows={2} value={d.description} onInput={(e) => set({ description: e.currentTarget.value })} />}
      </Field>
      <Field
        label="Arguments (JSON Schema)"
        param={`${at}.parameters`}
        error={atBox(error, `${at}.parameters`)}
        hint="An object schema using type, properties, required, items, enum and description only, at most 5 levels deep: every model vendor accepts these."
      >
        {(c) => <textarea {...c} class="code" rows={7} spellcheck={false} value={d.parameters} onInput={(e) => set({ parameters: e.currentTarget.value })} />}
      </Field>
      <Field
        label="Address"
        param={`${at}.url`}
        error={error}
        hint="Where the service sends each request, signed (see the tool-signing secret on the Organization page): https to a public host."
      >
        {(c) => <input {...c} type="url" value={d.url} onInput={(e) => set({ url: e.currentTarget.value })} />}
      </Field>
      <Field label="Time limit (seconds)" param={`${at}.timeoutSeconds`} error={error}>
        {(c) => <input {...c} inputMode="numeric" value={d.timeoutSeconds} onInput={(e) => set({ timeoutSeconds: e.currentTarget.value })} />}
      </Field>
      <div class="field">
        <label class="check">
          <input type="checkbox" checked={d.async} onChange={(e) => set({ async: e.currentTarget.checked })} /> It may take more than a second
        </label>
      </div>
      {d.async && (
        <Field label="What the agent says meanwhile" param={`${at}.waitMessage`} error={error} hint="Empty: a short default.">
          {(c) => <input {...c} value={d.waitMessage} onInput={(e) => set({ waitMessage: e.currentTarget.value })} />}
        </Field>
      )}
    </>
  );
}

function TransferFields(props: { draft: ToolDraft; at: string; error?: ApiError; set: (patch: Partial<ToolDraft>) => void }) {
  const { draft: d, at, error, set } = props;
  const destination = (j: number, patch: Partial<ToolDraft['destinations'][number]>) =>
    set({ destinations: d.destinations.map((x, k) => (k === j ? { ...x, ...patch } : x)) });
  return (
    <>
      {d.destinations.map((x, j) => (
        <div class="tool-destination" key={j}>
          <Field label={`Destination ${j + 1}: number`} param={`${at}.destinations[${j}].phoneNumber`} error={error}>
            {(c) => <input {...c} type="tel" value={x.phoneNumber} onInput={(e) => destination(j, { phoneNumber: e.currentTarget.value })} />}
          </Field>
          <Field label={`Destination ${j + 1}: who answers`} param={`${at}.destinations[${j}].description`} error={error}>
            {(c) => <input {...c} value={x.description} onInput={(e) => destination(j, { description: e.currentTarget.value })} />}
          </Field>
          {d.destinations.length > 1 && (
            <button type="button" onClick={() => set({ destinations: d.destinations.filter((_, k) => k !== j) })}>
              Remove destination {j + 1}
            </button>
          )}
        </div>
      ))}
      <div class="actions">
        <button type="button" onClick={() => set({ destinations: [...d.destinations, { phoneNumber: '', description: '' }] })}>
          Add a destination
        </button>
      </div>
      <Field label="How it hands over" param={`${at}.mode`} error={error}>
        {(c) => (
          <Choice
            control={c}
            value={d.mode}
            onChange={(mode) => set({ mode })}
            options={[
              ['cold', 'Cold: hands the caller over'],
              ['warm', 'Warm: first tells the person who answers who is calling and why'],
            ]}
          />
        )}
      </Field>
    </>
  );
}

/** `agentType` voice: the kinds an interview runs, and hanging up ends the interview. */
export function ToolsEditor(props: { tools: ToolDraft[]; agentType: 'phone' | 'voice'; error?: ApiError; onChange: (tools: ToolDraft[]) => void }) {
  const { tools, onChange } = props;
  const voice = props.agentType === 'voice';
  const error = inWords(props.error);
  const headingId = useId('tools');
  const replace = (i: number, patch: Partial<ToolDraft>) => onChange(tools.map((t, k) => (k === i ? { ...t, ...patch } : t)));
  const move = (i: number, by: number) => {
    const next = [...tools];
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    onChange(next);
  };
  return (
    <fieldset aria-labelledby={headingId}>
      <legend id={headingId}>Tools</legend>
      <p class="muted">What the agent can do while it talks, offered to the model in this order.{tools.length === 0 && ' It has none.'}</p>
      <ol class="tools">
        {tools.map((tool, i) => {
          const at = `body.tools[${i}]`;
          return (
            <li class="tool card" key={i} aria-label={`Tool ${i + 1}`}>
              <Field label={`Tool ${i + 1}: kind`} param={`${at}.type`} error={error}>
                {(c) => <Choice control={c} value={tool.type} onChange={(type) => replace(i, { type })} options={voice ? INTERVIEW_TYPES : TYPES} />}
              </Field>
              {tool.type === 'http' ? (
                <HttpFields draft={tool} at={at} error={error} set={(patch) => replace(i, patch)} />
              ) : tool.type === 'transfer' ? (
                <TransferFields draft={tool} at={at} error={error} set={(patch) => replace(i, patch)} />
              ) : (
                <p class="muted">
                  {voice && tool.type === 'end_call' ? 'The agent may end the interview once it has said goodbye.' : BUILT_IN_HINTS[tool.type]}
                </p>
              )}
              <div class="actions">
                <button type="button" disabled={i === 0} onClick={() => move(i, -1)}>
                  Move tool {i + 1} up
                </button>
                <button type="button" disabled={i === tools.length - 1} onClick={() => move(i, 1)}>
                  Move tool {i + 1} down
                </button>
                <button type="button" class="danger" onClick={() => onChange(tools.filter((_, k) => k !== i))}>
                  Remove tool {i + 1}
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <div class="actions">
        <button type="button" onClick={() => onChange([...tools, blank('http')])}>
          Add a tool
        </button>
      </div>
    </fieldset>
  );
}
