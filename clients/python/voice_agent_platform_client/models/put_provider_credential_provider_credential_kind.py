from enum import StrEnum


class PutProviderCredentialProviderCredentialKind(StrEnum):
    LLM = "llm"
    STT = "stt"
    TTS = "tts"

    def __str__(self) -> str:
        return str(self.value)
