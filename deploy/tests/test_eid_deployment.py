"""Issue 33, production settings: what contracts (and identity, which signs people in with eID next, issue 34)
need to talk to SK ID Solutions, checked in docker-compose.yml, the Kubernetes manifests and the guides, offline:
every EID_* setting with SK's LIVE addresses as defaults and DEMO's named, SK's CA certificates and pinned TLS
certificates mounted read-only where EID_TRUST_ANCHORS_DIR and EID_*_TLS_CERTIFICATES look, the relying party
UUIDs from the Secret, and a NetworkPolicy that lets the two services' pods reach SK's services (HTTPS 443, HTTP 80
for OCSP and the TSA) and nothing private."""

import re
from typing import Any
from urllib.parse import urlsplit

import pytest
from portal_eid.mobile_id import MobileIdSettings
from portal_eid.smart_id import SmartIdSettings

from deploy.tests import support
from deploy.tests.k8s_objects import (
    all_containers,
    egress_allowed,
    env_vars,
    ingress_allowed,
    matches,
    named,
    one,
    pod_spec,
    workloads,
)
from deploy.tests.support import ROOT, example_env, interpolate, setting_aliases, settings_class
from deploy.tests.test_kubernetes import (
    BUILDS,
    OUTSIDE_THE_CLUSTER,
    SECRET,
    SMTP_PORTS,
    TRAEFIK,
    _pods_by_name,
    build,
    config_map,
    secret_keys,
)
from gateway.routes import SERVICES

EID_SERVICES = ("contracts", "identity")
CA_MOUNT = "/etc/portal/eid/ca"
TLS_MOUNT = "/etc/portal/eid/tls"
CONFIG_MAPS = {"eid-trust-anchors": CA_MOUNT, "eid-tls-certificates": TLS_MOUNT}
RP_UUIDS = ("EID_SMART_ID_RP_UUID", "EID_MOBILE_ID_RP_UUID")
# SK's addresses (SK-EID's documentation: Smart-ID RP API v3, MID REST, the TSA's and OCSP's technical pages).
LIVE = {"EID_SMART_ID_URL": "https://rp-api.smart-id.com/v3/", "EID_MOBILE_ID_URL": "https://mid.sk.ee/mid-api",
        "EID_TSA_URL": "http://tsa.sk.ee", "EID_SMART_ID_SCHEME": "smart-id"}
DEMO = {"EID_SMART_ID_URL": "https://sid.demo.sk.ee/smart-id-rp/v3/", "EID_MOBILE_ID_URL": "https://tsp.demo.sk.ee/mid-api",
        "EID_TSA_URL": "http://tsa.demo.sk.ee/tsa", "EID_SMART_ID_SCHEME": "smart-id-demo",
        "EID_SMART_ID_RP_UUID": "00000000-0000-4000-8000-000000000000",
        "EID_MOBILE_ID_RP_UUID": "00000000-0000-0000-0000-000000000000"}
OCSP = ("http://aia.sk.ee/esteid2018", "http://aia.demo.sk.ee/esteid2018")
# The addresses the pods open connections to, LIVE and DEMO: their ports must be let out.
SK_ADDRESSES = (*(v for k, v in {**LIVE, **DEMO}.items() if k.endswith("_URL")), *OCSP)


def eid_settings() -> set[str]:
    """Every EID_* setting the services read (contracts' own and portal_eid's Smart-ID and Mobile-ID clients')."""
    names = {name for service in SERVICES for name in setting_aliases(service) if name.startswith("EID_")}
    assert {"EID_TRUST_ANCHORS_DIR", "EID_TSA_URL", *RP_UUIDS, "EID_SMART_ID_TLS_CERTIFICATES"} <= names
    return names


def port_of(url: str) -> int:
    parts = urlsplit(url)
    return parts.port or {"https": 443, "http": 80}[parts.scheme]


# --- docker compose ---------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def raw() -> dict[str, Any]:
    return support.raw_compose()


@pytest.fixture(scope="module")
def services(raw: dict[str, Any]) -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = interpolate(raw, example_env())["services"]
    return found


