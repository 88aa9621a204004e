from enum import StrEnum


class PlaceBrowserCallBrowserCallCallStatus(StrEnum):
    ACTIVE = "active"
    COMPLETED = "completed"
    CREATED = "created"

    def __str__(self) -> str:
        return str(self.value)
