from enum import StrEnum


class CreateAgentAgentCreatePhoneDirection(StrEnum):
    BOTH = "both"
    INBOUND = "inbound"
    OUTBOUND = "outbound"

    def __str__(self) -> str:
        return str(self.value)
