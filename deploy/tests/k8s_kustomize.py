"""A small kustomize renderer, so the manifests can be built and checked without kubectl or kustomize.

It implements exactly the kustomization fields deploy/k8s uses, the way kustomize does, and refuses any
other field (or option) instead of ignoring it: a manifest change that needs more of kustomize must grow
this renderer first, so the tests never pass on a build that differs from `kubectl apply -k`'s.

Implemented: resources (files, and directories holding a kustomization.yaml), namespace, labels (pairs
with includeSelectors false, on metadata only), images (name, newName, newTag, digest),
configMapGenerator (name, files, envs, literals, behavior create/merge/replace) with kustomize's content
hash suffix and the rewriting of references to generated ConfigMaps in pod specs, and patches given as a
file holding a strategic-merge patch that deletes one object (`$patch: delete`), the one kind of patch
the overlays use.
"""

import copy
import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

KUSTOMIZE_API_VERSION = "kustomize.config.k8s.io/v1beta1"
KNOWN_FIELDS = {"apiVersion", "kind", "resources", "namespace", "labels", "images", "configMapGenerator", "patches"}
LABEL_FIELDS = {"pairs", "includeSelectors", "includeTemplates"}
IMAGE_FIELDS = {"name", "newName", "newTag", "digest"}
GENERATOR_FIELDS = {"name", "behavior", "files", "envs", "literals"}
PATCH_FIELDS = {"path"}
DELETE_PATCH_FIELDS = {"$patch", "apiVersion", "kind", "metadata"}
# Kinds that have no namespace; kustomize's namespace transformer leaves them alone.
CLUSTER_SCOPED = {"Namespace", "ClusterRole", "ClusterRoleBinding", "CustomResourceDefinition", "PersistentVolume",
                  "StorageClass", "PriorityClass", "IngressClass"}
ENV_NAME = re.compile(r"^[-._a-zA-Z][-._a-zA-Z0-9]*$")


class KustomizeError(Exception):
    """The kustomization asks for something this renderer does not implement, or is wrong."""


@dataclass
class _Generated:
    """A ConfigMap made by configMapGenerator; named with its hash only once the whole build is done."""

    name: str
    data: dict[str, str]
    labels: dict[str, str] = field(default_factory=dict)
    namespace: str | None = None


@dataclass
class _Build:
    objects: list[dict[str, Any]] = field(default_factory=list)
    generated: dict[str, _Generated] = field(default_factory=dict)


def build(directory: Path) -> list[dict[str, Any]]:
    """What `kustomize build directory` prints, as a list of objects."""
    result = _build(directory.resolve(), stack=())
    names = {name: f"{name}-{_hash_suffix(gen)}" for name, gen in result.generated.items()}
    configmaps = [_configmap(names[name], gen) for name, gen in result.generated.items()]
    objects = [_rename_configmap_references(obj, names) for obj in result.objects]
    return configmaps + objects


def _build(directory: Path, stack: tuple[Path, ...]) -> _Build:
    if directory in stack:
        raise KustomizeError(f"cycle of kustomizations through {directory}")
    path = directory / "kustomization.yaml"
    if not path.is_file():
        raise KustomizeError(f"{directory} has no kustomization.yaml")
    spec = yaml.safe_load(path.read_text()) or {}
    _only(spec, KNOWN_FIELDS, str(path))
    if spec.get("apiVersion") != KUSTOMIZE_API_VERSION or spec.get("kind") != "Kustomization":
        raise KustomizeError(f"{path}: expected apiVersion {KUSTOMIZE_API_VERSION}, kind Kustomization")

    result = _Build()
    for entry in spec.get("resources", []):
        target = (directory / entry).resolve()
        if target.is_dir():
            sub = _build(target, (*stack, directory))
            result.objects += sub.objects
            for name, gen in sub.generated.items():
                _add_generated(result, name, gen, path)
        elif target.is_file():
            # kustomize's default load restrictor: resource files must be under the kustomization's root.
            if not target.is_relative_to(directory):
                raise KustomizeError(f"{path}: resource file {entry} is outside {directory}")
            result.objects += _load_objects(target)
        else:
            raise KustomizeError(f"{path}: resource {entry} does not exist")

    for generator in spec.get("configMapGenerator", []):
        _generate(result, generator, directory, str(path))
    for patch in spec.get("patches", []):
        _delete(result, patch, directory, str(path))

    if "namespace" in spec:
        for obj in result.objects:
            _set_namespace(obj, spec["namespace"], str(path))
        for gen in result.generated.values():
            gen.namespace = spec["namespace"]
    for labels in spec.get("labels", []):
        _only(labels, LABEL_FIELDS, f"{path} labels")
        if labels.get("includeSelectors") or labels.get("includeTemplates"):
            raise KustomizeError(f"{path}: labels with includeSelectors/includeTemplates are not implemented")
        for obj in result.objects:
            obj["metadata"].setdefault("labels", {}).update(labels["pairs"])
        for gen in result.generated.values():
            gen.labels.update(labels["pairs"])
    for image in spec.get("images", []):
        _only(image, IMAGE_FIELDS, f"{path} images")
        for obj in result.objects:
            for container in _containers(obj):
                container["image"] = _retag(container["image"], image)
    return result


