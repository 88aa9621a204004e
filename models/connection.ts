import mongoose, { type ConnectOptions } from 'mongoose';
import { anyCause } from '../lib/cause';

/**
 * How long an operation waits for an unreachable database before it fails. Mongoose would
 * otherwise queue operations while the connection is down and fail them only after its buffer
 * timeout, and the driver would wait 30 s to select a server: the API answers a request that needs
 * the database 503 within this time instead, and an activity fails and is retried by Temporal.
 */
export const DATABASE_TIMEOUT_MS = 5_000;

/**
 * Opens the default connection as the API, the worker and the tests all do. An operation already on
 * the wire when the server dies fails at once; one on a server that stops answering is interrupted
 * when the driver's heartbeat (every 10 s) finds it unreachable within `connectTimeoutMS`.
 */
export function connectDatabase(uri: string, options: ConnectOptions = {}): Promise<typeof mongoose> {
  return mongoose.connect(uri, {
    bufferCommands: false,
    serverSelectionTimeoutMS: DATABASE_TIMEOUT_MS,
    connectTimeoutMS: DATABASE_TIMEOUT_MS,
    ...options,
  });
}

// A cleared pool's error is a MongoNetworkError, as is a network timeout.
const { MongoNetworkError, MongoServerSelectionError, MongoServerClosedError, MongoNotConnectedError, MongoTopologyClosedError } = mongoose.mongo;

/**
 * True for the driver's errors that say the database could not be reached (not that it refused the
 * operation): a retry once it is back may succeed.
 */
export const isDatabaseUnavailable = (err: unknown) =>
  anyCause(
    err,
    (e) =>
      e instanceof MongoNetworkError ||
      e instanceof MongoServerSelectionError ||
      e instanceof MongoServerClosedError ||
      e instanceof MongoNotConnectedError ||
      e instanceof MongoTopologyClosedError,
  );
