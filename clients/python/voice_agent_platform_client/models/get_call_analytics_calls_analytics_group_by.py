from enum import StrEnum


class GetCallAnalyticsCallsAnalyticsGroupBy(StrEnum):
    AGENT = "agent"
    CAMPAIGN = "campaign"
    DAY = "day"
    DIRECTION = "direction"
    DISPOSITION = "disposition"
    OUTCOME = "outcome"

    def __str__(self) -> str:
        return str(self.value)
