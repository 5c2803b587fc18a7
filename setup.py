"""Package discovery for the one install.

``models/`` and ``rules/`` live at the top of the repository but install
inside the ``hhh_verify`` namespace (so they never collide with a user's own ``models``
package). A static ``packages.find`` cannot rename what it finds, so every package below
each root is found here and named under its namespace: a new game package (or a
kernel or SMT subpackage) installs without a hand-kept list. Everything else is in
``pyproject.toml``.
"""

from setuptools import find_packages, setup

#: Installed package -> the directory it comes from.
ROOTS = {
    "hhh_verify": "hhh_verify",
    "hhh_verify.models": "models",
    "hhh_verify.rules": "rules",
}

setup(
    package_dir=ROOTS,
    packages=[
        name
        for root, where in ROOTS.items()
        for name in (root, *(f"{root}.{sub}" for sub in find_packages(where)))
    ],
)
