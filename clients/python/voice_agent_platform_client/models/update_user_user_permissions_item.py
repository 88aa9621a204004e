from enum import StrEnum


class UpdateUserUserPermissionsItem(StrEnum):
    AGENTSMANAGE = "agents:manage"
    AGENTSREAD = "agents:read"
    ANALYTICSREAD = "analytics:read"
    CAMPAIGNSMANAGE = "campaigns:manage"
    CONTACTSMANAGE = "contacts:manage"
    EXECUTIONSREAD = "executions:read"
    ORGANIZATIONREAD = "organization:read"

    def __str__(self) -> str:
        return str(self.value)
