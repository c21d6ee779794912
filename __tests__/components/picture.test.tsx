import React from "react"
import { fireEvent, render, screen } from "@testing-library/react"
import type { IGatsbyImageData } from "gatsby-plugin-image"
import { Picture } from "../../src/components/Picture"

const image: IGatsbyImageData = {
  layout: "constrained",
  width: 400,
  height: 500,
  placeholder: { fallback: "data:image/jpeg;base64,AAAA" },
  images: {
    fallback: { src: "/static/a/polo.jpg", srcSet: "/static/a/polo-200.jpg 200w,\n/static/a/polo.jpg 400w", sizes: "50vw" },
    sources: [
      { type: "image/avif", srcSet: "/static/a/polo-200.avif 200w,\n/static/a/polo.avif 400w", sizes: "50vw" },
      { type: "image/webp", srcSet: "/static/a/polo-200.webp 200w,\n/static/a/polo.webp 400w", sizes: "50vw" },
    ],
  },
}

test("a lazy, responsive picture: AVIF and WebP first, sized, with the blurred placeholder behind", () => {
  const { container } = render(<Picture image={image} alt="Lacoste – Polo bleu" />)
  const img = screen.getByRole("img", { name: "Lacoste – Polo bleu" })
  expect(img).toHaveAttribute("src", "/static/a/polo.jpg")
  expect(img).toHaveAttribute("srcset", image.images.fallback?.srcSet)
  expect(img).toHaveAttribute("sizes", "50vw")
  expect(img).toHaveAttribute("width", "400")
  expect(img).toHaveAttribute("height", "500")
  expect(img).toHaveAttribute("loading", "lazy")
  expect(img).not.toHaveAttribute("fetchpriority")
  expect(img.style.backgroundImage).toContain("data:image/jpeg;base64,AAAA")
  expect([...container.querySelectorAll("source")].map((source) => source.getAttribute("type"))).toEqual(["image/avif", "image/webp"])
})

test("a first-view picture is fetched at once with high priority", () => {
  render(<Picture image={image} alt="" priority />)
  const img = screen.getByRole("presentation")
  expect(img).toHaveAttribute("loading", "eager")
  expect(img).toHaveAttribute("fetchpriority", "high")
})

test("the placeholder goes once the image has loaded, and a broken image is reported", () => {
  const onError = jest.fn()
  render(<Picture image={image} alt="Polo" onError={onError} />)
  const img = screen.getByRole("img", { name: "Polo" })
  fireEvent.load(img)
  expect(img.style.backgroundImage).toBe("none")
  fireEvent.error(img)
  expect(onError).toHaveBeenCalledTimes(1)
})

test("no srcset or sizes when the image has a single size (valid HTML)", () => {
  const single: IGatsbyImageData = { ...image, images: { fallback: { src: "/static/a/avatar.png", srcSet: "", sizes: "64px" }, sources: [] } }
  render(<Picture image={single} alt="" />)
  const img = screen.getByRole("presentation")
  expect(img).not.toHaveAttribute("srcset")
  expect(img).not.toHaveAttribute("sizes")
})
