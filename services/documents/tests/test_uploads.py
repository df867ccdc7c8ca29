"""The pure parts of an upload: file names, accepted types and the download header (no stack needed)."""

import pytest

from documents.routes import content_disposition
from documents.uploads import ACCEPTED_EXTENSIONS, kind_for, sanitize_file_name


@pytest.mark.parametrize(("raw", "clean"), [
    ("passport.pdf", "passport.pdf"),
    ("../../etc/passwd.txt", "passwd.txt"),
    ("C:\\Users\\mari\\Desktop\\scan.png", "scan.png"),
    ("evil\u202egpj.exe", "evilgpj.exe"),             # right-to-left override dropped
    ("tab\tand\nnewline.txt", "tab and newline.txt"),
    ('what?<is>"this".pdf', "what__is__this_.pdf"),
    ("  .hidden.pdf. ", "hidden.pdf"),
    ("ülevaade.pdf", "ülevaade.pdf"),
    ("u\u0308levaade.pdf", "ülevaade.pdf"),          # NFC
])
def test_file_names_are_cleaned(raw: str, clean: str) -> None:
    assert sanitize_file_name(raw) == clean


def test_long_names_keep_their_extension() -> None:
    name = sanitize_file_name("a" * 500 + ".docx")
    assert len(name) == 200 and name.endswith("a.docx")


def test_exactly_the_spec_types_are_accepted() -> None:
    assert sorted(ACCEPTED_EXTENSIONS) == sorted(["pdf", "doc", "docx", "jpg", "jpeg", "png", "txt", "xls", "xlsx"])
    assert kind_for("SCAN.PDF").mime_type == "application/pdf"


@pytest.mark.parametrize(("name", "head", "accepted"), [
    ("a.pdf", b"%PDF-1.4\n", True),
    ("a.pdf", b"\x7fELF\x02\x01", False),
    ("a.pdf", b"MZ\x90\x00", False),
    ("a.png", b"\x89PNG\r\n\x1a\n....", True),
    ("a.jpg", b"\xff\xd8\xff\xe1", True),
    ("a.doc", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", True),
    ("a.xlsx", b"PK\x03\x04", True),
    ("a.docx", b"PK\x05\x06", False),                   # an empty ZIP is no document
    ("a.txt", "Tere õhtust".encode(), True),
    ("a.txt", "õ".encode()[:1], True),                  # a character cut at the end of the first bytes
    ("a.txt", b"\x00\x01", False),
    ("a.txt", b"\xc3\x28", False),
])
def test_the_first_bytes_must_match_the_extension(name: str, head: bytes, accepted: bool) -> None:
    assert kind_for(name).check(head, False) is accepted


def test_a_cut_character_at_the_very_end_of_a_text_file_is_refused() -> None:
    assert kind_for("a.txt").check("õ".encode()[:1], True) is False


def test_download_names_have_an_ascii_fallback() -> None:
    assert content_disposition("Ülevaade 2025.pdf") == (
        "attachment; filename=\"Ulevaade 2025.pdf\"; filename*=UTF-8''%C3%9Clevaade%202025.pdf")
    assert content_disposition("文件.pdf") == (
        "attachment; filename=\"document.pdf\"; filename*=UTF-8''%E6%96%87%E4%BB%B6.pdf")
