from enum import StrEnum


class GetCallTranscriptCallTranscriptDataItemRole(StrEnum):
    AGENT = "agent"
    CONTACT = "contact"
    TOOL = "tool"

    def __str__(self) -> str:
        return str(self.value)
