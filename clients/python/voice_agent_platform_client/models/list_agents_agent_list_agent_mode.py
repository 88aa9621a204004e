from enum import StrEnum


class ListAgentsAgentListAgentMode(StrEnum):
    INTERVIEW = "interview"
    WORKFLOW = "workflow"

    def __str__(self) -> str:
        return str(self.value)
