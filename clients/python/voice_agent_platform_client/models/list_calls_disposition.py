from enum import StrEnum


class ListCallsDisposition(StrEnum):
    BUSY = "busy"
    COMPLETED = "completed"
    CONTACT_HUNG_UP = "contact_hung_up"
    CREDITS_EXHAUSTED = "credits_exhausted"
    FAILED = "failed"
    HANGUP_REQUESTED = "hangup_requested"
    MAX_DURATION = "max_duration"
    NO_ANSWER = "no_answer"
    REFUSED = "refused"
    TRANSFERRED = "transferred"
    VOICEMAIL = "voicemail"
    VOICEMAIL_LEFT = "voicemail_left"

    def __str__(self) -> str:
        return str(self.value)
