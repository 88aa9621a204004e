from enum import StrEnum


class GetCallReportCallReportTransferOutcome(StrEnum):
    CONNECTED = "connected"
    FAILED = "failed"

    def __str__(self) -> str:
        return str(self.value)
