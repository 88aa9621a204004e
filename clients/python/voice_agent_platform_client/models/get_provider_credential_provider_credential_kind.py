from enum import StrEnum


class GetProviderCredentialProviderCredentialKind(StrEnum):
    LLM = "llm"
    STT = "stt"
    TTS = "tts"

    def __str__(self) -> str:
        return str(self.value)
