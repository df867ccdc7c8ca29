"""Vendors a CustomResourceDefinition's schema for the offline tests (deploy/tests/test_kubernetes.py):

  python deploy/k8s/schemas/vendor_crd.py CRD.yaml "kedacore/keda v2.20.2, config/crd/bases/keda.sh_scaledobjects.yaml"

writes <group>_<version>_<kind>.json here: the openAPIV3Schema of the CRD's storage version, as JSON, with the
descriptions left out (they are most of the bytes and validate nothing) and a header naming where it came from.
Nothing else is changed; the tests make it strict themselves (no unknown fields, as the API server's strict field
validation refuses them), so the file stays the upstream schema.
"""

import json
import sys
from pathlib import Path
from typing import Any

import yaml

HERE = Path(__file__).resolve().parent
SUBSCHEMA_MAPS = ("properties", "patternProperties", "definitions", "$defs")
SUBSCHEMA_LISTS = ("anyOf", "allOf", "oneOf")
SUBSCHEMAS = ("items", "additionalProperties", "not")


def without_descriptions(schema: Any) -> Any:
    """The schema without its `description` keywords (a property that happens to be called description stays)."""
    if not isinstance(schema, dict):
        return schema
    result: dict[str, Any] = {}
    for key, value in schema.items():
        if key == "description":
            continue
        if key in SUBSCHEMA_MAPS:
            result[key] = {name: without_descriptions(sub) for name, sub in value.items()}
        elif key in SUBSCHEMA_LISTS:
            result[key] = [without_descriptions(sub) for sub in value]
        elif key in SUBSCHEMAS:
            result[key] = without_descriptions(value)
        else:
            result[key] = value
    return result


def vendored(crd: dict[str, Any], source: str) -> tuple[str, dict[str, Any]]:
    group, kind = crd["spec"]["group"], crd["spec"]["names"]["kind"]
    [version] = [v for v in crd["spec"]["versions"] if v.get("storage")]
    name = f"{group}_{version['name']}_{kind.lower()}.json"
    header = {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": name,
              "title": f"{kind} ({group}/{version['name']})",
              "$comment": f"The openAPIV3Schema of the CRD from {source}, descriptions left out; vendored by "
                          "deploy/k8s/schemas/vendor_crd.py. x-kubernetes-validations (CEL) are not checked offline."}
    return name, {**header, **without_descriptions(version["schema"]["openAPIV3Schema"])}


def main(crd_file: str, source: str) -> None:
    name, schema = vendored(yaml.safe_load(Path(crd_file).read_text()), source)
    (HERE / name).write_text(json.dumps(schema, indent=1, ensure_ascii=False) + "\n")
    print(HERE / name)


if __name__ == "__main__":
    main(*sys.argv[1:])
