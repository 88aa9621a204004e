from enum import StrEnum


class GetCallReportCallReportTransferMode(StrEnum):
    COLD = "cold"
    WARM = "warm"

    def __str__(self) -> str:
        return str(self.value)
