from enum import StrEnum


class UpdateCampaignCampaignStatus(StrEnum):
    ARCHIVED = "archived"
    CANCELLED = "cancelled"
    COMPLETED = "completed"
    DRAFT = "draft"
    PAUSED = "paused"
    RUNNING = "running"
    SCHEDULED = "scheduled"

    def __str__(self) -> str:
        return str(self.value)
