"""The notebook "The gradient highway": rendered in both languages, downloadable, and self-contained."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from gated.chapter.published import FIGURES, Figure
from gated.render import TIMES, number, parse

# one worker runs the module: its module-scoped fixture is an expensive build
pytestmark = [pytest.mark.build, pytest.mark.xdist_group("notebook")]

ROOT = Path(__file__).resolve().parents[2]
WHEELHOUSE = Path(sys.prefix) / "wheelhouse"  # filled by scripts/setup.sh: no test downloads anything
PAGES = {
    "en": ("gradient-highway", "gradient-highway.ipynb"),
    "ru": ("ru/gradient-highway", "gradient-highway.ru.ipynb"),
}
# What the notebook prints: the decay, bias, step and parameter tables.
SHOWN = [
    name
    for name in FIGURES
    if name.split(".")[0] in ("decay", "bias", "lstm2", "gru2") and not name.endswith(("_short", "_prose")) and name != "bias.ratio"
] + ["cost.rnn", "cost.gru", "cost.lstm"]


def on_page(figure: Figure, lang: str) -> str:
    """A figure as the notebook's tables print it: a power of ten as prose writes it (7.105 × 10⁻¹⁵) where the
    figure, published for the terminal, is in e-notation (7.105e-15)."""
    spec = figure.spec[:-1] + "×" if figure.spec.endswith("e") else figure.spec
    return number(parse(figure.published), spec, lang)


@pytest.mark.parametrize("lang", PAGES)
def test_the_notebook_page_is_rendered_with_outputs(built, lang):
    folder, _ = PAGES[lang]
    html = (built / folder / "index.html").read_text(encoding="utf-8")
    assert 'class="jupyter-wrapper"' in html and '"nbformat"' not in html
    assert html.count("jp-OutputArea-output") >= 6
    assert f'<html lang="{lang}"' in html
    assert 'download class="md-button md-button--primary notebook-download"' in html


def _code(notebook: dict) -> list[str]:
    return [
        "".join(c["source"])
        for c in notebook["cells"]
        if c["cell_type"] == "code" and "parameters" not in c["metadata"].get("tags", [])
    ]


def test_the_two_notebooks_differ_only_in_text_and_language(built):
    english, russian = (
        json.loads((built / folder / name).read_text(encoding="utf-8")) for folder, name in PAGES.values()
    )
    assert _code(english) == _code(russian)
    parameters = [c for nb in (english, russian) for c in nb["cells"] if "parameters" in c["metadata"].get("tags", [])]
    assert ["".join(c["source"]).split("#")[0].strip() for c in parameters] == ['LANG = "en"', 'LANG = "ru"']
    prose = [[c["source"] for c in nb["cells"] if c["cell_type"] == "markdown"] for nb in (english, russian)]
    assert len(prose[0]) == len(prose[1]) and prose[0] != prose[1]
    assert not any(c.get("outputs") for nb in (english, russian) for c in nb["cells"] if c["cell_type"] == "code")


@pytest.fixture(scope="module")
def clean_python(tmp_path_factory) -> Path:
    """A venv holding numpy, ipykernel and nbclient only: no gated, no torch, no matplotlib."""
    assert WHEELHOUSE.is_dir(), f"{WHEELHOUSE} is missing: set up with scripts/test"
    root = tmp_path_factory.mktemp("clean")
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", root / "venv"], check=True)
    python = root / "venv" / "bin" / "python"
    subprocess.run(  # this Python's pip installs into the venv (pip's --python)
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            python,
            "install",
            "--quiet",
            "--no-compile",
            "--no-index",
            "--find-links",
            WHEELHOUSE,
            "numpy",
            "ipykernel",
            "nbclient",
        ],
        check=True,
        env=_clean_env(),
    )
    return python


def _clean_env() -> dict[str, str]:
    return {
        k: v
        for k, v in os.environ.items()
        if k not in ("PYTHONPATH", "VIRTUAL_ENV", "JUPYTER_PATH", "JUPYTER_CONFIG_PATH")
    }


RUN = """
import sys, nbformat, nbclient
nb = nbformat.read(sys.argv[1], as_version=4)
nbclient.NotebookClient(nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": sys.argv[2]}}).execute()
for cell in nb.cells:
    for out in cell.get("outputs", []):
        if out.get("name") == "stdout":
            print(out["text"], end="")
        elif out.get("output_type") == "display_data" and "text/markdown" in out["data"]:
            print(out["data"]["text/markdown"])
"""


@pytest.mark.parametrize("lang", PAGES)
def test_the_downloaded_notebook_runs_without_gated(built, clean_python, tmp_path, lang):
    folder, name = PAGES[lang]
    notebook = tmp_path / name
    notebook.write_bytes((built / folder / name).read_bytes())
    env = _clean_env()
    where = subprocess.run(
        [
            clean_python,
            "-c",
            "import importlib.util as u; print(u.find_spec('gated'), u.find_spec('torch'), u.find_spec('matplotlib'))",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    assert where.stdout.split() == ["None", "None", "None"]
    run = subprocess.run(
        [clean_python, "-c", RUN, notebook, tmp_path],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    printed = run.stdout
    assert f"2.565{TIMES}⁻³" in printed and f"7.105{TIMES}⁻¹⁵" in printed
    assert "e-03" not in printed and "e-15" not in printed  # no e-notation: the tables are the pages'
    missing = [n for n in SHOWN if on_page(FIGURES[n], lang) not in printed]
    assert missing == [], f"published figures the notebook does not print: {missing}"


def _written(notebook: dict) -> dict[str, str]:
    """The files the notebook's %%writefile cells write: name -> source."""
    cells = ["".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "code"]
    return {c.split("\n", 1)[0].split()[1]: c.split("\n", 1)[1] for c in cells if c.startswith("%%writefile")}


@pytest.mark.parametrize("lang", PAGES)
def test_the_notebook_inlines_only_what_its_tables_need(built, lang):
    folder, name = PAGES[lang]
    written = _written(json.loads((built / folder / name).read_text(encoding="utf-8")))
    source = "\n".join(written.values())
    lines = len(source.splitlines())
    assert lines < 700, f"the notebook inlines {lines} lines of gated/"
    # other pages' code stays out: the from-scratch tables, bidirectional shapes, the GRU's two conventions
    for other in ("def worked(", "def counts(", "def shapes(", "def halves(", "def conventions(", "def scratch(",
                  "def training(", "def gradient_norms(", "def torch_gru_step(", "def to_torch_convention("):
        assert other not in source, f"the notebook inlines {other[4:-1]}, which no table of it needs"
    for needed in ("def decay(", "def bias(", "def lstm_step(", "def gru_step(", "def params(", "def markdown("):
        assert needed in source


@pytest.mark.parametrize("lang", PAGES)
def test_the_package_cells_are_folded_under_one_label_on_the_page(built, lang):
    folder, name = PAGES[lang]
    html = (built / folder / "index.html").read_text(encoding="utf-8")
    written = _written(json.loads((built / folder / name).read_text(encoding="utf-8")))
    assert html.count('<details class="notebook-package">') == 1
    summary = html.split('<details class="notebook-package"><summary>', 1)[1].split("</summary>", 1)[0]
    lines = sum(len(s.splitlines()) for s in written.values())
    assert f" {lines}" in summary and all(n.split("/")[-1] in summary for n in written), summary
    folded = html.split('<details class="notebook-package">', 1)[1].split("</details>", 1)[0]
    assert folded.count("%%writefile") == len(written)
    assert "<table" not in folded, "a table of the story is folded away with the package"
    assert html.index('<details class="notebook-package">') < html.index("<table")


@pytest.mark.parametrize("lang", PAGES)
def test_the_tables_are_tables(built, lang):
    folder, _ = PAGES[lang]
    html = (built / folder / "index.html").read_text(encoding="utf-8")
    assert html.count("<table") >= 6 and "jp-RenderedMarkdown" in html


def _outputs(notebook) -> list:
    """What each code cell printed, and its execution count: what the page shows of a run."""
    return [(c.execution_count, [{k: v for k, v in o.items() if k != "metadata"} for o in c.outputs])
            for c in notebook.cells if c.cell_type == "code"]


def test_one_kernel_runs_both_languages_as_a_kernel_each_would(hook, tmp_path):
    """hooks/outputs.py runs every language's notebook in one kernel: each prints what it prints in a kernel of
    its own, in its own folder, with the same execution counts."""
    import nbformat
    from nbclient import NotebookClient

    outputs = hook("outputs")
    texts = outputs.generated(ROOT / "notebooks" / "gradient-highway.py")
    together = outputs.execute_together(texts, {"kernel_name": "python3", "allow_errors": False}, tmp_path / "one")
    for lang, text in texts.items():
        alone = nbformat.reads(text, as_version=4)
        (tmp_path / "alone" / lang).mkdir(parents=True)
        NotebookClient(alone, kernel_name="python3", resources={"metadata": {"path": str(tmp_path / "alone" / lang)}},
                       **json.loads(outputs.CONFIG)["NotebookClient"]).execute()
        assert _outputs(together[text]) == _outputs(alone), lang
        assert any("Writing gated/" in str(o) for _, cell in _outputs(alone) for o in cell)
    english, russian = (together[texts[lang]] for lang in ("en", "ru"))
    assert _outputs(english) != _outputs(russian)  # the tables print in each language


def test_a_line_the_kernel_sends_in_pieces_is_one_output(hook, tmp_path):
    """A kernel may send a printed line and its newline as two messages (it did in CI, at random): the build merges
    a cell's pieces of one stream, so the page is the same on every run."""
    import nbformat

    outputs = hook("outputs")
    cell = nbformat.v4.new_code_cell(
        'import sys, time\nprint("Writing gated/gate.py", end="", flush=True)\ntime.sleep(0.3)\nprint()\n'
        'print("oops", file=sys.stderr)\nprint("next")')
    text = nbformat.writes(nbformat.v4.new_notebook(cells=[cell]))
    run = outputs.execute_together({"en": text}, {"kernel_name": "python3", "allow_errors": False}, tmp_path)[text]
    streams = [(o["name"], o["text"]) for o in run.cells[0].outputs]
    assert streams == [("stdout", "Writing gated/gate.py\nnext\n"), ("stderr", "oops\n")]
