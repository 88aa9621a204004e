from enum import StrEnum


class UpdateAgentAgentToolTransferMode(StrEnum):
    COLD = "cold"
    WARM = "warm"

    def __str__(self) -> str:
        return str(self.value)
