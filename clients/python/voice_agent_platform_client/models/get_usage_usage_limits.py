from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="GetUsageUsageLimits")


@_attrs_define
class GetUsageUsageLimits:
    """
    Attributes:
        max_agents (int):
        max_users (int):
        max_concurrent_calls (int):
        max_campaigns (int): Campaigns not archived (an addition to the v1 fields; default 100).
        max_recipients (int): Recipients stored in campaigns not archived (an addition; default 1,000,000). An import
            that would pass it is refused whole.
        max_contacts (int): Contacts (an addition; default 100,000).
        max_open_interviews (int): Interviews `created` or `active` (an addition; default 1,000).
    """

    max_agents: int
    max_users: int
    max_concurrent_calls: int
    max_campaigns: int
    max_recipients: int
    max_contacts: int
    max_open_interviews: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        max_agents = self.max_agents

        max_users = self.max_users

        max_concurrent_calls = self.max_concurrent_calls

        max_campaigns = self.max_campaigns

        max_recipients = self.max_recipients

        max_contacts = self.max_contacts

        max_open_interviews = self.max_open_interviews

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "maxAgents": max_agents,
                "maxUsers": max_users,
                "maxConcurrentCalls": max_concurrent_calls,
                "maxCampaigns": max_campaigns,
                "maxRecipients": max_recipients,
                "maxContacts": max_contacts,
                "maxOpenInterviews": max_open_interviews,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        max_agents = d.pop("maxAgents")

        max_users = d.pop("maxUsers")

        max_concurrent_calls = d.pop("maxConcurrentCalls")

        max_campaigns = d.pop("maxCampaigns")

        max_recipients = d.pop("maxRecipients")

        max_contacts = d.pop("maxContacts")

        max_open_interviews = d.pop("maxOpenInterviews")

        get_usage_usage_limits = cls(
            max_agents=max_agents,
            max_users=max_users,
            max_concurrent_calls=max_concurrent_calls,
            max_campaigns=max_campaigns,
            max_recipients=max_recipients,
            max_contacts=max_contacts,
            max_open_interviews=max_open_interviews,
        )

        get_usage_usage_limits.additional_properties = d
        return get_usage_usage_limits

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
