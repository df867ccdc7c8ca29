"""libdigidocpp in a process of its own (python -m portal_eid.digidoc_worker), for portal_eid.asice.verify.

Its Python binding holds the GIL for the whole of a call (a first validation also loads the trusted list), which
would stop a service's event loop; and its configuration is a process-wide singleton, made here once, before the
library starts. The parent writes requests on stdin and reads answers on stdout, each a 4-byte big-endian length
and that many bytes: a request is the container, an answer JSON. The configuration comes in the environment:
PORTAL_EID_TRUSTED_LIST (a path; none: libdigidocpp's EU list of trusted lists) and PORTAL_EID_TRUSTED_LIST_SIGNERS
(base64 DER certificates, comma-separated)."""

import base64
import json
import os
import shutil
import struct
import sys
import tempfile
from pathlib import Path
from typing import Any, BinaryIO

SCHEMA = Path(__file__).parent / "schema"


def problems_of(error: BaseException) -> list[str]:
    return [line.strip() for line in str(error).splitlines() if line.strip()] or [type(error).__name__]


def start() -> tuple[Any, Path]:
    import pydigidoc

    folder = Path(tempfile.mkdtemp(prefix="portal-eid-digidoc-"))
    for schema in SCHEMA.iterdir():
        shutil.copy(schema, folder / schema.name)
    conf = pydigidoc.DigiDocConf(str(folder))
    trusted_list = os.environ.get("PORTAL_EID_TRUSTED_LIST")
    if trusted_list:
        # In its cache as <file name of the URL>: a valid cached list is read without fetching it.
        shutil.copy(trusted_list, folder / "trusted-list.xml")
        conf.set_tslurl(f"file://{folder / 'trusted-list.xml'}")
        conf.set_tslcert(b"")
        for signer in filter(None, os.environ.get("PORTAL_EID_TRUSTED_LIST_SIGNERS", "").split(",")):
            conf.add_tslcert(base64.b64decode(signer))
    pydigidoc.Conf.init(conf.transfer())  # before initialize, which would make a default one
    pydigidoc.initialize_lib("portal-eid", str(folder))
    return pydigidoc, folder


def judge(pydigidoc: Any, folder: Path, data: bytes) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="verify-", dir=folder) as work:
        path = Path(work) / "container.asice"
        path.write_bytes(data)
        try:
            document = pydigidoc.Container.open(str(path))
        except Exception as error:  # libdigidocpp's exceptions arrive as RuntimeError with its message
            return {"opened": False, "problems": problems_of(error)}
        found = list(document.signatures())
        if not found:
            return {"opened": False, "problems": ["the container holds no signature"]}
        signature = found[0]
        problems: list[str] = []
        try:
            signature.validate()
        except Exception as error:
            problems += problems_of(error)
        return {"opened": True, "problems": problems, "profile": str(signature.profile()),
                "method": str(signature.signature_method()),
                "certificate": base64.b64encode(bytes(signature.signing_certificate())).decode(),
                "timeStampTime": str(signature.time_stamp_time()), "signatures": len(found)}


def read_frame(stream: BinaryIO) -> bytes | None:
    header = stream.read(4)
    if len(header) < 4:
        return None
    (length,) = struct.unpack(">I", header)
    return stream.read(length)


def main() -> None:
    pydigidoc, folder = start()
    try:
        while (data := read_frame(sys.stdin.buffer)) is not None:
            answer = json.dumps(judge(pydigidoc, folder, data)).encode()
            sys.stdout.buffer.write(struct.pack(">I", len(answer)) + answer)
            sys.stdout.buffer.flush()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
