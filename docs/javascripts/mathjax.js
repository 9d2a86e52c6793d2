// MathJax 3, vendored in docs/vendor/mathjax: math renders with no network.
// pymdownx.arithmatex writes \( \) and \[ \] inside .arithmatex elements; the
// notebook's Markdown cells keep $ $ inside .jp-MarkdownOutput. In the page's
// content (.md-typeset) MathJax looks only inside those two classes; it skips
// code everywhere.
window.MathJax = {
  tex: {
    inlineMath: [["\\(", "\\)"], ["$", "$"]],
    displayMath: [["\\[", "\\]"], ["$$", "$$"]],
    processEscapes: true,
    processEnvironments: true,
  },
  options: {
    ignoreHtmlClass: "md-typeset",
    processHtmlClass: "arithmatex|jp-MarkdownOutput",
    enableMenu: false,
  },
};
