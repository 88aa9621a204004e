from enum import StrEnum


class CreateAgentAgentCreateType(StrEnum):
    PHONE = "phone"
    VOICE = "voice"

    def __str__(self) -> str:
        return str(self.value)
