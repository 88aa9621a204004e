from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.pause_campaign_campaign_settings_retry_policy_busy_type_0 import (
        PauseCampaignCampaignSettingsRetryPolicyBusyType0,
    )
    from ..models.pause_campaign_campaign_settings_retry_policy_busy_type_1 import (
        PauseCampaignCampaignSettingsRetryPolicyBusyType1,
    )
    from ..models.pause_campaign_campaign_settings_retry_policy_failed_type_0 import (
        PauseCampaignCampaignSettingsRetryPolicyFailedType0,
    )
    from ..models.pause_campaign_campaign_settings_retry_policy_failed_type_1 import (
        PauseCampaignCampaignSettingsRetryPolicyFailedType1,
    )
    from ..models.pause_campaign_campaign_settings_retry_policy_no_answer_type_0 import (
        PauseCampaignCampaignSettingsRetryPolicyNoAnswerType0,
    )
    from ..models.pause_campaign_campaign_settings_retry_policy_no_answer_type_1 import (
        PauseCampaignCampaignSettingsRetryPolicyNoAnswerType1,
    )
    from ..models.pause_campaign_campaign_settings_retry_policy_voicemail_type_0 import (
        PauseCampaignCampaignSettingsRetryPolicyVoicemailType0,
    )
    from ..models.pause_campaign_campaign_settings_retry_policy_voicemail_type_1 import (
        PauseCampaignCampaignSettingsRetryPolicyVoicemailType1,
    )


T = TypeVar("T", bound="PauseCampaignCampaignSettingsRetryPolicy")


