// The trained cell (gated/chapter/trained_cell.py writes its markup and the exported weights). Plain
// JavaScript, no network: the LSTM step of gated.lstm in double precision, run on the chosen first
// symbol and blanks after, shown step by step for the units that carry the symbol, its numbers printed
// by number.js as gated.render.number prints them. The plots of the memory are the build's; the script
// only marks the step it is on and the chosen symbol's line. The whole trace of the current symbol is
// left in data-trace, for the page's test to compare with the build's.

(function () {
  "use strict";

  // gated.gate.sigmoid, computed the same way: exp(-log(1 + e^(-a))).
  function logaddexp0(a) {
    return a > 0 ? a + Math.log1p(Math.exp(-a)) : Math.log1p(Math.exp(a));
  }
  const sigmoid = (a) => Math.exp(-logaddexp0(-a));

  // W x + U h + b for one block; x is one-hot at `hot` (or blank when hot < 0).
  function affine(g, hot, h) {
    return g.b.map((b, r) => {
      let s = 0;
      for (let j = 0; j < h.length; j++) s += g.U[r][j] * h[j];
      return (hot >= 0 ? g.W[r][hot] : 0) + s + b;
    });
  }

  // gated.lstm.lstm_step on the sequence: symbol k at the first step, blanks after. Returns f, i, c as (T, units).
  function run(config, k) {
    const p = config.cell, units = config.units;
    let h = new Array(config.H).fill(0), c = new Array(config.H).fill(0);
    const trace = { f: [], i: [], c: [] };
    for (let t = 0; t < config.T; t++) {
      const hot = t === 0 ? k : -1;
      const f = affine(p.f, hot, h).map(sigmoid), i = affine(p.i, hot, h).map(sigmoid);
      const g = affine(p.c, hot, h).map(Math.tanh), o = affine(p.o, hot, h).map(sigmoid);
      c = c.map((cj, j) => f[j] * cj + i[j] * g[j]);
      h = c.map((cj, j) => o[j] * Math.tanh(cj));
      trace.f.push(units.map((u) => f[u]));
      trace.i.push(units.map((u) => i[u]));
      trace.c.push(units.map((u) => c[u]));
    }
    return trace;
  }

  // The build's plots: the chosen symbol's line drawn heavier, the current step marked on every plot.
  function mark(root, symbol, t) {
    root.querySelectorAll(".trained-cell-plot").forEach((plot) => {
      plot.querySelectorAll(".trained-cell-line").forEach((line) =>
        line.classList.toggle("trained-cell-chosen", line.dataset.symbol === String(symbol)));
      const line = plot.querySelector(`.trained-cell-line[data-symbol="${symbol}"]`);
      const [x, y] = line.getAttribute("points").split(" ")[t].split(","); // the build's coordinates, as written
      const now = plot.querySelector(".trained-cell-now"), dot = plot.querySelector(".trained-cell-dot");
      now.setAttribute("d", now.getAttribute("d").replace(/^M[\d.]+/, "M" + x));
      dot.setAttribute("cx", x);
      dot.setAttribute("cy", y);
      now.removeAttribute("display");
      dot.removeAttribute("display");
    });
  }

  function setUp(root) {
    if (root.dataset.ready) return;
    root.dataset.ready = "1";
    const config = JSON.parse(root.dataset.config);
    const symbol = root.querySelector('select[data-role="symbol"]');
    const live = root.querySelector('[data-show="live"]');
    const moves = root.querySelectorAll("button[data-move]");
    const show = (x) => window.gatedNumber(x, ".3f", config.lang); // gated.render.number: −0.123 with a minus sign
    let trace = null, t = 0; // t counts from 0 here; the page says step t + 1, as x_1 is the first

    function update() {
      const fill = (s, values) => s.replace(/\{(\w+)\}/g, (_, key) => values[key]);
      let said = fill(config.step, { t: t + 1, T: config.T, k: symbol.value });
      config.units.forEach((u, n) => {
        const values = { u: u };
        for (const key of ["f", "i", "c"]) {
          values[key] = show(trace[key][t][n]);
          root.querySelector(`[data-show="${key}-${n}"]`).textContent = values[key];
        }
        said += " " + fill(config.unit, values);
      });
      root.querySelector('[data-show="step"]').textContent = "t = " + (t + 1);
      live.textContent = said;
      moves.forEach((b) => {
        const end = b.dataset.move === "first" || b.dataset.move === "previous" ? 0 : config.T - 1;
        b.setAttribute("aria-disabled", String(t === end));
      });
      root.dataset.step = String(t + 1);
      mark(root, Number(symbol.value), t);
    }

    function choose() {
      trace = run(config, Number(symbol.value));
      root.dataset.trace = JSON.stringify(trace);
      t = 0;
      update();
    }

    function move(to) {
      t = Math.max(0, Math.min(config.T - 1, to));
      update();
    }

    const targets = { first: () => 0, previous: () => t - 1, next: () => t + 1, last: () => config.T - 1 };
    moves.forEach((b) => {
      b.addEventListener("click", () => move(targets[b.dataset.move]()));
      b.addEventListener("keydown", (e) => {
        const to = { ArrowLeft: t - 1, ArrowRight: t + 1, Home: 0, End: config.T - 1 }[e.key];
        if (to === undefined) return;
        e.preventDefault();
        move(to);
      });
    });
    symbol.addEventListener("change", choose);
    choose();
    root.querySelector(".trained-cell-controls").hidden = false;
  }

  function setUpAll() {
    document.querySelectorAll(".trained-cell").forEach(setUp);
  }

  if (typeof document$ !== "undefined") document$.subscribe(setUpAll);
  else document.addEventListener("DOMContentLoaded", setUpAll);
})();
