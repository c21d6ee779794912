/**
 * The home page as the build renders it: the whole page query result built from the real
 * content/*.json (images replaced by fake sharp results), inside the site's root providers.
 */
import React from "react"
import { render } from "@testing-library/react"
import type { PageProps } from "gatsby"
import IndexPage from "../../src/pages/index"
import { wrapRootElement } from "../../src/wrap-root"
import { categories, fakeImage, readContent, readList, sectionHeading, shops, soldItems } from "./content"

type IndexData = Queries.IndexPageQuery
type Engine = Omit<NonNullable<IndexData["engine"]>, "slides"> & { slides: Array<{ alt: string; caption: string; image: string }> }
type WithStringId = { id: string }

function nodesWithJsonId<T extends WithStringId>(entries: ReadonlyArray<T>): Array<Omit<T, "id"> & { jsonId: string }> {
  return entries.map(({ id, ...rest }) => ({ ...rest, jsonId: id }))
}

export function indexPageData(): IndexData {
  const engine = readContent<Engine>("engine")
  return {
    site: readContent<NonNullable<IndexData["site"]>>("site"),
    splash: readContent<NonNullable<IndexData["splash"]>>("splash"),
    engine: { ...engine, slides: engine.slides.map((slide) => ({ ...slide, image: fakeImage(slide.image, 720, 540) })) },
    items: { heading: sectionHeading("sold-items"), nodes: soldItems() },
    categories: { nodes: categories().map((name) => ({ name })) },
    brands: { heading: sectionHeading("brands"), nodes: nodesWithJsonId(readList<WithStringId & { name: string; text: string; wanted: boolean }>("brands")) },
    news: { heading: sectionHeading("news"), nodes: nodesWithJsonId(readList<WithStringId & NonNullable<IndexData["news"]>["nodes"][number]>("news")) },
    shops: { heading: sectionHeading("shops"), nodes: shops() },
    buyback: readContent<NonNullable<IndexData["buyback"]>>("buyback"),
    chat: readContent<NonNullable<IndexData["chat"]>>("chat"),
  }
}

export function renderHomePage() {
  const props = { data: indexPageData() } as PageProps<IndexData>
  return render(wrapRootElement({ element: <IndexPage {...props} /> }))
}
