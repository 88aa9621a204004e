/** The API's representations, as far as the pages read them (the OpenAPI document has them whole). */
export interface Usage {
  organization: { id: string; name: string; plan: string };
  credits: { allocatedMinutes: number; usedMinutes: number; heldMinutes: number; remainingMinutes: number };
  byok: { usedMinutes: number };
  limits: Record<'maxAgents' | 'maxUsers' | 'maxConcurrentCalls' | 'maxCampaigns' | 'maxRecipients' | 'maxContacts' | 'maxOpenInterviews', number>;
  used: Record<'agents' | 'users' | 'concurrentCalls' | 'campaigns' | 'recipients' | 'contacts' | 'openInterviews', number>;
}

export interface Call {
  id: string;
  agentId: string;
  agentName: string;
  status: 'created' | 'active' | 'completed';
  phoneNumber: string;
  contactName: string;
  externalRef: string;
  campaignId: string | null;
  disposition: string | null;
  startedAt: string | null;
  endedAt: string | null;
  durationSeconds: number | null;
  chargedMinutes: number | null;
  reportId: string | null;
  recordingAvailable: boolean;
  createdAt: string;
}

export interface Interview {
  id: string;
  agentName: string;
  status: string;
  mode: string;
  candidateName: string;
  createdAt: string;
}

/** One bucket of GET /analytics/calls (the analytics API of issue 18). */
export interface CallBucket {
  key: string;
  calls: number;
  connected: number;
  minutes: number;
  chargedMinutes: number;
}

export interface CallAnalytics {
  object: 'analytics';
  from: string;
  to: string;
  groupBy: string;
  totals: Omit<CallBucket, 'key'>;
  buckets: CallBucket[];
}

export interface ApiKey {
  id: string;
  name: string;
  mode: 'live' | 'test';
  key?: string;
  last4: string;
  scopes: string[];
  byok: boolean;
  allowedOrigins: string[];
  rateLimitPerMinute: number;
  expiresAt: string | null;
  revokedAt: string | null;
  lastUsedAt: string | null;
  createdAt: string;
}

export interface ProviderCredential {
  kind: 'llm' | 'stt' | 'tts';
  provider: string;
  apiKeyHint: string;
  verified: boolean;
  verifiedAt: string | null;
  lastVerificationError: string | null;
  lastVerificationAt: string | null;
  updatedAt: string;
}

export const CREDENTIAL_KINDS = ['llm', 'stt', 'tts'] as const;

export interface User {
  id: string;
  email: string;
  role: 'admin' | 'member';
  permissions: string[];
  founder: boolean;
  status: 'active' | 'deactivated';
  createdAt: string;
}

export interface Agent {
  id: string;
  type: 'phone' | 'voice';
  name: string;
  displayName: string;
  description: string;
  language: string;
  maxDurationMinutes: number;
  instructions: string;
  variables: string[];
  providers: { llm: string; stt: string; tts: string };
  phone?: {
    direction: string;
    greeting: string;
    fallback: string;
    voicemailBehavior: string;
    maxAttempts: number;
    retryDelayMinutes: number;
    requiredContactFields: string[];
    outcomeLabels: string[];
    recordCalls: boolean;
  };
  voice?: { goal: string; opening: string; evaluationStyle: string; evaluationCriteria: string[]; difficulty: string };
  sessionsCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface Turn {
  role: 'agent' | 'contact' | 'candidate';
  text: string;
  startedAt: string;
  offsetMs: number;
}

export type CallReport =
  | { status: 'pending' }
  | {
      status: 'ready';
      disposition: string;
      outcome?: string;
      analysisStatus: 'completed' | 'failed';
      analysisError?: string;
      summary?: string;
      capturedFields: Record<string, string>;
      sentiment?: string;
      optOut?: boolean;
    };
