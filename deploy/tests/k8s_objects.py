"""Reading rendered Kubernetes objects the way the cluster does: which pods a workload makes, which pods a
selector picks, which port a name means, and whether NetworkPolicies let one pod reach another (in) or let a pod
open a connection to another pod or to an address outside the cluster (out)."""

import ipaddress
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from deploy.tests.k8s_kustomize import pod_specs

Obj = dict[str, Any]
# Any pod's address: the pod network is private (10.0.0.0/8 on most clusters), never a public address.
POD_ADDRESS = "10.244.1.23"
WORKLOAD_KINDS = ("Deployment", "StatefulSet", "DaemonSet", "ReplicaSet", "Job", "CronJob")


def named(objects: Iterable[Obj], kind: str) -> dict[str, Obj]:
    """The objects of one kind by name."""
    return {obj["metadata"]["name"]: obj for obj in objects if obj["kind"] == kind}


def one(objects: Iterable[Obj], kind: str, name: str) -> Obj:
    found = named(objects, kind)
    assert name in found, f"no {kind} {name}; there are {sorted(found)}"
    return found[name]


def workloads(objects: Iterable[Obj]) -> list[Obj]:
    return [obj for obj in objects if obj["kind"] in WORKLOAD_KINDS]


def pod_template_labels(obj: Obj) -> dict[str, str]:
    template = obj["spec"]["jobTemplate"]["spec"]["template"] if obj["kind"] == "CronJob" else obj["spec"]["template"]
    labels: dict[str, str] = template["metadata"].get("labels", {})
    return labels


def pod_spec(obj: Obj) -> dict[str, Any]:
    (spec,) = pod_specs(obj)
    return spec


def containers(spec: dict[str, Any]) -> list[dict[str, Any]]:
    """Init containers first, in the order they run, then the others."""
    return [*spec.get("initContainers", []), *spec.get("containers", [])]


def all_containers(obj: Obj) -> list[dict[str, Any]]:
    return containers(pod_spec(obj))


