/**
 * A matchMedia stand-in (jsdom has none): `matches` answers each media query. Used by the jest
 * setup (nothing matches) and by tests that emulate an OS setting (dark theme, reduced motion).
 */
export function fakeMatchMedia(matches: (query: string) => boolean): typeof window.matchMedia {
  return (query: string) =>
    ({
      matches: matches(query),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList
}
