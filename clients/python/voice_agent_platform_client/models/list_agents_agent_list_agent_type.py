from enum import StrEnum


class ListAgentsAgentListAgentType(StrEnum):
    PHONE = "phone"
    VOICE = "voice"

    def __str__(self) -> str:
        return str(self.value)
