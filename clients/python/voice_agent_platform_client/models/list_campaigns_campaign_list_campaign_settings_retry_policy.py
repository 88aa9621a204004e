from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.list_campaigns_campaign_list_campaign_settings_retry_policy_busy_type_0 import (
        ListCampaignsCampaignListCampaignSettingsRetryPolicyBusyType0,
    )
    from ..models.list_campaigns_campaign_list_campaign_settings_retry_policy_busy_type_1 import (
        ListCampaignsCampaignListCampaignSettingsRetryPolicyBusyType1,
    )
    from ..models.list_campaigns_campaign_list_campaign_settings_retry_policy_failed_type_0 import (
        ListCampaignsCampaignListCampaignSettingsRetryPolicyFailedType0,
    )
    from ..models.list_campaigns_campaign_list_campaign_settings_retry_policy_failed_type_1 import (
        ListCampaignsCampaignListCampaignSettingsRetryPolicyFailedType1,
    )
    from ..models.list_campaigns_campaign_list_campaign_settings_retry_policy_no_answer_type_0 import (
        ListCampaignsCampaignListCampaignSettingsRetryPolicyNoAnswerType0,
    )
    from ..models.list_campaigns_campaign_list_campaign_settings_retry_policy_no_answer_type_1 import (
        ListCampaignsCampaignListCampaignSettingsRetryPolicyNoAnswerType1,
    )
    from ..models.list_campaigns_campaign_list_campaign_settings_retry_policy_voicemail_type_0 import (
        ListCampaignsCampaignListCampaignSettingsRetryPolicyVoicemailType0,
    )
    from ..models.list_campaigns_campaign_list_campaign_settings_retry_policy_voicemail_type_1 import (
        ListCampaignsCampaignListCampaignSettingsRetryPolicyVoicemailType1,
    )


T = TypeVar("T", bound="ListCampaignsCampaignListCampaignSettingsRetryPolicy")


