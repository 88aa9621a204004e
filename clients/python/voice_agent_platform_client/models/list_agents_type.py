from enum import StrEnum


class ListAgentsType(StrEnum):
    PHONE = "phone"
    VOICE = "voice"

    def __str__(self) -> str:
        return str(self.value)
