from enum import StrEnum


class ListAgentsAgentListAgentPhoneDirection(StrEnum):
    BOTH = "both"
    INBOUND = "inbound"
    OUTBOUND = "outbound"

    def __str__(self) -> str:
        return str(self.value)
