from enum import StrEnum


class HangupCallCallEndedReasonType0(StrEnum):
    CANCELLED = "cancelled"
    FAILED = "failed"
    NOT_STARTED = "not_started"
    TERMINATED = "terminated"
    TIMED_OUT = "timed_out"

    def __str__(self) -> str:
        return str(self.value)
