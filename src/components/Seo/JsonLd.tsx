import React from "react"
import { serializeJsonLd } from "../../lib/structured-data"

/** schema.org data block; browsers never execute it, search engines read it. */
export function JsonLd({ data }: { data: object }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />
}
