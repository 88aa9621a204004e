from enum import StrEnum


class ListAgentsAgentListAgentToolTransferMode(StrEnum):
    COLD = "cold"
    WARM = "warm"

    def __str__(self) -> str:
        return str(self.value)
