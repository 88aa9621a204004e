from enum import StrEnum


class UpdateAgentAgentUpdatePhoneDirection(StrEnum):
    BOTH = "both"
    INBOUND = "inbound"
    OUTBOUND = "outbound"

    def __str__(self) -> str:
        return str(self.value)
