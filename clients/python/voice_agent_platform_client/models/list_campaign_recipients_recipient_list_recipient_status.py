from enum import StrEnum


class ListCampaignRecipientsRecipientListRecipientStatus(StrEnum):
    CALLING = "calling"
    COMPLETED = "completed"
    FAILED = "failed"
    PENDING = "pending"
    RETRY_SCHEDULED = "retry_scheduled"
    SUPPRESSED = "suppressed"

    def __str__(self) -> str:
        return str(self.value)
