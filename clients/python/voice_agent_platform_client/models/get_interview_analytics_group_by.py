from enum import StrEnum


class GetInterviewAnalyticsGroupBy(StrEnum):
    AGENT = "agent"
    DAY = "day"

    def __str__(self) -> str:
        return str(self.value)
