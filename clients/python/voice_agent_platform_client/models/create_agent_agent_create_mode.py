from enum import StrEnum


class CreateAgentAgentCreateMode(StrEnum):
    INTERVIEW = "interview"
    WORKFLOW = "workflow"

    def __str__(self) -> str:
        return str(self.value)
