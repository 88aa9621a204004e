from enum import StrEnum


class GetInterviewReportInterviewReportTranscriptItemRole(StrEnum):
    AGENT = "agent"
    CANDIDATE = "candidate"
    TOOL = "tool"

    def __str__(self) -> str:
        return str(self.value)
