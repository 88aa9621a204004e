from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.cancel_campaign_campaign_settings_retry_policy_busy_type_0 import (
        CancelCampaignCampaignSettingsRetryPolicyBusyType0,
    )
    from ..models.cancel_campaign_campaign_settings_retry_policy_busy_type_1 import (
        CancelCampaignCampaignSettingsRetryPolicyBusyType1,
    )
    from ..models.cancel_campaign_campaign_settings_retry_policy_failed_type_0 import (
        CancelCampaignCampaignSettingsRetryPolicyFailedType0,
    )
    from ..models.cancel_campaign_campaign_settings_retry_policy_failed_type_1 import (
        CancelCampaignCampaignSettingsRetryPolicyFailedType1,
    )
    from ..models.cancel_campaign_campaign_settings_retry_policy_no_answer_type_0 import (
        CancelCampaignCampaignSettingsRetryPolicyNoAnswerType0,
    )
    from ..models.cancel_campaign_campaign_settings_retry_policy_no_answer_type_1 import (
        CancelCampaignCampaignSettingsRetryPolicyNoAnswerType1,
    )
    from ..models.cancel_campaign_campaign_settings_retry_policy_voicemail_type_0 import (
        CancelCampaignCampaignSettingsRetryPolicyVoicemailType0,
    )
    from ..models.cancel_campaign_campaign_settings_retry_policy_voicemail_type_1 import (
        CancelCampaignCampaignSettingsRetryPolicyVoicemailType1,
    )


T = TypeVar("T", bound="CancelCampaignCampaignSettingsRetryPolicy")


