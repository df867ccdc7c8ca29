"""Every service's migrations in one process, as the local stack starts (``python deploy/local/migrate_all.py
identity applications ...``): each service's own ``python -m <service> migrate``, called in turn. Ten processes paid
about 2 s of imports each, most of them the same libraries (issue 32). Kubernetes runs each service's migration Job
on its own (deploy/k8s), and that is unchanged."""

import importlib
import sys


def migrate(names: list[str]) -> int:
    for name in names:
        status = importlib.import_module(f"{name}.__main__").main(["migrate"])
        if status:
            print(f"migrations of {name} failed (exit status {status})", file=sys.stderr)
            return int(status)
        print(f"{name}: migrated", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(migrate(sys.argv[1:]))
