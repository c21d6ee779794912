import React from "react"

/** Gatsby mocked at the edge: queries are inert, links are plain anchors. */
const gatsby = jest.requireActual("gatsby")

module.exports = {
  ...gatsby,
  graphql: jest.fn(),
  Link: jest.fn(({ to, activeClassName: _a, partiallyActive: _p, ...rest }: { to: string; activeClassName?: string; partiallyActive?: boolean }) =>
    React.createElement("a", { ...rest, href: to }),
  ),
  useStaticQuery: jest.fn(),
}
