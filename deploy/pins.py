"""Prints the pinned requirements of the Pi install: every package the installed
``companion`` needs at run time (not the test tools), at the version installed here.

Run it after the whole test suite passed, so the pins are versions known to work:

    .venv/bin/python deploy/pins.py > deploy/requirements-pi.txt
"""

from importlib.metadata import distribution

from packaging.requirements import Requirement

HEADER = """\
# Known-good versions for the Raspberry Pi install (Python 3.11, Raspberry Pi OS
# Bookworm): the versions the whole test suite passed with. deploy/pi-setup.sh
# installs exactly these, then the app itself without resolving anything again.
# Refresh after a full test run:  .venv/bin/python deploy/pins.py > deploy/requirements-pi.txt"""


def runtime_closure(root: str = "companion") -> dict[str, str]:
    """Package name (normalised) -> installed version, for ``root``'s run-time needs."""
    found, todo = {}, [root]
    while todo:
        dist = distribution(todo.pop())
        name = normalise(dist.metadata["Name"])
        if name in found:
            continue
        found[name] = dist.version
        for text in dist.requires or []:
            requirement = Requirement(text)
            if requirement.marker is None or requirement.marker.evaluate({"extra": ""}):
                todo.append(requirement.name)
    found.pop(normalise(root))
    return found


def normalise(name: str) -> str:
    return name.lower().replace("_", "-").replace(".", "-")


if __name__ == "__main__":
    print(HEADER)
    for name, version in sorted(runtime_closure().items()):
        print(f"{name}=={version}")
