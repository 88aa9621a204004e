from enum import StrEnum


class GetInterviewTranscriptInterviewTranscriptDataItemRole(StrEnum):
    AGENT = "agent"
    CANDIDATE = "candidate"
    TOOL = "tool"

    def __str__(self) -> str:
        return str(self.value)
