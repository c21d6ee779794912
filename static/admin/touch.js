/*
 * What studio.css cannot do for the owner (README, "Studio"; e2e/studio-touch.spec.mjs): plain
 * script, loaded before admin.js starts Decap. Decap's list buttons are bare icons, so they get
 * French names; the list's × asks before it deletes; on a phone the editor opens on the form
 * alone (the eye button shows the preview). Hooks are Decap's component names in its classes
 * (see studio.css) and attributes it renders; nothing here changes what Decap saves.
 */
;(function () {
  var PHONE = window.matchMedia("(max-width: 799px)")
  var TOP_BAR = '[class*="-StyledListItemTopBar"]'
  var ITEM = '[class*="-ListItem"]'
  var SUMMARY = '[class*="-NestedObjectLabel"]'

  // Decap remembers the pane beside the form (cms.right-pane); a phone has room for one: the form.
  if (PHONE.matches) window.localStorage.setItem("cms.right-pane", "none")

  function summaryOf(button) {
    var item = button.closest(ITEM)
    var summary = item && item.querySelector(SUMMARY)
    return summary ? summary.textContent.trim() : ""
  }

  // The × of a list item deletes it at once in Decap: ask first, in French. Capture phase on
  // window runs before React's own listener, so a « non » stops the click before Decap sees it.
  window.addEventListener(
    "click",
    function (event) {
      var target = event.target instanceof Element ? event.target : null
      var remove = target && target.closest(TOP_BAR + " > button:last-child")
      if (!remove) return
      var summary = summaryOf(remove)
      var question =
        (summary ? "Supprimer « " + summary + " » de la liste ?" : "Supprimer cet élément de la liste ?") +
        "\nIl disparaîtra du site à la prochaine publication (« Publier › Publier maintenant »)."
      if (!window.confirm(question)) {
        event.preventDefault()
        event.stopPropagation()
      }
    },
    true,
  )

  // A collapsed item's summary opens it, like its chevron: the owner taps the words she reads.
  window.addEventListener("click", function (event) {
    var target = event.target instanceof Element ? event.target : null
    var summary = target && target.closest(SUMMARY)
    var item = summary && summary.closest(ITEM)
    var chevron = item && item.querySelector(TOP_BAR + " > button:first-child")
    if (chevron) chevron.click()
  })

  // Names for the icon-only controls (screen readers, and the words the tests look for).
  function name(selector, label) {
    var controls = document.querySelectorAll(selector)
    for (var i = 0; i < controls.length; i += 1) {
      if (controls[i].getAttribute("aria-label") !== label) controls[i].setAttribute("aria-label", label)
    }
  }
  var pending = false
  function nameAll() {
    pending = false
    name(TOP_BAR + " > button:first-child", "Ouvrir ou fermer")
    name(TOP_BAR + " > button:last-child", "Supprimer de la liste")
    name(TOP_BAR + ' > [aria-roledescription="sortable"]', "Glisser pour déplacer")
    // Decap's French has no words for its account button.
    name('[aria-label="Account options dropdown"]', "Menu du compte")
  }
  new MutationObserver(function () {
    if (pending) return
    pending = true
    window.requestAnimationFrame(nameAll)
  }).observe(document.documentElement, { childList: true, subtree: true })
})()
