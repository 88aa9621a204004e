from enum import StrEnum


class CreateAgentAgentPhoneVoicemailBehavior(StrEnum):
    HANGUP = "hangup"
    LEAVE_MESSAGE = "leave_message"
    MARK_NO_ANSWER = "mark_no_answer"

    def __str__(self) -> str:
        return str(self.value)
