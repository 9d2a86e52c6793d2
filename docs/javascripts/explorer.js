// The forget-bias explorer (gated/chapter/explorer.py writes its markup). Plain
// JavaScript, no network: two sliders, three numbers and a plot, recomputed
// as the sliders move, with the formulas of gated.highway and the formats of
// gated.render.number (number.js). Set up on every page Material shows, including after
// an instant page switch (document$).

(function () {
  "use strict";

  // gated.render.number, from number.js: Python's formats, the page's language, a minus sign for a negative number.
  const number = (x, spec, lang) => window.gatedNumber(x, spec, lang);

  // gated.gate.sigmoid, computed the same way: exp(-log(1 + e^(-a))).
  function logaddexp0(a) {
    return a > 0 ? a + Math.log1p(Math.exp(-a)) : Math.log1p(Math.exp(a));
  }
  const sigmoid = (a) => Math.exp(-logaddexp0(-a));

  // ------------------------------------------------------------ the explorer

  function setUp(root) {
    if (root.dataset.ready) return;
    root.dataset.ready = "1";
    const config = JSON.parse(root.dataset.config);
    const bias = root.querySelector('input[data-role="bias"]');
    const tau = root.querySelector('input[data-role="tau"]');
    const show = (key, text) => root.querySelectorAll(`[data-show="${key}"]`).forEach((e) => (e.textContent = text));
    const plot = root.querySelector(".bias-explorer-plot");
    const [x0, x1, y0, y1] = [40, 350, 120, 10];

    function curve(factor, steps) {
      const points = [];
      for (let t = 0; t <= steps; t += Math.max(1, Math.floor(steps / 120))) points.push([t, factor ** t]);
      points.push([steps, factor ** steps]);
      return points
        .map(([t, v], k) => `${k ? "L" : "M"}${(x0 + ((x1 - x0) * t) / steps).toFixed(1)} ${(y0 - (y0 - y1) * v).toFixed(1)}`)
        .join("");
    }

    function update() {
      const b = Number(bias.value), n = Number(tau.value), f = sigmoid(b);
      const printed = {
        bias: number(b, bias.dataset.spec, config.lang),
        tau: number(n, tau.dataset.spec, config.lang),
        gate: number(f, config.specs.gate, config.lang),
        kept: number(f ** n, config.specs.kept, config.lang),
        plain: number(config.plain ** n, config.specs.plain, config.lang),
      };
      for (const [key, text] of Object.entries(printed)) show(key, text);
      bias.setAttribute("aria-valuetext", printed.bias);
      tau.setAttribute("aria-valuetext", printed.tau);
      plot.querySelector(".bias-explorer-kept").setAttribute("d", curve(f, n));
      plot.querySelector(".bias-explorer-plain").setAttribute("d", curve(config.plain, n));
      plot.querySelector("desc").textContent = config.describe.replace(/\{(\w+)\}/g, (_, key) => printed[key]);
    }

    bias.addEventListener("input", update);
    tau.addEventListener("input", update);
    update();
    root.hidden = false;
  }

  function setUpAll() {
    document.querySelectorAll(".bias-explorer").forEach(setUp);
  }

  if (typeof document$ !== "undefined") document$.subscribe(setUpAll);
  else document.addEventListener("DOMContentLoaded", setUpAll);
})();
