// gated.render.number in the browser, for the page's scripts (explorer.js, trained-cell.js): Python's format()
// for the specs they use, [+][,][.N](f|e) and d, then the page's language, and gated's [+].N× (3.6 × 10¹¹). Russian
// groups with a no-break space and sets one before %; both languages write a negative number with the minus sign,
// U+2212, not a hyphen.
// tests/pages/test_explorer.py and test_trained_cell.py compare what the pages print with gated.render.number.

(function () {
  "use strict";

  const MINUS = "\u2212"; // gated.render.MINUS

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

  // format(x, spec), the sign of a negative number a minus sign; a number that rounds to zero has none.
  function format(x, spec) {
    const m = /^(\+?)(,?)(?:\.(\d+))?([fed])$/.exec(spec);
    if (!m) throw new Error("gated number: unsupported format " + spec);
    const [, plus, group, places, kind] = m;
    let s = kind === "d" ? String(Math.abs(Math.trunc(x))) : kind === "e" ? scientific(x, Number(places)) : fixed(x, Number(places));
    if (group) {
      const [int, rest] = s.split(/(?=[.e])/);
      s = int.replace(/\B(?=(\d{3})+$)/g, ",") + (rest || "");
    }
    const negative = (x < 0 || Object.is(x, -0)) && /[1-9]/.test(s.split("e")[0]); // "-0.000" is "0.000"
    return (negative ? MINUS : plus ? "+" : "") + s;
  }

  const TIMES = "\u00a0×\u00a010"; // gated.render.TIMES
  const SUPERSCRIPT = { "0": "⁰", "1": "¹", "2": "²", "3": "³", "4": "⁴", "5": "⁵", "6": "⁶", "7": "⁷", "8": "⁸", "9": "⁹", "-": "⁻" };

  // gated.render.number: the power of ten as a reader reads it for a spec ending in ×; Russian groups with a
  // no-break space and sets one before %.
  function number(x, spec, lang) {
    if (spec.endsWith("×")) {
      const [mantissa, exponent] = format(x, spec.slice(0, -1) + "e").split("e");
      return mantissa + TIMES + String(Number(exponent)).replace(/[-0-9]/g, (c) => SUPERSCRIPT[c]);
    }
    let s = format(x, spec);
    if (lang === "ru") s = s.replace(/,/g, "\u00a0").replace(/%$/, "\u00a0%");
    return s;
  }

  window.gatedNumber = number;
})();
