from enum import StrEnum


class UpdateCampaignCampaignPausedReasonType0(StrEnum):
    INSUFFICIENT_CREDITS = "insufficient_credits"
    REQUESTED = "requested"

    def __str__(self) -> str:
        return str(self.value)
