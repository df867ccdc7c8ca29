"""A failed test on the stack reports the warnings and errors its processes logged meanwhile (conftest.py,
issue 11: CI shows only pytest's output, so a flaky 503 has to say there why it happened)."""

import json
from pathlib import Path

from conftest import REPORTED_LOG_LINES, _stack_log_problems


def service_line(level: str, message: str, error: str | None = None) -> str:
    entry = {"time": "2026-11-28T19:19:09.180+00:00", "level": level, "service": "documents",
             "logger": "documents.routes", "message": message}
    if error is not None:
        entry["error"] = error
    return json.dumps(entry)


def test_only_what_was_logged_during_the_test_at_warning_or_above_is_reported(tmp_path: Path) -> None:
    documents = tmp_path / "documents.log"
    documents.write_text(service_line("error", "before the test") + "\n")
    offsets = {documents: documents.stat().st_size}
    traceback = "Traceback (most recent call last):\n  File ...\nurllib3.exceptions.ReadTimeoutError: read timed out"
    with documents.open("a") as log:
        log.write(service_line("info", "request done") + "\n")
        log.write(service_line("warning", "S3 storage unavailable: read timed out") + "\n")
        log.write(service_line("error", "upload failed", traceback) + "\n")
        log.write("not json at all\n")
    (tmp_path / "seaweedfs.log").write_text("I1128 19:19:09.1 volume.go:1] fine\n"
                                            "E1128 19:19:09.2 upload.go:9] volume 3 is read only\n"
                                            "W1128 19:19:09.3 worker.go:180 Plugin worker w-1 stream ended: open "
                                            "worker stream: connection refused\n")
    (tmp_path / "traefik.log").write_text('{"level":"warn","time":"2026-11-28T19:19:09Z","message":"slow"}\n')

    problems = _stack_log_problems(tmp_path, offsets)

    assert problems == [
        "documents: 2026-11-28T19:19:09.180+00:00 warning documents.routes S3 storage unavailable: read timed out",
        "documents: 2026-11-28T19:19:09.180+00:00 error documents.routes upload failed "
        "urllib3.exceptions.ReadTimeoutError: read timed out",
        "seaweedfs: E1128 19:19:09.2 upload.go:9] volume 3 is read only",
        "traefik: 2026-11-28T19:19:09Z warn slow",
    ]


def test_the_newest_lines_are_kept_when_there_are_many(tmp_path: Path) -> None:
    (tmp_path / "identity.log").write_text(
        "".join(service_line("error", f"failure {n}") + "\n" for n in range(REPORTED_LOG_LINES + 5)))

    problems = _stack_log_problems(tmp_path, {})

    assert len(problems) == REPORTED_LOG_LINES
    assert problems[0].endswith("failure 5") and problems[-1].endswith(f"failure {REPORTED_LOG_LINES + 4}")
