// The language switcher under instant navigation (see hooks/instant.py).
// Material swaps a page's content but keeps its header, so after each page
// switch the switcher's links are pointed at the new page in each language;
// and a language switch loads the other language's page in full, so that the
// header, the search and every label change language too.

(function () {
  "use strict";
  const links = () => [...document.querySelectorAll("a.md-select__link[hreflang]")];
  let roots = null; // language -> path of its home page, e.g. {en: "/", ru: "/ru/"}

  // On the first page, each link's path is its language's root plus this page's path:
  // the part they share at the end is the page, what precedes it is the root.
  function learnRoots() {
    const paths = links().map((a) => [a.hreflang, new URL(a.href).pathname]);
    if (paths.length < 2) return;
    let common = paths[0][1];
    for (const [, p] of paths) while (!p.endsWith(common)) common = common.slice(common.indexOf("/", 1));
    roots = Object.fromEntries(paths.map(([lang, p]) => [lang, p.slice(0, p.length - common.length) + "/"]));
  }

  function retarget() {
    if (!roots) return learnRoots();
    const here = location.pathname;
    const [, root] = Object.entries(roots)
      .filter(([, r]) => here.startsWith(r))
      .sort((a, b) => b[1].length - a[1].length)[0] || [];
    if (root === undefined) return;
    const page = here.slice(root.length);
    for (const a of links()) a.href = new URL(roots[a.hreflang] + page, location.origin).href;
  }

  // Capture phase: before Material's instant navigation sees the click.
  document.addEventListener(
    "click",
    (ev) => {
      const a = ev.target instanceof Element && ev.target.closest("a.md-select__link[hreflang]");
      if (a && !ev.metaKey && !ev.ctrlKey) ev.stopPropagation(); // the browser follows the link
    },
    true,
  );

  if (typeof document$ !== "undefined") document$.subscribe(retarget);
})();
