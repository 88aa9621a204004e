from enum import StrEnum


class GetInterviewTranscriptInterviewTranscriptDataItemRole(StrEnum):
    AGENT = "agent"
    CANDIDATE = "candidate"

    def __str__(self) -> str:
        return str(self.value)
