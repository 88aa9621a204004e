from enum import StrEnum


class GetInterviewInterviewEndedReasonType0(StrEnum):
    AGENT_DELETED = "agent_deleted"
    AGENT_ENDED = "agent_ended"
    CANDIDATE_ENDED = "candidate_ended"
    CANDIDATE_SILENT = "candidate_silent"
    CREDITS_EXHAUSTED = "credits_exhausted"
    EXPIRED = "expired"
    MAX_DURATION = "max_duration"
    OPERATOR_ENDED = "operator_ended"

    def __str__(self) -> str:
        return str(self.value)
