from enum import StrEnum


class UpdateAgentAgentType(StrEnum):
    PHONE = "phone"
    VOICE = "voice"

    def __str__(self) -> str:
        return str(self.value)
