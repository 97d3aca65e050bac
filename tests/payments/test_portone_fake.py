"""The fake PortOne server speaks the protocol PortOne's own SDK expects: portone_server_sdk
(PyPI) reads each of its answers into its typed payments, cancellations and errors. If the fake
drifted from the documented API, this fails before any Yaruki test could pass against it."""
import json
import os
import socket
import subprocess
import sys
import urllib.request

import portone_server_sdk
import pytest
from portone_server_sdk.payment import PaymentClient

HERE = os.path.dirname(os.path.abspath(__file__))


@pytest.fixture(scope="module")
def fake():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    process = subprocess.Popen([sys.executable, os.path.join(HERE, "portone_fake.py"), str(port), "test-secret"], stdout=subprocess.PIPE, text=True)
    assert process.stdout.readline().strip() == "ready"
    yield f"http://127.0.0.1:{port}"
    process.terminate()
    process.wait(timeout=5)


def script(base, pid, **payment):
    request = urllib.request.Request(f"{base}/_test/payments/{pid}", data=json.dumps(payment).encode(), method="PUT")
    urllib.request.urlopen(request).read()


def test_the_sdk_reads_paid_failed_and_cancelled_payments_and_a_cancel(fake):
    client = PaymentClient(secret="test-secret", base_url=fake)
    script(fake, "pay-paid", status="PAID", total=15000, currency="KRW")
    paid = client.get_payment(payment_id="pay-paid")
    assert type(paid).__name__ == "PaidPayment" and paid.amount.total == 15000 and paid.currency == "KRW"
    script(fake, "pay-failed", status="FAILED", total=15000, currency="KRW")
    assert type(client.get_payment(payment_id="pay-failed")).__name__ == "FailedPayment"
    cancelled = client.cancel_payment(payment_id="pay-paid", reason="class full")
    assert type(cancelled.cancellation).__name__ == "SucceededPaymentCancellation" and cancelled.cancellation.total_amount == 15000
    again = client.get_payment(payment_id="pay-paid")
    assert type(again).__name__ == "CancelledPayment"
    with pytest.raises(portone_server_sdk.errors.PaymentAlreadyCancelledError):
        client.cancel_payment(payment_id="pay-paid", reason="again")
    with pytest.raises(portone_server_sdk.errors.PaymentNotFoundError):
        client.get_payment(payment_id="no-such-payment")
    with pytest.raises(portone_server_sdk.errors.UnauthorizedError):
        PaymentClient(secret="wrong", base_url=fake).get_payment(payment_id="pay-failed")
