/**
 * How a route is declared: the types of a route table entry and of the request its handler gets.
 * The tables are in api/routes/; api/router.ts builds the Koa router from them and api/openapi.ts
 * the OpenAPI document.
 */
import type { Static, TObject, TSchema } from '@sinclair/typebox';
import type Koa from 'koa';
import type { Types } from 'mongoose';
import type { Config } from '../config';
import type { CarrierNumbers } from '../providers/carrier/interface';
import type { Throttle } from '../models/throttleTicket';
import type { Scope } from './scopes';
import type { Workflows } from './temporal';

/**
 * Who is calling: an API key (partner routes), a dashboard session (admin routes) or a candidate (one
 * interview). A dashboard session on a partner route is an `apiKey` caller without a key: its user's
 * permissions as scopes (api/middleware/auth.ts, sessionAsPartner).
 */
export type Auth =
  | {
      kind: 'apiKey';
      /** null for a dashboard session acting on a partner route. */
      keyId: string | null;
      /** The session and its user, when a dashboard session is the caller: its rate-limit bucket and its name in the logs. */
      session?: { sessionId: Types.ObjectId; userId: Types.ObjectId };
      organizationId: Types.ObjectId;
      scopes: ReadonlySet<Scope>;
      byok: boolean;
      allowedOrigins: string[];
      rateLimitPerMinute: number;
    }
  | {
      kind: 'dashboard';
      sessionId: Types.ObjectId;
      userId: Types.ObjectId;
      organizationId: Types.ObjectId;
      role: 'admin' | 'member';
      permissions: ReadonlySet<Scope>;
      founder: boolean;
    }
  | {
      /** The hosted link's capability or an embed token: good for one interview, nothing else. */
      kind: 'candidate';
      interviewId: string;
      organizationId: Types.ObjectId;
      via: 'link' | 'embed';
    };

export interface Request<P, Q, B, A> {
  params: P;
  query: Q;
  body: B;
  auth: A;
  config: Config;
  /** Every message a route sends to a workflow. */
  workflows: Workflows;
  /** This process's side of the failed-credential throttles (api/middleware/throttle.ts). */
  throttle: Throttle;
  /** The carrier's side of the organization's phone numbers. */
  carrier: CarrierNumbers;
  ctx: Koa.Context;
}

/** A handler answers with the route's success status, or picks another declared one with `reply`. */
export interface Reply {
  readonly reply: true;
  status: number;
  body: unknown;
}

export const reply = (status: number, body: unknown): Reply => ({ reply: true, status, body });

export interface ResponseDoc {
  description: string;
  schema?: TSchema;
  /** A response that is not JSON: its media type (e.g. `audio/wav`), served as bytes. */
  mediaType?: string;
}

export type AuthOf<K> = K extends 'apiKey'
  ? Extract<Auth, { kind: 'apiKey' }>
  : K extends 'dashboard'
    ? Extract<Auth, { kind: 'dashboard' }>
    : K extends 'candidate'
      ? Extract<Auth, { kind: 'candidate' }>
      : undefined;
type AuthKind = 'apiKey' | 'dashboard' | 'candidate' | 'public';

interface RouteMeta {
  operationId: string;
  method: 'get' | 'post' | 'patch' | 'delete' | 'put';
  /** OpenAPI style, relative to /api/v1: `/agents/{id}`. */
  path: string;
  tag: string;
  /** What a path id names, for the 404 message. */
  resource?: string;
  summary: string;
  description?: string;
  auth: AuthKind;
  /** Required scope of an API key. */
  scope?: Scope;
  /** Dashboard routes only admins may call. */
  adminOnly?: boolean;
  params?: TObject;
  query?: TObject;
  body?: TSchema;
  /**
   * How the body is encoded: JSON unless the route takes a carrier's form-encoded webhook. `stream`:
   * JSON the handler reads itself as it arrives (api/middleware/jsonStream.ts), for bulk imports;
   * `body` then only documents it.
   */
  bodyType?: 'json' | 'form' | 'stream';
  /** Overrides the 1 MiB request-body limit, for the routes that take bulk data. */
  bodyLimitBytes?: number;
  status: number;
  responses: Record<number, ResponseDoc>;
}

/** A route as the router and the OpenAPI builder see it. */
export interface RouteDef extends RouteMeta {
  handler: (req: Request<any, any, any, any>) => Promise<unknown>;
}

/**
 * The request a handler of a route with these schemas receives. Handlers annotate their parameter
 * with it: inferring it through a generic defineRoute sends Mongoose's query types past the
 * compiler's instantiation depth.
 */
export type Req<S extends { params?: TObject; query?: TObject; body?: TSchema; auth?: AuthKind } = {}> = Request<
  S['params'] extends TObject ? Static<S['params']> : {},
  S['query'] extends TObject ? Static<S['query']> : {},
  S['body'] extends TSchema ? Static<S['body']> : undefined,
  AuthOf<S['auth'] extends AuthKind ? S['auth'] : 'apiKey'>
>;

export function defineRoute(def: RouteDef): RouteDef {
  return def;
}
