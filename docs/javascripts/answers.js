// Exercises that answer back (gated/answers.py writes each field, hooks/answers.py puts it before its folded
// answer). Plain JavaScript, no network: the answer and how far from it a number may be came with the page.
// The reader types a number with a decimal point or a comma, grouped or not (132,096, 132 096, 0,75), as a
// share (75%) or with a power of ten (7.1e-15, 7,1·10^-15, 7.1 × 10⁻¹⁵), negative with a hyphen or a minus
// sign (-4.24, −4.24); Enter or the button checks it, and the live region says whether it is right or how
// far off, in the page's language and number format (a negative number with the minus sign, as the page).
// Set up on every page Material shows, including after an instant page switch (document$).

(function () {
  "use strict";

  const SUPERSCRIPT = "⁰¹²³⁴⁵⁶⁷⁸⁹";
  const NBSP = "\u00a0";
  const MINUS = "\u2212"; // gated.render.MINUS: the sign of a negative number as the page prints it
  const TIMES = NBSP + "×" + NBSP + "10"; // gated.render.TIMES: 3.6 × 10¹¹ on one line

  // ------------------------------------------------------------ reading what the reader typed

  function superscriptToNumber(s) {
    const sign = s[0] === "⁻" ? -1 : 1;
    return sign * Number([...s.replace(/^[⁺⁻]/, "")].map((ch) => SUPERSCRIPT.indexOf(ch)).join(""));
  }

  // The readings of `text`: each {value, sign, int, frac, power, percent}, the page's language's first. Two when
  // a lone comma before three digits may group thousands (English) or mark the decimals (Russian): 1,500.
  // None when it is not a number.
  function read(text, lang) {
    let s = text.trim().replace(/[\u2212\u2013]/g, "-"); // a minus sign or a dash
    let percent = false, power = 0, m;
    if (s.endsWith("%")) [s, percent] = [s.slice(0, -1).trim(), true];
    if ((m = /^(.*?)\s*[eE]\s*([+-]?\d+)$/.exec(s))) [s, power] = [m[1], Number(m[2])];
    else if ((m = /^(.*?)\s*[×xX·⋅*]\s*10\s*(?:\^\s*[({]?\s*([+-]?\d+)\s*[)}]?|([⁺⁻]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+))$/.exec(s)))
      [s, power] = [m[1], m[2] !== undefined ? Number(m[2]) : superscriptToNumber(m[3])];
    s = s.replace(/[\s\u00a0\u2007\u2009\u202f]/g, ""); // digits grouped by spaces, no-break or thin
    if (!(m = /^([+-]?)(\d[\d.,]*|[.,]\d[\d.,]*)$/.exec(s))) return [];
    const [, sign, body] = m;
    const commas = body.split(",").length - 1, points = body.split(".").length - 1;
    let ways; // [decimal mark, grouping mark]
    if (commas && points) ways = [body.lastIndexOf(",") > body.lastIndexOf(".") ? [",", "."] : [".", ","]];
    else if (commas > 1) ways = [[null, ","]];
    else if (points > 1) ways = [[null, "."]];
    else if (commas === 1 && /^[1-9]\d{0,2},\d{3}$/.test(body)) ways = lang === "ru" ? [[",", null], [null, ","]] : [[null, ","], [",", null]];
    else ways = [[commas ? "," : ".", null]];
    const readings = [];
    for (const [decimal, group] of ways) {
      if (group) { // thousands: one to three digits, then groups of three
        const groups = (decimal ? body.slice(0, body.lastIndexOf(decimal)) : body).split(group);
        if (!/^\d{1,3}$/.test(groups[0]) || groups.slice(1).some((g) => !/^\d{3}$/.test(g))) continue;
      }
      const plain = group ? body.split(group).join("") : body;
      if (decimal && plain.split(decimal).length > 2) continue;
      let [int, frac = ""] = decimal ? plain.split(decimal) : [plain];
      if (/[.,]/.test(int + frac)) continue;
      int = int.replace(/^0+(?=\d)/, "") || "0";
      const value = Number(`${sign}${int}.${frac || "0"}e${power - (percent ? 2 : 0)}`);
      if (Number.isFinite(value)) readings.push({ value, sign: sign === "-" ? MINUS : "", int, frac, power, percent });
    }
    return readings;
  }

  // ------------------------------------------------------------ printing numbers the page's way

  function grouped(int, lang) {
    return int.length < 4 ? int : int.replace(/\B(?=(\d{3})+$)/g, lang === "ru" ? NBSP : ",");
  }

  function powerOfTen(n) {
    return TIMES + String(n).replace("-", "⁻").replace(/\d/g, (d) => SUPERSCRIPT[Number(d)]);
  }

  function share(text, lang) {
    return text + (lang === "ru" ? NBSP + "%" : "%");
  }

  // A reading as the reader wrote it, in the page's format: 0,75 on an English page shows as 0.75, -4.24 as −4.24.
  function shown(r, lang) {
    const s = r.sign + grouped(r.int, lang) + (r.frac ? "." + r.frac : "") + (r.power ? powerOfTen(r.power) : "");
    return r.percent ? share(s, lang) : s;
  }

  // A distance to two significant digits (a whole number exactly), in the page's format.
  function distance(x, lang, whole) {
    if (whole) return grouped(String(Math.round(x)), lang);
    if (x === 0) return "0";
    let e = Math.floor(Math.log10(x));
    if (Number((x / 10 ** e).toFixed(1)) >= 10) e += 1;
    if (e >= -4 && e < 15) {
      const [int, frac] = x.toFixed(Math.max(0, 1 - e)).split(".");
      return grouped(int, lang) + (frac ? "." + frac : "");
    }
    return (x / 10 ** e).toFixed(1) + powerOfTen(e);
  }

  // ------------------------------------------------------------ the field

  function verdict(text, config) {
    const { lang, value, within, percent, words } = config;
    if (!text.trim()) return ["empty", words.empty];
    const readings = read(text, lang);
    if (percent) { // an answer that is a share: 75 may mean 75 %
      for (const r of readings.slice()) if (!r.percent) {
        const alike = { ...r, percent: true, value: r.value / 100 };
        if (r.value > 1) readings.unshift(alike); else readings.push(alike);
      }
    }
    if (!readings.length) return ["unread", words.unread.replace("{typed}", text.trim())];
    const right = readings.find((r) => Math.abs(r.value - value) <= within * (1 + 1e-9));
    if (right) return ["right", words.right.replace("{typed}", shown(right, lang))];
    const r = readings[0], off = Math.abs(r.value - value);
    const far = percent ? share(distance(off * 100, lang, false), lang)
      : distance(off, lang, Number.isInteger(value) && Number.isInteger(r.value));
    return ["wrong", words[r.value > value ? "high" : "low"].replace("{typed}", shown(r, lang)).replace("{off}", far)];
  }

  function setUp(form) {
    if (form.dataset.ready) return;
    form.dataset.ready = "1";
    const config = JSON.parse(form.dataset.config);
    const input = form.querySelector("input"), said = form.querySelector("output");
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const [kind, message] = verdict(input.value, config);
      form.dataset.verdict = kind;
      said.textContent = ""; // the same words again are announced again
      setTimeout(() => (said.textContent = message), 50);
    });
    form.hidden = false;
  }

  function setUpAll() {
    document.querySelectorAll("form.answer").forEach(setUp);
  }

  window.gatedAnswers = { read, verdict }; // for the browser tests: what a reader's text reads as
  if (typeof document$ !== "undefined") document$.subscribe(setUpAll);
  else document.addEventListener("DOMContentLoaded", setUpAll);
})();
