from enum import StrEnum


class UpdateAgentAgentUpdateProvidersStt(StrEnum):
    DEEPGRAM = "deepgram"
    GOOGLE = "google"
    LOCAL = "local"

    def __str__(self) -> str:
        return str(self.value)