@_attrs_define
class ListCampaignsCampaignListCampaignSettingsRetryPolicy:
    """Redial rules by outcome (default `{}`: every unreached outcome waits `retryDelayMinutes`). `busy`; `no_answer` (rang
    out, or a voicemail under `mark_no_answer`); `voicemail` (a voicemail reached, `voicemail` or `voicemail_left`);
    `failed` (the call failed or was terminated, or the carrier was unavailable). Each `{delayMinutes}` (1-10080) or
    `{retry: false}` (final at once). Other unreached outcomes (hung up before connecting) wait `retryDelayMinutes`; a
    number the carrier rejects is never retried; `retryLimit` caps the attempts whatever the rule. A retry due outside
    the recipient’s calling hours waits for their next opening. In `PATCH`, a given `retryPolicy` replaces the whole
    policy.

        Attributes:
            busy (ListCampaignsCampaignListCampaignSettingsRetryPolicyBusyType0 |
                ListCampaignsCampaignListCampaignSettingsRetryPolicyBusyType1 | Unset):
            no_answer (ListCampaignsCampaignListCampaignSettingsRetryPolicyNoAnswerType0 |
                ListCampaignsCampaignListCampaignSettingsRetryPolicyNoAnswerType1 | Unset):
            voicemail (ListCampaignsCampaignListCampaignSettingsRetryPolicyVoicemailType0 |
                ListCampaignsCampaignListCampaignSettingsRetryPolicyVoicemailType1 | Unset):
            failed (ListCampaignsCampaignListCampaignSettingsRetryPolicyFailedType0 |
                ListCampaignsCampaignListCampaignSettingsRetryPolicyFailedType1 | Unset):
    """

    busy: (
        ListCampaignsCampaignListCampaignSettingsRetryPolicyBusyType0
        | ListCampaignsCampaignListCampaignSettingsRetryPolicyBusyType1
        | Unset
    ) = UNSET
    no_answer: (
        ListCampaignsCampaignListCampaignSettingsRetryPolicyNoAnswerType0
        | ListCampaignsCampaignListCampaignSettingsRetryPolicyNoAnswerType1
        | Unset
    ) = UNSET
    voicemail: (
        ListCampaignsCampaignListCampaignSettingsRetryPolicyVoicemailType0
        | ListCampaignsCampaignListCampaignSettingsRetryPolicyVoicemailType1
        | Unset
    ) = UNSET
    failed: (
        ListCampaignsCampaignListCampaignSettingsRetryPolicyFailedType0
        | ListCampaignsCampaignListCampaignSettingsRetryPolicyFailedType1
        | Unset
    ) = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.list_campaigns_campaign_list_campaign_settings_retry_policy_busy_type_0 import (
            ListCampaignsCampaignListCampaignSettingsRetryPolicyBusyType0,  # noqa: PLC0415
        )
        from ..models.list_campaigns_campaign_list_campaign_settings_retry_policy_failed_type_0 import (
            ListCampaignsCampaignListCampaignSettingsRetryPolicyFailedType0,  # noqa: PLC0415
        )
        from ..models.list_campaigns_campaign_list_campaign_settings_retry_policy_no_answer_type_0 import (
            ListCampaignsCampaignListCampaignSettingsRetryPolicyNoAnswerType0,  # noqa: PLC0415
        )
        from ..models.list_campaigns_campaign_list_campaign_settings_retry_policy_voicemail_type_0 import (
            ListCampaignsCampaignListCampaignSettingsRetryPolicyVoicemailType0,  # noqa: PLC0415
        )

        busy: dict[str, Any] | Unset
        if isinstance(self.busy, Unset):
            busy = UNSET
        elif isinstance(self.busy, ListCampaignsCampaignListCampaignSettingsRetryPolicyBusyType0):
            busy = self.busy.to_dict()
        else:
            busy = self.busy.to_dict()

        no_answer: dict[str, Any] | Unset
        if isinstance(self.no_answer, Unset):
            no_answer = UNSET
        elif isinstance(self.no_answer, ListCampaignsCampaignListCampaignSettingsRetryPolicyNoAnswerType0):
            no_answer = self.no_answer.to_dict()
        else:
            no_answer = self.no_answer.to_dict()

        voicemail: dict[str, Any] | Unset
        if isinstance(self.voicemail, Unset):
            voicemail = UNSET
        elif isinstance(self.voicemail, ListCampaignsCampaignListCampaignSettingsRetryPolicyVoicemailType0):
            voicemail = self.voicemail.to_dict()
        else:
            voicemail = self.voicemail.to_dict()

        failed: dict[str, Any] | Unset
        if isinstance(self.failed, Unset):
            failed = UNSET
        elif isinstance(self.failed, ListCampaignsCampaignListCampaignSettingsRetryPolicyFailedType0):
            failed = self.failed.to_dict()
        else:
            failed = self.failed.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if busy is not UNSET:
            field_dict["busy"] = busy
        if no_answer is not UNSET:
            field_dict["no_answer"] = no_answer
        if voicemail is not UNSET:
            field_dict["voicemail"] = voicemail
        if failed is not UNSET:
            field_dict["failed"] = failed

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.list_campaigns_campaign_list_campaign_settings_retry_policy_busy_type_0 import (
            ListCampaignsCampaignListCampaignSettingsRetryPolicyBusyType0,  # noqa: PLC0415
        )
        from ..models.list_campaigns_campaign_list_campaign_settings_retry_policy_busy_type_1 import (
            ListCampaignsCampaignListCampaignSettingsRetryPolicyBusyType1,  # noqa: PLC0415
        )
        from ..models.list_campaigns_campaign_list_campaign_settings_retry_policy_failed_type_0 import (
            ListCampaignsCampaignListCampaignSettingsRetryPolicyFailedType0,  # noqa: PLC0415
        )
        from ..models.list_campaigns_campaign_list_campaign_settings_retry_policy_failed_type_1 import (
            ListCampaignsCampaignListCampaignSettingsRetryPolicyFailedType1,  # noqa: PLC0415
        )
        from ..models.list_campaigns_campaign_list_campaign_settings_retry_policy_no_answer_type_0 import (
            ListCampaignsCampaignListCampaignSettingsRetryPolicyNoAnswerType0,  # noqa: PLC0415
        )
        from ..models.list_campaigns_campaign_list_campaign_settings_retry_policy_no_answer_type_1 import (
            ListCampaignsCampaignListCampaignSettingsRetryPolicyNoAnswerType1,  # noqa: PLC0415
        )
        from ..models.list_campaigns_campaign_list_campaign_settings_retry_policy_voicemail_type_0 import (
            ListCampaignsCampaignListCampaignSettingsRetryPolicyVoicemailType0,  # noqa: PLC0415
        )
        from ..models.list_campaigns_campaign_list_campaign_settings_retry_policy_voicemail_type_1 import (
            ListCampaignsCampaignListCampaignSettingsRetryPolicyVoicemailType1,  # noqa: PLC0415
        )

        d = dict(src_dict)

        def _parse_busy(
            data: object,
        ) -> (
            ListCampaignsCampaignListCampaignSettingsRetryPolicyBusyType0
            | ListCampaignsCampaignListCampaignSettingsRetryPolicyBusyType1
            | Unset
        ):
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                busy_type_0 = ListCampaignsCampaignListCampaignSettingsRetryPolicyBusyType0.from_dict(data)

                return busy_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            busy_type_1 = ListCampaignsCampaignListCampaignSettingsRetryPolicyBusyType1.from_dict(data)

            return busy_type_1

        busy = _parse_busy(d.pop("busy", UNSET))

        def _parse_no_answer(
            data: object,
        ) -> (
            ListCampaignsCampaignListCampaignSettingsRetryPolicyNoAnswerType0
            | ListCampaignsCampaignListCampaignSettingsRetryPolicyNoAnswerType1
            | Unset
        ):
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                no_answer_type_0 = ListCampaignsCampaignListCampaignSettingsRetryPolicyNoAnswerType0.from_dict(data)

                return no_answer_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            no_answer_type_1 = ListCampaignsCampaignListCampaignSettingsRetryPolicyNoAnswerType1.from_dict(data)

            return no_answer_type_1

        no_answer = _parse_no_answer(d.pop("no_answer", UNSET))

        def _parse_voicemail(
            data: object,
        ) -> (
            ListCampaignsCampaignListCampaignSettingsRetryPolicyVoicemailType0
            | ListCampaignsCampaignListCampaignSettingsRetryPolicyVoicemailType1
            | Unset
        ):
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                voicemail_type_0 = ListCampaignsCampaignListCampaignSettingsRetryPolicyVoicemailType0.from_dict(data)

                return voicemail_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            voicemail_type_1 = ListCampaignsCampaignListCampaignSettingsRetryPolicyVoicemailType1.from_dict(data)

            return voicemail_type_1

        voicemail = _parse_voicemail(d.pop("voicemail", UNSET))

        def _parse_failed(
            data: object,
        ) -> (
            ListCampaignsCampaignListCampaignSettingsRetryPolicyFailedType0
            | ListCampaignsCampaignListCampaignSettingsRetryPolicyFailedType1
            | Unset
        ):
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                failed_type_0 = ListCampaignsCampaignListCampaignSettingsRetryPolicyFailedType0.from_dict(data)

                return failed_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            failed_type_1 = ListCampaignsCampaignListCampaignSettingsRetryPolicyFailedType1.from_dict(data)

            return failed_type_1

        failed = _parse_failed(d.pop("failed", UNSET))

        list_campaigns_campaign_list_campaign_settings_retry_policy = cls(
            busy=busy,
            no_answer=no_answer,
            voicemail=voicemail,
            failed=failed,
        )

        return list_campaigns_campaign_list_campaign_settings_retry_policy
