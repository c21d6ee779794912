/**
 * What the browser's print gives: page.pdf() at the stylesheet's page size (the media emulated
 * must be print, as in the print dialog), read back as the size of each page.
 */

/** The pages of a PDF, each as its size in whole millimetres (« 62 × 40 mm »), in order. */
export function printedPages(pdf) {
  const text = pdf.toString("latin1")
  return [...text.matchAll(/\/Type\s*\/Page\b(?!s)[\s\S]*?\/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]/g)].map(
    ([, x0, y0, x1, y1]) => `${Math.round(((x1 - x0) * 25.4) / 72)} × ${Math.round(((y1 - y0) * 25.4) / 72)} mm`,
  )
}

/** The page printed as the print dialog prints it (print media, the stylesheet's page size), then shown on screen again. */
export async function printPages(page) {
  await page.emulateMedia({ media: "print" })
  const pages = printedPages(await page.pdf({ preferCSSPageSize: true }))
  await page.emulateMedia({ media: "screen" })
  return pages
}
