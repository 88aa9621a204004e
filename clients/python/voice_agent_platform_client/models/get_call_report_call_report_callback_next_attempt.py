from enum import StrEnum


class GetCallReportCallReportCallbackNextAttempt(StrEnum):
    RETRY_LIMIT_REACHED = "retry_limit_reached"
    SCHEDULED = "scheduled"

    def __str__(self) -> str:
        return str(self.value)
