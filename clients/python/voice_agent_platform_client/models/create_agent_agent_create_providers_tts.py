from enum import StrEnum


class CreateAgentAgentCreateProvidersTts(StrEnum):
    AMAZON = "amazon"
    ELEVENLABS = "elevenlabs"
    GOOGLE = "google"
    LOCAL = "local"

    def __str__(self) -> str:
        return str(self.value)