def env_vars(container: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {env["name"]: env for env in container.get("env", [])}


def matches(selector: dict[str, Any], labels: dict[str, str]) -> bool:
    """A Service's selector (a plain map) or a LabelSelector (matchLabels, matchExpressions)."""
    if "matchLabels" not in selector and "matchExpressions" not in selector:
        return all(labels.get(key) == value for key, value in selector.items())
    if any(labels.get(key) != value for key, value in selector.get("matchLabels", {}).items()):
        return False
    for expression in selector.get("matchExpressions", []):
        key, operator, values = expression["key"], expression["operator"], expression.get("values", [])
        ok = {"In": key in labels and labels[key] in values, "NotIn": labels.get(key) not in values,
              "Exists": key in labels, "DoesNotExist": key not in labels}[operator]
        if not ok:
            return False
    return True


def container_port(port: int | str, spec_containers: Iterable[dict[str, Any]]) -> int | None:
    """The number a port (number or name) means for these containers; None if no container declares it."""
    for container in spec_containers:
        for declared in container.get("ports", []):
            if port in (declared["containerPort"], declared.get("name")):
                return int(declared["containerPort"])
    return None


@dataclass(frozen=True)
class Pod:
    name: str
    namespace: str
    labels: tuple[tuple[str, str], ...]
    ports: tuple[tuple[str, int], ...] = ()

    @property
    def label_map(self) -> dict[str, str]:
        return dict(self.labels)

    def port_number(self, port: int | str) -> int | None:
        if isinstance(port, int):
            return port
        return dict(self.ports).get(port)


def pods(objects: Iterable[Obj]) -> Iterator[Pod]:
    """One representative pod per workload."""
    for obj in workloads(objects):
        ports = tuple((p["name"], p["containerPort"]) for c in all_containers(obj) for p in c.get("ports", [])
                      if "name" in p)
        yield Pod(obj["metadata"]["name"], obj["metadata"]["namespace"],
                  tuple(sorted(pod_template_labels(obj).items())), ports)


def namespace_labels(namespace: str) -> dict[str, str]:
    # Every namespace carries its own name as a label (Kubernetes 1.22 and later).
    return {"kubernetes.io/metadata.name": namespace}


def ingress_allowed(policies: Iterable[Obj], source: Pod, target: Pod, port: int) -> bool:
    """Whether NetworkPolicies let source open a TCP connection to target's port."""
    selecting = [p for p in policies if p["metadata"]["namespace"] == target.namespace
                 and "Ingress" in p["spec"].get("policyTypes", ["Ingress"])
                 and matches(p["spec"]["podSelector"], target.label_map)]
    if not selecting:
        return True  # a pod no policy selects is not isolated
    for policy in selecting:
        for rule in policy["spec"].get("ingress", []):
            peers = rule.get("from", [])
            ports = rule.get("ports", [])
            if peers and not any(_peer_matches(peer, policy["metadata"]["namespace"], source) for peer in peers):
                continue
            if ports and not any(_port_matches(entry, target, port) for entry in ports):
                continue
            return True
    return False


def egress_allowed(policies: Iterable[Obj], source: Pod, target: Pod, port: int, protocol: str = "TCP") -> bool:
    """Whether NetworkPolicies let source open a connection to target's port; a target whose namespace is empty
    stands for an address outside the cluster, which only rules without `to` peers reach."""
    selecting = [p for p in policies if p["metadata"]["namespace"] == source.namespace
                 and "Egress" in p["spec"].get("policyTypes", ["Ingress"])
                 and matches(p["spec"]["podSelector"], source.label_map)]
    if not selecting:
        return True  # a pod no egress policy selects may connect anywhere
    for policy in selecting:
        for rule in policy["spec"].get("egress", []):
            peers = rule.get("to", [])
            ports = rule.get("ports", [])
            if peers and not any(_peer_matches(peer, policy["metadata"]["namespace"], target) for peer in peers):
                continue
            if ports and not any(_port_matches(entry, target, port, protocol) for entry in ports):
                continue
            return True
    return False


def _peer_matches(peer: dict[str, Any], policy_namespace: str, peer_pod: Pod) -> bool:
    """Whether a `from` or `to` peer of a policy in policy_namespace is peer_pod."""
    if "ipBlock" in peer:
        # Outside the cluster stands for a public address; a pod has one of the pod network's (POD_NETWORK).
        block = peer["ipBlock"]
        address = ipaddress.ip_address("203.0.113.10" if not peer_pod.namespace else POD_ADDRESS)
        return address in ipaddress.ip_network(block["cidr"]) and not any(
            address in ipaddress.ip_network(excepted) for excepted in block.get("except", []))
    if not peer_pod.namespace:
        return False  # an address outside the cluster is no pod that a selector names
    if "namespaceSelector" in peer:
        if not matches(peer["namespaceSelector"], namespace_labels(peer_pod.namespace)):
            return False
    elif peer_pod.namespace != policy_namespace:
        return False
    return "podSelector" not in peer or matches(peer["podSelector"], peer_pod.label_map)


def _port_matches(entry: dict[str, Any], target: Pod, port: int, protocol: str = "TCP") -> bool:
    if entry.get("protocol", "TCP") != protocol:
        return False
    if "port" not in entry:
        return True
    first = target.port_number(entry["port"])
    return first is not None and first <= port <= entry.get("endPort", first)


def nats_config(objects: Iterable[Obj]) -> tuple[Obj, str]:
    """The NATS StatefulSet and the nats.conf of the ConfigMap it mounts."""
    statefulset, files = nats_config_files(objects)
    return statefulset, files["nats.conf"]


def nats_config_files(objects: Iterable[Obj]) -> tuple[Obj, dict[str, str]]:
    """The NATS StatefulSet and every file of the ConfigMap it mounts (nats.conf and what it includes)."""
    objects = list(objects)
    statefulset = one(objects, "StatefulSet", "nats")
    [volume] = [v for v in pod_spec(statefulset)["volumes"] if "configMap" in v]
    files: dict[str, str] = named(objects, "ConfigMap")[volume["configMap"]["name"]]["data"]
    return statefulset, files
