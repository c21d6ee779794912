/**
 * Jest's jsdom environment, with jsdom's style computation remembered between two changes of the
 * document. jsdom computes a style by matching every rule of every style sheet (its own default
 * one, and the real CSS vanilla-extract injects) against the element, and for `visibility` it does
 * it again for every ancestor, each time; Testing Library asks for the style of each ancestor of
 * each element a role query, an accessible name or a pointer check looks at. That was a fifth of
 * `npm test`'s CPU.
 *
 * What must stay true: no answer outlives the document it was computed from. Every remembered
 * answer is forgotten on any mutation of the document (an attribute, a child, a style sheet's
 * text), read synchronously with takeRecords() before each answer, and on what changes a
 * pseudo-class without a mutation (:focus, :checked through input and change events, :hover,
 * which jsdom moves on mouseover). jsdom does not compute ::before or ::after (it reports "not
 * implemented" and answers the element's own style), so one answer per element serves all three.
 */
const JsdomEnvironment = require("jest-environment-jsdom").default
// The same module instance jest-environment-jsdom's jsdom uses: its internal calls go through
// `exports.forEachMatchingSheetRuleOfElement`, which the environment below answers from memory.
const styleRules = require("jsdom/lib/jsdom/living/helpers/style-rules.js")

const matchRules = styleRules.forEachMatchingSheetRuleOfElement
/** The environment running now (one at a time in a jest worker), or null between test files. */
let current = null

styleRules.forEachMatchingSheetRuleOfElement = (element, handleRule) => {
  if (!current) return matchRules(element, handleRule)
  current.forgetIfChanged()
  let rules = current.matchedRules.get(element)
  if (!rules) {
    rules = []
    matchRules(element, (rule) => rules.push(rule))
    current.matchedRules.set(element, rules)
  }
  rules.forEach(handleRule)
}

const PSEUDO_CLASS_EVENTS = ["focusin", "focusout", "input", "change", "mouseover", "mouseout"]

class RememberingJsdomEnvironment extends JsdomEnvironment {
  async setup() {
    await super.setup()
    const { window } = this.dom
    const memory = {
      matchedRules: new WeakMap(),
      styles: new WeakMap(),
      forget() {
        memory.matchedRules = new WeakMap()
        memory.styles = new WeakMap()
      },
      forgetIfChanged() {
        if (changes.takeRecords().length > 0) memory.forget()
      },
    }
    const changes = new window.MutationObserver(memory.forget)
    changes.observe(window.document, { subtree: true, childList: true, attributes: true, characterData: true })
    for (const event of PSEUDO_CLASS_EVENTS) window.document.addEventListener(event, memory.forget, { capture: true })
    const computeStyle = window.getComputedStyle.bind(window)
    Object.defineProperty(window, "getComputedStyle", {
      writable: true,
      configurable: true,
      value: (element) => {
        memory.forgetIfChanged()
        let style = memory.styles.get(element)
        if (!style) memory.styles.set(element, (style = computeStyle(element)))
        return style
      },
    })
    this.changes = changes
    current = memory
  }

  async teardown() {
    this.changes?.disconnect()
    current = null
    await super.teardown()
  }
}

module.exports = RememberingJsdomEnvironment
