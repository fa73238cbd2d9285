"""Maps the top-level folders engine/, ai/ and tui/ onto gemtable.engine,
gemtable.ai and gemtable.tui, so no bare top-level module is ever installed.
Every metadata field lives in pyproject.toml; this file only finds packages,
so a new game folder is picked up without editing any list."""

from setuptools import find_packages, setup

FOLDERS = ("engine", "ai", "tui")

setup(
    packages=[
        f"gemtable.{name}"
        for name in find_packages(include=[f"{folder}*" for folder in FOLDERS])
    ],
    package_dir={f"gemtable.{folder}": folder for folder in FOLDERS},
)
