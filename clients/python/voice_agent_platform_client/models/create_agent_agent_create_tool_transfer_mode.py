from enum import StrEnum


class CreateAgentAgentCreateToolTransferMode(StrEnum):
    COLD = "cold"
    WARM = "warm"

    def __str__(self) -> str:
        return str(self.value)
