/**
 * Recordings in the database's file storage (GridFS through the driver) on the embedded database:
 * a file streamed in chunks, its header rewritten in place, read back whole and by range, and
 * deleted by the retention sweep.
 */
import { text } from 'node:stream/consumers';
import { Types } from 'mongoose';
import { Call, projectCall } from '../../models/call';
import { Organization } from '../../models/organization';
import { CallRecording, DEFAULT_RECORDING_RETENTION_DAYS, RecordingUpload, readRecording, recordingOf, sweepRecordings } from '../../models/recording';
import { connectTestDatabase, waitFor } from '../helpers/servers';

let cleanup: () => Promise<void>;
beforeAll(async () => {
  cleanup = await connectTestDatabase('recording');
});
afterAll(() => cleanup());

const DAY = 86_400_000;

async function newCall(organizationId: Types.ObjectId) {
  return Call.create({
    organizationId,
    agentId: new Types.ObjectId(),
    agentName: 'Recorded',
    status: 'completed',
    phoneNumber: '+442079460001',
    language: 'en-US',
    seq: 1,
  });
}

/** Stores `body` (in pieces of `piece` bytes) with `head` over its start, as the recorder does. */
async function store(organizationId: Types.ObjectId, callId: Types.ObjectId, body: string, head: string, piece = 100_000) {
  const upload = new RecordingUpload({ organizationId, callId }, 'audio/wav');
  const bytes = Buffer.from(body);
  for (let at = 0; at < bytes.length; at += piece) await upload.write(bytes.subarray(at, at + piece));
  await upload.finish(Buffer.from(head));
  return (await recordingOf(callId))!;
}

test('a file larger than a chunk is stored, its head rewritten, and read back whole and by range', async () => {
  const organizationId = new Types.ObjectId();
  const call = await newCall(organizationId);
  // 600 kB: three GridFS chunks of 255 KiB, the head in the first.
  const body = `HEAD${'abcdefghij'.repeat(60_000)}`;
  const recording = await store(organizationId, call._id, body, 'WAVE');

  expect(recording.bytes).toBe(body.length);
  expect(recording.completedAt).toBeInstanceOf(Date);
  const whole = await text(readRecording(recording.fileId));
  expect(whole).toBe(`WAVE${body.slice(4)}`);
  // A range across the first chunk's end, as an audio element's seek asks for.
  const start = 255 * 1024 - 5;
  expect(await text(readRecording(recording.fileId, { start, end: start + 9 }))).toBe(whole.slice(start, start + 10));
});

test('an aborted upload leaves no file and no recording on the call', async () => {
  const organizationId = new Types.ObjectId();
  const call = await newCall(organizationId);
  const upload = new RecordingUpload({ organizationId, callId: call._id }, 'audio/wav');
  await upload.write(Buffer.alloc(300_000, 1));
  await upload.abort();

  expect(await recordingOf(call._id)).toBeUndefined();
  expect((await CallRecording.findById(call._id).lean())?.upload).toBeNull();
  // Every chunk stored belongs to a file: the aborted upload's were removed.
  const files = await Call.db.collection('recordings.files').distinct('_id');
  expect(await Call.db.collection('recordings.chunks').countDocuments({ files_id: { $nin: files } })).toBe(0);
});

test('the sweep deletes recordings past their organization’s retention, the default for one that set none', async () => {
  const keeping = await Organization.create({ name: 'Keeps a year', recordingRetentionDays: 365 });
  const defaulted = await Organization.create({ name: 'Default retention' });
  const calls = await Promise.all([newCall(keeping._id), newCall(keeping._id), newCall(defaulted._id), newCall(defaulted._id)]);
  const recordings = await Promise.all(calls.map((call) => store(call.organizationId, call._id, 'RIFFdata', 'RIFF')));
  const now = Date.now();
  // Completed 100 and 400 days ago in the first, 10 and 100 days ago in the second.
  const ages = [100, 400, 10, 100];
  await Promise.all(calls.map((call, i) => CallRecording.updateOne({ _id: call._id }, { $set: { completedAt: new Date(now - ages[i] * DAY) } })));
  expect(DEFAULT_RECORDING_RETENTION_DAYS).toBeLessThan(100);

  await sweepRecordings(new Date(now));

  const after = await Promise.all(calls.map((call) => recordingOf(call._id)));
  expect(after.map(Boolean)).toEqual([true, false, true, false]);
  const files = Call.db.collection('recordings.files');
  const left = await files.find({ _id: { $in: recordings.map((r) => r.fileId) } }).toArray();
  expect(left.map((f) => String(f._id)).sort()).toEqual([String(recordings[0].fileId), String(recordings[2].fileId)].sort());
  expect(await Call.db.collection('recordings.chunks').countDocuments({ files_id: recordings[1].fileId })).toBe(0);
  // Nothing left to delete: the next sweep (an hour later) changes nothing.
  await sweepRecordings(new Date(now + 3_600_000));
  expect(await files.countDocuments({ _id: { $in: recordings.map((r) => r.fileId) } })).toBe(2);
});

test('the sweep removes what an upload left behind when its process stopped mid-call', async () => {
  const organizationId = new Types.ObjectId();
  const call = await newCall(organizationId);
  const upload = new RecordingUpload({ organizationId, callId: call._id }, 'audio/wav');
  await upload.write(Buffer.alloc(600_000, 1));
  // The process stops here: neither finish nor abort.
  const fileId = await waitFor(async () => (await CallRecording.findById(call._id).lean())?.upload ?? undefined);
  const chunks = Call.db.collection('recordings.chunks');
  await waitFor(async () => ((await chunks.countDocuments({ files_id: fileId })) > 0 ? true : undefined));

  // A day is longer than any call: the upload is abandoned.
  await sweepRecordings(new Date(Date.now() + 2 * DAY));
  expect(await chunks.countDocuments({ files_id: fileId })).toBe(0);
  expect(await recordingOf(call._id)).toBeUndefined();
  expect((await CallRecording.findById(call._id).lean())?.upload).toBeNull();
});

test('a recording finished while the call workflow writes the call’s last states keeps both (FerretDB updates a document by reading and rewriting it whole)', async () => {
  const organizationId = new Types.ObjectId();
  const call = await newCall(organizationId);
  const upload = new RecordingUpload({ organizationId, callId: call._id }, 'audio/wav');
  await upload.write(Buffer.alloc(300_000, 1));
  // The call's end: its projections, one after another as the workflow writes them, land in the same moments as the recording's finish.
  const states = (async () => {
    for (let i = 0; i < 20; i += 1) await projectCall(String(call._id), i + 2, { durationSeconds: i + 1 });
  })();
  await Promise.all([upload.finish(Buffer.from('RIFF')), states]);
  expect(await recordingOf(call._id)).toMatchObject({ bytes: 300_000 });
  expect((await Call.findById(call._id).lean())!).toMatchObject({ seq: 21, durationSeconds: 20 });
});
