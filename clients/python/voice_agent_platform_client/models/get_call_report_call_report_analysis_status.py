from enum import StrEnum


class GetCallReportCallReportAnalysisStatus(StrEnum):
    COMPLETED = "completed"
    FAILED = "failed"

    def __str__(self) -> str:
        return str(self.value)