def _only(mapping: dict[str, Any], allowed: set[str], where: str) -> None:
    if not isinstance(mapping, dict):
        raise KustomizeError(f"{where}: expected a mapping")
    unknown = set(mapping) - allowed
    if unknown:
        raise KustomizeError(f"{where}: not implemented by this renderer: {sorted(unknown)}")


def _load_objects(path: Path) -> list[dict[str, Any]]:
    objects = [doc for doc in yaml.safe_load_all(path.read_text()) if doc is not None]
    for obj in objects:
        if not isinstance(obj, dict) or not {"apiVersion", "kind", "metadata"} <= set(obj):
            raise KustomizeError(f"{path}: every document must be an object with apiVersion, kind and metadata")
        if obj["kind"] == "List":
            raise KustomizeError(f"{path}: List objects are not implemented")
    return objects


def _add_generated(result: _Build, name: str, gen: _Generated, where: Path) -> None:
    if name in result.generated:
        raise KustomizeError(f"{where}: two generated ConfigMaps named {name}")
    result.generated[name] = gen


def _generate(result: _Build, generator: dict[str, Any], directory: Path, where: str) -> None:
    _only(generator, GENERATOR_FIELDS, f"{where} configMapGenerator")
    name = generator["name"]
    data: dict[str, str] = {}
    for entry in generator.get("files", []):
        key, _, file_name = entry.rpartition("=") if "=" in entry else ("", "", entry)
        source = (directory / file_name).resolve()
        if not source.is_relative_to(directory):
            raise KustomizeError(f"{where}: {file_name} is outside {directory}")
        _put(data, key or source.name, source.read_text(), where)
    for entry in generator.get("envs", []):
        source = (directory / entry).resolve()
        if not source.is_relative_to(directory):
            raise KustomizeError(f"{where}: {entry} is outside {directory}")
        for key, value in parse_env_file(source.read_text(), str(source)):
            _put(data, key, value, where)
    for entry in generator.get("literals", []):
        key, sep, value = entry.partition("=")
        if not sep:
            raise KustomizeError(f"{where}: literal {entry!r} has no '='")
        _put(data, key, _literal_value(value, where), where)

    behavior = generator.get("behavior", "create")
    if behavior == "create":
        _add_generated(result, name, _Generated(name, data), Path(where))
    elif behavior in ("merge", "replace"):
        if name not in result.generated:
            raise KustomizeError(f"{where}: {behavior} of {name}, which no base generates")
        base = result.generated[name]
        base.data = {**base.data, **data} if behavior == "merge" else data
    else:
        raise KustomizeError(f"{where}: unknown behavior {behavior!r}")


def _delete(result: _Build, patch: dict[str, Any], directory: Path, where: str) -> None:
    """A strategic-merge patch file `$patch: delete`: removes the one object of its apiVersion, kind, name (and
    namespace, if it names one)."""
    _only(patch, PATCH_FIELDS, f"{where} patches")
    source = (directory / patch["path"]).resolve()
    if not source.is_relative_to(directory) or not source.is_file():
        raise KustomizeError(f"{where}: patch {patch['path']} is not a file under {directory}")
    document = yaml.safe_load(source.read_text())
    if not isinstance(document, dict) or document.get("$patch") != "delete":
        raise KustomizeError(f"{source}: only `$patch: delete` patches are implemented by this renderer")
    _only(document, DELETE_PATCH_FIELDS, str(source))
    _only(document["metadata"], {"name", "namespace"}, f"{source} metadata")
    wanted = document["metadata"]

    def is_target(obj: dict[str, Any]) -> bool:
        metadata = obj["metadata"]
        return (obj["apiVersion"], obj["kind"], metadata["name"]) == (
            document["apiVersion"], document["kind"], wanted["name"]) and \
            wanted.get("namespace", metadata.get("namespace")) == metadata.get("namespace")

    found = [obj for obj in result.objects if is_target(obj)]
    if len(found) != 1:
        raise KustomizeError(f"{source}: {len(found)} objects match the patch, one expected")
    result.objects.remove(found[0])


def _put(data: dict[str, str], key: str, value: str, where: str) -> None:
    if key in data:
        raise KustomizeError(f"{where}: key {key} given twice")
    data[key] = value


