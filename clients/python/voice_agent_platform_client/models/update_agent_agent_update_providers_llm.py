from enum import StrEnum


class UpdateAgentAgentUpdateProvidersLlm(StrEnum):
    GEMINI = "gemini"
    GROQ = "groq"
    MISTRAL = "mistral"

    def __str__(self) -> str:
        return str(self.value)
