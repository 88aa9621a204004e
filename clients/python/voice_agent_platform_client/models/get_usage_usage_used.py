from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="GetUsageUsageUsed")


@_attrs_define
class GetUsageUsageUsed:
    """How much of each limit is taken now (an addition to the v1 fields).

    Attributes:
        agents (int):
        users (int):
        concurrent_calls (int): Calls `created` or `active` now.
        campaigns (int): Campaigns not archived.
        recipients (int): Recipients stored in campaigns not archived (an import still running is not counted).
        contacts (int):
        open_interviews (int): Interviews `created` or `active`.
    """

    agents: int
    users: int
    concurrent_calls: int
    campaigns: int
    recipients: int
    contacts: int
    open_interviews: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        agents = self.agents

        users = self.users

        concurrent_calls = self.concurrent_calls

        campaigns = self.campaigns

        recipients = self.recipients

        contacts = self.contacts

        open_interviews = self.open_interviews

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "agents": agents,
                "users": users,
                "concurrentCalls": concurrent_calls,
                "campaigns": campaigns,
                "recipients": recipients,
                "contacts": contacts,
                "openInterviews": open_interviews,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        agents = d.pop("agents")

        users = d.pop("users")

        concurrent_calls = d.pop("concurrentCalls")

        campaigns = d.pop("campaigns")

        recipients = d.pop("recipients")

        contacts = d.pop("contacts")

        open_interviews = d.pop("openInterviews")

        get_usage_usage_used = cls(
            agents=agents,
            users=users,
            concurrent_calls=concurrent_calls,
            campaigns=campaigns,
            recipients=recipients,
            contacts=contacts,
            open_interviews=open_interviews,
        )

        get_usage_usage_used.additional_properties = d
        return get_usage_usage_used

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
