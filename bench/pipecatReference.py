"""
The arbiter for bench/turnTaking.ts: Pipecat's own Silero VAD and Smart Turn v3 analyzers, driven
as Pipecat's pipeline drives them, on the clips the bench wrote with `--export DIR`. It tells
whether a figure comes from the set (the synthetic voice) or from our integration of the models.

Per clip, in 20 ms chunks, as pipecat 1.14.0's LLMUserAggregator does
(pipecat/turns/user_stop/turn_analyzer_user_turn_stop_strategy.py, audio/vad/vad_controller.py):
the chunk goes to SileroVADAnalyzer (VADParams(stop_secs=0.2), the value Pipecat recommends with
Smart Turn; its other defaults: confidence 0.7, start_secs 0.2, min_volume 0.6), then to
LocalSmartTurnAnalyzerV3.append_audio with whether the user was speaking before that chunk (the
VAD's start and stop frames are queued behind the audio frame); a VAD start calls
update_vad_start_secs, a VAD stop analyze_end_of_turn, whose "complete" ends the turn; so does
append_audio's own COMPLETE after SmartTurnParams.stop_secs (3 s) of quiet. The turn ends as soon
as the analyzer says so (wait_for_transcript=False: the STT's text is not waited for, as in the
bench's `silero+turn` rows). The analyzer's buffer is timed with time.monotonic, which this
script replaces with the audio's own clock, since it feeds the audio faster than real time.

Prints the bench's columns for Pipecat, counted as the bench counts them (false starts, missed,
premature end on cut sentences, delay from the end of a complete sentence to the decision after
the last speech heard to start, inference included) and, per cut and complete clip, the
probability of each judgement.

Run: python -m venv /tmp/pc && /tmp/pc/bin/pip install 'pipecat-ai[silero]==1.14.0' &&
     npm run bench:turns -- --export /tmp/turnclips [--snr 20 --line 16k] &&
     /tmp/pc/bin/python bench/pipecatReference.py /tmp/turnclips
"""
import asyncio
import json
import math
import os
import sys
import time
import wave

import numpy as np

import pipecat.audio.turn.smart_turn.base_smart_turn as base_smart_turn
from pipecat.audio.turn.base_turn_analyzer import EndOfTurnState
from pipecat.audio.turn.smart_turn.local_smart_turn_v3 import LocalSmartTurnAnalyzerV3
from pipecat.audio.vad.silero import SileroVADAnalyzer
from pipecat.audio.vad.vad_analyzer import VADParams, VADState

RATE = 16000
CHUNK = RATE // 50


class AudioClock:
    """time as base_smart_turn reads it, with monotonic() the audio's own time."""

    now = 0.0

    def monotonic(self):
        return self.now

    def perf_counter(self):
        return time.perf_counter()


clock = AudioClock()
base_smart_turn.time = clock


def read(path):
    with wave.open(path) as w:
        return w.readframes(w.getnframes())


async def run_clip(pcm, turn):
    """The ends of turn (sample, inference included) and every judgement's probability."""
    vad = SileroVADAnalyzer(sample_rate=RATE, params=VADParams(stop_secs=0.2))
    vad.set_sample_rate(RATE)
    turn.clear()
    vad_state = VADState.QUIET
    speaking = False
    heard = False
    last_start = 0
    ends, judged, inference = [], [], []
    for at in range(0, len(pcm) - CHUNK * 2 + 1, CHUNK * 2):
        chunk = pcm[at : at + CHUNK * 2]
        sample = at // 2 + CHUNK
        clock.now = sample / RATE
        new_state = vad._run_analyzer(chunk)
        event = None
        if new_state != vad_state and new_state not in (VADState.STARTING, VADState.STOPPING):
            event = "start" if new_state == VADState.SPEAKING else "stop"
            vad_state = new_state
        if turn.append_audio(chunk, speaking) == EndOfTurnState.COMPLETE:
            ends.append(sample)
            turn.clear()
        if event == "start":
            heard = True
            last_start = sample
            turn.update_vad_start_secs(vad.params.start_secs)
            speaking = True
        elif event == "stop":
            speaking = False
            started = time.perf_counter()
            state, metrics = await turn.analyze_end_of_turn()
            ms = (time.perf_counter() - started) * 1000
            inference.append(ms)
            if metrics is not None:
                judged.append(round(metrics.probability, 3))
            if state == EndOfTurnState.COMPLETE:
                ends.append(sample + ms * RATE / 1000)
    await vad.cleanup()
    return heard, last_start, ends, judged, inference


def percentile(values, p):
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(p / 100 * len(ordered)) - 1)]


def pct(n, of):
    return f"{100 * n / max(1, of):3.0f}% ({n}/{of})"


def ms(v):
    return "-" if v is None else f"{v:.0f} ms"


async def main():
    folder = sys.argv[1]
    labels = json.load(open(os.path.join(folder, "labels.json")))
    turn = LocalSmartTurnAnalyzerV3(sample_rate=RATE)
    turn.set_sample_rate(RATE)
    groups = {}
    for clip in labels["clips"]:
        groups.setdefault((clip["line"], clip["snr"]), []).append(clip)
    rows, inference = [], []
    for (line, snr), clips in groups.items():
        s = {"false": [0, 0], "missed": [0, 0], "premature": [0, 0], "delays": [], "undecided": 0}
        for clip in clips:
            heard, last_start, ends, judged, ms_ = await run_clip(read(os.path.join(folder, clip["file"])), turn)
            inference += ms_
            if clip["kind"] == "noise":
                s["false"][0] += heard
                s["false"][1] += 1
                continue
            s["missed"][0] += not heard
            s["missed"][1] += 1
            if clip["kind"] == "cut":
                early = any(t < clip["pauseEnd"] for t in ends)
                s["premature"][0] += early
                s["premature"][1] += 1
                print(f"{line} {snr} dB cut      {'PREMATURE' if early else 'waited   '} {judged} {clip['text']}", file=sys.stderr)
            if clip["kind"] == "complete":
                # As bench/turnTaking.ts: the end after the last speech heard to start.
                decided = next((t for t in ends if t > last_start), None)
                if decided is None:
                    s["undecided"] += 1
                else:
                    s["delays"].append((decided - clip["speechEnd"]) / RATE * 1000)
                delay = "undecided" if decided is None else f"{(decided - clip['speechEnd']) / RATE * 1000:5.0f} ms "
                print(f"{line} {snr} dB complete {delay} {judged} {clip['text']}", file=sys.stderr)
        rows.append(
            [
                line,
                f"{snr} dB",
                "pipecat silero+smart turn",
                pct(*s["false"]),
                pct(*s["missed"]),
                pct(*s["premature"]),
                ms(percentile(s["delays"], 50)),
                ms(percentile(s["delays"], 99)),
                str(s["undecided"]),
            ]
        )
    header = ["line", "SNR", "detector", "false starts", "missed", "premature end", "delay p50", "delay p99", "undecided"]
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(header)]
    for r in [header, ["-" * w for w in widths], *rows]:
        print(" | ".join(c.ljust(widths[i]) for i, c in enumerate(r)))
    print(f"turn model inference per decision: p50 {ms(percentile(inference, 50))}, p99 {ms(percentile(inference, 99))} ({len(inference)} decisions)")


if __name__ == "__main__":
    asyncio.run(main())