def _literal_value(value: str, where: str) -> str:
    # kustomize strips one pair of surrounding quotes from a literal; anything subtler is refused.
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
        return value[1:-1]
    if value.startswith(("'", '"')):
        raise KustomizeError(f"{where}: unbalanced quotes in literal value {value!r}")
    return value


def parse_env_file(text: str, where: str) -> list[tuple[str, str]]:
    """KEY=VALUE lines as kustomize reads them (blank lines and # comments skipped). Quoted values, values
    with a ' #' and trailing blanks are refused: tools disagree on them, and the value must not depend on
    which tool reads the file."""
    pairs: list[tuple[str, str]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.lstrip()
        if not line or line.startswith("#"):
            continue
        key, sep, value = line.partition("=")
        if not sep or not ENV_NAME.match(key):
            raise KustomizeError(f"{where}:{number}: expected KEY=VALUE, got {raw!r}")
        if value.startswith(("'", '"')) or " #" in value or value != value.rstrip():
            raise KustomizeError(f"{where}:{number}: quotes, inline comments and trailing blanks are refused")
        pairs.append((key, value))
    return pairs


def _set_namespace(obj: dict[str, Any], namespace: str, where: str) -> None:
    if obj["kind"] == "Namespace":
        if obj["metadata"]["name"] != namespace:
            raise KustomizeError(f"{where}: Namespace {obj['metadata']['name']} differs from namespace {namespace}")
        return
    if obj["kind"] not in CLUSTER_SCOPED:
        obj["metadata"]["namespace"] = namespace


def pod_specs(obj: dict[str, Any]) -> list[dict[str, Any]]:
    """The pod spec(s) inside a workload object."""
    kind = obj["kind"]
    if kind in ("Deployment", "StatefulSet", "DaemonSet", "ReplicaSet", "Job"):
        return [obj["spec"]["template"]["spec"]]
    if kind == "CronJob":
        return [obj["spec"]["jobTemplate"]["spec"]["template"]["spec"]]
    if kind == "Pod":
        return [obj["spec"]]
    return []


def _containers(obj: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for spec in pod_specs(obj) for key in ("initContainers", "containers", "ephemeralContainers")
            for c in spec.get(key, [])]


def _retag(image: str, rule: dict[str, str]) -> str:
    name, tag, digest = split_image(image)
    if name != rule["name"]:
        return image
    name = rule.get("newName", name)
    if "digest" in rule:
        return f"{name}@{rule['digest']}"
    if "newTag" in rule:
        return f"{name}:{rule['newTag']}"
    return f"{name}{':' + tag if tag else ''}{'@' + digest if digest else ''}"


def split_image(image: str) -> tuple[str, str | None, str | None]:
    """name, tag, digest of an image reference (a registry's :port is part of the name)."""
    name, _, digest = image.partition("@")
    last = name.rsplit("/", 1)[-1]
    tag = None
    if ":" in last:
        name, tag = name.rsplit(":", 1)
    return name, tag, digest or None


def _configmap(name: str, gen: _Generated) -> dict[str, Any]:
    metadata: dict[str, Any] = {"name": name}
    if gen.namespace:
        metadata["namespace"] = gen.namespace
    if gen.labels:
        metadata["labels"] = dict(gen.labels)
    return {"apiVersion": "v1", "kind": "ConfigMap", "metadata": metadata, "data": dict(gen.data)}


def _hash_suffix(gen: _Generated) -> str:
    """kustomize's suffix: sha256 of the ConfigMap's kind, name and data as Go's json.Marshal writes them
    (sorted keys, no blanks, <, > and & escaped), its first ten hex digits with 0,1,3,a,e swapped for
    letters so the suffix never reads as a number or a word."""
    encoded = json.dumps({"data": gen.data, "kind": "ConfigMap", "name": gen.name}, sort_keys=True,
                         separators=(",", ":"), ensure_ascii=False)
    for char, escape in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"), ("\u2028", "\\u2028"),
                         ("\u2029", "\\u2029")):
        encoded = encoded.replace(char, escape)
    digest = hashlib.sha256(encoded.encode()).hexdigest()[:10]
    return digest.translate(str.maketrans("013ae", "ghkmt"))


def _rename_configmap_references(obj: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    obj = copy.deepcopy(obj)

    def rename(ref: dict[str, Any] | None) -> None:
        if ref and ref.get("name") in names:
            ref["name"] = names[ref["name"]]

    for spec in pod_specs(obj):
        for volume in spec.get("volumes", []):
            rename(volume.get("configMap"))
            for source in volume.get("projected", {}).get("sources", []):
                rename(source.get("configMap"))
    for container in _containers(obj):
        for source in container.get("envFrom", []):
            rename(source.get("configMapRef"))
        for env in container.get("env", []):
            rename(env.get("valueFrom", {}).get("configMapKeyRef"))
    return obj
