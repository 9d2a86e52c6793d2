// The forget-bias explorer (gated/chapter/explorer.py writes its markup). Plain
// JavaScript, no network: two sliders, three numbers and a plot, recomputed
// as the sliders move, with the formulas of gated.highway and the formats of
// gated.render.number. Set up on every page Material shows, including after
// an instant page switch (document$).

(function () {
  "use strict";

  // ------------------------------------------------------------ numbers, as Python formats them

  // Round a string of decimal digits to `keep` digits, half to even, as Python's
  // format() does on the exact value of a double. Returns [digits, carried].
  function roundDigits(digits, keep) {
    const head = digits.slice(0, keep), rest = digits.slice(keep);
    const half = rest === "" ? -1 : rest[0] > "5" ? 1 : rest[0] < "5" ? -1 : /[1-9]/.test(rest.slice(1)) ? 1 : 0;
    const last = head === "" ? 0 : Number(head[head.length - 1]);
    if (half < 0 || (half === 0 && last % 2 === 0)) return [head, false];
    const up = (BigInt(head || "0") + 1n).toString().padStart(head.length, "0");
    return up.length > head.length ? [up.slice(0, head.length || 1), true] : [up, false];
  }

  function fixed(x, places) {
    // toFixed(100) is exact to 100 places: enough to round half to even at `places`.
    const [int, frac] = Math.abs(x).toFixed(100).split(".");
    let [digits, carried] = roundDigits(int + frac, int.length + places);
    if (carried) digits = "1" + digits;
    const cut = digits.length - places;
    return digits.slice(0, cut) + (places ? "." + digits.slice(cut) : "");
  }

  function scientific(x, places) {
    if (x === 0) return (0).toFixed(places) + "e+00";
    const [mantissa, e] = Math.abs(x).toExponential(100).split("e");
    let exponent = Number(e);
    let [digits, carried] = roundDigits(mantissa.replace(".", ""), places + 1);
    if (carried) exponent += 1;
    const sign = exponent < 0 ? "-" : "+";
    return digits[0] + (places ? "." + digits.slice(1) : "") + "e" + sign + String(Math.abs(exponent)).padStart(2, "0");
  }

  // format(x, spec) for the specs the explorer uses: [+][,][.N](f|e) and d.
  function format(x, spec) {
    const m = /^(\+?)(,?)(?:\.(\d+))?([fed])$/.exec(spec);
    if (!m) throw new Error("explorer: unsupported format " + spec);
    const [, plus, group, places, kind] = m;
    let s = kind === "d" ? String(Math.abs(Math.trunc(x))) : kind === "e" ? scientific(x, Number(places)) : fixed(x, Number(places));
    if (group) {
      const [int, rest] = s.split(/(?=[.e])/);
      s = int.replace(/\B(?=(\d{3})+$)/g, ",") + (rest || "");
    }
    const negative = x < 0 || Object.is(x, -0);
    return (negative ? "-" : plus ? "+" : "") + s;
  }

  // gated.render.number: Russian groups with a no-break space and sets one before %.
  function number(x, spec, lang) {
    let s = format(x, spec);
    if (lang === "ru") s = s.replace(/,/g, "\u00a0").replace(/%$/, "\u00a0%");
    return s;
  }

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
