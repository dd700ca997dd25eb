import os
import shutil

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))


def cli_path():
    """The `selfsize` binary to compare with: $SELFSIZE_CLI, else the checkout's build."""
    if os.environ.get("SELFSIZE_CLI"):
        return os.environ["SELFSIZE_CLI"]
    for configuration in ("debug", "release"):
        candidate = os.path.join(ROOT, ".build", configuration, "selfsize")
        if os.path.exists(candidate):
            return candidate
    found = shutil.which("selfsize")
    if found:
        return found
    pytest.fail("no selfsize binary: build it (swift build) or set SELFSIZE_CLI")


@pytest.fixture(scope="session")
def cli():
    return cli_path()


@pytest.fixture(scope="session")
def root():
    return ROOT
