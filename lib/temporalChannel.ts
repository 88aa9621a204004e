/**
 * gRPC's channel options for every client connection to Temporal (the API's, the media
 * process's and the worker's own, from which activities signal and start workflows).
 *
 * gRPC waits longer and longer between its attempts to reconnect a lost channel (up to 120 s), and
 * fails every call meanwhile: after a 20 s outage a client answered again 11 s after Temporal was
 * back. At most 2 s between attempts, it is back within about 2 s.
 */
export const temporalChannelArgs = { 'grpc.max_reconnect_backoff_ms': 2_000 };
