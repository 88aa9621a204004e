from enum import StrEnum


class GetInterviewTranscriptInterviewTranscriptDataItemTimingsEndOfTurnBy(StrEnum):
    TEXT = "text"
    TIMEOUT = "timeout"
    TURN_MODEL = "turn_model"
    VAD = "vad"

    def __str__(self) -> str:
        return str(self.value)
