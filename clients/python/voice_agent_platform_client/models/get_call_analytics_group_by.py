from enum import StrEnum


class GetCallAnalyticsGroupBy(StrEnum):
    AGENT = "agent"
    CAMPAIGN = "campaign"
    DAY = "day"
    DIRECTION = "direction"
    DISPOSITION = "disposition"
    OUTCOME = "outcome"

    def __str__(self) -> str:
        return str(self.value)
