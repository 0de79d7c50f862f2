#!/usr/bin/env bash
# Installs the PyPI packages named as arguments that the python3 on PATH cannot
# import yet (each package's import name is its name). Prints nothing when all
# of them are present. Uses pip; where pip is missing or the interpreter is
# managed by Debian (PEP 668), installs the Debian package python3-NAME instead.
set -euo pipefail

missing=()
for package in "$@"; do
    if ! python3 -c "import ${package}" >/dev/null 2>&1; then
        missing+=("$package")
    fi
done
if [ "${#missing[@]}" -eq 0 ]; then
    exit 0
fi

echo "install-python-deps: installing ${missing[*]}" >&2
if pip_output=$(PIP_ROOT_USER_ACTION=ignore python3 -m pip install --quiet --disable-pip-version-check \
    "${missing[@]}" 2>&1); then
    exit 0
fi

echo "install-python-deps: pip could not install them; trying Debian's packages" >&2
debian=()
for package in "${missing[@]}"; do
    debian+=("python3-${package}")
done
"$(dirname "$0")/install-deps.sh" "${debian[@]}"
for package in "${missing[@]}"; do
    if ! python3 -c "import ${package}" >/dev/null 2>&1; then
        echo "install-python-deps: python3 ($(command -v python3)) still cannot import ${package}; pip said:" >&2
        printf '%s\n' "$pip_output" >&2
        exit 1
    fi
done
