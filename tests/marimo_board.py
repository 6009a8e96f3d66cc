"""The board in marimo: ``marimo run tests/marimo_board.py`` (or ``marimo edit`` to change it).

marimo shows an anywidget as one of its own UI elements (``mo.ui.anywidget`` is not needed): a
cell's last expression, ``ye.play(...)``, is a board that plays, as in Jupyter.
``tests/browser/test_marimo.py`` plays it.
"""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="full")  # the panels beside the board, as in JupyterLab


@app.cell
def _() -> tuple[()]:
    import yacht_edu as ye

    ye.play(("Asha", "Ravi"), seed=2026)
    return ()


if __name__ == "__main__":
    app.run()
