from enum import StrEnum


class GetCallReportCallReportTransferReason(StrEnum):
    BUSY = "busy"
    FAILED = "failed"
    NO_ANSWER = "no_answer"

    def __str__(self) -> str:
        return str(self.value)
