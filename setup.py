"""Build step beyond pyproject.toml: the top-level ``templates/`` and ``static/`` folders
(where the project keeps them) go into the built package as ``companion/templates`` and
``companion/static``, so a wheel or a non-editable install serves them. An editable
install keeps reading them from the checkout (``companion.web.shipped``)."""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
FOLDERS = ("templates", "static")


class build_py_with_site(build_py):
    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return
        for folder in FOLDERS:
            target = Path(self.build_lib) / "companion" / folder
            if target.exists():
                shutil.rmtree(target)
            shutil.copytree(HERE / folder, target, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


setup(cmdclass={"build_py": build_py_with_site})
