from enum import StrEnum


class DeleteProviderCredentialProviderCredentialDeletedKind(StrEnum):
    LLM = "llm"
    STT = "stt"
    TTS = "tts"

    def __str__(self) -> str:
        return str(self.value)
