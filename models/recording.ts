import { once } from 'node:events';
import type { Readable } from 'node:stream';
import mongoose, { Types } from 'mongoose';
import { Call } from './call';
import { Organization } from './organization';

/**
 * Call recordings in the database's file storage: GridFS (bucket `recordings`, i.e. the
 * collections `recordings.files` and `recordings.chunks`) on MongoDB and FerretDB alike. A file is
 * streamed in as the call goes, in GridFS chunks, so a long call is never held in memory; its
 * first bytes (a header whose sizes are known only at the end) are rewritten in place once the
 * rest is stored, and only then does the call say `recordingAvailable`.
 */
const BUCKET = 'recordings';

/** How long recordings are kept when the organization has not said otherwise. */
export const DEFAULT_RECORDING_RETENTION_DAYS = 90;
export const MAX_RECORDING_RETENTION_DAYS = 3650;

const bucket = () => new mongoose.mongo.GridFSBucket(mongoose.connection.db!, { bucketName: BUCKET });
const chunks = () => mongoose.connection.db!.collection(`${BUCKET}.chunks`);

export interface RecordingOwner {
  organizationId: Types.ObjectId | string;
  callId: Types.ObjectId | string;
}

/** A recording being stored: bytes appended in order, then `finish` (or `abort`) once. */
export class RecordingUpload {
  private readonly stream: mongoose.mongo.GridFSBucketWriteStream;
  private readonly claimed: Promise<unknown>;
  private bytes = 0;

  constructor(
    private readonly owner: RecordingOwner,
    contentType: string,
  ) {
    this.stream = bucket().openUploadStream(`call-${owner.callId}`, {
      metadata: { organizationId: new Types.ObjectId(owner.organizationId), callId: new Types.ObjectId(owner.callId), contentType },
    });
    // Failures surface from the awaited writes and `finish`; without a listener they would crash the process.
    this.stream.on('error', () => undefined);
    this.claimed = Call.updateOne(this.callFilter(), { $set: { recordingUpload: this.stream.id } }).exec();
    // Awaited by `finish` or `abort`; until then a failure must not count as unhandled.
    this.claimed.catch(() => undefined);
  }

  private callFilter() {
    return { _id: this.owner.callId, organizationId: this.owner.organizationId };
  }

  /** Appends `data`; resolves once the stream can take more (a chunk is written every 255 KiB). */
  async write(data: Buffer): Promise<void> {
    // A stream that failed emits no more 'drain': waiting for one would hang the recording.
    if (this.stream.errored) throw this.stream.errored;
    this.bytes += data.length;
    if (!this.stream.write(data)) await once(this.stream, 'drain');
  }

  /**
   * Stores the rest, puts `head` over the file's first bytes, and marks the call's recording
   * available: a reader never sees a file whose header is not final.
   */
  async finish(head: Buffer): Promise<void> {
    await this.claimed;
    this.stream.end();
    await once(this.stream, 'finish');
    const fileId = this.stream.id as Types.ObjectId;
    const first = await chunks().findOne({ files_id: fileId, n: 0 });
    if (!first) throw new Error(`recording ${String(fileId)} has no first chunk`);
    const data = Buffer.from((first.data as mongoose.mongo.Binary).buffer);
    head.copy(data, 0);
    await chunks().updateOne({ _id: first._id }, { $set: { data: new mongoose.mongo.Binary(data) } });
    await Call.updateOne(this.callFilter(), { $set: { recording: { fileId, bytes: this.bytes, completedAt: new Date() }, recordingUpload: null } });
  }

  /** Drops what was stored: the call keeps no recording. */
  async abort(): Promise<void> {
    await this.stream.abort().catch(() => undefined);
    await this.claimed.catch(() => undefined);
    await Call.updateOne(this.callFilter(), { $set: { recordingUpload: null } });
  }
}

/** A stored recording file (its id and size), if it exists. */
export async function recordingFile(fileId: Types.ObjectId): Promise<{ _id: Types.ObjectId; length: number } | undefined> {
  const file = await bucket().find({ _id: fileId }).next();
  return file ? { _id: file._id as Types.ObjectId, length: file.length } : undefined;
}

/** The stored bytes `start` to `end` (inclusive) of a recording file. */
export function readRecording(fileId: Types.ObjectId, range?: { start: number; end: number }): Readable {
  return bucket().openDownloadStream(fileId, range ? { start: range.start, end: range.end + 1 } : {});
}

/** Deletes a file and its chunks; chunks without a file (an unfinished upload) go too, and a file already gone is no error. */
async function deleteFile(fileId: Types.ObjectId): Promise<void> {
  try {
    await bucket().delete(fileId);
  } catch (err) {
    // The driver deletes the chunks before it says the file document was not found.
    if (!(err instanceof mongoose.mongo.MongoRuntimeError && err.message.startsWith('File not found'))) throw err;
  }
}

/**
 * Deletes a call's recording. The file goes first, then the call's flag: a failure between the two
 * leaves a flag the next sweep clears (and a reader a 404), never a file nothing points to.
 */
export async function deleteRecording(call: { _id: Types.ObjectId; recording?: { fileId: Types.ObjectId } | null }): Promise<void> {
  if (!call.recording) return;
  await deleteFile(call.recording.fileId);
  await Call.updateOne({ _id: call._id, 'recording.fileId': call.recording.fileId }, { $set: { recording: null } });
}

/** Longer than any call (maxDurationMinutes is at most 120): an upload this old was left by a process that stopped. */
const ABANDONED_UPLOAD_MS = 86_400_000;

/** Removes the chunks of uploads that a process stopping mid-call left unfinished. */
async function sweepAbandonedUploads(now: Date): Promise<void> {
  const abandoned = await Call.find({ recordingUpload: { $ne: null }, createdAt: { $lt: new Date(now.getTime() - ABANDONED_UPLOAD_MS) } }, { recordingUpload: 1 }).lean();
  for (const call of abandoned) {
    await deleteFile(call.recordingUpload!);
    await Call.updateOne({ _id: call._id, recordingUpload: call.recordingUpload }, { $set: { recordingUpload: null } });
  }
}

/** Retention is counted in days: sweeping it hourly is soon enough, and spares the database a query per organization each minute. */
const RECORDING_SWEEP_INTERVAL_MS = 3_600_000;
let lastSweep = Number.NEGATIVE_INFINITY;

/**
 * Deletes the recordings each organization keeps no longer (`recordingRetentionDays`), a batch per
 * organization, at most once an hour (by `now`) per process.
 */
export async function sweepRecordings(now: Date, batch = 100): Promise<void> {
  if (now.getTime() - lastSweep < RECORDING_SWEEP_INTERVAL_MS) return;
  lastSweep = now.getTime();
  await sweepAbandonedUploads(now);
  const organizations = await Organization.find({}, { recordingRetentionDays: 1 }).lean();
  for (const organization of organizations) {
    const days = organization.recordingRetentionDays ?? DEFAULT_RECORDING_RETENTION_DAYS;
    const cutoff = new Date(now.getTime() - days * 86_400_000);
    const expired = await Call.find({ organizationId: organization._id, 'recording.completedAt': { $lt: cutoff } }, { recording: 1 })
      .limit(batch)
      .lean();
    for (const call of expired) await deleteRecording(call);
  }
}
