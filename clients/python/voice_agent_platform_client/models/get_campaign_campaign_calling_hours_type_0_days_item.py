from enum import StrEnum


class GetCampaignCampaignCallingHoursType0DaysItem(StrEnum):
    FRI = "fri"
    MON = "mon"
    SAT = "sat"
    SUN = "sun"
    THU = "thu"
    TUE = "tue"
    WED = "wed"

    def __str__(self) -> str:
        return str(self.value)
