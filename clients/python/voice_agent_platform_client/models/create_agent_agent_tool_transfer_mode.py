from enum import StrEnum


class CreateAgentAgentToolTransferMode(StrEnum):
    COLD = "cold"
    WARM = "warm"

    def __str__(self) -> str:
        return str(self.value)
