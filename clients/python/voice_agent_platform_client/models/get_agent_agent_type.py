from enum import StrEnum


class GetAgentAgentType(StrEnum):
    PHONE = "phone"
    VOICE = "voice"

    def __str__(self) -> str:
        return str(self.value)
