from enum import StrEnum


class GetInterviewReportInterviewReportTranscriptItemRole(StrEnum):
    AGENT = "agent"
    CANDIDATE = "candidate"

    def __str__(self) -> str:
        return str(self.value)