@pytest.mark.parametrize("service", EID_SERVICES)
def test_compose_gives_every_eid_setting_from_env_with_sks_live_defaults(
        raw: dict[str, Any], services: dict[str, dict[str, Any]], service: str) -> None:
    for name in (service, f"{service}-migrate"):
        written = raw["services"][name]["environment"]
        missing = eid_settings() - set(written)
        assert not missing, f"{name}: {missing}"
        for key in eid_settings() - {"EID_TRUST_ANCHORS_DIR"}:
            assert re.fullmatch(rf"\$\{{{key}:-[^}}]*\}}", written[key]), f"{name}: {key} is not from .env"
        assert written["EID_TRUST_ANCHORS_DIR"] == CA_MOUNT  # the mount's, not the operator's
    environment = services[service]["environment"]
    assert {key: environment[key] for key in LIVE} == LIVE
    assert environment["EID_OCSP_URL"] == ""  # each certificate's AIA responder
    # The values parse as the clients and contracts read them.
    smart_id = SmartIdSettings(_env_file=None, **environment)  # type: ignore[call-arg]
    mobile_id = MobileIdSettings(_env_file=None, **environment)  # type: ignore[call-arg]
    assert (smart_id.base_url, mobile_id.base_url) == (LIVE["EID_SMART_ID_URL"], LIVE["EID_MOBILE_ID_URL"])
    contracts = settings_class("contracts")(_env_file=None, **{**services["contracts"]["environment"],
                                                             "PORTAL_ASSERTION_SECRET": "s" * 32})
    assert contracts.eid_trust_anchors_dir == CA_MOUNT and contracts.eid_tsa_url == LIVE["EID_TSA_URL"]
    # They reach SK through the edge network, which has a way out.
    assert "edge" in services[service]["networks"] and not raw["networks"]["edge"]


@pytest.mark.parametrize("service", EID_SERVICES)
def test_compose_mounts_sks_certificates_read_only(services: dict[str, dict[str, Any]], service: str) -> None:
    """eid/ca and eid/tls beside .env, read-only, where EID_TRUST_ANCHORS_DIR and the pinned TLS settings look;
    Docker makes them empty on a fresh checkout, so the portal starts without them."""
    mounts = {v["source"]: v for v in services[service]["volumes"] if isinstance(v, dict)}
    assert mounts["./eid/ca"] == {"type": "bind", "source": "./eid/ca", "target": CA_MOUNT, "read_only": True,
                                  "bind": {"create_host_path": True}}
    assert mounts["./eid/tls"] == {"type": "bind", "source": "./eid/tls", "target": TLS_MOUNT, "read_only": True,
                                   "bind": {"create_host_path": True}}
    assert services[service]["environment"]["EID_TRUST_ANCHORS_DIR"] == mounts["./eid/ca"]["target"]
    holders = {name for name, s in services.items()
               if any(isinstance(v, dict) and v["source"].startswith("./eid/") for v in s.get("volumes", []))}
    assert holders == set(EID_SERVICES)


def test_the_compose_env_example_names_demo_and_live() -> None:
    example = (ROOT / "deploy/compose/portal.env.example").read_text()
    assert {key: example_env()[key] for key in LIVE} == LIVE
    for value in DEMO.values():
        assert value in example, value
    assert "esteid-certificates" in example and "eid/ca/" in example and "eid/tls/" in example


# --- Kubernetes -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", BUILDS)
def test_sks_certificates_are_mounted_from_optional_config_maps(name: str) -> None:
    """Issue 33: the ConfigMaps eid-trust-anchors (SK's CA certificates) and eid-tls-certificates (SK's TLS
    certificates to pin) are mounted read-only into the contracts and identity containers, optional (the pod
    starts without them; signing then answers 422 certificate_untrusted), and EID_TRUST_ANCHORS_DIR names the
    first. No other container mounts them."""
    objects = build(name)
    settings = config_map(objects, "portal-config")
    assert settings["EID_TRUST_ANCHORS_DIR"] == CA_MOUNT
    for key in ("EID_SMART_ID_TLS_CERTIFICATES", "EID_MOBILE_ID_TLS_CERTIFICATES"):
        assert settings[key] == "" or settings[key].startswith(f"{TLS_MOUNT}/"), key
    for service in EID_SERVICES:
        spec = pod_spec(one(objects, "Deployment", service))
        volumes = {v["name"]: v for v in spec["volumes"]}
        [container] = spec["containers"]
        mounts = {m["name"]: m for m in container["volumeMounts"]}
        for config_map_name, path in CONFIG_MAPS.items():
            assert volumes[config_map_name] == {"name": config_map_name,
                                                "configMap": {"name": config_map_name, "optional": True}}, service
            assert mounts[config_map_name] == {"name": config_map_name, "mountPath": path, "readOnly": True}, service
    holders = {(w["metadata"]["name"], c["name"]) for w in workloads(objects) for c in all_containers(w)
               if any(m["mountPath"].startswith("/etc/portal/eid") for m in c.get("volumeMounts", []))}
    assert holders == {(service, service) for service in EID_SERVICES}
    guide = (ROOT / "deploy/README.md").read_text() + (ROOT / "deploy/k8s/README.md").read_text()
    for config_map_name in CONFIG_MAPS:
        assert f"kubectl create configmap {config_map_name} -n portal" in guide


