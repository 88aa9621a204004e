from enum import StrEnum


class ListInterviewsInterviewListInterviewMode(StrEnum):
    TEXT = "text"
    VOICE = "voice"

    def __str__(self) -> str:
        return str(self.value)
