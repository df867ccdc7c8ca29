"""Issue 18, Between services: a document request for someone who registered a moment ago waits for identity's
and applications' events to reach documents instead of answering 422 'User not found'; an id that never
arrives is still refused."""

import random
import threading
import time
from typing import Any

import httpx
import psycopg


def test_a_request_for_a_new_applicant_waits_for_the_projection(stack: Any, admin_client: httpx.Client) -> None:
    user_id, application_id = random.randint(900_000_000, 999_999_999), random.randint(900_000_000, 999_999_999)

    def project() -> None:  # what the consumers write, 0.7 s after the admin's request left
        with psycopg.connect(stack.database_url("documents"), autocommit=True) as db:
            db.execute("insert into applicants (user_id, full_name, email) values (%s, 'Hiline Mari', "
                       "'hiline@example.ee')", (user_id,))
            time.sleep(0.3)  # the application's event comes after the registration's
            db.execute("update applicants set application_id = %s where user_id = %s", (application_id, user_id))
            # issue 37, Applying again: documents knows every announced application, not only the newest
            db.execute("insert into applications (application_id, user_id) values (%s, %s)", (application_id, user_id))

    projected = threading.Timer(0.7, project)
    started = time.monotonic()
    projected.start()
    try:
        response = admin_client.post("/api/document-requests", json={
            "userId": user_id, "applicationId": application_id, "name": "Passi koopia"})
    finally:
        projected.join()
    assert response.status_code == 201, response.text
    assert time.monotonic() - started >= 1.0
    assert response.json()["applicationId"] == application_id
    unknown = admin_client.post("/api/document-requests", json={"userId": user_id + 1, "name": "Passi koopia"})
    assert unknown.status_code == 422 and unknown.json()["fieldCodes"] == {"userId": "user_not_found"}
