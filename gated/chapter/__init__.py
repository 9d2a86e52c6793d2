"""Chapter 13, "Gated recurrence: LSTM and GRU", built on the library in `gated`.

    examples     the worked examples, as data
    published    every figure the pages quote, by name, with how to compute it
    tables       the chapter's tables, as records (`gated.render` prints them)
    diagram      the step-by-step figure of one LSTM step (SVG, from `gated.svg`)
    plots        the plots, as SVG (matplotlib)
    explorer     the forget-bias explorer's markup, for the page's script
    experiments  what the chapter runs on PyTorch, each with its table and claims
    cli          `python -m gated`

The library never imports this package; this package imports the library.
"""
