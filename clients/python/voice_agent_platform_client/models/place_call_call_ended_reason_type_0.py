from enum import StrEnum


class PlaceCallCallEndedReasonType0(StrEnum):
    AGENT_UNAVAILABLE = "agent_unavailable"
    CANCELLED = "cancelled"
    CONCURRENCY_LIMIT = "concurrency_limit"
    FAILED = "failed"
    INSUFFICIENT_CREDITS = "insufficient_credits"
    MEDIA_LOST = "media_lost"
    NOT_STARTED = "not_started"
    TERMINATED = "terminated"
    TIMED_OUT = "timed_out"

    def __str__(self) -> str:
        return str(self.value)
