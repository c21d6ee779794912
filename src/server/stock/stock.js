/*
 * The stock's one script (served as stock.js; the pages work without it): on « Marquer vendu »,
 * the margin (sale − cost − fees) is shown as the price and the fees are typed, before the save.
 * The server computes it again on save (src/server/stock/money.ts): this is only a preview.
 */
;(function () {
  var output = document.getElementById("marge-directe")
  var price = document.getElementById("vendu-prix")
  var fees = document.getElementById("vendu-frais")
  if (!output || !price || !fees) return
  var cost = Number(output.parentNode.getAttribute("data-cost"))
  function cents(text) {
    var clean = text
      .replace(/[\s\u00a0\u202f]/g, "")
      .replace(/€$/, "")
      .replace(",", ".")
    if (clean === "") return 0
    return /^\d{1,7}(\.\d{1,2})?$/.test(clean) ? Math.round(Number(clean) * 100) : null
  }
  function euros(value) {
    var sign = value < 0 ? "\u2212" : ""
    var abs = Math.abs(value)
    var rest = String(abs % 100).padStart(2, "0")
    return sign + String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, "\u202f") + "," + rest + "\u00a0€"
  }
  function show() {
    var sale = cents(price.value)
    var charged = cents(fees.value)
    if (price.value.trim() === "" || sale === null || charged === null) {
      output.textContent = ""
      return
    }
    output.textContent = "Marge : " + euros(sale - cost - charged) + " (vente − achat − frais)"
  }
  price.addEventListener("input", show)
  fees.addEventListener("input", show)
  show()
})()
