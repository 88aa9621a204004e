from enum import StrEnum


class UpdateAgentAgentVoiceDifficulty(StrEnum):
    EASY = "easy"
    HARD = "hard"
    MEDIUM = "medium"

    def __str__(self) -> str:
        return str(self.value)
