/**
 * A link to one field of an entry, from the go-live checklist (src/server/golive/checks.ts):
 * `…/admin/?champ=<text>#/collections/<collection>/entries/<entry>`. Decap opens the entry from
 * its own route (the #…, untouched); once it has drawn the entry, the field still holding `<text>`
 * (a « [À COMPLÉTER : …] ») is brought into view and focused, its placeholder selected, so what
 * the owner types replaces it.
 *
 * What must stay true: the hint is read once and taken out of the address (a reload or the next
 * entry never jumps); nothing happens when no field holds the text (already replaced, or in a
 * list left closed); the watch stops after 30 s. A plain script: no bundle, no Decap internals,
 * only what the page shows (a field's value).
 */
;(function () {
  var url = new URL(window.location.href)
  var wanted = url.searchParams.get("champ")
  if (!wanted) return
  url.searchParams.delete("champ")
  window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash)

  /** The field showing the text: an input, a text area or the rich-text editor. */
  function holder() {
    var controls = document.querySelectorAll("input, textarea, [contenteditable='true']")
    for (var index = 0; index < controls.length; index += 1) {
      var control = controls[index]
      var text = control.isContentEditable ? control.textContent : control.value
      if (text && text.indexOf(wanted) !== -1) return control
    }
    return null
  }

  function reveal(control) {
    control.scrollIntoView({ block: "center" })
    control.focus({ preventScroll: true })
    if (!control.isContentEditable && typeof control.setSelectionRange === "function") {
      var start = control.value.indexOf(wanted)
      control.setSelectionRange(start, start + wanted.length)
    }
  }

  var timer
  var observer = new MutationObserver(function () {
    var control = holder()
    if (!control) return
    observer.disconnect()
    window.clearTimeout(timer)
    reveal(control)
  })
  observer.observe(document.documentElement, { childList: true, subtree: true })
  timer = window.setTimeout(function () {
    observer.disconnect()
  }, 30000)
})()
