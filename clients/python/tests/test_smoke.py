"""The Python client against a running service: VOICE_AGENT_BASE_URL (its origin) and
VOICE_AGENT_API_KEY (a key with every scope) name them. test/contract/pythonClient.test.ts runs it
against the test stack; the call goes to the simulated test number, which answers and talks."""

import os
import time
import uuid

import pytest

from voice_agent_platform_client import AuthenticatedClient
from voice_agent_platform_client.api.agents import create_agent
from voice_agent_platform_client.api.calls import get_call_report, get_call_transcript, place_call
from voice_agent_platform_client.models import (
    CreateAgentAgent,
    CreateAgentAgentCreate,
    Error,
    GetCallReportCallReport,
    PlaceCallCall,
    PlaceCallCallCreate,
)

TEST_NUMBER = "+442079460001"


@pytest.fixture
def client():
    with AuthenticatedClient(base_url=f"{os.environ['VOICE_AGENT_BASE_URL']}/api/v1", token=os.environ["VOICE_AGENT_API_KEY"]) as c:
        yield c


@pytest.fixture
def agent(client) -> CreateAgentAgent:
    created = create_agent.sync(
        client=client,
        body=CreateAgentAgentCreate(name=f"Python smoke {uuid.uuid4().hex[:8]}", instructions="Ask the contact for their email address."),
    )
    assert isinstance(created, CreateAgentAgent), created
    return created


def test_a_call_is_placed_and_polled_to_its_report(client, agent):
    call = place_call.sync(client=client, body=PlaceCallCallCreate(agent_id=agent.id, phone_number=TEST_NUMBER))
    assert isinstance(call, PlaceCallCall), call
    assert call.phone_number == TEST_NUMBER

    deadline = time.monotonic() + 60
    report = get_call_report.sync(call.id, client=client)
    while not isinstance(report, GetCallReportCallReport):
        assert time.monotonic() < deadline, f"no report within 60 s: {report}"
        time.sleep(0.5)
        report = get_call_report.sync(call.id, client=client)
    assert report.call_id == call.id
    assert report.status == "ready"

    transcript = get_call_transcript.sync(call.id, client=client)
    assert transcript.call_id == call.id
    assert [turn.role.value for turn in transcript.data][:1] == ["agent"]


def test_a_bad_request_is_an_error_with_its_code(client, agent):
    answer = place_call.sync_detailed(client=client, body=PlaceCallCallCreate(agent_id=agent.id, phone_number="not a number"))
    assert answer.status_code == 400
    assert isinstance(answer.parsed, Error)
    assert answer.parsed.error.code == "VALIDATION_ERROR"
    assert answer.parsed.error.param == "body.phoneNumber"
    assert answer.parsed.request_id
