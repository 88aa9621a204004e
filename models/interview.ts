import { Schema, Types, model } from 'mongoose';
import type { ReportUnavailable } from '../workflows/definitions';
import { projectState } from './projection';

/**
 * The organization's places for open interviews (`maxOpenInterviews`): one slot per interview
 * `created` or `active`, taken before its workflow starts and freed by its settle activity, the one
 * step every ending (completed, expired, ended by anyone) passes through, retried until it is done.
 */
export const openInterviewPool = (organizationId: Types.ObjectId | string) => `interviews:${organizationId}`;

export interface InterviewRecord {
  _id: Types.ObjectId;
  organizationId: Types.ObjectId;
  agentId: Types.ObjectId;
  agentName: string;
  agentMode: 'interview' | 'workflow';
  status: 'created' | 'active' | 'completed';
  mode: 'voice' | 'text';
  candidateName: string;
  candidateEmail: string;
  externalRef: string;
  language: string;
  /** SHA-256 of the candidate capability in the hosted link. */
  capabilityHash: string;
  expiresAt: Date;
  startedAt?: Date | null;
  endedAt?: Date | null;
  durationSeconds?: number | null;
  chargedMinutes?: number | null;
  /** Placed with a byok key: its LLM is the organization's own. Absent on sessions started before it was recorded. */
  byok?: boolean;
  endedReason?: string | null;
  reportId?: Types.ObjectId | null;
  /** Set when a started interview ended without a report and never gets one (its agent was deleted first); null on every other. */
  reportUnavailable?: ReportUnavailable | null;
  /** The interview workflow's sequence number of the last state written here. */
  seq: number;
  createdAt: Date;
  updatedAt: Date;
}

/** The read model of an interview: a projection the interview workflow writes, never the source of truth. */
const interviewSchema = new Schema<InterviewRecord>(
  {
    organizationId: { type: Schema.Types.ObjectId, required: true },
    agentId: { type: Schema.Types.ObjectId, required: true },
    agentName: { type: String, required: true },
    agentMode: { type: String, required: true, enum: ['interview', 'workflow'] },
    status: { type: String, required: true, enum: ['created', 'active', 'completed'] },
    mode: { type: String, required: true, enum: ['voice', 'text'] },
    candidateName: { type: String, required: true },
    candidateEmail: { type: String, default: '' },
    externalRef: { type: String, default: '' },
    language: { type: String, required: true },
    capabilityHash: { type: String, required: true },
    expiresAt: { type: Date, required: true },
    startedAt: { type: Date, default: null },
    endedAt: { type: Date, default: null },
    durationSeconds: { type: Number, default: null },
    chargedMinutes: { type: Number, default: null },
    byok: { type: Boolean, default: false },
    endedReason: { type: String, default: null },
    reportId: { type: Schema.Types.ObjectId, default: null },
    reportUnavailable: { type: String, default: null },
    seq: { type: Number, required: true },
  },
  { timestamps: true, versionKey: false, minimize: false },
);
interviewSchema.index({ organizationId: 1, createdAt: -1 });
interviewSchema.index({ organizationId: 1, status: 1, createdAt: -1 });
interviewSchema.index({ organizationId: 1, externalRef: 1, createdAt: -1 });

export const Interview = model<InterviewRecord>('Interview', interviewSchema);

/** State `seq` of an interview, the first inserting it (models/projection.ts). */
export function projectInterview(interviewId: string, seq: number, fields: Partial<InterviewRecord>): Promise<boolean> {
  return projectState(Interview, new Types.ObjectId(interviewId), seq, fields);
}
