"""python -m sk_standin --port P --data-dir D: the SK stand-in on 127.0.0.1:P with its PKI in D/eid."""

import argparse
from pathlib import Path

import uvicorn

from .app import create_app, folder
from .pki import TestPki


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--data-dir", type=Path, required=True)
    args = parser.parse_args()
    base = f"http://127.0.0.1:{args.port}"
    pki = TestPki(folder(args.data_dir), ocsp_url=f"{base}/ocsp")
    uvicorn.run(create_app(pki), host="127.0.0.1", port=args.port, log_level="info", access_log=False)


if __name__ == "__main__":
    main()
