// Keyboard reach for what scrolls sideways: a wide table, formula, drawing or
// notebook cell that overflows its box gets tabindex="0", so that a reader without a
// mouse can focus it and scroll it with the arrow keys (axe:
// scrollable-region-focusable). Checked once the formulas are set and their
// fonts loaded (then <html> carries data-scrollers-checked), again after every
// page switch and whenever the window is resized; boxes that fit take no tab stop.

(function () {
  "use strict";
  const SCROLLERS = [
    ".md-typeset__scrollwrap",
    ".md-typeset div.arithmatex",
    ".md-typeset .highlight-ipynb",
    ".md-typeset .jp-OutputArea-output",
    ".md-typeset pre > code",
    ".md-typeset figure.computed", // a drawing kept legible on a phone: gated/chapter/unrolled.py, directions.py
  ].join(", ");

  function reach() {
    for (const el of document.querySelectorAll(SCROLLERS)) {
      const scrolls = el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
      if (scrolls && !el.hasAttribute("tabindex")) {
        el.setAttribute("tabindex", "0");
        el.dataset.scrollReach = "";
      } else if (!scrolls && "scrollReach" in el.dataset) {
        el.removeAttribute("tabindex");
        delete el.dataset.scrollReach;
      }
    }
  }

  let pending = 0;
  const soon = () => {
    clearTimeout(pending);
    pending = setTimeout(reach, 100);
  };
  if (typeof document$ !== "undefined") document$.subscribe(soon);
  // Formulas have their width once set, in their own fonts: then every box has its final width.
  document.addEventListener("mathjax-typeset", () =>
    document.fonts.ready.then(() => {
      reach();
      document.documentElement.dataset.scrollersChecked = "";
    }),
  );
  window.addEventListener("resize", soon);
})();
