/**
 * The jsdom environment (__tests__/helpers/jsdom-environment.js) remembers styles between two
 * changes of the document: every change a test can make still shows in the next answer, so no
 * role query or visibility check ever reads a style the document no longer has.
 */
import { fireEvent } from "@testing-library/react"

beforeEach(() => {
  document.head.innerHTML = `<style>
    .hidden { display: none }
    .veiled { visibility: hidden }
    input:focus + label { visibility: hidden }
    input:checked ~ span { display: none }
    p:hover { visibility: hidden }
  </style>`
  document.body.innerHTML = `<div id="outer"><section><p id="text">Bonjour</p><input id="box" type="checkbox"><label for="box">Case</label><span id="after">Après</span></section></div>`
})

const style = (id: string) => window.getComputedStyle(document.getElementById(id)!)

test("a class, an attribute or a style sheet changed on an ancestor shows at once in its descendants' style", () => {
  expect(style("text").visibility).toBe("visible")
  document.getElementById("outer")!.className = "veiled"
  expect(style("text").visibility).toBe("hidden")
  document.getElementById("outer")!.removeAttribute("class")
  expect(style("text").visibility).toBe("visible")
  document.head.querySelector("style")!.textContent += "#text { display: none }"
  expect(style("text").display).toBe("none")
})

test("focus, a ticked box and the pointer, which change no attribute, show at once too", () => {
  expect(style("box").display).not.toBe("none")
  const label = document.querySelector("label")!
  expect(window.getComputedStyle(label).visibility).toBe("visible")
  document.getElementById("box")!.focus()
  expect(window.getComputedStyle(label).visibility).toBe("hidden")
  document.getElementById("box")!.blur()
  expect(window.getComputedStyle(label).visibility).toBe("visible")

  expect(style("after").display).not.toBe("none")
  fireEvent.click(document.getElementById("box")!)
  expect(style("after").display).toBe("none")

  expect(style("text").visibility).toBe("visible")
  fireEvent.mouseOver(document.getElementById("text")!)
  expect(style("text").visibility).toBe("hidden")
})
