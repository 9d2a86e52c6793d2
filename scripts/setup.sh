# Sourced by scripts/serve and scripts/test: a virtual environment in .venv with
# requirements.txt installed, re-installed only when requirements.txt or
# pyproject.toml change.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

python=${PYTHON:-python3.11}
command -v "$python" >/dev/null || python=python3
[ -x .venv/bin/python ] || "$python" -m venv .venv

stamp=.venv/.installed
want=$(cat requirements.txt pyproject.toml | sha256sum | cut -d' ' -f1)
# scripts/test sets GATED_EXTRAS=1: all of requirements.txt. scripts/serve installs it up to
# its extras, which the site does not need (the store's s3fs, the tests' moto, the cluster's
# dask); a set-up that has them serves as well.
requirements=requirements.txt
if [ -z "${GATED_EXTRAS:-}" ]; then
  [ "$(cat "$stamp" 2>/dev/null)" != "$want extras" ] || want="$want extras"
  requirements=.venv/site-requirements.txt
  sed '/^# -* extras:/,$d' requirements.txt > "$requirements"
else
  want="$want extras"
fi
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -r "$requirements"
  # Wheels for the tests' clean environments (numpy alone; a Jupyter kernel), fetched
  # now so that no test downloads anything.
  grep '==' requirements.txt > .venv/constraints.txt
  .venv/bin/python -m pip download --quiet --disable-pip-version-check --dest .venv/wheelhouse \
    -c .venv/constraints.txt numpy ipykernel nbclient setuptools
  echo "$want" > "$stamp"
fi

export NO_MKDOCS_2_WARNING=1  # Material's notice about MkDocs 2 on every build