@_attrs_define
class PauseCampaignCampaignSettingsRetryPolicy:
    """Redial rules by outcome (default `{}`: every unreached outcome waits `retryDelayMinutes`). `busy`; `no_answer` (rang
    out, or a voicemail under `mark_no_answer`); `voicemail` (a voicemail reached, `voicemail` or `voicemail_left`);
    `failed` (the call failed or was terminated, or the carrier was unavailable). Each `{delayMinutes}` (1-10080) or
    `{retry: false}` (final at once). Other unreached outcomes (hung up before connecting) wait `retryDelayMinutes`; a
    number the carrier rejects is never retried; `retryLimit` caps the attempts whatever the rule. A retry due outside
    the recipient’s calling hours waits for their next opening. In `PATCH`, a given `retryPolicy` replaces the whole
    policy.

        Attributes:
            busy (PauseCampaignCampaignSettingsRetryPolicyBusyType0 | PauseCampaignCampaignSettingsRetryPolicyBusyType1 |
                Unset):
            no_answer (PauseCampaignCampaignSettingsRetryPolicyNoAnswerType0 |
                PauseCampaignCampaignSettingsRetryPolicyNoAnswerType1 | Unset):
            voicemail (PauseCampaignCampaignSettingsRetryPolicyVoicemailType0 |
                PauseCampaignCampaignSettingsRetryPolicyVoicemailType1 | Unset):
            failed (PauseCampaignCampaignSettingsRetryPolicyFailedType0 |
                PauseCampaignCampaignSettingsRetryPolicyFailedType1 | Unset):
    """

    busy: (
        PauseCampaignCampaignSettingsRetryPolicyBusyType0 | PauseCampaignCampaignSettingsRetryPolicyBusyType1 | Unset
    ) = UNSET
    no_answer: (
        PauseCampaignCampaignSettingsRetryPolicyNoAnswerType0
        | PauseCampaignCampaignSettingsRetryPolicyNoAnswerType1
        | Unset
    ) = UNSET
    voicemail: (
        PauseCampaignCampaignSettingsRetryPolicyVoicemailType0
        | PauseCampaignCampaignSettingsRetryPolicyVoicemailType1
        | Unset
    ) = UNSET
    failed: (
        PauseCampaignCampaignSettingsRetryPolicyFailedType0
        | PauseCampaignCampaignSettingsRetryPolicyFailedType1
        | Unset
    ) = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.pause_campaign_campaign_settings_retry_policy_busy_type_0 import (
            PauseCampaignCampaignSettingsRetryPolicyBusyType0,  # noqa: PLC0415
        )
        from ..models.pause_campaign_campaign_settings_retry_policy_failed_type_0 import (
            PauseCampaignCampaignSettingsRetryPolicyFailedType0,  # noqa: PLC0415
        )
        from ..models.pause_campaign_campaign_settings_retry_policy_no_answer_type_0 import (
            PauseCampaignCampaignSettingsRetryPolicyNoAnswerType0,  # noqa: PLC0415
        )
        from ..models.pause_campaign_campaign_settings_retry_policy_voicemail_type_0 import (
            PauseCampaignCampaignSettingsRetryPolicyVoicemailType0,  # noqa: PLC0415
        )

        busy: dict[str, Any] | Unset
        if isinstance(self.busy, Unset):
            busy = UNSET
        elif isinstance(self.busy, PauseCampaignCampaignSettingsRetryPolicyBusyType0):
            busy = self.busy.to_dict()
        else:
            busy = self.busy.to_dict()

        no_answer: dict[str, Any] | Unset
        if isinstance(self.no_answer, Unset):
            no_answer = UNSET
        elif isinstance(self.no_answer, PauseCampaignCampaignSettingsRetryPolicyNoAnswerType0):
            no_answer = self.no_answer.to_dict()
        else:
            no_answer = self.no_answer.to_dict()

        voicemail: dict[str, Any] | Unset
        if isinstance(self.voicemail, Unset):
            voicemail = UNSET
        elif isinstance(self.voicemail, PauseCampaignCampaignSettingsRetryPolicyVoicemailType0):
            voicemail = self.voicemail.to_dict()
        else:
            voicemail = self.voicemail.to_dict()

        failed: dict[str, Any] | Unset
        if isinstance(self.failed, Unset):
            failed = UNSET
        elif isinstance(self.failed, PauseCampaignCampaignSettingsRetryPolicyFailedType0):
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
        from ..models.pause_campaign_campaign_settings_retry_policy_busy_type_0 import (
            PauseCampaignCampaignSettingsRetryPolicyBusyType0,  # noqa: PLC0415
        )
        from ..models.pause_campaign_campaign_settings_retry_policy_busy_type_1 import (
            PauseCampaignCampaignSettingsRetryPolicyBusyType1,  # noqa: PLC0415
        )
        from ..models.pause_campaign_campaign_settings_retry_policy_failed_type_0 import (
            PauseCampaignCampaignSettingsRetryPolicyFailedType0,  # noqa: PLC0415
        )
        from ..models.pause_campaign_campaign_settings_retry_policy_failed_type_1 import (
            PauseCampaignCampaignSettingsRetryPolicyFailedType1,  # noqa: PLC0415
        )
        from ..models.pause_campaign_campaign_settings_retry_policy_no_answer_type_0 import (
            PauseCampaignCampaignSettingsRetryPolicyNoAnswerType0,  # noqa: PLC0415
        )
        from ..models.pause_campaign_campaign_settings_retry_policy_no_answer_type_1 import (
            PauseCampaignCampaignSettingsRetryPolicyNoAnswerType1,  # noqa: PLC0415
        )
        from ..models.pause_campaign_campaign_settings_retry_policy_voicemail_type_0 import (
            PauseCampaignCampaignSettingsRetryPolicyVoicemailType0,  # noqa: PLC0415
        )
        from ..models.pause_campaign_campaign_settings_retry_policy_voicemail_type_1 import (
            PauseCampaignCampaignSettingsRetryPolicyVoicemailType1,  # noqa: PLC0415
        )

        d = dict(src_dict)

        def _parse_busy(
            data: object,
        ) -> (
            PauseCampaignCampaignSettingsRetryPolicyBusyType0
            | PauseCampaignCampaignSettingsRetryPolicyBusyType1
            | Unset
        ):
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                busy_type_0 = PauseCampaignCampaignSettingsRetryPolicyBusyType0.from_dict(data)

                return busy_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            busy_type_1 = PauseCampaignCampaignSettingsRetryPolicyBusyType1.from_dict(data)

            return busy_type_1

        busy = _parse_busy(d.pop("busy", UNSET))

        def _parse_no_answer(
            data: object,
        ) -> (
            PauseCampaignCampaignSettingsRetryPolicyNoAnswerType0
            | PauseCampaignCampaignSettingsRetryPolicyNoAnswerType1
            | Unset
        ):
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                no_answer_type_0 = PauseCampaignCampaignSettingsRetryPolicyNoAnswerType0.from_dict(data)

                return no_answer_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            no_answer_type_1 = PauseCampaignCampaignSettingsRetryPolicyNoAnswerType1.from_dict(data)

            return no_answer_type_1

        no_answer = _parse_no_answer(d.pop("no_answer", UNSET))

        def _parse_voicemail(
            data: object,
        ) -> (
            PauseCampaignCampaignSettingsRetryPolicyVoicemailType0
            | PauseCampaignCampaignSettingsRetryPolicyVoicemailType1
            | Unset
        ):
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                voicemail_type_0 = PauseCampaignCampaignSettingsRetryPolicyVoicemailType0.from_dict(data)

                return voicemail_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            voicemail_type_1 = PauseCampaignCampaignSettingsRetryPolicyVoicemailType1.from_dict(data)

            return voicemail_type_1

        voicemail = _parse_voicemail(d.pop("voicemail", UNSET))

        def _parse_failed(
            data: object,
        ) -> (
            PauseCampaignCampaignSettingsRetryPolicyFailedType0
            | PauseCampaignCampaignSettingsRetryPolicyFailedType1
            | Unset
        ):
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                failed_type_0 = PauseCampaignCampaignSettingsRetryPolicyFailedType0.from_dict(data)

                return failed_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            failed_type_1 = PauseCampaignCampaignSettingsRetryPolicyFailedType1.from_dict(data)

            return failed_type_1

        failed = _parse_failed(d.pop("failed", UNSET))

        pause_campaign_campaign_settings_retry_policy = cls(
            busy=busy,
            no_answer=no_answer,
            voicemail=voicemail,
            failed=failed,
        )

        return pause_campaign_campaign_settings_retry_policy
