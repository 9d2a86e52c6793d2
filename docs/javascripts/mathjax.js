// MathJax 3, vendored in docs/vendor/mathjax: math renders with no network.
// pymdownx.arithmatex writes \( \) and \[ \] inside .arithmatex elements; the
// notebook's Markdown cells keep $ $ inside .jp-MarkdownOutput, and its tables
// (Markdown outputs) inside .jp-RenderedMarkdown. In the page's content
// (.md-typeset) MathJax looks only inside those classes; it skips code. Each formula carries hidden MathML beside its glyphs
// (assistive MathML), which is what a screen reader reads.
window.MathJax = {
  tex: {
    inlineMath: [["\\(", "\\)"], ["$", "$"]],
    displayMath: [["\\[", "\\]"], ["$$", "$$"]],
    processEscapes: true,
    processEnvironments: true,
  },
  options: {
    ignoreHtmlClass: "md-typeset",
    processHtmlClass: "arithmatex|jp-MarkdownOutput|jp-RenderedMarkdown",
    enableMenu: false,
    enableAssistiveMml: true,
  },
  startup: {
    // Tell the page's other scripts when the formulas are set (their size is known then).
    pageReady: () => MathJax.startup.defaultPageReady().then(typeset),
  },
};

function typeset() {
  document.dispatchEvent(new Event("mathjax-typeset"));
}

// navigation.instant swaps the page's content without a reload. Material's
// document$ emits on the first load and after every switch: typeset the new
// content after a switch (on the first load MathJax typesets by itself).
let firstPage = true;
document$.subscribe(() => {
  if (firstPage) return void (firstPage = false);
  MathJax.startup.output.clearCache();
  MathJax.typesetClear();
  MathJax.texReset();
  MathJax.typesetPromise().then(typeset);
});
