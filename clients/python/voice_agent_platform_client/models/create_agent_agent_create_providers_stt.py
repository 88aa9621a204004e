from enum import StrEnum


class CreateAgentAgentCreateProvidersStt(StrEnum):
    DEEPGRAM = "deepgram"
    GOOGLE = "google"
    LOCAL = "local"

    def __str__(self) -> str:
        return str(self.value)
