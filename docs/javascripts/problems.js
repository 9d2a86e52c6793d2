// While `mkdocs serve` runs, and only then (hooks/overlay.py adds this script): every problem a strict build would
// fail on, in the page. hooks/overlay.py writes gated-problems.json after each build; on every page, and after
// every instant page switch, this script puts a bar at the top that counts the site's problems and links to each,
// and a box beside each problem of the page, at its place: what is wrong, its file:line and the fix, in the page's
// language, with what the build said folded below. It marks what is at fault. A fixed problem is gone from the
// next build's file, so from the page that the reload brings. The boxes go beside the page's elements, never
// inside a list or a table, so no number of the page changes.

(function () {
  "use strict";
  const WORDS = {
    en: {
      bar: "Problems a strict build would fail on",
      count: (n) => `${n} problem${n === 1 ? "" : "s"} in the site: a strict build would fail.`,
      problem: (n, of) => `Problem ${n} of ${of}:`,
      fix: "Fix:",
      said: "What the build says",
      elsewhere: "(not on a page)",
    },
    ru: {
      bar: "Ошибки, на которых остановится строгая сборка",
      count: (n) => `На сайте ${n} ${ruPlural(n, "ошибка", "ошибки", "ошибок")}: строгая сборка не пройдёт.`,
      problem: (n, of) => `Ошибка ${n} из ${of}:`,
      fix: "Как исправить:",
      said: "Что сообщает сборка",
      elsewhere: "(не на странице)",
    },
  };

  function ruPlural(n, one, few, many) {
    const d = n % 10, dd = n % 100;
    if (d === 1 && dd !== 11) return one;
    if (d >= 2 && d <= 4 && (dd < 12 || dd > 14)) return few;
    return many;
  }

  function root() {
    const config = document.getElementById("__config");
    const base = config ? JSON.parse(config.textContent).base : ".";
    return new URL(base.replace(/\/?$/, "/"), location.href);
  }

  function element(tag, attributes, ...children) {
    const el = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) el.setAttribute(name, value);
    for (const child of children) el.append(child);
    return el;
  }

  function boxId(problem, k) {
    return `gated-problem-${problem.n}` + (k ? `-${k + 1}` : "");
  }

  function bar(data, words, lang, base) {
    const list = element("ul");
    for (const problem of data.problems) {
      const places = problem.places.filter((p) => p.at !== undefined);
      const place = places.find((p) => p.lang === lang) || places[0];
      const label = `${problem.where}: ${problem.what[lang] || problem.what.en}`;
      if (place) {
        const k = problem.places.filter((p) => p.page === place.page && p.at !== undefined).indexOf(place);
        const href = new URL(place.page, base).href + "#" + boxId(problem, k);
        list.append(element("li", {}, element("a", { href }, label)));
      } else {
        list.append(element("li", {}, `${label} ${words.elsewhere}`));
      }
    }
    return element(
      "aside",
      { class: "gated-bar", "aria-label": words.bar, "data-gated-overlay": "" },
      element("p", {}, element("strong", {}, words.count(data.problems.length))),
      list,
    );
  }

  function box(problem, place, id, total, words, lang) {
    const said = element("details", { class: "gated-problem__said" },
      element("summary", {}, words.said), element("pre", {}, element("code", {}, problem.said)));
    const where = place.where === problem.where ? problem.where : `${problem.where} (${place.where})`;
    return element(
      "div",
      { class: "gated-problem", id, role: "note", "aria-labelledby": `${id}-title`, tabindex: "-1",
        "data-gated-overlay": "" },
      element("p", { class: "gated-problem__title", id: `${id}-title` },
        element("span", { class: "gated-problem__label" }, words.problem(problem.n, total)), " ",
        problem.what[lang] || problem.what.en),
      element("p", { class: "gated-problem__where" }, element("code", {}, where)),
      element("p", { class: "gated-problem__fix" }, element("strong", {}, words.fix), " ",
        problem.fix[lang] || problem.fix.en),
      said,
    );
  }

  // Mark the first occurrence of `text` in `el`, outside formulas (MathJax typesets them from their text).
  function mark(el, text) {
    if (!text) return;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT, {
      acceptNode: (node) => (node.parentElement.closest(".arithmatex, [data-gated-overlay]")
        ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
    });
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.data.indexOf(text);
      if (at < 0) continue;
      const found = node.splitText(at);
      found.splitText(text.length);
      found.replaceWith(element("mark", { class: "gated-mark", "data-gated-overlay": "" }, found.data));
      return;
    }
    el.classList.add("gated-marked");
  }

  function place(target, how, el) {
    if (how === "before") target.before(el);
    else if (how === "append") target.append(el);
    else target.after(el);
    for (let d = el.parentElement.closest("details"); d; d = d.parentElement.closest("details")) d.open = true;
  }

  function show(data) {
    shown(data);
    document.documentElement.dataset.problemsShown = String(data ? data.problems.length : 0);
  }

  function shown(data) {
    for (const el of document.querySelectorAll(".gated-mark")) el.replaceWith(el.textContent);
    for (const el of document.querySelectorAll("[data-gated-overlay]")) el.remove();
    for (const el of document.querySelectorAll(".gated-marked")) el.classList.remove("gated-marked");
    if (!data || !data.problems.length) return;
    const lang = document.documentElement.lang === "ru" ? "ru" : "en";
    const words = WORDS[lang];
    const base = root();
    const here = decodeURIComponent(location.pathname).slice(decodeURIComponent(base.pathname).length);
    const header = document.querySelector("header.md-header"); // after the link that skips to the content
    if (header) header.before(bar(data, words, lang, base));
    else document.body.prepend(bar(data, words, lang, base));
    const article = document.querySelector("article.md-content__inner");
    if (!article) return;
    for (const problem of data.problems) {
      const mine = problem.places.filter((p) => p.page === here && p.at !== undefined);
      mine.forEach((p, k) => {
        const target = article.querySelector(`[data-gated-at="${p.at}"]`);
        if (!target) return;
        const marked = article.querySelector(`[data-gated-at="${p.mark}"]`);
        if (marked) mark(marked, problem.mark);
        place(target, p.how, box(problem, p, boxId(problem, k), data.problems.length, words, lang));
      });
    }
    const wanted = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (wanted && wanted.matches(".gated-problem")) {
      wanted.scrollIntoView({ block: "center" });
      wanted.focus({ preventScroll: true });
    }
  }

  function refresh() {
    fetch(new URL("gated-problems.json", root()), { cache: "no-store" })
      .then((answer) => (answer.ok ? answer.json() : null))
      .catch(() => null)
      .then(show);
  }

  if (typeof document$ !== "undefined") document$.subscribe(refresh);
  else document.addEventListener("DOMContentLoaded", refresh);
})();
