from enum import StrEnum


class GetInterviewReportInterviewReportOutcome(StrEnum):
    COMPLETED = "completed"
    INCOMPLETE = "incomplete"

    def __str__(self) -> str:
        return str(self.value)
