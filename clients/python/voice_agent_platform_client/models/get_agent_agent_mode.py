from enum import StrEnum


class GetAgentAgentMode(StrEnum):
    INTERVIEW = "interview"
    WORKFLOW = "workflow"

    def __str__(self) -> str:
        return str(self.value)
