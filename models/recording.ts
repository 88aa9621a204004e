import { once } from 'node:events';
import type { Readable } from 'node:stream';
import mongoose, { Schema, Types, model } from 'mongoose';
import { Organization } from './organization';

/**
 * Call recordings in the database's file storage: GridFS (bucket `recordings`, i.e. the
 * collections `recordings.files` and `recordings.chunks`) on MongoDB and FerretDB alike. A file is
 * streamed in as the call goes, in GridFS chunks, so a long call is never held in memory; its
 * first bytes (a header whose sizes are known only at the end) are rewritten in place once the
 * rest is stored, and only then does the call say `recordingAvailable`.
 *
 * Which file is a call's recording lives in a document of its own (`CallRecording`, `_id` the
 * call's id), not in the call's read model: FerretDB applies an update as a read and a write of the
 * whole document, so the recorder's writes and the call workflow's projections of the same call,
 * which land together as the call ends, would undo one another (a CI run lost a finished
 * recording that way). Only the recorder and the sweep write here, one after the other.
 */
const callRecordingSchema = new Schema(
  {
    _id: { type: Schema.Types.ObjectId, required: true },
    organizationId: { type: Schema.Types.ObjectId, required: true },
    /** The file being stored, until it is complete or dropped: what the sweep removes if its process stopped mid-call. */
    upload: { type: Schema.Types.ObjectId, default: null },
    startedAt: { type: Date, default: null },
    /** The complete file; null until then, and once the retention period deleted it. */
    fileId: { type: Schema.Types.ObjectId, default: null },
    bytes: { type: Number, default: null },
    completedAt: { type: Date, default: null },
  },
  { versionKey: false },
);

export const CallRecording = model('CallRecording', callRecordingSchema);

/** A call's complete recording (its file and size), if it has one. */
export async function recordingOf(callId: Types.ObjectId | string): Promise<{ fileId: Types.ObjectId; bytes: number; completedAt: Date } | undefined> {
  const recording = await CallRecording.findById(callId, { fileId: 1, bytes: 1, completedAt: 1 }).lean();
  return recording?.fileId ? { fileId: recording.fileId, bytes: recording.bytes ?? 0, completedAt: recording.completedAt! } : undefined;
}

/** Which of these calls have a complete recording, by id (read by `_id` each, the lookup FerretDB indexes). */
export async function recordedCalls(callIds: Types.ObjectId[]): Promise<Set<string>> {
  const found = await Promise.all(callIds.map((id) => recordingOf(id)));
  return new Set(callIds.filter((_, i) => found[i]).map(String));
}

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
    this.claimed = CallRecording.updateOne(
      { _id: owner.callId },
      { $set: { organizationId: new Types.ObjectId(owner.organizationId), upload: this.stream.id, startedAt: new Date() } },
      { upsert: true },
    ).exec();
    // Awaited by `finish` or `abort`; until then a failure must not count as unhandled.
    this.claimed.catch(() => undefined);
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
    await CallRecording.updateOne({ _id: this.owner.callId }, { $set: { fileId, bytes: this.bytes, completedAt: new Date(), upload: null } });
  }

  /** Drops what was stored: the call keeps no recording. */
  async abort(): Promise<void> {
    await this.stream.abort().catch(() => undefined);
    await this.claimed.catch(() => undefined);
    await CallRecording.updateOne({ _id: this.owner.callId, upload: this.stream.id }, { $set: { upload: null } });
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
 * Deletes a call's recording. The file goes first, then its document's `fileId`: a failure between
 * the two leaves a reference the next sweep clears (and a reader a 404), never a file nothing points to.
 */
export async function deleteRecording(recording: { _id: Types.ObjectId; fileId?: Types.ObjectId | null }): Promise<void> {
  if (!recording.fileId) return;
  await deleteFile(recording.fileId);
  await CallRecording.updateOne({ _id: recording._id, fileId: recording.fileId }, { $set: { fileId: null, bytes: null, completedAt: null } });
}

/** Longer than any call (maxDurationMinutes is at most 120): an upload this old was left by a process that stopped. */
const ABANDONED_UPLOAD_MS = 86_400_000;

/** Removes the chunks of uploads that a process stopping mid-call left unfinished. */
async function sweepAbandonedUploads(now: Date): Promise<void> {
  const abandoned = await CallRecording.find(
    { upload: { $ne: null }, startedAt: { $lt: new Date(now.getTime() - ABANDONED_UPLOAD_MS) } },
    { upload: 1 },
  ).lean();
  for (const recording of abandoned) {
    await deleteFile(recording.upload!);
    await CallRecording.updateOne({ _id: recording._id, upload: recording.upload }, { $set: { upload: null } });
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
    const expired = await CallRecording.find({ organizationId: organization._id, completedAt: { $lt: cutoff } }, { fileId: 1 })
      .limit(batch)
      .lean();
    for (const recording of expired) await deleteRecording(recording);
  }
}
