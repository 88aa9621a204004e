from enum import StrEnum


class PlaceBrowserCallBrowserCallCallAnsweredByType0(StrEnum):
    CALL_SCREENER = "call_screener"
    PERSON = "person"
    PHONE_MENU = "phone_menu"
    VOICEMAIL = "voicemail"

    def __str__(self) -> str:
        return str(self.value)