@pytest.mark.parametrize("name", BUILDS)
def test_the_relying_party_uuids_come_from_the_secret(name: str) -> None:
    objects = build(name)
    assert not set(RP_UUIDS) & set(config_map(objects, "portal-config"))
    assert set(RP_UUIDS) <= set(secret_keys())
    holders = set()
    for workload in workloads(objects):
        for container in all_containers(workload):
            env = env_vars(container)
            for key in set(RP_UUIDS) & set(env):
                assert env[key]["valueFrom"] == {"secretKeyRef": {"name": SECRET, "key": key, "optional": True}}
                holders.add((workload["metadata"]["name"], container["name"]))
    assert holders == {(service, service) for service in EID_SERVICES}


@pytest.mark.parametrize("name", BUILDS)
def test_the_base_points_at_sks_live_services(name: str) -> None:
    settings = config_map(build(name), "portal-config")
    assert {key: settings[key] for key in LIVE} == LIVE
    assert settings["EID_OCSP_URL"] == ""
    assert not settings.get("EID_TRUSTED_LIST_PATH")  # libdigidocpp reads the EU list of trusted lists
    assert SmartIdSettings(_env_file=None, **settings).base_url == LIVE["EID_SMART_ID_URL"]  # type: ignore[call-arg]


@pytest.mark.parametrize("name", BUILDS)
def test_contracts_and_identity_reach_sk_and_nothing_private(name: str) -> None:
    """The NetworkPolicy eid-egress selects the contracts and identity pods (the services' and their migrations')
    and lets them reach DNS, Postgres, NATS and public addresses on 443 and 80, where SK's Smart-ID, Mobile-ID,
    OCSP and TSA answer (LIVE and DEMO); not SMTP, not S3, not another pod, not a private address."""
    objects = build(name)
    policies = list(named(objects, "NetworkPolicy").values())
    by_name = _pods_by_name(objects)
    [policy] = [p for p in policies if p["metadata"]["name"] == "eid-egress"]
    assert policy["spec"]["policyTypes"] == ["Egress"]
    assert {pod.name for pod in by_name.values() if matches(policy["spec"]["podSelector"], pod.label_map)} == \
        {"contracts", "migrate-contracts", "identity", "migrate-identity"}
    settings = config_map(objects, "portal-config")
    ports = {port_of(url) for url in (*SK_ADDRESSES, settings["EID_SMART_ID_URL"], settings["EID_MOBILE_ID_URL"],
                                      settings["EID_TSA_URL"])}
    assert ports == {80, 443}
    for service in EID_SERVICES:
        for pod in (by_name[service], by_name[f"migrate-{service}"]):
            for port in ports:
                assert egress_allowed(policies, pod, OUTSIDE_THE_CLUSTER, port), f"{pod.name} -> SK:{port}"
            assert egress_allowed(policies, pod, OUTSIDE_THE_CLUSTER, 53, "UDP")
            assert egress_allowed(policies, pod, OUTSIDE_THE_CLUSTER, 53, "TCP")
            assert egress_allowed(policies, pod, OUTSIDE_THE_CLUSTER, 5432)
            for port in (*SMTP_PORTS, 22, 8333, 4222, 8080):
                assert not egress_allowed(policies, pod, OUTSIDE_THE_CLUSTER, port), f"{pod.name} -> outside:{port}"
            for target, port in ((by_name["documents"], 8000), (by_name["web"], 8080), (by_name["nats"], 6222),
                                 (by_name["web"], 80), (by_name["documents"], 443)):
                assert not egress_allowed(policies, pod, target, port), f"{pod.name} -> {target.name}:{port}"
            if "postgres" in by_name:
                assert egress_allowed(policies, pod, by_name["postgres"], 5432)
                assert not egress_allowed(policies, pod, by_name["seaweedfs"], 8333)
        assert egress_allowed(policies, by_name[service], by_name["nats"], 4222)
    # identity still answers Traefik (its routes and ForwardAuth).
    assert ingress_allowed(policies, TRAEFIK, by_name["identity"], 8000)
    assert ingress_allowed(policies, TRAEFIK, by_name["contracts"], 8000)


# --- the guides -------------------------------------------------------------------------------------------------


def test_every_eid_setting_is_in_the_env_example_with_demo_and_live_addresses() -> None:
    text = (ROOT / ".env.example").read_text()
    listed = set(re.findall(r"^([A-Z][A-Z0-9_]+)=", text, re.MULTILINE))
    assert eid_settings() <= listed, eid_settings() - listed
    for address in (*(v for k, v in LIVE.items() if k.endswith("_URL")), *(v for k, v in DEMO.items()), *OCSP):
        assert address in text, address
    assert "esteid-certificates" in text


def test_the_operations_guide_says_how_to_point_at_demo_or_live() -> None:
    guide = (ROOT / "deploy/README.md").read_text()
    section = guide[guide.index("### eID signing (SK ID Solutions)"):guide.index("### E-mail")]
    for address in (*LIVE.values(), *DEMO.values(), *OCSP):
        assert f"`{address}`" in section, address
    for needed in ("esteid-certificates", "eid-egress", "eid/ca/", CA_MOUNT, TLS_MOUNT):
        assert needed in section, needed