@_attrs_define
class CancelCampaignCampaignSettingsRetryPolicy:
    """Redial rules by outcome (default `{}`: every unreached outcome waits `retryDelayMinutes`). `busy`; `no_answer` (rang
    out, or a voicemail under `mark_no_answer`); `voicemail` (a voicemail reached, `voicemail` or `voicemail_left`);
    `failed` (the call failed or was terminated, or the carrier was unavailable). Each `{delayMinutes}` (1-10080) or
    `{retry: false}` (final at once). Other unreached outcomes (hung up before connecting) wait `retryDelayMinutes`; a
    number the carrier rejects is never retried; `retryLimit` caps the attempts whatever the rule. A retry due outside
    the recipient’s calling hours waits for their next opening. In `PATCH`, a given `retryPolicy` replaces the whole
    policy.

        Attributes:
            busy (CancelCampaignCampaignSettingsRetryPolicyBusyType0 | CancelCampaignCampaignSettingsRetryPolicyBusyType1 |
                Unset):
            no_answer (CancelCampaignCampaignSettingsRetryPolicyNoAnswerType0 |
                CancelCampaignCampaignSettingsRetryPolicyNoAnswerType1 | Unset):
            voicemail (CancelCampaignCampaignSettingsRetryPolicyVoicemailType0 |
                CancelCampaignCampaignSettingsRetryPolicyVoicemailType1 | Unset):
            failed (CancelCampaignCampaignSettingsRetryPolicyFailedType0 |
                CancelCampaignCampaignSettingsRetryPolicyFailedType1 | Unset):
    """

    busy: (
        CancelCampaignCampaignSettingsRetryPolicyBusyType0 | CancelCampaignCampaignSettingsRetryPolicyBusyType1 | Unset
    ) = UNSET
    no_answer: (
        CancelCampaignCampaignSettingsRetryPolicyNoAnswerType0
        | CancelCampaignCampaignSettingsRetryPolicyNoAnswerType1
        | Unset
    ) = UNSET
    voicemail: (
        CancelCampaignCampaignSettingsRetryPolicyVoicemailType0
        | CancelCampaignCampaignSettingsRetryPolicyVoicemailType1
        | Unset
    ) = UNSET
    failed: (
        CancelCampaignCampaignSettingsRetryPolicyFailedType0
        | CancelCampaignCampaignSettingsRetryPolicyFailedType1
        | Unset
    ) = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.cancel_campaign_campaign_settings_retry_policy_busy_type_0 import (
            CancelCampaignCampaignSettingsRetryPolicyBusyType0,  # noqa: PLC0415
        )
        from ..models.cancel_campaign_campaign_settings_retry_policy_failed_type_0 import (
            CancelCampaignCampaignSettingsRetryPolicyFailedType0,  # noqa: PLC0415
        )
        from ..models.cancel_campaign_campaign_settings_retry_policy_no_answer_type_0 import (
            CancelCampaignCampaignSettingsRetryPolicyNoAnswerType0,  # noqa: PLC0415
        )
        from ..models.cancel_campaign_campaign_settings_retry_policy_voicemail_type_0 import (
            CancelCampaignCampaignSettingsRetryPolicyVoicemailType0,  # noqa: PLC0415
        )

        busy: dict[str, Any] | Unset
        if isinstance(self.busy, Unset):
            busy = UNSET
        elif isinstance(self.busy, CancelCampaignCampaignSettingsRetryPolicyBusyType0):
            busy = self.busy.to_dict()
        else:
            busy = self.busy.to_dict()

        no_answer: dict[str, Any] | Unset
        if isinstance(self.no_answer, Unset):
            no_answer = UNSET
        elif isinstance(self.no_answer, CancelCampaignCampaignSettingsRetryPolicyNoAnswerType0):
            no_answer = self.no_answer.to_dict()
        else:
            no_answer = self.no_answer.to_dict()

        voicemail: dict[str, Any] | Unset
        if isinstance(self.voicemail, Unset):
            voicemail = UNSET
        elif isinstance(self.voicemail, CancelCampaignCampaignSettingsRetryPolicyVoicemailType0):
            voicemail = self.voicemail.to_dict()
        else:
            voicemail = self.voicemail.to_dict()

        failed: dict[str, Any] | Unset
        if isinstance(self.failed, Unset):
            failed = UNSET
        elif isinstance(self.failed, CancelCampaignCampaignSettingsRetryPolicyFailedType0):
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
        from ..models.cancel_campaign_campaign_settings_retry_policy_busy_type_0 import (
            CancelCampaignCampaignSettingsRetryPolicyBusyType0,  # noqa: PLC0415
        )
        from ..models.cancel_campaign_campaign_settings_retry_policy_busy_type_1 import (
            CancelCampaignCampaignSettingsRetryPolicyBusyType1,  # noqa: PLC0415
        )
        from ..models.cancel_campaign_campaign_settings_retry_policy_failed_type_0 import (
            CancelCampaignCampaignSettingsRetryPolicyFailedType0,  # noqa: PLC0415
        )
        from ..models.cancel_campaign_campaign_settings_retry_policy_failed_type_1 import (
            CancelCampaignCampaignSettingsRetryPolicyFailedType1,  # noqa: PLC0415
        )
        from ..models.cancel_campaign_campaign_settings_retry_policy_no_answer_type_0 import (
            CancelCampaignCampaignSettingsRetryPolicyNoAnswerType0,  # noqa: PLC0415
        )
        from ..models.cancel_campaign_campaign_settings_retry_policy_no_answer_type_1 import (
            CancelCampaignCampaignSettingsRetryPolicyNoAnswerType1,  # noqa: PLC0415
        )
        from ..models.cancel_campaign_campaign_settings_retry_policy_voicemail_type_0 import (
            CancelCampaignCampaignSettingsRetryPolicyVoicemailType0,  # noqa: PLC0415
        )
        from ..models.cancel_campaign_campaign_settings_retry_policy_voicemail_type_1 import (
            CancelCampaignCampaignSettingsRetryPolicyVoicemailType1,  # noqa: PLC0415
        )

        d = dict(src_dict)

        def _parse_busy(
            data: object,
        ) -> (
            CancelCampaignCampaignSettingsRetryPolicyBusyType0
            | CancelCampaignCampaignSettingsRetryPolicyBusyType1
            | Unset
        ):
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                busy_type_0 = CancelCampaignCampaignSettingsRetryPolicyBusyType0.from_dict(data)

                return busy_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            busy_type_1 = CancelCampaignCampaignSettingsRetryPolicyBusyType1.from_dict(data)

            return busy_type_1

        busy = _parse_busy(d.pop("busy", UNSET))

        def _parse_no_answer(
            data: object,
        ) -> (
            CancelCampaignCampaignSettingsRetryPolicyNoAnswerType0
            | CancelCampaignCampaignSettingsRetryPolicyNoAnswerType1
            | Unset
        ):
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                no_answer_type_0 = CancelCampaignCampaignSettingsRetryPolicyNoAnswerType0.from_dict(data)

                return no_answer_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            no_answer_type_1 = CancelCampaignCampaignSettingsRetryPolicyNoAnswerType1.from_dict(data)

            return no_answer_type_1

        no_answer = _parse_no_answer(d.pop("no_answer", UNSET))

        def _parse_voicemail(
            data: object,
        ) -> (
            CancelCampaignCampaignSettingsRetryPolicyVoicemailType0
            | CancelCampaignCampaignSettingsRetryPolicyVoicemailType1
            | Unset
        ):
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                voicemail_type_0 = CancelCampaignCampaignSettingsRetryPolicyVoicemailType0.from_dict(data)

                return voicemail_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            voicemail_type_1 = CancelCampaignCampaignSettingsRetryPolicyVoicemailType1.from_dict(data)

            return voicemail_type_1

        voicemail = _parse_voicemail(d.pop("voicemail", UNSET))

        def _parse_failed(
            data: object,
        ) -> (
            CancelCampaignCampaignSettingsRetryPolicyFailedType0
            | CancelCampaignCampaignSettingsRetryPolicyFailedType1
            | Unset
        ):
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                failed_type_0 = CancelCampaignCampaignSettingsRetryPolicyFailedType0.from_dict(data)

                return failed_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            failed_type_1 = CancelCampaignCampaignSettingsRetryPolicyFailedType1.from_dict(data)

            return failed_type_1

        failed = _parse_failed(d.pop("failed", UNSET))

        cancel_campaign_campaign_settings_retry_policy = cls(
            busy=busy,
            no_answer=no_answer,
            voicemail=voicemail,
            failed=failed,
        )

        return cancel_campaign_campaign_settings_retry_policy
