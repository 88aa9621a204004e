from enum import StrEnum


class UpdateContactContactDoNotCallReasonType0(StrEnum):
    MANUAL = "manual"
    OPTED_OUT_IN_CALL = "opted_out_in_call"

    def __str__(self) -> str:
        return str(self.value)
