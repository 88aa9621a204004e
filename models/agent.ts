import { Schema, model, type HydratedDocument, type Types } from 'mongoose';

/** The organization's places for agents (`maxAgents`): one slot per agent. */
export const agentPool = (organizationId: Types.ObjectId | string) => `agents:${organizationId}`;

/** The most tools one agent has. */
export const MAX_TOOLS = 20;
export const DEFAULT_TOOL_TIMEOUT_SECONDS = 10;
/** A tool's name as every vendor's function calling takes it. */
export const TOOL_NAME_PATTERN = '^[A-Za-z0-9_]{1,64}$';

export interface HttpTool {
  type: 'http';
  name: string;
  description: string;
  /** A JSON Schema object in the subset every vendor accepts (domain/tools.ts checks it). */
  parameters: Record<string, unknown>;
  url: string;
  timeoutSeconds: number;
  async: boolean;
  waitMessage?: string;
}

export interface TransferTool {
  type: 'transfer';
  destinations: Array<{ phoneNumber: string; description: string }>;
  mode: 'cold' | 'warm';
}

/** The name the model calls a built-in by; an `http` tool may not take it. */
export const BUILT_IN_NAMES = { transfer: 'transfer_call', end_call: 'end_call', keypad: 'press_keys', callback: 'schedule_callback' } as const;

/** What an agent can do while it talks, stored with every default filled. */
export type AgentTool = HttpTool | TransferTool | { type: 'end_call' } | { type: 'keypad' } | { type: 'callback' };

export interface AgentRecord {
  _id: Types.ObjectId;
  organizationId: Types.ObjectId;
  type: 'phone' | 'voice';
  name: string;
  nameKey: string;
  description: string;
  /** The name candidates see; '' shows `name`. */
  displayName?: string;
  mode?: 'interview' | 'workflow';
  language: string;
  sector: string;
  maxDurationMinutes: number;
  instructions: string;
  providers: Partial<Record<'llm' | 'stt' | 'tts', string>>;
  tools: AgentTool[];
  phone?: Record<string, unknown>;
  voice?: Record<string, unknown>;
  /** The agent's own turn-taking settings (conversation/turnSettings.ts); the defaults for its type fill the rest. */
  turnTaking?: Record<string, unknown>;
  sessionsCount: number;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * An agent. `phone` and `voice` are stored with every default filled, `providers` holds only the
 * agent's own overrides (server defaults may change). `nameKey` is the lower-cased name that the
 * unique index uses, since FerretDB has no case-insensitive collation.
 */
const agentSchema = new Schema<AgentRecord>(
  {
    organizationId: { type: Schema.Types.ObjectId, required: true },
    type: { type: String, required: true, enum: ['phone', 'voice'] },
    name: { type: String, required: true },
    nameKey: { type: String, required: true },
    description: { type: String, default: '' },
    displayName: { type: String, default: '' },
    mode: { type: String, enum: ['interview', 'workflow'] },
    language: { type: String, required: true },
    sector: { type: String, default: '' },
    maxDurationMinutes: { type: Number, required: true },
    instructions: { type: String, required: true },
    providers: { type: Schema.Types.Mixed, default: {} },
    tools: { type: Schema.Types.Mixed, default: [] },
    phone: { type: Schema.Types.Mixed },
    voice: { type: Schema.Types.Mixed },
    turnTaking: { type: Schema.Types.Mixed },
    sessionsCount: { type: Number, default: 0 },
  },
  { timestamps: true, versionKey: false, minimize: false },
);
agentSchema.index({ organizationId: 1, nameKey: 1 }, { unique: true });
agentSchema.index({ organizationId: 1, type: 1, createdAt: -1 });

export const Agent = model<AgentRecord>('Agent', agentSchema);
export type AgentDoc = HydratedDocument<AgentRecord>;

export const nameKey = (name: string) => name.trim().toLowerCase();

/** The `{{placeholder}}` names in an agent's instructions, in first-seen order. */
export function placeholders(instructions: string): string[] {
  return [...new Set([...instructions.matchAll(/\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g)].map((m) => m[1]!))];
}

/** The `{{placeholders}}` of a phone agent's instructions and greeting. */
export function declaredVariables(agent: Pick<AgentRecord, 'instructions' | 'phone'>): string[] {
  const greeting = (agent.phone as { greeting?: string } | undefined)?.greeting ?? '';
  return placeholders(`${agent.instructions}\n${greeting}`);
}

/** Whether the agent's calls are recorded (`phone.recordCalls`, off unless set). */
export const recordsCalls = (agent: Pick<AgentRecord, 'phone'>) => agent.phone?.recordCalls === true;
