// MathJax 3, vendored in docs/vendor/mathjax: math renders with no network.
// pymdownx.arithmatex writes \( \) and \[ \] inside .arithmatex elements; the
// notebook's Markdown cells keep $ $ inside .jp-MarkdownOutput. MathJax looks
// only inside those two classes.
window.MathJax = {
  tex: {
    inlineMath: [["\\(", "\\)"], ["$", "$"]],
    displayMath: [["\\[", "\\]"], ["$$", "$$"]],
    processEscapes: true,
    processEnvironments: true,
  },
  options: {
    ignoreHtmlClass: ".*|",
    processHtmlClass: "arithmatex|jp-MarkdownOutput",
    enableMenu: false,
  },
};
