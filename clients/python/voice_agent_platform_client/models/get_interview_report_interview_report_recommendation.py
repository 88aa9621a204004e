from enum import StrEnum


class GetInterviewReportInterviewReportRecommendation(StrEnum):
    ADVANCE = "advance"
    DECLINE = "decline"
    HOLD = "hold"

    def __str__(self) -> str:
        return str(self.value)
